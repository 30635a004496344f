import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 会员运营计划 (spec 000 §2, notice 36): a draft plan is validated field by field; 执行 gives each member of its
 * segment the plan's coupons once (运营计划 as 发放方式), records the counts, tells the plan's users (36, the plan
 * id) and cannot run again; another tenant neither sees nor runs it.
 */
let s: TestServer;
let admin: Caller;
let other: Caller;
let today: string;
let later: string;
let adminId: number;
let couponId: number;

const M = 'wxy-member-server/mb-operation-plan';
const q = async <T extends Json>(sql: string, params: unknown[] = [], tenant = 1) => (await s.db.tenant(tenant, (tx) => tx.query<T>(sql, params))).rows;
const count = async (sql: string, params: unknown[] = [], tenant = 1) => (await q<{ n: number }>(sql, params, tenant))[0].n;
const plan = (body: Json) => admin('POST', `${M}/save`, { planName: '测试计划', segment: 1, couponId, couponPerMember: 1, ...body });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const d = (await q<{ t: string; l: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS t, to_char(current_date + 30, 'YYYY-MM-DD') AS l`))[0];
  today = d.t;
  later = d.l;
  adminId = (await q<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
  const c = await admin('POST', 'wxy-member-server/mb-coupon/save', { couponName: '运营计划券', couponKind: 1, faceAmount: 6, thresholdAmount: 0, beginDate: today, endDate: later });
  expect(c.status, c.body).toBe(200);
  couponId = c.json.data.couponId;
}, 180_000);
afterAll(async () => s?.stop());

describe('会员运营计划', () => {
  it('refuses bad plans with a 400 naming the field, writing nothing', async () => {
    const before = await count(`SELECT count(*)::int AS n FROM mb_operation_plan`);
    const off = (await admin('POST', 'wxy-member-server/mb-coupon/save', { couponName: '停用券', couponKind: 1, faceAmount: 2, thresholdAmount: 0, beginDate: today, endDate: later, status: 0 })).json.data.couponId;
    const shop = (await q<{ id: number }>(`SELECT min(shop_id) AS id FROM shop_base`))[0].id;
    const cases: [Json, string][] = [
      [{ planName: '' }, '计划名称'],
      [{ segment: 9 }, '会员范围'],
      [{ segment: 2 }, '天数'],
      [{ segment: 3, days: 5000 }, '天数'],
      [{ segment: 2, days: 0 }, '天数'],
      [{ segment: 5 }, '指定门店'],
      [{ segment: 5, shopId: 99999999 }, '指定门店'],
      [{ couponId: off }, '优惠券'],
      [{ couponId: 99999999 }, '优惠券'],
      [{ couponPerMember: 11 }, '每人张数'],
      [{ couponPerMember: 0 }, '每人张数'],
    ];
    for (const [body, field] of cases) {
      const r = await plan(body);
      expect(r.status, `${JSON.stringify(body)} ${r.body}`).toBe(400);
      expect(r.json.msg, JSON.stringify(body)).toContain(field);
    }
    expect(await count(`SELECT count(*)::int AS n FROM mb_operation_plan`)).toBe(before);
    const ok = await plan({ planName: '门店会员', segment: 5, shopId: shop, days: 7 });
    expect(ok.status, ok.body).toBe(200);
    const got = (await admin('GET', `${M}/get/${ok.json.data.planId}`)).json.data;
    expect(got).toMatchObject({ segment: 5, shopId: shop, days: null, status: 1, couponName: '运营计划券' });
  });

  it('执行 gives each member of the segment the coupons once, counts them, tells admin (36) and never runs twice', async () => {
    const created = await plan({ planName: '十年内消费过', segment: 2, days: 3650, couponPerMember: 2 });
    expect(created.status, created.body).toBe(200);
    const id = created.json.data.planId;
    expect((await q<{ create_user_id: number }>(`SELECT create_user_id FROM mb_operation_plan WHERE plan_id = $1`, [id]))[0].create_user_id).toBe(adminId);
    const expected = (await q<{ member_id: number }>(
      `SELECT m.member_id FROM mb_base_info m WHERE NOT m.is_practice AND m.status = 1
          AND EXISTS (SELECT 1 FROM po_order o WHERE o.member_id = m.member_id AND NOT o.is_practice AND o.status IN (1, 2) AND o.create_time >= now() - interval '3650 days')
        ORDER BY m.member_id`,
    )).map((r) => r.member_id);
    expect(expected.length).toBeGreaterThan(0);

    const [a, b] = await Promise.all([admin('PUT', `${M}/execute/${id}`), admin('PUT', `${M}/execute/${id}`)]);
    expect([a.status, b.status].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const given = await q<{ member_id: number; n: number }>(
      `SELECT member_id, count(*)::int AS n FROM mb_member_coupon WHERE coupon_id = $1 AND give_way = 3 GROUP BY member_id ORDER BY member_id`, [couponId]);
    expect(given.map((g) => g.member_id)).toEqual(expected);
    expect(given.every((g) => g.n === 2)).toBe(true);
    const detail = (await admin('GET', `${M}/get/${id}`)).json.data;
    expect(detail).toMatchObject({ status: 2, memberCount: expected.length, couponCount: expected.length * 2 });
    expect(detail.executedTime).toBeTruthy();
    expect(await count(`SELECT count(*)::int AS n FROM mb_operation_plan_member WHERE plan_id = $1`, [id])).toBe(expected.length);

    const again = await admin('PUT', `${M}/execute/${id}`);
    expect(again.status).toBe(409);
    expect(again.json.msg).toContain('已执行');
    expect(await count(`SELECT count(*)::int AS n FROM mb_member_coupon WHERE coupon_id = $1`, [couponId])).toBe(expected.length * 2);
    expect((await admin('PUT', `${M}/cancel/${id}`)).status).toBe(409);
    expect((await admin('PUT', `${M}/update/${id}`, { planName: '改名', segment: 1, couponId, couponPerMember: 1 })).status).toBe(400);
    expect((await admin('DELETE', `${M}/deleteById/${id}`)).status).toBe(400);

    const n = await q<{ user_id: number; notice_template_info: string }>(
      `SELECT user_id, notice_template_info FROM sys_message WHERE business_type = 36 AND business_id = $1`, [String(id)]);
    expect(n.filter((x) => x.user_id === adminId)).toHaveLength(1);
    expect(n[0].notice_template_info).toBe(`运营计划「十年内消费过」已执行：${expected.length} 位会员获得 ${expected.length * 2} 张优惠券`);

    const page = await admin('POST', `${M}/findPage`, { pageNum: 1, pageSize: 10, planId: id });
    expect(page.status, page.body).toBe(200);
    expect(page.json.data.records).toHaveLength(1);
  });

  it('a draft is edited, cancelled (then never runs) or deleted', async () => {
    const id = (await plan({ planName: '草稿计划' })).json.data.planId;
    const upd = await admin('PUT', `${M}/update/${id}`, { planName: '草稿计划二', segment: 4, couponId, couponPerMember: 3 });
    expect(upd.status, upd.body).toBe(200);
    expect((await admin('PUT', `${M}/cancel/${id}`)).status).toBe(200);
    const run = await admin('PUT', `${M}/execute/${id}`);
    expect(run.status).toBe(409);
    expect(run.json.msg).toContain('已取消');
    expect(await count(`SELECT count(*)::int AS n FROM mb_operation_plan_member WHERE plan_id = $1`, [id])).toBe(0);
    const gone = (await plan({ planName: '要删的' })).json.data.planId;
    expect((await admin('DELETE', `${M}/deleteById/${gone}`)).status).toBe(200);
    expect((await admin('GET', `${M}/get/${gone}`)).status).toBe(404);
  });

  it('the demo has one run plan (its members and counts recorded) and one draft', async () => {
    const demo = await q<{ plan_name: string; status: number; member_count: number; reached: number }>(
      `SELECT plan_name, status, member_count, (SELECT count(*)::int FROM mb_operation_plan_member pm WHERE pm.plan_id = p.plan_id) AS reached
         FROM mb_operation_plan p WHERE plan_name IN ('近30天消费会员回馈', '沉睡会员唤醒') ORDER BY plan_id`);
    expect(demo.map((d) => [d.plan_name, d.status])).toEqual([['近30天消费会员回馈', 2], ['沉睡会员唤醒', 1]]);
    expect(demo[0].member_count).toBe(demo[0].reached);
  });

  it('another tenant neither sees nor runs a plan', async () => {
    const id = (await plan({ planName: '租户一的计划' })).json.data.planId;
    expect((await other('GET', `${M}/get/${id}`)).status).toBe(404);
    expect((await other('PUT', `${M}/execute/${id}`)).status).toBe(404);
    expect((await other('PUT', `${M}/cancel/${id}`)).status).toBe(404);
    expect((await other('DELETE', `${M}/deleteById/${id}`)).status).toBe(404);
    const page = (await other('POST', `${M}/findPage`, { pageNum: 1, pageSize: 50, planName: '租户一' })).json.data;
    expect(page.total ?? 0).toBe(0);
    expect((await q<{ status: number }>(`SELECT status FROM mb_operation_plan WHERE plan_id = $1`, [id]))[0].status).toBe(1);
  });
});
