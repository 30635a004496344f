import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * A frozen salary month (paid) takes nothing more: no document that would feed it — an attendance request dated in
 * it, a transfer subsidy, an order taken back by 作废 — is submitted or approved, with a 409 naming the month; and a
 * month still running is not frozen. The demo freezes last month of its plan (admin, shop01, manager01).
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let manager: Caller;
let shopId: number;
let shop01: number;
let lastMonth: string;
let thisMonth: string;

const R = 'wxy-system-server/attn-request';
const P = 'wxy-process-server/process';
const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;
const words = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;
const requests = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM attn_request`))[0].n;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  shopId = (await sql<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager ORDER BY shop_id LIMIT 1`))[0].shop_id;
  shop01 = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'shop01'`))[0].id;
  [{ lastMonth, thisMonth }] = await sql<{ lastMonth: string; thisMonth: string }>(
    `SELECT to_char(current_date - interval '1 month', 'YYYY-MM') AS "lastMonth", to_char(current_date, 'YYYY-MM') AS "thisMonth"`);
  // The demo: shop01's plan has last month frozen.
  const frozen = await sql(`SELECT 1 FROM fd_salary_month m JOIN fd_personal_pc p ON p.plan_id = m.plan_id WHERE p.user_id = $1 AND m.month = $2 AND m.frozen`, [shop01, lastMonth]);
  expect(frozen.length).toBe(1);
}, 180_000);
afterAll(async () => s?.stop());

describe('考勤申请 in a frozen salary month', () => {
  it('a 补卡 dated in the frozen month is refused at submit naming the month (it was accepted and approved, and never counted); nothing is written', async () => {
    const before = await requests();
    const day = `${lastMonth}-10`;
    const r = await shop('POST', `${R}/save`, { requestType: 3, shopId, startTime: `${day} 09:00:00`, endTime: `${day} 09:00:00`, reason: '上班忘记打卡' });
    expect([r.status, r.json.msg]).toEqual([409, `${words(lastMonth)}的工资已冻结，不能再提交该月的考勤申请`]);
    // A leave reaching from the frozen month into this one touches it too.
    const across = await shop('POST', `${R}/save`, { requestType: 1, leaveType: 3, shopId, startTime: `${lastMonth}-28 09:00:00`, endTime: `${thisMonth}-01 18:00:00`, days: 2, reason: '年假' });
    expect([across.status, across.json.msg]).toEqual([409, `${words(lastMonth)}的工资已冻结，不能再提交该月的考勤申请`]);
    expect(await requests()).toBe(before);
  });

  it('a request submitted before its month froze cannot be approved afterwards; it can still be rejected', async () => {
    await sql(`UPDATE fd_salary_month SET frozen = false WHERE month = $1`, [lastMonth]);
    const day = `${lastMonth}-12`;
    const saved = await shop('POST', `${R}/save`, { requestType: 3, shopId, startTime: `${day} 09:00:00`, endTime: `${day} 09:00:00`, reason: '忘记打卡' });
    expect(saved.status, saved.body).toBe(200);
    await sql(`UPDATE fd_salary_month SET frozen = true WHERE month = $1`, [lastMonth]);
    const task = ((await manager('GET', `${P}/task/agents/list/1/100`)).json.data.records as Json[]).find((t) => t.businessId === String(saved.json.data.id))!;
    const approve = await manager('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/1`, { comment: '同意' });
    expect([approve.status, approve.json.msg]).toEqual([409, `${words(lastMonth)}的工资已冻结，不能再审批该月的考勤申请`]);
    expect((await shop('GET', `${R}/get/${saved.json.data.id}`)).json.data.status).toBe(1);
    const reject = await manager('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/2`, { comment: '该月工资已结算' });
    expect(reject.status, reject.body).toBe(200);
    expect((await shop('GET', `${R}/get/${saved.json.data.id}`)).json.data.status).toBe(3);
  });

  it('this month, not frozen, takes requests as before', async () => {
    const r = await shop('POST', `${R}/save`, { requestType: 2, shopId, startTime: `${thisMonth}-01 19:00:00`, endTime: `${thisMonth}-01 20:00:00`, reason: '盘点加班' });
    expect(r.status, r.body).toBe(200);
  });
});

describe('other documents of a frozen month', () => {
  it('a transfer subsidy for the frozen month is refused naming it', async () => {
    const shops = (await sql<{ shop_id: number }>(`SELECT shop_id FROM shop_base ORDER BY shop_id LIMIT 2`)).map((x) => x.shop_id);
    const sub = await admin('POST', 'wxy-system-server/fd-monthly-transfer-subsidy-det/save', { month: lastMonth, userId: shop01, fromShopId: shops[0], toShopId: shops[1], days: 1, amount: 10 });
    expect([sub.status, sub.json.msg]).toEqual([409, `${words(lastMonth)}的工资已冻结，不能再提交该月的调岗补贴`]);
  });

  it('作废 of a sale of the frozen month is refused (its seller\'s commission is paid); a refund counts on its own day', async () => {
    // A completed sale of last month, sold by shop01 (导购), whose plan has that month frozen.
    const order = (await sql<{ order_no: string }>(
      `SELECT o.order_no FROM po_order o WHERE o.status = 1 AND NOT o.is_practice AND NOT EXISTS (SELECT 1 FROM po_order_exchange x WHERE x.order_id = o.order_id)
        ORDER BY o.order_id LIMIT 1`))[0];
    await sql(`UPDATE po_order SET salesman_id = $2, create_time = date_trunc('month', current_date) - interval '15 days' WHERE order_no = $1`, [order.order_no, shop01]);
    const r = await admin('PUT', `wxy-order-server/order/updateInvalidByOrderNo/${order.order_no}`, { reason: '录错' });
    expect([r.status, r.json.msg]).toEqual([409, `${words(lastMonth)}的工资已冻结，不能再作废该月的订单（可改为退款）`]);
    expect((await sql<{ status: number }>(`SELECT status FROM po_order WHERE order_no = $1`, [order.order_no]))[0].status).toBe(1);
  });

  it('a month still running is not frozen: its clock-ins, sales and requests still come', async () => {
    const plan = (await sql<{ plan_id: number }>(`SELECT plan_id FROM fd_personal_pc WHERE user_id = $1`, [shop01]))[0].plan_id;
    const r = await admin('POST', 'wxy-system-server/fd-monthly-salary-stat/freeze', { month: thisMonth, fdSalaryPlanId: plan });
    expect([r.status, r.json.msg]).toEqual([409, `${words(thisMonth)}尚未结束，不能冻结该月的工资（月内的打卡、销售和考勤申请还会计入）`]);
  });
});
