import type { Database } from '../index.ts';
import { dbToday } from '../calendar.ts';
import { enqueueJob } from '../../jobs/jobs.ts';
import { CONTRIBUTION_JOBS } from '../../domains/reports/index.ts';
import { ACCESS_JOB } from '../../domains/reports/index.ts';
import { STAR_JOBS } from '../../domains/reports/index.ts';
import { DEMO_STAR_RULES } from '../../domains/reports/index.ts';
import { previousMonth } from '../../../core/calendar.ts';

/**
 * 报表中心 demo: last month's and this month's snapshots of the contribution reports are enqueued for tenant 1 (the
 * job runner computes them from the demo sales and targets right after start), so the screens show figures; the star
 * rules every tenant starts with.
 */
export async function seedReportsDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    // Every tenant starts with the demo star rules (a tenant's own edits stay).
    await tx.query(
      `INSERT INTO report_star_rule (tenant_id, star, min_reach_rate, min_gross_margin, min_sale_amount, remark)
       SELECT app_current_tenant(), * FROM unnest($1::int[], $2::numeric[], $3::numeric[], $4::numeric[], $5::text[])
       WHERE NOT EXISTS (SELECT 1 FROM report_star_rule)`,
      [DEMO_STAR_RULES.map((r) => r.star), DEMO_STAR_RULES.map((r) => r.minReachRate), DEMO_STAR_RULES.map((r) => r.minGrossMargin),
        DEMO_STAR_RULES.map((r) => r.minSaleAmount), DEMO_STAR_RULES.map((r) => r.remark)],
    );
    if (tenantId !== 1) return;
    const month = (await dbToday(tx)).slice(0, 7);
    const who = { tenantId, userId: null, userName: '系统' };
    // Visitor targets of the shops with camera boxes (this and last month), where none were set.
    await tx.query(
      `INSERT INTO access_target (tenant_id, shop_id, target_month, visitor_target, conversion_target, remark)
       SELECT app_current_tenant(), b.shop_id, m, 9000, 20, '演示客流目标' FROM (SELECT DISTINCT shop_id FROM shop_ai_box) b, unnest($1::text[]) AS m
       ON CONFLICT DO NOTHING`,
      [[previousMonth(month), month]],
    );
    for (const m of [previousMonth(month), month]) {
      // Run in this order (one at a time, oldest first): the stars read the month's contribution figures.
      for (const kind of [CONTRIBUTION_JOBS.monthly, CONTRIBUTION_JOBS.shop, STAR_JOBS.rating, STAR_JOBS.user, ACCESS_JOB]) await enqueueJob(tx, who, kind, m, { month: m });
    }
  });
}
