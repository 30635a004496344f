import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * 价格促销 and the register's price preview (wxy-order-server order/price): what a cart costs at the server's
 * prices after the shop's active promotions and the coupon.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let manager: Caller;
let shopId: number;
let whId: number;
let skus: Json[];
let demo: Json[];
let demoPreview: Json;

const O = 'wxy-order-server';
const P = `${O}/po-promotion`;
/** A day-aligned period around now, whatever the session's time zone. */
const day = (offset: number) => `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)} 00:00:00`;
const period = { beginTime: day(-2), endTime: day(3) };
const fen = (yuan: number) => Math.round(yuan * 100);
const yuan = (f: number) => f / 100;

async function onHand(skuId: number) {
  const r = await s.db.tenant(1, (tx) => tx.query<{ on_hand: string }>(`SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]));
  return Number(r.rows[0]?.on_hand ?? 0);
}

/** Saves, submits and audits a promotion; answers the audited document. */
async function active(body: Json): Promise<Json> {
  const saved = await admin('POST', `${P}/save`, { ...period, ...body });
  expect(saved.status, saved.body).toBe(200);
  expect((await admin('POST', `${P}/submit`, { id: saved.json.data.promotionId })).status).toBe(200);
  const audited = await admin('POST', `${P}/audit`, { id: saved.json.data.promotionId });
  expect(audited.status, audited.body).toBe(200);
  return audited.json.data;
}
const stop = (id: number) => admin('POST', `${P}/stop`, { id });
const price = (lines: Json[], extra: Json = {}) => admin('POST', `${O}/order/price`, { shopId, lines, ...extra });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  whId = wh.wh_id;
  // The 店长 manages this file's shop: his promotions are within his shops.
  await worksAt(s, 'manager01', shopId);
  skus = (await s.db.tenant(1, (tx) => tx.query<Json>(
    `SELECT s.sku_id AS "skuId", s.sku_name AS "skuName", s.retail_price::float8 AS "retailPrice"
       FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 20 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 5`, [wh.wh_id]))).rows;
  // What the demo register shows before this file's own promotions; then the demo's are stopped, so the figures
  // below are this file's own.
  demo = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 20 })).json.data.records;
  const special = demo.find((d) => d.promotionType === 1 && !d.memberOnly)!;
  const line = (await admin('GET', `${P}/get?id=${special.promotionId}`)).json.data.detList[0];
  demoPreview = (await price([{ skuId: line.skuId, quantity: 1 }])).json.data;
  demoPreview.expected = { ...line, promotionName: special.promotionName };
  await s.db.tenant(1, (tx) => tx.query(`UPDATE po_promotion SET status = 4`));
}, 180_000);
afterAll(async () => s?.stop());

describe('价格试算 order/price', () => {
  it('prices each line on the server, merges the same SKU and answers the amounts in yuan', async () => {
    const r = await admin('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 2 }, { skuId: skus[1].skuId, quantity: 1 }, { skuId: skus[0].skuId, quantity: 1 }] });
    expect(r.status).toBe(200);
    const total = Math.round((skus[0].retailPrice * 3 + skus[1].retailPrice) * 100) / 100;
    expect(r.json.data.lines).toEqual([
      { skuId: skus[0].skuId, skuName: skus[0].skuName, quantity: 3, unitPrice: skus[0].retailPrice, amount: Math.round(skus[0].retailPrice * 300) / 100, promotionId: null, promotionName: null, promotionAmount: 0, isGift: false, discountRate: null },
      { skuId: skus[1].skuId, skuName: skus[1].skuName, quantity: 1, unitPrice: skus[1].retailPrice, amount: skus[1].retailPrice, promotionId: null, promotionName: null, promotionAmount: 0, isGift: false, discountRate: null },
    ]);
    expect(r.json.data).toMatchObject({ totalAmount: total, promotionAmount: 0, fullReduction: null, couponAmount: 0, payableAmount: total });
  });

  it('refuses a stale price, an unknown SKU, bad fields, shop01 without the register and another tenant', async () => {
    const stale = await admin('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 1, price: skus[0].retailPrice + 1 }] });
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toContain('的价格已变更为');
    const unknown = await admin('POST', `${O}/order/price`, { shopId, lines: [{ skuId: 99999999, quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.msg).toBe('第1行：商品不存在');
    const noLines = await admin('POST', `${O}/order/price`, { shopId, lines: [] });
    expect(noLines.status).toBe(400);
    expect(noLines.json.msg).toContain('商品');
    const theirs = await other('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 1 }] });
    expect(theirs.status).toBe(400);
    expect(theirs.json.msg).toBe('门店不存在');
  });
});

describe('价格促销 po-promotion', () => {
  it('the demo tenant has one active promotion of each type and a member price; the demo register prices the 特价 SKU at its special price', () => {
    expect(demo.map((d) => [d.promotionType, d.status, d.memberOnly]).sort()).toEqual([[1, 3, false], [1, 3, true], [2, 3, false], [3, 3, false], [4, 3, false]]);
    const e = demoPreview.expected;
    expect(demoPreview.lines[0]).toMatchObject({ skuId: e.skuId, unitPrice: e.retailPrice, promotionName: e.promotionName, promotionAmount: yuan(fen(e.retailPrice) - fen(e.specialPrice)) });
    expect(demoPreview.payableAmount).toBe(e.specialPrice);
  });

  it('creates a 特价 draft, edits it, submits it with a notice to the auditor (type 7 opens promotionDetail), audits once, stops it', async () => {
    const saved = await manager('POST', `${P}/save`, { promotionName: '店长特价', promotionType: 1, shopIds: String(shopId), ...period, detList: [{ skuId: skus[0].skuId, specialPrice: 0.01 }] });
    expect(saved.status, saved.body).toBe(200);
    const doc = saved.json.data;
    expect(doc.promotionNo).toMatch(/^CX\d{8}-\d{4}$/);
    expect(doc).toMatchObject({ status: 1, shopName: expect.any(String), actions: ['submit'] });
    expect(doc.detList[0]).toMatchObject({ skuId: skus[0].skuId, skuName: skus[0].skuName, retailPrice: skus[0].retailPrice, specialPrice: 0.01 });
    const edited = await manager('PUT', `${P}/update`, { promotionId: doc.promotionId, promotionName: '店长特价（改）', promotionType: 1, shopIds: String(shopId), ...period, detList: [{ skuId: skus[0].skuId, specialPrice: yuan(fen(skus[0].retailPrice) - 1) }] });
    expect(edited.status, edited.body).toBe(200);
    expect(edited.json.data.promotionName).toBe('店长特价（改）');
    const submitted = await manager('POST', `${P}/submit`, { id: doc.promotionId });
    expect(submitted.json.data).toMatchObject({ status: 2, actions: [] });
    const notice = (await s.db.tenant(1, (tx) => tx.query<Json>(
      `SELECT m.business_type AS "businessType", m.business_id AS "businessId", m.notice_template_info AS text FROM sys_message m JOIN sys_user u ON u.id = m.user_id
        WHERE u.user_name = 'admin' AND m.business_id = $1::text ORDER BY m.id DESC LIMIT 1`, [doc.promotionId]))).rows[0];
    expect(notice).toMatchObject({ businessType: 7, businessId: String(doc.promotionId) });
    expect(notice.text).toContain('特价促销「店长特价（改）」');
    // The manager may not audit; a draft is no longer editable once submitted.
    expect((await manager('POST', `${P}/audit`, { id: doc.promotionId })).status).toBe(403);
    expect((await manager('PUT', `${P}/update`, { promotionId: doc.promotionId, promotionName: 'x', promotionType: 1, ...period, detList: [{ skuId: skus[0].skuId, specialPrice: 0.01 }] })).status).toBe(409);
    const [a, b] = await Promise.all([admin('POST', `${P}/audit`, { id: doc.promotionId }), admin('POST', `${P}/audit`, { id: doc.promotionId })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.json.msg).toBe('单据状态已变更，请刷新后重试');
    const got = (await admin('GET', `${P}/get?id=${doc.promotionId}`)).json.data;
    expect(got).toMatchObject({ status: 3, auditUserName: '系统管理员', actions: ['stop'] });
    expect((await price([{ skuId: skus[0].skuId, quantity: 2 }])).json.data).toMatchObject({ promotionAmount: 0.02, payableAmount: yuan(fen(skus[0].retailPrice) * 2 - 2) });
    const stopped = await stop(doc.promotionId);
    expect(stopped.json.data).toMatchObject({ status: 4, stopUserName: '系统管理员', actions: [] });
    expect(stopped.json.data.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '修改', '提交审核', '审核通过', '停止']);
    expect((await price([{ skuId: skus[0].skuId, quantity: 2 }])).json.data.promotionAmount).toBe(0);
    const listed = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 10, promotionType: 1 })).json.data.records as Json[];
    expect(listed.find((r) => r.promotionId === doc.promotionId)).toMatchObject({ promotionName: '店长特价（改）', status: 4 });
  });

  it('refuses an end before the start, a special price not below retail, a discount out of range, bad tiers, a 买赠 without a gift', async () => {
    const base = { promotionName: '坏促销', shopIds: String(shopId), ...period };
    const cases: [Json, number, string][] = [
      [{ ...base, promotionType: 1, beginTime: day(2), endTime: day(1), detList: [{ skuId: skus[0].skuId, specialPrice: 0.01 }] }, 400, '结束时间必须晚于开始时间'],
      [{ ...base, promotionType: 1, detList: [{ skuId: skus[0].skuId, specialPrice: skus[0].retailPrice }] }, 400, `第1行：${skus[0].skuName} 特价 ${skus[0].retailPrice.toFixed(2)} 必须低于零售价 ${skus[0].retailPrice.toFixed(2)}`],
      [{ ...base, promotionType: 1, detList: [] }, 400, '特价促销至少选择一个商品'],
      [{ ...base, promotionType: 2, detList: [{ skuId: skus[0].skuId, discount: 10 }] }, 400, '折扣'],
      [{ ...base, promotionType: 2, detList: [{ skuId: skus[0].skuId }] }, 400, `第1行：${skus[0].skuName} 折扣须在 0.1 到 9.9 折之间`],
      [{ ...base, promotionType: 3, threshold1: 100, reduce1: 100, detList: [] }, 400, '第1档减额 100.00 必须小于满额 100.00'],
      [{ ...base, promotionType: 3, threshold1: 100, reduce1: 10, threshold2: 50, reduce2: 20, detList: [] }, 400, '第2档满额必须高于上一档'],
      [{ ...base, promotionType: 3, detList: [] }, 400, '满减促销请填写第一档的满额和减额'],
      [{ ...base, promotionType: 3, threshold1: 100, reduce1: 10, detList: [{ skuId: skus[0].skuId }] }, 400, '满减促销按整单金额计算，不选择商品'],
      [{ ...base, promotionType: 4, detList: [{ skuId: skus[0].skuId, buyQuantity: 2 }] }, 400, '买赠促销请选择赠品'],
      [{ ...base, promotionType: 1, promotionName: undefined, detList: [{ skuId: skus[0].skuId, specialPrice: 0.01 }] }, 400, '促销名称'],
    ];
    for (const [body, status, msg] of cases) {
      const r = await admin('POST', `${P}/save`, body);
      expect([r.status, r.json.msg], JSON.stringify(body)).toEqual([status, expect.stringContaining(msg)]);
    }
    expect((await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM po_promotion WHERE promotion_name = '坏促销'`))).rowCount).toBe(0);
  });

  it('refuses a second 特价 of a SKU in an overlapping period and shop; shop01 and another tenant are refused', async () => {
    const first = await active({ promotionName: '全店特价', promotionType: 1, detList: [{ skuId: skus[1].skuId, specialPrice: 0.01 }] });
    const second = await admin('POST', `${P}/save`, { promotionName: '本店特价', promotionType: 1, shopIds: String(shopId), ...period, detList: [{ skuId: skus[1].skuId, specialPrice: 0.02 }] });
    const refused = await admin('POST', `${P}/submit`, { id: second.json.data.promotionId });
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe(`商品「${skus[1].skuName}」在同一时间已有特价促销「全店特价」（${first.promotionNo}），请调整时间或门店`);
    // Later, after the first ends: fine.
    expect((await admin('PUT', `${P}/update`, { promotionId: second.json.data.promotionId, promotionName: '本店特价', promotionType: 1, shopIds: String(shopId), beginTime: day(3), endTime: day(5), detList: [{ skuId: skus[1].skuId, specialPrice: 0.02 }] })).status).toBe(200);
    expect((await admin('POST', `${P}/submit`, { id: second.json.data.promotionId })).status).toBe(200);
    expect((await shop('POST', `${P}/findPage`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
    expect((await shop('POST', `${P}/save`, { promotionName: 'x', promotionType: 1, ...period, detList: [{ skuId: skus[1].skuId, specialPrice: 0.01 }] })).status).toBe(403);
    expect((await other('GET', `${P}/get?id=${first.promotionId}`)).status).toBe(404);
    expect((await other('POST', `${P}/stop`, { id: first.promotionId })).status).toBe(404);
    const theirs = (await other('POST', `${P}/findPage`, { pageNum: 1, pageSize: 100 })).json.data.records as Json[];
    expect(theirs.map((r) => r.promotionId)).not.toContain(first.promotionId);
    expect(theirs.every((r) => !String(r.promotionName).includes('特价') || r.promotionName === '本周特价')).toBe(true);
    await stop(first.promotionId);
  });
});

describe('结算 with promotions', () => {
  it('特价 and 折扣: the server total, the order keeps each line\'s promotion, a resent uuid answers the first order, a refund pays back what was paid', async () => {
    const [a, b] = skus;
    const p1 = await active({ promotionName: '特价A', promotionType: 1, detList: [{ skuId: a.skuId, specialPrice: yuan(fen(a.retailPrice) - 10) }] });
    const p2 = await active({ promotionName: '八五折B', promotionType: 2, shopIds: String(shopId), detList: [{ skuId: b.skuId, discount: 8.5 }] });
    const bOff = fen(b.retailPrice) * 3 - Math.round((fen(b.retailPrice) * 3 * 85) / 100);
    const preview = (await price([{ skuId: a.skuId, quantity: 2 }, { skuId: b.skuId, quantity: 3 }])).json.data;
    const gross = fen(a.retailPrice) * 2 + fen(b.retailPrice) * 3;
    expect(preview.lines.map((l: Json) => [l.skuId, l.promotionName, l.promotionAmount])).toEqual([[a.skuId, '特价A', 0.2], [b.skuId, '八五折B', yuan(bOff)]]);
    expect(preview).toMatchObject({ totalAmount: yuan(gross), promotionAmount: yuan(20 + bOff), payableAmount: yuan(gross - 20 - bOff) });
    const body = { uuid: randomUUID(), shopId, lines: [{ skuId: a.skuId, quantity: 2 }, { skuId: b.skuId, quantity: 3 }], payments: [{ payType: 1, amount: 10000 }] };
    const short = await admin('POST', `${O}/order/settlement`, { ...body, uuid: randomUUID(), payments: [{ payType: 3, amount: yuan(gross) }] });
    expect(short.json.msg).toContain('非现金支付'); // paying the full price by card is more than is due
    const order = (await admin('POST', `${O}/order/settlement`, body)).json.data;
    expect(order).toMatchObject({ totalAmount: yuan(gross), promotionAmount: yuan(20 + bOff), payAmount: yuan(gross - 20 - bOff), changeAmount: yuan(1_000_000 - (gross - 20 - bOff)) });
    expect(order.detList.map((l: Json) => [l.skuId, l.promotionId, l.promotionAmount, l.isGift])).toEqual([[a.skuId, p1.promotionId, 0.2, false], [b.skuId, p2.promotionId, yuan(bOff), false]]);
    expect((await admin('POST', `${O}/order/settlement`, body)).json.data.orderId).toBe(order.orderId);
    const refunded = (await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).json.data;
    expect(refunded).toMatchObject({ status: 2, refundAmount: yuan(gross - 20 - bOff) });
    await stop(p1.promotionId);
    await stop(p2.promotionId);
  });

  it('买赠: the gift is a line at price 0 taken out of stock, and put back by a refund', async () => {
    const [, , c, gift] = skus;
    const p = await active({ promotionName: '买二赠一', promotionType: 4, giftSkuId: gift.skuId, giftQuantity: 1, detList: [{ skuId: c.skuId, buyQuantity: 2 }] });
    expect(p.giftSkuName).toBe(gift.skuName);
    const before = { c: await onHand(c.skuId), gift: await onHand(gift.skuId) };
    const order = (await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: c.skuId, quantity: 5 }], payments: [{ payType: 1, amount: 10000 }] })).json.data;
    expect(order.detList.map((l: Json) => [l.skuId, l.quantity, l.unitPrice, l.isGift, l.promotionName])).toEqual([[c.skuId, 5, c.retailPrice, false, '买二赠一'], [gift.skuId, 2, 0, true, '买二赠一']]);
    expect(order).toMatchObject({ totalAmount: yuan(fen(c.retailPrice) * 5), promotionAmount: 0, payAmount: yuan(fen(c.retailPrice) * 5), totalQuantity: 7 });
    expect({ c: await onHand(c.skuId), gift: await onHand(gift.skuId) }).toEqual({ c: before.c - 5, gift: before.gift - 2 });
    await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo });
    expect({ c: await onHand(c.skuId), gift: await onHand(gift.skuId) }).toEqual(before);
    await stop(p.promotionId);
  });

  it('满减 after line promotions, then the coupon reads the amount after promotions', async () => {
    // A SKU of which a little over 100.00 is in stock.
    const a = (await s.db.tenant(1, (tx) => tx.query<Json>(
      `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
        WHERE b.wh_id = $1 AND s.status = 1 AND s.retail_price >= 10 AND b.on_hand - b.reserved >= 101 / s.retail_price + 2 ORDER BY s.sku_id LIMIT 1`, [whId]))).rows[0];
    const qty = Math.ceil(10000 / fen(a.retailPrice)) + 1;
    const gross = fen(a.retailPrice) * qty;
    const p = await active({ promotionName: '满100减10', promotionType: 3, shopIds: String(shopId), threshold1: 100, reduce1: 10, threshold2: yuan(gross + 100), reduce2: 30, detList: [] });
    const preview = (await price([{ skuId: a.skuId, quantity: qty }])).json.data;
    expect(preview).toMatchObject({ totalAmount: yuan(gross), fullReduction: { promotionId: p.promotionId, promotionName: '满100减10', amount: 10 }, promotionAmount: 10, payableAmount: yuan(gross - 1000) });
    expect(preview.lines[0]).toMatchObject({ promotionId: null, promotionAmount: 0 });
    const order = (await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: a.skuId, quantity: qty }], payments: [{ payType: 3, amount: yuan(gross - 1000) }] })).json.data;
    expect(order).toMatchObject({ promotionAmount: 10, fullReductionId: p.promotionId, fullReductionName: '满100减10', fullReductionAmount: 10, payAmount: yuan(gross - 1000), changeAmount: 0 });
    // Below the threshold: nothing off.
    expect((await price([{ skuId: a.skuId, quantity: 1 }])).json.data.promotionAmount).toBe(0);
    // A coupon with a threshold between the amount after promotions and the gross amount cannot be used.
    const member = (await s.db.tenant(1, (tx) => tx.query<{ member_id: number; phone_number: string }>(`SELECT member_id, phone_number FROM mb_base_info WHERE NOT is_practice AND status = 1 ORDER BY member_id LIMIT 1`))).rows[0];
    const couponId = (await s.db.tenant(1, (tx) => tx.query<{ coupon_id: number }>(
      `INSERT INTO mb_coupon (tenant_id, coupon_name, coupon_kind, face_amount, threshold_amount, begin_date, end_date, status)
       VALUES (1, '满额券', 1, 5, $1, current_date - 1, current_date + 10, 1) RETURNING coupon_id`, [yuan(gross - 500)]))).rows[0].coupon_id;
    const given = await admin('POST', `wxy-member-server/mb-coupon/member/give/${member.phone_number}`, { couponId, count: 1 });
    expect(given.status, given.body).toBe(200);
    const refused = await price([{ skuId: a.skuId, quantity: qty }], { memberId: member.member_id, memberCouponId: given.json.data[0].memberCouponId });
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toBe(`未满 ${(yuan(gross - 500)).toFixed(2)} 元，不能使用该优惠券`);
    await stop(p.promotionId);
    const ok = (await price([{ skuId: a.skuId, quantity: qty }], { memberId: member.member_id, memberCouponId: given.json.data[0].memberCouponId })).json.data;
    expect(ok).toMatchObject({ promotionAmount: 0, couponAmount: 5, payableAmount: yuan(gross - 500) });
  });

  it('会员价: a member-only 特价 prices a member\'s cart only, beside an everyone 特价 of the same SKU (the member gets the lower), and settles at it', async () => {
    const [a] = skus;
    const member = (await s.db.tenant(1, (tx) => tx.query<{ member_id: number }>(`SELECT member_id FROM mb_base_info WHERE NOT is_practice AND status = 1 ORDER BY member_id LIMIT 1`))).rows[0];
    const everyone = await active({ promotionName: '周末特价', promotionType: 1, shopIds: String(shopId), detList: [{ skuId: a.skuId, specialPrice: yuan(fen(a.retailPrice) - 10) }] });
    const members = await active({ promotionName: '会员价', promotionType: 1, shopIds: String(shopId), memberOnly: true, detList: [{ skuId: a.skuId, specialPrice: yuan(fen(a.retailPrice) - 30) }] });
    expect(members.memberOnly).toBe(true);
    const line = async (extra: Json) => (await price([{ skuId: a.skuId, quantity: 2 }], extra)).json.data.lines[0];
    expect(await line({})).toMatchObject({ promotionName: '周末特价', promotionAmount: 0.2 });
    expect(await line({ memberId: member.member_id })).toMatchObject({ promotionName: '会员价', promotionAmount: 0.6 });
    // An unknown member is not a member.
    expect(await line({ memberId: 99_999_999 })).toMatchObject({ promotionName: '周末特价' });
    const order = (await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, memberId: member.member_id, lines: [{ skuId: a.skuId, quantity: 2 }], payments: [{ payType: 1, amount: 10000 }] })).json.data;
    expect(order.detList[0]).toMatchObject({ promotionId: members.promotionId, promotionAmount: 0.6 });
    expect(order.payAmount).toBe(yuan(fen(a.retailPrice) * 2 - 60));
    const plain = (await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: a.skuId, quantity: 2 }], payments: [{ payType: 1, amount: 10000 }] })).json.data;
    expect(plain.detList[0]).toMatchObject({ promotionId: everyone.promotionId, promotionAmount: 0.2 });
    // A second member-only 特价 of the SKU in the same period is refused like any overlapping 特价.
    const twice = await admin('POST', `${P}/save`, { promotionName: '会员价2', promotionType: 1, shopIds: String(shopId), memberOnly: true, ...period, detList: [{ skuId: a.skuId, specialPrice: 0.01 }] });
    expect((await admin('POST', `${P}/submit`, { id: twice.json.data.promotionId })).status).toBe(409);
    for (const o of [order, plain]) await admin('PUT', `${O}/order-pay/refund`, { orderNo: o.orderNo });
    await stop(everyone.promotionId);
    await stop(members.promotionId);
  });
});

describe('适用门店: several chosen shops', () => {
  it('applies at each chosen shop and nowhere else; a 特价 clashes only where shops are shared; bad shops are refused', async () => {
    const open = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number; shop_name: string }>(
      `SELECT s.shop_id, s.shop_name FROM shop_base s WHERE s.status = 1 AND EXISTS (SELECT 1 FROM wh_base_info w WHERE w.shop_id = s.shop_id AND w.status = 1) ORDER BY s.shop_id`,
    ))).rows;
    const [a, b, c] = [shopId, ...open.map((x) => x.shop_id).filter((x) => x !== shopId)].slice(0, 3);
    expect(c).toBeDefined();
    const name = (id: number) => open.find((x) => x.shop_id === id)!.shop_name;
    const ab = [a, b].sort((x, y) => x - y);
    const sku = skus[4];
    const special = (n: number) => [{ skuId: sku.skuId, specialPrice: yuan(fen(sku.retailPrice) - n) }];
    // Chosen in any order, once or twice: kept ascending, once; the names are what the list shows.
    const two = await active({ promotionName: '两店特价', promotionType: 1, shopIds: `${b},${a},${b}`, detList: special(10) });
    expect(two).toMatchObject({ shopIds: ab.join(','), shopId: null, shopName: ab.map(name).join('、') });
    const at = async (id: number) => (await admin('POST', `${O}/order/price`, { shopId: id, lines: [{ skuId: sku.skuId, quantity: 1 }] })).json.data.lines[0];
    expect(await at(a)).toMatchObject({ promotionName: '两店特价', promotionAmount: 0.1 });
    expect(await at(b)).toMatchObject({ promotionName: '两店特价', promotionAmount: 0.1 });
    expect(await at(c)).toMatchObject({ promotionName: null, promotionAmount: 0 });
    // The register's offline catalogue carries it for a chosen shop only.
    const offered = async (id: number) => ((await admin('GET', `${O}/order/catalogue/${id}`)).json.data.promotions as Json[]).some((p) => p.promotionId === two.promotionId);
    expect([await offered(a), await offered(c)]).toEqual([true, false]);

    // One shop chosen: shopId is that shop, so the list's shop filter finds it; no clash with the two shops.
    const one = await active({ promotionName: '三店特价', promotionType: 1, shopIds: String(c), detList: special(20) });
    expect(one).toMatchObject({ shopIds: String(c), shopId: c, shopName: name(c) });
    expect(await at(c)).toMatchObject({ promotionName: '三店特价', promotionAmount: 0.2 });
    const filtered = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 50, shopId: c })).json.data.records as Json[];
    expect(filtered.map((r) => r.promotionId)).toContain(one.promotionId);
    expect(filtered.map((r) => r.promotionId)).not.toContain(two.promotionId);
    // Sharing shop b with 两店特价: refused, naming it; nothing changes.
    const shared = await admin('POST', `${P}/save`, { promotionName: '冲突特价', promotionType: 1, shopIds: `${b},${c}`, ...period, detList: special(30) });
    expect(shared.status, shared.body).toBe(200);
    const clash = await admin('POST', `${P}/submit`, { id: shared.json.data.promotionId });
    expect(clash.status).toBe(409);
    expect(clash.json.msg).toContain(`特价促销「两店特价」`);
    // Cleared picker (''): every shop.
    const cleared = await admin('PUT', `${P}/update`, { promotionId: shared.json.data.promotionId, promotionName: '冲突特价', promotionType: 1, shopIds: '', ...period, detList: special(30) });
    expect(cleared.status, cleared.body).toBe(200);
    expect(cleared.json.data).toMatchObject({ shopIds: null, shopId: null, shopName: null });

    for (const [shopIds, msg] of [['1,x', '适用门店格式不正确'], [`${a},99999999`, '适用门店中有不存在的门店（ID 99999999）']]) {
      const r = await admin('POST', `${P}/save`, { promotionName: '坏门店', promotionType: 1, shopIds, ...period, detList: special(1) });
      expect([r.status, r.json.msg]).toEqual([400, expect.stringContaining(msg)]);
    }
    expect((await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM po_promotion WHERE promotion_name = '坏门店'`))).rowCount).toBe(0);
    await stop(two.promotionId);
    await stop(one.promotionId);
  });
});
