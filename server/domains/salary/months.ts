import type { Queryable } from '../../db/index.ts';
import { isDateParam } from '../../../core/descriptors/dates.ts';
import { ApiError } from '../../errors.ts';

/**
 * A salary month of a plan is frozen once paid: nothing that feeds it changes any more (its subsidies, special
 * adjustments, early settlements) and it is never recomputed. Checked under the month row's lock, which freeze
 * takes too, so a freeze and a write of the same month never both win.
 */

/** A salary month's text, YYYY-MM (the one month rule of date parameters). */
export const isSalaryMonth = (text: string): boolean => isDateParam('month', text);

export const frozenMessage = (month: string, planName?: string | null) => `${month} 月${planName ? `（${planName}）` : ''}薪资已冻结，不能再修改或重新计算`;

/** Locks (creating it when missing) the month row of a plan; answers whether it is frozen. */
export async function lockMonth(tx: Queryable, month: string, planId: number): Promise<{ frozen: boolean; planName: string }> {
  const plan = (await tx.query<{ plan_name: string }>(`SELECT plan_name FROM fd_salary_plan WHERE plan_id = $1`, [planId])).rows[0];
  if (!plan) throw new ApiError('BAD_REQUEST', '薪资方案（fdSalaryPlanId）不存在');
  await tx.query(`INSERT INTO fd_salary_month (tenant_id, month, plan_id) VALUES (app_current_tenant(), $1, $2) ON CONFLICT DO NOTHING`, [month, planId]);
  const m = (await tx.query<{ frozen: boolean }>(`SELECT frozen FROM fd_salary_month WHERE month = $1 AND plan_id = $2 FOR UPDATE`, [month, planId])).rows[0];
  return { frozen: m.frozen, planName: plan.plan_name };
}

/** 2026-10 as people say it: 2026年10月. */
export const monthWords = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** The months from `from` to `to` (YYYY-MM), both included: the salary months a document dated across them feeds. */
export function monthsFromTo(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  for (let guard = 0; guard < 1200; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) break;
    out.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

/**
 * The one rule for documents that feed a person's salary month (attendance requests, transfer subsidies, special
 * adjustments): none is submitted or approved into a month frozen in the plan of their salary profile, where it
 * could never count — 409 naming the month (`2026年10月的工资已冻结，不能再提交该月的考勤申请`). The month rows are
 * read under a share lock: a freeze (which takes them for update) waits for this document's transaction, and documents
 * of one month do not wait for each other. A month without a row was never computed, so it is not frozen; a person
 * without a salary profile has no salary month.
 */
export async function refuseFrozenMonths(tx: Queryable, userId: number, months: readonly string[], verb: string, what: string): Promise<void> {
  const rows = (
    await tx.query<{ month: string; frozen: boolean }>(
      `SELECT m.month, m.frozen FROM fd_personal_pc p JOIN fd_salary_month m ON m.plan_id = p.plan_id
        WHERE p.user_id = $1 AND m.month = ANY($2::text[]) ORDER BY m.month FOR SHARE OF m`,
      [userId, [...new Set(months)]],
    )
  ).rows;
  const frozen = rows.find((r) => r.frozen);
  if (frozen) throw new ApiError('CONFLICT', `${monthWords(frozen.month)}的工资已冻结，不能再${verb}该月的${what}`);
}
