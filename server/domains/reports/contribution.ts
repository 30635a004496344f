import type { Queryable } from '../../db/index.ts';
import { foldSalesSummaries } from '../../db/salesSummaries.ts';
import { registerJob, type JobContext } from '../../jobs/jobs.ts';

import type { EditableReport } from './edits.ts';
import { daysOfMonth } from '../../../core/calendar.ts';

/**
 * 每日贡献, 月度贡献 and 门店月度贡献: what each person and each shop sold in a day or month, at what cost and
 * margin, against their targets (绩效目标). Figures follow the targets' rule (server/domains/targets/sales.ts): real
 * sales only (练习收银 left out), an order counts on the day it was sold for its cashier, a refund subtracts its
 * amount — and its goods' cost, the cost they left at — on the day it was made from the same seller. Days are the
 * database session's calendar days. Cost is the order lines' quantity × unit_cost (the stock ledger's cost at the
 * sale), rounded to the fen per row; gross profit = sales − cost. Targets: a person's day target
 * (shop_user_performance_daily_target), month share (shop_user_performance_target), the shop's month target.
 *
 * Each report is a snapshot per month written by a background job, a batch of shops at a time (one short transaction each).
 */

export const CONTRIBUTION_JOBS = {
  daily: 'report.dailyContribution',
  monthly: 'report.monthlyContribution',
  shop: 'report.shopContribution',
} as const;

type Part = keyof typeof CONTRIBUTION_JOBS;

const FIGURES = [
  { field: 'editSaleAmount', editColumn: 'edit_sale_amount', computedColumn: 'sale_amount', title: '销售额' },
  { field: 'editGrossProfit', editColumn: 'edit_gross_profit', computedColumn: 'gross_profit', title: '毛利额', guard: '毛利率' as const },
];

export const CONTRIBUTION_REPORTS: Record<Part, EditableReport> = {
  daily: { type: 'dailyContribution', table: 'report_daily_contribution', periodSql: `to_char(report_date, 'YYYY-MM-DD')`, userNameSql: 'user_name', figures: FIGURES },
  monthly: { type: 'monthlyContribution', table: 'report_monthly_contribution', periodSql: 'report_month', userNameSql: 'user_name', figures: FIGURES },
  shop: { type: 'shopContribution', table: 'report_monthly_shop_contribution', periodSql: 'report_month', userNameSql: null, figures: FIGURES },
};

/**
 * Sales and cost per shop, day and seller of a batch of shops in [$2, $3] ($1 the shops, int[]), unrounded: sold orders
 * plus, negative, refunds on their day. Columns: shop_id, day, user_id (0 = no cashier), cashier_name, sale, cost, orders.
 * Read from the daily sales summary (po_sales_day, migration 305: the same movements summed per shop, day and
 * cashier by triggers on every order write), not from the orders and their lines: a month of a hundred shops is a
 * few thousand rows instead of a million lines (tests/api/contributionReports.test.ts checks it against the orders).
 */
export const SHOP_FACTS_SQL = `
  SELECT shop_id, day, coalesce(cashier_user_id, 0) AS user_id, max(cashier_name) FILTER (WHERE orders > 0 OR amount <> 0) AS cashier_name,
         sum(sign * amount) AS sale, sum(cost) AS cost, coalesce(sum(orders) FILTER (WHERE sign > 0), 0)::int AS orders
    FROM po_sales_day
   WHERE tenant_id = app_current_tenant() AND shop_id = ANY($1::int[]) AND day >= $2::date AND day <= $3::date
   GROUP BY shop_id, day, coalesce(cashier_user_id, 0)
  HAVING sum(orders) > 0 OR sum(amount) <> 0`;

const USER_NAME = `coalesce(u.name, f.cashier_name, CASE WHEN k.user_id = 0 THEN '未指定' ELSE k.user_id::text END)`;
const SHOP_NAME = `coalesce((SELECT shop_name FROM shop_base WHERE shop_id = k.shop_id), (SELECT max(shop_name) FROM po_order WHERE shop_id = k.shop_id))`;
const COMPUTED_SET = `shop_name = EXCLUDED.shop_name, order_count = EXCLUDED.order_count, sale_amount = EXCLUDED.sale_amount,
  cost_amount = EXCLUDED.cost_amount, gross_profit = EXCLUDED.gross_profit, target_amount = EXCLUDED.target_amount, calc_time = EXCLUDED.calc_time`;

/**
 * Rows of the month that no longer have figures: gone when nobody corrected them, set to zero when someone did
 * (the correction stays beside a zero computed value).
 */
async function clearShopMonth(tx: Queryable, table: string, shopIds: number[], month: string): Promise<void> {
  await tx.query(`DELETE FROM ${table} WHERE shop_id = ANY($1::int[]) AND report_month = $2 AND edit_time IS NULL`, [shopIds, month]);
  await tx.query(
    `UPDATE ${table} SET order_count = 0, sale_amount = 0, cost_amount = 0, gross_profit = 0, target_amount = 0, calc_time = now() WHERE shop_id = ANY($1::int[]) AND report_month = $2`,
    [shopIds, month],
  );
}

/**
 * Writes a batch of shops' month into the snapshots named by `parts` (computed columns only; corrections stay): one
 * statement per part for the whole batch, not one per shop (a month of a million lines: 100 shops one by one took
 * 100 s, in batches a few seconds).
 */
export async function computeShopMonth(tx: Queryable, shopIds: number[], month: string, parts: Part[]): Promise<number> {
  const days = daysOfMonth(month);
  const p = [shopIds, days[0], days.at(-1)!, month];
  let rows = 0;
  if (parts.includes('daily')) {
    await clearShopMonth(tx, 'report_daily_contribution', shopIds, month);
    const r = await tx.query(
      `WITH f AS (${SHOP_FACTS_SQL}),
       t AS (SELECT shop_id, target_date AS day, user_id, sum(target_amount) AS target FROM shop_user_performance_daily_target
              WHERE shop_id = ANY($1::int[]) AND target_date BETWEEN $2::date AND $3::date GROUP BY 1, 2, 3),
       k AS (SELECT shop_id, day, user_id FROM f UNION SELECT shop_id, day, user_id FROM t)
       INSERT INTO report_daily_contribution (tenant_id, report_date, report_month, shop_id, shop_name, user_id, user_name, order_count, sale_amount,
                                              cost_amount, gross_profit, target_amount, calc_time)
       SELECT app_current_tenant(), k.day, $4, k.shop_id, ${SHOP_NAME}, k.user_id, ${USER_NAME}, coalesce(f.orders, 0), coalesce(f.sale, 0),
              round(coalesce(f.cost, 0), 2), coalesce(f.sale, 0) - round(coalesce(f.cost, 0), 2), coalesce(t.target, 0), now()
         FROM k LEFT JOIN f ON f.shop_id = k.shop_id AND f.day = k.day AND f.user_id = k.user_id
         LEFT JOIN t ON t.shop_id = k.shop_id AND t.day = k.day AND t.user_id = k.user_id
         LEFT JOIN sys_user u ON u.id = k.user_id
       ON CONFLICT (tenant_id, report_date, shop_id, user_id) DO UPDATE SET user_name = EXCLUDED.user_name, ${COMPUTED_SET}`,
      p,
    );
    rows += r.rowCount ?? 0;
  }
  if (parts.includes('monthly')) {
    await clearShopMonth(tx, 'report_monthly_contribution', shopIds, month);
    const r = await tx.query(
      `WITH d AS (${SHOP_FACTS_SQL}),
       f AS (SELECT shop_id, user_id, max(cashier_name) AS cashier_name, sum(sale) AS sale, sum(cost) AS cost, sum(orders)::int AS orders FROM d GROUP BY 1, 2),
       t AS (SELECT shop_id, user_id, sum(target_amount) AS target FROM shop_user_performance_target WHERE shop_id = ANY($1::int[]) AND target_moon_time = $4 GROUP BY 1, 2),
       k AS (SELECT shop_id, user_id FROM f UNION SELECT shop_id, user_id FROM t)
       INSERT INTO report_monthly_contribution (tenant_id, report_month, shop_id, shop_name, user_id, user_name, order_count, sale_amount,
                                                cost_amount, gross_profit, target_amount, calc_time)
       SELECT app_current_tenant(), $4, k.shop_id, ${SHOP_NAME}, k.user_id, ${USER_NAME}, coalesce(f.orders, 0), coalesce(f.sale, 0),
              round(coalesce(f.cost, 0), 2), coalesce(f.sale, 0) - round(coalesce(f.cost, 0), 2), coalesce(t.target, 0), now()
         FROM k LEFT JOIN f ON f.shop_id = k.shop_id AND f.user_id = k.user_id LEFT JOIN t ON t.shop_id = k.shop_id AND t.user_id = k.user_id
         LEFT JOIN sys_user u ON u.id = k.user_id
       ON CONFLICT (tenant_id, report_month, shop_id, user_id) DO UPDATE SET user_name = EXCLUDED.user_name, ${COMPUTED_SET}`,
      p,
    );
    rows += r.rowCount ?? 0;
  }
  if (parts.includes('shop')) {
    await clearShopMonth(tx, 'report_monthly_shop_contribution', shopIds, month);
    const r = await tx.query(
      `WITH d AS (${SHOP_FACTS_SQL}),
       f AS (SELECT shop_id, sum(sale) AS sale, sum(cost) AS cost, sum(orders)::int AS orders,
                    count(DISTINCT user_id) FILTER (WHERE orders > 0 AND user_id <> 0)::int AS sellers FROM d GROUP BY shop_id),
       t AS (SELECT shop_id, max(target_amount) AS target FROM shop_performance_target WHERE shop_id = ANY($1::int[]) AND target_moon_time = $4 GROUP BY shop_id),
       k AS (SELECT shop_id FROM f UNION SELECT shop_id FROM t)
       INSERT INTO report_monthly_shop_contribution (tenant_id, report_month, shop_id, shop_name, seller_count, order_count, sale_amount,
                                                     cost_amount, gross_profit, target_amount, calc_time)
       SELECT app_current_tenant(), $4, k.shop_id, ${SHOP_NAME}, coalesce(f.sellers, 0), coalesce(f.orders, 0), coalesce(f.sale, 0),
              round(coalesce(f.cost, 0), 2), coalesce(f.sale, 0) - round(coalesce(f.cost, 0), 2), coalesce(t.target, 0), now()
         FROM k LEFT JOIN f ON f.shop_id = k.shop_id LEFT JOIN t ON t.shop_id = k.shop_id
       ON CONFLICT (tenant_id, report_month, shop_id) DO UPDATE SET seller_count = EXCLUDED.seller_count, ${COMPUTED_SET}`,
      p,
    );
    rows += r.rowCount ?? 0;
  }
  return rows;
}

/** The shops with something to report in the month: orders, refunds (whole, of lines) and 换货, targets, or rows of an earlier snapshot. */
export async function shopsOfMonth(tx: Queryable, month: string, snapshotTables: string[]): Promise<number[]> {
  const days = daysOfMonth(month);
  const r = await tx.query<{ shop_id: number }>(
    `SELECT shop_id FROM po_order WHERE NOT is_practice AND create_time >= $1::date::timestamptz AND create_time < ($2::date + 1)::timestamptz
     UNION SELECT shop_id FROM po_order WHERE refund_time >= $1::date::timestamptz AND refund_time < ($2::date + 1)::timestamptz
     UNION SELECT shop_id FROM po_order_exchange WHERE create_time >= $1::date::timestamptz AND create_time < ($2::date + 1)::timestamptz
     UNION SELECT shop_id FROM shop_performance_target WHERE target_moon_time = $3
     ${snapshotTables.map((t) => `UNION SELECT shop_id FROM ${t} WHERE report_month = $3`).join('\n')}
     ORDER BY 1`,
    [days[0], days.at(-1)!, month],
  );
  return r.rows.map((x) => Number(x.shop_id));
}

const TABLES: Record<Part, string> = { daily: 'report_daily_contribution', monthly: 'report_monthly_contribution', shop: 'report_monthly_shop_contribution' };

/** Shops computed per statement and transaction (the progress moves per batch). */
const SHOP_BATCH = 25;

/** A job over a month's shops, one short transaction per batch of shops, progress per batch; stops between batches when the server does. */
async function runMonth(ctx: JobContext, parts: Part[]): Promise<{ month: string; shops: number; rows: number }> {
  const month = ctx.key;
  // The sales committed so far folded into the summaries once, in a transaction of its own: a batch's long statements
  // then never hold the tenant's fold lock (a report read meanwhile would wait for it).
  await ctx.tx(foldSalesSummaries);
  const shops = await ctx.tx((tx) => shopsOfMonth(tx, month, parts.map((p) => TABLES[p])));
  let rows = 0;
  for (let i = 0; i < shops.length; i += SHOP_BATCH) {
    if (ctx.signal.aborted) throw new Error('服务正在停止');
    const batch = shops.slice(i, i + SHOP_BATCH);
    rows += await ctx.tx((tx) => computeShopMonth(tx, batch, month, parts));
    const done = i + batch.length;
    await ctx.progress(done, shops.length, `已计算 ${done}/${shops.length} 家门店`);
  }
  return { month, shops: shops.length, rows };
}

registerJob<Record<string, unknown>>(CONTRIBUTION_JOBS.daily, { title: (key) => `每日贡献 ${key}`, run: (ctx) => runMonth(ctx, ['daily']) });
// The month's person report also refreshes its days: the task details (task-det) of a row are those days.
registerJob<Record<string, unknown>>(CONTRIBUTION_JOBS.monthly, { title: (key) => `月度贡献 ${key}`, run: (ctx) => runMonth(ctx, ['daily', 'monthly']) });
registerJob<Record<string, unknown>>(CONTRIBUTION_JOBS.shop, { title: (key) => `门店月度贡献 ${key}`, run: (ctx) => runMonth(ctx, ['shop']) });
