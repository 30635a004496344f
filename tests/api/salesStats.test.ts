import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, headerOf, type Caller, type Json } from './resourceCalls.ts';

/**
 * 数据统计 (wxy-order-server po-shop-sale, po-sell-store-hour, po-order-sales, statistics) and the 工作台: every
 * figure is recomputed here by plain SQL over po_order (practice left out, refunds subtracted on their day), shop
 * staff see only their shops and no cost or margin, another tenant sees nothing, bad periods are 400s by name.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let staffShop: number;
let otherShop: number;
let staffId: number;
let skus: { skuId: number; retailPrice: number }[];
let otherSkus: { skuId: number; retailPrice: number }[];
const O = 'wxy-order-server';
const D1 = '2025-06-10';
const D2 = '2025-06-11';
const P = { startDate: D1, endDate: D2 };
const orders: Record<string, { orderNo: string; orderId: number; amount: number }> = {};

async function q<T = Json>(sql: string, params: unknown[] = [], tenant = 1): Promise<T[]> {
  return (await s.db.tenant(tenant, (tx) => tx.query(sql, params))).rows as T[];
}

async function saleOn(day: string, shopId: number, list: typeof skus, idx: number, qty: number, opts: { practice?: boolean; cashier?: number; hour?: number } = {}) {
  const r = await admin('POST', `${O}/order/settlement`, {
    uuid: randomUUID(), shopId, isPractice: opts.practice ?? false, lines: [{ skuId: list[idx].skuId, quantity: qty }, { skuId: list[idx + 1].skuId, quantity: 1 }],
    payments: [{ payType: 3, amount: Math.round((list[idx].retailPrice * qty + list[idx + 1].retailPrice) * 100) / 100 }],
  });
  expect(r.status, r.body).toBe(200);
  await q(`UPDATE po_order SET create_time = $2::date + make_interval(hours => $4::int), cashier_user_id = coalesce($3, cashier_user_id) WHERE order_no = $1`, [r.json.data.orderNo, day, opts.cashier ?? null, opts.hour ?? 10]);
  return { orderNo: r.json.data.orderNo as string, orderId: r.json.data.orderId as number, amount: r.json.data.payAmount as number };
}

/**
 * The plain-SQL truth of a period: per shop net sales (fen), net orders, net items, net cost (fen). An exchange (换货)
 * counts on its day as a sale of its replacements less its returned lines, no order.
 */
async function truth(from: string, to: string, tenant = 1) {
  const orders = await q<{ shop_id: number; sale: number; orders: number; items: number; cost: number }>(
    `WITH m AS (
       SELECT order_id, shop_id, 1 AS sg, pay_amount AS amt FROM po_order WHERE NOT is_practice AND status IN (1, 2) AND create_time::date BETWEEN $1 AND $2
       UNION ALL SELECT order_id, shop_id, -1, refund_amount FROM po_order WHERE NOT is_practice AND refund_time IS NOT NULL AND refund_time::date BETWEEN $1 AND $2)
     SELECT m.shop_id, round(sum(m.sg * m.amt) * 100)::float8 AS sale, sum(m.sg)::int AS orders,
            coalesce((SELECT sum(m2.sg * d.quantity) FROM m m2 JOIN po_order_det d ON d.order_id = m2.order_id WHERE m2.shop_id = m.shop_id), 0)::float8 AS items,
            round(coalesce((SELECT sum(m2.sg * d.quantity * d.unit_cost) FROM m m2 JOIN po_order_det d ON d.order_id = m2.order_id WHERE m2.shop_id = m.shop_id), 0) * 100)::float8 AS cost
       FROM m GROUP BY m.shop_id`,
    [from, to],
    tenant,
  );
  const exchanges = await q<{ shop_id: number; sale: number; items: number; cost: number }>(
    `SELECT e.shop_id, round(sum(e.give_amount - e.return_amount) * 100)::float8 AS sale,
            coalesce(sum((SELECT sum(CASE WHEN x.direction = 2 THEN x.quantity ELSE -x.quantity END) FROM po_order_exchange_det x WHERE x.exchange_id = e.exchange_id)), 0)::float8 AS items,
            round(coalesce(sum((SELECT sum(CASE WHEN x.direction = 2 THEN 1 ELSE -1 END * x.quantity * x.unit_cost) FROM po_order_exchange_det x WHERE x.exchange_id = e.exchange_id)), 0) * 100)::float8 AS cost
       FROM po_order_exchange e WHERE e.create_time::date BETWEEN $1 AND $2 GROUP BY e.shop_id`,
    [from, to],
    tenant,
  );
  for (const x of exchanges) {
    const o = orders.find((y) => y.shop_id === x.shop_id);
    if (o) Object.assign(o, { sale: o.sale + x.sale, items: o.items + x.items, cost: o.cost + x.cost });
    else orders.push({ ...x, orders: 0 });
  }
  return orders;
}

const today = async () => (await q<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  staffId = (await q<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'shop01'`))[0].id;
  const mine = await q<{ shop_id: number }>(`SELECT shop_id FROM sys_user_shop WHERE user_id = $1`, [staffId]);
  expect(mine.length, 'the demo gives shop01 a shop').toBe(1);
  staffShop = mine[0].shop_id;
  const whs = await q<{ wh_id: number; shop_id: number }>(`SELECT DISTINCT ON (shop_id) wh_id, shop_id FROM wh_base_info WHERE status = 1 AND shop_id IS NOT NULL ORDER BY shop_id, wh_id`);
  otherShop = whs.find((w) => w.shop_id !== staffShop)!.shop_id;
  const stockOf = (shopId: number) => q<{ skuId: number; retailPrice: number }>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 30 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 4`, [whs.find((w) => w.shop_id === shopId)!.wh_id]);
  skus = await stockOf(staffShop);
  otherSkus = await stockOf(otherShop);
  // D1: two sales at shop01's shop (one by shop01), one at another shop, a practice sale; one of D1's refunded on D2.
  orders.a = await saleOn(D1, staffShop, skus, 0, 2, { hour: 9 });
  orders.b = await saleOn(D1, staffShop, skus, 1, 1, { cashier: staffId, hour: 15 });
  orders.c = await saleOn(D1, otherShop, otherSkus, 0, 3, { hour: 15 });
  orders.p = await saleOn(D1, staffShop, skus, 2, 4, { practice: true });
  const refund = await admin('PUT', `${O}/order-pay/refund`, { orderNo: orders.a.orderNo, reason: '测试退款' });
  expect(refund.status, refund.body).toBe(200);
  await q(`UPDATE po_order SET refund_time = $2::date + time '18:30' WHERE order_no = $1`, [orders.a.orderNo, D2]);
}, 400_000);

afterAll(async () => {
  await s?.stop();
});

describe('po-shop-sale', () => {
  it('list: per shop net sales, orders, items, average ticket and margin equal plain SQL', async () => {
    const r = await admin('POST', `${O}/po-shop-sale/list`, P);
    expect(r.status, r.body).toBe(200);
    const t = await truth(D1, D2);
    for (const x of t) {
      const rec = r.json.data.records.find((y: Json) => y.shopId === x.shop_id);
      expect(rec, `shop ${x.shop_id}`).toBeTruthy();
      expect(Math.round(rec.saleAmount * 100)).toBe(x.sale);
      expect(rec.orderCount).toBe(x.orders);
      expect(rec.itemCount).toBe(x.items);
      expect(Math.round(rec.costAmount * 100)).toBe(x.cost);
      expect(Math.round(rec.grossProfit * 100)).toBe(x.sale - x.cost);
      if (x.orders) expect(rec.avgPrice).toBe(Math.round(x.sale / x.orders) / 100);
    }
    // The test's own sales: shop01's shop sold a + b on D1 and gave a back on D2; practice left out.
    const mine = r.json.data.records.find((y: Json) => y.shopId === staffShop);
    expect(mine.saleAmount).toBe(orders.b.amount);
    expect(mine.soldAmount).toBe(Math.round((orders.a.amount + orders.b.amount) * 100) / 100);
    expect(mine.refundAmount).toBe(orders.a.amount);
    expect(mine.orderCount).toBe(1);
    const sum = t.reduce((a, x) => a + x.sale, 0);
    expect(Math.round(r.json.data.summary.saleAmount * 100)).toBe(sum);
    // Only D1: the refund falls outside, so a counts.
    const d1 = await admin('POST', `${O}/po-shop-sale/list`, { startDate: D1, endDate: D1 });
    expect(d1.json.data.records.find((y: Json) => y.shopId === staffShop).saleAmount).toBe(Math.round((orders.a.amount + orders.b.amount) * 100) / 100);
  });

  it('list defaults to today and matches SQL over the demo sales', async () => {
    const d = await today();
    const r = await admin('POST', `${O}/po-shop-sale/list`, {});
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.startDate).toBe(d);
    const t = await truth(d, d);
    expect(t.length, 'the demo sold today').toBeGreaterThan(0);
    for (const x of t) expect(Math.round(r.json.data.records.find((y: Json) => y.shopId === x.shop_id).saleAmount * 100)).toBe(x.sale);
  });

  it('order/list pages the real orders sold in the period', async () => {
    const r = await admin('POST', `${O}/po-shop-sale/order/list`, { ...P, pageNum: 1, pageSize: 2 });
    expect(r.status, r.body).toBe(200);
    const n = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM po_order WHERE NOT is_practice AND status IN (1, 2) AND create_time::date BETWEEN $1 AND $2`, [D1, D2]))[0].n;
    expect(r.json.data.total).toBe(n);
    expect(r.json.data.records.length).toBe(Math.min(2, n));
    const all = await admin('POST', `${O}/po-shop-sale/order/list`, { ...P, pageNum: 1, pageSize: 100 });
    const nos = all.json.data.records.map((x: Json) => x.orderNo);
    expect(nos).toContain(orders.a.orderNo);
    expect(nos).not.toContain(orders.p.orderNo);
    expect(all.json.data.records.find((x: Json) => x.orderNo === orders.a.orderNo)).toMatchObject({ status: 2, statusName: '已退款', refundAmount: orders.a.amount });
  });

  it('pd/compose: net quantity and amount per SKU equal SQL', async () => {
    const r = await admin('POST', `${O}/po-shop-sale/pd/compose`, { ...P, shopId: staffShop });
    expect(r.status, r.body).toBe(200);
    const t = await q<{ sku_id: number; qty: number; amt: number }>(
      `WITH m AS (SELECT order_id, 1 AS sg FROM po_order WHERE shop_id = $3 AND NOT is_practice AND status IN (1, 2) AND create_time::date BETWEEN $1 AND $2
                  UNION ALL SELECT order_id, -1 FROM po_order WHERE shop_id = $3 AND NOT is_practice AND refund_time::date BETWEEN $1 AND $2)
       SELECT d.sku_id, sum(m.sg * d.quantity)::float8 AS qty, round(sum(m.sg * d.amount) * 100)::float8 AS amt FROM m JOIN po_order_det d ON d.order_id = m.order_id GROUP BY 1`,
      [D1, D2, staffShop],
    );
    for (const x of t.filter((y) => y.qty !== 0 || y.amt !== 0)) {
      const rec = r.json.data.records.find((y: Json) => y.skuId === x.sku_id);
      expect(rec.quantity).toBe(x.qty);
      expect(Math.round(rec.saleAmount * 100)).toBe(x.amt);
    }
    const shares = r.json.data.records.reduce((a: number, x: Json) => a + (x.share ?? 0), 0);
    expect(Math.abs(shares - 100)).toBeLessThan(0.1);
  });

  it('sales/det: one order\'s lines and payments; cost only for those who may see it', async () => {
    const r = await admin('GET', `${O}/po-shop-sale/sales/det/${orders.b.orderId}`);
    expect(r.status, r.body).toBe(200);
    const lines = await q<{ n: number }>(`SELECT count(*)::int AS n FROM po_order_det WHERE order_id = $1`, [orders.b.orderId]);
    expect(r.json.data.lines.length).toBe(lines[0].n);
    expect(r.json.data.lines[0]).toHaveProperty('costAmount');
    expect(r.json.data.payments[0]).toMatchObject({ payType: 3, payTypeName: '微信', amount: orders.b.amount });
    const mine = await shop('GET', `${O}/po-shop-sale/sales/det/${orders.b.orderId}`);
    expect(mine.status, mine.body).toBe(200);
    expect(mine.json.data.lines[0]).not.toHaveProperty('costAmount');
    expect(mine.json.data.lines[0]).not.toHaveProperty('grossMargin');
    // Another shop's order is not shop01's to read, another tenant's nobody's.
    expect((await shop('GET', `${O}/po-shop-sale/sales/det/${orders.c.orderId}`)).status).toBe(404);
    expect((await other('GET', `${O}/po-shop-sale/sales/det/${orders.c.orderId}`)).status).toBe(404);
  });

  it('export: xlsx of the list, cost and margin columns only for those who may see them; CSV on request', async () => {
    const x = await admin('POST', `${O}/po-shop-sale/export`, P);
    expect(x.status, x.body).toBe(200);
    expect(String(x.raw.length)).not.toBe('0');
    const head = await headerOf(x.raw);
    expect(head).toEqual(expect.arrayContaining(['门店', '销售额（元）', '客单数', '毛利率（%）', '成本（元）']));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.raw as never);
    expect(wb.worksheets[0].rowCount - 1).toBe((await admin('POST', `${O}/po-shop-sale/list`, P)).json.data.records.length);
    const mine = await shop('POST', `${O}/po-shop-sale/export`, P);
    expect(mine.status, mine.body).toBe(200);
    const mh = await headerOf(mine.raw);
    expect(mh).toContain('销售额（元）');
    expect(mh).not.toContain('毛利率（%）');
    expect(mh).not.toContain('成本（元）');
    expect(mh).not.toContain('毛利（元）');
    const csv = await admin('POST', `${O}/po-shop-sale/export`, { ...P, type: 'order', format: 'csv' });
    expect(csv.status, csv.body).toBe(200);
    expect(csv.body.startsWith('\uFEFF订单号,')).toBe(true);
    expect(csv.body).toContain(orders.b.orderNo);
    const empty = await admin('POST', `${O}/po-shop-sale/export`, { startDate: '2020-01-01', endDate: '2020-01-02', type: 'order' });
    expect(empty.status).toBe(400);
    expect(empty.json.msg).toBe('暂无数据');
  });
});

describe('scope, field permissions and tenants', () => {
  it('shop staff see only their shops and no cost, profit or margin', async () => {
    const r = await shop('POST', `${O}/po-shop-sale/list`, P);
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.records.map((x: Json) => x.shopId)).toEqual([staffShop]);
    for (const k of ['costAmount', 'grossProfit', 'grossMargin']) {
      expect(r.json.data.records[0]).not.toHaveProperty(k);
      expect(r.json.data.summary).not.toHaveProperty(k);
    }
    const refused = await shop('POST', `${O}/po-shop-sale/list`, { ...P, shopId: otherShop });
    expect(refused.status).toBe(403);
    expect(refused.json.msg).toMatch(/^无权查看门店「.+」的数据$/);
    const orders2 = await shop('POST', `${O}/po-shop-sale/order/list`, { ...P, pageSize: 100 });
    expect(new Set(orders2.json.data.records.map((x: Json) => x.shopId))).toEqual(new Set([staffShop]));
    const hours = await shop('POST', `${O}/po-sell-store-hour/findPage`, P);
    expect(hours.json.data.records.map((x: Json) => x.shopId)).toEqual([staffShop]);
  });

  it('tenant 2 sees none of tenant 1', async () => {
    const r = await other('POST', `${O}/po-shop-sale/list`, P);
    expect(r.status, r.body).toBe(200);
    const t1 = new Set((await q<{ shop_id: number }>(`SELECT shop_id FROM shop_base`)).map((x) => x.shop_id));
    expect(r.json.data.records.filter((x: Json) => t1.has(x.shopId))).toEqual([]);
    expect(r.json.data.summary.saleAmount).toBe(0);
    const named = await other('POST', `${O}/po-shop-sale/list`, { ...P, shopId: staffShop });
    expect(named.status).toBe(400);
    expect(named.json.msg).toBe('门店不存在');
    const sum = await other('POST', `${O}/po-order-sales/order/sales`, P);
    expect(sum.json.data.saleAmount).toBe(0);
  });

  it('bad periods are 400s naming the field', async () => {
    const cases: [Json, RegExp][] = [
      [{ startDate: '2025-13-01', endDate: D2 }, /^开始日期格式不正确/],
      [{ startDate: D1, endDate: '2025-02-30' }, /^结束日期格式不正确/],
      [{ startDate: D2, endDate: D1 }, /^结束日期不能早于开始日期$/],
      [{ startDate: '2099-01-01', endDate: '2099-01-02' }, /^开始日期不能晚于今天$/],
      [{ startDate: '2020-01-01', endDate: D2 }, /^开始日期至结束日期不能超过 366 天$/],
      [{ startDate: 20250610 }, /开始日期/],
    ];
    for (const [body, msg] of cases) {
      for (const url of ['po-shop-sale/list', 'po-sell-store-hour/findPage', 'po-order-sales/order/sales', 'statistics/salesman/list']) {
        const r = await admin('POST', `${O}/${url}`, body);
        expect(r.status, `${url} ${JSON.stringify(body)} ${r.body}`).toBe(400);
        expect(r.json.msg).toMatch(msg);
      }
    }
    const bad = await admin('POST', `${O}/po-shop-sale/list`, { ...P, shopId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('门店');
  });
});

describe('hours, order summary, sellers and the receipt', () => {
  it('po-sell-store-hour: per shop and hour net sales equal SQL', async () => {
    const r = await admin('POST', `${O}/po-sell-store-hour/findPage`, { ...P, pageNum: 1, pageSize: 100 });
    expect(r.status, r.body).toBe(200);
    const t = await q<{ shop_id: number; h: number; sale: number }>(
      `WITH m AS (SELECT shop_id, create_time AS at, pay_amount AS amt FROM po_order WHERE NOT is_practice AND status IN (1, 2) AND create_time::date BETWEEN $1 AND $2
                  UNION ALL SELECT shop_id, refund_time, -refund_amount FROM po_order WHERE NOT is_practice AND refund_time::date BETWEEN $1 AND $2)
       SELECT shop_id, extract(hour FROM at)::int AS h, round(sum(amt) * 100)::float8 AS sale FROM m GROUP BY 1, 2`, [D1, D2]);
    for (const x of t) {
      const rec = r.json.data.records.find((y: Json) => y.shopId === x.shop_id);
      expect(Math.round(rec[`h${x.h}`] * 100), `shop ${x.shop_id} ${x.h}:00`).toBe(x.sale);
    }
    const mine = r.json.data.records.find((y: Json) => y.shopId === staffShop);
    expect(mine.h18).toBe(-orders.a.amount);
    expect(r.json.data.hours[15].saleAmount).toBe(Math.round((orders.b.amount + orders.c.amount) * 100) / 100);
  });

  it('po-order-sales/order/sales: totals, payments and days add up to the SQL net sales', async () => {
    const r = await admin('POST', `${O}/po-order-sales/order/sales`, P);
    expect(r.status, r.body).toBe(200);
    const t = await truth(D1, D2);
    const net = t.reduce((a, x) => a + x.sale, 0);
    expect(Math.round(r.json.data.saleAmount * 100)).toBe(net);
    expect(r.json.data.orderCount).toBe(t.reduce((a, x) => a + x.orders, 0));
    expect(Math.round(r.json.data.payments.reduce((a: number, p: Json) => a + p.amount, 0) * 100)).toBe(net);
    expect(Math.round(r.json.data.days.reduce((a: number, d: Json) => a + d.saleAmount, 0) * 100)).toBe(net);
    expect(r.json.data.days.map((d: Json) => d.date)).toEqual([D1, D2]);
  });

  it('statistics/salesman: each seller\'s net sales equal SQL; the refund is the seller\'s who sold', async () => {
    const r = await admin('POST', `${O}/statistics/salesman/list`, P);
    expect(r.status, r.body).toBe(200);
    const t = await q<{ shop_id: number; uid: number; sale: number }>(
      `WITH m AS (SELECT shop_id, coalesce(salesman_id, cashier_user_id) AS uid, pay_amount AS amt FROM po_order WHERE NOT is_practice AND status IN (1, 2) AND create_time::date BETWEEN $1 AND $2
                  UNION ALL SELECT shop_id, coalesce(salesman_id, cashier_user_id), -refund_amount FROM po_order WHERE NOT is_practice AND refund_time::date BETWEEN $1 AND $2)
       SELECT shop_id, uid, round(sum(amt) * 100)::float8 AS sale FROM m GROUP BY 1, 2`, [D1, D2]);
    for (const x of t) {
      const rec = r.json.data.records.find((y: Json) => y.shopId === x.shop_id && y.userId === x.uid);
      expect(Math.round(rec.saleAmount * 100)).toBe(x.sale);
    }
    expect(r.json.data.records.find((y: Json) => y.shopId === staffShop && y.userId === staffId).saleAmount).toBe(orders.b.amount);
    const x = await admin('POST', `${O}/statistics/salesman/export`, P);
    expect(x.status, x.body).toBe(200);
    expect(await headerOf(x.raw)).toEqual(expect.arrayContaining(['门店', '导购', '销售额（元）', '毛利率（%）']));
    const mine = await shop('POST', `${O}/statistics/salesman/export`, { ...P, format: 'csv' });
    expect(mine.status, mine.body).toBe(200);
    expect(mine.body.split('\r\n')[0]).not.toContain('毛利');
  });

  it('statistics/receipt/order/simple: shop, lines, payments and totals of one order', async () => {
    const r = await admin('GET', `${O}/statistics/receipt/order/simple/${orders.b.orderId}`);
    expect(r.status, r.body).toBe(200);
    const o = (await q<Json>(`SELECT shop_name, pay_amount::float8 AS pay, total_quantity::float8 AS qty FROM po_order WHERE order_id = $1`, [orders.b.orderId]))[0];
    expect(r.json.data.shop.shopName).toBe(o.shop_name);
    expect(r.json.data.totals).toMatchObject({ payAmount: o.pay, totalQuantity: o.qty });
    expect(r.json.data.lines.reduce((a: number, l: Json) => a + l.quantity, 0)).toBe(o.qty);
    expect(r.json.data.lines[0]).not.toHaveProperty('costFen');
    expect(r.json.data.payments).toEqual([{ payType: 3, payTypeName: '微信', amount: orders.b.amount }]);
    expect((await admin('GET', `${O}/statistics/receipt/order/simple/999999999`)).status).toBe(404);
    expect((await other('GET', `${O}/statistics/receipt/order/simple/${orders.b.orderId}`)).status).toBe(404);
  });
});

describe('工作台', () => {
  it('admin: today\'s sales, orders, trend, hours and tops over every shop equal SQL', async () => {
    const d = await today();
    const r = await admin('GET', `${O}/statistics/dashboard`);
    expect(r.status, r.body).toBe(200);
    const data = r.json.data;
    const t = await truth(d, d);
    expect(Math.round(data.todaySales.saleAmount * 100)).toBe(t.reduce((a, x) => a + x.sale, 0));
    expect(data.todaySales.orderCount).toBe(t.reduce((a, x) => a + x.orders, 0));
    expect(data.todaySales.saleAmount).toBeGreaterThan(0);
    expect(data.trend.length).toBe(7);
    expect(data.trend.at(-1)).toMatchObject({ date: d, saleAmount: data.todaySales.saleAmount });
    expect(Math.round(data.hours.reduce((a: number, h: Json) => a + h.saleAmount, 0) * 100)).toBe(Math.round(data.todaySales.saleAmount * 100));
    const week = await truth(data.trend[0].date, d);
    const best = [...week].sort((a, b) => b.sale - a.sale)[0];
    expect(data.topShops[0]).toMatchObject({ shopId: best.shop_id, saleAmount: best.sale / 100 });
    expect(data.topSkus.length).toBeGreaterThan(0);
    expect(data.topSkus.length).toBeLessThanOrEqual(5);
    // Today's hours and the window's top SKUs (read from the summaries) equal the orders and lines.
    const hourTruth = await q<{ hour: number; sale: number; orders: number }>(
      `WITH m AS (SELECT create_time AS at, 1 AS sg, pay_amount AS amt FROM po_order WHERE NOT is_practice AND status IN (1, 2) AND create_time::date = $1::date
                  UNION ALL SELECT refund_time, -1, refund_amount FROM po_order WHERE NOT is_practice AND refund_time::date = $1::date
                  UNION ALL SELECT create_time, 0, give_amount - return_amount FROM po_order_exchange WHERE create_time::date = $1::date)
       SELECT extract(hour FROM at)::int AS hour, round(sum(CASE WHEN sg = 0 THEN 1 ELSE sg END * amt) * 100)::float8 AS sale, count(*) FILTER (WHERE sg > 0)::int AS orders FROM m GROUP BY 1`, [d]);
    for (let h = 0; h < 24; h++) {
      const x = hourTruth.find((y) => y.hour === h);
      expect([Math.round(data.hours[h].saleAmount * 100), data.hours[h].orderCount], `hour ${h}`).toEqual([x?.sale ?? 0, x?.orders ?? 0]);
    }
    const skuTruth = await q<{ skuId: number; quantity: number; sale: number }>(
      `WITH m AS (SELECT order_id, 1 AS sg FROM po_order WHERE NOT is_practice AND status IN (1, 2) AND create_time::date BETWEEN $1::date AND $2::date
                  UNION ALL SELECT order_id, -1 FROM po_order WHERE NOT is_practice AND refund_time::date BETWEEN $1::date AND $2::date)
       SELECT sku_id AS "skuId", sum(q)::float8 AS quantity, round(sum(a) * 100)::float8 AS sale FROM (
         SELECT d.sku_id, m.sg * d.quantity AS q, m.sg * d.amount AS a FROM m JOIN po_order_det d ON d.order_id = m.order_id
         UNION ALL SELECT x.sku_id, CASE WHEN x.direction = 2 THEN 1 ELSE -1 END * x.quantity, CASE WHEN x.direction = 2 THEN 1 ELSE -1 END * x.amount
                     FROM po_order_exchange e JOIN po_order_exchange_det x ON x.exchange_id = e.exchange_id WHERE e.create_time::date BETWEEN $1::date AND $2::date) z
        GROUP BY 1 HAVING sum(q) <> 0 OR sum(a) <> 0 ORDER BY sum(a) DESC, 1 LIMIT 5`, [data.trend[0].date, d]);
    expect(data.topSkus.map((x: Json) => ({ skuId: x.skuId, quantity: x.quantity, sale: Math.round(x.saleAmount * 100) }))).toEqual(skuTruth);
    for (const a of data.stockAlerts.records) expect(a.available).toBeGreaterThanOrEqual(0);
    // Today's target: the sellers' day targets of today.
    const target = (await q<{ fen: number }>(`SELECT round(coalesce(sum(target_amount), 0) * 100)::float8 AS fen FROM shop_user_performance_daily_target WHERE target_date = current_date`))[0].fen;
    if (target > 0) expect(Math.round(data.todaySales.targetAmount * 100)).toBeGreaterThanOrEqual(target);
    const thirty = await admin('GET', `${O}/statistics/dashboard?days=30`);
    expect(thirty.json.data.trend.length).toBe(30);
    expect((await admin('GET', `${O}/statistics/dashboard?days=9`)).status).toBe(400);
  });

  it('shop01: only their shop; manager01: the approval waiting for them; tenant 2: nothing of tenant 1', async () => {
    const d = await today();
    const r = await shop('GET', `${O}/statistics/dashboard`);
    expect(r.status, r.body).toBe(200);
    const mine = (await truth(d, d)).find((x) => x.shop_id === staffShop);
    expect(Math.round(r.json.data.todaySales.saleAmount * 100)).toBe(mine?.sale ?? 0);
    expect(r.json.data.topShops.every((x: Json) => x.shopId === staffShop)).toBe(true);
    const manager = callerFor(s, await s.login('manager01', 'manager123'));
    const m = await manager('GET', `${O}/statistics/dashboard`);
    expect(m.status, m.body).toBe(200);
    const managerId = (await q<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'manager01'`))[0].id;
    const waiting = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM wf_task t JOIN wf_instance i ON i.instance_id = t.instance_id WHERE t.status = 0 AND i.status = 1 AND t.assignee_id = $1`, [managerId]))[0].n;
    expect(waiting).toBeGreaterThan(0);
    expect(m.json.data.pendingTasks.total).toBeGreaterThanOrEqual(waiting);
    expect(m.json.data.pendingTasks.link).toBe('/processManage/myTodo');
    const o = await other('GET', `${O}/statistics/dashboard`);
    expect(o.status).toBe(200);
    // Tenant 2's own demo sales only.
    expect(Math.round(o.json.data.todaySales.saleAmount * 100)).toBe((await truth(d, d, 2)).reduce((a, x) => a + x.sale, 0));
    const t1 = new Set((await q<{ shop_id: number }>(`SELECT shop_id FROM shop_base`)).map((x) => x.shop_id));
    expect(o.json.data.topShops.filter((x: Json) => t1.has(x.shopId))).toEqual([]);
    expect(o.json.data.pendingTasks.total).toBe(0);
  });
});

describe('stat/scan-code', () => {
  it('reads nothing before a merge and says so; merge counts each order line of a real sale per shop and day', async () => {
    const before = await admin('POST', `${O}/stat/scan-code/page`, P);
    expect(before.status, before.body).toBe(200);
    expect(before.json.data.records).toEqual([]);
    expect(before.json.data.unmergedDays).toEqual([D1, D2]);
    expect(before.json.data.mergeHint).toBe('所选日期尚未统计扫码数据，请点击「统计」');
    expect((await shop('POST', `${O}/stat/scan-code/merge`, P)).status).toBe(403);
    const m = await admin('POST', `${O}/stat/scan-code/merge`, P);
    expect(m.status, m.body).toBe(200);
    const again = await admin('POST', `${O}/stat/scan-code/merge`, P);
    expect(again.json.data.rows).toBe(m.json.data.rows);
    const t = await q<{ shop_id: number; day: string; scans: number; skus: number }>(
      `SELECT o.shop_id, to_char(o.create_time, 'YYYY-MM-DD') AS day, count(*)::int AS scans, count(DISTINCT d.sku_id)::int AS skus
         FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id
        WHERE NOT o.is_practice AND o.status IN (1, 2) AND o.create_time::date BETWEEN $1 AND $2 GROUP BY 1, 2`, [D1, D2]);
    const page = await admin('POST', `${O}/stat/scan-code/page`, { ...P, pageNum: 1, pageSize: 100 });
    expect(page.json.data.total).toBe(t.length);
    expect(page.json.data.unmergedDays).toEqual([]);
    expect(page.json.data.mergeHint).toBeNull();
    for (const x of t) {
      expect(page.json.data.records.find((r: Json) => r.shopId === x.shop_id && r.statDate === x.day)).toMatchObject({ scanCount: x.scans, skuCount: x.skus });
    }
    const trend = await admin('POST', `${O}/stat/scan-code/trend-list`, P);
    expect(trend.json.data.records.map((r: Json) => [r.date, r.merged])).toEqual([[D1, true], [D2, true]]);
    expect(trend.json.data.records[0].scanCount).toBe(t.filter((x) => x.day === D1).reduce((a, x) => a + x.scans, 0));
    const dept = await admin('POST', `${O}/stat/scan-code/dept-list`, P);
    expect(dept.json.data.records.reduce((a: number, r: Json) => a + r.scanCount, 0)).toBe(t.reduce((a, x) => a + x.scans, 0));
    const open = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base WHERE status = 1`))[0].n;
    const num = await admin('POST', `${O}/stat/scan-code/shop-num`, P);
    expect(num.json.data).toMatchObject({ shopTotal: open, scannedShopNum: new Set(t.map((x) => x.shop_id)).size, unscannedShopNum: open - new Set(t.map((x) => x.shop_id)).size });
    const x = await admin('POST', `${O}/stat/scan-code/export`, P);
    expect(x.status, x.body).toBe(200);
    expect(await headerOf(x.raw)).toEqual(['日期', '部门（区域）', '门店', '扫码次数', '扫码SKU数', '订单数', '商品件数', '统计时间']);
    // shop01 may not read scan statistics (head office's), tenant 2 reads only its own snapshot.
    expect((await shop('POST', `${O}/stat/scan-code/page`, P)).status).toBe(403);
    const o = await other('POST', `${O}/stat/scan-code/page`, P);
    expect(o.json.data.records).toEqual([]);
    expect(o.json.data.unmergedDays).toEqual([D1, D2]);
    const bad = await admin('POST', `${O}/stat/scan-code/merge`, { startDate: '2025-06-31' });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toMatch(/^开始日期格式不正确/);
  });
});

describe('daily sales summaries (what the statistics read)', () => {
  /** The summaries recomputed from the orders, lines and payments as they stand, both tenants, every day. */
  /** The queued deltas folded first (migration 326), as every reader of the summaries does. */
  const fold = (tenant: number) => q(`SELECT sales_summary_fold()`, [], tenant);
  const recompute = async (tenant: number) => {
    await fold(tenant);
    return Promise.all([
    q<Json>(
      `WITH m AS (SELECT order_id, NULL::int AS exchange_id, shop_id, create_time::date AS day, 1 AS sign, 1 AS n, pay_amount AS amt, cashier_user_id, cashier_name FROM po_order WHERE NOT is_practice AND status IN (1, 2)
                  UNION ALL SELECT order_id, NULL, shop_id, refund_time::date, -1, 1, refund_amount, cashier_user_id, cashier_name FROM po_order WHERE NOT is_practice AND refund_time IS NOT NULL
                  UNION ALL SELECT NULL, exchange_id, shop_id, create_time::date, v.sg, 0, CASE WHEN v.sg = 1 THEN give_amount ELSE return_amount END, user_id, user_name
                              FROM po_order_exchange CROSS JOIN (VALUES (1), (-1)) v(sg))
       SELECT m.shop_id, to_char(m.day, 'YYYY-MM-DD') AS day, m.cashier_user_id, m.cashier_name, m.sign, sum(m.n)::int AS orders, sum(m.amt)::text AS amount,
              coalesce(sum(l.qty), 0)::text AS qty, coalesce(sum(l.cost), 0)::text AS cost
         FROM m LEFT JOIN LATERAL (SELECT sum(z.q) AS qty, sum(z.c) AS cost FROM (
                SELECT m.sign * d.quantity AS q, m.sign * d.quantity * d.unit_cost AS c FROM po_order_det d WHERE d.order_id = m.order_id
                UNION ALL SELECT m.sign * x.quantity, m.sign * x.quantity * x.unit_cost FROM po_order_exchange_det x
                 WHERE x.exchange_id = m.exchange_id AND x.direction = CASE WHEN m.sign = 1 THEN 2 ELSE 1 END) z) l ON true
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`, [], tenant),
    q<Json>(
      `SELECT shop_id, to_char(day, 'YYYY-MM-DD') AS day, cashier_user_id, cashier_name, sign, orders::int AS orders, amount::text AS amount, qty::text AS qty, cost::text AS cost
         FROM po_sales_day WHERE orders <> 0 OR qty <> 0 OR cost <> 0 OR amount <> 0 ORDER BY 1, 2, 3, 4, 5`, [], tenant),
    q<Json>(
      `WITH m AS (SELECT order_id, shop_id, create_time::date AS day, 1 AS sign, change_amount FROM po_order WHERE NOT is_practice AND status IN (1, 2)
                  UNION ALL SELECT order_id, shop_id, refund_time::date, -1, change_amount FROM po_order WHERE NOT is_practice AND refund_time IS NOT NULL)
       SELECT shop_id, to_char(day, 'YYYY-MM-DD') AS day, pay_type::int AS pay_type, sign, count(*)::int AS n, sum(amt)::text AS amount FROM (
         SELECT m.shop_id, m.day, y.pay_type, m.sign, y.amount - CASE WHEN y.pay_type = 1 THEN m.change_amount ELSE 0 END AS amt FROM m JOIN po_order_pay y ON y.order_id = m.order_id
         UNION ALL SELECT e.shop_id, e.create_time::date, y.pay_type, 1, y.amount - CASE WHEN y.pay_type = 1 THEN e.change_amount ELSE 0 END
                     FROM po_order_exchange e JOIN po_order_exchange_pay y ON y.exchange_id = e.exchange_id) p
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`, [], tenant),
    q<Json>(`SELECT shop_id, to_char(day, 'YYYY-MM-DD') AS day, pay_type::int AS pay_type, sign, n::int AS n, amount::text AS amount FROM po_sales_day_pay WHERE n <> 0 OR amount <> 0 ORDER BY 1, 2, 3, 4`, [], tenant),
    // Per shop, day and SKU (铺货分析's): line count, quantity, amount and cost rounded per line.
    q<Json>(
      `WITH m AS (SELECT order_id, shop_id, create_time::date AS day, 1 AS sign, status FROM po_order WHERE NOT is_practice AND status IN (1, 2)
                  UNION ALL SELECT order_id, shop_id, refund_time::date, -1, status FROM po_order WHERE NOT is_practice AND refund_time IS NOT NULL)
       SELECT shop_id, to_char(day, 'YYYY-MM-DD') AS day, sku_id, sign, status::int AS status, count(*)::int AS n, sum(quantity)::text AS qty,
              sum(amount)::text AS amount, sum(round(quantity * unit_cost, 2))::text AS cost FROM (
         SELECT m.shop_id, m.day, d.sku_id, m.sign, m.status, d.quantity, d.amount, d.unit_cost FROM m JOIN po_order_det d ON d.order_id = m.order_id
         UNION ALL SELECT e.shop_id, e.create_time::date, x.sku_id, CASE WHEN x.direction = 2 THEN 1 ELSE -1 END, CASE WHEN x.direction = 2 THEN 1 ELSE 2 END, x.quantity, x.amount, x.unit_cost
                     FROM po_order_exchange e JOIN po_order_exchange_det x ON x.exchange_id = e.exchange_id) z
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`, [], tenant),
    q<Json>(`SELECT shop_id, to_char(day, 'YYYY-MM-DD') AS day, sku_id, sign, status::int AS status, n::int AS n, qty::text AS qty, amount::text AS amount, cost::text AS cost
               FROM po_sales_day_sku WHERE n <> 0 OR qty <> 0 OR amount <> 0 OR cost <> 0 ORDER BY 1, 2, 3, 4, 5`, [], tenant),
    ]);
  };
  const num = (rows: Json[]) => rows.map((r) => ({ ...r, amount: Number(r.amount), ...('qty' in r ? { qty: Number(r.qty), cost: Number(r.cost) } : {}) }));
  /** The hourly and 商品卖点 summaries (migration 319) against the orders and lines, as [truth, summary] pairs. */
  const recomputeMore = async (tenant: number) => {
    await fold(tenant);
    return Promise.all([
    q<Json>(
      `WITH m AS (SELECT shop_id, create_time AS at, 1 AS sign, status, 1 AS n, pay_amount AS amt FROM po_order WHERE NOT is_practice AND status IN (1, 2)
                  UNION ALL SELECT shop_id, refund_time, -1, status, 1, refund_amount FROM po_order WHERE NOT is_practice AND refund_time IS NOT NULL
                  UNION ALL SELECT shop_id, create_time, v.sg, CASE WHEN v.sg = 1 THEN 1 ELSE 2 END, 0, CASE WHEN v.sg = 1 THEN give_amount ELSE return_amount END
                              FROM po_order_exchange CROSS JOIN (VALUES (1), (-1)) v(sg))
       SELECT shop_id, to_char(at, 'YYYY-MM-DD') AS day, extract(hour FROM at)::int AS hour, sign, status::int AS status, sum(n)::int AS orders, sum(amt)::float8 AS amount
         FROM m GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`, [], tenant),
    q<Json>(`SELECT shop_id, to_char(day, 'YYYY-MM-DD') AS day, hour::int AS hour, sign, status::int AS status, orders::int AS orders, amount::float8 AS amount
               FROM po_sales_day_hour WHERE orders <> 0 OR amount <> 0 ORDER BY 1, 2, 3, 4, 5`, [], tenant),
    q<Json>(
      `SELECT to_char(o.create_time, 'YYYY-MM-DD') AS day, o.shop_id, o.shop_name, extract(hour FROM o.create_time)::int AS hour, d.sku_id,
              count(DISTINCT o.order_id)::int AS orders, count(*)::int AS lines, sum(d.quantity)::float8 AS qty, sum(d.amount)::float8 AS amount
         FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id WHERE NOT o.is_practice AND o.status = 1
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`, [], tenant),
    q<Json>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, shop_id, shop_name, hour::int AS hour, sku_id, orders::int AS orders, lines::int AS lines, (qty_milli / 1000.0)::float8 AS qty, (amount_fen / 100.0)::float8 AS amount
               FROM po_sales_point WHERE lines <> 0 OR orders <> 0 OR qty_milli <> 0 OR amount_fen <> 0 ORDER BY 1, 2, 3, 4, 5`, [], tenant),
    ]);
  };
  const expectMoreEqual = async (tenant: number) => {
    const [truthHours, hours, truthPoints, points] = await recomputeMore(tenant);
    expect(hours).toEqual(truthHours);
    expect(points).toEqual(truthPoints);
  };

  it('equal the orders, lines and payments exactly after sales, refunds, re-dated orders, corrected lines and payments and a deleted order', async () => {
    for (const tenant of [1, 2]) {
      const [truthDays, days, truthPays, pays, truthSkus, skuDays] = await recompute(tenant);
      expect(truthDays.length, 'the demo sold').toBeGreaterThan(0);
      expect(num(days)).toEqual(num(truthDays));
      expect(num(pays)).toEqual(num(truthPays));
      expect(num(skuDays)).toEqual(num(truthSkus));
      await expectMoreEqual(tenant);
    }
    // Writes the screens do not make but the summaries must follow: a line's quantity and cost corrected, a line
    // dropped, a payment's method changed with change given, a payment dropped, an order moved to another shop and
    // one deleted with its lines and payments.
    const extra = await saleOn(D2, staffShop, skus, 0, 1, { hour: 11 });
    await s.db.tenant(1, async (tx) => {
      await tx.query(`UPDATE po_order_det SET quantity = quantity + 2, unit_cost = unit_cost + 0.1234 WHERE order_id = $1 AND line_no = 1`, [orders.b.orderId]);
      await tx.query(`DELETE FROM po_order_det WHERE order_id = $1 AND line_no = 2`, [orders.c.orderId]);
      await tx.query(`UPDATE po_order_pay SET pay_type = 1 WHERE order_id = $1`, [orders.c.orderId]);
      await tx.query(`UPDATE po_order SET change_amount = 0.5, paid_amount = paid_amount + 0.5 WHERE order_id = $1`, [orders.c.orderId]);
      await tx.query(`INSERT INTO po_order_pay (tenant_id, order_id, pay_type, amount) VALUES (1, $1, 2, 1.25)`, [orders.b.orderId]);
      await tx.query(`DELETE FROM po_order_pay WHERE order_id = $1 AND pay_type = 2`, [orders.b.orderId]);
      await tx.query(`UPDATE po_order SET shop_id = $2, cashier_name = '改过的收银员' WHERE order_id = $1`, [orders.p.orderId, otherShop]);
      await tx.query(`UPDATE po_order SET is_practice = false WHERE order_id = $1`, [orders.p.orderId]);
      await tx.query(`DELETE FROM po_order WHERE order_id = $1`, [extra.orderId]);
      // A second line of a SKU the order already carries (商品卖点 still counts the order once), one of a new SKU, and the
      // order's shop name changed; then a refunded order's status back and forth.
      await tx.query(`INSERT INTO po_order_det (tenant_id, order_id, line_no, sku_id, quantity, unit_price, unit_cost)
                      SELECT tenant_id, order_id, 90 + line_no, sku_id, 1, unit_price, unit_cost FROM po_order_det WHERE order_id = $1`, [orders.b.orderId]);
      await tx.query(`DELETE FROM po_order_det WHERE order_id = $1 AND line_no = 91`, [orders.b.orderId]);
      await tx.query(`INSERT INTO po_order_det (tenant_id, order_id, line_no, sku_id, quantity, unit_price, unit_cost) VALUES (1, $1, 95, $2, 2, 3.5, 1.25)`, [orders.b.orderId, skus[3].skuId]);
      await tx.query(`UPDATE po_order SET shop_name = '改名后的门店' WHERE order_id = $1`, [orders.c.orderId]);
    });
    const [truthDays, days, truthPays, pays, truthSkus, skuDays] = await recompute(1);
    expect(num(days)).toEqual(num(truthDays));
    expect(num(pays)).toEqual(num(truthPays));
    expect(num(skuDays)).toEqual(num(truthSkus));
    await expectMoreEqual(1);
    // And the statistics read them: the order summary of the period equals the plain SQL again.
    const r = await admin('POST', `${O}/po-order-sales/order/sales`, P);
    const t = await truth(D1, D2);
    expect(Math.round(r.json.data.saleAmount * 100)).toBe(t.reduce((a, x) => a + x.sale, 0));
    const list = await admin('POST', `${O}/po-shop-sale/list`, P);
    for (const x of t) {
      const rec = list.json.data.records.find((y: Json) => y.shopId === x.shop_id);
      expect(Math.round(rec.costAmount * 100), `shop ${x.shop_id}`).toBe(x.cost);
      expect(rec.itemCount).toBe(x.items);
    }
  });
  it('are rebuilt from the orders by sales_summary_rebuild() when they went stale, in the one business time zone the sessions use', async () => {
    // The sessions' zone is the summaries' zone (config BUSINESS_TZ = app_business_tz()): today and the days agree.
    expect((await q<{ tz: string; same: boolean }>(`SELECT app_business_tz() AS tz, app_business_tz() = current_setting('TimeZone') AS same`))[0]).toEqual({ tz: s.config.businessTz, same: true });
    const before = await recompute(1);
    // Rows written past the triggers (as before migration 318, or a bulk load with triggers off) leave them stale ...
    await s.db.system((tx) => tx.query(`ALTER TABLE po_order DISABLE TRIGGER USER`));
    try {
      await q(`UPDATE po_order SET cashier_name = '触发器之外改名' WHERE order_id = $1`, [orders.b.orderId]);
    } finally {
      await s.db.system((tx) => tx.query(`ALTER TABLE po_order ENABLE TRIGGER USER`));
    }
    await q(`DELETE FROM po_sales_day_sku WHERE shop_id = $1`, [staffShop]);
    const stale = await recompute(1);
    expect(num(stale[1])).not.toEqual(num(stale[0]));
    expect(num(stale[5])).not.toEqual(num(stale[4]));
    // ... and the rebuild (the caller's tenant under RLS) makes them equal the orders again; tenant 2 untouched.
    const other2 = await recompute(2);
    await q(`DELETE FROM po_sales_point WHERE shop_id = $1`, [staffShop]);
    await q(`SELECT sales_summary_rebuild()`);
    await expectMoreEqual(1);
    const [truthDays, days, truthPays, pays, truthSkus, skuDays] = await recompute(1);
    expect(num(days)).toEqual(num(truthDays));
    expect(num(pays)).toEqual(num(truthPays));
    expect(num(skuDays)).toEqual(num(truthSkus));
    expect(num(days)).not.toEqual(num(before[1]));
    expect((await recompute(2)).map(num)).toEqual(other2.map(num));
  });
});
