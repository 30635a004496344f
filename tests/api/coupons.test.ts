import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, uploadXlsx, type Caller, type Json } from './resourceCalls.ts';

/**
 * 优惠券: definitions, giving (by phone and from a sheet), the coupons a cart may use, a settlement spending one
 * (once, even from two registers at once) with balance beside it, and a refund or invalidation giving it back.
 */
let s: TestServer;
let adminToken: string;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let otherShopId: number;
let sku: { skuId: number; retailPrice: number };
let today: string;
let later: string;

const O = 'wxy-order-server';
const M = 'wxy-member-server';
const q = async <T extends Json>(sql: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(sql, params))).rows;
const memberOf = async (phone: string) => (await admin('GET', `${M}/mb-base-info/info/${phone}/0`)).json.data as Json;
const couponStatus = async (id: number) => Number((await q<{ s: number }>(`SELECT status AS s FROM mb_member_coupon WHERE member_coupon_id = $1`, [id]))[0].s);
const balanceOf = async (memberId: number) => Number((await q<{ b: string }>(`SELECT balance AS b FROM mb_base_info WHERE member_id = $1`, [memberId]))[0].b);
const define = (body: Json) => admin('POST', `${M}/mb-coupon/save`, { couponKind: 1, thresholdAmount: 0, beginDate: today, endDate: later, ...body });
const give = (c: Caller, phone: string, couponId: number, count = 1) => c('POST', `${M}/mb-coupon/member/give/${phone}`, { couponId, count });
/** A cart of `quantity` units worth at least `atLeast` yuan. */
const lines = (atLeast: number) => [{ skuId: sku.skuId, quantity: Math.max(1, Math.ceil(atLeast / sku.retailPrice)) }];
const totalOf = (l: { quantity: number }[]) => Math.round(sku.retailPrice * 100 * l[0].quantity) / 100;
const sale = (body: Json) => admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, ...body });

beforeAll(async () => {
  s = await startTestServer();
  adminToken = await s.login('admin', 'admin123');
  admin = callerFor(s, adminToken);
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await q<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))[0];
  shopId = wh.shop_id;
  otherShopId = (await q<{ id: number }>(`SELECT shop_id AS id FROM shop_base WHERE shop_id <> $1 ORDER BY shop_id LIMIT 1`, [shopId]))[0].id;
  sku = (await q<{ skuId: number; retailPrice: number }>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND s.status = 1 AND s.retail_price BETWEEN 3 AND 60 ORDER BY b.on_hand - b.reserved DESC, s.sku_id LIMIT 1`, [wh.wh_id],
  ))[0];
  const d = (await q<{ t: string; l: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS t, to_char(current_date + 30, 'YYYY-MM-DD') AS l`))[0];
  today = d.t;
  later = d.l;
}, 180_000);
afterAll(async () => s?.stop());

describe('优惠券定义与发券', () => {
  it('the demo has coupons running this year, given to members through 发券 (codes and 发放 moves), each with its 发券详情', async () => {
    const defs = (await admin('POST', `${M}/mb-coupon/findPage`, { pageNum: 1, pageSize: 50, couponName: '满50减5' })).json.data.records as Json[];
    expect(defs.find((d) => d.couponName === '满50减5')).toMatchObject({ faceAmount: 5, thresholdAmount: 50, giveCount: 6, status: 1 });
    const issued = (await admin('POST', `${M}/mb-member-coupon/findPage`, { pageNum: 1, pageSize: 50, memberPhone: '13800000002' })).json.data.records as Json[];
    // 发券 by phone (giveWay 1); the demo 运营计划 may add its own 回馈券 to a member who bought lately.
    expect(issued.filter((c) => c.memberPhone === '13800000002' && c.giveWay === 1).map((c) => c.couponName).sort()).toEqual(['10元纸质券', '10元纸质券', '满100减15', '满100减15', '满50减5', '满50减5']);
    expect((await admin('GET', `${M}/mb-member-coupon/get/${issued[0].memberCouponId}`)).json.data).toMatchObject({ couponCode: issued[0].couponCode, memberName: expect.any(String) });
  });

  it('defines coupons, refuses bad ones naming the field, gives them by phone (shop staff and another tenant refused)', async () => {
    const bad = await define({ couponName: '门槛低于面额', faceAmount: 10, thresholdAmount: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('使用门槛不能小于面额');
    expect((await define({ couponName: '日期反了', faceAmount: 1, endDate: '2000-01-01' })).json.msg).toBe('结束日期不能早于开始日期');
    const noFace = await define({ couponName: '没有面额' });
    expect(noFace.status).toBe(400);
    expect(noFace.json.msg).toContain('面额');
    const c = await define({ couponName: '满30减10', faceAmount: 10, thresholdAmount: 30 });
    expect(c.status, c.body).toBe(200);
    const couponId = c.json.data.couponId;
    const given = await give(admin, '13800000021', couponId, 2);
    expect(given.status, given.body).toBe(200);
    expect(given.json.data).toHaveLength(2);
    expect(given.json.data[0]).toMatchObject({ couponName: '满30减10', faceAmount: 10, thresholdAmount: 30, status: 1, memberPhone: '13800000021' });
    expect(given.json.data[0].couponCode).toMatch(/^\d{12}$/);
    expect((await q<{ n: number }>(`SELECT give_count AS n FROM mb_coupon WHERE coupon_id = $1`, [couponId]))[0].n).toBe(2);
    expect((await give(shop, '13800000021', couponId)).status).toBe(403);
    expect((await give(other, '13800000021', couponId)).json.msg).toBe('优惠券不存在');
    expect((await give(admin, '13899999999', couponId)).json.msg).toBe('手机号 13899999999 不是会员');
    expect((await give(admin, '1380000002', couponId)).json.msg).toBe('手机号码有误，请重填!');
    expect((await give(admin, '13800000021', couponId, 101)).json.msg).toContain('张数');
    await admin('PUT', `${M}/mb-coupon/edit/status/${couponId}/0`);
    expect((await give(admin, '13800000021', couponId)).json.msg).toBe('优惠券「满30减10」已停用，不能发放');
    await admin('PUT', `${M}/mb-coupon/edit/status/${couponId}/1`);
    const mine = (await admin('GET', `${M}/mb-coupon/user/${(await memberOf('13800000021')).memberId}`)).json.data as Json[];
    expect(mine.map((x) => x.couponId)).toEqual([couponId, couponId]);
    const theirs = (await other('POST', `${M}/mb-member-coupon/findPage`, { pageNum: 1, pageSize: 100 })).json.data.records as Json[];
    expect(theirs.map((x) => x.memberCouponId)).not.toEqual(expect.arrayContaining([given.json.data[0].memberCouponId]));
    expect(theirs.some((x) => x.couponName === '满30减10')).toBe(false);
    // 发券详情 (couponDelDetail, where notice 9 leads): one issued coupon with its member and state; not another tenant's.
    const one = given.json.data[0];
    const detail = await admin('GET', `${M}/mb-member-coupon/get/${one.memberCouponId}`);
    expect(detail.status, detail.body).toBe(200);
    expect(detail.json.data).toMatchObject({ couponCode: one.couponCode, couponName: '满30减10', memberPhone: '13800000021', status: 1, giveUserName: expect.any(String) });
    expect((await other('GET', `${M}/mb-member-coupon/get/${one.memberCouponId}`)).status).toBe(404);
    expect((await shop('GET', `${M}/mb-member-coupon/get/${one.memberCouponId}`)).status).toBe(403);
  });

  it('batch-give: the template, a sheet with a bad row gives nothing, a good one gives every row', async () => {
    const c = (await define({ couponName: '批量券', faceAmount: 3 })).json.data;
    const tpl = await admin('GET', `${M}/mb-coupon/batch-give/template`);
    expect(tpl.status).toBe(200);
    const count = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM mb_member_coupon WHERE coupon_id = $1`, [c.couponId]))[0].n;
    const bad = await uploadXlsx(s, adminToken, `${M}/mb-coupon/batch-give/import`, await fillTemplate(tpl.raw, [
      { 手机号码: '13800000022', 优惠券ID: c.couponId, 张数: 1 },
      { 手机号码: '13899999998', 优惠券ID: c.couponId, 张数: 1 },
    ]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('第3行：手机号 13899999998 不是会员');
    expect(await count()).toBe(0);
    const good = await uploadXlsx(s, adminToken, `${M}/mb-coupon/batch-give/import`, await fillTemplate(tpl.raw, [
      { 手机号码: '13800000022', 优惠券ID: c.couponId, 张数: 2 },
      { 手机号码: '13800000023', 优惠券ID: c.couponId },
    ]));
    expect(good.statusCode, good.body).toBe(200);
    expect(await count()).toBe(3);
  });
});

describe('收银用券', () => {
  it('lists the member’s coupons usable for the cart with the reason the others are not', async () => {
    const m = await memberOf('13800000024');
    const c30 = (await define({ couponName: '满30减8', faceAmount: 8, thresholdAmount: 30 })).json.data;
    const cShop = (await define({ couponName: '他店券', faceAmount: 2, shopId: otherShopId })).json.data;
    await give(admin, '13800000024', c30.couponId);
    await give(admin, '13800000024', cShop.couponId);
    const small = (await admin('POST', `${M}/mb-coupon/order/optional/able`, { memberId: m.memberId, shopId, lines: lines(1).map((l) => ({ ...l, quantity: 1 })) })).json.data as Json[];
    expect(small.find((x) => x.couponId === c30.couponId)).toMatchObject({ usable: false, reason: '未满 30.00 元，不能使用该优惠券', discountAmount: 0 });
    expect(small.find((x) => x.couponId === cShop.couponId)!.reason).toMatch(/^优惠券仅限.+使用$/);
    const big = (await admin('POST', `${M}/mb-coupon/order/optional/able`, { memberId: m.memberId, shopId, lines: lines(31) })).json.data as Json[];
    expect(big[0]).toMatchObject({ couponId: c30.couponId, usable: true, discountAmount: 8 });
    expect((await admin('POST', `${M}/mb-coupon/order/optional/able`, { memberId: m.memberId, shopId, lines: [] })).status).toBe(400);
  });

  it('a sale spends the coupon once (two registers at once: one wins), pays the rest partly by balance; a refund gives both back once', async () => {
    const m = await memberOf('13800000025');
    await admin('POST', `${O}/balance-recharge/save`, { uuid: randomUUID(), shopId, memberId: m.memberId, payType: 1, amount: 20 });
    const balance = await balanceOf(m.memberId);
    const def = (await define({ couponName: '满20减6', faceAmount: 6, thresholdAmount: 20 })).json.data;
    const coupon = (await give(admin, '13800000025', def.couponId)).json.data[0];
    const cart = lines(21);
    const total = totalOf(cart);
    const payable = Math.round((total - 6) * 100) / 100;
    const canUse = (await admin('POST', `${O}/order/canUseMaxBalance`, { memberId: m.memberId, shopId, lines: cart, memberCouponId: coupon.memberCouponId })).json.data;
    expect(canUse).toEqual({ balance, payableAmount: payable, maxBalance: Math.min(balance, payable) });
    const fromBalance = Math.min(5, payable);
    const pay = [{ payType: 5, amount: fromBalance }, { payType: 1, amount: 9999 }];
    const both = await Promise.all([0, 1].map(() => sale({ memberId: m.memberId, memberCouponId: coupon.memberCouponId, lines: cart, payments: pay })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.json.msg).toBe('优惠券已被使用');
    const order = both.find((r) => r.status === 200)!.json.data;
    expect(order).toMatchObject({ totalAmount: total, couponAmount: 6, payAmount: payable, memberId: m.memberId, pointsEarned: Math.floor(payable) });
    expect(order.changeAmount).toBeCloseTo(9999 + fromBalance - payable, 2);
    expect(await couponStatus(coupon.memberCouponId)).toBe(2);
    expect(await balanceOf(m.memberId)).toBe(Math.round((balance - fromBalance) * 100) / 100);
    // Only one order used it; the coupon row names that order.
    expect((await q(`SELECT order_no FROM po_order WHERE member_coupon_id = $1`, [coupon.memberCouponId])).map((r) => r.order_no)).toEqual([order.orderNo]);
    expect((await q(`SELECT used_order_no FROM mb_member_coupon WHERE member_coupon_id = $1`, [coupon.memberCouponId]))[0].used_order_no).toBe(order.orderNo);
    const txns = (await admin('POST', `${M}/mb-member-coupon-txn/sale/list`, { pageNum: 1, pageSize: 10, couponCode: coupon.couponCode })).json.data.records as Json[];
    expect(txns.map((t) => [t.txnType, t.amount, t.orderNo])).toEqual([[2, 6, order.orderNo], [1, 0, null]]);

    const refund = await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo });
    expect(refund.status).toBe(200);
    expect(await couponStatus(coupon.memberCouponId)).toBe(1);
    expect(await balanceOf(m.memberId)).toBe(balance);
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).status).toBe(409);
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM mb_member_coupon_txn WHERE member_coupon_id = $1 AND txn_type = 3`, [coupon.memberCouponId]))[0].n).toBe(1);
    // Given back, it can be used again; invalidating that sale gives it back again, once.
    const again = await sale({ memberId: m.memberId, memberCouponId: coupon.memberCouponId, lines: cart, payments: [{ payType: 1, amount: 9999 }] });
    expect(again.status, again.body).toBe(200);
    const inv = await Promise.all([0, 1].map(() => admin('PUT', `${O}/order/updateInvalidByOrderNo/${again.json.data.orderNo}`, {})));
    expect(inv.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await couponStatus(coupon.memberCouponId)).toBe(1);
    expect((await q<{ u: number }>(`SELECT used_count AS u FROM mb_coupon WHERE coupon_id = $1`, [def.couponId]))[0].u).toBe(0);
  });

  it('refuses another member’s coupon, one below its threshold and practice sales; a paper coupon goes by its code to anyone', async () => {
    const a = await memberOf('13800000026');
    const b = await memberOf('13800000027');
    const def = (await define({ couponName: '满50减5', faceAmount: 5, thresholdAmount: 50 })).json.data;
    const ofA = (await give(admin, '13800000026', def.couponId)).json.data[0];
    const orders = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM po_order`))[0].n;
    const n = await orders();
    const theirs = await sale({ memberId: b.memberId, memberCouponId: ofA.memberCouponId, lines: lines(51), payments: [{ payType: 1, amount: 9999 }] });
    expect(theirs.status).toBe(400);
    expect(theirs.json.msg).toBe('该优惠券不属于本单会员');
    expect((await sale({ memberId: a.memberId, memberCouponId: ofA.memberCouponId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 9999 }] })).json.msg).toBe('未满 50.00 元，不能使用该优惠券');
    expect((await sale({ memberId: a.memberId, memberCouponId: 2147483647, lines: lines(51), payments: [{ payType: 1, amount: 9999 }] })).json.msg).toBe('优惠券不存在');
    expect(await orders()).toBe(n);
    expect(await couponStatus(ofA.memberCouponId)).toBe(1);

    const paperDef = (await define({ couponName: '纸质5元券', couponKind: 2, faceAmount: 5 })).json.data;
    const paper = (await give(admin, '13800000026', paperDef.couponId)).json.data[0];
    const found = await admin('POST', `${M}/mb-coupon/order/paper/able`, { couponCode: paper.couponCode, shopId, lines: lines(6) });
    expect(found.json.data).toMatchObject({ memberCouponId: paper.memberCouponId, usable: true, discountAmount: 5 });
    expect((await admin('POST', `${M}/mb-coupon/order/paper/able`, { couponCode: '000000000000', shopId, lines: lines(6) })).json.msg).toBe('券码 000000000000 不存在');
    expect((await admin('POST', `${M}/mb-coupon/order/paper/able`, { couponCode: 'abc', shopId, lines: lines(6) })).json.msg).toBe('券码为12位数字');
    const bearer = await sale({ memberCouponId: paper.memberCouponId, lines: lines(6), payments: [{ payType: 1, amount: 9999 }] });
    expect(bearer.status, bearer.body).toBe(200);
    expect(bearer.json.data.couponAmount).toBe(5);
    expect((await admin('POST', `${M}/mb-coupon/order/paper/able`, { couponCode: paper.couponCode, shopId, lines: lines(6) })).status).toBe(409);
    // Tenant 2 sees no coupon moves of tenant 1.
    const moves = (await other('POST', `${M}/mb-member-coupon-txn/sale/list`, { pageNum: 1, pageSize: 100 })).json.data.records as Json[];
    expect(moves.some((x) => x.couponCode === paper.couponCode || x.orderNo === bearer.json.data.orderNo)).toBe(false);
    expect((await shop('POST', `${M}/mb-member-coupon-txn/sale/list`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
  });
});
