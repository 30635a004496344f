import type { Queryable } from '../../db/index.ts';
import { isDateParam } from '../../../engine/model/dates.ts';
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

/** 409 when the person's month is frozen (in the plan of their salary profile). */
export async function refuseFrozenPerson(tx: Queryable, userId: number, month: string): Promise<void> {
  const p = (await tx.query<{ plan_id: number }>(`SELECT plan_id FROM fd_personal_pc WHERE user_id = $1`, [userId])).rows[0];
  if (!p) return;
  const m = await lockMonth(tx, month, p.plan_id);
  if (m.frozen) throw new ApiError('CONFLICT', frozenMessage(month, m.planName));
}
