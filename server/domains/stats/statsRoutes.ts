import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { SummaryTx } from '../../db/salesSummaries.ts';
import { orderStatusName } from '../sales/index.ts';
import { dbToday } from '../../db/calendar.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { dateParam, idField, plainText } from '../../http/fields.ts';
import { fieldPermissionNames } from '../../permissions.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { PAY_TYPES } from '../sales/index.ts';
import { periodOf, type Period } from './period.ts';
import {
  compositionBySku, ordersOfPeriod, paymentsByType, salesByDay, salesByHour, salesBySeller, salesByShop,
} from './salesQueries.ts';
import { shopScope, shopsOfCall } from '../../auth/callerShops.ts';
import { composeRecords, hourRecord, netFigures, orderRecord, sellerRecord, shopSaleRecord, totalOf, type CostRights } from './shape.ts';
import { sendTable, type ExportColumn } from './tableExport.ts';
import { fenOf, toYuan } from '../../../core/money.ts';
import { addDays } from '../../../core/calendar.ts';

/**
 * 数据统计 (wxy-order-server): sales per shop (po-shop-sale), by hour (po-sell-store-hour), the order summary
 * (po-order-sales), per seller (statistics/salesman) and the simple receipt of an order — every figure computed
 * from the orders on the call, within the caller's shops (shopScope), cost and margin only for callers with
 * 成本总金额 / 毛利率.
 */
export const STAT_PERMS = {
  shopSale: 'stat:shopSale:list',
  shopSaleExport: 'stat:shopSale:export',
  storeHour: 'stat:storeHour:list',
  orderSales: 'stat:orderSales:list',
  salesman: 'stat:salesman:list',
  salesmanExport: 'stat:salesman:export',
  scanCode: 'stat:scanCode:list',
  scanCodeMerge: 'stat:scanCode:merge',
  scanCodeExport: 'stat:scanCode:export',
} as const;

const tags = ['wxy-order-server'];
export const dayField = (title: string) => dateParam(title, 'date', { nullable: true });
const PERIOD_PROPS = {
  startDate: dayField('开始日期'),
  endDate: dayField('结束日期'),
  shopId: { ...idField('门店'), type: ['integer', 'null'] },
} as const;
const PAGE_PROPS = {
  pageNum: { type: 'integer', minimum: 1, maximum: 100000, title: '页码' },
  pageSize: { type: 'integer', minimum: 1, maximum: 999999, title: '每页条数' },
} as const;
const FORMAT = { type: 'string', enum: ['xlsx', 'csv'], title: '导出格式' } as const;
export const bodyOf = (props: Record<string, unknown>) => ({ type: ['object', 'null'], additionalProperties: false, properties: { ...PERIOD_PROPS, ...props } });

export interface PeriodBody {
  startDate?: string | null;
  endDate?: string | null;
  shopId?: number | null;
  pageNum?: number;
  pageSize?: number;
  format?: 'xlsx' | 'csv';
}

export async function costRights(tx: Queryable, auth: AuthContext): Promise<CostRights> {
  const names = await fieldPermissionNames(tx, auth);
  return { cost: names.includes('成本总金额'), margin: names.includes('毛利率') };
}

/** The period (default: today) and the shops of a call. */
export async function callScope(tx: Queryable, auth: AuthContext, b: PeriodBody | null | undefined, defaultDays = 1): Promise<{ period: Period; shops: number[] | null; rights: CostRights }> {
  const today = await dbToday(tx);
  const from = addDays(today, -(defaultDays - 1));
  const period = periodOf(b?.startDate, b?.endDate, today, { from: b?.endDate && !b?.startDate ? undefined : from });
  const shops = await shopsOfCall(tx, auth, b?.shopId);
  return { period, shops, rights: await costRights(tx, auth) };
}

const MONEY_COLUMNS: ExportColumn[] = [
  { field: 'saleAmount', title: '销售额（元）' },
  { field: 'soldAmount', title: '销售金额（元）' },
  { field: 'refundAmount', title: '退款金额（元）' },
  { field: 'orderCount', title: '客单数' },
  { field: 'refundCount', title: '退款单数' },
  { field: 'itemCount', title: '销售件数' },
  { field: 'avgPrice', title: '客单价（元）' },
  { field: 'costAmount', title: '成本（元）' },
  { field: 'grossProfit', title: '毛利（元）' },
  { field: 'grossMargin', title: '毛利率（%）' },
];
export const SHOP_SALE_COLUMNS: ExportColumn[] = [{ field: 'shopCode', title: '门店编码' }, { field: 'shopName', title: '门店' }, { field: 'regionName', title: '区域' }, ...MONEY_COLUMNS];
const ORDER_COLUMNS: ExportColumn[] = [
  { field: 'orderNo', title: '订单号' }, { field: 'shopName', title: '门店' }, { field: 'createTime', title: '下单时间' }, { field: 'cashierName', title: '收银员' },
  { field: 'statusName', title: '状态' }, { field: 'totalQuantity', title: '件数' }, { field: 'totalAmount', title: '订单金额（元）' }, { field: 'payAmount', title: '实收金额（元）' },
  { field: 'refundAmount', title: '退款金额（元）' }, { field: 'refundTime', title: '退款时间' }, { field: 'costAmount', title: '成本（元）' }, { field: 'grossProfit', title: '毛利（元）' }, { field: 'grossMargin', title: '毛利率（%）' },
];
const COMPOSE_COLUMNS: ExportColumn[] = [
  { field: 'skuCode', title: 'SKU编码' }, { field: 'skuName', title: 'SKU名称' }, { field: 'spuName', title: '商品名称' }, { field: 'spec', title: '规格' }, { field: 'unit', title: '单位' },
  { field: 'quantity', title: '销售数量' }, { field: 'orderCount', title: '订单数' }, { field: 'saleAmount', title: '销售额（元）' }, { field: 'share', title: '占比（%）' },
  { field: 'costAmount', title: '成本（元）' }, { field: 'grossProfit', title: '毛利（元）' }, { field: 'grossMargin', title: '毛利率（%）' },
];
const SELLER_COLUMNS: ExportColumn[] = [{ field: 'shopName', title: '门店' }, { field: 'userNo', title: '工号' }, { field: 'userName', title: '导购' }, ...MONEY_COLUMNS];

async function shopSaleAnswer(tx: SummaryTx, auth: AuthContext, b: (PeriodBody & { regionName?: string | null }) | null) {
  const { period, shops, rights } = await callScope(tx, auth, b);
  const rows = await salesByShop(tx, period, shops, b?.regionName?.trim() || null);
  return { period, records: rows.map((r) => shopSaleRecord(r, rights)), summary: netFigures(totalOf(rows), rights) };
}

async function orderPage(tx: Queryable, auth: AuthContext, b: (PeriodBody & { orderNo?: string | null; status?: number | null }) | null) {
  const { period, shops, rights } = await callScope(tx, auth, b);
  const pageNum = b?.pageNum ?? 1;
  const pageSize = b?.pageSize ?? 20;
  const { rows, total } = await ordersOfPeriod(tx, period, shops, { orderNo: b?.orderNo, status: b?.status }, pageNum, pageSize);
  return { records: rows.map((r) => orderRecord(r, rights)), total };
}

async function composeAnswer(tx: Queryable, auth: AuthContext, b: PeriodBody | null) {
  const { period, shops, rights } = await callScope(tx, auth, b);
  return { period, records: composeRecords(await compositionBySku(tx, period, shops), rights) };
}

async function sellerAnswer(tx: SummaryTx, auth: AuthContext, b: PeriodBody | null) {
  const { period, shops, rights } = await callScope(tx, auth, b);
  const rows = await salesBySeller(tx, period, shops);
  return { period, records: rows.map((r) => sellerRecord(r, rights)), summary: netFigures(totalOf(rows), rights) };
}

/** One order's header, lines and payments, if it is of the caller's shops (else 订单不存在: nothing revealed). */
export async function orderOfScope(tx: Queryable, auth: AuthContext, orderId: number) {
  const o = (await tx.query<Record<string, unknown> & { shop_id: number }>(
    `SELECT o.order_id AS "orderId", o.order_no AS "orderNo", o.shop_id, o.shop_id AS "shopId", o.shop_name AS "shopName", o.is_practice AS "isPractice", o.status,
            to_char(o.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", o.cashier_name AS "cashierName", o.member_phone AS "memberPhone",
            o.total_quantity::float8 AS "totalQuantity", o.total_amount::float8 AS "totalAmount", o.pay_amount::float8 AS "payAmount",
            o.paid_amount::float8 AS "paidAmount", o.change_amount::float8 AS "changeAmount", o.refund_amount::float8 AS "refundAmount",
            to_char(o.refund_time, 'YYYY-MM-DD HH24:MI:SS') AS "refundTime", o.remark,
            s.shop_code AS "shopCode", s.address AS "shopAddress", s.phone AS "shopPhone"
       FROM po_order o LEFT JOIN shop_base s ON s.shop_id = o.shop_id WHERE o.order_id = $1`,
    [orderId],
  )).rows[0];
  const scope = await shopsOfCall(tx, auth, null);
  if (!o || (scope && !scope.includes(Number(o.shop_id)))) throw new ApiError('NOT_FOUND', '订单不存在');
  const { shop_id: _s, ...header } = o;
  const lines = (await tx.query<Record<string, unknown>>(
    `SELECT line_no AS "lineNo", sku_id AS "skuId", sku_code AS "skuCode", sku_name AS "skuName", barcode, spec, unit, quantity::float8 AS quantity,
            unit_price::float8 AS "unitPrice", amount::float8 AS amount, round(quantity * unit_cost * 100)::float8 AS "costFen"
       FROM po_order_det WHERE order_id = $1 ORDER BY line_no`,
    [orderId],
  )).rows;
  const payments = (await tx.query<{ payType: number; amount: number }>(
    `SELECT pay_type::int AS "payType", amount::float8 AS amount FROM po_order_pay WHERE order_id = $1 ORDER BY pay_id`, [orderId],
  )).rows.map((p) => ({ ...p, payTypeName: PAY_TYPES[p.payType] ?? String(p.payType) }));
  return { header, lines, payments };
}

export const statsRoutes = async (app: FastifyInstance) => {
  app.get('/statistics/shops', {
    // The caller's own shop scope (the filter of the statistics pages): open to every logged-in user on purpose.
    config: { anyUser: true },
    schema: { tags, summary: '本人可查看统计的门店（管理员为全部门店）：统计页面的门店筛选项' },
  }, async (req) => ok(await req.tenantTx(async (tx) => {
    const scope = await shopScope(tx, req.auth!);
    return (await tx.query(
      `SELECT shop_id AS "shopId", shop_code AS "shopCode", shop_name AS "shopName", region_name AS "regionName", status FROM shop_base
        WHERE $1::int[] IS NULL OR shop_id = ANY($1::int[]) ORDER BY shop_code, shop_id`,
      [scope],
    )).rows;
  })));

  app.get<{ Params: { id: number } }>('/po-shop-sale/sales/det/:id', {
    config: { perm: STAT_PERMS.shopSale },
    schema: { tags, summary: '一张订单的明细：商品行（成本、毛利有权限时）与支付', params: { type: 'object', required: ['id'], properties: { id: idField('订单') } } },
  }, async (req) => ok(await req.tenantTx(async (tx) => {
    const rights = await costRights(tx, req.auth!);
    const { header, lines, payments } = await orderOfScope(tx, req.auth!, req.params.id);
    return {
      ...header,
      lines: lines.map(({ costFen, ...l }) => ({
        ...l,
        ...(rights.cost ? { costAmount: toYuan(Number(costFen)), grossProfit: toYuan(fenOf(l.amount) - Number(costFen)) } : {}),
        ...(rights.margin ? { grossMargin: Number(l.amount) ? Math.round(((fenOf(l.amount) - Number(costFen)) * 10000) / fenOf(l.amount)) / 100 : null } : {}),
      })),
      payments,
    };
  }).catch(asCallerError)));

  app.get<{ Params: { orderId: number } }>('/statistics/receipt/order/simple/:orderId', {
    config: { perm: 'order:order:list' },
    schema: { tags, summary: '订单简易小票：门店、商品行、支付与合计（打印用）', params: { type: 'object', required: ['orderId'], properties: { orderId: idField('订单') } } },
  }, async (req) => ok(await req.tenantTx(async (tx) => {
    const { header, lines, payments } = await orderOfScope(tx, req.auth!, req.params.orderId);
    const h = header as Record<string, unknown>;
    return {
      shop: { shopId: h.shopId, shopCode: h.shopCode, shopName: h.shopName, address: h.shopAddress, phone: h.shopPhone },
      orderId: h.orderId, orderNo: h.orderNo, createTime: h.createTime, cashierName: h.cashierName, memberPhone: h.memberPhone,
      isPractice: h.isPractice, status: h.status, statusName: orderStatusName(Number(h.status)),
      lines: lines.map(({ costFen: _c, ...l }) => l),
      payments,
      totals: {
        totalQuantity: h.totalQuantity, totalAmount: h.totalAmount, payAmount: h.payAmount, paidAmount: h.paidAmount,
        changeAmount: h.changeAmount, refundAmount: h.refundAmount, refundTime: h.refundTime,
      },
    };
  }).catch(asCallerError)));
};

// 数据统计's reports are computed report resources (schemas/resources/stat-*.json): their routes, permissions and screens
// are the descriptors' (the engine's report screen); the figures are these handlers'.
type ShopBody = (PeriodBody & { regionName?: string | null }) | null;
type OrderBody = (PeriodBody & { orderNo?: string | null; status?: number | null }) | null;
type ExportBody = (PeriodBody & { type?: 'shop' | 'order' | 'compose'; regionName?: string | null; orderNo?: string | null; status?: number | null }) | null;
const REGION = { ...plainText('区域', 24), type: ['string', 'null'] };
const ORDER_FILTERS = { orderNo: { ...plainText('订单号', 32), type: ['string', 'null'] }, status: { type: ['integer', 'null'], enum: [1, 2, null], title: '订单状态' } };

registerCustomRoute('stats.shopSale.list', {
  schema: { body: bodyOf({ regionName: REGION }) },
  handler: async (req) => ok(await req.summaryTx(async (tx) => {
    const a = await shopSaleAnswer(tx, req.auth!, req.body as ShopBody);
    return { records: a.records, total: a.records.length, summary: a.summary, startDate: a.period.from, endDate: a.period.to };
  }).catch(asCallerError)),
});

registerCustomRoute('stats.shopSale.orders', {
  schema: { body: bodyOf({ ...PAGE_PROPS, ...ORDER_FILTERS }) },
  handler: async (req) => ok(await req.tenantTx((tx) => orderPage(tx, req.auth!, req.body as OrderBody)).catch(asCallerError)),
});

registerCustomRoute('stats.shopSale.compose', {
  schema: { body: bodyOf({}) },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const a = await composeAnswer(tx, req.auth!, req.body as PeriodBody | null);
    return { records: a.records, total: a.records.length, startDate: a.period.from, endDate: a.period.to };
  }).catch(asCallerError)),
});

registerCustomRoute('stats.shopSale.export', {
  schema: { body: bodyOf({ ...PAGE_PROPS, format: FORMAT, type: { type: 'string', enum: ['shop', 'order', 'compose'], title: '导出内容' }, regionName: REGION, ...ORDER_FILTERS }) },
  handler: async (req, reply) => {
    const b = req.body as ExportBody;
    const type = b?.type ?? 'shop';
    if (type === 'order') {
      const a = await req.tenantTx((tx) => orderPage(tx, req.auth!, { ...b, pageNum: 1, pageSize: 999999 })).catch(asCallerError);
      return sendTable(reply, '门店销售订单', b?.format, ORDER_COLUMNS, a.records);
    }
    if (type === 'compose') {
      const a = await req.tenantTx((tx) => composeAnswer(tx, req.auth!, b)).catch(asCallerError);
      return sendTable(reply, '销售商品构成', b?.format, COMPOSE_COLUMNS, a.records);
    }
    const a = await req.summaryTx((tx) => shopSaleAnswer(tx, req.auth!, b)).catch(asCallerError);
    return sendTable(reply, '门店销售', b?.format, SHOP_SALE_COLUMNS, a.records);
  },
});

registerCustomRoute('stats.storeHour.page', {
  schema: { body: bodyOf(PAGE_PROPS) },
  handler: async (req) => ok(await req.summaryTx(async (tx) => {
    const body = req.body as PeriodBody | null;
    const { period, shops } = await callScope(tx, req.auth!, body);
    const cells = await salesByHour(tx, period, shops);
    const names = new Map((await tx.query<{ shop_id: number; shop_name: string }>(
      `SELECT shop_id, shop_name FROM shop_base WHERE ($1::int[] IS NULL OR shop_id = ANY($1::int[])) AND (status = 1 OR shop_id = ANY($2::int[])) ORDER BY shop_id`,
      [shops, [...new Set(cells.map((c) => c.shopId))]],
    )).rows.map((s) => [Number(s.shop_id), s.shop_name]));
    const all = [...names].map(([id, name]) => hourRecord(id, name, cells.filter((c) => c.shopId === id)))
      .sort((a, b) => b.saleAmount - a.saleAmount || a.shopId - b.shopId);
    const pageNum = body?.pageNum ?? 1;
    const pageSize = body?.pageSize ?? 20;
    const byHour = new Map<number, { saleFen: number; orderCount: number }>();
    for (const c of cells) {
      const cur = byHour.get(c.hour) ?? { saleFen: 0, orderCount: 0 };
      byHour.set(c.hour, { saleFen: cur.saleFen + c.saleFen, orderCount: cur.orderCount + c.orderCount });
    }
    const summary = hourRecord(0, '合计', [...byHour].map(([hour, v]) => ({ hour, ...v })));
    return {
      records: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length, hours: summary.hours,
      summary: { saleAmount: summary.saleAmount, orderCount: summary.orderCount }, startDate: period.from, endDate: period.to,
    };
  }).catch(asCallerError)),
});

registerCustomRoute('stats.orderSales.days', {
  schema: { body: bodyOf({}) },
  handler: async (req) => ok(await req.summaryTx(async (tx) => {
    const { period, shops, rights } = await callScope(tx, req.auth!, req.body as PeriodBody | null);
    const rows = await salesByShop(tx, period, shops);
    const pays = await paymentsByType(tx, period, shops);
    const days = (await salesByDay(tx, period, shops)).map((d) => ({ date: d.day, saleAmount: toYuan(d.saleFen), orderCount: d.orderCount }));
    const figures = netFigures(totalOf(rows), rights);
    return {
      startDate: period.from, endDate: period.to, shopCount: rows.filter((r) => r.orderCount || r.refundCount).length,
      ...figures,
      summary: figures,
      payments: pays.map((p) => ({ payType: p.payType, payTypeName: PAY_TYPES[p.payType] ?? String(p.payType), amount: toYuan(p.amountFen) })),
      days,
      // The report screen lists the days as its rows.
      records: days, total: days.length,
    };
  }).catch(asCallerError)),
});

registerCustomRoute('stats.salesman.list', {
  schema: { body: bodyOf({}) },
  handler: async (req) => ok(await req.summaryTx(async (tx) => {
    const a = await sellerAnswer(tx, req.auth!, req.body as PeriodBody | null);
    return { records: a.records, total: a.records.length, summary: a.summary, startDate: a.period.from, endDate: a.period.to };
  }).catch(asCallerError)),
});

registerCustomRoute('stats.salesman.export', {
  schema: { body: bodyOf({ format: FORMAT }) },
  handler: async (req, reply) => {
    const body = req.body as PeriodBody | null;
    const a = await req.summaryTx((tx) => sellerAnswer(tx, req.auth!, body)).catch(asCallerError);
    return sendTable(reply, '导购销售', body?.format, SELLER_COLUMNS, a.records);
  },
});
