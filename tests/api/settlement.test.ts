import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * The cash register's settlement (wxy-order-server order/settlement): server prices, payments that add up,
 * stock out of the shop's warehouse through the ledger, exactly once per client uuid.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopRow: Json;
let whId: number;
let skus: Json[];

const O = 'wxy-order-server';

/** What the register may sell: on hand less what pre-sales hold (reserved). */
async function available(skuId: number) {
  const r = await s.db.tenant(1, (tx) => tx.query<{ a: string }>(`SELECT on_hand - reserved AS a FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]));
  return Number(r.rows[0]?.a ?? 0);
}

async function stock(skuId: number) {
  const r = await s.db.tenant(1, (tx) => tx.query<{ on_hand: string }>(`SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]));
  return Number(r.rows[0]?.on_hand ?? 0);
}

const sale = (lines: Json[], payments: Json[], extra: Json = {}) =>
  admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId: shopRow.shopId, lines, payments, ...extra });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  // A demo shop with a shop warehouse, and SKUs it holds.
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  whId = wh.wh_id;
  shopRow = (await admin('POST', 'wxy-shop-server/shop-base/list', {})).json.data.find((x: Json) => x.shopId === wh.shop_id);
  // shop01 sells only at the shops it works at: it works at this one too.
  await worksAt(s, 'shop01', wh.shop_id);
  skus = (
    await s.db.tenant(1, (tx) =>
      tx.query<Json>(
        `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.barcode, s.retail_price::float8 AS "retailPrice"
           FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
          WHERE b.wh_id = $1 AND b.on_hand >= 20 AND s.status = 1 AND s.barcode IS NOT NULL AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 3`,
        [whId],
      ),
    )
  ).rows;
}, 180_000);
afterAll(async () => s?.stop());

describe('演示订单的单号', () => {
  it('numbers every demo order by its own business day, as the register would have that day; today\'s next sale takes the next free number', async () => {
    const records = (await admin('POST', `${O}/order/findPage`, { pageNum: 1, pageSize: 500 })).json.data.records as Json[];
    const days = new Set<string>();
    for (const o of records) {
      const day = String(o.createTime).slice(0, 10);
      days.add(day);
      expect(o.orderNo, `${o.orderNo} created ${o.createTime}`).toMatch(new RegExp(`^(XS|LX)${day.replaceAll('-', '')}-\\d{4}$`));
    }
    // The demo spans earlier days, not today alone (the check above is not empty).
    expect(days.size).toBeGreaterThan(3);
    expect(new Set(records.map((o) => o.orderNo)).size).toBe(records.length);
    const today = await dbDay(s);
    const sold = (await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 1, amount: 1000 }])).json.data;
    expect(sold.orderNo).toMatch(new RegExp(`^XS${today.replaceAll('-', '')}-\\d{4}$`));
    expect(records.map((o) => o.orderNo)).not.toContain(sold.orderNo);
  });
});

describe('收银扫码', () => {
  it('finds a SKU by barcode or code with its price and the shop’s stock; an unknown code is a clear 404', async () => {
    const byBarcode = await admin('POST', `${O}/order/scanCode`, { code: skus[0].barcode, shopId: shopRow.shopId });
    expect(byBarcode.json.data).toMatchObject({ skuId: skus[0].skuId, retailPrice: skus[0].retailPrice, available: await available(skus[0].skuId) });
    expect((await admin('POST', `${O}/order/scanCode`, { code: skus[1].skuCode, shopId: shopRow.shopId })).json.data.skuId).toBe(skus[1].skuId);
    const unknown = await admin('POST', `${O}/order/scanCode`, { code: '0000000000000', shopId: shopRow.shopId });
    expect(unknown.status).toBe(404);
    expect(unknown.json.msg).toBe('未找到条码「0000000000000」对应的商品');
  });
});

describe('离线商品资料 (order/catalogue/{shopId})', () => {
  it('gives the register every on-sale SKU the shop warehouse holds, priced and with what is available; shop01 and another tenant are refused', async () => {
    const r = await admin('GET', `${O}/order/catalogue/${shopRow.shopId}`);
    expect(r.status).toBe(200);
    const cat = r.json.data;
    expect(cat.shopName).toBe(shopRow.shopName);
    const held = (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id WHERE b.wh_id = $1 AND s.status = 1`, [whId]))).rows[0].n;
    expect(cat.skus).toHaveLength(held);
    const first = cat.skus.find((k: Json) => k.skuId === skus[0].skuId);
    expect(first).toMatchObject({ barcode: skus[0].barcode, skuCode: skus[0].skuCode, retailPrice: skus[0].retailPrice, available: await available(skus[0].skuId) });
    // shop01 (门店店员) sells at the register since roles-1: registerRoles.test covers its shop scope.
    expect((await other('GET', `${O}/order/catalogue/${shopRow.shopId}`)).json.msg).toBe('门店不存在');
    expect((await admin('GET', `${O}/order/catalogue/abc`)).status).toBe(400);
  });
});

describe('结算', () => {
  it('prices on the server, gives change from cash, takes stock out once and lists the order', async () => {
    const before = await stock(skus[0].skuId);
    const uuid = randomUUID();
    const body = { uuid, shopId: shopRow.shopId, lines: [{ skuId: skus[0].skuId, quantity: 2, price: skus[0].retailPrice }, { skuId: skus[1].skuId, quantity: 1 }], payments: [{ payType: 1, amount: 100 }] };
    const total = Math.round((skus[0].retailPrice * 2 + skus[1].retailPrice) * 100) / 100;
    const r = await admin('POST', `${O}/order/settlement`, body);
    expect(r.status).toBe(200);
    const order = r.json.data;
    expect(order).toMatchObject({ shopName: shopRow.shopName, totalQuantity: 3, totalAmount: total, paidAmount: 100, isPractice: false, cashierName: '系统管理员' });
    expect(order.changeAmount).toBeCloseTo(100 - total, 2);
    expect(order.orderNo).toMatch(/^XS\d{8}-\d{4}$/);
    expect(order.detList.map((l: Json) => [l.skuId, l.quantity, l.unitPrice])).toEqual([[skus[0].skuId, 2, skus[0].retailPrice], [skus[1].skuId, 1, skus[1].retailPrice]]);
    expect(await stock(skus[0].skuId)).toBe(before - 2);
    // Sent again (a retry after a dropped answer), twice at once: the first order, stock untouched.
    const again = await Promise.all([admin('POST', `${O}/order/settlementV2`, body), admin('POST', `${O}/order/settlement`, body)]);
    for (const a of again) expect(a.json.data.orderNo).toBe(order.orderNo);
    expect(await stock(skus[0].skuId)).toBe(before - 2);
    const ledger = await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM stock_ledger WHERE doc_type = 'sale' AND doc_id = $1`, [order.orderId]));
    expect(ledger.rows[0].n).toBe(2);
    // The order list, its lines and payments, the receipt and the previous order.
    const page = await admin('POST', `${O}/order/findPage`, { pageNum: 1, pageSize: 10, orderNo: order.orderNo });
    expect(page.json.data.records[0]).toMatchObject({ orderNo: order.orderNo, shopName: shopRow.shopName });
    expect((await admin('GET', `${O}/payment-order/list-by-order/${order.orderId}`)).json.data).toEqual([expect.objectContaining({ payType: 1, amount: 100 })]);
    expect((await admin('GET', `${O}/sale/order/print/${order.orderNo}`)).json.data.detList).toHaveLength(2);
    expect((await admin('GET', `${O}/order/getOrderByBefore?shopId=${shopRow.shopId}`)).json.data.orderNo).toBe(order.orderNo);
  });

  it('refuses a price the register showed wrongly, too little money, change from a card, more than in stock; nothing written', async () => {
    const count = async () => (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM po_order`))).rows[0].n;
    const before = await count();
    const wrong = await sale([{ skuId: skus[0].skuId, quantity: 1, price: skus[0].retailPrice + 1 }], [{ payType: 1, amount: 1000 }]);
    expect(wrong.status).toBe(409);
    expect(wrong.json.msg).toContain('价格已变更');
    const short = await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 1, amount: 0.01 }]);
    expect(short.json.msg).toMatch(/^支付金额不足：应收 \d+\.\d{2}，实收 0\.01$/);
    expect((await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 3, amount: 9999 }])).json.msg).toMatch(/不能找零$/);
    const onHand = await stock(skus[2].skuId);
    const tooMany = await sale([{ skuId: skus[2].skuId, quantity: Math.min(9999, onHand + 1) }], [{ payType: 1, amount: 9999999 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.msg).toContain('库存不足');
    expect((await sale([{ skuId: skus[0].skuId, quantity: 0 }], [{ payType: 1, amount: 10 }])).status).toBe(400);
    expect((await sale([{ skuId: skus[0].skuId, quantity: 1.5 }], [{ payType: 1, amount: 10 }])).status).toBe(400);
    expect((await admin('POST', `${O}/order/settlement`, { uuid: 'not-a-uuid', shopId: shopRow.shopId, lines: [{ skuId: skus[0].skuId, quantity: 1 }], payments: [{ payType: 1, amount: 10 }] })).json.msg).toBe('订单标识必须是 UUID');
    expect(await count()).toBe(before);
    expect(await stock(skus[2].skuId)).toBe(onHand);
  });

  it('two registers selling the last units at once: exactly what is there goes out', async () => {
    const onHand = await stock(skus[2].skuId);
    const each = Math.ceil(onHand / 2) + 1;
    const results = await Promise.all([0, 1].map(() => sale([{ skuId: skus[2].skuId, quantity: each }], [{ payType: 1, amount: 9999999 }])));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stock(skus[2].skuId)).toBe(onHand - each);
  });

  it('practice sales move no stock; another tenant is refused', async () => {
    const before = await stock(skus[0].skuId);
    const practice = await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 1, amount: 1000 }], { isPractice: true });
    expect(practice.json.data.orderNo).toMatch(/^LX/);
    expect(await stock(skus[0].skuId)).toBe(before);
    // 上一单: 练习收银 shows the practice sale, 零售收银 keeps its last real one (its 退款 must not offer a practice order).
    const previous = async (q: string) => (await admin('GET', `${O}/order/getOrderByBefore?shopId=${shopRow.shopId}${q}`)).json.data;
    expect((await previous('&isPractice=true')).orderNo).toBe(practice.json.data.orderNo);
    const real = await previous('');
    expect(real.orderNo).toMatch(/^XS/);
    expect(real.isPractice).toBe(false);
    expect((await previous('&isPractice=false')).orderNo).toBe(real.orderNo);
    expect((await shop('POST', `${O}/order/findPage`, {})).status).toBe(403);
    const theirs = await other('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId: shopRow.shopId, lines: [{ skuId: skus[0].skuId, quantity: 1 }], payments: [{ payType: 1, amount: 1000 }] });
    expect(theirs.json.msg).toBe('门店不存在');
    const theirOrders = (await other('POST', `${O}/order/findPage`, { pageNum: 1, pageSize: 100 })).json.data.records as Json[];
    expect(theirOrders.filter((o) => o.shopId === shopRow.shopId)).toEqual([]);
    expect((await other('GET', `${O}/order/findListDet/${practice.json.data.orderId}`)).status).toBe(404);
  });
});

describe('收银小票 (sale/order/print/{orderNo})', () => {
  it('answers the order, or the 收银小票 template (the tenant\'s newest, else the 58 mm default) with the receipt\'s data, or its PDF', async () => {
    const sold = (await sale([{ skuId: skus[0].skuId, quantity: 2 }], [{ payType: 1, amount: 1000 }])).json.data;
    const plain = await admin('GET', `${O}/sale/order/print/${sold.orderNo}`);
    expect(plain.json.data).toMatchObject({ orderNo: sold.orderNo, totalQuantity: 2 });
    const data = await admin('GET', `${O}/sale/order/print/${sold.orderNo}?type=data`);
    expect(data.json.data).toMatchObject({
      templateName: '收银小票（默认模板）', isDefault: true,
      data: { ticketNo: sold.orderNo, shopName: shopRow.shopName, cashier: '系统管理员', totalAmount: (skus[0].retailPrice * 2).toFixed(2), paidAmount: '1000.00', payMethod: '现金 1000.00' },
    });
    expect(data.json.data.data.detList).toEqual([expect.objectContaining({ goodsName: expect.any(String), quantity: 2, price: skus[0].retailPrice.toFixed(2) })]);
    const pdf = await admin('GET', `${O}/sale/order/print/${sold.orderNo}?type=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    // A receipt template made in the designer replaces the default.
    const mine = await admin('POST', 'wxy-system-server/print-template/add', { name: '门店小票', businessType: 'cashierTicket', template: data.json.data.template });
    expect(mine.status, mine.body).toBe(200);
    expect((await admin('GET', `${O}/sale/order/print/${sold.orderNo}?type=data`)).json.data).toMatchObject({ templateName: '门店小票', isDefault: false });
    expect((await admin('GET', `${O}/sale/order/print/${sold.orderNo}?type=xls`)).status).toBe(400);
    expect((await admin('GET', `${O}/sale/order/print/XS20000101-9999?type=pdf`)).status).toBe(404);
    // 门店店员 reprints a receipt at the register (收银结算, theirs since roles-1).
    expect((await shop('GET', `${O}/sale/order/print/${sold.orderNo}?type=pdf`)).status).toBe(200);
    expect((await other('GET', `${O}/sale/order/print/${sold.orderNo}?type=pdf`)).status).toBe(404);
  });
});

describe('退款', () => {
  it('takes the whole order back once: goods return at the cost they left at, the order shows 已退款', async () => {
    const before = await stock(skus[1].skuId);
    const order = (await sale([{ skuId: skus[1].skuId, quantity: 3 }], [{ payType: 3, amount: Math.round(skus[1].retailPrice * 300) / 100 }])).json.data;
    expect(await stock(skus[1].skuId)).toBe(before - 3);
    const both = await Promise.all([0, 1].map(() => admin('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo, reason: '顾客退货' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.json.msg).toBe(`订单 ${order.orderNo} 已退款，不能重复退款`);
    const done = both.find((r) => r.status === 200)!.json.data;
    expect(done).toMatchObject({ status: 2, refundAmount: order.totalAmount, refundUserName: '系统管理员', refundReason: '顾客退货' });
    expect(await stock(skus[1].skuId)).toBe(before);
    const ledger = await s.db.tenant(1, (tx) =>
      tx.query<{ qty: string; unit_cost: string }>(`SELECT qty, unit_cost FROM stock_ledger WHERE doc_type IN ('sale', 'saleRefund') AND doc_id = $1 ORDER BY ledger_id`, [order.orderId]),
    );
    expect(ledger.rows.map((r) => Number(r.qty))).toEqual([-3, 3]);
    expect(ledger.rows[1].unit_cost).toBe(ledger.rows[0].unit_cost);
    const listed = (await admin('POST', `${O}/order/findPage`, { pageNum: 1, pageSize: 10, orderNo: order.orderNo })).json.data.records[0];
    expect(listed).toMatchObject({ status: 2, refundAmount: order.totalAmount });
  });

  it('refuses an unknown or malformed order number, shop01 and another tenant', async () => {
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: 'XS20000101-9999' })).json.msg).toBe('订单 XS20000101-9999 不存在');
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: '1; drop' })).json.msg).toBe('订单号格式不正确');
    const order = (await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 1, amount: 1000 }])).json.data;
    expect((await shop('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).status).toBe(403);
    expect((await other('PUT', `${O}/order-pay/refund`, { orderNo: order.orderNo })).status).toBe(404);
    expect((await admin('GET', `${O}/sale/order/print/${order.orderNo}`)).json.data.status).toBe(1);
  });
});

describe('离线销售的销售时间 (saleTime)', () => {
  const dayFigures = async (day: string) => s.db.tenant(1, async (tx) => {
    await tx.query('SELECT sales_summary_fold()');
    const r = await tx.query<{ orders: string; amount: string }>(
      `SELECT coalesce(sum(orders), 0) AS orders, coalesce(sum(amount), 0) AS amount FROM po_sales_day WHERE shop_id = $1 AND day = $2::date AND sign = 1`, [shopRow.shopId, day]);
    return { orders: Number(r.rows[0].orders), amount: Number(r.rows[0].amount) };
  });
  /** A moment of the business calendar as a register sends it: ISO 8601 with the zone's offset. */
  const moment = async (sql: string) => (await s.db.tenant(1, (tx) => tx.query<{ t: string; day: string }>(
    `SELECT to_char(ts, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM') AS t, to_char(ts, 'YYYY-MM-DD') AS day FROM (SELECT (${sql})::timestamptz AS ts) x`))).rows[0];

  it('a sale made offline at 23:55 and synced after midnight counts on the day it was made, numbered by that day, once', async () => {
    const at = await moment(`current_date - 1 + time '23:55'`);
    const before = await dayFigures(at.day);
    const body = { uuid: randomUUID(), shopId: shopRow.shopId, lines: [{ skuId: skus[1].skuId, quantity: 2 }], payments: [{ payType: 1, amount: 1000 }], saleTime: at.t };
    const sold = await shop('POST', `${O}/order/settlement`, body);
    expect(sold.status, sold.body).toBe(200);
    expect(sold.json.data.createTime).toBe(`${at.day} 23:55:00`);
    expect(sold.json.data.orderNo).toMatch(new RegExp(`^XS${at.day.replaceAll('-', '')}-\\d{4}$`));
    const after = await dayFigures(at.day);
    expect(after.orders).toBe(before.orders + 1);
    expect(after.amount).toBeCloseTo(before.amount + Number(sold.json.data.payAmount), 2);
    // The register sends it again (a reload in the middle): the same order, counted once.
    const again = await shop('POST', `${O}/order/settlement`, body);
    expect(again.json.data.orderNo).toBe(sold.json.data.orderNo);
    expect((await dayFigures(at.day)).orders).toBe(after.orders);
  });

  it('refuses a sale time in the future, older than the days allowed, or without its zone, naming saleTime; nothing is sold', async () => {
    const stockBefore = await stock(skus[1].skuId);
    const tries: [string, RegExp][] = [
      [(await moment(`now() + interval '1 hour'`)).t, /销售时间（saleTime）.*晚于服务器时间/],
      [(await moment(`now() - interval '8 days'`)).t, /销售时间（saleTime）.*早于 7 天前，不能补录/],
      ['2026-11-27 23:55:00', /销售时间（saleTime）须为带时区的时间/],
      ['2026-02-30T10:00:00+08:00', /销售时间（saleTime）须为带时区的时间/],
    ];
    for (const [saleTime, msg] of tries) {
      const r = await shop('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId: shopRow.shopId, lines: [{ skuId: skus[1].skuId, quantity: 1 }], payments: [{ payType: 1, amount: 1000 }], saleTime });
      expect(r.status, `${saleTime}: ${r.body}`).toBe(400);
      expect(r.json.msg, saleTime).toMatch(msg);
    }
    expect(await stock(skus[1].skuId)).toBe(stockBefore);
  });
});

describe('门店支付方式 (shop-pay-method-config)', () => {
  const P = 'wxy-shop-server/shop-pay-method-config';
  const methodsOf = async (shopId: number, who: Caller = admin) => (await who('GET', `${P}/getByShop/${shopId}?sort=sort&order=asc`)).json.data as Json[];
  const setEnabled = (configId: number, enabled: boolean) => admin('PUT', `${P}/update`, { configId, enabled });

  it('every shop has 现金, 银行卡, 微信 and 支付宝 in order (and 券, switched off), a new shop too; the cashier reads them, only head office changes them', async () => {
    const methods = await methodsOf(shopRow.shopId, shop);
    expect(methods.map((m) => [m.payType, m.enabled])).toEqual([[1, true], [2, true], [3, true], [4, true], [6, false]]);
    // head office puts 支付宝 first: the register lists it first
    expect((await admin('PUT', `${P}/update`, { configId: methods[3].configId, sort: 0 })).status).toBe(200);
    expect((await methodsOf(shopRow.shopId)).map((m) => m.payType)).toEqual([4, 1, 2, 3, 6]);
    await admin('PUT', `${P}/update`, { configId: methods[3].configId, sort: 4 });
    const added = (await admin('POST', 'wxy-shop-server/shop-base/add', { shopCode: 'PAY001', shopName: '支付方式新店', shopType: 1 })).json.data;
    expect((await methodsOf(added.shopId)).map((m) => m.payType)).toEqual([1, 2, 3, 4, 6]);
    expect((await shop('PUT', `${P}/update`, { configId: methods[2].configId, enabled: false })).status).toBe(403);
    // init only fills what is missing
    expect((await admin('POST', `${P}/init`, { shopIds: [added.shopId] })).json).toMatchObject({ code: 200, data: { created: 0 } });
    await s.db.tenant(1, (tx) => tx.query(`DELETE FROM shop_pay_method_config WHERE shop_id = $1 AND pay_type = 4`, [added.shopId]));
    expect((await admin('POST', `${P}/init`, {})).json.data.created).toBe(1);
    expect((await admin('POST', `${P}/init`, { shopIds: [99999999] })).json.msg).toBe('门店不存在');
    // another tenant sees none of them: the shop is not one of its own
    const foreign = await other('GET', `${P}/getByShop/${shopRow.shopId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json.msg).toBe('门店不存在');
    const page = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 10, shopName: '支付方式新店' })).json.data;
    expect(page.total).toBe(5);
    expect(page.records[0]).toMatchObject({ shopName: '支付方式新店', payType: 1, enabled: true });
    // a shop deleted takes its methods with it (and is a shop no more)
    expect((await admin('DELETE', `wxy-shop-server/shop-base/delete/${added.shopId}`)).status).toBe(200);
    expect((await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM shop_pay_method_config WHERE shop_id = $1`, [added.shopId]))).rows).toEqual([]);
    expect((await admin('GET', `${P}/getByShop/${added.shopId}`)).status).toBe(404);
  });

  it('settlement refuses a method the shop has switched off, names it, sells nothing; the last method cannot be switched off', async () => {
    // 券 (6) is off unless the shop enables it.
    const methods = (await methodsOf(shopRow.shopId)).filter((m) => m.payType !== 6);
    const wechat = methods.find((m) => m.payType === 3)!;
    expect((await setEnabled(wechat.configId, false)).status).toBe(200);
    try {
      const before = await stock(skus[0].skuId);
      const refused = await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 3, amount: skus[0].retailPrice }]);
      expect(refused.status).toBe(400);
      expect(refused.json.msg).toBe('本店未开通微信支付，请换一种支付方式');
      expect(await stock(skus[0].skuId)).toBe(before);
      expect((await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 4, amount: skus[0].retailPrice }])).status).toBe(200);
      // switching off the other three leaves one: the last is refused with the shop's name
      const rest = methods.filter((m) => m.payType !== 3);
      expect((await setEnabled(rest[0].configId, false)).status).toBe(200);
      expect((await setEnabled(rest[1].configId, false)).status).toBe(200);
      const last = await setEnabled(rest[2].configId, false);
      expect(last.status).toBe(400);
      expect(last.json.msg).toBe(`${shopRow.shopName}至少要保留一种可用的支付方式`);
      for (const m of rest.slice(0, 2)) await setEnabled(m.configId, true);
    } finally {
      await setEnabled(wechat.configId, true);
    }
    expect((await methodsOf(shopRow.shopId)).filter((m) => m.payType !== 6).every((m) => m.enabled)).toBe(true);
  });
});

describe('会员 at the register (mb-base-info, points through the ledger)', () => {
  const M = 'wxy-member-server';
  const memberRow = async (memberId: number) =>
    (await s.db.tenant(1, (tx) => tx.query<{ points: number; order_count: number; total_amount: string }>(`SELECT points, order_count, total_amount FROM mb_base_info WHERE member_id = $1`, [memberId]))).rows[0];
  const ledger = async (memberId: number) =>
    (await s.db.tenant(1, (tx) => tx.query<{ points: number; points_after: number; ref_type: string }>(`SELECT points, points_after, ref_type FROM mb_points_ledger WHERE member_id = $1 ORDER BY ledger_id`, [memberId]))).rows;

  it('the cashier finds a member by phone, or registers one on the spot; phones are unique, practice members apart', async () => {
    expect((await admin('GET', `${M}/mb-base-info/info/13800000005/0`)).json.data).toMatchObject({ phoneNumber: '13800000005', points: expect.any(Number) });
    // the lookup is the register's (收银结算), which shop01 (门店店员) has since roles-1
    expect((await shop('GET', `${M}/mb-base-info/info/13800000005/0`)).status).toBe(200);
    const none = await admin('GET', `${M}/mb-base-info/info/13912345678/0`);
    expect(none.json).toMatchObject({ code: 200, data: null, msg: '未找到该手机号的会员' });
    expect((await admin('GET', `${M}/mb-base-info/info/12345/0`)).json.msg).toBe('手机号码格式不正确');
    const added = await shop('POST', `${M}/mb-base-info/add`, { phoneNumber: '13912345678', memberName: '钱多多', sex: 2, shopId: shopRow.shopId });
    expect(added.status).toBe(200);
    expect(added.json.data).toMatchObject({ phoneNumber: '13912345678', memberName: '钱多多', points: 0, shopName: shopRow.shopName, memberLevel: 1 });
    const twice = await shop('POST', `${M}/mb-base-info/add`, { phoneNumber: '13912345678', memberName: '又一个' });
    expect(twice.status).toBe(409);
    expect(twice.json.msg).toMatch(/手机号码/);
    // any number the shared phone rule takes (second digit 2-9) is a member's number, never a 500
    expect((await shop('POST', `${M}/mb-base-info/add`, { phoneNumber: '12912345678', memberName: '二字头' })).status).toBe(200);
    expect((await admin('GET', `${M}/mb-base-info/info/12912345678/0`)).json.data.memberName).toBe('二字头');
    // the same phone may be a practice member (练习收银), found only as one
    expect((await shop('POST', `${M}/mb-base-info/add`, { phoneNumber: '13912345678', isPractice: true })).status).toBe(200);
    expect((await admin('GET', `${M}/mb-base-info/info/13912345678/1`)).json.data.memberId).not.toBe(added.json.data.memberId);
    // another tenant has no such member; shop staff may not edit members
    expect((await other('GET', `${M}/mb-base-info/info/13912345678/0`)).json.data).toBeNull();
    expect((await shop('PUT', `${M}/mb-base-info/edit/detail`, { memberId: added.json.data.memberId, memberName: '改名' })).status).toBe(403);
    expect((await admin('GET', `${M}/mb-consume-rule/info`)).json.data).toEqual({ pointsPerYuan: 1 });
  });

  it('a sale for a member earns whole-yuan points once (a retried settlement adds nothing); a refund takes them back once', async () => {
    const member = (await admin('GET', `${M}/mb-base-info/info/13800000007/0`)).json.data;
    const before = await memberRow(member.memberId);
    const uuid = randomUUID();
    const body = { uuid, shopId: shopRow.shopId, memberId: member.memberId, lines: [{ skuId: skus[0].skuId, quantity: 3 }, { skuId: skus[1].skuId, quantity: 1 }], payments: [{ payType: 1, amount: 1000 }] };
    const first = await admin('POST', `${O}/order/settlement`, body);
    expect(first.status).toBe(200);
    const total = first.json.data.payAmount as number;
    expect(first.json.data).toMatchObject({ memberId: member.memberId, memberPhone: '13800000007', memberName: member.memberName, pointsEarned: Math.floor(total) });
    expect((await admin('POST', `${O}/order/settlement`, body)).json.data.orderNo).toBe(first.json.data.orderNo);
    const after = await memberRow(member.memberId);
    expect(after.points).toBe(before.points + Math.floor(total));
    expect(after.order_count).toBe(before.order_count + 1);
    expect(Number(after.total_amount)).toBeCloseTo(Number(before.total_amount) + total, 2);
    expect((await ledger(member.memberId)).at(-1)).toMatchObject({ points: Math.floor(total), points_after: after.points, ref_type: 'sale' });
    // the member's orders, and the order list names the member
    const theirs = (await admin('GET', `${O}/order/findListByMember/${member.memberId}`)).json.data as Json[];
    expect(theirs[0]).toMatchObject({ orderNo: first.json.data.orderNo, pointsEarned: Math.floor(total) });
    const listed = (await admin('POST', `${O}/order/findPage`, { pageNum: 1, pageSize: 5, memberPhone: '13800000007' })).json.data.records as Json[];
    expect(listed[0]).toMatchObject({ orderNo: first.json.data.orderNo, memberName: member.memberName, memberPhone: '13800000007' });

    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: first.json.data.orderNo })).status).toBe(200);
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: first.json.data.orderNo })).status).toBe(409);
    const refunded = await memberRow(member.memberId);
    expect(refunded.points).toBe(before.points);
    expect(refunded.order_count).toBe(before.order_count);
    expect((await ledger(member.memberId)).at(-1)).toMatchObject({ points: -Math.floor(total), points_after: before.points, ref_type: 'saleRefund' });
  });

  it('refuses a member of the other kind (practice sale, real member) or an unknown one, selling nothing', async () => {
    const member = (await admin('GET', `${M}/mb-base-info/info/13800000008/0`)).json.data;
    const practice = await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 1, amount: 100 }], { isPractice: true, memberId: member.memberId });
    expect(practice.json).toMatchObject({ code: 400, msg: '会员不存在' });
    expect((await sale([{ skuId: skus[0].skuId, quantity: 1 }], [{ payType: 1, amount: 100 }], { memberId: 99999999 })).json.msg).toBe('会员不存在');
    expect((await memberRow(member.memberId)).order_count).toBe(0);
  });
});

describe('挂单 / 取单 (order temp/save, temp/list, getPdInfo, takeOrderDet, deleteById)', () => {
  const park = (body: Json) => admin('POST', `${O}/order/temp/save`, { shopId: shopRow.shopId, ...body });

  it('parks a cart with its member, lists it, and gives it back once with today\'s prices; a second take is refused', async () => {
    const member = (await admin('GET', `wxy-member-server/mb-base-info/info/13800000009/0`)).json.data;
    const parked = await park({ memberId: member.memberId, lines: [{ skuId: skus[0].skuId, quantity: 2 }, { skuId: skus[1].skuId, quantity: 1 }, { skuId: skus[0].skuId, quantity: 1 }] });
    expect(parked.json).toMatchObject({ code: 200, msg: '已挂单' });
    const id = parked.json.data.id;
    const list = (await admin('GET', `${O}/order/temp/list?shopId=${shopRow.shopId}`)).json.data as Json[];
    expect(list[0]).toMatchObject({ id, totalQuantity: 4, memberPhone: '13800000009', totalAmount: Math.round((skus[0].retailPrice * 3 + skus[1].retailPrice) * 100) / 100 });
    expect((await admin('GET', `${O}/order/temp/list?shopId=${shopRow.shopId}&isPractice=true`)).json.data).toEqual([]);
    expect((await admin('GET', `${O}/order/getPdInfo/${id}`)).json.data.detList).toHaveLength(2);
    // the price changes while the sale is parked: it comes back at today's price
    await s.db.tenant(1, (tx) => tx.query(`UPDATE pd_sku SET retail_price = retail_price + 1 WHERE sku_id = $1`, [skus[1].skuId]));
    try {
      const taken = (await admin('GET', `${O}/order/takeOrderDet/${id}`)).json.data;
      expect(taken.member).toMatchObject({ memberId: member.memberId });
      expect(taken.detList.find((l: Json) => l.skuId === skus[0].skuId)).toMatchObject({ quantity: 3, retailPrice: skus[0].retailPrice, available: await available(skus[0].skuId) });
      expect(taken.detList.find((l: Json) => l.skuId === skus[1].skuId).retailPrice).toBeCloseTo(skus[1].retailPrice + 1, 2);
    } finally {
      await s.db.tenant(1, (tx) => tx.query(`UPDATE pd_sku SET retail_price = retail_price - 1 WHERE sku_id = $1`, [skus[1].skuId]));
    }
    const again = await admin('GET', `${O}/order/takeOrderDet/${id}`);
    expect(again.status).toBe(404);
    expect(again.json.msg).toBe('挂单不存在或已被取走');
  });

  it('two registers taking the same parked sale at once: one gets it', async () => {
    const id = (await park({ lines: [{ skuId: skus[2].skuId, quantity: 1 }] })).json.data.id;
    const both = await Promise.all([admin('GET', `${O}/order/takeOrderDet/${id}`), admin('GET', `${O}/order/takeOrderDet/${id}`)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it('deletes a parked sale once, keeps at most 20 per shop, refuses bad input, shop01 and other tenants', async () => {
    const id = (await park({ lines: [{ skuId: skus[0].skuId, quantity: 1 }] })).json.data.id;
    expect((await admin('DELETE', `${O}/order/deleteById/${id}`)).status).toBe(200);
    expect((await admin('DELETE', `${O}/order/deleteById/${id}`)).status).toBe(404);
    expect((await park({ lines: [] })).json.msg).toBe('商品不能为空');
    expect((await park({ lines: [{ skuId: 99999999, quantity: 1 }] })).json.msg).toBe('商品不存在');
    const mine = (await park({ lines: [{ skuId: skus[0].skuId, quantity: 1 }] })).json.data.id;
    expect((await other('GET', `${O}/order/takeOrderDet/${mine}`)).status).toBe(404);
    const existing = ((await admin('GET', `${O}/order/temp/list?shopId=${shopRow.shopId}`)).json.data as Json[]).length;
    for (let i = existing; i < 20; i++) expect((await park({ lines: [{ skuId: skus[0].skuId, quantity: 1 }] })).status).toBe(200);
    expect((await park({ lines: [{ skuId: skus[0].skuId, quantity: 1 }] })).json.msg).toBe('本店已有 20 笔挂单，请先取单或删除后再挂单');
    for (const t of (await admin('GET', `${O}/order/temp/list?shopId=${shopRow.shopId}`)).json.data as Json[]) await admin('DELETE', `${O}/order/deleteById/${t.id}`);
  });

  const parkedRows = async () => (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM po_order_temp`))).rows[0].n;

  it('keeps each line\'s 单品折扣: taken back, the cart is priced as it was before it was parked', async () => {
    const [a, b] = skus;
    const lines = [{ skuId: a.skuId, quantity: 2, discountRate: 8.5 }, { skuId: b.skuId, quantity: 1 }, { skuId: a.skuId, quantity: 1, discountRate: 8.5 }];
    const before = (await admin('POST', `${O}/order/price`, { shopId: shopRow.shopId, lines })).json.data;
    const id = (await park({ lines })).json.data.id;
    const row = ((await admin('GET', `${O}/order/temp/list?shopId=${shopRow.shopId}`)).json.data as Json[]).find((t) => t.id === id)!;
    // 金额 in the list is the cart at retail prices (as the register's 原价), marked as holding a discount.
    expect(row).toMatchObject({ totalQuantity: 4, discounted: true, totalAmount: Math.round((a.retailPrice * 3 + b.retailPrice) * 100) / 100 });
    const expected = [{ skuId: a.skuId, quantity: 3, discountRate: 8.5 }, { skuId: b.skuId, quantity: 1, discountRate: null }];
    expect((await admin('GET', `${O}/order/getPdInfo/${id}`)).json.data.detList).toMatchObject(expected);
    const taken = (await admin('GET', `${O}/order/takeOrderDet/${id}`)).json.data;
    expect(taken.detList).toMatchObject(expected);
    // The register sends the taken lines back as its cart: the same price, the discount named on its line.
    const after = (await admin('POST', `${O}/order/price`, { shopId: shopRow.shopId, lines: taken.detList.map((l: Json) => ({ skuId: l.skuId, quantity: l.quantity, discountRate: l.discountRate })) })).json.data;
    expect(after.payableAmount).toBe(before.payableAmount);
    expect(after.lines.find((l: Json) => l.skuId === a.skuId)).toMatchObject({ promotionName: '收银折扣 8.5折', discountRate: 8.5 });
    // A sale parked without a discount is not marked.
    const plain = (await park({ lines: [{ skuId: b.skuId, quantity: 1 }] })).json.data.id;
    expect(((await admin('GET', `${O}/order/temp/list?shopId=${shopRow.shopId}`)).json.data as Json[]).find((t) => t.id === plain)!.discounted).toBe(false);
    await admin('DELETE', `${O}/order/deleteById/${plain}`);
  });

  it('refuses a discount as settlement does: a bad rate or two for one SKU (400), a cashier without 单品折扣 (403); nothing parked', async () => {
    const before = await parkedRows();
    for (const rate of [0, 10, 9.55, 12]) {
      const bad = await park({ lines: [{ skuId: skus[0].skuId, quantity: 1 }, { skuId: skus[1].skuId, quantity: 1, discountRate: rate }] });
      expect(bad.status, String(rate)).toBe(400);
      expect(bad.json.msg).toMatch(/^第2行 .+：折扣必须大于0且小于10，最多1位小数/);
    }
    expect((await park({ lines: [{ skuId: skus[0].skuId, quantity: 1, discountRate: 9 }, { skuId: skus[0].skuId, quantity: 1 }] })).json.msg).toMatch(/^第2行 .+：同一商品的折扣不一致/);
    expect((await park({ lines: [{ skuId: skus[0].skuId, quantity: 1, discountRate: 'x' }] })).status).toBe(400);
    // shop01 may sell (the demo grants 收银结算 to 门店店员) but has no 单品折扣: a discounted line is refused, a plain cart parks.
    const refused = await shop('POST', `${O}/order/temp/save`, { shopId: shopRow.shopId, lines: [{ skuId: skus[0].skuId, quantity: 1 }, { skuId: skus[1].skuId, quantity: 1, discountRate: 9 }] });
    expect(refused.status).toBe(403);
    expect(refused.json.msg).toContain('没有单品折扣权限');
    expect(await parkedRows()).toBe(before);
    const plain = await shop('POST', `${O}/order/temp/save`, { shopId: shopRow.shopId, lines: [{ skuId: skus[0].skuId, quantity: 1, discountRate: null }] });
    expect(plain.status).toBe(200);
    await shop('DELETE', `${O}/order/deleteById/${plain.json.data.id}`);
    expect(await parkedRows()).toBe(before);
  });
});
