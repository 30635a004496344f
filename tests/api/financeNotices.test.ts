import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * Notices 10 and 17 (spec 000 §2): a corrected payment and a refunded order are told to the tenant's 财务 (finance01)
 * and admins in the transaction of the change, each opening 支付明细 (/financeManage/paymentDetail) at the order.
 */
let s: TestServer;
let admin: Caller;
let finance: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let sku: Json;
let financeId: number;

const O = 'wxy-order-server';

async function sell(payType: number) {
  const r = await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType, amount: sku.retailPrice }] });
  expect(r.status, r.body).toBe(200);
  return r.json.data as Json;
}

/** The notices of `type` finance01 holds about the order (text and businessId). */
const noticesOf = async (tenant: number, type: number, orderId?: number) =>
  (await s.db.tenant(tenant, (tx) => tx.query<{ user_id: number; business_id: string; notice_template_info: string }>(
    `SELECT user_id, business_id, notice_template_info FROM sys_message WHERE business_type = $1 AND ($2::text IS NULL OR business_id = $2) ORDER BY id`,
    [type, orderId == null ? null : String(orderId)],
  ))).rows;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  finance = callerFor(s, await s.login('finance01', 'finance123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  await admin('POST', 'wxy-shop-server/shop-pay-method-config/init', { shopIds: [shopId] });
  sku = (await s.db.tenant(1, (tx) => tx.query<Json>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 20 AND s.status = 1 AND s.retail_price BETWEEN 1 AND 50 ORDER BY s.sku_id LIMIT 1`, [wh.wh_id]))).rows[0];
  financeId = (await s.db.tenant(1, (tx) => tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'finance01'`))).rows[0].id;
}, 180_000);
afterAll(async () => s?.stop());

describe('notices 10 and 17 to finance', () => {
  it('a payment method corrected tells finance01 (notice 10 at the order); 支付明细 shows the correction', async () => {
    const order = await sell(2);
    const payId = (await admin('POST', `${O}/order-pay/findPayInfo`, { orderId: order.orderId })).json.data.payList[0].payId;
    expect((await admin('PUT', `${O}/order-pay/savePay`, { payId, payType: 3 })).status).toBe(200);
    const mine = (await noticesOf(1, 10, order.orderId)).filter((n) => n.user_id === financeId);
    expect(mine).toHaveLength(1);
    expect(mine[0].notice_template_info).toContain(`订单${order.orderNo}支付方式已修改`);
    const d = await finance('GET', `${O}/order-pay/paymentDetail/${order.orderId}`);
    expect(d.status, d.body).toBe(200);
    expect(d.json.data.order).toMatchObject({ orderId: order.orderId, orderNo: order.orderNo });
    expect(d.json.data.pay.payList).toEqual([expect.objectContaining({ payType: 3, amount: sku.retailPrice })]);
    expect(d.json.data.pay.logList).toEqual([expect.objectContaining({ text: `银行卡 ${sku.retailPrice.toFixed(2)} 改为 微信` })]);
  });

  it('a refused correction sends nothing', async () => {
    const order = await sell(1);
    const payId = (await admin('POST', `${O}/order-pay/findPayInfo`, { orderId: order.orderId })).json.data.payList[0].payId;
    expect((await admin('DELETE', `${O}/order-pay/deleteById/${payId}`)).status).toBe(400);
    expect(await noticesOf(1, 10, order.orderId)).toEqual([]);
  });

  it('a refund tells finance01 (notice 17 with the amount); 支付明细 shows the refund', async () => {
    const order = await sell(1);
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).status).toBe(200);
    const mine = (await noticesOf(1, 17, order.orderId)).filter((n) => n.user_id === financeId);
    expect(mine).toHaveLength(1);
    expect(mine[0].notice_template_info).toBe(`订单${order.orderNo}已退款 ¥${sku.retailPrice.toFixed(2)}`);
    const d = await finance('GET', `${O}/order-pay/paymentDetail/${order.orderId}`);
    expect(d.json.data.order).toMatchObject({ status: 2, refundAmount: sku.retailPrice });
  });

  it('other tenants see nothing; shop01 (no finance menu) and another tenant cannot open the detail', async () => {
    const order = await sell(2);
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).status).toBe(200);
    expect(await noticesOf(2, 17)).toEqual([]);
    expect(await noticesOf(2, 10)).toEqual([]);
    expect((await other('GET', `${O}/order-pay/paymentDetail/${order.orderId}`)).status).toBe(404);
    expect((await shop('GET', `${O}/order-pay/paymentDetail/${order.orderId}`)).status).toBe(403);
  });
});
