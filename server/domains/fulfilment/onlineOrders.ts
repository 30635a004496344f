import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import { ok, pageParamsSchema } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { loadExcel } from '../../resources/excel.ts';
import { fileBuffer } from '../../resources/importer.ts';
import { registerDocImporter } from '../../documents/registry.ts';
import {
  combineOrUnpack, type ImportRow, importOrders, pdtopPage, type PdtopFilter, pdtopTotal, preParcelList, recordImportAudit, spuOnlineStock,
} from './onlineOrderQueries.ts';
import { isWholeFen } from '../../../core/money.ts';

/**
 * Online orders (wxy-member-server): imported from a platform's export file (one row per order line, grouped
 * by platform + order number; an order already imported is skipped, so re-importing a file is harmless),
 * the online best sellers (ec-pdtop), orders ready to pack and parcels (combine several orders of one buyer
 * into one parcel, or unpack them). The handlers check the file and call onlineOrderQueries.ts.
 */

export const PLATFORMS: Record<string, number> = { 抖音: 1, 快手: 2, 淘宝: 3, 京东: 4, 拼多多: 5, 其他: 6 };
const TEMPLATE_COLUMNS = ['平台', '平台订单号', '下单时间', '买家', '手机号', '收货地址', '发货仓库编码', 'SKU编码或条形码', '数量', '单价'];
const tags = ['wxy-member-server'];

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
    if (price < 0 || !isWholeFen(price)) problems.push('单价必须是不小于0、最多两位小数的数字');
    if (problems.length) errors.push(...problems.map((message) => ({ row, message })));
    else rows.push({ row, platform, orderNo: c[1], orderTime: c[2] || null, buyer: c[3].slice(0, 48) || null, phone: c[4] || null, address: c[5] || null, whCode: c[6] || null, sku: c[7], quantity, price });
  });
  return { rows, errors };
}

export function onlineOrderRoutes() {
  return async (app: FastifyInstance) => {
    // ec-pdtop: SKUs sold online, by quantity.
    const pdtopBody = { type: ['object', 'null'], properties: { keyword: plainText('商品名称或编码', 48), platform: { type: ['integer', 'null'], enum: [1, 2, 3, 4, 5, 6, null], title: '平台' } } };
    app.post<{ Params: { pageNum: number; pageSize: number }; Body: PdtopFilter }>('/ec-pdtop/queryPage/:pageNum/:pageSize', {
      config: { perm: 'ec:order:list' },
      schema: { tags, summary: '线上热销商品（按销量）', params: pageParamsSchema, body: pdtopBody },
    }, async (req) => ok(await req.tenantTx((tx) => pdtopPage(tx, req.body, req.params.pageNum, req.params.pageSize))));
    app.post<{ Body: PdtopFilter }>('/ec-pdtop/pageTotal', { config: { perm: 'ec:order:list' }, schema: { tags, summary: '线上热销商品合计', body: pdtopBody } }, async (req) => ok(await req.tenantTx((tx) => pdtopTotal(tx, req.body))));
    app.get<{ Params: { spuId: number } }>('/ec-pdtop/findInfoBySpuId/:spuId', {
      config: { perm: 'ec:order:list' },
      schema: { tags, summary: '一个商品（SPU）各 SKU 的线上销量与库存', params: { type: 'object', required: ['spuId'], properties: { spuId: idField('商品ID') } } },
    }, async (req) => {
      const rows = await req.tenantTx((tx) => spuOnlineStock(tx, req.params.spuId));
      if (!rows.length) throw new ApiError('NOT_FOUND', '商品不存在');
      return ok(rows);
    });

    app.post<{ Body: { keyword?: string } | null }>('/ec-back-order/findPreParcelList', {
      config: { perm: 'ec:order:list' },
      schema: { tags, summary: '待打包的线上订单（已拣货、未打包）', body: { type: ['object', 'null'], properties: { keyword: plainText('订单号或买家', 48) } } },
    }, async (req) => ok(await req.tenantTx((tx) => preParcelList(tx, req.body?.keyword?.trim() || null))));

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
      const parcel = await req.tenantTx((tx) => combineOrUnpack(tx, req.auth!, ids, req.body.action)).catch(asCallerError);
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
    const result = await req.tenantTx((tx) => importOrders(tx, auth, rows, errors)).catch(asCallerError);
    // Every import leaves an audit row (ec-order-import-audit), a refused one too.
    const audit = (r: Parameters<typeof recordImportAudit>[2]) => req.tenantTx((tx) => recordImportAudit(tx, auth, r));
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
