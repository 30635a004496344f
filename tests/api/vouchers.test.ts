import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueVouchers } from '../../server/domains/sales/vouchers.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, grantShopStaff, type Caller, type Json } from './resourceCalls.ts';

/** 平台券 (wxy-order-server po-voucher): vouchers given with orders, listed, shown per order, written off once. */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let order: { order_id: number; order_no: string; shop_id: number };
let n = 0;

const V = 'wxy-order-server/po-voucher';

/** A fresh voucher given with the demo order; answers its code. */
async function give(extra: Partial<{ faceAmount: number; validEnd: string | null; platformType: number }> = {}) {
  const code = `T${Date.now()}${n++}`;
  await s.db.tenant(1, (tx) => issueVouchers(tx, order.order_id, [{ voucherCode: code, voucherName: '抖音 30元团购券', platformType: 2, faceAmount: 30, validEnd: null, ...extra }]));
  return code;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  order = (await s.db.tenant(1, (tx) => tx.query<typeof order>(`SELECT order_id, order_no, shop_id FROM po_order WHERE NOT is_practice ORDER BY order_id LIMIT 1`))).rows[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('平台券列表 findPage', () => {
  it('lists the demo vouchers, some written off, filtered by status and code', async () => {
    const all = await admin('POST', `${V}/findPage/1/50`, {});
    expect(all.status, all.body).toBe(200);
    expect(all.json.data.total).toBeGreaterThanOrEqual(3);
    const used = await admin('POST', `${V}/findPage/1/50`, { status: 2 });
    expect(used.json.data.records.length).toBeGreaterThanOrEqual(2);
    expect(used.json.data.records.every((r: Json) => r.status === 2 && r.writeoffTime && r.writeoffUserName === '系统管理员')).toBe(true);
    const code = await give();
    const one = await admin('POST', `${V}/findPage/1/10`, { voucherCode: code });
    expect(one.json.data.records).toEqual([expect.objectContaining({ voucherCode: code, faceAmount: 30, status: 1, orderNo: order.order_no })]);
  });

  it('refuses shop01 and shows tenant 2 none of tenant 1’s vouchers', async () => {
    expect((await shop('POST', `${V}/findPage/1/10`, {})).status).toBe(403);
    const code = await give();
    expect((await other('POST', `${V}/findPage/1/10`, { voucherCode: code })).json.data).toMatchObject({ records: [], total: 0 });
    const theirs = (await other('POST', `${V}/findPage/1/100`, {})).json.data.records as Json[];
    const mine = new Set(((await admin('POST', `${V}/findPage/1/100`, {})).json.data.records as Json[]).map((r) => r.voucherId));
    expect(theirs.filter((r) => mine.has(r.voucherId))).toEqual([]);
  });
});

describe('订单的券 findVoucherDetails', () => {
  it('answers the vouchers an order gave; refuses a bad id, an unknown order, shop01 and another tenant', async () => {
    const code = await give();
    const r = await admin('GET', `${V}/findVoucherDetails/${order.order_id}`);
    expect(r.json.data.map((v: Json) => v.voucherCode)).toContain(code);
    const bad = await admin('GET', `${V}/findVoucherDetails/abc`);
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('订单');
    expect((await admin('GET', `${V}/findVoucherDetails/99999999`)).json.msg).toBe('订单不存在');
    expect((await shop('GET', `${V}/findVoucherDetails/${order.order_id}`)).status).toBe(403);
    expect((await other('GET', `${V}/findVoucherDetails/${order.order_id}`)).status).toBe(404);
  });
});

describe('核销 writeoff', () => {
  it('writes a code off once: of two at the same moment one succeeds, the other is told when and where', async () => {
    const code = await give();
    const [a, b] = await Promise.all([1, 2].map(() => admin('POST', `${V}/writeoff`, { voucherCode: code })));
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const done = [a, b].find((x) => x.status === 200)!;
    expect(done.json.msg).toBe('核销成功');
    expect(done.json.data).toMatchObject({ voucherCode: code, status: 2, writeoffUserName: '系统管理员' });
    expect(done.json.data.writeoffShopName).toBeTruthy();
    const again = await admin('POST', `${V}/writeoff`, { voucherId: done.json.data.voucherId });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe(`券码 ${code} 已于 ${done.json.data.writeoffTime} 在${done.json.data.writeoffShopName}核销，不能重复核销`);
  });

  it('writes off at the shop asked for; refuses an expired voucher, an unknown code, bad input', async () => {
    const shops = (await admin('POST', 'wxy-shop-server/shop-base/list', {})).json.data as Json[];
    const there = shops.find((x) => x.shopId !== order.shop_id && x.status === 1) ?? shops[0];
    const code = await give();
    const r = await admin('POST', `${V}/writeoff`, { voucherCode: code, shopId: there.shopId });
    expect(r.json.data.writeoffShopName).toBe(there.shopName);
    const old = await give({ validEnd: '2020-01-01' });
    const expired = await admin('POST', `${V}/writeoff`, { voucherCode: old });
    expect([expired.status, expired.json.msg]).toEqual([400, `券码 ${old} 已过期，不能核销`]);
    expect((await admin('POST', `${V}/writeoff`, { voucherCode: 'NOPE123' })).json.msg).toBe('券码「NOPE123」不存在');
    expect((await admin('POST', `${V}/writeoff`, {})).json.msg).toBe('请输入券码');
    const bad = await admin('POST', `${V}/writeoff`, { voucherCode: 'a b;' });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('券码');
    expect((await admin('POST', `${V}/writeoff`, { voucherCode: (await give()), shopId: 99999999 })).json.msg).toBe('核销门店不存在');
  });

  it('refuses shop01 without the menu, lets it write off with it, and keeps tenants apart', async () => {
    const code = await give();
    expect((await shop('POST', `${V}/writeoff`, { voucherCode: code })).status).toBe(403);
    const theirs = await other('POST', `${V}/writeoff`, { voucherCode: code });
    expect([theirs.status, theirs.json.msg]).toEqual([404, `券码「${code}」不存在`]);
    await grantShopStaff(s, 'order:voucher:writeoff');
    const mine = await shop('POST', `${V}/writeoff`, { voucherCode: code });
    expect(mine.status, mine.body).toBe(200);
    expect(mine.json.data.writeoffUserName).toBe('门店店员01');
  });
});
