import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { SummaryTx } from '../../db/salesSummaries.ts';
import { dbToday } from '../../db/calendar.ts';
import { grantedMenuKeys } from '../../permissions.ts';
import { quoteIdent } from '../../resources/query.ts';
import type { WaitingDocuments } from '../../documents/catalog.ts';
import { dayShareFen, percent } from './period.ts';
import { salesByDay, salesByHour, salesByShop, topSkus } from './salesQueries.ts';
import { shopScope } from '../../auth/callerShops.ts';
import { totalOf } from './shape.ts';
import { toYuan } from '../../../core/money.ts';
import { addDays, daysOf } from '../../../core/calendar.ts';

/**
 * 工作台's figures (GET statistics/dashboard, routed by dashboard.ts): the day's picture of the caller's shops
 * (shopScope: admin every shop, others theirs) in one call — today's net sales and orders against today's share of the month targets, the month so
 * far, a 7- or 30-day trend, the top 5 shops and SKUs of that window, today's sales by hour, stock alerts of the
 * shops' warehouses, the process tasks waiting for the caller and the documents waiting for someone with the
 * caller's permissions. Figures are those of every sales statistic (practice left out, refunds subtracted on
 * their day), read from the daily summaries the order triggers keep (days, hours, SKUs), never from order lines.
 */

const TOP = 5;
const ALERTS = 8;

/** Today's target in fen: the sellers' day targets of today, or the month target's even day share where the month has no day split. */
async function todayTargetFen(tx: Queryable, today: string, shops: number[] | null): Promise<{ todayFen: number; monthFen: number }> {
  const r = (await tx.query<{ day: number; month: number; unsplit: number }>(
    `SELECT coalesce((SELECT sum(d.target_amount) FROM shop_user_performance_daily_target d
                       WHERE d.target_date = $1::date AND ($2::int[] IS NULL OR d.shop_id = ANY($2::int[]))), 0) * 100 AS day,
            coalesce((SELECT sum(t.target_amount) FROM shop_performance_target t
                       WHERE t.target_moon_time = to_char($1::date, 'YYYY-MM') AND ($2::int[] IS NULL OR t.shop_id = ANY($2::int[]))), 0) * 100 AS month,
            coalesce((SELECT sum(t.target_amount) FROM shop_performance_target t
                       WHERE t.target_moon_time = to_char($1::date, 'YYYY-MM') AND ($2::int[] IS NULL OR t.shop_id = ANY($2::int[]))
                         AND NOT EXISTS (SELECT 1 FROM shop_user_performance_daily_target d WHERE d.shop_id = t.shop_id AND d.target_date = $1::date)), 0) * 100 AS unsplit`,
    [today, shops],
  )).rows[0];
  return { todayFen: Math.round(Number(r.day)) + dayShareFen(Math.round(Number(r.unsplit)), today), monthFen: Math.round(Number(r.month)) };
}

/** Stock below its safety level in the shops' warehouses; where no SKU has one, the lowest available quantities. Never below 0. */
async function stockAlerts(tx: Queryable, shops: number[] | null) {
  const rows = (await tx.query<{ whName: string; skuId: number; skuCode: string; skuName: string; available: number; safetyStock: number | null; mode: string }>(
    `WITH b AS (SELECT b.wh_name, b.sku_id, b.sku_code, b.sku_name, greatest(b.available, 0) AS available, b.safety_stock
                  FROM stock_balance b JOIN wh_base_info w ON w.wh_id = b.wh_id
                 WHERE w.status = 1 AND ($1::int[] IS NULL OR w.shop_id = ANY($1::int[])))
     (SELECT wh_name AS "whName", sku_id AS "skuId", sku_code AS "skuCode", sku_name AS "skuName", available::float8 AS available,
             safety_stock::float8 AS "safetyStock", 'safety' AS mode
        FROM b WHERE safety_stock IS NOT NULL AND available < safety_stock
       ORDER BY available - safety_stock, sku_id LIMIT $2)`,
    [shops, ALERTS],
  )).rows;
  if (rows.length) return { mode: 'safety', records: rows };
  const anySafety = (await tx.query(`SELECT 1 FROM stock_balance WHERE safety_stock IS NOT NULL LIMIT 1`)).rows.length > 0;
  if (anySafety) return { mode: 'safety', records: [] };
  const low = (await tx.query(
    `SELECT b.wh_name AS "whName", b.sku_id AS "skuId", b.sku_code AS "skuCode", b.sku_name AS "skuName", greatest(b.available, 0)::float8 AS available, NULL AS "safetyStock", 'lowest' AS mode
       FROM stock_balance b JOIN wh_base_info w ON w.wh_id = b.wh_id
      WHERE w.status = 1 AND ($1::int[] IS NULL OR w.shop_id = ANY($1::int[]))
      ORDER BY greatest(b.available, 0), b.sku_id LIMIT $2`,
    [shops, ALERTS],
  )).rows;
  return { mode: 'lowest', records: low };
}

/** Lots of the shops' warehouses near or past their expiry date (the 临期/过期批次 report's statuses 2 and 3). */
async function expiryAlerts(tx: Queryable, shops: number[] | null) {
  const r = (await tx.query<{ near: number; expired: number }>(
    `SELECT count(*) FILTER (WHERE l.expiry_status = 2)::int AS near, count(*) FILTER (WHERE l.expiry_status = 3)::int AS expired
       FROM stock_lot_list l JOIN wh_base_info w ON w.wh_id = l.wh_id
      WHERE l.expiry_status > 1 AND w.status = 1 AND ($1::int[] IS NULL OR w.shop_id = ANY($1::int[]))`,
    [shops],
  )).rows[0];
  return { nearExpiry: r.near, expired: r.expired, link: '/storageManage/whStockLot' };
}

/** Process tasks waiting for the caller: assigned to them, or to one of their roles, or to them among candidates. */
async function pendingTasks(tx: Queryable, auth: AuthContext) {
  const where = `t.status = 0 AND i.status = 1 AND (t.assignee_id = $1 OR (t.assignee_id IS NULL AND (t.candidate_roles && $2::text[] OR t.candidate_users @> ARRAY[$1]::int[])))`;
  const rows = (await tx.query(
    `SELECT t.task_id::float8 AS "taskId", i.instance_id::float8 AS "processInstanceId", i.title, i.process_name AS "processName", t.node_name AS "nodeName",
            i.applicant_name AS "applicantName", to_char(t.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
       FROM wf_task t JOIN wf_instance i ON i.instance_id = t.instance_id WHERE ${where}
      ORDER BY t.task_id DESC LIMIT 5`,
    [auth.userId, auth.roles],
  )).rows;
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wf_task t JOIN wf_instance i ON i.instance_id = t.instance_id WHERE ${where}`, [auth.userId, auth.roles])).rows[0].n;
  return { total, records: rows, link: '/processManage/myTodo' };
}

/** Documents waiting for a holder of their action's permission (the descriptors' `waiting`), in the caller's shops. */
async function waitingDocuments(tx: Queryable, auth: AuthContext, shops: number[] | null, waiting: WaitingDocuments[]) {
  const granted = auth.isAdmin ? null : await grantedMenuKeys(tx, auth);
  const mine = waiting.filter((w) => !granted || granted.has(w.perm));
  if (!mine.length) return [];
  const scope = (w: WaitingDocuments) =>
    !w.scope ? 'true'
    : 'warehouse' in w.scope ? `x.${quoteIdent(w.scope.warehouse)} IN (SELECT wh_id FROM wh_base_info WHERE shop_id = ANY($1::int[]))`
    : `x.${quoteIdent(w.scope.shop)} = ANY($1::int[])`;
  const parts = mine.map((w, i) => `SELECT ${i} AS i, count(*)::int AS n FROM ${quoteIdent(w.table)} x
    WHERE x.${quoteIdent(w.statusColumn)} IN (${w.statuses.map(Number).join(', ')}) AND ($1::int[] IS NULL OR ${scope(w)})`);
  const counts = (await tx.query<{ i: number; n: number }>(parts.join(' UNION ALL '), [shops])).rows;
  return counts.filter((c) => c.n > 0).map((c) => ({ key: mine[c.i].key, label: mine[c.i].label, count: c.n, link: mine[c.i].link }));
}

/**
 * What the caller's landing page puts first (首页 by role): 'shops' the 工作台 of their shops (admin, a 店长: someone
 * who manages a shop); 'shop' the day of the one shop they work at (a 店员: shops of their own, none managed) — today's
 * sales, their open shift, the documents waiting on the shop, the register; 'audit' the documents waiting for audit
 * (a head-office role of every shop that is not admin: 财务). Derived from the shop scope and 门店负责人, so a tenant's
 * own roles land the same way without a setting.
 */
export type Focus = 'shops' | 'shop' | 'audit';

async function focusOf(tx: Queryable, auth: AuthContext, shops: number[] | null): Promise<Focus> {
  if (auth.isAdmin) return 'shops';
  if (shops === null) return 'audit';
  const manages = (await tx.query(`SELECT 1 FROM wf_shop_manager WHERE user_id = $1 LIMIT 1`, [auth.userId])).rows.length > 0;
  return manages ? 'shops' : 'shop';
}

export async function dashboard(tx: SummaryTx, auth: AuthContext, days: 7 | 30, waiting: WaitingDocuments[] = []) {
  const today = await dbToday(tx);
  const shops = await shopScope(tx, auth);
  const todayP = { from: today, to: today, days: 1 };
  const windowP = { from: addDays(today, -(days - 1)), to: today, days };
  const monthP = { from: `${today.slice(0, 8)}01`, to: today, days: Number(today.slice(8, 10)) };
  const todayShops = await salesByShop(tx, todayP, shops);
  const windowShops = await salesByShop(tx, windowP, shops);
  const t = totalOf(todayShops);
  const todaySaleFen = t.soldFen - t.refundFen;
  const monthSaleFen = (await salesByDay(tx, monthP, shops)).reduce((a, d) => a + d.saleFen, 0);
  const target = await todayTargetFen(tx, today, shops);
  const trend = new Map((await salesByDay(tx, windowP, shops)).map((d) => [d.day, d]));
  const hours = new Map<number, { saleFen: number; orderCount: number }>();
  for (const c of await salesByHour(tx, todayP, shops)) {
    const cur = hours.get(c.hour) ?? { saleFen: 0, orderCount: 0 };
    hours.set(c.hour, { saleFen: cur.saleFen + c.saleFen, orderCount: cur.orderCount + c.orderCount });
  }
  const skus = await topSkus(tx, windowP, shops, TOP);
  return {
    today,
    days,
    focus: await focusOf(tx, auth, shops),
    shopCount: shops ? shops.length : todayShops.length,
    allShops: shops === null,
    todaySales: {
      saleAmount: toYuan(todaySaleFen),
      orderCount: t.orderCount - t.refundCount,
      refundAmount: toYuan(t.refundFen),
      targetAmount: toYuan(target.todayFen),
      reachRate: percent(todaySaleFen, target.todayFen),
      monthSaleAmount: toYuan(monthSaleFen),
      monthTargetAmount: toYuan(target.monthFen),
      monthReachRate: percent(monthSaleFen, target.monthFen),
    },
    trend: daysOf(windowP).map((d) => ({ date: d, saleAmount: toYuan(trend.get(d)?.saleFen ?? 0), orderCount: trend.get(d)?.orderCount ?? 0 })),
    hours: Array.from({ length: 24 }, (_, h) => ({ hour: h, saleAmount: toYuan(hours.get(h)?.saleFen ?? 0), orderCount: hours.get(h)?.orderCount ?? 0 })),
    topShops: windowShops.filter((s) => s.soldFen || s.refundFen).slice(0, TOP)
      .map((s) => ({ shopId: s.shopId, shopName: s.shopName, saleAmount: toYuan(s.soldFen - s.refundFen), orderCount: s.orderCount - s.refundCount })),
    topSkus: skus.map((s) => ({ skuId: s.skuId, skuCode: s.skuCode, skuName: s.skuName, quantity: s.qty, saleAmount: toYuan(s.amountFen) })),
    stockAlerts: { ...(await stockAlerts(tx, shops)), link: '/storageManage/whStock' },
    expiryAlerts: await expiryAlerts(tx, shops),
    pendingTasks: await pendingTasks(tx, auth),
    waitingDocuments: await waitingDocuments(tx, auth, shops, waiting),
  };
}
