import type { Database } from '../index.ts';
import { seedDictionaries } from './stockDemo.ts';

export const SALARY_DICTIONARIES: Record<string, [string, string][]> = {
  attnClockType: [['上班', '1'], ['下班', '2']],
  salaryDocStatus: [['待审核', '1'], ['已审核', '2'], ['已驳回', '3']],
  specialAdjustType: [['加项', '1'], ['扣项', '2']],
  fdPersonStatus: [['离职', '0'], ['在职', '1']],
};

/**
 * 考勤薪资 demo of tenant 1: the dictionaries of its screens (every tenant), then for tenant 1 only a salary plan,
 * position, personal and early-settlement commission rules, salary profiles of the demo sellers at the first shop
 * (the sellers of the targets demo), their clock-ins of the month so far, and this month computed, so every
 * screen shows real figures. Rows are added only where none exist (people's edits stay).
 */
export async function seedSalaryDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    await seedDictionaries(tx, SALARY_DICTIONARIES);
  });
}
