import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 会员余额: recharges (balance-recharge save, once per client uuid, with the recharge activity's gift), what the
 * register may pay with balance (order/canUseMaxBalance), a settlement paid partly with balance (guarded, never
 * below zero) and its refund or invalidation giving the balance back once. Every figure is recomputed here in SQL.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let whId: number;
let sku: { skuId: number; retailPrice: number };

const O = 'wxy-order-server';
const M = 'wxy-member-server';

const q = async <T extends Json>(sql: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(sql, params))).rows;
const balanceOf = async (memberId: number) => Number((await q<{ b: string }>(`SELECT balance AS b FROM mb_base_info WHERE member_id = $1`, [memberId]))[0].b);
const ledgerSum = async (memberId: number) => Number((await q<{ s: string }>(`SELECT coalesce(sum(amount), 0) AS s FROM mb_balance_ledger WHERE member_id = $1`, [memberId]))[0].s);
const stock = async (skuId: number) => Number((await q<{ h: string }>(`SELECT on_hand AS h FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]))[0]?.h ?? 0);
const memberOf = async (phone: string) => (await admin('GET', `${M}/mb-base-info/info/${phone}/0`)).json.data as Json;
const recharge = (c: Caller, body: Json) => c('POST', `${O}/balance-recharge/save`, { uuid: randomUUID(), shopId, payType: 1, ...body });
const sale = (body: Json) => admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, ...body });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await q<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))[0];
  whId = wh.wh_id;
  shopId = wh.shop_id;
  sku = (await q<{ skuId: number; retailPrice: number }>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 30 AND s.status = 1 AND s.retail_price BETWEEN 5 AND 50 ORDER BY s.sku_id LIMIT 1`, [whId],
  ))[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('充值活动与会员充值', () => {
  it('a recharge takes the best running activity’s gift, counts once however often it is sent, and prints', async () => {
    const today = (await q<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;
    const rule = (n: string, a: number, g: number, status = 1) => admin('POST', `${M}/mb-recharge-rule/save`, { ruleName: n, rechargeAmount: a, giftAmount: g, beginDate: today, endDate: today, status });
    expect((await rule('充100送10', 100, 10)).status).toBe(200);
    expect((await rule('充200送30', 200, 30)).status).toBe(200);
    expect((await rule('停用的活动', 50, 40, 0)).status).toBe(200);
    const backwards = await admin('POST', `${M}/mb-recharge-rule/save`, { ruleName: '日期反了', rechargeAmount: 100, giftAmount: 1, beginDate: today, endDate: '2000-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.json.msg).toBe('结束日期不能早于开始日期');
    expect((await rule('送太多', 100, 101)).json.msg).toBe('赠送金额不能大于充值金额');

    const m = await memberOf('13800000011');
    const before = await balanceOf(m.memberId);
    const body = { uuid: randomUUID(), shopId, memberId: m.memberId, payType: 3, amount: 150 };
    // The same recharge sent three times (two at once, one later): one recharge, one ledger row.
    const [a, b] = await Promise.all([admin('POST', `${O}/balance-recharge/save`, body), admin('POST', `${O}/balance-recharge/save`, body)]);
    const c = await admin('POST', `${O}/balance-recharge/save`, body);
    for (const r of [a, b, c]) expect(r.status, r.body).toBe(200);
    expect(new Set([a, b, c].map((r) => r.json.data.rechargeNo)).size).toBe(1);
    expect(a.json.data).toMatchObject({ payAmount: 150, giftAmount: 10, ruleName: '充100送10', rechargeAmount: 160, balanceAfter: before + 160, memberPhone: '13800000011' });
    expect(await balanceOf(m.memberId)).toBe(before + 160);
    expect(await ledgerSum(m.memberId)).toBe(await balanceOf(m.memberId));
    expect((await q(`SELECT 1 FROM mb_balance_recharge WHERE client_uuid = $1`, [body.uuid])).length).toBe(1);
    // 200 reaches the larger activity; below every threshold no gift.
    expect((await recharge(admin, { memberId: m.memberId, amount: 200 })).json.data).toMatchObject({ giftAmount: 30, ruleName: '充200送30' });
    expect((await recharge(admin, { memberId: m.memberId, amount: 20.5 })).json.data).toMatchObject({ giftAmount: 0, ruleName: null });
    expect(await balanceOf(m.memberId)).toBe(before + 160 + 230 + 20.5);
    expect(await ledgerSum(m.memberId)).toBe(await balanceOf(m.memberId));

    const printed = await admin('GET', `${O}/balance-recharge/print/${a.json.data.rechargeId}`);
    expect(printed.json.data).toMatchObject({ rechargeNo: a.json.data.rechargeNo, payType: 3, payAmount: 150, giftAmount: 10 });
    const page = await admin('POST', `${O}/balance-recharge/findPage`, { pageNum: 1, pageSize: 10, memberPhone: '13800000011' });
    expect(page.json.data.total).toBe(3);
    const member = (await admin('POST', `${M}/mb-base-info/findPage`, { pageNum: 1, pageSize: 5, phoneNumber: '13800000011', isPractice: false })).json.data.records[0];
    expect(member.balance).toBe(await balanceOf(m.memberId));
    const ledger = await admin('POST', `${M}/mb-balance-ledger/findPage`, { pageNum: 1, pageSize: 10, memberId: m.memberId });
    expect(ledger.json.data.records.map((r: Json) => r.refType)).toEqual(['recharge', 'recharge', 'recharge']);
  });

  it('refuses bad input naming the field, a method the shop has not enabled, practice and unknown members; nothing written', async () => {
    const m = await memberOf('13800000012');
    const count = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM mb_balance_recharge`))[0].n;
    const n = await count();
    const cents = await recharge(admin, { memberId: m.memberId, amount: 10.005 });
    expect(cents.status).toBe(400);
    expect(cents.json.msg).toBe('充值金额最多2位小数');
    const zero = await recharge(admin, { memberId: m.memberId, amount: 0 });
    expect(zero.status).toBe(400);
    expect(zero.json.msg).toContain('充值金额');
    expect((await recharge(admin, { memberId: m.memberId, amount: 10, payType: 5 })).json.msg).toContain('支付方式');
    expect((await recharge(admin, { amount: 10 })).json.msg).toContain('会员');
    expect((await admin('POST', `${O}/balance-recharge/save`, { uuid: 'x', shopId, memberId: m.memberId, payType: 1, amount: 10 })).json.msg).toBe('充值标识必须是 UUID');
    const practice = (await admin('GET', `${M}/mb-base-info/info/13800000000/1`)).json.data;
    expect((await recharge(admin, { memberId: practice.memberId, amount: 10 })).json.msg).toBe('练习会员不能充值');
    expect((await recharge(admin, { memberId: 2147483647, amount: 10 })).json.msg).toBe('会员不存在');
    await q(`UPDATE shop_pay_method_config SET enabled = false WHERE shop_id = $1 AND pay_type = 4`, [shopId]);
    const refused = await recharge(admin, { memberId: m.memberId, amount: 10, payType: 4 });
    await q(`UPDATE shop_pay_method_config SET enabled = true WHERE shop_id = $1 AND pay_type = 4`, [shopId]);
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toBe('本店未开通该支付方式，请换一种支付方式');
    expect(await count()).toBe(n);
  });

  it('shop staff without 会员充值 and another tenant are refused; another tenant sees none of it', async () => {
    const m = await memberOf('13800000013');
    const mine = (await recharge(admin, { memberId: m.memberId, amount: 30 })).json.data;
    expect((await recharge(shop, { memberId: m.memberId, amount: 30 })).status).toBe(403);
    expect((await shop('POST', `${O}/balance-recharge/findPage`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
    // Tenant 2 knows neither tenant 1's shop nor its member nor its recharge.
    const theirs = await recharge(other, { memberId: m.memberId, amount: 30 });
    expect(theirs.status).toBe(400);
    expect((await other('GET', `${O}/balance-recharge/print/${mine.rechargeId}`)).status).toBe(404);
    expect((await other('POST', `${O}/balance-recharge/findPage`, { pageNum: 1, pageSize: 100 })).json.data.records.filter((r: Json) => r.rechargeNo === mine.rechargeNo)).toEqual([]);
    expect(await balanceOf(m.memberId)).toBe(await ledgerSum(m.memberId));
  });
});

describe('余额支付', () => {
  it('canUseMaxBalance answers the smaller of balance and the server-priced cart', async () => {
    const m = await memberOf('13800000014');
    await recharge(admin, { memberId: m.memberId, amount: 10 });
    const balance = await balanceOf(m.memberId);
    const small = await admin('POST', `${O}/order/canUseMaxBalance`, { memberId: m.memberId, shopId, lines: [{ skuId: sku.skuId, quantity: 1 }] });
    expect(small.json.data).toEqual({ balance, payableAmount: sku.retailPrice, maxBalance: Math.min(balance, sku.retailPrice) });
    const big = await admin('POST', `${O}/order/canUseMaxBalance`, { memberId: m.memberId, shopId, lines: [{ skuId: sku.skuId, quantity: 20 }] });
    expect(big.json.data.maxBalance).toBe(Math.min(balance, Math.round(sku.retailPrice * 2000) / 100));
    const wrongPrice = await admin('POST', `${O}/order/canUseMaxBalance`, { memberId: m.memberId, shopId, lines: [{ skuId: sku.skuId, quantity: 1, price: sku.retailPrice + 1 }] });
    expect(wrongPrice.status).toBe(409);
    expect((await admin('POST', `${O}/order/canUseMaxBalance`, { memberId: m.memberId, shopId, lines: [] })).json.msg).toContain('商品');
    expect((await other('POST', `${O}/order/canUseMaxBalance`, { memberId: m.memberId, shopId, lines: [{ skuId: sku.skuId, quantity: 1 }] })).json.msg).toBe('会员不存在');
  });

  it('a sale paid partly with balance takes it once; more than the balance is a 409 and writes nothing; a refund gives it back once', async () => {
    const m = await memberOf('13800000015');
    await recharge(admin, { memberId: m.memberId, amount: 100 });
    const balance = await balanceOf(m.memberId);
    const price = sku.retailPrice;
    const fromBalance = Math.min(balance, price);
    const cash = Math.round((price * 2 - fromBalance) * 100) / 100;
    const body = { uuid: randomUUID(), shopId, memberId: m.memberId, lines: [{ skuId: sku.skuId, quantity: 2 }], payments: [{ payType: 5, amount: fromBalance }, { payType: 1, amount: cash }] };
    const stockBefore = await stock(sku.skuId);
    const both = await Promise.all([admin('POST', `${O}/order/settlement`, body), admin('POST', `${O}/order/settlementV2`, body)]);
    for (const r of both) expect(r.status, r.body).toBe(200);
    const order = both[0].json.data;
    expect(both[1].json.data.orderNo).toBe(order.orderNo);
    expect(order.payList).toEqual([expect.objectContaining({ payType: 5, amount: fromBalance }), expect.objectContaining({ payType: 1, amount: cash })]);
    expect(await balanceOf(m.memberId)).toBe(Math.round((balance - fromBalance) * 100) / 100);
    expect(await ledgerSum(m.memberId)).toBe(await balanceOf(m.memberId));
    expect(await stock(sku.skuId)).toBe(stockBefore - 2);

    // Above the balance: 409 naming both amounts; no order, no stock, no ledger row.
    const orders = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM po_order`))[0].n;
    const n = await orders();
    const left = await balanceOf(m.memberId);
    const over = await sale({ memberId: m.memberId, lines: [{ skuId: sku.skuId, quantity: 30 }], payments: [{ payType: 5, amount: Math.round((left + 0.01) * 100) / 100 }, { payType: 1, amount: 9999 }] });
    expect(over.status).toBe(409);
    expect(over.json.msg).toBe(`会员余额不足：可用 ${left.toFixed(2)}，需要 ${(left + 0.01).toFixed(2)}`);
    expect(await orders()).toBe(n);
    expect(await stock(sku.skuId)).toBe(stockBefore - 2);
    expect(await balanceOf(m.memberId)).toBe(left);
    // Balance without a member, in practice mode: refused.
    expect((await sale({ lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType: 5, amount: price }] })).json.msg).toBe('使用余额支付须先录入会员');

    // The refund gives the balance back once (two clicks at once: one refund, one 409).
    const refunds = await Promise.all([0, 1].map(() => admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })));
    expect(refunds.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(m.memberId)).toBe(balance);
    expect(await ledgerSum(m.memberId)).toBe(balance);
    expect((await q(`SELECT ref_type FROM mb_balance_ledger WHERE ref_id = $1 AND member_id = $2 ORDER BY ledger_id`, [order.orderId, m.memberId])).map((r) => r.ref_type)).toEqual(['sale', 'saleRefund']);
  });

  it('two registers spending the same balance at once: one wins, the balance never goes below zero', async () => {
    const m = await memberOf('13800000016');
    await recharge(admin, { memberId: m.memberId, amount: 50 });
    const balance = await balanceOf(m.memberId);
    const each = Math.round((balance / 2 + 1) * 100) / 100;
    const quantity = Math.ceil((each + 1) / sku.retailPrice);
    const results = await Promise.all([0, 1].map(() => sale({ memberId: m.memberId, lines: [{ skuId: sku.skuId, quantity }], payments: [{ payType: 5, amount: each }, { payType: 1, amount: 9999 }] })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.json.msg).toMatch(/^会员余额不足/);
    expect(await balanceOf(m.memberId)).toBe(Math.round((balance - each) * 100) / 100);
    expect(await balanceOf(m.memberId)).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(m.memberId)).toBe(await balanceOf(m.memberId));
  });

  it('作废 (updateInvalidByOrderNo) reverses stock, balance and points once; a second call is 409; shop01 and another tenant are refused', async () => {
    const m = await memberOf('13800000017');
    await recharge(admin, { memberId: m.memberId, amount: 100 });
    const balance = await balanceOf(m.memberId);
    const points = async () => Number((await q<{ p: number }>(`SELECT points AS p FROM mb_base_info WHERE member_id = $1`, [m.memberId]))[0].p);
    const pointsBefore = await points();
    const stockBefore = await stock(sku.skuId);
    const order = (await sale({ memberId: m.memberId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType: 5, amount: sku.retailPrice }] })).json.data;
    expect(await balanceOf(m.memberId)).toBe(Math.round((balance - sku.retailPrice) * 100) / 100);
    expect(await points()).toBe(pointsBefore + order.pointsEarned);
    expect((await shop('PUT', `${O}/order/updateInvalidByOrderNo/${order.orderNo}`, {})).status).toBe(403);
    const theirs = await other('PUT', `${O}/order/updateInvalidByOrderNo/${order.orderNo}`, {});
    expect(theirs.status, theirs.body).toBe(404);
    const both = await Promise.all([0, 1].map(() => admin('PUT', `${O}/order/updateInvalidByOrderNo/${order.orderNo}`, { reason: '收银录错' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.json.msg).toBe(`订单 ${order.orderNo} 已作废，不能作废`);
    expect(both.find((r) => r.status === 200)!.json.data).toMatchObject({ status: 3, refundAmount: 0, refundTime: null, invalidReason: '收银录错', invalidUserName: '系统管理员' });
    expect(await stock(sku.skuId)).toBe(stockBefore);
    expect(await balanceOf(m.memberId)).toBe(balance);
    expect(await ledgerSum(m.memberId)).toBe(balance);
    expect(await points()).toBe(pointsBefore);
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).json.msg).toBe(`订单 ${order.orderNo} 已作废，不能退款`);
    expect((await admin('PUT', `${O}/order/updateInvalidByOrderNo/bad;no`, {})).status).toBe(400);
  });
});
