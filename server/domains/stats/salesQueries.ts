import type { Queryable } from '../../db/index.ts';
import type { SummaryTx } from '../../db/salesSummaries.ts';
import type { Period } from './period.ts';

/**
 * Sales figures read from the orders (po_order, po_order_det), never stored: a real sale (练习收银 left out, 已完成
 * or later 已退款) counts at the time it was sold, with a plus sign; a refund counts at the time it was made, with
 * a minus sign (its amount, its items, its cost). So a period's sales are what was sold less what was taken back
 * in it, the way 绩效目标 counts reach. Money comes back in integer fen; cost is the line's unit cost at the sale.
 *
 * Every query takes $1 = first day, $2 = last day (inclusive), $3 = shop ids (int[]; NULL = every shop).
 */

/** The period's movements: one row per sale (+1) and per refund (-1) of the shops asked. */
export const MOVES = `moves AS (
    SELECT o.order_id, o.shop_id, o.create_time AS at, 1 AS sign, o.pay_amount AS amount, o.cashier_user_id, o.cashier_name
      FROM po_order o
     WHERE NOT o.is_practice AND o.status IN (1, 2, 4) AND o.create_time >= $1::date::timestamptz AND o.create_time < ($2::date + 1)::timestamptz
       AND ($3::int[] IS NULL OR o.shop_id = ANY($3::int[]))
    UNION ALL
    SELECT o.order_id, o.shop_id, o.refund_time, -1, o.refund_amount, o.cashier_user_id, o.cashier_name
      FROM po_order o
     WHERE NOT o.is_practice AND o.refund_time >= $1::date::timestamptz AND o.refund_time < ($2::date + 1)::timestamptz
       AND ($3::int[] IS NULL OR o.shop_id = ANY($3::int[])))`;

/**
 * Line figures of the movements: items and cost with the movement's sign. The per-shop (per-seller) aggregates over
 * them are MATERIALIZED: on freshly loaded orders the planner guesses one movement and, inlined, would redo the
 * aggregate once per shop of the outer join (0.8 s for 10,000 orders; computed once, 30 ms).
 */
const LINES = `lines AS (
    SELECT m.order_id, m.shop_id, m.at, m.sign, m.cashier_user_id, d.sku_id, d.sku_code, d.sku_name, d.spec, d.unit,
           m.sign * d.quantity AS qty, m.sign * d.amount AS amount, m.sign * d.quantity * d.unit_cost AS cost
      FROM moves m JOIN po_order_det d ON d.tenant_id = app_current_tenant() AND d.order_id = m.order_id)`;

const fen = (expr: string) => `round(coalesce(${expr}, 0) * 100)::float8`;

export const periodParams = (p: Period, shops: number[] | null) => [p.from, p.to, shops];

/**
 * The period's rows of the daily summaries (migration 305: kept by triggers on every order, line and payment write,
 * equal to the sums over MOVES/LINES, checked by tests/api/salesStats.test.ts): the statistics over whole periods
 * read these, a month of a hundred shops being a few thousand rows instead of a million order lines.
 */
const DAY_ROWS = `d AS (SELECT * FROM po_sales_day WHERE tenant_id = app_current_tenant() AND day >= $1::date AND day <= $2::date
                         AND ($3::int[] IS NULL OR shop_id = ANY($3::int[])))`;

export interface ShopSaleRow {
  shopId: number;
  shopCode: string;
  shopName: string;
  regionName: string | null;
  soldFen: number;
  refundFen: number;
  saleFen: number;
  orderCount: number;
  refundCount: number;
  itemQty: number;
  costFen: number;
}

/** Sales per shop of the period: every open shop in the scope, and closed ones that sold. */
export async function salesByShop(tx: SummaryTx, p: Period, shops: number[] | null, regionName?: string | null): Promise<ShopSaleRow[]> {
  const r = await tx.query<Record<string, unknown>>(
    `WITH ${DAY_ROWS},
     o AS MATERIALIZED (SELECT shop_id, sum(amount) FILTER (WHERE sign > 0) AS sold, sum(amount) FILTER (WHERE sign < 0) AS refunded,
                  sum(orders) FILTER (WHERE sign > 0) AS orders, sum(orders) FILTER (WHERE sign < 0) AS refunds, sum(qty) AS qty, sum(cost) AS cost
             FROM d GROUP BY shop_id HAVING sum(orders) > 0 OR sum(amount) <> 0)
     SELECT s.shop_id AS "shopId", s.shop_code AS "shopCode", s.shop_name AS "shopName", s.region_name AS "regionName",
            ${fen('o.sold')} AS "soldFen", ${fen('o.refunded')} AS "refundFen",
            coalesce(o.orders, 0)::int AS "orderCount", coalesce(o.refunds, 0)::int AS "refundCount",
            coalesce(o.qty, 0)::float8 AS "itemQty", ${fen('o.cost')} AS "costFen"
       FROM shop_base s LEFT JOIN o ON o.shop_id = s.shop_id
      WHERE ($3::int[] IS NULL OR s.shop_id = ANY($3::int[])) AND (s.status = 1 OR o.shop_id IS NOT NULL)
        AND ($4::text IS NULL OR s.region_name = $4)
      ORDER BY coalesce(o.sold, 0) - coalesce(o.refunded, 0) DESC, s.shop_id`,
    [...periodParams(p, shops), regionName || null],
  );
  return r.rows.map((x) => ({
    ...(x as unknown as ShopSaleRow),
    saleFen: Number(x.soldFen) - Number(x.refundFen),
  }));
}

export interface OrderRow {
  orderId: number;
  orderNo: string;
  shopId: number;
  shopName: string;
  createTime: string;
  cashierName: string | null;
  status: number;
  totalQuantity: number;
  totalFen: number;
  payFen: number;
  refundFen: number;
  refundTime: string | null;
  costFen: number;
  memberPhone: string | null;
}

const ORDER_WHERE = `NOT o.is_practice AND o.status IN (1, 2, 4) AND o.create_time >= $1::date::timestamptz AND o.create_time < ($2::date + 1)::timestamptz
  AND ($3::int[] IS NULL OR o.shop_id = ANY($3::int[])) AND ($4::text IS NULL OR o.order_no ILIKE '%' || $4 || '%')
  AND ($5::int IS NULL OR o.status = $5)`;

/** The real orders sold in the period (newest first), a page of them and their count. */
export async function ordersOfPeriod(
  tx: Queryable, p: Period, shops: number[] | null, f: { orderNo?: string | null; status?: number | null }, pageNum: number, pageSize: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const params = [...periodParams(p, shops), f.orderNo?.trim() || null, f.status ?? null];
  const rows = (await tx.query<OrderRow>(
    `SELECT o.order_id AS "orderId", o.order_no AS "orderNo", o.shop_id AS "shopId", o.shop_name AS "shopName",
            to_char(o.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", o.cashier_name AS "cashierName", o.status,
            o.total_quantity::float8 AS "totalQuantity", ${fen('o.total_amount')} AS "totalFen", ${fen('o.pay_amount')} AS "payFen",
            ${fen('o.refund_amount')} AS "refundFen", to_char(o.refund_time, 'YYYY-MM-DD HH24:MI:SS') AS "refundTime",
            ${fen('(SELECT sum(d.quantity * d.unit_cost) FROM po_order_det d WHERE d.tenant_id = o.tenant_id AND d.order_id = o.order_id)')} AS "costFen",
            o.member_phone AS "memberPhone"
       FROM po_order o WHERE ${ORDER_WHERE}
      ORDER BY o.create_time DESC, o.order_id DESC LIMIT $6 OFFSET $7`,
    [...params, pageSize, (pageNum - 1) * pageSize],
  )).rows;
  const total = rows.length < pageSize && (rows.length || pageNum === 1)
    ? (pageNum - 1) * pageSize + rows.length
    : (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM po_order o WHERE ${ORDER_WHERE}`, params)).rows[0].n;
  return { rows: rows.map((x) => ({ ...x, orderId: Number(x.orderId), shopId: Number(x.shopId) })), total };
}

export interface ComposeRow {
  skuId: number;
  skuCode: string | null;
  skuName: string | null;
  spec: string | null;
  unit: string | null;
  spuName: string | null;
  qty: number;
  amountFen: number;
  costFen: number;
  orderCount: number;
}

/** What the sales were made of: net quantity, amount and cost per SKU (refunds subtracted), biggest first. */
export async function compositionBySku(tx: Queryable, p: Period, shops: number[] | null): Promise<ComposeRow[]> {
  const r = await tx.query<ComposeRow>(
    `WITH ${MOVES}, ${LINES}
     SELECT l.sku_id AS "skuId", max(l.sku_code) AS "skuCode", max(l.sku_name) AS "skuName", max(l.spec) AS spec, max(l.unit) AS unit,
            (SELECT s.spu_name FROM pd_sku s WHERE s.sku_id = l.sku_id) AS "spuName",
            sum(l.qty)::float8 AS qty, ${fen('sum(l.amount)')} AS "amountFen", ${fen('sum(l.cost)')} AS "costFen",
            count(DISTINCT l.order_id) FILTER (WHERE l.sign > 0)::int AS "orderCount"
       FROM lines l GROUP BY l.sku_id
      HAVING sum(l.qty) <> 0 OR sum(l.amount) <> 0
      ORDER BY sum(l.amount) DESC, l.sku_id`,
    periodParams(p, shops),
  );
  return r.rows.map((x) => ({ ...x, skuId: Number(x.skuId) }));
}

export interface HourRow {
  shopId: number;
  hour: number;
  saleFen: number;
  orderCount: number;
}

/**
 * Net sales and orders sold per shop and hour of the day (0-23, the business time zone), from the hourly summary
 * (migration 319 po_sales_day_hour: the same movements per shop, day and hour).
 */
export async function salesByHour(tx: SummaryTx, p: Period, shops: number[] | null): Promise<HourRow[]> {
  const r = await tx.query<HourRow>(
    `SELECT shop_id AS "shopId", hour::int AS hour, ${fen('sum(sign * amount)')} AS "saleFen", coalesce(sum(orders) FILTER (WHERE sign > 0), 0)::int AS "orderCount"
       FROM po_sales_day_hour WHERE tenant_id = app_current_tenant() AND day >= $1::date AND day <= $2::date AND ($3::int[] IS NULL OR shop_id = ANY($3::int[]))
      GROUP BY 1, 2 HAVING sum(orders) > 0 OR sum(amount) <> 0 ORDER BY 1, 2`,
    periodParams(p, shops),
  );
  return r.rows.map((x) => ({ ...x, shopId: Number(x.shopId) }));
}

export interface TopSkuRow {
  skuId: number;
  skuCode: string | null;
  skuName: string | null;
  qty: number;
  amountFen: number;
}

/**
 * The period's best-selling SKUs by net amount (refunds subtracted on their day), as compositionBySku ranks them,
 * from the per-shop, day and SKU summary (migration 306 po_sales_day_sku) instead of the period's order lines.
 */
export async function topSkus(tx: SummaryTx, p: Period, shops: number[] | null, limit: number): Promise<TopSkuRow[]> {
  const r = await tx.query<TopSkuRow>(
    `WITH t AS (SELECT sku_id, sum(sign * qty) AS qty, sum(sign * amount) AS amount FROM po_sales_day_sku
                 WHERE tenant_id = app_current_tenant() AND day >= $1::date AND day <= $2::date AND ($3::int[] IS NULL OR shop_id = ANY($3::int[]))
                 GROUP BY sku_id HAVING sum(sign * qty) <> 0 OR sum(sign * amount) <> 0
                 ORDER BY sum(sign * amount) DESC, sku_id LIMIT $4)
     SELECT t.sku_id AS "skuId", k.sku_code AS "skuCode", k.sku_name AS "skuName", t.qty::float8 AS qty, ${fen('t.amount')} AS "amountFen"
       FROM t LEFT JOIN pd_sku k ON k.sku_id = t.sku_id ORDER BY t.amount DESC, t.sku_id`,
    [...periodParams(p, shops), limit],
  );
  return r.rows.map((x) => ({ ...x, skuId: Number(x.skuId) }));
}

export interface DayRow {
  day: string;
  saleFen: number;
  orderCount: number;
}

/** Net sales and orders sold per day of the period (days without sales are absent). */
export async function salesByDay(tx: SummaryTx, p: Period, shops: number[] | null): Promise<DayRow[]> {
  const r = await tx.query<DayRow>(
    `WITH ${DAY_ROWS}
     SELECT to_char(day, 'YYYY-MM-DD') AS day, ${fen('sum(sign * amount)')} AS "saleFen", coalesce(sum(orders) FILTER (WHERE sign > 0), 0)::int AS "orderCount"
       FROM d GROUP BY d.day HAVING sum(orders) > 0 OR sum(amount) <> 0 ORDER BY d.day`,
    periodParams(p, shops),
  );
  return r.rows;
}

export interface SellerRow {
  shopId: number;
  shopName: string;
  userId: number | null;
  userNo: string | null;
  userName: string | null;
  soldFen: number;
  refundFen: number;
  orderCount: number;
  refundCount: number;
  itemQty: number;
  costFen: number;
}

/** Sales per shop and seller (the order's cashier); a refund is subtracted from the seller who sold. */
export async function salesBySeller(tx: SummaryTx, p: Period, shops: number[] | null): Promise<SellerRow[]> {
  const r = await tx.query<SellerRow>(
    `WITH ${DAY_ROWS},
     o AS MATERIALIZED (SELECT shop_id, cashier_user_id, max(cashier_name) FILTER (WHERE orders > 0 OR amount <> 0) AS cashier_name, sum(amount) FILTER (WHERE sign > 0) AS sold,
                  sum(amount) FILTER (WHERE sign < 0) AS refunded, coalesce(sum(orders) FILTER (WHERE sign > 0), 0) AS orders,
                  coalesce(sum(orders) FILTER (WHERE sign < 0), 0) AS refunds, sum(qty) AS qty, sum(cost) AS cost
             FROM d GROUP BY 1, 2 HAVING sum(orders) > 0 OR sum(amount) <> 0)
     SELECT o.shop_id AS "shopId", s.shop_name AS "shopName", o.cashier_user_id AS "userId", u.user_no AS "userNo",
            coalesce(u.name, o.cashier_name) AS "userName", ${fen('o.sold')} AS "soldFen", ${fen('o.refunded')} AS "refundFen",
            o.orders::int AS "orderCount", o.refunds::int AS "refundCount", coalesce(o.qty, 0)::float8 AS "itemQty", ${fen('o.cost')} AS "costFen"
       FROM o JOIN shop_base s ON s.shop_id = o.shop_id
       LEFT JOIN sys_user u ON u.id = o.cashier_user_id
      ORDER BY coalesce(o.sold, 0) - coalesce(o.refunded, 0) DESC, o.shop_id, o.cashier_user_id`,
    periodParams(p, shops),
  );
  return r.rows.map((x) => ({ ...x, shopId: Number(x.shopId), userId: x.userId === null ? null : Number(x.userId) }));
}

/** Money taken per payment method of the orders sold in the period (refunds give back the whole order's payments). */
export async function paymentsByType(tx: SummaryTx, p: Period, shops: number[] | null): Promise<{ payType: number; amountFen: number }[]> {
  const r = await tx.query<{ payType: number; amountFen: number }>(
    `SELECT pay_type::int AS "payType", ${fen('sum(sign * amount)')} AS "amountFen"
       FROM po_sales_day_pay WHERE tenant_id = app_current_tenant() AND day >= $1::date AND day <= $2::date AND ($3::int[] IS NULL OR shop_id = ANY($3::int[]))
      GROUP BY 1 HAVING sum(n) > 0 ORDER BY 1`,
    periodParams(p, shops),
  );
  return r.rows;
}
