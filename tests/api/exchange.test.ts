import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';
import { toFen } from '../../core/money.ts';

/**
 * 换货 (order/exchange, findPageByExchange, findListByExchangeDet): lines of a paid order come back, replacements go
 * out, the difference is paid or paid back — once per uuid, never more than was sold, stock through the ledger.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let whId: number;
/** cheap[0] < cheap[1] < dear by retail price; none in a promotion. */
let cheap: Json[];
let dear: Json;

const O = 'wxy-order-server/order';
const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;
const onHand = async (skuId: number) => Number((await sql<{ on_hand: string }>(`SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]))[0]?.on_hand ?? 0);

async function sell(lines: Json[]): Promise<Json> {
  const totalFen = lines.reduce((a, l) => a + toFen(l.price) * l.quantity, 0);
  const r = await admin('POST', `${O}/settlement`, { uuid: randomUUID(), shopId, lines: lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })), payments: [{ payType: 1, amount: Math.ceil(totalFen / 100) }] });
  expect(r.status, r.body).toBe(200);
  return r.json.data;
}
const exchange = (body: Json, caller: Caller = admin) => caller('POST', `${O}/exchange`, { uuid: randomUUID(), ...body });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await sql<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))[0];
  whId = wh.wh_id;
  shopId = wh.shop_id;
  const skus = await sql(
    `SELECT s.sku_id AS "skuId", s.sku_name AS "skuName", s.retail_price::float8 AS price
       FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 10 AND s.status = 1 AND s.retail_price BETWEEN 2 AND 500
        AND NOT EXISTS (SELECT 1 FROM po_promotion_det d WHERE d.sku_id = s.sku_id) AND NOT EXISTS (SELECT 1 FROM po_promotion p WHERE p.gift_sku_id = s.sku_id)
      ORDER BY s.retail_price, s.sku_id`,
    [whId],
  );
  cheap = [skus[0], skus.find((x) => toFen(x.price) > toFen(skus[0].price))!];
  dear = skus[skus.length - 1];
  expect(toFen(dear.price)).toBeGreaterThan(toFen(cheap[1].price));
}, 180_000);
afterAll(async () => s?.stop());

describe('换货', () => {
  it('the demo has an exchange at the third shop: a unit swapped for a dearer SKU, the difference paid in cash', async () => {
    const page = (await admin('POST', `${O}/findPageByExchange`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[];
    const demo = page.find((x) => x.reason === '顾客换成大规格')!;
    expect(demo).toMatchObject({ returnQuantity: 1, giveQuantity: 1 });
    expect(demo.diffAmount).toBeGreaterThan(0);
    const detail = (await admin('GET', `${O}/findListByExchangeDet/${demo.exchangeId}`)).json.data;
    expect(detail.payList).toEqual([{ payId: expect.any(Number), payType: 1, amount: detail.paidAmount }]);
  });

  let order: Json;
  let first: Json;

  it('returns a line for a dearer SKU: stock back and out once, the difference collected with change, a record listed', async () => {
    order = await sell([{ ...cheap[0], quantity: 3 }, { ...cheap[1], quantity: 1 }]);
    const [a, d] = [await onHand(cheap[0].skuId), await onHand(dear.skuId)];
    const det = order.detList[0];
    const diffFen = toFen(dear.price) - toFen(cheap[0].price);
    const body = { uuid: randomUUID(), orderNo: order.orderNo, returnLines: [{ detId: det.detId, quantity: 1 }], giveLines: [{ skuId: dear.skuId, quantity: 1 }], payments: [{ payType: 1, amount: Math.ceil(diffFen / 100) + 1 }], reason: '尺码不合适' };
    // 试算 (preview): the same figures, nothing written.
    const quote = await admin('POST', `${O}/exchange`, { ...body, payments: null, preview: true });
    expect(quote.json.data).toMatchObject({ returnAmount: cheap[0].price, giveAmount: dear.price, diffAmount: diffFen / 100 });
    expect((await sql(`SELECT 1 FROM po_order_exchange WHERE client_uuid = $1`, [body.uuid])).length).toBe(0);
    expect([await onHand(cheap[0].skuId), await onHand(dear.skuId)]).toEqual([a, d]);
    const [r1, r2] = await Promise.all([admin('POST', `${O}/exchange`, body), admin('POST', `${O}/exchange`, body)]);
    expect(r1.status, r1.body).toBe(200);
    expect(r2.json.data.exchangeId).toBe(r1.json.data.exchangeId);
    first = r1.json.data;
    expect(first).toMatchObject({ orderNo: order.orderNo, returnAmount: cheap[0].price, giveAmount: dear.price, diffAmount: diffFen / 100, reason: '尺码不合适' });
    expect(toFen(first.changeAmount)).toBe(toFen(first.paidAmount) - diffFen);
    expect(first.returnList.map((l: Json) => [l.skuId, l.quantity, l.amount])).toEqual([[cheap[0].skuId, 1, cheap[0].price]]);
    expect(first.giveList.map((l: Json) => [l.skuId, l.quantity, l.amount])).toEqual([[dear.skuId, 1, dear.price]]);
    expect([await onHand(cheap[0].skuId), await onHand(dear.skuId)]).toEqual([a + 1, d - 1]);
    expect((await sql(`SELECT 1 FROM stock_ledger WHERE doc_type = 'exchange' AND doc_id = $1`, [first.exchangeId])).length).toBe(2);
    const page = await admin('POST', `${O}/findPageByExchange`, { pageNum: 1, pageSize: 20, orderNo: order.orderNo });
    expect(page.status, page.body).toBe(200);
    expect(page.json.data.records).toEqual([expect.objectContaining({ exchangeId: first.exchangeId, exchangeNo: first.exchangeNo, orderNo: order.orderNo, shopName: order.shopName, diffAmount: diffFen / 100, userName: expect.any(String), createTime: expect.any(String) })]);
    const detail = await admin('GET', `${O}/findListByExchangeDet/${first.exchangeId}`);
    expect(detail.json.data.returnList).toHaveLength(1);
    expect(detail.json.data.giveList).toHaveLength(1);
    expect(detail.json.data.payList).toEqual([{ payId: expect.any(Number), payType: 1, amount: first.paidAmount }]);
  });

  it('never returns more than was sold and not yet returned; refuses lines of another order; nothing written', async () => {
    const det = order.detList[0];
    const n = (await sql(`SELECT 1 FROM po_order_exchange`)).length;
    const before = await onHand(dear.skuId);
    const tooMany = await exchange({ orderNo: order.orderNo, returnLines: [{ detId: det.detId, quantity: 3 }], giveLines: [{ skuId: dear.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 999 }] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.msg).toBe(`${cheap[0].skuName} 最多还能退 2 件（已售 3，已退 1）`);
    const another = await sell([{ ...cheap[1], quantity: 1 }]);
    const foreign = await exchange({ orderNo: order.orderNo, returnLines: [{ detId: another.detList[0].detId, quantity: 1 }], giveLines: [{ skuId: dear.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 999 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.msg).toContain(`不是订单 ${order.orderNo} 的商品`);
    const unpaid = await exchange({ orderNo: order.orderNo, returnLines: [{ detId: det.detId, quantity: 1 }], giveLines: [{ skuId: dear.skuId, quantity: 1 }] });
    expect(unpaid.status).toBe(400);
    expect(unpaid.json.msg).toContain('请收取差价');
    expect((await sql(`SELECT 1 FROM po_order_exchange`)).length).toBe(n);
    expect(await onHand(dear.skuId)).toBe(before);
    expect(Number((await sql<{ r: string }>(`SELECT returned_quantity AS r FROM po_order_det WHERE det_id = $1`, [det.detId]))[0].r)).toBe(1);
  });

  it('a cheaper replacement pays the difference back by the method named', async () => {
    const det = order.detList[1];
    const noWay = await exchange({ orderNo: order.orderNo, returnLines: [{ detId: det.detId, quantity: 1 }], giveLines: [{ skuId: cheap[0].skuId, quantity: 1 }] });
    expect(noWay.status).toBe(400);
    expect(noWay.json.msg).toContain('请选择退款方式');
    const r = await exchange({ orderNo: order.orderNo, returnLines: [{ detId: det.detId, quantity: 1 }], giveLines: [{ skuId: cheap[0].skuId, quantity: 1 }], refundPayType: 1 });
    expect(r.status, r.body).toBe(200);
    const back = toFen(cheap[1].price) - toFen(cheap[0].price);
    expect(r.json.data).toMatchObject({ diffAmount: -back / 100, payList: [{ payId: expect.any(Number), payType: 1, amount: -back / 100 }] });
    // The whole line is back now.
    const again = await exchange({ orderNo: order.orderNo, returnLines: [{ detId: det.detId, quantity: 1 }], giveLines: [{ skuId: cheap[0].skuId, quantity: 1 }], refundPayType: 1 });
    expect(again.status).toBe(409);
    expect(again.json.msg).toContain('已全部退回');
  });

  it('an exchanged order is not refunded or invalidated whole; an invalidated order is not exchanged', async () => {
    const refund = await admin('PUT', 'wxy-order-server/order-pay/refund', { orderNo: order.orderNo });
    expect(refund.status).toBe(409);
    expect(refund.json.msg).toContain('已有换货记录');
    const gone = await sell([{ ...cheap[0], quantity: 1 }]);
    expect((await admin('PUT', `${O}/updateInvalidByOrderNo/${gone.orderNo}`, { reason: '录错' })).status).toBe(200);
    const r = await exchange({ orderNo: gone.orderNo, returnLines: [{ detId: gone.detList[0].detId, quantity: 1 }], giveLines: [{ skuId: dear.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 999 }] });
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(`订单 ${gone.orderNo} 已作废，不能换货`);
  });

  it('another tenant can neither exchange nor read; the list needs its permission', async () => {
    const r = await exchange({ orderNo: order.orderNo, returnLines: [{ detId: order.detList[0].detId, quantity: 1 }], giveLines: [{ skuId: dear.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 999 }] }, other);
    expect(r.status).toBe(404);
    expect((await other('GET', `${O}/findListByExchangeDet/${first.exchangeId}`)).status).toBe(404);
    expect((await other('POST', `${O}/findPageByExchange`, { pageNum: 1, pageSize: 50 })).json.data.records.some((x: Json) => x.exchangeId === first.exchangeId)).toBe(false);
    expect((await shop('POST', `${O}/findPageByExchange`, { pageNum: 1, pageSize: 50 })).status).toBe(403);
    expect((await admin('POST', `${O}/exchange`, { uuid: 'nope', orderNo: order.orderNo, returnLines: [], giveLines: [] })).status).toBe(400);
  });
  it('counts in the sales figures on its day: 门店销售, 导购销售, 订单销售汇总 (and its cash), 时段销售 and the 工作台 move by exactly the difference', async () => {
    const S = 'wxy-order-server';
    const today = (await sql<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;
    const P = { startDate: today, endDate: today, shopId };
    const figures = async () => {
      const shopRow = ((await admin('POST', `${S}/po-shop-sale/list`, P)).json.data.records as Json[]).find((x) => x.shopId === shopId)!;
      const sellers = (await admin('POST', `${S}/statistics/salesman/list`, P)).json.data.records as Json[];
      const summary = (await admin('POST', `${S}/po-order-sales/order/sales`, P)).json.data;
      const hours = (await admin('POST', `${S}/po-sell-store-hour/findPage`, { ...P, pageNum: 1, pageSize: 100 })).json.data;
      const dash = (await admin('GET', `${S}/statistics/dashboard`)).json.data;
      const cash = summary.payments.find((x: Json) => x.payType === 1)?.amount ?? 0;
      return {
        shop: toFen(shopRow.saleAmount), items: shopRow.itemCount, orders: shopRow.orderCount,
        sellers: sellers.reduce((a, x) => a + toFen(x.saleAmount), 0),
        summary: toFen(summary.saleAmount), cash: toFen(cash),
        hours: (hours.hours as Json[]).reduce((a, h) => a + toFen(h.saleAmount), 0),
        dashboard: toFen(dash.todaySales.saleAmount), dashHours: dash.hours.reduce((a: number, h: Json) => a + toFen(h.saleAmount), 0), dashOrders: dash.todaySales.orderCount,
      };
    };
    const sold = await sell([{ ...cheap[1], quantity: 2 }]);
    const before = await figures();
    // Two dearer units for one returned: the customer pays the difference in cash, with change.
    const r = await exchange({ orderNo: sold.orderNo, returnLines: [{ detId: sold.detList[0].detId, quantity: 1 }], giveLines: [{ skuId: dear.skuId, quantity: 2 }],
      payments: [{ payType: 1, amount: Math.ceil(toFen(dear.price) * 2 / 100) + 1 }], reason: '统计' });
    expect(r.status, r.body).toBe(200);
    const diff = toFen(r.json.data.diffAmount);
    expect(diff).toBe(toFen(r.json.data.giveAmount) - toFen(r.json.data.returnAmount));
    expect(diff).toBeGreaterThan(0);
    const after = await figures();
    expect(after).toEqual({
      ...before, shop: before.shop + diff, items: before.items + 1, sellers: before.sellers + diff, summary: before.summary + diff, cash: before.cash + diff,
      hours: before.hours + diff, dashboard: before.dashboard + diff, dashHours: before.dashHours + diff,
    });
    // A cheaper replacement paid back lowers them by as much.
    const back = await exchange({ orderNo: sold.orderNo, returnLines: [{ detId: sold.detList[0].detId, quantity: 1 }], giveLines: [{ skuId: cheap[0].skuId, quantity: 1 }], refundPayType: 1, reason: '统计' });
    expect(back.status, back.body).toBe(200);
    const again = await figures();
    const diff2 = toFen(back.json.data.diffAmount);
    expect(again.shop - after.shop).toBe(diff2);
    expect(again.summary - after.summary).toBe(diff2);
    expect(again.orders).toBe(before.orders);
  });

  it('the cashier shift counts the difference taken (net of change) and paid back in its drawer', async () => {
    const S = 'wxy-shop-server/shop-class-record';
    const me = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
    const opened = await admin('POST', `${S}/save`, { shopId, openingCash: 100 });
    expect(opened.status, opened.body).toBe(200);
    const drawer = async () => (await admin('GET', `${S}/getByUserId/${me}/false?shopId=${shopId}`)).json.data.expectedCash as number;
    const sale = await sell([{ ...cheap[0], quantity: 2 }, { ...cheap[1], quantity: 1 }]);
    const before = await drawer();
    const up = toFen(dear.price) - toFen(cheap[0].price);
    const taken = await exchange({ orderNo: sale.orderNo, returnLines: [{ detId: sale.detList[0].detId, quantity: 1 }], giveLines: [{ skuId: dear.skuId, quantity: 1 }], payments: [{ payType: 1, amount: Math.ceil(up / 100) + 5 }] });
    expect(taken.status, taken.body).toBe(200);
    expect(toFen(await drawer())).toBe(toFen(before) + up);
    const down = toFen(cheap[1].price) - toFen(cheap[0].price);
    const paidBack = await exchange({ orderNo: sale.orderNo, returnLines: [{ detId: sale.detList[1].detId, quantity: 1 }], giveLines: [{ skuId: cheap[0].skuId, quantity: 1 }], refundPayType: 1 });
    expect(paidBack.status, paidBack.body).toBe(200);
    expect(toFen(await drawer())).toBe(toFen(before) + up - down);
  });
});
