import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import { offsetOf, ok, pageParamsSchema } from '../../http/envelope.ts';
import { plainText } from '../../http/fields.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { loadExcel } from '../../resources/excel.ts';
import { fileBuffer } from '../../resources/importer.ts';
import { registerDocImporter } from '../../documents/registry.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { EC_STATUS } from './picking.ts';

/**
 * Online orders (wxy-member-server): imported from a platform's export file (one row per order line, grouped
 * by platform + order number; an order already imported is skipped, so re-importing a file is harmless),
 * the online best sellers (ec-pdtop), orders ready to pack and parcels (combine several orders of one buyer
 * into one parcel, or unpack them).
 */

export const PLATFORMS: Record<string, number> = { 抖音: 1, 快手: 2, 淘宝: 3, 京东: 4, 拼多多: 5, 其他: 6 };
const TEMPLATE_COLUMNS = ['平台', '平台订单号', '下单时间', '买家', '手机号', '收货地址', '发货仓库编码', 'SKU编码或条形码', '数量', '单价'];
const tags = ['wxy-member-server'];

interface ImportRow {
  row: number;
  platform: number;
  orderNo: string;
  orderTime: string | null;
  buyer: string | null;
  phone: string | null;
  address: string | null;
  whCode: string | null;
  sku: string;
  quantity: number;
  price: number;
}

const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().replace('T', ' ').slice(0, 19);
  if (typeof v === 'object' && 'text' in (v as object)) return String((v as { text: unknown }).text);
  if (typeof v === 'object' && 'result' in (v as object)) return String((v as { result: unknown }).result);
  return String(v).trim();
};

/** Every row checked; all errors of every row reported (第N行：…), nothing imported when any. */
function parseRows(values: unknown[][]): { rows: ImportRow[]; errors: { row: number; message: string }[] } {
  const rows: ImportRow[] = [];
  const errors: { row: number; message: string }[] = [];
  values.forEach((cells, i) => {
    const row = i + 2;
    const c = TEMPLATE_COLUMNS.map((_, k) => text(cells[k]));
    if (c.every((x) => !x)) return;
    const problems: string[] = [];
    const platform = PLATFORMS[c[0]];
    if (!platform) problems.push(`平台取值不在允许范围内（可选：${Object.keys(PLATFORMS).join('、')}）`);
    if (!c[1]) problems.push('平台订单号不能为空');
    else if (c[1].length > 48) problems.push('平台订单号长度不能超过48个字符');
    if (c[2] && !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(c[2])) problems.push('下单时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
    if (c[4] && !/^1[2-9]\d{9}$/.test(c[4])) problems.push('手机号码有误');
    if (c[5].length > 200) problems.push('收货地址长度不能超过200个字符');
    if (!c[7]) problems.push('SKU编码或条形码不能为空');
    const quantity = Number(c[8]);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99999) problems.push('数量必须是1到99999的整数');
    const price = c[9] === '' ? 0 : Number(c[9]);
    // 19.9 is 1989.9999999999998 fen in floating point: compare to the fen within a rounding error.
    if (!Number.isFinite(price) || price < 0 || Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) problems.push('单价必须是不小于0、最多两位小数的数字');
    if (problems.length) errors.push(...problems.map((message) => ({ row, message })));
    else rows.push({ row, platform, orderNo: c[1], orderTime: c[2] || null, buyer: c[3].slice(0, 48) || null, phone: c[4] || null, address: c[5] || null, whCode: c[6] || null, sku: c[7], quantity, price });
  });
  return { rows, errors };
}

export function onlineOrderRoutes() {
  return async (app: FastifyInstance) => {
    // ec-pdtop: SKUs sold online, by quantity.
    const pdtopBody = { type: ['object', 'null'], properties: { keyword: plainText('商品名称或编码', 48), platform: { type: ['integer', 'null'], enum: [1, 2, 3, 4, 5, 6, null], title: '平台' } } };
    type PdtopBody = { keyword?: string; platform?: number | null } | null;
    const pdtopSql = (b: PdtopBody) => ({
      sql: `SELECT d.sku_id AS "skuId", max(d.sku_code) AS "skuCode", max(d.sku_name) AS "skuName", s.spu_id AS "spuId", max(s.spu_name) AS "spuName",
                   count(DISTINCT d.ec_order_id)::int AS "orderCount", sum(d.quantity)::float8 AS quantity, sum(d.quantity * d.price)::float8 AS amount
              FROM ec_order_det d JOIN ec_order o ON o.ec_order_id = d.ec_order_id JOIN pd_sku s ON s.sku_id = d.sku_id
             WHERE ($1::int IS NULL OR o.platform = $1) AND ($2::text IS NULL OR d.sku_name ILIKE '%' || $2 || '%' OR d.sku_code = $2)
             GROUP BY d.sku_id, s.spu_id`,
      params: [b?.platform ?? null, b?.keyword?.trim() || null],
    });
    app.post<{ Params: { pageNum: number; pageSize: number }; Body: PdtopBody }>('/ec-pdtop/queryPage/:pageNum/:pageSize', {
      config: { perm: 'ec:order:list' },
      schema: { tags, summary: '线上热销商品（按销量）', params: pageParamsSchema, body: pdtopBody },
    }, async (req) => {
      const { sql, params } = pdtopSql(req.body);
      const data = await req.tenantTx(async (tx) => {
        const rows = (await tx.query(`SELECT *, count(*) OVER () AS "__total" FROM (${sql}) g ORDER BY quantity DESC, "skuId" LIMIT $3 OFFSET $4`, [...params, req.params.pageSize, offsetOf(req.params.pageNum, req.params.pageSize)])).rows;
        return { records: rows.map(({ __total: _t, ...r }) => r), total: Number(rows[0]?.__total ?? 0) };
      });
      return ok(data);
    });
    app.post<{ Body: PdtopBody }>('/ec-pdtop/pageTotal', { config: { perm: 'ec:order:list' }, schema: { tags, summary: '线上热销商品合计', body: pdtopBody } }, async (req) => {
      const { sql, params } = pdtopSql(req.body);
      const row = await req.tenantTx(async (tx) => (await tx.query(`SELECT count(*)::int AS "skuCount", coalesce(sum(quantity), 0)::float8 AS quantity, coalesce(sum(amount), 0)::float8 AS amount FROM (${sql}) g`, params)).rows[0]);
      return ok(row);
    });
    app.get<{ Params: { spuId: number } }>('/ec-pdtop/findInfoBySpuId/:spuId', {
      config: { perm: 'ec:order:list' },
      schema: { tags, summary: '一个商品（SPU）各 SKU 的线上销量与库存', params: { type: 'object', required: ['spuId'], properties: { spuId: { type: 'integer', minimum: 1, maximum: 2147483647, title: '商品ID' } } } },
    }, async (req) => {
      const rows = await req.tenantTx(async (tx) =>
        (
          await tx.query(
            `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.spec,
                    coalesce((SELECT sum(quantity) FROM ec_order_det d WHERE d.sku_id = s.sku_id), 0)::float8 AS "onlineQuantity",
                    coalesce((SELECT sum(available) FROM stock_balance b WHERE b.sku_id = s.sku_id), 0)::float8 AS available
               FROM pd_sku s WHERE s.spu_id = $1 ORDER BY s.sku_id`,
            [req.params.spuId],
          )
        ).rows,
      );
      if (!rows.length) throw new ApiError('NOT_FOUND', '商品不存在');
      return ok(rows);
    });

    app.post<{ Body: { keyword?: string } | null }>('/ec-back-order/findPreParcelList', {
      config: { perm: 'ec:order:list' },
      schema: { tags, summary: '待打包的线上订单（已拣货、未打包）', body: { type: ['object', 'null'], properties: { keyword: plainText('订单号或买家', 48) } } },
    }, async (req) => {
      const rows = await req.tenantTx(async (tx) =>
        (
          await tx.query(
            `SELECT ec_order_id AS "ecOrderId", platform, platform_order_no AS "platformOrderNo", buyer_name AS "buyerName", buyer_phone AS "buyerPhone", address,
                    total_quantity::float8 AS "totalQuantity", parcel_no AS "parcelNo"
               FROM ec_order WHERE status = $1 AND ($2::text IS NULL OR platform_order_no = $2 OR buyer_name ILIKE '%' || $2 || '%')
              ORDER BY buyer_phone NULLS LAST, address, ec_order_id LIMIT 1000`,
            [EC_STATUS.picked, req.body?.keyword?.trim() || null],
          )
        ).rows,
      );
      return ok(rows);
    });

    app.post<{ Body: { ecOrderIds: number[]; action: 'combine' | 'unpack' } }>('/ec-back-shipment-packet/batch/combine-unpack', {
      config: { perm: 'ec:order:pack' },
      schema: {
        tags,
        summary: '合包（同一买家同一地址的已拣货订单合成一个包裹）或拆包',
        body: {
          type: 'object',
          required: ['ecOrderIds', 'action'],
          properties: { ecOrderIds: { type: 'array', minItems: 1, maxItems: 200, title: '订单', items: { type: 'integer', minimum: 1, maximum: 2147483647 } }, action: { type: 'string', enum: ['combine', 'unpack'], title: '操作' } },
        },
      },
    }, async (req) => {
      const ids = [...new Set(req.body.ecOrderIds)];
      const auth = req.auth!;
      const parcel = await req
        .tenantTx(async (tx) => {
          const rows = (await tx.query<{ id: number; status: number; phone: string | null; address: string | null; no: string }>(
            `SELECT ec_order_id AS id, status, buyer_phone AS phone, address, platform_order_no AS no FROM ec_order WHERE ec_order_id = ANY($1::int[]) FOR UPDATE`,
            [ids],
          )).rows;
          if (rows.length !== ids.length) throw new ApiError('NOT_FOUND', '订单不存在');
          const wrong = rows.find((r) => r.status !== EC_STATUS.picked);
          if (wrong) throw new ApiError('CONFLICT', `订单 ${wrong.no} 不是待打包状态`);
          if (req.body.action === 'unpack') {
            await tx.query(`UPDATE ec_order SET parcel_no = NULL WHERE ec_order_id = ANY($1::int[])`, [ids]);
            return null;
          }
          if (new Set(rows.map((r) => `${r.phone}|${r.address}`)).size > 1) throw new ApiError('BAD_REQUEST', '只能合并同一买家、同一收货地址的订单');
          const no = await nextDocNo(tx, auth.tenantId, 'BG');
          await tx.query(`UPDATE ec_order SET parcel_no = $2 WHERE ec_order_id = ANY($1::int[])`, [ids, no]);
          return no;
        })
        .catch(asCallerError);
      return ok({ parcelNo: parcel }, parcel ? `已合并为包裹 ${parcel}` : '已拆包');
    });
  };
}

/**
 * 导入线上订单 (ec-order-import import / template, declared in schemas/resources/ec-order-import.json so the 线上订单
 * list offers 导入 with its template): orders, not rows, are what a file makes; every import, refused or not, leaves an
 * ec-order-import-audit row.
 */
registerDocImporter('ecOrder', {
  template: async (_req: FastifyRequest, reply: FastifyReply) => {
    const wb = new (await loadExcel()).Workbook();
    const ws = wb.addWorksheet('线上订单');
    ws.addRow(TEMPLATE_COLUMNS);
    ws.addRow(['抖音', 'DY20261124000001', '2026-11-24 10:00:00', '张三', '13800138000', '上海市徐汇区漕溪北路1号', 'WH001', '6901234567892', 2, 9.9]);
    ws.columns.forEach((col) => (col.width = 18));
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('线上订单导入模板.xlsx')}`)
      .send(buf);
  },
  run: async (request: FastifyRequest, reply: FastifyReply) => {
    const req = request as Req;
    const buf = await fileBuffer(req);
    const wb = new (await loadExcel()).Workbook();
    try {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      throw new ApiError('BAD_REQUEST', '文件不是有效的 xlsx 文件');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new ApiError('BAD_REQUEST', '文件中没有工作表');
    const header = ((ws.getRow(1).values as unknown[]) ?? []).slice(1).map(text);
    const missing = TEMPLATE_COLUMNS.filter((t, i) => header[i] !== t);
    if (missing.length) throw new ApiError('BAD_REQUEST', `文件列与模板不一致：缺少或错位的列 ${missing.join('、')}，请下载模板后填写`);
    const values: unknown[][] = [];
    ws.eachRow((r, n) => {
      if (n > 1) values[n - 2] = ((r.values as unknown[]) ?? []).slice(1);
    });
    if (values.length > 20000) throw new ApiError('BAD_REQUEST', '一次最多导入 20000 行');
    const { rows, errors } = parseRows(Array.from(values, (v) => v ?? []));
    if (!rows.length && !errors.length) throw new ApiError('BAD_REQUEST', '暂无数据');
    const auth = req.auth!;
    const result = await req
      .tenantTx(async (tx) => {
        const skuRows = (
          await tx.query<{ key: string; sku_id: number; sku_code: string; sku_name: string }>(
            `SELECT k AS key, s.sku_id, s.sku_code, s.sku_name FROM unnest($1::text[]) k JOIN pd_sku s ON (s.sku_code = k OR s.barcode = k) AND s.status = 1`,
            [[...new Set(rows.map((r) => r.sku))]],
          )
        ).rows;
        const skus = new Map(skuRows.map((s) => [s.key, s]));
        // A row naming no warehouse ships from its platform's configured one (ec-order-wh-config).
        const byPlatform = new Map((await tx.query<{ platform: number; wh_id: number }>(`SELECT platform::int AS platform, wh_id FROM ec_order_wh_config`)).rows.map((r) => [r.platform, r.wh_id]));
        const whs = new Map(
          (await tx.query<{ wh_code: string; wh_id: number }>(`SELECT wh_code, wh_id FROM wh_base_info WHERE wh_code = ANY($1::text[]) AND status = 1`, [[...new Set(rows.flatMap((r) => (r.whCode ? [r.whCode] : [])))]])).rows.map((w) => [w.wh_code, w.wh_id]),
        );
        for (const r of rows) {
          if (!skus.has(r.sku)) errors.push({ row: r.row, message: `商品 ${r.sku} 不存在或已停用` });
          if (r.whCode && !whs.has(r.whCode)) errors.push({ row: r.row, message: `发货仓库 ${r.whCode} 不存在或已停用` });
        }
        if (errors.length) return { errors, created: 0, skipped: 0, rows: 0 };
        const orders = new Map<string, ImportRow[]>();
        for (const r of rows) {
          const key = `${r.platform}|${r.orderNo}`;
          if (!orders.has(key)) orders.set(key, []);
          orders.get(key)!.push(r);
        }
        let created = 0;
        let skipped = 0;
        for (const lines of orders.values()) {
          const h = lines[0];
          const ins = await tx.query<{ id: number }>(
            `INSERT INTO ec_order (tenant_id, platform, platform_order_no, wh_id, buyer_name, buyer_phone, address, order_time, status, total_quantity, total_amount)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9, $10, $11)
             ON CONFLICT (tenant_id, platform, platform_order_no) DO NOTHING RETURNING ec_order_id AS id`,
            [auth.tenantId, h.platform, h.orderNo, h.whCode ? whs.get(h.whCode) : (byPlatform.get(h.platform) ?? null), h.buyer, h.phone, h.address, h.orderTime, EC_STATUS.waiting,
              lines.reduce((a, l) => a + l.quantity, 0), (lines.reduce((a, l) => a + Math.round(l.price * 100) * l.quantity, 0) / 100).toFixed(2)],
          );
          if (!ins.rows[0]) {
            skipped++;
            continue;
          }
          created++;
          await tx.query(
            `INSERT INTO ec_order_det (tenant_id, ec_order_id, sku_id, sku_code, sku_name, quantity, price)
             SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::numeric[], $7::numeric[])`,
            [auth.tenantId, ins.rows[0].id, lines.map((l) => skus.get(l.sku)!.sku_id), lines.map((l) => skus.get(l.sku)!.sku_code), lines.map((l) => skus.get(l.sku)!.sku_name), lines.map((l) => l.quantity), lines.map((l) => l.price)],
          );
        }
        return { errors: undefined, created, skipped, rows: rows.length };
      })
      .catch(asCallerError);
    // Every import leaves an audit row (ec-order-import-audit), a refused one too.
    const audit = (r: { result: 1 | 2; rows: number; created: number; skipped: number; errors: number; message: string }) =>
      req.tenantTx((tx) =>
        tx.query(
          `INSERT INTO ec_order_import_audit (tenant_id, result, row_count, created_count, skipped_count, error_count, message, user_name) VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7)`,
          [r.result, r.rows, r.created, r.skipped, r.errors, r.message.slice(0, 500), auth.displayName ?? auth.userName],
        ),
      );
    if (result.errors) {
      const errs = result.errors.sort((a, b) => a.row - b.row);
      const msg = `导入失败：${errs.length} 处错误，未导入任何订单（第${errs[0].row}行：${errs[0].message}）`;
      await audit({ result: 2, rows: rows.length + new Set(errs.map((e) => e.row)).size, created: 0, skipped: 0, errors: errs.length, message: msg });
      return reply.status(400).send({ code: 400, msg, data: { errors: errs } });
    }
    const msg = `导入完成：新增 ${result.created} 单${result.skipped ? `，${result.skipped} 单已导入过（跳过）` : ''}`;
    await audit({ result: 1, rows: result.rows, created: result.created, skipped: result.skipped, errors: 0, message: msg });
    return ok({ count: result.created, created: result.created, skipped: result.skipped, rows: result.rows }, msg);
  },
});
