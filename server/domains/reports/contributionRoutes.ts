import { dbToday } from '../../db/calendar.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { CONTRIBUTION_JOBS, CONTRIBUTION_REPORTS } from './contribution.ts';
import { editLog, missingGuards } from './edits.ts';
import type { Queryable } from '../../db/index.ts';
import { monthField, reportMonth } from './period.ts';
import { authOf, registerEditCalls, registerSnapshotCalls } from './snapshotRoutes.ts';
import { addDays } from '../../../core/calendar.ts';

/**
 * Calls of the contribution reports beside their descriptors' lists and exports (schemas/resources/
 * report-daily-contribution.json, report-monthly-contribution.json, report-monthly-shop-contribution.json).
 */

// 月度贡献's job writes the days too: a month it computed counts as computed here.
registerSnapshotCalls('dailyContribution', CONTRIBUTION_JOBS.daily, '统计月份', undefined, [CONTRIBUTION_JOBS.monthly]);
registerEditCalls('dailyContribution', CONTRIBUTION_REPORTS.daily);
registerCustomRoute('dailyContribution.remarks', {
  schema: { params: { type: 'object', required: ['id'], properties: { id: idField('记录ID') } } },
  handler: async (req) => ok(await req.tenantTx((tx) => editLog(tx, authOf(req), CONTRIBUTION_REPORTS.daily, Number(req.params.id)))),
});

registerSnapshotCalls('monthlyContribution', CONTRIBUTION_JOBS.monthly, '统计月份');
registerEditCalls('monthlyContribution', CONTRIBUTION_REPORTS.monthly);

/** 任务明细 of a person's month: 1 销售任务 (day target, sales, reach), 2 毛利 (sales, cost, profit, margin), from the day snapshot. */
export const TASK_TYPES: Record<number, string> = { 1: '销售任务', 2: '毛利' };

registerCustomRoute('monthlyContribution.taskDet', {
  schema: {
    params: {
      type: 'object', required: ['contributionId', 'taskType'],
      properties: { contributionId: idField('贡献记录ID'), taskType: { type: 'integer', title: '任务类型', enum: [1, 2] } },
    },
  },
  handler: async (req) => {
    const auth = authOf(req);
    return ok(await req.tenantTx(async (tx) => {
      const row = (await tx.query<{ report_month: string; shop_id: number; user_id: number }>(
        `SELECT report_month, shop_id, user_id FROM report_monthly_contribution WHERE id = $1`, [Number(req.params.contributionId)],
      )).rows[0];
      if (!row) throw new ApiError('NOT_FOUND', '该月度贡献记录不存在或已被删除');
      const taskType = Number(req.params.taskType);
      const guards = await missingGuards(tx, auth);
      if (taskType === 2 && guards.has('毛利率')) throw new ApiError('FORBIDDEN', '无权查看毛利明细');
      const days = await tx.query<Record<string, unknown>>(
        `SELECT id, to_char(report_date, 'YYYY-MM-DD') AS "reportDate", order_count AS "orderCount", final_sale_amount::float8 AS "saleAmount",
                target_amount::float8 AS "targetAmount", reach_rate::float8 AS "reachRate", cost_amount::float8 AS "costAmount",
                final_gross_profit::float8 AS "grossProfit", gross_margin::float8 AS "grossMargin"
           FROM report_daily_contribution WHERE report_month = $1 AND shop_id = $2 AND user_id = $3 ORDER BY report_date`,
        [row.report_month, row.shop_id, row.user_id],
      );
      const keep = taskType === 1 ? ['id', 'reportDate', 'orderCount', 'saleAmount', 'targetAmount', 'reachRate'] : ['id', 'reportDate', 'saleAmount', 'costAmount', 'grossProfit', 'grossMargin'];
      const hidden = new Set(guards.has('成本总金额') ? ['costAmount'] : []);
      return days.rows.map((d) => Object.fromEntries(keep.filter((k) => !hidden.has(k)).map((k) => [k, d[k]])));
    }));
  },
});

registerSnapshotCalls('shopContribution', CONTRIBUTION_JOBS.shop, '统计月份');
registerEditCalls('shopContribution', CONTRIBUTION_REPORTS.shop);

/** A month's shop rows at once (a chart's or a select's list), largest sales first; cost and margin as the caller may see them. */
registerCustomRoute('shopContribution.findList', {
  schema: { querystring: { type: 'object', properties: { reportMonth: monthField('统计月份') } } },
  handler: async (req) => {
    const auth = authOf(req);
    return ok(await req.tenantTx(async (tx) => {
      const { month } = reportMonth(req.query.reportMonth ?? (await dbToday(tx)).slice(0, 7), '统计月份', await dbToday(tx));
      const guards = await missingGuards(tx, auth);
      const r = await tx.query<Record<string, unknown>>(
        `SELECT id, report_month AS "reportMonth", shop_id AS "shopId", shop_name AS "shopName", seller_count AS "sellerCount", order_count AS "orderCount",
                final_sale_amount::float8 AS "saleAmount", target_amount::float8 AS "targetAmount", reach_rate::float8 AS "reachRate",
                cost_amount::float8 AS "costAmount", final_gross_profit::float8 AS "grossProfit", gross_margin::float8 AS "grossMargin",
                to_char(calc_time, 'YYYY-MM-DD HH24:MI:SS') AS "calcTime"
           FROM report_monthly_shop_contribution WHERE report_month = $1 ORDER BY final_sale_amount DESC, id`,
        [month],
      );
      const hide = [...(guards.has('成本总金额') ? ['costAmount'] : []), ...(guards.has('毛利率') ? ['grossProfit', 'grossMargin'] : [])];
      for (const row of r.rows) for (const k of hide) delete row[k];
      return r.rows;
    }));
  },
});

/** Shop filter of a chart call: a shop of the caller's tenant or none (another tenant's is as unknown as no shop). */
async function chartShop(tx: Queryable, shopId: unknown): Promise<number | null> {
  if (shopId === undefined || shopId === null || shopId === '') return null;
  if (!(await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [Number(shopId)])).rows.length) throw new ApiError('BAD_REQUEST', `门店不存在（门店ID ${String(shopId)}）`);
  return Number(shopId);
}

/** 每日贡献's day trend of a month (a chart's line): sales, target and gross profit per day over the shops asked, corrections included. */
registerCustomRoute('dailyContribution.dayTrend', {
  schema: { body: { type: 'object', required: ['reportMonth'], properties: { reportMonth: monthField('统计月份'), shopId: idField('门店') } } },
  handler: async (req) => {
    const auth = authOf(req);
    return ok(await req.tenantTx(async (tx) => {
      const { month } = reportMonth(req.body?.reportMonth, '统计月份', await dbToday(tx));
      const shopId = await chartShop(tx, req.body?.shopId);
      const guards = await missingGuards(tx, auth);
      const r = await tx.query<Record<string, unknown>>(
        `SELECT to_char(report_date, 'YYYY-MM-DD') AS "reportDate", sum(order_count)::int AS "orderCount", sum(final_sale_amount)::float8 AS "saleAmount",
                sum(target_amount)::float8 AS "targetAmount", sum(final_gross_profit)::float8 AS "grossProfit"
           FROM report_daily_contribution WHERE report_month = $1 AND ($2::int IS NULL OR shop_id = $2) GROUP BY report_date ORDER BY report_date`,
        [month, shopId],
      );
      if (guards.has('毛利率')) for (const row of r.rows) delete row.grossProfit;
      return { reportMonth: month, days: r.rows };
    }));
  },
});

/** 报表修改日志's chart: corrections per day of the last 7/30/90 days (today included), per report. */
registerCustomRoute('reportEditLog.trend', {
  schema: {
    body: {
      type: ['object', 'null'], additionalProperties: false,
      properties: { days: { type: ['integer', 'null'], enum: [7, 30, 90, null], title: '天数' }, reportType: { type: ['string', 'null'], enum: ['dailyContribution', 'monthlyContribution', 'shopContribution', 'starRating', null], title: '报表' } },
    },
  },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const days = Number((req.body as { days?: number | null } | null)?.days ?? 30);
    const reportType = (req.body as { reportType?: string | null } | null)?.reportType ?? null;
    const today = await dbToday(tx);
    const r = await tx.query<{ day: string; report_type: string; n: number }>(
      `SELECT to_char(edit_time, 'YYYY-MM-DD') AS day, report_type, count(*)::int AS n FROM report_edit_log
        WHERE edit_time >= ($1::date - $2::int + 1)::timestamptz AND ($3::text IS NULL OR report_type = $3) GROUP BY 1, 2`,
      [today, days, reportType],
    );
    const from = addDays(today, -(days - 1));
    const byDay = new Map<string, Record<string, number>>();
    for (const x of r.rows) byDay.set(x.day, { ...byDay.get(x.day), [x.report_type]: Number(x.n) });
    return {
      days: Array.from({ length: days }, (_, i) => {
        const date = addDays(from, i);
        const c = byDay.get(date) ?? {};
        return { date, dailyContribution: c.dailyContribution ?? 0, monthlyContribution: c.monthlyContribution ?? 0, shopContribution: c.shopContribution ?? 0, starRating: c.starRating ?? 0 };
      }),
    };
  })),
});
