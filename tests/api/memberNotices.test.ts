import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, uploadXlsx, type Caller, type Json } from './resourceCalls.ts';

/**
 * The member area's notices (spec 000 §2): 9 a coupon given by phone (发券详情), 8 a sheet of coupons given
 * (领券明细 of the coupon), 1001 a recharge activity created enabled or switched on (充值活动详情); each reaches the
 * users who see that list in its tenant, with the record it opens as businessId.
 */
let s: TestServer;
let adminToken: string;
let admin: Caller;
let other: Caller;
let today: string;
let later: string;
let adminId: number;
let shopId: number;

const M = 'wxy-member-server';
const q = async <T extends Json>(sql: string, params: unknown[] = [], tenant = 1) => (await s.db.tenant(tenant, (tx) => tx.query<T>(sql, params))).rows;
const notices = (type: number, businessId: number | string, tenant = 1) =>
  q<{ user_id: number; message_type_info: string; notice_template_info: string }>(
    `SELECT user_id, message_type_info, notice_template_info FROM sys_message WHERE business_type = $1 AND business_id = $2 ORDER BY user_id`, [type, String(businessId)], tenant);
const define = (body: Json) => admin('POST', `${M}/mb-coupon/save`, { couponKind: 1, thresholdAmount: 0, beginDate: today, endDate: later, ...body });

beforeAll(async () => {
  s = await startTestServer();
  adminToken = await s.login('admin', 'admin123');
  admin = callerFor(s, adminToken);
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const d = (await q<{ t: string; l: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS t, to_char(current_date + 30, 'YYYY-MM-DD') AS l`))[0];
  today = d.t;
  later = d.l;
  adminId = (await q<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
  shopId = (await q<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'shop01'`))[0].id;
}, 180_000);
afterAll(async () => s?.stop());

describe('优惠券与充值活动的通知', () => {
  it('9: a coupon given by phone tells the coupon managers, opening the given coupon; a refused give tells nobody', async () => {
    const c = (await define({ couponName: '通知券', faceAmount: 4 })).json.data;
    const given = await admin('POST', `${M}/mb-coupon/member/give/13800000025`, { couponId: c.couponId, count: 2 });
    expect(given.status, given.body).toBe(200);
    const first = given.json.data[0].memberCouponId;
    const n = await notices(9, first);
    expect(n.map((x) => x.user_id)).toContain(adminId);
    expect(n.map((x) => x.user_id)).not.toContain(shopId);
    expect(n[0].notice_template_info).toContain('「通知券」2 张');
    expect((await admin('GET', `${M}/mb-member-coupon/get/${first}`)).json.data).toMatchObject({ couponName: '通知券', giveWay: 1 });
    const before = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM sys_message WHERE business_type = 9`))[0].n;
    expect((await admin('POST', `${M}/mb-coupon/member/give/13899999997`, { couponId: c.couponId })).status).toBe(400);
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM sys_message WHERE business_type = 9`))[0].n).toBe(before);
    expect(await notices(9, first, 2)).toEqual([]);
  });

  it('8: a sheet of 发券 tells the coupon managers per coupon with its counts, opening the coupon’s 领券明细', async () => {
    const c = (await define({ couponName: '表格券', faceAmount: 3 })).json.data;
    const tpl = await admin('GET', `${M}/mb-coupon/batch-give/template`);
    const good = await uploadXlsx(s, adminToken, `${M}/mb-coupon/batch-give/import`, await fillTemplate(tpl.raw, [
      { 手机号码: '13800000026', 优惠券ID: c.couponId, 张数: 2 },
      { 手机号码: '13800000027', 优惠券ID: c.couponId },
    ]));
    expect(good.statusCode, good.body).toBe(200);
    const n = await notices(8, c.couponId);
    expect(n.map((x) => x.user_id)).toContain(adminId);
    expect(n.map((x) => x.user_id)).not.toContain(shopId);
    expect(n[0]).toMatchObject({ message_type_info: '批量发券完成' });
    expect(n[0].notice_template_info).toContain('「表格券」：2 位会员共 3 张');
    // 领券明细 (/memberInfo/catchDetail?id=couponId) lists that coupon's claims only.
    const claims = (await admin('POST', `${M}/mb-member-coupon/findPage`, { pageNum: 1, pageSize: 50, couponId: c.couponId })).json.data.records as Json[];
    expect(claims.map((x) => x.memberPhone).sort()).toEqual(['13800000026', '13800000026', '13800000027']);
    expect(claims.map((x) => x.giveWay)).toEqual([2, 2, 2]);
  });

  it('1001: a recharge activity created enabled, or switched on, tells the recharge managers; one created off does not', async () => {
    const on = await admin('POST', `${M}/mb-recharge-rule/save`, { ruleName: '充100送10', rechargeAmount: 100, giftAmount: 10, beginDate: today, endDate: later, status: 1 });
    expect(on.status, on.body).toBe(200);
    const n = await notices(1001, on.json.data.ruleId);
    expect(n.map((x) => x.user_id)).toContain(adminId);
    expect(n.map((x) => x.user_id)).not.toContain(shopId);
    expect(n[0].notice_template_info).toContain('充值满 100 元送 10 元');
    const off = (await admin('POST', `${M}/mb-recharge-rule/save`, { ruleName: '充200送30', rechargeAmount: 200, giftAmount: 30, beginDate: today, endDate: later, status: 0 })).json.data;
    expect(await notices(1001, off.ruleId)).toEqual([]);
    expect((await admin('PUT', `${M}/mb-recharge-rule/edit/status/${off.ruleId}/1`)).status).toBe(200);
    expect((await notices(1001, off.ruleId))[0]).toMatchObject({ message_type_info: '充值活动已启用' });
    // Another tenant cannot switch it on, and hears nothing.
    expect((await other('PUT', `${M}/mb-recharge-rule/edit/status/${off.ruleId}/1`)).status).toBe(404);
    expect(await notices(1001, off.ruleId, 2)).toEqual([]);
  });
});
