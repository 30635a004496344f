import type { Queryable } from '../../db/index.ts';
import { type Period } from './period.ts';
import { Params, qty, saleLinesSql, shopWhere, skuWhere, type Row, type Scope } from './reportHttp.ts';
import { SHOP_INFLOWS } from './putStock.ts';
import { daysOfStock, daysSince, launchWeeks, PIN_LABELS, pinStatus } from './rules.ts';
import { sellThroughRate } from './period.ts';
import { yuanOf } from '../../../core/money.ts';
import { addDays, daysBetween } from '../../../core/calendar.ts';

/**
 * The other analysis reports of wxy-report-server, computed on read: 库存动销 (stock-pin-analyse), 商品卖点
 * (report_common_selling_points), 会员消费 (report-member-info) and 新品 (pd-new-product).
 */

/**
 * The shops a report covers. Orders are filtered by `shop_id = ANY(ARRAY(SELECT shop_id FROM s))`, the list taken once,
 * not by `IN (SELECT ...)`: on a million fresh lines the planner guessed one order and joined every order to every
 * shop in a nested loop (12,500,000 comparisons, 商品卖点 16 s).
 */
const shopsCte = (f: Scope, p: Params) => `s AS (SELECT sb.shop_id, sb.shop_code, sb.shop_name, sb.region_name FROM shop_base sb WHERE ${shopWhere(f, p)})`;

// ---- 库存动销 / 滞销 (stock-pin-analyse) -------------------------------------------------------------------------

export interface StockPinFilter extends Scope {
  whId?: number | null;
  slowDays?: number | null;
  pinStatus?: 1 | 2 | null;
  sort?: string | null;
  order?: 'asc' | 'desc' | null;
}
export const STOCK_PIN_SORTS = ['skuCode', 'onHand', 'saleQuantity', 'daysSinceLastSale', 'costAmount'] as const;

/**
 * Each SKU a shop warehouse holds (on hand > 0): sold in the period (the ledger's sale and refund rows), the days
 * the stock lasts at that pace, the last day it sold there and whether it is moving (动销) or slow (滞销: never
 * sold there, or not for `slowDays` days).
 */
export function stockPinSql(f: StockPinFilter, per: Period, p: Params): string {
  const start = p.add(per.start);
  const end = p.add(per.end);
  const kw = skuWhere(f, p);
  // Every parameter must be used (PostgreSQL cannot type an unused one): the slow threshold only with a status filter.
  const slow = () => p.add(f.slowDays ?? 30);
  const status = f.pinStatus === 2 ? `WHERE x.last_sale IS NULL OR x.last_sale <= current_date - ${slow()}::int`
    : f.pinStatus === 1 ? `WHERE x.last_sale > current_date - ${slow()}::int` : '';
  return `WITH ${shopsCte(f, p)},
    w AS (SELECT wb.wh_id, wb.wh_name, wb.shop_id FROM wh_base_info wb JOIN s ON s.shop_id = wb.shop_id ${f.whId ? `WHERE wb.wh_id = ${p.add(f.whId)}` : ''}),
    x AS (
      SELECT b.wh_id, w.wh_name, w.shop_id, b.sku_id, b.sku_code, b.sku_name, b.barcode, b.spec, b.unit, b.on_hand, b.cost_amount,
             (SELECT max(l.create_time)::date FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id AND l.doc_type = 'sale') AS last_sale,
             coalesce((SELECT -sum(l.qty) FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id AND l.doc_type IN ('sale', 'saleRefund')
                        AND l.create_time >= ${start}::date::timestamptz AND l.create_time < (${end}::date + 1)::timestamptz), 0) AS sold
        FROM stock_balance b JOIN w ON w.wh_id = b.wh_id ${kw ? 'JOIN pd_sku k ON k.sku_id = b.sku_id' : ''}
       WHERE b.on_hand > 0 ${kw ? `AND ${kw}` : ''})
    SELECT x.wh_id AS "whId", x.wh_name AS "whName", s.shop_id AS "shopId", s.shop_code AS "shopCode", s.shop_name AS "shopName", s.region_name AS "regionName",
           x.sku_id AS "skuId", x.sku_code AS "skuCode", x.sku_name AS "skuName", x.barcode, x.spec, x.unit,
           x.on_hand::float8 AS "onHand", x.cost_amount::float8 AS "costAmount", x.sold::float8 AS "saleQuantity",
           to_char(x.last_sale, 'YYYY-MM-DD') AS "lastSaleDate", (current_date - x.last_sale) AS "daysSinceLastSale"
      FROM x JOIN s ON s.shop_id = x.shop_id ${status}`;
}

export function stockPinOrder(f: StockPinFilter): string {
  const col = f.sort && (STOCK_PIN_SORTS as readonly string[]).includes(f.sort) ? f.sort : 'skuCode';
  return `"${col}" ${f.order === 'desc' ? 'DESC' : 'ASC'} NULLS ${f.order === 'desc' ? 'LAST' : 'FIRST'}, "shopCode", "skuCode", "whId"`;
}

export function finishStockPinRow(r: Row, per: Period, today: string, slowDays: number): Row {
  const days = daysBetween(per.start, per.end) + 1;
  const since = daysSince((r.lastSaleDate as string | null) ?? null, today);
  const status = pinStatus(since, slowDays);
  return {
    ...r,
    // One row per shop warehouse and SKU: the list's row key.
    rowKey: `${String(r.whId)}:${String(r.skuId)}`,
    onHand: qty(r.onHand),
    costAmount: yuanOf(r.costAmount),
    saleQuantity: qty(r.saleQuantity),
    avgDailySale: Math.round((Number(r.saleQuantity) / days) * 1000) / 1000,
    daysOfStock: daysOfStock(Number(r.onHand), Number(r.saleQuantity), days),
    daysSinceLastSale: since,
    pinStatus: status,
    pinStatusName: PIN_LABELS[status],
  };
}

export const STOCK_PIN_COLUMNS: [string, string][] = [
  ['shopCode', '门店编码'], ['shopName', '门店名称'], ['whName', '仓库名称'], ['skuCode', 'SKU编码'], ['skuName', 'SKU名称'], ['barcode', '条形码'], ['spec', '规格'],
  ['onHand', '库存数量'], ['costAmount', '库存成本'], ['saleQuantity', '期间销量'], ['avgDailySale', '日均销量'], ['daysOfStock', '可售天数'],
  ['lastSaleDate', '最后销售日期'], ['daysSinceLastSale', '未销售天数'], ['pinStatusName', '动销状态'],
];

// ---- 商品卖点 (report_common_selling_points) ----------------------------------------------------------------------

export interface SellingPointsFilter extends Scope {
  pageNum?: number | null;
  pageSize?: number | null;
  sort?: string | null;
  order?: 'asc' | 'desc' | null;
}
export const SELLING_POINT_SORTS = ['orderCount', 'saleQuantity', 'saleAmount', 'skuCode'] as const;

/**
 * What makes each SKU sell in the period, from the orders kept (已完成, refunded ones left out): how many orders
 * carry it and their share of all orders, quantity and amount, the average quantity per order and price paid, the
 * hour and the shop it sells most at (the most lines; the earliest hour, the first name on a tie, as mode() picks).
 * The SKU most often bought with it (连带商品) is added for the page. Read from the daily summaries kept by the
 * order triggers (migration 319: po_sales_point per day, shop, the order's shop name, hour and SKU; the kept orders
 * from po_sales_day_hour), equal to the same figures over the order lines (tests/api/analysisReports.test.ts).
 */
export function sellingPointsSql(f: SellingPointsFilter, per: Period, p: Params): string {
  const start = p.add(per.start);
  const end = p.add(per.end);
  const kw = skuWhere(f, p);
  // The shops joined (hashed), not `shop_id = ANY(array)`: half a million summary rows each searched a 100-shop array.
  const inPeriod = (t: string) => `${t}.tenant_id = app_current_tenant() AND ${t}.day >= ${start}::date AND ${t}.day <= ${end}::date`;
  return `WITH ${shopsCte(f, p)},
    x AS (SELECT x.sku_id, x.hour, x.shop_name, GROUPING(x.shop_name) = 1 AS by_hour,
                 sum(x.orders) AS orders, sum(x.lines) AS lines, sum(x.qty_milli) AS qty_milli, sum(x.amount_fen) AS amount_fen
            FROM po_sales_point x JOIN s ON s.shop_id = x.shop_id ${kw ? 'JOIN pd_sku k ON k.sku_id = x.sku_id' : ''}
           WHERE ${inPeriod('x')} ${kw ? `AND ${kw}` : ''}
           GROUP BY GROUPING SETS ((x.sku_id, x.hour), (x.sku_id, x.shop_name)) HAVING sum(x.lines) > 0),
    t AS (SELECT sku_id, sum(orders) AS orders, sum(qty_milli) / 1000.0 AS qty, sum(amount_fen) / 100.0 AS amount FROM x WHERE by_hour GROUP BY sku_id),
    ph AS (SELECT DISTINCT ON (sku_id) sku_id, hour FROM x WHERE by_hour ORDER BY sku_id, lines DESC, hour),
    ps AS (SELECT DISTINCT ON (sku_id) sku_id, shop_name FROM x WHERE NOT by_hour AND shop_name IS NOT NULL ORDER BY sku_id, lines DESC, shop_name),
    sc AS (SELECT sku_id, count(*) AS n FROM x WHERE NOT by_hour AND shop_name IS NOT NULL GROUP BY sku_id),
    n AS (SELECT sum(h.orders) AS n FROM po_sales_day_hour h JOIN s ON s.shop_id = h.shop_id WHERE ${inPeriod('h')} AND h.sign = 1 AND h.status = 1)
    SELECT k.sku_id AS "skuId", k.sku_code AS "skuCode", k.sku_name AS "skuName", k.spu_name AS "spuName", k.brand_name AS "brandName",
           t.orders::int AS "orderCount",
           round(t.orders * 100.0 / nullif((SELECT n FROM n), 0), 2)::float8 AS "orderShare",
           t.qty::float8 AS "saleQuantity", t.amount::float8 AS "saleAmount",
           round(t.qty / t.orders, 2)::float8 AS "avgQuantityPerOrder",
           round(t.amount / nullif(t.qty, 0), 2)::float8 AS "avgPrice",
           ph.hour::int AS "peakHour", ps.shop_name AS "topShopName", coalesce(sc.n, 0)::int AS "shopCount"
      FROM t JOIN pd_sku k ON k.sku_id = t.sku_id
      LEFT JOIN ph ON ph.sku_id = t.sku_id LEFT JOIN ps ON ps.sku_id = t.sku_id LEFT JOIN sc ON sc.sku_id = t.sku_id`;
}

export function sellingPointsOrder(f: SellingPointsFilter): string {
  const col = f.sort && (SELLING_POINT_SORTS as readonly string[]).includes(f.sort) ? f.sort : 'orderCount';
  const dir = f.order === 'asc' || (!f.order && col === 'skuCode') ? 'ASC' : 'DESC';
  return `"${col}" ${dir}, "skuCode"`;
}

/** The SKU most often in the same (kept) orders as each of `skuIds`, with the share of its orders that carry it. */
export async function companions(tx: Queryable, f: SellingPointsFilter, per: Period, skuIds: number[]): Promise<Map<number, { skuName: string; rate: number }>> {
  if (!skuIds.length) return new Map();
  const p = new Params();
  const ids = p.add(skuIds);
  const start = p.add(per.start);
  const end = p.add(per.end);
  const r = await tx.query<{ sku_id: number; sku_name: string; together: string; orders: string }>(
    `WITH ${shopsCte(f, p)},
       o AS (SELECT o.order_id FROM po_order o WHERE o.shop_id = ANY(ARRAY(SELECT shop_id FROM s)) AND NOT o.is_practice AND o.status IN (1, 4)
              AND o.create_time >= ${start}::date::timestamptz AND o.create_time < (${end}::date + 1)::timestamptz),
       mine AS MATERIALIZED (SELECT DISTINCT d.order_id, d.sku_id FROM po_order_det d JOIN o ON o.order_id = d.order_id WHERE d.sku_id = ANY(${ids}::int[])),
       -- Distinct (order, SKU, other SKU) first, then counted: hashed, where count(DISTINCT) sorted 95,000 pairs on disk.
       pairs AS (SELECT sku_id, other_id, count(*) AS together
                   FROM (SELECT DISTINCT m.order_id, m.sku_id, d.sku_id AS other_id FROM mine m JOIN po_order_det d ON d.order_id = m.order_id AND d.sku_id <> m.sku_id) x
                  GROUP BY 1, 2),
       -- Each SKU's own order count once per SKU (a subquery per pair row scanned \`mine\` once per companion: 24 s at 1M lines).
       n AS (SELECT sku_id, count(*) AS orders FROM mine GROUP BY sku_id)
     SELECT DISTINCT ON (p.sku_id) p.sku_id, k.sku_name, p.together, n.orders
       FROM pairs p JOIN n ON n.sku_id = p.sku_id JOIN pd_sku k ON k.sku_id = p.other_id ORDER BY p.sku_id, p.together DESC, p.other_id`,
    p.values,
  );
  return new Map(r.rows.map((x) => [x.sku_id, { skuName: x.sku_name, rate: Math.round((Number(x.together) / Number(x.orders)) * 10000) / 100 }]));
}

// ---- 会员消费 (report-member-info) --------------------------------------------------------------------------------

export interface MemberInfoFilter extends Scope {
  pageNum?: number | null;
  pageSize?: number | null;
  phoneNumber?: string | null;
  memberName?: string | null;
  memberLevel?: number | null;
  minOrderCount?: number | null;
  sort?: string | null;
  order?: 'asc' | 'desc' | null;
}
export const MEMBER_SORTS = ['netAmount', 'orderCount', 'lastOrderTime', 'avgAmount'] as const;

/**
 * Each member who bought at a shop in scope in the period: orders, amount paid, refunded and kept, the average
 * order, first and last order of the period, the last visit ever and the shop visited most. Orders of the period
 * only (practice left out); a refunded order counts with its refund.
 */
export function memberInfoSql(f: MemberInfoFilter, per: Period, p: Params): string {
  const start = p.add(per.start);
  const end = p.add(per.end);
  const w = ['m.status = 1'];
  if (f.phoneNumber?.trim()) w.push(`m.phone_number LIKE ${p.add(`${f.phoneNumber.trim()}%`)}`);
  if (f.memberName?.trim()) w.push(`m.member_name ILIKE ${p.add(`%${f.memberName.trim()}%`)}`);
  if (f.memberLevel) w.push(`m.member_level = ${p.add(f.memberLevel)}`);
  const having = f.minOrderCount ? `HAVING count(*) >= ${p.add(f.minOrderCount)}` : '';
  return `WITH ${shopsCte(f, p)},
    o AS (SELECT o.member_id, o.pay_amount, o.refund_amount, o.create_time, o.shop_name FROM po_order o
           WHERE o.member_id IS NOT NULL AND NOT o.is_practice AND o.status IN (1, 2, 4) AND o.shop_id = ANY(ARRAY(SELECT shop_id FROM s))
             AND o.create_time >= ${start}::date::timestamptz AND o.create_time < (${end}::date + 1)::timestamptz)
    SELECT m.member_id AS "memberId", m.phone_number AS "phoneNumber", m.member_name AS "memberName", m.member_level AS "memberLevel", m.points,
           m.shop_name AS "registerShopName", to_char(m.create_time, 'YYYY-MM-DD') AS "registerDate",
           count(*)::int AS "orderCount", sum(o.pay_amount)::float8 AS "saleAmount", sum(o.refund_amount)::float8 AS "refundAmount",
           sum(o.pay_amount - o.refund_amount)::float8 AS "netAmount", round(sum(o.pay_amount - o.refund_amount) / count(*), 2)::float8 AS "avgAmount",
           to_char(min(o.create_time), 'YYYY-MM-DD HH24:MI:SS') AS "firstOrderTime", to_char(max(o.create_time), 'YYYY-MM-DD HH24:MI:SS') AS "lastOrderTime",
           (SELECT to_char(max(x.create_time), 'YYYY-MM-DD') FROM po_order x WHERE x.member_id = m.member_id AND NOT x.is_practice) AS "lastVisitDate",
           (SELECT current_date - max(x.create_time)::date FROM po_order x WHERE x.member_id = m.member_id AND NOT x.is_practice) AS "daysSinceLastVisit",
           mode() WITHIN GROUP (ORDER BY o.shop_name) AS "favoriteShopName"
      FROM o JOIN mb_base_info m ON m.member_id = o.member_id
     WHERE ${w.join(' AND ')}
     GROUP BY m.member_id ${having}`;
}

export function memberInfoOrder(f: MemberInfoFilter): string {
  const col = f.sort && (MEMBER_SORTS as readonly string[]).includes(f.sort) ? f.sort : 'netAmount';
  return `"${col}" ${f.order === 'asc' ? 'ASC' : 'DESC'}, "memberId"`;
}

export function finishMemberRow(r: Row): Row {
  return { ...r, saleAmount: yuanOf(r.saleAmount), refundAmount: yuanOf(r.refundAmount), netAmount: yuanOf(r.netAmount), avgAmount: yuanOf(r.avgAmount) };
}

export const MEMBER_COLUMNS: [string, string][] = [
  ['phoneNumber', '手机号码'], ['memberName', '会员姓名'], ['memberLevel', '会员等级'], ['points', '积分'], ['registerShopName', '开卡门店'], ['orderCount', '消费次数'],
  ['saleAmount', '消费金额'], ['refundAmount', '退款金额'], ['netAmount', '实际消费'], ['avgAmount', '客单价'], ['firstOrderTime', '期间首次消费'],
  ['lastOrderTime', '期间最后消费'], ['lastVisitDate', '最近到店'], ['daysSinceLastVisit', '未到店天数'], ['favoriteShopName', '常去门店'],
];

// ---- 新品 (pd-new-product) ---------------------------------------------------------------------------------------

export interface NewProductFilter extends Scope {
  pageNum?: number | null;
  pageSize?: number | null;
  launchDateStart?: string | null;
  launchDateEnd?: string | null;
}

/** The SKUs marked new (is_new = 1), narrowed by launch date and the SKU filters. */
export function newProductSql(f: NewProductFilter, p: Params): string {
  const w = ['n.is_new = 1'];
  if (f.launchDateStart) w.push(`n.launch_date >= ${p.add(f.launchDateStart)}::date`);
  if (f.launchDateEnd) w.push(`n.launch_date <= ${p.add(f.launchDateEnd)}::date`);
  const kw = skuWhere(f, p);
  if (kw) w.push(kw);
  return `SELECT n.id, n.sku_id AS "skuId", k.sku_code AS "skuCode", k.sku_name AS "skuName", k.barcode, k.spec, k.spu_name AS "spuName",
                 k.supplier_name AS "supplierName", k.retail_price::float8 AS "retailPrice", to_char(n.launch_date, 'YYYY-MM-DD') AS "launchDate",
                 n.observe_weeks AS "observeWeeks", n.remark, n.update_user_name AS "updateUserName", to_char(n.update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
            FROM pd_new_product n JOIN pd_sku k ON k.sku_id = n.sku_id WHERE ${w.join(' AND ')}`;
}


/**
 * The figures of a page of new SKUs at the shops in scope: sales per launch week (sales less refunds, by the day
 * each happened), 铺货数量 = what the shops received of it up to now (SHOP_INFLOWS, before the launch day too: a new
 * product reaches the shops before it goes on sale, and a shop that sold it received it), shops that sold it, stock
 * in the shops now.
 */
export async function newProductFigures(tx: Queryable, f: NewProductFilter, rows: Row[], today: string): Promise<Row[]> {
  if (!rows.length) return rows;
  const first = rows.map((r) => String(r.launchDate)).sort()[0];
  const p = new Params();
  const ids = p.add(rows.map((r) => r.skuId));
  const start = p.add(first < today ? first : today);
  const end = p.add(today);
  const lines = saleLinesSql('o.shop_id = ANY(ARRAY(SELECT shop_id FROM s))', start, end, `k.sku_id = ANY(${ids}::int[])`);
  const r = await tx.query<{ sku_id: number; day: string; qty: string; amount: string; shop_id: number }>(
    `WITH ${shopsCte(f, p)}, l AS (${lines})
     SELECT l.sku_id, to_char(l.t, 'YYYY-MM-DD') AS day, l.shop_id, sum(l.quantity) AS qty, sum(l.amount) AS amount FROM l GROUP BY 1, 2, 3`,
    p.values,
  );
  const q = new Params();
  const ids2 = q.add(rows.map((x) => x.skuId));
  const stock = await tx.query<{ sku_id: number; stock: string; put: string }>(
    `WITH ${shopsCte(f, q)}, w AS (SELECT wb.wh_id FROM wh_base_info wb JOIN s ON s.shop_id = wb.shop_id)
     SELECT k.sku_id,
            coalesce((SELECT sum(b.on_hand) FROM stock_balance b WHERE b.sku_id = k.sku_id AND b.wh_id IN (SELECT wh_id FROM w)), 0) AS stock,
            coalesce((SELECT sum(l.qty) FROM stock_ledger l
                       WHERE l.sku_id = k.sku_id AND l.wh_id IN (SELECT wh_id FROM w) AND l.doc_type IN (${SHOP_INFLOWS})), 0) AS put
       FROM pd_sku k JOIN pd_new_product n ON n.sku_id = k.sku_id WHERE k.sku_id = ANY(${ids2}::int[])`,
    q.values,
  );
  const stockOf = new Map(stock.rows.map((x) => [x.sku_id, x]));
  return rows.map((row) => {
    const launch = String(row.launchDate);
    const weeks = launchWeeks(launch, Number(row.observeWeeks), today);
    const last = weeks.length ? weeks[weeks.length - 1].to : addDays(launch, -1);
    const mine = r.rows.filter((x) => x.sku_id === row.skuId && x.day >= launch && x.day <= last);
    const perWeek = weeks.map((w) => {
      const inWeek = mine.filter((x) => x.day >= w.from && x.day <= w.to);
      return { ...w, saleQuantity: qty(inWeek.reduce((a, x) => a + Number(x.qty), 0)), saleAmount: yuanOf(inWeek.reduce((a, x) => a + Number(x.amount), 0)) };
    });
    const sold = qty(perWeek.reduce((a, w) => a + w.saleQuantity, 0));
    const put = qty(stockOf.get(Number(row.skuId))?.put);
    const shopsSold = new Map<number, number>();
    for (const x of mine) shopsSold.set(x.shop_id, (shopsSold.get(x.shop_id) ?? 0) + Number(x.qty));
    return {
      ...row,
      weeks: perWeek,
      ...Object.fromEntries(perWeek.map((w) => [`week${w.week}Quantity`, w.saleQuantity])),
      saleQuantity: sold,
      saleAmount: yuanOf(perWeek.reduce((a, w) => a + w.saleAmount, 0)),
      saleShopCount: [...shopsSold.values()].filter((v) => v > 0).length,
      shopAllotQuantity: put,
      sellThroughRate: sellThroughRate(sold, put),
      stockQuantity: qty(stockOf.get(Number(row.skuId))?.stock),
      daysOnSale: launch <= today ? daysBetween(launch, today) + 1 : 0,
    };
  });
}
