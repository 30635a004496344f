import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePeople } from '../../server/domains/salary/month.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 考勤申请 (attn-request): shop01 asks, its shop's manager approves through the demo 考勤审批 process; the approver's
 * notice is of type 18 + the request type (19-25) and names the request; overlaps, bad times and other people's
 * approvals are refused with nothing written; an approved missed clock is a worked day in the salary month.
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let shop01: number;

const R = 'wxy-system-server/attn-request';
const P = 'wxy-process-server/process';
const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;
const todo = async (c: Caller) => (await c('GET', `${P}/task/agents/list/1/100`)).json.data.records as Json[];
const count = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM attn_request`))[0].n;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  shopId = (await sql<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager ORDER BY shop_id LIMIT 1`))[0].shop_id;
  shop01 = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'shop01'`))[0].id;
}, 180_000);
afterAll(async () => s?.stop());

describe('考勤申请', () => {
  let leaveId: number;

  it('a leave goes to the shop manager with a notice of type 19 that names it; approving it sets it 已通过', async () => {
    const saved = await shop('POST', `${R}/save`, { requestType: 1, leaveType: 3, shopId, startTime: '2030-03-02 09:00:00', endTime: '2030-03-03 18:00:00', days: 2, reason: '年假回老家' });
    expect(saved.status, saved.body).toBe(200);
    const doc = saved.json.data;
    leaveId = doc.id;
    expect(doc).toMatchObject({ status: 1, requestType: 1, userName: '门店店员01', days: 2, hours: 33 });
    expect(doc.docNo).toMatch(/^KQSQ\d{8}-\d{4}$/);
    const [task] = (await todo(manager)).filter((t) => t.businessId === String(leaveId));
    expect(task).toMatchObject({ taskName: '店长审批', applicantName: '门店店员01' });
    expect(task.title).toContain(`请假申请 ${doc.docNo}`);
    const notices = (await manager('GET', 'wxy-system-server/ms/list/1/50')).json.data.records as Json[];
    expect(notices.find((n) => n.businessType === 19 && n.businessId === String(leaveId))).toBeTruthy();
    // The request waits in its process: no direct approval, no edit, no second approver.
    expect((await admin('POST', `${R}/audit`, { id: leaveId, auditStatus: 2 })).json.msg).toBe('该考勤申请正在审批流程中，请由审批人在“我的待办”中审批');
    expect((await shop('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/1`, {})).status).toBe(403);
    const done = await manager('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/1`, { comment: '同意，注意交接' });
    expect(done.status, done.body).toBe(200);
    const after = (await shop('GET', `${R}/get/${leaveId}`)).json.data;
    expect(after).toMatchObject({ status: 2, auditUserName: '店长01', auditRemark: '同意，注意交接' });
  });

  it('refuses an overlapping leave, a leave without its type, a missed clock in the future and a swap without a colleague; nothing written', async () => {
    const before = await count();
    const overlap = await shop('POST', `${R}/save`, { requestType: 6, shopId, startTime: '2030-03-03 14:00:00', endTime: '2030-03-03 16:00:00', days: 0.5, reason: '外出办事' });
    expect([overlap.status, overlap.json.msg]).toEqual([409, expect.stringMatching(/^与请假申请 KQSQ\d{8}-\d{4} 的时间重叠，请调整时间$/)]);
    const noType = await shop('POST', `${R}/save`, { requestType: 1, shopId, startTime: '2030-04-01 09:00:00', endTime: '2030-04-01 18:00:00', days: 1, reason: '请假' });
    expect([noType.status, noType.json.msg]).toEqual([400, '请假申请请选择假期类型（leaveType）']);
    const future = await shop('POST', `${R}/save`, { requestType: 3, shopId, startTime: '2030-04-01 09:00:00', endTime: '2030-04-01 09:00:00', reason: '忘记打卡' });
    expect([future.status, future.json.msg]).toEqual([400, '补卡时间不能晚于现在']);
    const swap = await shop('POST', `${R}/save`, { requestType: 4, shopId, startTime: '2030-04-02 09:00:00', endTime: '2030-04-02 18:00:00', reason: '调班' });
    expect([swap.status, swap.json.msg]).toEqual([400, '调班申请请选择调班对象（swapUserId）']);
    const tooMany = await shop('POST', `${R}/save`, { requestType: 1, leaveType: 1, shopId, startTime: '2030-04-03 09:00:00', endTime: '2030-04-03 18:00:00', days: 3, reason: '事假' });
    expect([tooMany.status, tooMany.json.msg]).toEqual([400, '天数（3）不能多于开始到结束的天数（1）']);
    const noReason = await shop('POST', `${R}/save`, { requestType: 2, shopId, startTime: '2030-04-03 19:00:00', endTime: '2030-04-03 21:00:00' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.msg).toContain('事由');
    expect(await count()).toBe(before);
  });

  it('a rejected overtime goes back to the applicant, who corrects it and submits it again', async () => {
    const saved = (await shop('POST', `${R}/save`, { requestType: 2, shopId, startTime: '2030-03-05 19:00:00', endTime: '2030-03-05 22:30:00', reason: '盘点加班' })).json.data;
    expect(saved).toMatchObject({ hours: 3.5, days: null });
    const task = (await todo(manager)).find((t) => t.businessId === String(saved.id))!;
    const notices = (await manager('GET', 'wxy-system-server/ms/list/1/50')).json.data.records as Json[];
    expect(notices.some((n) => n.businessType === 20 && n.businessId === String(saved.id))).toBe(true);
    expect((await manager('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/2`, { comment: '盘点已改到周末' })).status).toBe(200);
    expect((await shop('GET', `${R}/get/${saved.id}`)).json.data).toMatchObject({ status: 3, auditRemark: '盘点已改到周末' });
    const again = await shop('PUT', `${R}/update/${saved.id}`, { requestType: 2, shopId, startTime: '2030-03-07 19:00:00', endTime: '2030-03-07 21:00:00', reason: '周末盘点加班' });
    expect(again.status, again.body).toBe(200);
    expect(again.json.data).toMatchObject({ status: 1, hours: 2, auditRemark: null });
    expect((await todo(manager)).some((t) => t.businessId === String(saved.id))).toBe(true);
  });

  it('an approved missed clock is a worked day of the salary month', async () => {
    const day = (await sql<{ d: string }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS d FROM generate_series(date_trunc('month', current_date)::date, current_date - 1, interval '1 day') AS g(d)
        WHERE NOT EXISTS (SELECT 1 FROM attn_clock c WHERE c.user_id = $1 AND c.clock_date = g.d::date) ORDER BY d LIMIT 1`, [shop01]))[0]?.d
      ?? (await sql<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;
    await sql(`DELETE FROM attn_clock WHERE user_id = $1 AND clock_date = $2::date`, [shop01, day]);
    const month = day.slice(0, 7);
    const plan = (await sql<{ plan_id: number }>(`SELECT plan_id FROM fd_personal_pc WHERE user_id = $1`, [shop01]))[0].plan_id;
    const workDays = async () => (await s.db.tenant(1, (tx) => computePeople(tx, month, plan, [shop01])))[0].result.workDays;
    const before = await workDays();
    const saved = (await shop('POST', `${R}/save`, { requestType: 3, shopId, startTime: `${day} 09:00:00`, endTime: `${day} 09:00:00`, reason: '上班忘记打卡' })).json.data;
    const task = (await todo(manager)).find((t) => t.businessId === String(saved.id))!;
    expect((await manager('GET', 'wxy-system-server/ms/list/1/50')).json.data.records.some((n: Json) => n.businessType === 21 && n.businessId === String(saved.id))).toBe(true);
    expect(await workDays()).toBe(before); // waiting: not yet
    await manager('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/1`, {});
    expect(await workDays()).toBe(before + 1);
  });

  it('keeps tenants apart and refuses what the menus do not grant', async () => {
    expect((await other('GET', `${R}/get/${leaveId}`)).status).toBe(404);
    expect((await other('POST', `${R}/findPage`, { pageNum: 1, pageSize: 10 })).json.data.total).toBe(0);
    expect((await shop('POST', `${R}/audit`, { id: leaveId, auditStatus: 2 })).status).toBe(403);
    const list = (await shop('POST', `${R}/findPage`, { pageNum: 1, pageSize: 10, requestType: 1 })).json.data.records as Json[];
    expect(list.find((r) => r.id === leaveId)).toMatchObject({ userName: '门店店员01', status: 2 });
  });

  it('without the process, the holder of the audit permission approves once', async () => {
    await sql(`UPDATE wf_definition SET suspended = true WHERE process_key = 'attendance'`);
    try {
      const saved = (await shop('POST', `${R}/save`, { requestType: 5, shopId, startTime: '2030-05-10 08:00:00', endTime: '2030-05-11 20:00:00', days: 2, reason: '总部培训' })).json.data;
      expect((await todo(manager)).some((t) => t.businessId === String(saved.id))).toBe(false);
      expect((await admin('POST', `${R}/audit`, { id: saved.id, auditStatus: 3 })).json.msg).toBe('驳回时请填写审批意见（auditRemark）');
      const ok = await admin('POST', `${R}/audit`, { id: saved.id, auditStatus: 2 });
      expect(ok.status, ok.body).toBe(200);
      expect(ok.json.data).toMatchObject({ status: 2, auditUserName: '系统管理员' });
      expect((await admin('POST', `${R}/audit`, { id: saved.id, auditStatus: 2 })).status).toBe(409);
    } finally {
      await sql(`UPDATE wf_definition SET suspended = false WHERE process_key = 'attendance'`);
    }
  });
});
