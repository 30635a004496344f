import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import { lastDoneJob, registerJob, type JobContext } from '../../jobs/jobs.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { CONTRIBUTION_JOBS } from './contribution.ts';
import { editLog, editReportRow, type EditableReport } from './edits.ts';
import { authOf, registerSnapshotCalls } from './snapshotRoutes.ts';
import { starFor, type StarRule } from './starRules.ts';
import { dbToday } from '../../db/calendar.ts';
import { monthField, reportMonth } from './period.ts';

/**
 * 星级评定: each person's stars of a month from the rules (report_star_rule) over the month's contribution snapshot
 * (月度贡献, corrections included: the figures people agreed on). Per shop row (report-monthly-star-rating) and per
 * person over all their shops (star-rating-user-det, "merger"). Both are background jobs; the month's 月度贡献 must
 * have been computed first.
 */

export const STAR_JOBS = { rating: 'report.starRating', user: 'report.starRatingUser' } as const;

export const STAR_REPORT: EditableReport = {
  type: 'starRating', table: 'report_monthly_star_rating', periodSql: 'report_month', userNameSql: 'user_name',
  figures: [{ field: 'editStar', editColumn: 'edit_star', computedColumn: 'star', title: '星级', integer: { min: 0, max: 5 } }],
};

export async function starRules(tx: Queryable): Promise<StarRule[]> {
  const r = await tx.query<{ star: number; min_reach_rate: string | null; min_gross_margin: string | null; min_sale_amount: string | null }>(
    `SELECT star, min_reach_rate, min_gross_margin, min_sale_amount FROM report_star_rule ORDER BY star DESC`,
  );
  const num = (v: string | null) => (v === null ? null : Number(v));
  return r.rows.map((x) => ({ star: Number(x.star), minReachRate: num(x.min_reach_rate), minGrossMargin: num(x.min_gross_margin), minSaleAmount: num(x.min_sale_amount) }));
}

/** Refuses a month whose 月度贡献 was never computed: the stars would rate nothing. */
async function assertContributionComputed(tx: Queryable, month: string): Promise<void> {
  if (!(await lastDoneJob(tx, CONTRIBUTION_JOBS.monthly, month))) {
    throw new ApiError('BAD_REQUEST', `${month} 的月度贡献尚未计算，请先在「月度贡献」中计算该月`);
  }
}

interface ContributionRow {
  id: number; shop_id: number; shop_name: string | null; user_id: number; user_name: string | null;
  sale: string; target: string; reach: string | null; profit: string; margin: string | null;
}

const CHUNK = 500;

async function runRating(ctx: JobContext): Promise<{ month: string; persons: number }> {
  const month = ctx.key;
  const rules = await ctx.tx(starRules);
  const rows = await ctx.tx((tx) => tx.query<ContributionRow>(
    `SELECT id, shop_id, shop_name, user_id, user_name, final_sale_amount AS sale, target_amount AS target, reach_rate AS reach,
            final_gross_profit AS profit, gross_margin AS margin
       FROM report_monthly_contribution WHERE report_month = $1 AND user_id <> 0 ORDER BY id`, [month],
  ));
  await ctx.tx((tx) => tx.query(
    `DELETE FROM report_monthly_star_rating r WHERE report_month = $1 AND edit_time IS NULL
        AND NOT EXISTS (SELECT 1 FROM report_monthly_contribution c WHERE c.report_month = r.report_month AND c.shop_id = r.shop_id AND c.user_id = r.user_id)`, [month],
  ));
  for (let i = 0; i < rows.rows.length; i += CHUNK) {
    if (ctx.signal.aborted) throw new Error('服务正在停止');
    const part = rows.rows.slice(i, i + CHUNK);
    const stars = part.map((r) => starFor({ reachRate: r.reach === null ? null : Number(r.reach), grossMargin: r.margin === null ? null : Number(r.margin), saleAmount: Number(r.sale) }, rules));
    await ctx.tx((tx) => tx.query(
      `INSERT INTO report_monthly_star_rating (tenant_id, report_month, shop_id, shop_name, user_id, user_name, contribution_id, sale_amount, target_amount,
                                              reach_rate, gross_profit, gross_margin, star, rule_text, calc_time)
       SELECT app_current_tenant(), $1, c.shop_id, c.shop_name, c.user_id, c.user_name, c.id, c.final_sale_amount, c.target_amount, c.reach_rate,
              c.final_gross_profit, c.gross_margin, x.star, x.rule, now()
         FROM unnest($2::int[], $3::int[], $4::text[]) AS x(id, star, rule) JOIN report_monthly_contribution c ON c.id = x.id
       ON CONFLICT (tenant_id, report_month, shop_id, user_id) DO UPDATE SET shop_name = EXCLUDED.shop_name, user_name = EXCLUDED.user_name,
         contribution_id = EXCLUDED.contribution_id, sale_amount = EXCLUDED.sale_amount, target_amount = EXCLUDED.target_amount, reach_rate = EXCLUDED.reach_rate,
         gross_profit = EXCLUDED.gross_profit, gross_margin = EXCLUDED.gross_margin, star = EXCLUDED.star, rule_text = EXCLUDED.rule_text, calc_time = EXCLUDED.calc_time`,
      [month, part.map((r) => r.id), stars.map((s) => s.star), stars.map((s) => s.rule)],
    ));
    await ctx.progress(Math.min(i + CHUNK, rows.rows.length), rows.rows.length, `已评定 ${Math.min(i + CHUNK, rows.rows.length)}/${rows.rows.length} 人次`);
  }
  return { month, persons: rows.rows.length };
}

/** A person's month over all their shops: sums of sales, targets and gross profit, reach and margin of the sums. */
async function runUserMerge(ctx: JobContext): Promise<{ month: string; persons: number }> {
  const month = ctx.key;
  const rules = await ctx.tx(starRules);
  const persons = await ctx.tx(async (tx) => {
    const merged = await tx.query<{ user_id: number; sale: string; target: string; profit: string; reach: string | null; margin: string | null }>(
      `SELECT user_id, sum(final_sale_amount) AS sale, sum(target_amount) AS target, sum(final_gross_profit) AS profit,
              CASE WHEN sum(target_amount) > 0 THEN round(sum(final_sale_amount) * 100 / sum(target_amount), 2) END AS reach,
              CASE WHEN sum(final_sale_amount) <> 0 THEN round(sum(final_gross_profit) * 100 / sum(final_sale_amount), 2) END AS margin
         FROM report_monthly_contribution WHERE report_month = $1 AND user_id <> 0 GROUP BY user_id ORDER BY user_id`, [month],
    );
    const stars = merged.rows.map((r) => starFor({ reachRate: r.reach === null ? null : Number(r.reach), grossMargin: r.margin === null ? null : Number(r.margin), saleAmount: Number(r.sale) }, rules));
    await tx.query(`DELETE FROM report_star_rating_user_det WHERE report_month = $1 AND NOT (user_id = ANY($2::int[]))`, [month, merged.rows.map((r) => r.user_id)]);
    await tx.query(
      `INSERT INTO report_star_rating_user_det (tenant_id, report_month, user_id, user_name, shop_count, shop_names, sale_amount, target_amount, reach_rate,
                                               gross_profit, gross_margin, star, rule_text, calc_time)
       SELECT app_current_tenant(), $1, c.user_id, max(c.user_name), count(*), left(string_agg(c.shop_name, '、' ORDER BY c.shop_name), 200),
              sum(c.final_sale_amount), sum(c.target_amount), x.reach, sum(c.final_gross_profit), x.margin, x.star, x.rule, now()
         FROM unnest($2::int[], $3::numeric[], $4::numeric[], $5::int[], $6::text[]) AS x(user_id, reach, margin, star, rule)
         JOIN report_monthly_contribution c ON c.user_id = x.user_id AND c.report_month = $1
        GROUP BY c.user_id, x.reach, x.margin, x.star, x.rule
       ON CONFLICT (tenant_id, report_month, user_id) DO UPDATE SET user_name = EXCLUDED.user_name, shop_count = EXCLUDED.shop_count, shop_names = EXCLUDED.shop_names,
         sale_amount = EXCLUDED.sale_amount, target_amount = EXCLUDED.target_amount, reach_rate = EXCLUDED.reach_rate, gross_profit = EXCLUDED.gross_profit,
         gross_margin = EXCLUDED.gross_margin, star = EXCLUDED.star, rule_text = EXCLUDED.rule_text, calc_time = EXCLUDED.calc_time`,
      [month, merged.rows.map((r) => r.user_id), merged.rows.map((r) => r.reach), merged.rows.map((r) => r.margin), stars.map((s) => s.star), stars.map((s) => s.rule)],
    );
    return merged.rows.length;
  });
  // Outside the transaction: the progress is a transaction of its own (the embedded database has one connection).
  await ctx.progress(1, 1);
  return { month, persons };
}

registerJob<Record<string, unknown>>(STAR_JOBS.rating, { title: (key) => `星级评定 ${key}`, run: runRating });
registerJob<Record<string, unknown>>(STAR_JOBS.user, { title: (key) => `人员星级汇总 ${key}`, run: runUserMerge });

registerSnapshotCalls('starRating', STAR_JOBS.rating, '统计月份', assertContributionComputed);
registerSnapshotCalls('starRatingUser', STAR_JOBS.user, '统计月份', assertContributionComputed);

registerCustomRoute('starRating.edit', {
  schema: {
    params: { type: 'object', required: ['id'], properties: { id: idField('记录ID') } },
    body: {
      type: 'object', required: ['editStar'], additionalProperties: false,
      properties: { id: idField('记录ID'), editStar: { type: ['integer', 'null'], title: '星级', minimum: 0, maximum: 5 }, editRemark: plainText('修改原因', 200), remark: plainText('修改原因', 200) },
    },
  },
  handler: async (req) => {
    const b = req.body ?? {};
    return ok(await req.tenantTx((tx) => editReportRow(tx, authOf(req), STAR_REPORT, Number(req.params.id), b, b.editRemark ?? b.remark)), '修改成功');
  },
});
registerCustomRoute('starRating.editLog', {
  schema: { querystring: { type: 'object', properties: { id: idField('记录ID') } } },
  handler: async (req) => ok(await req.tenantTx((tx) => editLog(tx, authOf(req), STAR_REPORT, req.query.id === undefined ? null : Number(req.query.id)))),
});

/** 星级分布 of a month (a chart's bars): how many persons got each star (corrections included), over the shops asked. */
registerCustomRoute('starRating.distribution', {
  schema: { body: { type: 'object', required: ['reportMonth'], properties: { reportMonth: monthField('统计月份'), shopId: idField('门店') } } },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const { month } = reportMonth(req.body?.reportMonth, '统计月份', await dbToday(tx));
    const shopId = req.body?.shopId ?? null;
    if (shopId !== null && !(await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [shopId])).rows.length) throw new ApiError('BAD_REQUEST', `门店不存在（门店ID ${shopId}）`);
    const r = await tx.query<{ star: number; n: number }>(
      `SELECT final_star AS star, count(*)::int AS n FROM report_monthly_star_rating WHERE report_month = $1 AND ($2::int IS NULL OR shop_id = $2) GROUP BY 1`,
      [month, shopId],
    );
    const byStar = new Map(r.rows.map((x) => [Number(x.star), Number(x.n)]));
    return { reportMonth: month, stars: [0, 1, 2, 3, 4, 5].map((star) => ({ star: `${star}星`, count: byStar.get(star) ?? 0 })) };
  })),
});

/** 人员星级汇总's chart: how many persons got each star in a month (the summary's star, 0-5). */
registerCustomRoute('starRatingUser.distribution', {
  schema: { body: { type: 'object', required: ['reportMonth'], additionalProperties: false, properties: { reportMonth: monthField('统计月份') } } },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const { month } = reportMonth(req.body?.reportMonth, '统计月份', await dbToday(tx));
    const r = await tx.query<{ star: number; n: number }>(`SELECT star, count(*)::int AS n FROM report_star_rating_user_det WHERE report_month = $1 GROUP BY 1`, [month]);
    const byStar = new Map(r.rows.map((x) => [Number(x.star), Number(x.n)]));
    return { reportMonth: month, stars: [0, 1, 2, 3, 4, 5].map((star) => ({ star: `${star}星`, count: byStar.get(star) ?? 0 })) };
  })),
});
