import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmnXml } from '../../server/domains/process/bpmnXml.ts';
import { computePeople } from '../../server/domains/salary/month.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, uploadPng, type Caller, type Json } from './resourceCalls.ts';

/**
 * 考勤申请, what an approver and the applicant rely on beyond submitting: half a day of leave is half a worked day
 * in the salary month (paid leave adds it, unpaid leave on a clocked day takes it off); the request's detail
 * (attendAuditDetail) carries the running approval and the reader's task in it; 只看我的 narrows the list to the
 * caller's own; the attendance notices 26-31 reach the applicant, the swap colleague and the direct approvers; the
 * HR matters (调岗补贴 37) reach their approver with the document's id and their page offers the task.
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
let shop: Caller;
let finance: Caller;
let shopToken: string;
let shopId: number;
let shop01: number;
let manager01: number;

const R = 'wxy-system-server/attn-request';
const P = 'wxy-process-server/process';
const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;
const todo = async (c: Caller) => (await c('GET', `${P}/task/agents/list/1/100`)).json.data.records as Json[];
const notices = async (c: Caller) => (await c('GET', 'wxy-system-server/ms/list/1/100')).json.data.records as Json[];
const hasNotice = async (c: Caller, type: number, id: number) => (await notices(c)).some((n) => n.businessType === type && n.businessId === String(id));
const approve = async (id: number, taskType: 1 | 2, comment = '') => {
  const task = (await todo(manager)).find((t) => t.businessId === String(id))!;
  const r = await manager('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/${taskType}`, { comment });
  expect(r.status, r.body).toBe(200);
};

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  shopToken = await s.login('shop01', 'shop123');
  shop = callerFor(s, shopToken);
  finance = callerFor(s, await s.login('finance01', 'finance123'));
  shopId = (await sql<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager ORDER BY shop_id LIMIT 1`))[0].shop_id;
  const users = await sql<{ id: number; user_name: string }>(`SELECT id, user_name FROM sys_user WHERE user_name IN ('shop01', 'manager01')`);
  shop01 = users.find((u) => u.user_name === 'shop01')!.id;
  manager01 = users.find((u) => u.user_name === 'manager01')!.id;
}, 300_000);
afterAll(async () => s?.stop());

describe('attendance requests, approvals and notices', () => {
  it('half a day of paid leave adds half a worked day; half a day of 事假 on a clocked day takes half off', async () => {
    // Another day of this month (yesterday, or tomorrow on the 1st: last month is the demo's frozen one, which takes no request).
    const [{ yesterday, today }] = await sql<{ yesterday: string; today: string }>(
      `SELECT to_char(CASE WHEN extract(day FROM current_date) > 1 THEN current_date - 1 ELSE current_date + 1 END, 'YYYY-MM-DD') AS yesterday,
              to_char(current_date, 'YYYY-MM-DD') AS today`);
    await sql(`DELETE FROM attn_clock WHERE user_id = $1 AND clock_date IN ($2::date, current_date)`, [shop01, yesterday]);
    const plan = (await sql<{ plan_id: number }>(`SELECT plan_id FROM fd_personal_pc WHERE user_id = $1`, [shop01]))[0].plan_id;
    const workDays = async (day: string) => (await s.db.tenant(1, (tx) => computePeople(tx, day.slice(0, 7), plan, [shop01])))[0].result.workDays;

    const before = await workDays(yesterday);
    const paid = (await shop('POST', `${R}/save`, { requestType: 1, leaveType: 3, shopId, startTime: `${yesterday} 09:00:00`, endTime: `${yesterday} 13:00:00`, days: 0.5, reason: '半天年假' })).json.data;
    expect(paid).toMatchObject({ days: 0.5, status: 1 });
    await approve(paid.id, 1);
    expect(await workDays(yesterday)).toBe(before + 0.5);

    const photo = await uploadPng(s, shopToken, 'clock.png');
    expect((await shop('POST', 'wxy-system-server/attn-clock/clock-in', { shopId, clockType: 1, photoKey: photo.videoObjectKey })).status).toBe(200);
    const clocked = await workDays(today);
    const unpaid = (await shop('POST', `${R}/save`, { requestType: 1, leaveType: 1, shopId, startTime: `${today} 14:00:00`, endTime: `${today} 18:00:00`, days: 0.5, reason: '下午办事' })).json.data;
    await approve(unpaid.id, 1);
    expect(await workDays(today)).toBe(clocked - 0.5);
  });

  it('the detail carries the running approval: the approver gets the task, the applicant sees it waiting; then none', async () => {
    const saved = (await shop('POST', `${R}/save`, { requestType: 2, shopId, startTime: '2030-06-01 19:00:00', endTime: '2030-06-01 21:00:00', reason: '盘点' })).json.data;
    const mine = (await manager('GET', `${R}/get/${saved.id}`)).json.data;
    expect(mine.approval).toMatchObject({ processName: '考勤审批', taskName: '店长审批', taskId: expect.any(Number) });
    const theirs = (await shop('GET', `${R}/get/${saved.id}`)).json.data;
    expect(theirs.approval).toMatchObject({ processName: '考勤审批', taskId: null, taskName: null });
    const c = await manager('POST', `${P}/task/complete/${mine.approval.processInstanceId}/${mine.approval.taskId}/2`, { comment: '改到周末' });
    expect(c.status, c.body).toBe(200);
    const after = (await shop('GET', `${R}/get/${saved.id}`)).json.data;
    expect(after).toMatchObject({ status: 3, auditRemark: '改到周末', approval: null });
    // The applicant hears of the rejection as 27, opening attendAuditDetail at the request.
    expect(await hasNotice(shop, 27, saved.id)).toBe(true);
  });

  it('只看我的 narrows the list to the caller’s own requests', async () => {
    const theirs = (await admin('POST', `${R}/save`, { requestType: 2, shopId, startTime: '2030-06-02 19:00:00', endTime: '2030-06-02 20:00:00', reason: '总部加班' })).json.data;
    const adminId = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
    const all = (await admin('POST', `${R}/findPage`, { pageNum: 1, pageSize: 200 })).json.data.records as Json[];
    expect(new Set(all.map((r) => r.userName)).size).toBeGreaterThan(1);
    const shopMine = (await shop('POST', `${R}/findPage`, { pageNum: 1, pageSize: 200, mine: 1 })).json.data.records as Json[];
    expect(shopMine.length).toBeGreaterThan(0);
    expect(shopMine.every((r) => r.userId === shop01)).toBe(true);
    expect(shopMine.map((r) => r.id)).not.toContain(theirs.id);
    const adminMine = (await admin('POST', `${R}/findPage`, { pageNum: 1, pageSize: 200, mine: 1 })).json.data.records as Json[];
    expect(adminMine.map((r) => r.id)).toEqual([theirs.id]);
    expect(adminMine.every((r) => r.userId === adminId)).toBe(true);
    expect((await admin('POST', `${R}/findPage`, { pageNum: 1, pageSize: 200, mine: 0 })).json.data.total).toBe(all.length);
    expect((await shop('POST', `${R}/findPage`, { pageNum: 1, pageSize: 10, mine: 'x' })).status).toBe(400);
  });

  it('an approved request tells the applicant (26); a shift swap tells the colleague when asked (28) and when approved (29)', async () => {
    const adminId = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
    const saved = await shop('POST', `${R}/save`, { requestType: 4, shopId, swapUserId: adminId, startTime: '2030-06-03 09:00:00', endTime: '2030-06-03 18:00:00', reason: '家里有事换班' });
    expect(saved.status, saved.body).toBe(200);
    const swap = saved.json.data;
    expect(await hasNotice(admin, 28, swap.id)).toBe(true);
    expect(await hasNotice(admin, 29, swap.id)).toBe(false);
    await approve(swap.id, 1, '同意换班');
    expect(await hasNotice(shop, 26, swap.id)).toBe(true);
    expect(await hasNotice(admin, 29, swap.id)).toBe(true);
  });

  it('an HR matter (调岗补贴) reaches its approver as notice 37 with its id; its page offers the task', async () => {
    const xml = bpmnXml('transferSubsidy', '调岗补贴审批', [
      { type: 'startEvent', id: 'start' },
      { type: 'userTask', id: 'financeApprove', name: '财务审核', attrs: { 'flowable:candidateGroups': 'finance' } },
      { type: 'endEvent', id: 'end' },
    ], [{ id: 'f1', from: 'start', to: 'financeApprove' }, { id: 'f2', from: 'financeApprove', to: 'end' }]);
    expect((await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: xml, businessType: 'transferSubsidy' })).status).toBe(200);
    const shops = await sql<{ shop_id: number }>(`SELECT shop_id FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 2`);
    const month = (await sql<{ m: string }>(`SELECT to_char(current_date + 62, 'YYYY-MM') AS m`))[0].m;
    const saved = await admin('POST', 'wxy-system-server/fd-monthly-transfer-subsidy-det/save', { month, userId: shop01, fromShopId: shops[0].shop_id, toShopId: shops[1].shop_id, days: 2, amount: 88 });
    expect(saved.status, saved.body).toBe(200);
    const id = saved.json.data.id;
    expect(await hasNotice(finance, 37, id)).toBe(true);
    const page = (await admin('GET', `wxy-system-server/fd-monthly-transfer-subsidy-det/get/${id}`)).json.data;
    expect(page.approval).toMatchObject({ processName: '调岗补贴审批', taskId: null });
    const task = (await todo(finance)).find((t) => t.businessId === String(id))!;
    expect((await finance('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/1`, { comment: '核对无误' })).status).toBe(200);
    expect((await admin('GET', `wxy-system-server/fd-monthly-transfer-subsidy-det/get/${id}`)).json.data).toMatchObject({ status: 2, approval: null });
  });

  it('without the process the direct approvers hear of a request (30); a withdrawn process tells the applicant (31)', async () => {
    const running = (await shop('POST', `${R}/save`, { requestType: 2, shopId, startTime: '2030-06-05 19:00:00', endTime: '2030-06-05 20:00:00', reason: '理货' })).json.data;
    const def = (await sql<{ deployment_id: number }>(`SELECT deployment_id FROM wf_definition WHERE process_key = 'attendance' AND deleted_at IS NULL ORDER BY version DESC LIMIT 1`))[0];
    const del = await admin('DELETE', `${P}/definition/delete/${def.deployment_id}/true`);
    expect(del.status, del.body).toBe(200);
    // The applicant hears the process was withdrawn (31); admin, who withdrew it, is not told of it again.
    expect(await hasNotice(shop, 31, running.id)).toBe(true);
    expect((await shop('GET', `${R}/get/${running.id}`)).json.data).toMatchObject({ status: 1, approval: null });
    const direct = (await shop('POST', `${R}/save`, { requestType: 2, shopId, startTime: '2030-06-06 19:00:00', endTime: '2030-06-06 20:00:00', reason: '补货' })).json.data;
    expect(await hasNotice(admin, 30, direct.id)).toBe(true);
    expect((await admin('GET', `${R}/get/${direct.id}`)).json.data.approval).toBeNull();
    expect((await admin('POST', `${R}/audit`, { id: direct.id, auditStatus: 2, auditRemark: '同意' })).status).toBe(200);
    expect(await hasNotice(shop, 26, direct.id)).toBe(true);
  });
});
