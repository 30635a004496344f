import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, uploadXlsx, type Caller, type Json } from './resourceCalls.ts';

/**
 * 薪资 (wxy-system-server fdsalary-AutomationBase, fd-fdPersonalPc, fd-monthly-transfer-subsidy-det,
 * special-personal): the rules a month's salary is computed by, people's salary profiles, and the audited extra pay
 * and deductions of a month — audited once, imported all-or-nothing, refused to shop staff and other tenants.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let adminToken: string;
let shopIds: number[];
let shopCodes: string[];
let staff: { id: number; userNo: string };
let planId: number;

const S = 'wxy-system-server';
const AB = `${S}/fdsalary-AutomationBase`;
const SUB = `${S}/fd-monthly-transfer-subsidy-det`;
const SP = `${S}/special-personal`;
const MONTH = '2025-06';

const rows = async <T = Json>(sql: string, params: unknown[] = []): Promise<T[]> => (await s.db.tenant(1, (tx) => tx.query(sql, params))).rows as T[];

beforeAll(async () => {
  s = await startTestServer();
  adminToken = await s.login('admin', 'admin123');
  admin = callerFor(s, adminToken);
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const shops = await rows<{ shop_id: number; shop_code: string }>(`SELECT shop_id, shop_code FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 2`);
  shopIds = shops.map((x) => x.shop_id);
  shopCodes = shops.map((x) => x.shop_code);
  const u = (await rows<{ id: number; user_no: string }>(`SELECT id, user_no FROM sys_user WHERE user_name = 'shop01'`))[0];
  staff = { id: u.id, userNo: u.user_no };
  // The demo's salary profiles and rules of these people make way for this file's.
  await rows(`DELETE FROM fd_personal_pc WHERE user_id IN (SELECT id FROM sys_user WHERE user_name IN ('admin', 'shop01'))`);
  await rows(`DELETE FROM fd_personal_rule`);
  planId = (await rows<{ plan_id: number }>(`INSERT INTO fd_salary_plan (tenant_id, plan_name) VALUES (1, '测试方案') RETURNING plan_id`))[0].plan_id;
}, 300_000); // start-up and demo seeding on a busy machine
afterAll(async () => {
  await s?.stop();
});

describe('fdsalary-AutomationBase rules and fd-fdPersonalPc', () => {
  it('position rules: add, query, update, delete; bad input names the field; a rule in use is not deleted', async () => {
    const add = await admin('POST', `${AB}/position/add`, { positionName: '测试店员', baseSalary: 4000, commissionRate: 2.5, requiredDays: 26 });
    expect(add.status, add.body).toBe(200);
    const id = add.json.data.id;
    const q = await admin('POST', `${AB}/position/query`, { pageNum: 1, pageSize: 20, positionName: '测试店员' });
    expect(q.json.data.records).toEqual([expect.objectContaining({ id, positionName: '测试店员', baseSalary: 4000, commissionRate: 2.5, requiredDays: 26 })]);
    const up = await admin('PUT', `${AB}/position/update`, { id, positionName: '测试店员', baseSalary: 4200.5, commissionRate: 3, requiredDays: 26 });
    expect(up.status, up.body).toBe(200);
    expect((await rows(`SELECT base_salary::text AS b FROM fd_position_rule WHERE rule_id = $1`, [id]))[0].b).toBe('4200.50');
    for (const [body, field] of [
      [{ positionName: 'x', baseSalary: 1, commissionRate: 101, requiredDays: 26 }, '提成比例'],
      [{ positionName: 'x', baseSalary: 1.001, commissionRate: 1, requiredDays: 26 }, '底薪'],
      [{ positionName: 'x', baseSalary: 1, commissionRate: 1, requiredDays: 0 }, '应出勤天数'],
    ] as const) {
      const r = await admin('POST', `${AB}/position/add`, body);
      expect(r.status, r.body).toBe(400);
      expect(r.json.msg).toContain(field);
    }
    const dup = await admin('POST', `${AB}/position/add`, { positionName: '测试店员', baseSalary: 1, commissionRate: 1, requiredDays: 26 });
    expect([dup.status, dup.json.msg]).toEqual([409, '岗位已存在']);
    const pc = await admin('POST', `${S}/fd-fdPersonalPc/add`, { userId: staff.id, shopId: shopIds[0], positionRuleId: id, planId, entryDate: '2025-01-02' });
    expect(pc.status, pc.body).toBe(200);
    expect((await rows(`SELECT user_name, shop_name, position_name, plan_name FROM fd_personal_pc WHERE user_id = $1`, [staff.id]))[0]).toMatchObject({ position_name: '测试店员', plan_name: '测试方案' });
    const twice = await admin('POST', `${S}/fd-fdPersonalPc/add`, { userId: staff.id, shopId: shopIds[0], positionRuleId: id, planId, entryDate: '2025-01-02' });
    expect([twice.status, twice.json.msg]).toEqual([409, '人员已存在']);
    const inUse = await admin('DELETE', `${AB}/position/delete/${id}`);
    expect([inUse.status, inUse.json.msg]).toEqual([409, '该岗位提成规则已被引用，不能删除']);
    const page = await admin('POST', `${S}/fd-fdPersonalPc/page`, { pageNum: 1, pageSize: 20, userName: (await rows(`SELECT name FROM sys_user WHERE id = $1`, [staff.id]))[0].name });
    expect(page.json.data.records[0]).toMatchObject({ userId: staff.id, positionName: '测试店员', shopId: shopIds[0] });
    const up2 = await admin('PUT', `${S}/fd-fdPersonalPc/update`, { id: page.json.data.records[0].id, userId: staff.id, shopId: shopIds[1], positionRuleId: id, planId, entryDate: '2025-01-02', isDistribution: 1 });
    expect(up2.status, up2.body).toBe(200);
    expect((await rows(`SELECT shop_id, is_distribution FROM fd_personal_pc WHERE user_id = $1`, [staff.id]))[0]).toMatchObject({ shop_id: shopIds[1], is_distribution: 1 });
  });

  it('personal and early-commission rules: add, query, update, delete', async () => {
    const p = await admin('POST', `${AB}/personal/add`, { userId: staff.id, commissionRate: 4 });
    expect(p.status, p.body).toBe(200);
    const none = await admin('POST', `${AB}/personal/add`, { userId: staff.id });
    expect(none.status).toBe(400);
    const pq = await admin('POST', `${AB}/personal/query`, { pageNum: 1, pageSize: 20, userId: staff.id });
    expect(pq.json.data.records).toEqual([expect.objectContaining({ userId: staff.id, commissionRate: 4, baseSalary: null })]);
    expect((await admin('PUT', `${AB}/personal/update`, { id: p.json.data.id, userId: staff.id, baseSalary: 4500, commissionRate: 4 })).status).toBe(200);
    const ghost = await admin('POST', `${AB}/personal/add`, { userId: 99999999, commissionRate: 1 });
    expect(ghost.status).toBe(400);
    expect(ghost.json.msg).toContain('人员不存在');
    const e = await admin('POST', `${AB}/earlycommission/add`, { positionName: '测试店员', minDays: 15, payRate: 80 });
    expect(e.status, e.body).toBe(200);
    const eq = await admin('POST', `${AB}/earlycommission/query`, { pageNum: 1, pageSize: 20, positionName: '测试店员' });
    expect(eq.json.data.records).toEqual([expect.objectContaining({ minDays: 15, payRate: 80 })]);
    expect((await admin('PUT', `${AB}/earlycommission/update`, { id: e.json.data.id, positionName: '测试店员', minDays: 15, payRate: 70 })).status).toBe(200);
    const tmp = await admin('POST', `${AB}/earlycommission/add`, { minDays: 3, payRate: 10 });
    expect((await admin('DELETE', `${AB}/earlycommission/delete/${tmp.json.data.id}`)).status).toBe(200);
    expect(await rows(`SELECT 1 FROM fd_early_commission_rule WHERE rule_id = $1`, [tmp.json.data.id])).toHaveLength(0);
  });

  it('shop staff are refused every rule and profile call (403); another tenant sees none of them', async () => {
    for (const [m, url, body] of [
      ['POST', `${AB}/position/query`, { pageNum: 1, pageSize: 20 }],
      ['POST', `${AB}/position/add`, { positionName: 'y', baseSalary: 1, commissionRate: 1, requiredDays: 1 }],
      ['POST', `${AB}/personal/query`, { pageNum: 1, pageSize: 20 }],
      ['POST', `${AB}/earlycommission/query`, { pageNum: 1, pageSize: 20 }],
      ['POST', `${S}/fd-fdPersonalPc/page`, { pageNum: 1, pageSize: 20 }],
      ['POST', `${SUB}/findPage`, { pageNum: 1, pageSize: 20 }],
      ['POST', `${SP}/findPage`, { pageNum: 1, pageSize: 20 }],
    ] as const)
      expect((await shop(m, url, body)).status, url).toBe(403);
    const q = await other('POST', `${AB}/position/query`, { pageNum: 1, pageSize: 20, positionName: '测试店员' });
    expect(q.json.data.records).toEqual([]);
    const pc = await other('POST', `${S}/fd-fdPersonalPc/add`, { userId: staff.id, shopId: shopIds[0], positionRuleId: 1, planId, entryDate: '2025-01-02' });
    expect(pc.status).toBe(400);
  });
});

describe('fd-monthly-transfer-subsidy-det and special-personal', () => {
  it('a subsidy is saved waiting, audited once (a second click is a 409), and rejected ones are corrected', async () => {
    const save = await admin('POST', `${SUB}/save`, { month: MONTH, userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[1], days: 3, amount: 150.5, remark: '支援' });
    expect(save.status, save.body).toBe(200);
    const id = save.json.data.id;
    expect(save.json.data).toMatchObject({ status: 1, docNo: expect.stringMatching(/^DGBT/) });
    const [a, b] = await Promise.all([admin('POST', `${SUB}/audit`, { id, auditStatus: 2 }), admin('POST', `${SUB}/audit`, { id, auditStatus: 2 })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.json.msg).toContain('单据状态已变更');
    expect((await rows(`SELECT status, audit_user_name FROM fd_monthly_transfer_subsidy_det WHERE id = $1`, [id]))[0]).toMatchObject({ status: 2, audit_user_name: '系统管理员' });
    expect((await admin('PUT', `${SUB}/update/${id}`, { month: MONTH, userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[1], days: 3, amount: 1 })).status).toBe(409);
    expect((await admin('DELETE', `${SUB}/deleteById/${id}`)).status).toBe(409);
    // Rejected without a reason: refused; with one: corrected and waiting again.
    const r2 = await admin('POST', `${SUB}/save`, { month: MONTH, userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[1], days: 1, amount: 50 });
    const noReason = await admin('POST', `${SUB}/audit`, { id: r2.json.data.id, auditStatus: 3 });
    expect(noReason.status).toBe(400);
    expect(noReason.json.msg).toContain('审核意见');
    expect((await admin('POST', `${SUB}/audit`, { id: r2.json.data.id, auditStatus: 3, auditRemark: '天数不对' })).json.data.status).toBe(3);
    const fixed = await admin('PUT', `${SUB}/update/${r2.json.data.id}`, { month: MONTH, userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[1], days: 2, amount: 100 });
    expect(fixed.status, fixed.body).toBe(200);
    expect((await rows(`SELECT status, days FROM fd_monthly_transfer_subsidy_det WHERE id = $1`, [r2.json.data.id]))[0]).toMatchObject({ status: 1, days: 2 });
    expect((await admin('DELETE', `${SUB}/deleteById/${r2.json.data.id}`)).status).toBe(200);
    // Bad input names the field and writes nothing.
    const before = (await rows(`SELECT count(*)::int AS n FROM fd_monthly_transfer_subsidy_det`))[0].n;
    for (const [body, field] of [
      [{ month: '2025-13', userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[1], days: 1, amount: 1 }, '月份'],
      [{ month: MONTH, userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[0], days: 1, amount: 1 }, '调入门店不能与调出门店相同'],
      [{ month: MONTH, userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[1], days: 1, amount: 0 }, '补贴金额'],
      [{ month: MONTH, userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[1], days: 40, amount: 1 }, '支援天数'],
      [{ month: MONTH, fromShopId: shopIds[0], toShopId: shopIds[1], days: 1, amount: 1 }, '人员'],
    ] as const) {
      const r = await admin('POST', `${SUB}/save`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.msg).toContain(field);
    }
    expect((await rows(`SELECT count(*)::int AS n FROM fd_monthly_transfer_subsidy_det`))[0].n).toBe(before);
  });

  it('imports subsidies all or nothing, with a per-row report', async () => {
    const tpl = await admin('GET', `${SUB}/template`);
    expect(tpl.status).toBe(200);
    const count = async () => (await rows(`SELECT count(*)::int AS n FROM fd_monthly_transfer_subsidy_det`))[0].n;
    const before = await count();
    const bad = await fillTemplate(tpl.raw, [
      { 月份: MONTH, 工号: staff.userNo, 调出门店编码: shopCodes[0], 调入门店编码: shopCodes[1], 支援天数: 2, 补贴金额: 80 },
      { 月份: MONTH, 工号: 'NOBODY', 调出门店编码: shopCodes[0], 调入门店编码: shopCodes[1], 支援天数: 2, 补贴金额: 80 },
      { 月份: MONTH, 工号: staff.userNo, 调出门店编码: shopCodes[0], 调入门店编码: shopCodes[1], 支援天数: 2, 补贴金额: 80.123 },
    ]);
    const r = await uploadXlsx(s, adminToken, `${SUB}/import`, bad);
    expect(r.statusCode).toBe(400);
    expect(r.json().data.errors).toEqual([
      { row: 3, field: '工号', message: '工号“NOBODY”不存在' },
      { row: 4, field: '补贴金额', message: '补贴金额最多2位小数' },
    ]);
    expect(await count()).toBe(before);
    const good = await fillTemplate(tpl.raw, [
      { 月份: MONTH, 工号: staff.userNo, 调出门店编码: shopCodes[0], 调入门店编码: shopCodes[1], 支援天数: 2, 补贴金额: 80 },
      { 月份: MONTH, 工号: staff.userNo, 调出门店编码: shopCodes[1], 调入门店编码: shopCodes[0], 支援天数: 1, 补贴金额: 40.25, 备注: '导入' },
    ]);
    const ok = await uploadXlsx(s, adminToken, `${SUB}/import`, good);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count()).toBe(before + 2);
  });

  it('special personnel: save, edit, batch audit once, merged per person; import errors per row', async () => {
    const add = await admin('POST', `${SP}/save`, { month: MONTH, userId: staff.id, adjustType: 1, amount: 300, reason: '全勤奖' });
    const ded = await admin('POST', `${SP}/save`, { month: MONTH, userId: staff.id, adjustType: 2, amount: 45.5, reason: '迟到' });
    expect([add.status, ded.status], add.body + ded.body).toEqual([200, 200]);
    const edit = await admin('PUT', `${SP}/edit`, { id: ded.json.data.id, month: MONTH, userId: staff.id, adjustType: 2, amount: 50.5, reason: '迟到两次' });
    expect(edit.status, edit.body).toBe(200);
    const ids = [add.json.data.id, ded.json.data.id];
    const first = await admin('POST', `${SP}/batch-audit`, { ids, auditStatus: 2 });
    expect(first.json.data).toMatchObject({ success: 2, fail: 0 });
    const again = await admin('POST', `${SP}/batch-audit`, { ids, auditStatus: 2 });
    expect(again.json.data).toMatchObject({ success: 0, fail: 2 });
    expect(again.json.data.results[0].msg).toContain('单据状态已变更');
    const merged = await admin('POST', `${SP}/find-merge`, { month: MONTH, userId: staff.id });
    expect(merged.json.data).toEqual([expect.objectContaining({ userId: staff.id, addAmount: 300, deductAmount: 50.5, netAmount: 249.5, count: 2 })]);
    const badMonth = await admin('POST', `${SP}/find-merge`, { month: '2025-6' });
    expect(badMonth.status).toBe(400);
    expect(badMonth.json.msg).toContain('月份');
    expect((await admin('DELETE', `${SP}/delete/${add.json.data.id}`)).status).toBe(409);
    const tpl = await admin('GET', `${SP}/template`);
    const file = await fillTemplate(tpl.raw, [
      { 月份: MONTH, 工号: staff.userNo, 调整类型: '加项', 金额: 10, 原因: '好评' },
      { 月份: MONTH, 工号: staff.userNo, 调整类型: '奖金', 金额: 10, 原因: '好评' },
      { 月份: MONTH, 工号: staff.userNo, 调整类型: '扣项', 金额: 10 },
    ]);
    const before = (await rows(`SELECT count(*)::int AS n FROM fd_special_personal`))[0].n;
    const r = await uploadXlsx(s, adminToken, `${SP}/import`, file);
    expect(r.statusCode).toBe(400);
    expect(r.json().data.errors.map((e: Json) => [e.row, e.field])).toEqual([[3, '调整类型'], [4, '原因']]);
    expect((await rows(`SELECT count(*)::int AS n FROM fd_special_personal`))[0].n).toBe(before);
    expect((await other('POST', `${SP}/findPage`, { pageNum: 1, pageSize: 20 })).json.data.records).toEqual([]);
  });
});

describe('fd-monthly-salary-stat and fd-monthly-salary-det-stat', () => {
  const ST = `${S}/fd-monthly-salary-stat`;
  const DET = `${S}/fd-monthly-salary-det-stat`;
  let adminId: number;

  async function untilDone(jobId: number): Promise<Json> {
    for (let i = 0; i < 400; i++) {
      const r = await admin('GET', `${S}/bg-job/info/${jobId}`);
      if (['done', 'failed'].includes(r.json.data.status)) return r.json.data;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error(`job ${jobId} did not end`);
  }

  /** The month recomputed in plain SQL from the orders, clock-ins, rules and audited documents (not the server's code). */
  const expectedSql = `
    WITH p AS (
      SELECT pc.user_id, coalesce(pr.base_salary, r.base_salary) AS base, coalesce(pr.commission_rate, r.commission_rate) AS rate, r.required_days,
             r.position_name, es.settle_date, least(coalesce(es.settle_date, date '2025-06-30'), date '2025-06-30') AS until
        FROM fd_personal_pc pc JOIN fd_position_rule r ON r.rule_id = pc.position_rule_id
        LEFT JOIN fd_personal_rule pr ON pr.user_id = pc.user_id
        LEFT JOIN fd_salary_early_settlement es ON es.user_id = pc.user_id AND es.month = '2025-06' AND es.plan_id = pc.plan_id
       WHERE pc.plan_id = $1),
    f AS (
      SELECT p.*,
             (SELECT count(DISTINCT clock_date) FROM attn_clock c WHERE c.user_id = p.user_id AND c.clock_date BETWEEN '2025-06-01' AND p.until) AS days,
             coalesce((SELECT sum(pay_amount) FROM po_order o WHERE coalesce(o.salesman_id, o.cashier_user_id) = p.user_id AND NOT is_practice AND status IN (1, 2)
                        AND create_time >= '2025-06-01' AND create_time < p.until + 1), 0)
           - coalesce((SELECT sum(refund_amount) FROM po_order o WHERE coalesce(o.salesman_id, o.cashier_user_id) = p.user_id AND NOT is_practice
                        AND refund_time >= '2025-06-01' AND refund_time < p.until + 1), 0) AS net,
             coalesce((SELECT sum(amount) FROM fd_monthly_transfer_subsidy_det t WHERE t.user_id = p.user_id AND t.month = '2025-06' AND t.status = 2), 0) AS subsidy,
             coalesce((SELECT sum(amount) FROM fd_special_personal x WHERE x.user_id = p.user_id AND x.month = '2025-06' AND x.status = 2 AND adjust_type = 1), 0) AS plus,
             coalesce((SELECT sum(amount) FROM fd_special_personal x WHERE x.user_id = p.user_id AND x.month = '2025-06' AND x.status = 2 AND adjust_type = 2), 0) AS minus,
             (SELECT pay_rate FROM fd_early_commission_rule e WHERE p.settle_date IS NOT NULL AND (e.position_name = p.position_name OR e.position_name IS NULL)
                 AND e.min_days <= p.settle_date - date '2025-06-01' + 1 ORDER BY e.position_name IS NULL, e.min_days DESC LIMIT 1) AS early_rate
        FROM p),
    g AS (
      SELECT f.*, round(base * least(days, required_days) / required_days, 2) AS base_pay,
             round(round(greatest(net, 0) * rate / 100, 2) * CASE WHEN settle_date IS NULL THEN 100 ELSE coalesce(early_rate, 100) END / 100, 2) AS commission
        FROM f)
    SELECT user_id, days::int AS work_days, net::numeric(16,2)::text AS sales_amount, base_pay::numeric(12,2)::text AS base_pay, commission::numeric(12,2)::text AS commission,
           subsidy::numeric(12,2)::text AS subsidy, plus::numeric(12,2)::text AS special_add, minus::numeric(12,2)::text AS special_deduct,
           (base_pay + commission + subsidy + plus - minus)::numeric(14,2)::text AS total_pay
      FROM g ORDER BY user_id`;
  const serverRows = () =>
    rows(
      `SELECT user_id, work_days::float8 AS work_days, sales_amount::text, base_pay::text, commission::text, subsidy::text, special_add::text, special_deduct::text, total_pay::text
         FROM fd_monthly_salary_stat WHERE month = '2025-06' AND plan_id = $1 ORDER BY user_id`,
      [planId],
    );

  beforeAll(async () => {
    adminId = (await rows<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
    const rule = (await rows<{ rule_id: number }>(`SELECT rule_id FROM fd_position_rule WHERE position_name = '测试店员'`))[0].rule_id;
    await s.db.tenant(1, async (tx) => {
      await tx.query(`DELETE FROM fd_personal_pc WHERE user_id = $1`, [adminId]);
      await tx.query(`INSERT INTO fd_personal_pc (tenant_id, user_id, shop_id, position_rule_id, plan_id, entry_date) VALUES (1, $1, $2, $3, $4, '2024-01-01')`, [adminId, shopIds[0], rule, planId]);
      // June 2025 belongs to this file only: its orders and clock-ins are made here.
      await tx.query(`DELETE FROM po_order WHERE create_time >= '2025-06-01' AND create_time < '2025-07-02'`);
      await tx.query(`DELETE FROM attn_clock WHERE clock_date BETWEEN '2025-06-01' AND '2025-06-30'`);
      // admin clocks every day (capped at the 26 required), shop01 on 20 days.
      await tx.query(
        `INSERT INTO attn_clock (tenant_id, user_id, shop_id, clock_type, clock_time, clock_date, photo_key)
         SELECT 1, u, $3, t, d + make_interval(hours => 8 + t * 9), d, '202506/00000000-0000-4000-8000-000000000000.png'
           FROM generate_series(date '2025-06-01', date '2025-06-30', interval '1 day') AS g(day), LATERAL (SELECT g.day::date AS d) x,
                unnest(ARRAY[$1::int, $2::int]) AS u, unnest(ARRAY[1, 2]) AS t
          WHERE u = $1 OR extract(day FROM d) <= 20`,
        [adminId, staff.id, shopIds[0]],
      );
      const order = (n: number, user: number, day: string, amount: string, extra: { practice?: boolean; refund?: [string, string]; status?: number; salesman?: number } = {}) =>
        tx.query(
          `INSERT INTO po_order (tenant_id, order_no, client_uuid, shop_id, status, is_practice, pay_amount, paid_amount, cashier_user_id, create_time, refund_amount, refund_time, salesman_id)
           VALUES (1, $1, gen_random_uuid(), $2, $3, $4, $5::numeric, $5::numeric, $6, $7::timestamptz, $8::numeric, $9::timestamptz, $10)`,
          [`SALTEST${n}`, shopIds[0], extra.status ?? 1, extra.practice ?? false, amount, user, day, extra.refund?.[0] ?? '0', extra.refund?.[1] ?? null, extra.salesman ?? null],
        );
      await order(1, adminId, '2025-06-03 10:00', '1234.57');
      await order(2, adminId, '2025-06-20 15:30', '999.99');
      await order(3, adminId, '2025-06-25 11:00', '333.33', { status: 2, refund: ['333.33', '2025-06-26 09:00'] });
      await order(4, adminId, '2025-06-05 10:00', '5000.00', { practice: true });
      await order(5, adminId, '2025-07-01 10:00', '7777.77');
      await order(6, staff.id, '2025-06-10 12:00', '2468.01');
      await order(7, staff.id, '2025-05-31 23:00', '100.00', { status: 2, refund: ['100.00', '2025-06-02 10:00'] });
      // Rung up by admin, sold by shop01 (its 导购): shop01's sales, not admin's.
      await order(8, adminId, '2025-06-15 10:00', '100.00', { salesman: staff.id });
    });
    const early = await admin('POST', `${AB}/earlycommission/add`, { positionName: '测试店员', minDays: 10, payRate: 50 });
    expect(early.status, early.body).toBe(200);
  });

  it('refresh computes the month as a background job; asking again while it runs answers the same job; figures equal a plain SQL recomputation', async () => {
    const [a, b] = await Promise.all([admin('POST', `${ST}/refresh/2025-06/${planId}`), admin('POST', `${ST}/refresh/2025-06/${planId}`)]);
    expect([a.status, b.status], a.body + b.body).toEqual([200, 200]);
    expect(b.json.data.jobId).toBe(a.json.data.jobId);
    expect(a.json.data).toMatchObject({ kind: 'salaryMonth', key: `2025-06/${planId}` });
    const done = await untilDone(a.json.data.jobId);
    expect(done.status, done.error).toBe('done');
    expect(done.result.people).toBe(2);
    const expected = await rows(expectedSql, [planId]);
    expect(expected).toHaveLength(2);
    expect(await serverRows()).toEqual(expected);
    // shop01 has the personal rule (4500 base, 4 %) and the audited subsidy and adjustments of the first tests.
    const staffRow = (await serverRows()).find((r) => r.user_id === staff.id)!;
    expect(staffRow).toMatchObject({ work_days: 20, sales_amount: '2468.01', subsidy: '150.50', special_add: '300.00', special_deduct: '50.50' });
    const page = await admin('POST', `${ST}/findPage`, { pageNum: 1, pageSize: 20, month: '2025-06', fdSalaryPlanId: planId });
    expect(page.json.data.total).toBe(2);
    expect(page.json.data.records.find((r: Json) => r.userId === staff.id)).toMatchObject({ totalPay: Number(staffRow.total_pay), fdSalaryPlanId: planId });
    // The detail shows how each figure was made; its items add up to the total.
    const det = await admin('POST', `${DET}/findPage`, { pageNum: 1, pageSize: 50, month: '2025-06', fdSalaryPlanId: planId, userId: staff.id });
    expect(det.json.data.records.map((r: Json) => r.itemName)).toEqual(['底薪', '销售提成', '调岗补贴', '特殊人员加项', '特殊人员扣项', '实发合计']);
    const items = det.json.data.records as Json[];
    expect(Math.round(items.slice(0, 5).reduce((sum, r) => sum + r.amount * 100, 0))).toBe(Math.round(Number(staffRow.total_pay) * 100));
    expect(items[0].basis).toBe('底薪 4500.00 元（个人规则） × 出勤 20/26 天（打卡 20 天）');
    expect(items[1].basis).toBe('净销售额 2468.01 元 × 4%（个人规则）');
    const last = await admin('GET', `${ST}/last-refresh-time?month=2025-06&fdSalaryPlanId=${planId}`);
    expect(last.json.data).toMatchObject({ lastRefreshTime: done.finishTime, frozen: false, runningJob: null });
    expect((await admin('GET', `${DET}/last-refresh-time`)).json.data.lastRefreshTime).not.toBeNull();
  });

  it('early settlement computes a leaving person up to their last day with the early rule; undone until frozen', async () => {
    const row = (await admin('POST', `${ST}/findPage`, { pageNum: 1, pageSize: 20, month: '2025-06', fdSalaryPlanId: planId, userId: adminId })).json.data.records[0];
    const before = await serverRows();
    const bad = await admin('POST', `${ST}/earlySettlement`, { id: row.id, earlySettleDate: '2025-07-01' });
    expect([bad.status, bad.json.msg]).toEqual([400, '提前结算日期应在 2025-06 月内']);
    const missing = await admin('POST', `${ST}/earlySettlement`, { id: row.id });
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toContain('提前结算日期');
    const settled = await admin('POST', `${ST}/earlySettlement`, { id: row.id, earlySettleDate: '2025-06-14' });
    expect(settled.status, settled.body).toBe(200);
    expect(settled.json.data).toMatchObject({ earlySettleDate: '2025-06-14' });
    const after = await serverRows();
    expect(after).toEqual(await rows(expectedSql, [planId]));
    // Up to the 14th: 14 days clocked, only the sale of the 3rd, half of its commission (rule: at least 10 days, 50 %).
    expect(after.find((r) => r.user_id === adminId)).toMatchObject({ work_days: 14, sales_amount: '1234.57', commission: '18.52' });
    expect(after.find((r) => r.user_id === staff.id)).toEqual(before.find((r) => r.user_id === staff.id));
    const det = await admin('POST', `${DET}/findPage`, { pageNum: 1, pageSize: 50, userId: adminId, month: '2025-06', itemName: '销售提成' });
    expect(det.json.data.records[0].basis).toContain('2025-06-14 提前结算，在岗 14 天，按规则（不少于 10 天）发放 50%（应计 37.04 元）');
    // Undone: back to the whole month.
    const undo = await admin('POST', `${ST}/unEarlySettlement`, { id: row.id });
    expect(undo.status, undo.body).toBe(200);
    expect(await serverRows()).toEqual(before);
    expect((await admin('POST', `${ST}/unEarlySettlement`, { id: row.id })).status).toBe(409);
  });

  it('a frozen month is never recomputed: refresh, early settlement and its documents are refused with 409', async () => {
    const before = await serverRows();
    const frozen = await admin('POST', `${ST}/freeze`, { month: '2025-06', fdSalaryPlanId: planId });
    expect(frozen.status, frozen.body).toBe(200);
    const msg = `2025-06 月（测试方案）薪资已冻结，不能再修改或重新计算`;
    const again = await admin('POST', `${ST}/refresh/2025-06/${planId}`);
    expect([again.status, again.json.msg]).toEqual([409, msg]);
    const det = await admin('POST', `${DET}/refresh`, { month: '2025-06', fdSalaryPlanId: planId });
    expect([det.status, det.json.msg]).toEqual([409, msg]);
    expect((await admin('POST', `${ST}/freeze`, { month: '2025-06', fdSalaryPlanId: planId })).status).toBe(409);
    const row = (await serverRows())[0];
    const id = (await rows<{ id: number }>(`SELECT id FROM fd_monthly_salary_stat WHERE user_id = $1 AND month = '2025-06' AND plan_id = $2`, [row.user_id, planId]))[0].id;
    expect((await admin('POST', `${ST}/earlySettlement`, { id, earlySettleDate: '2025-06-10' })).status).toBe(409);
    const sub = await admin('POST', `${SUB}/save`, { month: '2025-06', userId: staff.id, fromShopId: shopIds[0], toShopId: shopIds[1], days: 1, amount: 10 });
    expect([sub.status, sub.json.msg]).toEqual([409, '2025年6月的工资已冻结，不能再提交该月的调岗补贴']);
    // A later sale changes nothing in the frozen month.
    await s.db.tenant(1, (tx) => tx.query(`UPDATE po_order SET pay_amount = pay_amount + 1000, paid_amount = paid_amount + 1000 WHERE order_no = 'SALTEST6'`));
    expect(await serverRows()).toEqual(before);
    expect((await admin('GET', `${ST}/last-refresh-time?month=2025-06&fdSalaryPlanId=${planId}`)).json.data).toMatchObject({ frozen: true, freezeUserName: '系统管理员' });
  });

  it('bad input names the field; shop staff are refused (403); another tenant sees nothing and cannot compute this plan', async () => {
    const badMonth = await admin('POST', `${ST}/refresh/2025-13/${planId}`);
    expect(badMonth.status).toBe(400);
    expect(badMonth.json.msg).toContain('月份');
    const badPlan = await admin('POST', `${ST}/refresh/2025-05/abc`);
    expect(badPlan.status).toBe(400);
    expect(badPlan.json.msg).toContain('薪资方案');
    const ghost = await admin('POST', `${ST}/refresh/2025-05/99999999`);
    expect([ghost.status, ghost.json.msg]).toEqual([400, '薪资方案（fdSalaryPlanId）不存在']);
    expect((await admin('POST', `${ST}/freeze`, { month: '2025-05', fdSalaryPlanId: planId })).json.msg).toBe('2025-05 月（测试方案）薪资尚未计算，不能冻结');
    for (const [m, url, body] of [
      ['POST', `${ST}/findPage`, { pageNum: 1, pageSize: 20 }],
      ['POST', `${ST}/refresh/2025-05/${planId}`, undefined],
      ['POST', `${ST}/freeze`, { month: '2025-05', fdSalaryPlanId: planId }],
      ['POST', `${ST}/earlySettlement`, { id: 1, earlySettleDate: '2025-05-02' }],
      ['GET', `${ST}/last-refresh-time`, undefined],
      ['POST', `${DET}/findPage`, { pageNum: 1, pageSize: 20 }],
      ['POST', `${DET}/refresh`, {}],
    ] as const)
      expect((await shop(m, url, body)).status, url).toBe(403);
    expect((await other('POST', `${ST}/findPage`, { pageNum: 1, pageSize: 20, month: '2025-06' })).json.data.total).toBe(0);
    expect((await other('POST', `${DET}/findPage`, { pageNum: 1, pageSize: 20, month: '2025-06' })).json.data.total).toBe(0);
    const cross = await other('POST', `${ST}/refresh/2025-06/${planId}`);
    expect([cross.status, cross.json.msg]).toEqual([400, '薪资方案（fdSalaryPlanId）不存在']);
  });
});

describe('考勤薪资 screens and demo', () => {
  const ROUTES = ['/attendManage/clockRecord', '/attendManage/positionCommission', '/attendManage/personalCommission', '/attendManage/earlyCommission',
    '/attendManage/personalPc', '/attendManage/transferSubsidy', '/attendManage/specialPersonal', '/attendManage/monthlySalary', '/attendManage/monthlySalaryDet'];
  const screenOf = (token: string, route: string) => s.call('GET', `/api/wxy-system-server/screen-descriptor?route=${encodeURIComponent(route)}`, { token, tenant: 1 });

  it('admin opens every screen of the menu; shop staff none of them', async () => {
    const shopToken = await s.login('shop01', 'shop123');
    for (const route of ROUTES) {
      expect((await screenOf(adminToken, route)).statusCode, route).toBe(200);
      expect((await screenOf(shopToken, route)).statusCode, route).toBe(403);
    }
  });

  it("the toolbar's 计算本月薪资 computes this month of the demo plan, whose figures the demo seeded already", async () => {
    const demo = (await rows<{ plan_id: number }>(`SELECT plan_id FROM fd_salary_plan WHERE plan_name = '门店薪资方案'`))[0].plan_id;
    const month = (await rows<{ m: string }>(`SELECT to_char(current_date, 'YYYY-MM') AS m`))[0].m;
    // This file moved admin and shop01 into its own plan; manager01 stays in the demo plan.
    const ofDemo = `SELECT user_id, total_pay::text FROM fd_monthly_salary_stat WHERE month = $1 AND plan_id = $2 ORDER BY user_id`;
    const seeded = (await rows<{ user_id: number }>(ofDemo, [month, demo]));
    const stay = (await rows<{ user_id: number }>(`SELECT user_id FROM fd_personal_pc WHERE plan_id = $1`, [demo])).map((r) => r.user_id);
    expect(seeded.length).toBeGreaterThan(0);
    const r = await admin('POST', `${S}/fd-monthly-salary-det-stat/refresh`, {});
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.key).toBe(`${month}/${demo}`);
    for (let i = 0; i < 400; i++) {
      const j = await admin('GET', `${S}/bg-job/info/${r.json.data.jobId}`);
      if (j.json.data.status === 'done') break;
      expect(j.json.data.status).not.toBe('failed');
      await new Promise((res) => setTimeout(res, 50));
    }
    // Those still in the plan keep the seeded figures (nothing of theirs changed); those who left it are gone from it.
    expect(stay.length).toBeGreaterThan(0);
    expect(await rows(ofDemo, [month, demo])).toEqual(seeded.filter((r) => stay.includes(r.user_id)));
    // Last month was frozen by the demo: refused.
    const prev = (await rows<{ m: string }>(`SELECT to_char(current_date - interval '1 month', 'YYYY-MM') AS m`))[0].m;
    expect((await admin('POST', `${S}/fd-monthly-salary-stat/refresh/${prev}/${demo}`)).status).toBe(409);
  });
});
