import type { Database } from '../index.ts';
import { computePeople, peopleOfMonth, writePeople } from '../../domains/salary/index.ts';
import { dbToday } from '../calendar.ts';
import { previousMonth } from '../../../core/calendar.ts';

/**
 * 考勤薪资 demo of tenant 1: the dictionaries of its screens (every tenant), then for tenant 1 only a salary plan,
 * position, personal and early-settlement commission rules, salary profiles of the demo sellers at the first shop
 * (admin and shop01, who sell there in the targets demo) and of manager01 (巡店), their clock-ins of last month and
 * this month so far, a transfer subsidy and special adjustments (audited and waiting), and both months computed
 * with the real rules, last month frozen — so every screen shows real figures. Runs once: a tenant with a salary
 * plan is left alone.
 */
export async function seedSalaryDemo(db: Database, tenantId: number): Promise<void> {
  const plan = await db.tenant(tenantId, async (tx) => {
    if (tenantId !== 1 || (await tx.query(`SELECT 1 FROM fd_salary_plan LIMIT 1`)).rows.length) return null;
    const shops = (await tx.query<{ shop_id: number }>(
      `SELECT s.shop_id FROM shop_base s WHERE s.status = 1 ORDER BY EXISTS (SELECT 1 FROM wh_base_info w WHERE w.shop_id = s.shop_id AND w.status = 1) DESC, s.shop_id LIMIT 2`,
    )).rows.map((r) => r.shop_id);
    const users = new Map((await tx.query<{ id: number; user_name: string }>(`SELECT id, user_name FROM sys_user WHERE user_name IN ('admin', 'shop01', 'manager01')`)).rows.map((u) => [u.user_name, u.id]));
    if (shops.length < 2 || users.size < 3) return null;
    const planId = (await tx.query<{ plan_id: number }>(`INSERT INTO fd_salary_plan (tenant_id, plan_name, remark) VALUES (app_current_tenant(), '门店薪资方案', '门店人员：底薪按出勤折算，提成按个人净销售额') RETURNING plan_id`)).rows[0].plan_id;
    const rules = new Map(
      (await tx.query<{ rule_id: number; position_name: string }>(
        `INSERT INTO fd_position_rule (tenant_id, position_name, base_salary, commission_rate, required_days, remark, update_user_name)
         VALUES (app_current_tenant(), '店长', 6000, 1.5, 26, '店长：底薪6000，提成1.5%', '系统管理员'),
                (app_current_tenant(), '店员', 4000, 3, 26, '店员：底薪4000，提成3%', '系统管理员'),
                (app_current_tenant(), '巡店专员', 5000, 0, 22, '巡店：不计提成', '系统管理员')
         RETURNING rule_id, position_name`,
      )).rows.map((r) => [r.position_name, r.rule_id]),
    );
    await tx.query(`INSERT INTO fd_personal_rule (tenant_id, user_id, commission_rate, remark, update_user_name) VALUES (app_current_tenant(), $1, 3.5, '销售骨干，提成3.5%', '系统管理员')`, [users.get('shop01')]);
    await tx.query(
      `INSERT INTO fd_early_commission_rule (tenant_id, position_name, min_days, pay_rate, remark, update_user_name)
       VALUES (app_current_tenant(), NULL, 0, 0, '在岗不足15天不发提成', '系统管理员'),
              (app_current_tenant(), NULL, 15, 60, '在岗15天以上发60%', '系统管理员'),
              (app_current_tenant(), '店员', 20, 80, '店员在岗20天以上发80%', '系统管理员')`,
    );
    await tx.query(
      `INSERT INTO fd_personal_pc (tenant_id, user_id, shop_id, position_rule_id, plan_id, entry_date, is_inspection, remark, update_user_name)
       VALUES (app_current_tenant(), $1, $4, $5, $8, current_date - 400, 0, NULL, '系统管理员'),
              (app_current_tenant(), $2, $4, $6, $8, current_date - 200, 0, NULL, '系统管理员'),
              (app_current_tenant(), $3, $4, $7, $8, current_date - 300, 1, '负责巡店', '系统管理员')`,
      [users.get('admin'), users.get('shop01'), users.get('manager01'), shops[0], rules.get('店长'), rules.get('店员'), rules.get('巡店专员'), planId],
    );
    // Clock-ins from the first of last month to yesterday: in at 9:0x, out at 18:0x, one day off a week (manager01 two).
    await tx.query(
      `INSERT INTO attn_clock (tenant_id, user_id, user_name, shop_id, shop_name, clock_type, clock_time, clock_date, photo_key)
       SELECT app_current_tenant(), u.id, u.name, s.shop_id, s.shop_name, t, (d + make_time(CASE t WHEN 1 THEN 9 ELSE 18 END, (u.id * 7 + extract(day FROM d)::int) % 10, 0)) AT TIME ZONE app_business_tz(), d,
              to_char(d, 'YYYYMM') || '/00000000-0000-4000-8000-' || lpad(u.id::text, 12, '0') || '.jpg'
         FROM generate_series(date_trunc('month', current_date - interval '1 month')::date, current_date - 1, interval '1 day') AS g(day)
         CROSS JOIN LATERAL (SELECT g.day::date AS d) x
         JOIN sys_user u ON u.id = ANY($1::int[])
         JOIN shop_base s ON s.shop_id = $2
         CROSS JOIN unnest(ARRAY[1, 2]) AS t
        WHERE (extract(isodow FROM d)::int + u.id) % 7 <> 0 AND (u.user_name <> 'manager01' OR extract(isodow FROM d) < 6)`,
      [[...users.values()], shops[0]],
    );
    const today = await dbToday(tx);
    const month = today.slice(0, 7);
    const docs = `INSERT INTO fd_monthly_transfer_subsidy_det (tenant_id, doc_no, month, user_id, from_shop_id, to_shop_id, days, amount, remark, status, audit_user_name, audit_time, create_user_id, create_user_name)
       VALUES (app_current_tenant(), 'DGBT-DEMO-0001', $1, $2, $3, $4, 3, 240, '支援新店开业', 2, '系统管理员', now(), $5, '系统管理员'),
              (app_current_tenant(), 'DGBT-DEMO-0002', $1, $2, $3, $4, 1, 80, '周末支援', 1, NULL, NULL, $5, '系统管理员')`;
    await tx.query(docs, [month, users.get('shop01'), shops[0], shops[1], users.get('admin')]);
    await tx.query(
      `INSERT INTO fd_special_personal (tenant_id, doc_no, month, user_id, adjust_type, amount, reason, status, audit_user_name, audit_time, create_user_id, create_user_name)
       VALUES (app_current_tenant(), 'TSRY-DEMO-0001', $1, $2, 1, 300, '全勤奖', 2, '系统管理员', now(), $4, '系统管理员'),
              (app_current_tenant(), 'TSRY-DEMO-0002', $1, $3, 2, 50, '巡店报告迟交', 2, '系统管理员', now(), $4, '系统管理员'),
              (app_current_tenant(), 'TSRY-DEMO-0003', $1, $2, 2, 20, '工服未穿', 1, NULL, NULL, $4, '系统管理员')`,
      [month, users.get('shop01'), users.get('manager01'), users.get('admin')],
    );
    return { planId, month };
  });
  if (!plan) return;
  // Last month computed and frozen (paid), this month computed so far.
  for (const month of [previousMonth(plan.month), plan.month])
    await db.tenant(tenantId, async (tx) => writePeople(tx, month, plan.planId, await computePeople(tx, month, plan.planId, await peopleOfMonth(tx, month, plan.planId)), true));
  await db.tenant(tenantId, (tx) =>
    tx.query(`UPDATE fd_salary_month SET frozen = true, freeze_time = now(), freeze_user_name = '系统管理员' WHERE month = $1 AND plan_id = $2`, [previousMonth(plan.month), plan.planId]),
  );
}
