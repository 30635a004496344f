import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueVouchers } from '../../server/domains/sales/vouchers.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/** 券 (pay type 6) at settlement: a platform voucher written off by the sale once, given back by a refund or 作废. */
let s: TestServer;
let admin: Caller;
let other: Caller;
let shopId: number;
let sku: Json;
let givenWith: number;
let n = 0;
const O = 'wxy-order-server';

async function give(tenant: number, extra: Partial<{ faceAmount: number; validEnd: string | null }> = {}) {
  const code = `VP${Date.now()}${n++}`;
  await s.db.tenant(tenant, async (tx) => {
    const orderId = tenant === 1 ? givenWith : (await tx.query<{ order_id: number }>(`SELECT order_id FROM po_order ORDER BY order_id LIMIT 1`)).rows[0]?.order_id;
    if (orderId) await issueVouchers(tx, orderId, [{ voucherCode: code, voucherName: '抖音 20元券', platformType: 2, faceAmount: 20, validEnd: null, ...extra }]);
    else await tx.query(`INSERT INTO po_voucher (tenant_id, voucher_code, voucher_name, face_amount) VALUES (app_current_tenant(), $1, '本店券', 20)`, [code]);
  });
  return code;
}
const voucher = async (code: string) =>
  (await s.db.tenant(1, (tx) => tx.query<{ status: number; writeoff_order_id: number | null }>(`SELECT status, writeoff_order_id FROM po_voucher WHERE voucher_code = $1`, [code]))).rows[0];
const orders = async () => (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM po_order`))).rows[0].n;
const sell = (payments: Json[], quantity = 1) => admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity }], payments });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  sku = (await s.db.tenant(1, (tx) => tx.query<Json>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 20 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 1`, [wh.wh_id],
  ))).rows[0];
  givenWith = (await s.db.tenant(1, (tx) => tx.query<{ order_id: number }>(`SELECT order_id FROM po_order WHERE NOT is_practice ORDER BY order_id LIMIT 1`))).rows[0].order_id;
}, 180_000);
afterAll(async () => s?.stop());

const due = async (quantity = 1) => (await admin('POST', `${O}/order/price`, { shopId, lines: [{ skuId: sku.skuId, quantity }] })).json.data.payableAmount as number;

describe('券支付 (payType 6)', () => {
  it('查券 answers the face amount the register pays with, or why the code cannot pay; it writes nothing', async () => {
    const code = await give(1, { faceAmount: 35.5, validEnd: '2099-12-31' });
    const look = (c: string, as: Caller = admin) => as('GET', `${O}/order/voucher/${encodeURIComponent(c)}?shopId=${shopId}`);
    const r = await look(code);
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toMatchObject({ voucherCode: code, voucherName: '抖音 20元券', faceAmount: 35.5, validEnd: '2099-12-31', status: 1 });
    expect(await voucher(code)).toEqual({ status: 1, writeoff_order_id: null });
    expect((await look('NOSUCH1')).json.msg).toBe('券码「NOSUCH1」不存在');
    expect((await look(code, other)).status).toBe(404);
    const expired = await give(1, { validEnd: '2020-01-01' });
    expect((await look(expired)).json.msg).toBe(`券码 ${expired} 已过期，不能核销`);
    expect((await look('a b')).status).toBe(400);
  });

  it('is refused until the shop enables 券 in 门店支付方式; then pays, is written off once and kept on the payment row; a refund gives it back once', async () => {
    const code = await give(1);
    const payable = await due(3);
    const off = await sell([{ payType: 6, amount: Math.min(20, payable), voucherCode: code }, ...(payable > 20 ? [{ payType: 1, amount: payable - 20 }] : [])], 3);
    expect(off.json.msg).toBe('本店未开通券支付，请换一种支付方式');
    const methods = (await admin('GET', `wxy-shop-server/shop-pay-method-config/getByShop/${shopId}`)).json.data as Json[];
    const config = methods.find((m) => m.payType === 6)!;
    expect(config.enabled).toBe(false);
    expect((await admin('PUT', 'wxy-shop-server/shop-pay-method-config/update', { configId: config.configId, enabled: true })).status).toBe(200);
    const cash = Math.round((payable - Math.min(20, payable)) * 100) / 100;
    const r = await sell([{ payType: 6, amount: Math.min(20, payable), voucherCode: code }, ...(cash > 0 ? [{ payType: 1, amount: cash }] : [])], 3);
    expect(r.status, r.body).toBe(200);
    const order = r.json.data;
    expect(order.payList[0]).toMatchObject({ payType: 6, amount: Math.min(20, payable), voucherCode: code });
    expect(await voucher(code)).toEqual({ status: 2, writeoff_order_id: order.orderId });
    // Used: the same refusal as 核销, nothing written.
    const before = await orders();
    const again = await sell([{ payType: 6, amount: 1, voucherCode: code }, { payType: 1, amount: 9999 }]);
    expect(again.status).toBe(409);
    expect(again.json.msg).toMatch(new RegExp(`^券码 ${code} 已于 .+核销，不能重复核销$`));
    expect(await orders()).toBe(before);
    // The refund gives it back once; the voucher pays again.
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).status).toBe(200);
    expect(await voucher(code)).toEqual({ status: 1, writeoff_order_id: null });
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).status).toBe(409);
    expect(await voucher(code)).toEqual({ status: 1, writeoff_order_id: null });
    const resold = await sell([{ payType: 6, amount: 1, voucherCode: code }, { payType: 1, amount: 9999 }]);
    expect(resold.status, resold.body).toBe(200);
    // 作废 gives it back too.
    expect((await admin('PUT', `${O}/order/updateInvalidByOrderNo/${resold.json.data.orderNo}`, {})).status).toBe(200);
    expect(await voucher(code)).toEqual({ status: 1, writeoff_order_id: null });
  });

  it('refuses an unknown code, another tenant\'s, an expired one, more than its face, a voucher above what is due, no code; nothing written', async () => {
    const before = await orders();
    const payable = await due();
    expect((await sell([{ payType: 6, amount: 1, voucherCode: 'NOPE123' }, { payType: 1, amount: 9999 }])).json.msg).toBe('券码「NOPE123」不存在');
    const theirs = await give(2);
    expect((await sell([{ payType: 6, amount: 1, voucherCode: theirs }, { payType: 1, amount: 9999 }])).json.msg).toBe(`券码「${theirs}」不存在`);
    const expired = await give(1, { validEnd: '2020-01-01' });
    expect((await sell([{ payType: 6, amount: 1, voucherCode: expired }, { payType: 1, amount: 9999 }])).json.msg).toBe(`券码 ${expired} 已过期，不能核销`);
    const small = await give(1, { faceAmount: 1 });
    expect((await sell([{ payType: 6, amount: 2, voucherCode: small }, { payType: 1, amount: 9999 }])).json.msg).toBe(`券码 ${small} 面额 1.00 元，不能支付 2.00 元`);
    expect((await sell([{ payType: 6, amount: payable + 1, voucherCode: small }])).json.msg).toMatch(/不能找零$/);
    expect((await sell([{ payType: 6, amount: 1 }, { payType: 1, amount: 9999 }])).json.msg).toBe('券支付请输入券码');
    expect(await orders()).toBe(before);
    expect((await voucher(small)).status).toBe(1);
    expect((await other('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType: 6, amount: 1, voucherCode: theirs }] })).status).toBe(400);
  });

  it('two registers paying with one voucher at the same moment: one sale, one 409', async () => {
    const code = await give(1);
    const results = await Promise.all([0, 1].map(() => sell([{ payType: 6, amount: 1, voucherCode: code }, { payType: 1, amount: 9999 }])));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const paid = await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM po_order_pay p JOIN po_order o ON o.order_id = p.order_id WHERE p.voucher_code = $1 AND o.status = 1`, [code]));
    expect(paid.rows[0].n).toBe(1);
  });
});
