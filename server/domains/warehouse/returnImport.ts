import type { Queryable } from '../../db/index.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { docFn, registerDocImporter } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import type { Req } from '../../resources/access.ts';
import { loadExcel } from '../../resources/excel.ts';
import { cellValue, fileBuffer, report, type ImportRowError } from '../../resources/importer.ts';

/**
 * 退货单 import (return-order download/template and import): one row per SKU returned — 调拨单号, SKU编码, 退货数量,
 * 退货原因, 备注. Rows of the same transfer become one draft return. Every row is checked (transfer received,
 * SKU on it, whole positive quantity within what can still come back, counting the file's earlier rows);
 * any bad row answers the per-row report and nothing is written.
 */

const COLUMNS = ['调拨单号', 'SKU编码', '退货数量', '退货原因', '备注'] as const;
const REASONS: Record<string, number> = { 滞销: 1, 破损: 2, 临期: 3, 其他: 4 };

interface Row {
  row: number;
  allocationNo: string;
  skuCode: string;
  quantity: number;
  reason: number;
  remark: string | null;
}

registerDocImporter('returnOrder', {
  async template(_req, reply) {
    const wb = new (await loadExcel()).Workbook();
    const ws = wb.addWorksheet('退货单');
    ws.addRow([...COLUMNS]);
    ws.columns.forEach((c) => (c.width = 18));
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('退货单导入模板.xlsx')}`)
      .send(buf);
  },

  async run(request, reply) {
    const req = request as Req;
    const wb = new (await loadExcel()).Workbook();
    try {
      await wb.xlsx.load((await fileBuffer(req)) as unknown as ArrayBuffer);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw new ApiError('BAD_REQUEST', '文件不是有效的 xlsx 文件');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new ApiError('BAD_REQUEST', '文件中没有工作表');
    const col = new Map<string, number>();
    ws.getRow(1).eachCell((cell, n) => col.set(String(cellValue(cell.value) ?? '').replace(/^\*/, '').trim(), n));
    const errors: ImportRowError[] = [];
    for (const c of COLUMNS.slice(0, 3)) if (!col.has(c)) errors.push({ row: 1, field: c, message: `缺少“${c}”列` });
    if (errors.length) return reply.status(400).send(report(0, 0, errors));
    const rows: Row[] = [];
    ws.eachRow({ includeEmpty: false }, (r, n) => {
      if (n === 1) return;
      const get = (c: string) => (col.has(c) ? cellValue(r.getCell(col.get(c)!).value) : undefined);
      const allocationNo = String(get('调拨单号') ?? '').trim();
      const skuCode = String(get('SKU编码') ?? '').trim();
      const qty = Number(get('退货数量'));
      const reasonText = String(get('退货原因') ?? '').trim();
      const remark = String(get('备注') ?? '').trim() || null;
      if (!allocationNo && !skuCode && !get('退货数量')) return;
      if (!allocationNo) return void errors.push({ row: n, field: '调拨单号', message: '调拨单号不能为空' });
      if (!skuCode) return void errors.push({ row: n, field: 'SKU编码', message: 'SKU编码不能为空' });
      if (!Number.isInteger(qty) || qty < 1 || qty > 9999999) return void errors.push({ row: n, field: '退货数量', message: '退货数量必须是 1 到 9999999 的整数' });
      if (reasonText && !REASONS[reasonText]) return void errors.push({ row: n, field: '退货原因', message: `退货原因取值不在允许范围内（可选：${Object.keys(REASONS).join('、')}）` });
      if (remark && remark.length > 100) return void errors.push({ row: n, field: '备注', message: '备注长度不能超过100个字符' });
      rows.push({ row: n, allocationNo, skuCode, quantity: qty, reason: REASONS[reasonText] ?? 1, remark });
    });
    if (!rows.length && !errors.length) throw new ApiError('BAD_REQUEST', '暂无数据');
    if (rows.length > 10000) throw new ApiError('BAD_REQUEST', '一次最多导入10000行');
    const auth = req.auth!;
    let created = 0;
    try {
      await req.tenantTx(async (tx) => {
        await checkRows(tx, rows, errors);
        if (errors.length) throw new ImportRefused();
        const byAllocation = new Map<number, Row[]>();
        const ids = await allocationIds(tx, rows);
        for (const r of rows) {
          const id = ids.get(r.allocationNo)!;
          byAllocation.set(id, [...(byAllocation.get(id) ?? []), r]);
        }
        for (const [allocationId, group] of byAllocation) {
          const no = await nextDocNo(tx, auth.tenantId, 'TH');
          const returnId = (
            await tx.query<{ id: number }>(
              `INSERT INTO return_order (tenant_id, return_no, allocation_id, reason, status, remark, create_user_name) VALUES (app_current_tenant(), $1, $2, $3, 1, '导入', $4) RETURNING return_id AS id`,
              [no, allocationId, group[0].reason, auth.displayName ?? auth.userName],
            )
          ).rows[0].id;
          await tx.query(
            `INSERT INTO return_order_det (tenant_id, return_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, remark)
             SELECT app_current_tenant(), $1, x.n, s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, x.q, x.remark
               FROM unnest($2::text[], $3::numeric[], $4::text[]) WITH ORDINALITY AS x(code, q, remark, n) JOIN pd_sku s ON s.sku_code = x.code`,
            [returnId, group.map((g) => g.skuCode), group.map((g) => g.quantity), group.map((g) => g.remark)],
          );
          await tx.query(`UPDATE return_order SET total_quantity = (SELECT sum(quantity) FROM return_order_det WHERE return_id = $1) WHERE return_id = $1`, [returnId]);
          await docFn('returnOrder.save')!({ tx, auth, resource: undefined as never, id: returnId, ref: { docType: 'returnOrder', docId: returnId, docNo: no }, header: { allocationId }, lines: [], body: {} });
          await recordDocEvent(tx, auth, { docType: 'returnOrder', docId: returnId, action: 'create', actionLabel: '导入', fromStatus: null, toStatus: 1 });
          created++;
        }
      });
    } catch (e) {
      if (!(e instanceof ImportRefused)) throw e;
      return reply.status(400).send(report(rows.length, 0, errors));
    }
    return reply.send({ code: 200, msg: `导入成功，共${rows.length}行，生成${created}张退货单`, data: { total: rows.length, imported: rows.length, count: rows.length, orders: created, errors: [] } });
  },
});

class ImportRefused extends Error {}

async function allocationIds(tx: Queryable, rows: Row[]): Promise<Map<string, number>> {
  const r = await tx.query<{ allocation_no: string; allocation_id: number }>(`SELECT allocation_no, allocation_id FROM wh_allocation WHERE allocation_no = ANY($1::text[])`, [[...new Set(rows.map((x) => x.allocationNo))]]);
  return new Map(r.rows.map((x) => [x.allocation_no, x.allocation_id]));
}

/** Each row against its transfer: received, the SKU on it, within what can still come back (earlier rows counted). */
async function checkRows(tx: Queryable, rows: Row[], errors: ImportRowError[]): Promise<void> {
  const nos = [...new Set(rows.map((r) => r.allocationNo))];
  const lines = await tx.query<{ allocation_no: string; status: number; sku_code: string; received: string; returned: string }>(
    `SELECT a.allocation_no, a.status, d.sku_code, coalesce(d.in_quantity, 0) AS received,
            coalesce((SELECT sum(r.quantity) FROM return_order_det r JOIN return_order h ON h.return_id = r.return_id WHERE h.allocation_id = a.allocation_id AND h.status = 2 AND r.sku_id = d.sku_id), 0) AS returned
       FROM wh_allocation a JOIN wh_allocation_det d ON d.allocation_id = a.allocation_id WHERE a.allocation_no = ANY($1::text[])`,
    [nos],
  );
  const status = new Map(lines.rows.map((l) => [l.allocation_no, Number(l.status)]));
  const left = new Map(lines.rows.map((l) => [`${l.allocation_no}|${l.sku_code}`, Number(l.received) - Number(l.returned)]));
  for (const r of rows) {
    if (!status.has(r.allocationNo)) {
      errors.push({ row: r.row, field: '调拨单号', message: `调拨单 ${r.allocationNo} 不存在` });
      continue;
    }
    if (status.get(r.allocationNo) !== 3) {
      errors.push({ row: r.row, field: '调拨单号', message: `调拨单 ${r.allocationNo} 尚未收货，不能退货` });
      continue;
    }
    const key = `${r.allocationNo}|${r.skuCode}`;
    if (!left.has(key)) {
      errors.push({ row: r.row, field: 'SKU编码', message: `${r.skuCode} 不在调拨单 ${r.allocationNo} 中` });
      continue;
    }
    const can = left.get(key)!;
    if (r.quantity > can) {
      errors.push({ row: r.row, field: '退货数量', message: `退货数量 ${r.quantity} 超过可退数量 ${can}` });
      continue;
    }
    left.set(key, can - r.quantity);
  }
}
