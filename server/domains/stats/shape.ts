import { percent } from './period.ts';
import type { ComposeRow, OrderRow, SellerRow, ShopSaleRow } from './salesQueries.ts';
import { orderStatusName } from '../sales/index.ts';
import { toYuan } from '../../../core/money.ts';

/**
 * Answer rows of the sales statistics, from fen figures: money in yuan (2 decimals, computed from integer fen),
 * average ticket = net sales / net orders (orders sold less orders refunded), gross profit = net sales - net
 * cost, gross margin = profit / net sales in %. Cost, profit (成本总金额) and margin (毛利率) are left out for a
 * caller without those field permissions.
 */
export interface CostRights {
  cost: boolean;
  margin: boolean;
}

export const COST_FIELDS = ['costAmount', 'grossProfit'] as const;
export const MARGIN_FIELDS = ['grossMargin'] as const;

function costPart(saleFen: number, costFen: number, rights: CostRights): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  if (rights.cost) {
    out.costAmount = toYuan(costFen);
    out.grossProfit = toYuan(saleFen - costFen);
  }
  if (rights.margin) out.grossMargin = percent(saleFen - costFen, saleFen);
  return out;
}

export function netFigures(x: { soldFen: number; refundFen: number; orderCount: number; refundCount: number; itemQty: number; costFen: number }, rights: CostRights) {
  const saleFen = x.soldFen - x.refundFen;
  const orders = x.orderCount - x.refundCount;
  return {
    saleAmount: toYuan(saleFen),
    soldAmount: toYuan(x.soldFen),
    refundAmount: toYuan(x.refundFen),
    orderCount: orders,
    refundCount: x.refundCount,
    itemCount: Math.round(x.itemQty * 1000) / 1000,
    avgPrice: orders > 0 ? toYuan(Math.round(saleFen / orders)) : 0,
    ...costPart(saleFen, x.costFen, rights),
  };
}

export const shopSaleRecord = (r: ShopSaleRow, rights: CostRights) => ({
  shopId: r.shopId, shopCode: r.shopCode, shopName: r.shopName, regionName: r.regionName, ...netFigures(r, rights),
});

export const sellerRecord = (r: SellerRow, rights: CostRights) => ({
  rowKey: `${r.shopId}-${r.userId ?? 0}`, shopId: r.shopId, shopName: r.shopName, userId: r.userId, userNo: r.userNo, userName: r.userName ?? '（未知）', ...netFigures(r, rights),
});

export function totalOf<T extends { soldFen: number; refundFen: number; orderCount: number; refundCount: number; itemQty: number; costFen: number }>(rows: T[]) {
  return rows.reduce(
    (a, r) => ({ soldFen: a.soldFen + r.soldFen, refundFen: a.refundFen + r.refundFen, orderCount: a.orderCount + r.orderCount, refundCount: a.refundCount + r.refundCount, itemQty: a.itemQty + r.itemQty, costFen: a.costFen + r.costFen }),
    { soldFen: 0, refundFen: 0, orderCount: 0, refundCount: 0, itemQty: 0, costFen: 0 },
  );
}

export const orderRecord = (r: OrderRow, rights: CostRights) => ({
  orderId: r.orderId, orderNo: r.orderNo, shopId: r.shopId, shopName: r.shopName, createTime: r.createTime, cashierName: r.cashierName,
  status: r.status, statusName: orderStatusName(r.status), memberPhone: r.memberPhone,
  totalQuantity: r.totalQuantity, totalAmount: toYuan(r.totalFen), payAmount: toYuan(r.payFen), refundAmount: toYuan(r.refundFen), refundTime: r.refundTime,
  ...costPart(r.payFen, r.costFen, rights),
});

/** Composition rows with each SKU's share of the period's net line amount (%). */
export function composeRecords(rows: ComposeRow[], rights: CostRights) {
  const totalFen = rows.reduce((a, r) => a + r.amountFen, 0);
  return rows.map((r) => ({
    skuId: r.skuId, skuCode: r.skuCode, skuName: r.skuName, spuName: r.spuName, spec: r.spec, unit: r.unit, quantity: r.qty, orderCount: r.orderCount,
    saleAmount: toYuan(r.amountFen), share: percent(r.amountFen, totalFen), ...costPart(r.amountFen, r.costFen, rights),
  }));
}

/** A 24-slot hour row of one shop: h0..h23 net sales in yuan, and order counts. */
export function hourRecord(shopId: number, shopName: string, cells: { hour: number; saleFen: number; orderCount: number }[]) {
  const out: Record<string, number> = {};
  let totalFen = 0;
  let orders = 0;
  const hours = Array.from({ length: 24 }, (_, h) => ({ hour: h, saleAmount: 0, orderCount: 0 }));
  for (const c of cells) {
    hours[c.hour] = { hour: c.hour, saleAmount: toYuan(c.saleFen), orderCount: c.orderCount };
    totalFen += c.saleFen;
    orders += c.orderCount;
  }
  for (const h of hours) out[`h${h.hour}`] = h.saleAmount;
  return { shopId, shopName, ...out, saleAmount: toYuan(totalFen), orderCount: orders, hours };
}
