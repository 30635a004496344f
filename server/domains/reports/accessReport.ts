import { registerJob, type JobContext } from '../../jobs/jobs.ts';
import { ok } from '../../http/envelope.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';

import { monthField, reportMonth } from './period.ts';
import { dbToday } from '../../db/calendar.ts';
import { ApiError } from '../../errors.ts';
import { idField } from '../../http/fields.ts';
import { lastComputed, startSnapshot } from './snapshotRoutes.ts';
import { daysOfMonth } from '../../../core/calendar.ts';

/**
 * 客流转化 (access/report): per shop and China day, the visitors the camera boxes counted (every channel's entries),
 * the real orders sold that day and their sales, conversion = orders / visitors (null without visitors), beside the
 * shop's month targets (access/target). Days are China dates on both sides, as the counts are dated
 * (shop_passengers_count.count_date). Computed per month by a background job; reading never recomputes.
 */

export const ACCESS_JOB = 'report.accessReport';

async function runAccess(ctx: JobContext): Promise<{ month: string; rows: number }> {
  const month = ctx.key;
  const days = daysOfMonth(month);
  const rows = await ctx.tx(async (tx) => {
    await tx.query(`DELETE FROM access_report WHERE report_month = $1`, [month]);
    const r = await tx.query(
      `WITH v AS (SELECT shop_id, count_date AS day, sum(in_count)::int AS visitors FROM shop_passengers_count
                   WHERE count_date BETWEEN $1::date AND $2::date GROUP BY 1, 2),
       o AS (SELECT shop_id, (create_time AT TIME ZONE app_business_tz())::date AS day, count(*)::int AS orders, sum(pay_amount) AS sale FROM po_order
              WHERE NOT is_practice AND status IN (1, 2, 4)
                AND create_time >= ($1::date::timestamp AT TIME ZONE app_business_tz()) AND create_time < (($2::date + 1)::timestamp AT TIME ZONE app_business_tz())
              GROUP BY 1, 2),
       k AS (SELECT shop_id, day FROM v UNION SELECT shop_id, day FROM o)
       INSERT INTO access_report (tenant_id, report_date, report_month, shop_id, shop_name, visitor_count, order_count, sale_amount, target_conversion, target_visitors, calc_time)
       SELECT app_current_tenant(), k.day, $3, k.shop_id, b.shop_name, coalesce(v.visitors, 0), coalesce(o.orders, 0), coalesce(o.sale, 0),
              t.conversion_target, CASE WHEN t.visitor_target IS NOT NULL THEN round(t.visitor_target::numeric / $4)::int END, now()
         FROM k LEFT JOIN v ON v.shop_id = k.shop_id AND v.day = k.day LEFT JOIN o ON o.shop_id = k.shop_id AND o.day = k.day
         JOIN shop_base b ON b.shop_id = k.shop_id
         LEFT JOIN access_target t ON t.shop_id = k.shop_id AND t.target_month = $3`,
      [days[0], days.at(-1)!, month, days.length],
    );
    return r.rowCount ?? 0;
  });
  await ctx.progress(1, 1);
  return { month, rows };
}

registerJob<Record<string, unknown>>(ACCESS_JOB, { title: (key) => `客流转化 ${key}`, run: runAccess });

registerCustomRoute('accessReport.refresh', {
  schema: { params: { type: 'object', required: ['month'], properties: { month: monthField('统计月份') } } },
  handler: async (req) => ok(await startSnapshot(req, ACCESS_JOB, req.params.month, '统计月份'), '已开始刷新'),
});
registerCustomRoute('accessReport.refreshMonth', {
  schema: { body: { type: 'object', required: ['reportMonth'], properties: { reportMonth: monthField('统计月份') } } },
  handler: async (req) => ok(await startSnapshot(req, ACCESS_JOB, req.body?.reportMonth, '统计月份'), '已开始刷新'),
});
registerCustomRoute('accessReport.lastRefreshTime', {
  schema: { querystring: { type: 'object', properties: { month: monthField('统计月份') } } },
  handler: async (req) => ok(await lastComputed(req, ACCESS_JOB, req.query.month, '统计月份')),
});

/**
 * 客流转化's chart: per day of a month, visitors and real orders over the shops asked (门店 by id, or by name as the
 * list's 门店名称 filter matches it), and conversion = orders / visitors (%). Without a month it draws the latest month
 * the list has rows of (the list shows every month then), and answers which: the chart never says 该月暂无数据 above a
 * list of that month's rows.
 */
registerCustomRoute('accessReport.dayTrend', {
  schema: { body: { type: 'object', additionalProperties: false, properties: {
    // Optional: empty or null draws the latest month with rows (x-date lets an empty text through as not sent).
    reportMonth: { ...monthField('统计月份'), type: ['string', 'null'] },
    shopId: { ...idField('门店'), type: ['integer', 'null'] },
    shopName: { type: ['string', 'null'], maxLength: 50, title: '门店名称' },
  } } },
  handler: async (req) => ok(await req.tenantTx(async (tx) => {
    const body = (req.body ?? {}) as { reportMonth?: string | null; shopId?: number | null; shopName?: string | null };
    const asked = body.reportMonth;
    const shopId = body.shopId ?? null;
    const shopName = body.shopName?.trim() || null;
    if (shopId !== null && !(await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [shopId])).rows.length) throw new ApiError('BAD_REQUEST', `门店不存在（门店ID ${shopId}）`);
    const shops = (a: number, b: number) => `($${a}::int IS NULL OR shop_id = $${a}) AND ($${b}::text IS NULL OR strpos(lower(shop_name), lower($${b})) > 0)`;
    const month = asked
      ? reportMonth(asked, '统计月份', await dbToday(tx)).month
      : (await tx.query<{ m: string | null }>(`SELECT max(report_month) AS m FROM access_report WHERE ${shops(1, 2)}`, [shopId, shopName])).rows[0].m;
    if (!month) return { reportMonth: null, days: [] };
    const r = await tx.query<{ day: string; visitors: number; orders: number }>(
      `SELECT to_char(report_date, 'YYYY-MM-DD') AS day, sum(visitor_count)::int AS visitors, sum(order_count)::int AS orders
         FROM access_report WHERE report_month = $1 AND ${shops(2, 3)} GROUP BY report_date ORDER BY report_date`,
      [month, shopId, shopName],
    );
    return {
      reportMonth: month,
      days: r.rows.map((d) => ({ date: d.day, visitorCount: d.visitors, orderCount: d.orders, conversionRate: d.visitors > 0 ? Math.round((d.orders * 10000) / d.visitors) / 100 : null })),
    };
  })),
});
