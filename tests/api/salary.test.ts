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
  planId = (await rows<{ plan_id: number }>(`INSERT INTO fd_salary_plan (tenant_id, plan_name) VALUES (1, '测试方案') RETURNING plan_id`))[0].plan_id;
});
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
    const tmp = await admin('POST', `${AB}/earlycommission/add`, { minDays: 0, payRate: 10 });
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
