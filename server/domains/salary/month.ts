import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { activeJob } from '../../jobs/jobs.ts';
import { computeSalary, type SalaryInput, type SalaryResult } from './rules.ts';
import { frozenMessage, lockMonth } from './months.ts';
import { fenOf, yuanText } from '../../../core/money.ts';

/**
 * A plan's salary month: who is in it (the plan's salary profiles that started by the month's end and are in post,
 * or settled early this month), what the month holds for each of them (clocked days and approved requests standing for work (attendance/requests.ts), net sales as cashier, audited
 * subsidies and adjustments, an early settlement), and the stat rows written from `computeSalary`. The background
 * job (salaryJob.ts) computes people in chunks and writes the month in one transaction at the end, under the month's
 * lock: a frozen month is never written.
 */

export const SALARY_JOB = 'salaryMonth';
export const jobKey = (month: string, planId: number) => `${month}/${planId}`;

export interface PersonMonth {
  userId: number;
  userName: string;
  shopId: number;
  shopName: string;
  positionName: string;
  requiredDays: number;
  earlySettleDate: string | null;
  result: SalaryResult;
}

/** Month bounds (first and last day) as YYYY-MM-DD. */
export async function monthBounds(tx: Queryable, month: string): Promise<{ first: string; last: string }> {
  const r = await tx.query<{ first: string; last: string }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS first, to_char((d + interval '1 month - 1 day')::date, 'YYYY-MM-DD') AS last FROM (SELECT to_date($1, 'YYYY-MM') AS d) x`,
    [month],
  );
  return r.rows[0];
}

/** The user ids of a plan's month, in a stable order. */
export async function peopleOfMonth(tx: Queryable, month: string, planId: number): Promise<number[]> {
  const { last } = await monthBounds(tx, month);
  const r = await tx.query<{ user_id: number }>(
    `SELECT pc.user_id FROM fd_personal_pc pc
      WHERE pc.plan_id = $1 AND pc.entry_date <= $2::date
        AND (pc.status = 1 OR EXISTS (SELECT 1 FROM fd_salary_early_settlement e WHERE e.user_id = pc.user_id AND e.month = $3 AND e.plan_id = $1))
      ORDER BY pc.user_id`,
    [planId, last, month],
  );
  return r.rows.map((x) => Number(x.user_id));
}

const bp = (v: string | number | null): number | null => (v === null ? null : Math.round(Number(v) * 100));

/** What the month holds for each of these people (one query), computed. */
export async function computePeople(tx: Queryable, month: string, planId: number, userIds: number[]): Promise<PersonMonth[]> {
  if (!userIds.length) return [];
  const { first, last } = await monthBounds(tx, month);
  const r = await tx.query<{
    user_id: number; user_name: string; shop_id: number; shop_name: string; position_name: string; base_salary: string; commission_rate: string; required_days: number;
    p_base: string | null; p_rate: string | null; settle_date: string | null; days_in_post: number | null; work_days: number; net_sales: string;
    subsidy: string; special_add: string; special_deduct: string; early_rate: string | null; early_min_days: number | null;
  }>(
    `WITH p AS (
       SELECT pc.user_id, u.name AS user_name, pc.shop_id, pc.shop_name, pc.position_name, r.base_salary, r.commission_rate, r.required_days,
              pr.base_salary AS p_base, pr.commission_rate AS p_rate, es.settle_date,
              least(coalesce(es.settle_date, $3::date), $3::date) AS until,
              greatest($2::date, pc.entry_date) AS since
         FROM fd_personal_pc pc
         JOIN sys_user u ON u.id = pc.user_id
         JOIN fd_position_rule r ON r.rule_id = pc.position_rule_id
         LEFT JOIN fd_personal_rule pr ON pr.user_id = pc.user_id
         LEFT JOIN fd_salary_early_settlement es ON es.user_id = pc.user_id AND es.month = $4 AND es.plan_id = $5
        WHERE pc.user_id = ANY($1::int[]))
     SELECT p.user_id, p.user_name, p.shop_id, p.shop_name, p.position_name, p.base_salary::text, p.commission_rate::text, p.required_days,
            p.p_base::text, p.p_rate::text, to_char(p.settle_date, 'YYYY-MM-DD') AS settle_date,
            CASE WHEN p.settle_date IS NULL THEN NULL ELSE (p.settle_date - p.since + 1) END AS days_in_post,
            -- Worked days, in half days: the days clocked and the days of approved requests that stand for work (补卡, 出差,
            -- 调休, paid leave) are whole days; a request of fewer days than its dates (half a day of 年假 or 调休) adds its days
            -- on the dates not already counted; unpaid leave (事假, 病假) on a counted date takes its days off.
            (WITH present AS (
               SELECT c.clock_date AS d FROM attn_clock c WHERE c.user_id = p.user_id AND c.clock_date BETWEEN p.since AND p.until
               UNION
               SELECT g::date FROM attn_request q CROSS JOIN generate_series(q.start_time::date, q.end_time::date, interval '1 day') AS g
                WHERE q.user_id = p.user_id AND q.status = 2 AND q.start_time < p.until + 1 AND q.end_time >= p.since
                  AND g::date BETWEEN p.since AND p.until
                  AND (q.request_type IN (3, 5, 7) OR (q.request_type = 1 AND q.leave_type IN (3, 4, 5, 6)))
                  AND (q.days IS NULL OR q.days >= q.end_time::date - q.start_time::date + 1)),
             part AS (
               SELECT q.request_type IN (5, 7) OR q.leave_type IN (3, 4, 5, 6) AS paid, q.days,
                      count(*) FILTER (WHERE g::date NOT IN (SELECT d FROM present)) AS absent,
                      count(*) FILTER (WHERE g::date IN (SELECT d FROM present)) AS here
                 FROM attn_request q CROSS JOIN generate_series(greatest(q.start_time::date, p.since), least(q.end_time::date, p.until), interval '1 day') AS g
                WHERE q.user_id = p.user_id AND q.status = 2 AND q.days IS NOT NULL AND q.start_time < p.until + 1 AND q.end_time >= p.since
                  AND (q.request_type IN (5, 7) OR (q.request_type = 1 AND q.leave_type IS NOT NULL))
                GROUP BY q.id, q.request_type, q.leave_type, q.days)
             SELECT greatest(0, (SELECT count(*) FROM present)
                    + coalesce((SELECT sum(least(days, absent)) FROM part WHERE paid), 0)
                    - coalesce((SELECT sum(least(days, here)) FROM part WHERE NOT paid), 0))::float8) AS work_days,
            ((SELECT coalesce(sum(o.pay_amount), 0) FROM po_order o
               WHERE (o.salesman_id = p.user_id OR o.salesman_id IS NULL AND o.cashier_user_id = p.user_id) AND NOT o.is_practice AND o.status IN (1, 2, 4) AND o.create_time >= $2::date AND o.create_time < p.until + 1)
           - (SELECT coalesce(sum(o.refund_amount), 0) FROM po_order o
               WHERE (o.salesman_id = p.user_id OR o.salesman_id IS NULL AND o.cashier_user_id = p.user_id) AND NOT o.is_practice AND o.refund_time >= $2::date AND o.refund_time < p.until + 1)
           - (SELECT coalesce(sum(e.return_amount), 0) FROM po_order_exchange e JOIN po_order o ON o.order_id = e.order_id
               WHERE e.kind = 2 AND (o.salesman_id = p.user_id OR o.salesman_id IS NULL AND o.cashier_user_id = p.user_id) AND e.create_time >= $2::date AND e.create_time < p.until + 1))::text AS net_sales,
            (SELECT coalesce(sum(t.amount), 0) FROM fd_monthly_transfer_subsidy_det t WHERE t.user_id = p.user_id AND t.month = $4 AND t.status = 2)::text AS subsidy,
            (SELECT coalesce(sum(x.amount), 0) FROM fd_special_personal x WHERE x.user_id = p.user_id AND x.month = $4 AND x.status = 2 AND x.adjust_type = 1)::text AS special_add,
            (SELECT coalesce(sum(x.amount), 0) FROM fd_special_personal x WHERE x.user_id = p.user_id AND x.month = $4 AND x.status = 2 AND x.adjust_type = 2)::text AS special_deduct,
            e.pay_rate::text AS early_rate, e.min_days AS early_min_days
       FROM p
       LEFT JOIN LATERAL (
         SELECT pay_rate, min_days FROM fd_early_commission_rule er
          WHERE p.settle_date IS NOT NULL AND (er.position_name = p.position_name OR er.position_name IS NULL) AND er.min_days <= p.settle_date - p.since + 1
          ORDER BY (er.position_name IS NULL), er.min_days DESC LIMIT 1) e ON true
      ORDER BY p.user_id`,
    [userIds, first, last, month, planId],
  );
  return r.rows.map((x) => {
    const input: SalaryInput = {
      baseFen: fenOf(x.base_salary),
      commissionBp: bp(x.commission_rate)!,
      requiredDays: Number(x.required_days),
      personalBaseFen: x.p_base === null ? null : fenOf(x.p_base),
      personalBp: bp(x.p_rate),
      workDays: Number(x.work_days),
      netSalesFen: fenOf(x.net_sales),
      subsidyFen: fenOf(x.subsidy),
      specialAddFen: fenOf(x.special_add),
      specialDeductFen: fenOf(x.special_deduct),
      early: x.settle_date ? { settleDate: x.settle_date, daysInPost: Number(x.days_in_post), payBp: bp(x.early_rate), ruleMinDays: x.early_min_days === null ? null : Number(x.early_min_days) } : null,
    };
    return {
      userId: Number(x.user_id),
      userName: x.user_name,
      shopId: Number(x.shop_id),
      shopName: x.shop_name,
      positionName: x.position_name,
      requiredDays: Number(x.required_days),
      earlySettleDate: x.settle_date,
      result: computeSalary(input),
    };
  });
}

/**
 * Writes computed people into the month (their rows updated in place; with `whole`, the month's other rows removed), under the month's
 * lock; a frozen month refuses (409).
 */
export async function writePeople(tx: Queryable, month: string, planId: number, people: PersonMonth[], whole: boolean): Promise<number> {
  const m = await lockMonth(tx, month, planId);
  if (m.frozen) throw new ApiError('CONFLICT', frozenMessage(month, m.planName));
  const ids = people.map((p) => p.userId);
  // A person's row keeps its id across refreshes (a screen holding it still finds it); people gone from the month go.
  if (whole) await tx.query(`DELETE FROM fd_monthly_salary_stat WHERE month = $1 AND plan_id = $2 AND NOT (user_id = ANY($3::int[]))`, [month, planId, ids]);
  if (!people.length) return 0;
  await tx.query(`DELETE FROM fd_monthly_salary_det_stat WHERE month = $1 AND plan_id = $2 AND user_id = ANY($3::int[])`, [month, planId, ids]);
  const rows = people.map((p) => {
    const r = p.result;
    return {
      user_id: p.userId, user_name: p.userName, shop_id: p.shopId, shop_name: p.shopName, position_name: p.positionName,
      required_days: p.requiredDays, work_days: r.workDays, sales_amount: yuanText(r.netSalesFen), base_salary: yuanText(r.baseSalaryFen), base_pay: yuanText(r.basePayFen),
      commission_rate: (r.commissionBp / 100).toFixed(2), commission: yuanText(r.commissionFen), subsidy: yuanText(r.subsidyFen), special_add: yuanText(r.specialAddFen),
      special_deduct: yuanText(r.specialDeductFen), total_pay: yuanText(r.totalFen), early_settle_date: p.earlySettleDate,
    };
  });
  await tx.query(
    `INSERT INTO fd_monthly_salary_stat (tenant_id, month, plan_id, plan_name, user_id, user_name, shop_id, shop_name, position_name, required_days, work_days,
                                         sales_amount, base_salary, base_pay, commission_rate, commission, subsidy, special_add, special_deduct, total_pay, early_settle_date)
     SELECT app_current_tenant(), $2, $3, $4, x.user_id, x.user_name, x.shop_id, x.shop_name, x.position_name, x.required_days, x.work_days,
            x.sales_amount, x.base_salary, x.base_pay, x.commission_rate, x.commission, x.subsidy, x.special_add, x.special_deduct, x.total_pay, x.early_settle_date
       FROM jsonb_to_recordset($1::jsonb) AS x(user_id int, user_name text, shop_id int, shop_name text, position_name text, required_days int, work_days numeric,
            sales_amount numeric, base_salary numeric, base_pay numeric, commission_rate numeric, commission numeric, subsidy numeric, special_add numeric,
            special_deduct numeric, total_pay numeric, early_settle_date date)
     ON CONFLICT (tenant_id, month, plan_id, user_id) DO UPDATE SET
       plan_name = EXCLUDED.plan_name, user_name = EXCLUDED.user_name, shop_id = EXCLUDED.shop_id, shop_name = EXCLUDED.shop_name,
       position_name = EXCLUDED.position_name, required_days = EXCLUDED.required_days, work_days = EXCLUDED.work_days, sales_amount = EXCLUDED.sales_amount,
       base_salary = EXCLUDED.base_salary, base_pay = EXCLUDED.base_pay, commission_rate = EXCLUDED.commission_rate, commission = EXCLUDED.commission,
       subsidy = EXCLUDED.subsidy, special_add = EXCLUDED.special_add, special_deduct = EXCLUDED.special_deduct, total_pay = EXCLUDED.total_pay,
       early_settle_date = EXCLUDED.early_settle_date, refresh_time = now()`,
    [JSON.stringify(rows), month, planId, m.planName],
  );
  const items = people.flatMap((p) => p.result.items.map((i) => ({ user_id: p.userId, user_name: p.userName, item_no: i.itemNo, item_name: i.itemName, basis: i.basis.slice(0, 200), amount: yuanText(i.amountFen) })));
  await tx.query(
    `INSERT INTO fd_monthly_salary_det_stat (tenant_id, stat_id, month, plan_id, user_id, user_name, item_no, item_name, basis, amount)
     SELECT app_current_tenant(), s.id, $2, $3, x.user_id, x.user_name, x.item_no, x.item_name, x.basis, x.amount
       FROM jsonb_to_recordset($1::jsonb) AS x(user_id int, user_name text, item_no int, item_name text, basis text, amount numeric)
       JOIN fd_monthly_salary_stat s ON s.month = $2 AND s.plan_id = $3 AND s.user_id = x.user_id`,
    [JSON.stringify(items), month, planId],
  );
  return people.length;
}

/** 409 while the month's job is queued or running: its result would overwrite what is asked now. */
export async function refuseWhileComputing(tx: Queryable, month: string, planId: number, what: string): Promise<void> {
  if (await activeJob(tx, SALARY_JOB, jobKey(month, planId))) throw new ApiError('CONFLICT', `${month} 月薪资正在计算中，请计算完成后再${what}`);
}
