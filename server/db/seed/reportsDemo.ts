import type { Database } from '../index.ts';
import { dbToday } from '../calendar.ts';
import { enqueueJob } from '../../jobs/jobs.ts';
import { CONTRIBUTION_JOBS } from '../../domains/reports/contribution.ts';
import { previousMonth } from '../../domains/reports/period.ts';
import { seedDictionaries } from './stockDemo.ts';

export const REPORT_DICTIONARIES: Record<string, [string, string][]> = {
  reportEditType: [['每日贡献', 'dailyContribution'], ['月度贡献', 'monthlyContribution'], ['门店月度贡献', 'shopContribution'], ['星级评定', 'starRating']],
};

/**
 * 报表中心 demo: last month's and this month's snapshots of the contribution reports are enqueued for tenant 1 (the
 * job runner computes them from the demo sales and targets right after start), so the screens show figures.
 */
export async function seedReportsDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    await seedDictionaries(tx, REPORT_DICTIONARIES);
    if (tenantId !== 1) return;
    const month = (await dbToday(tx)).slice(0, 7);
    const who = { tenantId, userId: null, userName: '系统' };
    for (const m of [previousMonth(month), month]) {
      for (const kind of [CONTRIBUTION_JOBS.monthly, CONTRIBUTION_JOBS.shop]) await enqueueJob(tx, who, kind, m, { month: m });
    }
  });
}
