import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 订单支付 (wxy-order-server order-pay): an order's payments shown, a wrong method corrected and a doubled payment
 * removed while the business day is open (today's order, shift not handed over), the payment slip printed.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let sku: Json;

const O = 'wxy-order-server';

/** A sale of one unit of `sku` paid with `payments` (amounts in yuan; `total` stands for the unit price). */
async function sell(payments: (total: number) => Json[]) {
  const r = await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: payments(sku.retailPrice) });
  expect(r.status, r.body).toBe(200);
  return r.json.data as Json;
}

const info = async (orderId: number) => (await admin('POST', `${O}/order-pay/findPayInfo`, { orderId })).json.data as Json;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  // The shop takes cash, card, WeChat and Alipay; Alipay is switched off below for one refusal.
  await admin('POST', 'wxy-shop-server/shop-pay-method-config/init', { shopIds: [shopId] });
  await s.db.tenant(1, (tx) => tx.query(`UPDATE shop_pay_method_config SET enabled = (pay_type <> 4) WHERE shop_id = $1`, [shopId]));
  sku = (
    await s.db.tenant(1, (tx) =>
      tx.query<Json>(
        `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
          WHERE b.wh_id = $1 AND b.on_hand >= 20 AND s.status = 1 AND s.retail_price BETWEEN 1 AND 50 ORDER BY s.sku_id LIMIT 1`,
        [wh.wh_id],
      ),
    )
  ).rows[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('支付信息 findPayInfo', () => {
  it('shows an order’s payments by id or number, open for correction on its day', async () => {
    const order = await sell((t) => [{ payType: 2, amount: t }]);
    const byId = await info(order.orderId);
    expect(byId).toMatchObject({ orderNo: order.orderNo, payAmount: sku.retailPrice, paidAmount: sku.retailPrice, changeAmount: 0, editable: true, lockReason: null, logList: [] });
    expect(byId.payList).toEqual([expect.objectContaining({ payType: 2, payTypeName: '银行卡', amount: sku.retailPrice, editable: true })]);
    expect((await admin('POST', `${O}/order-pay/findPayInfo`, { orderNo: order.orderNo })).json.data.orderId).toBe(order.orderId);
  });

  it('refuses a missing key, a bad number, an unknown order, shop01 and another tenant', async () => {
    const order = await sell((t) => [{ payType: 2, amount: t }]);
    const none = await admin('POST', `${O}/order-pay/findPayInfo`, {});
    expect([none.status, none.json.msg]).toEqual([400, '请提供订单ID或订单号']);
    expect((await admin('POST', `${O}/order-pay/findPayInfo`, { orderNo: 'x1' })).json.msg).toBe('订单号格式不正确');
    const bad = await admin('POST', `${O}/order-pay/findPayInfo`, { orderId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('订单');
    expect((await admin('POST', `${O}/order-pay/findPayInfo`, { orderId: 99999999 })).json.msg).toBe('订单不存在');
    expect((await shop('POST', `${O}/order-pay/findPayInfo`, { orderId: order.orderId })).status).toBe(403);
    const theirs = await other('POST', `${O}/order-pay/findPayInfo`, { orderId: order.orderId });
    expect([theirs.status, theirs.json.msg]).toEqual([404, '订单不存在']);
  });
});

describe('修改支付方式 savePay', () => {
  it('changes a method once (a double click changes nothing more), logged with who did it', async () => {
    const order = await sell((t) => [{ payType: 2, amount: t }]);
    const payId = (await info(order.orderId)).payList[0].payId;
    const [a, b] = await Promise.all([1, 2].map(() => admin('PUT', `${O}/order-pay/savePay`, { payId, payType: 3 })));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.msg).toBe('支付方式已修改');
    const after = await info(order.orderId);
    expect(after.payList.map((p: Json) => [p.payType, p.amount])).toEqual([[3, sku.retailPrice]]);
    expect(after.logList).toHaveLength(1);
    expect(after.logList[0]).toMatchObject({ action: 'edit', oldPayType: 2, newPayType: 3, userName: '系统管理员', text: `银行卡 ${sku.retailPrice.toFixed(2)} 改为 微信` });
    // The shift's figures follow the payment: the order list's payment list says WeChat now.
    expect((await admin('GET', `${O}/payment-order/list-by-order/${order.orderId}`)).json.data.map((p: Json) => p.payType)).toEqual([3]);
  });

  it('keeps the money adding up: cash that gave change stays cash; a method the shop has not enabled, balance and bad input refused', async () => {
    const order = await sell((t) => [{ payType: 1, amount: Math.ceil(t) + 10 }]);
    const pay = (await info(order.orderId)).payList[0];
    const noChange = await admin('PUT', `${O}/order-pay/savePay`, { payId: pay.payId, payType: 2 });
    expect(noChange.status).toBe(400);
    expect(noChange.json.msg).toMatch(/^非现金支付 .* 超过应收 .*，不能找零$/);
    expect((await admin('PUT', `${O}/order-pay/savePay`, { payId: pay.payId, payType: 5 })).json.msg).toBe('不能改为余额支付：余额须在收银时由会员使用');
    const card = await sell((t) => [{ payType: 2, amount: t }]);
    const cardPay = (await info(card.orderId)).payList[0];
    expect((await admin('PUT', `${O}/order-pay/savePay`, { payId: cardPay.payId, payType: 4 })).json.msg).toBe('本店未开通支付宝支付，请换一种支付方式');
    const badType = await admin('PUT', `${O}/order-pay/savePay`, { payId: cardPay.payId, payType: 9 });
    expect(badType.status).toBe(400);
    expect(badType.json.msg).toContain('支付方式');
    const badId = await admin('PUT', `${O}/order-pay/savePay`, { payId: 0, payType: 1 });
    expect(badId.status).toBe(400);
    expect(badId.json.msg).toContain('支付记录');
    expect((await admin('PUT', `${O}/order-pay/savePay`, { payId: 99999999, payType: 1 })).json.msg).toBe('支付记录不存在');
    // Nothing was written by the refusals.
    expect((await info(order.orderId)).payList[0].payType).toBe(1);
    expect((await info(card.orderId)).logList).toEqual([]);
  });

  it('is closed once the day is over, the shift handed over, or the order refunded', async () => {
    const old = await sell((t) => [{ payType: 2, amount: t }]);
    await s.db.tenant(1, (tx) => tx.query(`UPDATE po_order SET create_time = create_time - interval '1 day' WHERE order_id = $1`, [old.orderId]));
    const oldInfo = await info(old.orderId);
    expect(oldInfo).toMatchObject({ editable: false, lockReason: '订单不是今天的，营业日已结束，不能修改支付' });
    const late = await admin('PUT', `${O}/order-pay/savePay`, { payId: oldInfo.payList[0].payId, payType: 3 });
    expect([late.status, late.json.msg]).toEqual([409, '订单不是今天的，营业日已结束，不能修改支付']);

    const shifted = await sell((t) => [{ payType: 2, amount: t }]);
    await s.db.tenant(1, (tx) =>
      tx.query(
        `INSERT INTO shop_class_record (tenant_id, shop_id, user_id, status, start_time, end_time)
         SELECT 1, shop_id, cashier_user_id, 2, create_time - interval '1 minute', create_time + interval '1 microsecond' FROM po_order WHERE order_id = $1`,
        [shifted.orderId],
      ),
    );
    const handed = await admin('PUT', `${O}/order-pay/savePay`, { payId: (await info(shifted.orderId)).payList[0].payId, payType: 3 });
    expect([handed.status, handed.json.msg]).toEqual([409, '该订单所在收银班次已交班，不能修改支付']);

    const refunded = await sell((t) => [{ payType: 2, amount: t }]);
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: refunded.orderNo })).status).toBe(200);
    const r = await admin('PUT', `${O}/order-pay/savePay`, { payId: (await info(refunded.orderId)).payList[0].payId, payType: 3 });
    expect([r.status, r.json.msg]).toEqual([409, '订单已退款，不能修改支付']);
  });

  it('refuses shop01 and another tenant', async () => {
    const order = await sell((t) => [{ payType: 2, amount: t }]);
    const payId = (await info(order.orderId)).payList[0].payId;
    expect((await shop('PUT', `${O}/order-pay/savePay`, { payId, payType: 3 })).status).toBe(403);
    const theirs = await other('PUT', `${O}/order-pay/savePay`, { payId, payType: 3 });
    expect([theirs.status, theirs.json.msg]).toEqual([404, '支付记录不存在']);
    expect((await info(order.orderId)).payList[0].payType).toBe(2);
  });
});

describe('删除支付 deleteById', () => {
  it('removes a doubled payment once, recomputing paid and change; the last one covering the order stays', async () => {
    // Paid by card for the whole amount and, by mistake, 20 in cash as well (given back as change).
    const order = await sell((t) => [{ payType: 2, amount: t }, { payType: 1, amount: 20 }]);
    expect(order.changeAmount).toBe(20);
    const [card, cash] = (await info(order.orderId)).payList;
    const [a, b] = await Promise.all([1, 2].map(() => admin('DELETE', `${O}/order-pay/deleteById/${cash.payId}`)));
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((x) => x.status === 409)!.json.msg).toBe('该支付记录已删除，请刷新后重试');
    const after = await info(order.orderId);
    expect(after).toMatchObject({ paidAmount: sku.retailPrice, changeAmount: 0 });
    expect(after.payList.map((p: Json) => p.payId)).toEqual([card.payId]);
    expect(after.logList.map((l: Json) => l.text)).toEqual(['删除 现金 20.00']);
    const last = await admin('DELETE', `${O}/order-pay/deleteById/${card.payId}`);
    expect([last.status, last.json.msg]).toEqual([400, `删除后实收 0.00 不足应收 ${sku.retailPrice.toFixed(2)}，不能删除该支付`]);
  });

  it('refuses a bad id, shop01 and another tenant', async () => {
    const order = await sell((t) => [{ payType: 2, amount: t }, { payType: 1, amount: 5 }]);
    const cash = (await info(order.orderId)).payList[1];
    const bad = await admin('DELETE', `${O}/order-pay/deleteById/abc`);
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('支付记录');
    expect((await shop('DELETE', `${O}/order-pay/deleteById/${cash.payId}`)).status).toBe(403);
    expect((await other('DELETE', `${O}/order-pay/deleteById/${cash.payId}`)).json.msg).toBe('支付记录不存在');
    expect((await info(order.orderId)).payList).toHaveLength(2);
  });
});

describe('打印支付单 payInfo/print', () => {
  it('answers the default template with the slip’s data, then the PDF; the tenant’s own 支付单 template wins', async () => {
    const order = await sell((t) => [{ payType: 3, amount: t }]);
    const data = await admin('GET', `${O}/order-pay/payInfo/print?orderId=${order.orderId}&type=data`);
    expect(data.status, data.body).toBe(200);
    expect(data.json.data).toMatchObject({ templateName: '支付单（默认模板）', isDefault: true, data: { orderNo: order.orderNo, payAmount: sku.retailPrice.toFixed(2), printUser: '系统管理员' } });
    expect(data.json.data.data.payList).toEqual([expect.objectContaining({ payTypeName: '微信', amount: sku.retailPrice.toFixed(2) })]);
    const pdf = await admin('GET', `${O}/order-pay/payInfo/print?orderNo=${order.orderNo}&type=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const mine = await admin('POST', 'wxy-system-server/print-template/add', { name: '门店支付单', businessType: 'orderPay', template: data.json.data.template });
    expect(mine.status, mine.body).toBe(200);
    expect((await admin('GET', `${O}/order-pay/payInfo/print?orderId=${order.orderId}&type=data`)).json.data).toMatchObject({ templateName: '门店支付单', isDefault: false });
  });

  it('refuses no key, a bad type, shop01 and another tenant', async () => {
    const order = await sell((t) => [{ payType: 3, amount: t }]);
    expect((await admin('GET', `${O}/order-pay/payInfo/print?type=data`)).json.msg).toBe('请提供订单ID或订单号');
    const badType = await admin('GET', `${O}/order-pay/payInfo/print?orderId=${order.orderId}&type=xls`);
    expect(badType.status).toBe(400);
    expect(badType.json.msg).toContain('打印类型');
    expect((await shop('GET', `${O}/order-pay/payInfo/print?orderId=${order.orderId}`)).status).toBe(403);
    expect((await other('GET', `${O}/order-pay/payInfo/print?orderId=${order.orderId}`)).status).toBe(404);
  });
});
