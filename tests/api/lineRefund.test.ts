import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';
import { toFen } from '../../core/money.ts';

/**
 * 部分退款 (order/refundLines): chosen lines and quantities of a paid order come back — money by each line's share
 * of what was paid, stock through the ledger, points and balance in proportion, every sales figure by exactly the
 * refund — once per uuid, never more than is left however many registers try at once; a whole refund afterwards
 * refunds what is left. Expected figures are worked out here from the sale, not from the server's rule.
 */
let s: TestServer;
let admin: Caller;
let other: Caller;
let shopId: number;
let whId: number;
let memberId: number;
/** Two SKUs in no promotion, a[0] cheaper than a[1]. */
let a: Json[];

const S = 'wxy-order-server';
const O = `${S}/order`;
const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;
const onHand = async (skuId: number) => Number((await sql<{ on_hand: string }>(`SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]))[0]?.on_hand ?? 0);
const member = async () => {
  const m = (await sql<{ points: number; balance: string }>(`SELECT points, balance FROM mb_base_info WHERE member_id = $1`, [memberId]))[0];
  return { points: Number(m.points), balanceFen: toFen(Number(m.balance)) };
};

/** A sale of `lines` ([sku, quantity]) for the member, `balanceFen` of it from the balance and the rest in cash. */
async function sell(lines: [Json, number][], balanceFen = 0): Promise<Json> {
  const totalFen = lines.reduce((x, [k, q]) => x + toFen(k.price) * q, 0);
  const payments = [...(balanceFen ? [{ payType: 5, amount: balanceFen / 100 }] : []), { payType: 1, amount: (totalFen - balanceFen) / 100 }];
  const r = await admin('POST', `${O}/settlement`, { uuid: randomUUID(), shopId, memberId, lines: lines.map(([k, q]) => ({ skuId: k.skuId, quantity: q })), payments });
  expect(r.status, r.body).toBe(200);
  return r.json.data;
}
const refund = (orderNo: string, lines: [number, number][], extra: Json = {}, caller: Caller = admin) =>
  caller('POST', `${O}/refundLines`, { uuid: randomUUID(), orderNo, lines: lines.map(([detId, quantity]) => ({ detId, quantity })), ...extra });

/** 门店销售, 导购销售, 订单销售汇总 (and its cash), 时段销售 and the 工作台 for today at the shop. */
async function figures() {
  const today = (await sql<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;
  const P = { startDate: today, endDate: today, shopId };
  const shopRow = ((await admin('POST', `${S}/po-shop-sale/list`, P)).json.data.records as Json[]).find((x) => x.shopId === shopId)!;
  const sellers = (await admin('POST', `${S}/statistics/salesman/list`, P)).json.data.records as Json[];
  const summary = (await admin('POST', `${S}/po-order-sales/order/sales`, P)).json.data;
  const hours = (await admin('POST', `${S}/po-sell-store-hour/findPage`, { ...P, pageNum: 1, pageSize: 100 })).json.data;
  const dash = (await admin('GET', `${S}/statistics/dashboard`)).json.data;
  const payFen = (t: number) => toFen(summary.payments.find((x: Json) => x.payType === t)?.amount ?? 0);
  // 绩效目标's reach this month (read from the orders, refunds on their day).
  const reach = await admin('GET', `wxy-shop-server/shop-performance-target/reach/info?shopId=${shopId}&targetMoonTime=${today.slice(0, 7)}`);
  expect(reach.status, reach.body).toBe(200);
  return {
    shop: toFen(shopRow.saleAmount), items: shopRow.itemCount, orders: shopRow.orderCount,
    sellers: sellers.reduce((x, r) => x + toFen(r.saleAmount), 0),
    summary: toFen(summary.saleAmount), cash: payFen(1), balance: payFen(5),
    hours: (hours.hours as Json[]).reduce((x, h) => x + toFen(h.saleAmount), 0),
    dashboard: toFen(dash.todaySales.saleAmount), dashOrders: dash.todaySales.orderCount,
    reach: toFen(reach.json.data.actualAmount), reachRefund: toFen(reach.json.data.refundAmount),
  };
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await sql<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))[0];
  whId = wh.wh_id;
  shopId = wh.shop_id;
  a = await sql(
    `SELECT s.sku_id AS "skuId", s.sku_name AS "skuName", s.retail_price::float8 AS price
       FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 25 AND s.status = 1 AND s.retail_price BETWEEN 3 AND 200
        AND NOT EXISTS (SELECT 1 FROM po_promotion_det d WHERE d.sku_id = s.sku_id) AND NOT EXISTS (SELECT 1 FROM po_promotion p WHERE p.gift_sku_id = s.sku_id)
      ORDER BY s.retail_price, s.sku_id LIMIT 2`,
    [whId],
  );
  expect(a).toHaveLength(2);
  memberId = (await sql<{ member_id: number }>(`SELECT member_id FROM mb_base_info WHERE phone_number = '13800000011'`))[0].member_id;
  await sql(`UPDATE mb_base_info SET balance = balance + 500, points = points + 100000 WHERE member_id = $1`, [memberId]);
}, 180_000);
afterAll(async () => s?.stop());

describe('部分退款', () => {
  it('2 of 5 items back moves the money, the stock, the points, the balance and every sales figure by exactly that', async () => {
    const balanceFen = 1000;
    const order = await sell([[a[0], 5], [a[1], 1]], balanceFen);
    const payFen = toFen(order.payAmount);
    expect(order.pointsEarned).toBeGreaterThan(0);
    const line = order.detList[0];
    const [stock0, m0, f0] = [await onHand(a[0].skuId), await member(), await figures()];
    // No promotion or coupon: the line's share is its amount, 2 of 5 units are 2 × the price.
    const backFen = 2 * toFen(a[0].price);
    const balanceBack = Math.floor((balanceFen * backFen) / payFen);
    const points = Math.floor((order.pointsEarned * backFen) / payFen);

    const quote = await refund(order.orderNo, [[line.detId, 2]], { preview: true });
    expect(quote.status, quote.body).toBe(200);
    expect(quote.json.data).toMatchObject({ refundAmount: backFen / 100, points, lines: [{ detId: line.detId, quantity: 2, amount: backFen / 100 }] });
    expect(await onHand(a[0].skuId)).toBe(stock0);

    const r = await refund(order.orderNo, [[line.detId, 2]], { reason: '顾客退两件' });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toMatchObject({ orderNo: order.orderNo, refundAmount: backFen / 100, refundQuantity: 2, orderStatusName: '部分退款', orderRefundAmount: backFen / 100, reason: '顾客退两件' });
    expect(r.json.data.payList.map((p: Json) => [p.payType, toFen(p.amount)]).sort()).toEqual([[1, -(backFen - balanceBack)], [5, -balanceBack]]);
    expect(await onHand(a[0].skuId)).toBe(stock0 + 2);
    expect(await member()).toEqual({ points: m0.points - points, balanceFen: m0.balanceFen + balanceBack });
    const f1 = await figures();
    expect(f1).toEqual({
      ...f0, shop: f0.shop - backFen, items: f0.items - 2, sellers: f0.sellers - backFen, summary: f0.summary - backFen,
      cash: f0.cash - (backFen - balanceBack), balance: f0.balance - balanceBack, hours: f0.hours - backFen, dashboard: f0.dashboard - backFen,
      reach: f0.reach - backFen, reachRefund: f0.reachRefund + backFen,
    });
    expect(f1.orders).toBe(f0.orders);
    // The analysis reports' sale lines (铺货分析 → 销售明细): the sale's 5 and, negative, the 2 back.
    const today = (await sql<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;
    const saleRows = (await admin('POST', 'wxy-report-server/put-stock-analyse/det/sale/page/1/999999', { dateStart: today, dateEnd: today, skuId: a[0].skuId })).json.data.records as Json[];
    expect(saleRows.filter((x) => x.orderNo === order.orderNo).map((x) => [x.type, x.quantity, toFen(x.amount)]).sort()).toEqual([['退款', -2, -backFen], ['销售', 5, 5 * toFen(a[0].price)]]);
    // The detail: what came back of each line, the refund listed; the 换货 list does not show it.
    const detail = (await admin('GET', `${O}/findListDet/${order.orderId}`)).json.data;
    expect(detail.detList.map((l: Json) => l.returnedQuantity)).toEqual([2, 0]);
    expect(detail.refundList).toEqual([expect.objectContaining({ refundQuantity: 2, refundAmount: backFen / 100, reason: '顾客退两件' })]);
    expect(detail.status).toBe(4);
    // Its payments and details are no longer corrected: the refund was split over them.
    expect((await admin('POST', `${S}/order-pay/findPayInfo`, { orderId: order.orderId })).json.data).toMatchObject({ editable: false, lockReason: '订单已部分退款，不能修改支付' });
    const swaps = (await admin('POST', `${O}/findPageByExchange`, { pageNum: 1, pageSize: 20, orderNo: order.orderNo })).json.data;
    expect(swaps.total).toBe(0);
  });

  it('a second refund can never exceed what is left; unknown lines and orders not paid are refused naming the field; nothing written', async () => {
    const order = await sell([[a[0], 5]]);
    const line = order.detList[0];
    expect((await refund(order.orderNo, [[line.detId, 3]])).status).toBe(200);
    const stock = await onHand(a[0].skuId);
    const over = await refund(order.orderNo, [[line.detId, 3]]);
    expect(over.status).toBe(400);
    expect(over.json.msg).toContain('lines[0].quantity');
    expect(over.json.msg).toContain('最多还能退 2 件');
    const another = await sell([[a[1], 1]]);
    const foreign = await refund(order.orderNo, [[another.detList[0].detId, 1]]);
    expect(foreign.status).toBe(400);
    expect(foreign.json.msg).toContain('lines[0].detId');
    const gone = await sell([[a[1], 1]]);
    expect((await admin('PUT', `${S}/order-pay/refund`, { orderNo: gone.orderNo })).status).toBe(200);
    const refunded = await refund(gone.orderNo, [[gone.detList[0].detId, 1]]);
    expect(refunded.status).toBe(400);
    expect(refunded.json.msg).toContain('orderNo');
    expect(refunded.json.msg).toContain('已退款');
    expect((await refund(order.orderNo, [[line.detId, 0]])).status).toBe(400);
    // Another tenant does not see the order.
    expect((await refund(order.orderNo, [[line.detId, 1]], {}, other)).status).toBe(404);
    expect(await onHand(a[0].skuId)).toBe(stock);
    expect((await sql<{ r: string }>(`SELECT returned_quantity AS r FROM po_order_det WHERE det_id = $1`, [line.detId]))[0].r).toBe('3.000');
    // The last 2 units bring it to 已退款, the whole payable paid back.
    const rest = await refund(order.orderNo, [[line.detId, 2]]);
    expect(rest.json.data).toMatchObject({ orderStatusName: '已退款', orderRefundAmount: order.payAmount });
  });

  it('the same uuid twice (one after the other, or at once) refunds once and answers the same refund', async () => {
    const order = await sell([[a[0], 5]]);
    const stock = await onHand(a[0].skuId);
    const body = { uuid: randomUUID(), orderNo: order.orderNo, lines: [{ detId: order.detList[0].detId, quantity: 1 }] };
    const [r1, r2] = await Promise.all([admin('POST', `${O}/refundLines`, body), admin('POST', `${O}/refundLines`, body)]);
    const r3 = await admin('POST', `${O}/refundLines`, body);
    for (const r of [r1, r2, r3]) expect(r.status, r.body).toBe(200);
    expect(new Set([r1, r2, r3].map((r) => r.json.data.refundId)).size).toBe(1);
    expect(await onHand(a[0].skuId)).toBe(stock + 1);
    expect((await sql(`SELECT 1 FROM po_order_exchange WHERE order_id = $1`, [order.orderId])).length).toBe(1);
    expect(Number((await sql<{ r: string }>(`SELECT refund_amount AS r FROM po_order WHERE order_id = $1`, [order.orderId]))[0].r)).toBe(a[0].price);
    // The uuid of another request is refused, not answered.
    const clash = await admin('POST', `${O}/refundLines`, { ...body, lines: [{ detId: order.detList[0].detId, quantity: 2 }] });
    expect(clash.status).toBe(409);
  });

  it('10 registers refunding 1 unit each of a 5-unit line at once: exactly 5 succeed, the order ends 已退款 with the whole payable back', async () => {
    const order = await sell([[a[1], 5]]);
    const stock = await onHand(a[1].skuId);
    const f0 = await figures();
    const rs = await Promise.all(Array.from({ length: 10 }, () => refund(order.orderNo, [[order.detList[0].detId, 1]])));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(5);
    expect(rs.filter((r) => r.status === 400)).toHaveLength(5);
    expect(await onHand(a[1].skuId)).toBe(stock + 5);
    const o = (await sql<{ status: number; refund_amount: string; pay_amount: string }>(`SELECT status, refund_amount, pay_amount FROM po_order WHERE order_id = $1`, [order.orderId]))[0];
    expect([Number(o.status), o.refund_amount]).toEqual([2, o.pay_amount]);
    const f1 = await figures();
    expect(f1.shop).toBe(f0.shop - toFen(order.payAmount));
    expect(f1.items).toBe(f0.items - 5);
  });

  it('a whole refund after refunds of lines refunds only what is left: money, stock, points and balance add up to the sale', async () => {
    const balanceFen = 700;
    const order = await sell([[a[0], 5], [a[1], 2]], balanceFen);
    const payFen = toFen(order.payAmount);
    const [s0, s1, m0, f0] = [await onHand(a[0].skuId), await onHand(a[1].skuId), await member(), await figures()];
    const first = await refund(order.orderNo, [[order.detList[0].detId, 2]]);
    expect(first.status, first.body).toBe(200);
    const second = await refund(order.orderNo, [[order.detList[0].detId, 1], [order.detList[1].detId, 1]]);
    expect(second.status, second.body).toBe(200);
    const partFen = toFen(first.json.data.refundAmount) + toFen(second.json.data.refundAmount);
    expect(partFen).toBe(3 * toFen(a[0].price) + toFen(a[1].price));
    const whole = await admin('PUT', `${S}/order-pay/refund`, { orderNo: order.orderNo, reason: '余下全退' });
    expect(whole.status, whole.body).toBe(200);
    expect(whole.json.data).toMatchObject({ status: 2, refundAmount: order.payAmount });
    expect(whole.json.data.detList.map((l: Json) => l.returnedQuantity)).toEqual([5, 2]);
    const refunds = (await admin('GET', `${O}/findListDet/${order.orderId}`)).json.data.refundList as Json[];
    expect(refunds).toHaveLength(3);
    expect(toFen(refunds[2].refundAmount)).toBe(payFen - partFen);
    expect([await onHand(a[0].skuId), await onHand(a[1].skuId)]).toEqual([s0 + 5, s1 + 2]);
    expect(await member()).toEqual({ points: m0.points - order.pointsEarned, balanceFen: m0.balanceFen + balanceFen });
    const f1 = await figures();
    expect(f1).toEqual({
      ...f0, shop: f0.shop - payFen, items: f0.items - 7, sellers: f0.sellers - payFen, summary: f0.summary - payFen,
      cash: f0.cash - (payFen - balanceFen), balance: f0.balance - balanceFen, hours: f0.hours - payFen, dashboard: f0.dashboard - payFen,
      reach: f0.reach - payFen, reachRefund: f0.reachRefund + payFen,
    });
    // Nothing left: a second whole refund is refused, as is another refund of lines.
    expect((await admin('PUT', `${S}/order-pay/refund`, { orderNo: order.orderNo })).status).toBe(409);
    expect((await refund(order.orderNo, [[order.detList[0].detId, 1]])).status).toBe(400);
  });

  it('the cashier shift counts a refund of lines as a refund and its cash out of the drawer', async () => {
    const C = 'wxy-shop-server/shop-class-record';
    const me = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
    const opened = await admin('POST', `${C}/save`, { shopId, openingCash: 100 });
    expect(opened.status, opened.body).toBe(200);
    const shift = async () => (await admin('GET', `${C}/getByUserId/${me}/false?shopId=${shopId}`)).json.data as Json;
    const order = await sell([[a[0], 5]]);
    const before = await shift();
    expect(before).toMatchObject({ refundCount: expect.any(Number), refundAmount: expect.any(Number), expectedCash: expect.any(Number) });
    const r = await refund(order.orderNo, [[order.detList[0].detId, 2]]);
    expect(r.status, r.body).toBe(200);
    const after = await shift();
    const backFen = 2 * toFen(a[0].price);
    expect([after.refundCount, toFen(after.refundAmount), toFen(after.expectedCash)]).toEqual([before.refundCount + 1, toFen(before.refundAmount) + backFen, toFen(before.expectedCash) - backFen]);
  });

  it('a line marked 报损 is paid back but does not return to the shelf: a confirmed 报损单 of reason 破损 writes it off, voidable like any 报损单', async () => {
    const order = await sell([[a[0], 3], [a[1], 2]]);
    const [l0, l1] = order.detList;
    const [s0, s1] = [await onHand(a[0].skuId), await onHand(a[1].skuId)];
    const r = await admin('POST', `${O}/refundLines`, {
      uuid: randomUUID(), orderNo: order.orderNo, reason: '外包装破损',
      lines: [{ detId: l0.detId, quantity: 2, damaged: true }, { detId: l1.detId, quantity: 1 }],
    });
    expect(r.status, r.body).toBe(200);
    // The money is the refund's whatever became of the goods.
    expect(toFen(r.json.data.refundAmount)).toBe(2 * toFen(a[0].price) + toFen(a[1].price));
    expect(r.json.data.lines.map((l: Json) => [l.orderDetId, l.damaged])).toEqual([[l0.detId, true], [l1.detId, false]]);
    const no = r.json.data.writeOffNo as string;
    expect(no).toMatch(/^BS\d{8}-\d{4,}$/);
    // The damaged line is not sellable again; the sound one is back on the shelf.
    expect(await onHand(a[0].skuId)).toBe(s0);
    expect(await onHand(a[1].skuId)).toBe(s1 + 1);
    // The 报损单 as the warehouse sees it: confirmed, 破损, the order and refund named, the one damaged SKU.
    const list = (await admin('POST', 'wxy-warehouse-server/wh-write-off/page', { pageNum: 1, pageSize: 10, writeOffNo: no })).json.data;
    expect(list.records).toEqual([expect.objectContaining({ writeOffNo: no, whId, status: 2, reason: 1, totalQuantity: 2 })]);
    expect(list.records[0].remark).toContain(order.orderNo);
    const doc = (await admin('GET', `wxy-warehouse-server/wh-write-off/info/${list.records[0].writeOffId}`)).json.data;
    expect(doc.detList.map((d: Json) => [d.skuId, d.quantity])).toEqual([[a[0].skuId, 2]]);
    // The ledger: back in with the refund, out with the write-off — nothing moved twice.
    const moves = await sql<{ doc_type: string; qty: string }>(
      `SELECT doc_type, sum(qty) AS qty FROM stock_ledger WHERE wh_id = $1 AND sku_id = $2 AND create_time >= now() - interval '1 minute'
          AND ((doc_type = 'saleRefund' AND doc_id = $3) OR (doc_type = 'writeOff' AND doc_no = $4)) GROUP BY doc_type ORDER BY doc_type`,
      [whId, a[0].skuId, order.orderId, no],
    );
    expect(moves.map((m) => [m.doc_type, Number(m.qty)])).toEqual([['saleRefund', 2], ['writeOff', -2]]);
    // A write-off found to be wrong is voided from the 报损单 and the goods are back in stock.
    expect((await admin('PUT', `wxy-warehouse-server/wh-write-off/void/${list.records[0].writeOffId}`, {})).status).toBe(200);
    expect(await onHand(a[0].skuId)).toBe(s0 + 2);
  });

  it('after a 满减 each line pays back its share of what was paid, units rounded down, the last unit taking the remainder', async () => {
    const day = (offset: number) => `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)} 00:00:00`;
    const P = `${S}/po-promotion`;
    const saved = await admin('POST', `${P}/save`, { beginTime: day(-2), endTime: day(3), promotionName: '满1减0.37', promotionType: 3, shopIds: String(shopId), threshold1: 1, reduce1: 0.37, threshold2: 100000, reduce2: 1, detList: [] });
    expect(saved.status, saved.body).toBe(200);
    const id = saved.json.data.promotionId;
    expect((await admin('POST', `${P}/submit`, { id })).status).toBe(200);
    expect((await admin('POST', `${P}/audit`, { id })).status).toBe(200);
    try {
      // The cash sell() pays covers the gross; the 满减 leaves change.
      const order: Json | null = await sell([[a[0], 3], [a[1], 2]]);
      const payFen = toFen(order!.payAmount);
      const [g0, g1] = [3 * toFen(a[0].price), 2 * toFen(a[1].price)];
      expect(payFen).toBe(g0 + g1 - 37);
      // Line 0's share of the payable is its gross share, to the fen either way.
      const exact0 = (payFen * g0) / (g0 + g1);
      const r1 = await refund(order!.orderNo, [[order!.detList[0].detId, 1]]);
      expect(r1.status, r1.body).toBe(200);
      const one = toFen(r1.json.data.refundAmount);
      expect([Math.floor(Math.floor(exact0) / 3), Math.floor(Math.ceil(exact0) / 3)]).toContain(one);
      expect(one).toBeLessThan(toFen(a[0].price));
      const r2 = await refund(order!.orderNo, [[order!.detList[0].detId, 2]]);
      const r3 = await refund(order!.orderNo, [[order!.detList[1].detId, 2]]);
      expect(r3.json.data.orderStatusName).toBe('已退款');
      const share0 = one + toFen(r2.json.data.refundAmount);
      expect(Math.abs(share0 - exact0)).toBeLessThan(1);
      // The refunds add up to what was paid, to the fen.
      expect(share0 + toFen(r3.json.data.refundAmount)).toBe(payFen);
    } finally {
      await admin('POST', `${P}/stop`, { id });
    }
  });
});
