import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, grantShopStaff, type Caller, type Json, worksAt } from './resourceCalls.ts';

/**
 * 库存动销 (stock-pin-analyse), 商品卖点 (report_common_selling_points), 会员消费 (report-member-info) and 新品
 * (pd-new-product): sales made at the register through the API, each report's figures recomputed by plain SQL.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopWh: { whId: number; shopId: number };
let skus: Json[];
let member: Json;
let today: string;

const R = 'wxy-report-server';
const sql = async <T extends Json>(q: string, params: unknown[] = [], tenant = 1) => (await s.db.tenant(tenant, (tx) => tx.query<T>(q, params))).rows;

const sell = async (lines: [Json, number][], extra: Json = {}) => {
  const r = await admin('POST', 'wxy-order-server/order/settlement', {
    uuid: randomUUID(), shopId: shopWh.shopId, lines: lines.map(([k, quantity]) => ({ skuId: k.skuId, quantity })), payments: [{ payType: 1, amount: 100000 }], ...extra,
  });
  expect(r.status, r.body).toBe(200);
  return r.json.data;
};

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  today = (await sql<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;
  const wh = (await sql<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))[0];
  shopWh = { whId: wh.wh_id, shopId: wh.shop_id };
  skus = await sql<Json>(
    `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.available >= 20 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id DESC LIMIT 3`, [shopWh.whId]);
  member = (await sql<Json>(`SELECT member_id AS "memberId", phone_number AS "phone" FROM mb_base_info WHERE phone_number = '13800000021' AND NOT is_practice`))[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('库存动销分析', () => {
  it('a SKU sold today is moving with its days of stock; the list equals plain SQL over the ledger', async () => {
    await sell([[skus[0], 4]]);
    const r = await admin('POST', `${R}/stock-pin-analyse/list/page/1/999999`, { dateStart: today, dateEnd: today, shopId: shopWh.shopId });
    expect(r.status, r.body).toBe(200);
    const rows = r.json.data.records as Json[];
    const mine = rows.find((x) => x.skuId === skus[0].skuId && x.whId === shopWh.whId)!;
    expect(mine).toMatchObject({ lastSaleDate: today, daysSinceLastSale: 0, pinStatus: 1, pinStatusName: '动销' });
    expect(mine.saleQuantity).toBeGreaterThanOrEqual(4);
    expect(mine.daysOfStock).toBe(Math.round((mine.onHand / mine.saleQuantity) * 10) / 10);
    const expected = await sql<Json>(
      `SELECT b.wh_id, b.sku_id, b.on_hand::float8 AS on_hand,
              coalesce((SELECT -sum(l.qty) FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id AND l.doc_type IN ('sale', 'saleRefund') AND l.create_time::date = current_date), 0)::float8 AS sold,
              (SELECT to_char(max(l.create_time), 'YYYY-MM-DD') FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id AND l.doc_type = 'sale') AS last_sale
         FROM stock_balance b JOIN wh_base_info w ON w.wh_id = b.wh_id WHERE w.shop_id = $1 AND b.on_hand > 0`, [shopWh.shopId]);
    expect(r.json.data.total).toBe(expected.length);
    for (const e of expected) {
      const got = rows.find((x) => x.whId === e.wh_id && x.skuId === e.sku_id)!;
      expect([got.onHand, got.saleQuantity, got.lastSaleDate], `sku ${e.sku_id}`).toEqual([e.on_hand, e.sold, e.last_sale]);
    }
  });

  it('slow movers: not sold for slowDays days or never; the filter and the status agree', async () => {
    const slow = (await admin('POST', `${R}/stock-pin-analyse/list/page/1/999999`, { shopId: shopWh.shopId, slowDays: 1, pinStatus: 2 })).json.data.records as Json[];
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.every((x) => x.pinStatus === 2 && (x.lastSaleDate === null || x.daysSinceLastSale >= 1))).toBe(true);
    expect(slow.some((x) => x.skuId === skus[0].skuId && x.whId === shopWh.whId)).toBe(false);
    const moving = (await admin('POST', `${R}/stock-pin-analyse/list/page/1/999999`, { shopId: shopWh.shopId, slowDays: 1, pinStatus: 1 })).json.data.records as Json[];
    const all = (await admin('POST', `${R}/stock-pin-analyse/list/page/1/999999`, { shopId: shopWh.shopId, slowDays: 1 })).json.data.total;
    expect(slow.length + moving.length).toBe(all);
    const p1 = (await admin('POST', `${R}/stock-pin-analyse/list/page/1/3`, { shopId: shopWh.shopId })).json.data;
    const p2 = (await admin('POST', `${R}/stock-pin-analyse/list/page/2/3`, { shopId: shopWh.shopId })).json.data;
    expect(p1.total).toBe(all);
    expect(new Set([...p1.records, ...p2.records].map((x: Json) => `${x.whId}-${x.skuId}`)).size).toBe(6);
  });

  it('hides stock cost from shop01 and exports', async () => {
    expect((await shop('POST', `${R}/stock-pin-analyse/list/page/1/10`, {})).status).toBe(403);
    await grantShopStaff(s, 'report:stockPin:list');
    // The report covers the caller's shops: shop01 works at the warehouse's shop from here on.
    await worksAt(s, 'shop01', shopWh.shopId);
    const row = (await shop('POST', `${R}/stock-pin-analyse/list/page/1/10`, { shopId: shopWh.shopId })).json.data.records[0];
    expect(row.onHand).toBeGreaterThan(0);
    expect(row).not.toHaveProperty('costAmount');
    const csv = (await admin('POST', `${R}/stock-pin-analyse/export`, { shopId: shopWh.shopId })).body;
    expect(csv.split('\r\n')[0]).toContain('动销状态');
    expect(csv.split('\r\n')[0]).toContain('库存成本');
    expect((await admin('POST', `${R}/stock-pin-analyse/list/page/1/10`, { slowDays: 0 })).json.msg).toMatch(/滞销天数/);
  });
});

describe('商品卖点', () => {
  it('orders, share, quantity, peak hour and the companion bought with it, as plain SQL counts them', async () => {
    await sell([[skus[1], 2], [skus[2], 1]]);
    await sell([[skus[1], 1], [skus[2], 3]]);
    await sell([[skus[1], 1]]);
    const r = await admin('POST', `${R}/report_common_selling_points/findPage`, { pageNum: 1, pageSize: 999999, dateStart: today, dateEnd: today, shopId: shopWh.shopId });
    expect(r.status, r.body).toBe(200);
    const row = (r.json.data.records as Json[]).find((x) => x.skuId === skus[1].skuId)!;
    const e = (await sql<Json>(
      `WITH o AS (SELECT order_id FROM po_order WHERE shop_id = $1 AND status = 1 AND NOT is_practice AND create_time::date = current_date)
       SELECT count(DISTINCT d.order_id)::int AS orders, sum(d.quantity)::float8 AS qty, sum(d.amount)::float8 AS amount,
              round(count(DISTINCT d.order_id) * 100.0 / (SELECT count(*) FROM o), 2)::float8 AS share
         FROM po_order_det d JOIN o USING (order_id) WHERE d.sku_id = $2`, [shopWh.shopId, skus[1].skuId]))[0];
    expect([row.orderCount, row.saleQuantity, row.saleAmount, row.orderShare]).toEqual([e.orders, e.qty, e.amount, e.share]);
    expect(row.orderCount).toBeGreaterThanOrEqual(3);
    expect(row.peakHour).toBeGreaterThanOrEqual(0);
    expect(row.topShopName).toBeTruthy();
    const together = (await sql<{ n: number }>(
      `SELECT count(DISTINCT a.order_id)::int AS n FROM po_order_det a JOIN po_order_det b ON b.order_id = a.order_id AND b.sku_id = $3
         JOIN po_order o ON o.order_id = a.order_id WHERE a.sku_id = $2 AND o.shop_id = $1 AND o.status = 1 AND o.create_time::date = current_date`,
      [shopWh.shopId, skus[1].skuId, skus[2].skuId]))[0].n;
    if (row.companionSkuName === skus[2].skuName) expect(row.companionRate).toBe(Math.round((together / e.orders) * 10000) / 100);
    expect(row.companionRate).toBeGreaterThan(0);
    // Every row and figure of the page (read from the summaries) equals the same aggregate over the order lines.
    const plain = await sql<Json>(
      `WITH o AS (SELECT o.order_id, o.shop_name, o.create_time FROM po_order o JOIN shop_base sb ON sb.shop_id = o.shop_id
                   WHERE sb.status = 1 AND NOT o.is_practice AND o.status = 1 AND o.create_time::date = current_date),
            l AS (SELECT o.order_id, o.shop_name, extract(hour FROM o.create_time)::int AS hour, d.sku_id, d.quantity, d.amount FROM o JOIN po_order_det d ON d.order_id = o.order_id)
       SELECT l.sku_id AS "skuId", count(DISTINCT l.order_id)::int AS "orderCount",
              round(count(DISTINCT l.order_id) * 100.0 / nullif((SELECT count(*) FROM o), 0), 2)::float8 AS "orderShare",
              sum(l.quantity)::float8 AS "saleQuantity", sum(l.amount)::float8 AS "saleAmount",
              round(sum(l.quantity) / count(DISTINCT l.order_id), 2)::float8 AS "avgQuantityPerOrder", round(sum(l.amount) / nullif(sum(l.quantity), 0), 2)::float8 AS "avgPrice",
              mode() WITHIN GROUP (ORDER BY l.hour) AS "peakHour", mode() WITHIN GROUP (ORDER BY l.shop_name) AS "topShopName", count(DISTINCT l.shop_name)::int AS "shopCount"
         FROM l GROUP BY l.sku_id ORDER BY 1`, []);
    const all = (await admin('POST', `${R}/report_common_selling_points/findPage`, { pageNum: 1, pageSize: 999999, dateStart: today, dateEnd: today })).json.data.records as Json[];
    const fields = Object.keys(plain[0]);
    expect(all.map((x) => Object.fromEntries(fields.map((k) => [k, x[k]]))).sort((a, b) => a.skuId - b.skuId)).toEqual(plain);
    const first = (await admin('POST', `${R}/report_common_selling_points/findPage`, { pageNum: 1, pageSize: 2, dateStart: today, dateEnd: today })).json.data.records as Json[];
    expect(first[0].orderCount).toBeGreaterThanOrEqual(first[1].orderCount);
  });
});

describe('会员消费分析', () => {
  it('orders, amount, refund and last visit per member equal plain SQL over po_order', async () => {
    await sell([[skus[0], 1]], { memberId: member.memberId });
    const back = await sell([[skus[0], 2]], { memberId: member.memberId });
    expect((await admin('PUT', 'wxy-order-server/order-pay/refund', { orderNo: back.orderNo, reason: '退货' })).status).toBe(200);
    const r = await admin('POST', `${R}/report-member-info/findPage`, { pageNum: 1, pageSize: 20, phoneNumber: member.phone, dateStart: today, dateEnd: today });
    expect(r.status, r.body).toBe(200);
    const row = r.json.data.records[0];
    const e = (await sql<Json>(
      `SELECT count(*)::int AS n, sum(pay_amount)::float8 AS paid, sum(refund_amount)::float8 AS refunded, sum(pay_amount - refund_amount)::float8 AS net
         FROM po_order WHERE member_id = $1 AND NOT is_practice AND create_time::date = current_date`, [member.memberId]))[0];
    expect(row).toMatchObject({ memberId: member.memberId, phoneNumber: member.phone, orderCount: e.n, saleAmount: e.paid, refundAmount: e.refunded, netAmount: e.net, lastVisitDate: today, daysSinceLastVisit: 0 });
    expect(row.avgAmount).toBe(Math.round((e.net / e.n) * 100) / 100);
    const all = (await admin('POST', `${R}/report-member-info/findPage`, { pageNum: 1, pageSize: 999999, dateStart: today, dateEnd: today })).json.data;
    const members = (await sql<{ n: number }>(`SELECT count(DISTINCT o.member_id)::int AS n FROM po_order o JOIN shop_base b ON b.shop_id = o.shop_id AND b.status = 1
                                                 WHERE o.member_id IS NOT NULL AND NOT o.is_practice AND o.create_time::date = current_date`))[0].n;
    expect(all.total).toBe(members);
    const nets = (all.records as Json[]).map((x) => x.netAmount);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    expect((await admin('POST', `${R}/report-member-info/export`, { phoneNumber: member.phone, dateStart: today, dateEnd: today })).body).toContain(member.phone);
    expect((await admin('POST', `${R}/report-member-info/findPage`, { phoneNumber: '138abc' })).json.msg).toMatch(/手机号码/);
    expect((await other('POST', `${R}/report-member-info/findPage`, { phoneNumber: member.phone, dateStart: today, dateEnd: today })).json.data.total).toBe(0);
  });
});

describe('新品分析', () => {
  it('demo data: three SKUs launched ten days ago, followed week by week', async () => {
    const rows = (await admin('POST', `${R}/pd-new-product/findPage`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[];
    const demo = rows.filter((r) => r.remark === '演示新品');
    expect(demo).toHaveLength(3);
    expect(demo.every((r) => r.weeks.length === 2 && r.daysOnSale === 11)).toBe(true);
  });

  it('铺货数量 is what the shops received (before the launch day too): no SKU sold at a shop that received none', async () => {
    const rows = (await admin('POST', `${R}/pd-new-product/findPage`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[];
    const demo = rows.filter((r) => r.remark === '演示新品');
    for (const r of demo) {
      const [e] = await sql<{ put: number }>(
        `SELECT coalesce(sum(l.qty), 0)::float8 AS put FROM stock_ledger l JOIN wh_base_info w ON w.wh_id = l.wh_id JOIN shop_base b ON b.shop_id = w.shop_id AND b.status = 1
          WHERE l.sku_id = $1 AND l.doc_type IN ('allocation', 'otherStockIn', 'receipt')`, [r.skuId]);
      expect(r.shopAllotQuantity, `sku ${r.skuId}`).toBe(e.put);
      if (r.saleShopCount > 0) expect(r.shopAllotQuantity, `sku ${r.skuId} sold at ${r.saleShopCount} shops`).toBeGreaterThan(0);
      expect(r.sellThroughRate).toBe(Math.round((r.saleQuantity / r.shopAllotQuantity) * 10000) / 100);
    }
    expect(demo.some((r) => r.saleShopCount > 0), 'the demo sold them').toBe(true);
  });

  it('铺货分析 over the days since the first stock moved counts the same 铺货数量 for them, and a SKU sold at a shop was put into it', async () => {
    const rows = (await admin('POST', `${R}/pd-new-product/findPage`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[];
    const demo = rows.filter((r) => r.remark === '演示新品');
    const [{ first, now }] = await sql<{ first: string; now: string }>(
      `SELECT to_char(min(create_time)::date, 'YYYY-MM-DD') AS first, to_char(current_date, 'YYYY-MM-DD') AS now FROM stock_ledger`);
    for (const r of demo) {
      const answer = await admin('POST', `${R}/put-stock-analyse/list/page/1/999999`, { dateStart: first, dateEnd: now, skuId: r.skuId });
      expect(answer.status, answer.body).toBe(200);
      const [put] = answer.json.data.records as Json[];
      expect(put.shopAllotQuantity, `sku ${r.skuId}`).toBe(r.shopAllotQuantity);
      if (put.saleShopCount > 0) expect(put.shopAllotQuantity, `sku ${r.skuId} sold at ${put.saleShopCount} shops`).toBeGreaterThan(0);
    }
  });

  it('merge marks SKUs new (again: updated, not doubled); findPage follows their launch weeks from the orders', async () => {
    const body = { skuIds: [skus[1].skuId, skus[2].skuId], launchDate: today, observeWeeks: 2, remark: '冬季新品' };
    const first = await admin('POST', `${R}/pd-new-product/merge`, body);
    expect(first.status, first.body).toBe(200);
    expect(first.json.data).toMatchObject({ saved: 2, created: 2 });
    const again = await admin('POST', `${R}/pd-new-product/merge`, { ...body, skuIds: undefined, skuId: skus[1].skuId, observeWeeks: 3 });
    expect(again.json.data).toMatchObject({ saved: 1, created: 0 });
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM pd_new_product WHERE sku_id = $1`, [skus[1].skuId]))[0].n).toBe(1);
    const r = await admin('POST', `${R}/pd-new-product/findPage`, { pageNum: 1, pageSize: 50, launchDateStart: today });
    expect(r.status, r.body).toBe(200);
    const row = (r.json.data.records as Json[]).find((x) => x.skuId === skus[1].skuId)!;
    expect(row).toMatchObject({ launchDate: today, observeWeeks: 3, remark: '冬季新品', daysOnSale: 1 });
    expect(row.weeks).toHaveLength(1);
    expect(row.weeks[0]).toMatchObject({ week: 1, from: today, running: true });
    const e = (await sql<Json>(
      `SELECT coalesce(sum(d.quantity) FILTER (WHERE o.create_time::date = current_date), 0)::float8
              - coalesce(sum(d.quantity) FILTER (WHERE o.status = 2 AND o.refund_time::date = current_date), 0)::float8 AS qty
         FROM po_order o JOIN po_order_det d USING (order_id) JOIN shop_base b ON b.shop_id = o.shop_id AND b.status = 1
        WHERE d.sku_id = $1 AND NOT o.is_practice AND o.status IN (1, 2)`, [skus[1].skuId]))[0];
    expect(row.saleQuantity).toBe(e.qty);
    expect(row.week1Quantity).toBe(e.qty);
    expect(row.saleShopCount).toBeGreaterThanOrEqual(1);
    // Taken off the new list.
    await admin('POST', `${R}/pd-new-product/merge`, { skuId: skus[2].skuId, launchDate: today, isNew: 0 });
    expect(((await admin('POST', `${R}/pd-new-product/findPage`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[]).some((x) => x.skuId === skus[2].skuId)).toBe(false);
  });

  it('refuses bad input naming the field, shop01, and another tenant’s SKUs', async () => {
    expect((await admin('POST', `${R}/pd-new-product/merge`, { launchDate: today })).json.msg).toBe('SKU不能为空');
    expect((await admin('POST', `${R}/pd-new-product/merge`, { skuId: skus[0].skuId, launchDate: '2026-02-30' })).json.msg).toBe('上市日期格式不正确，应为 YYYY-MM-DD');
    expect((await admin('POST', `${R}/pd-new-product/merge`, { skuId: skus[0].skuId, launchDate: today, observeWeeks: 13 })).json.msg).toMatch(/跟踪周数/);
    expect((await admin('POST', `${R}/pd-new-product/merge`, { skuId: skus[0].skuId })).json.msg).toMatch(/上市日期/);
    expect((await admin('POST', `${R}/pd-new-product/findPage`, { launchDateStart: 'x' })).json.msg).toBe('上市开始日期格式不正确，应为 YYYY-MM-DD');
    expect((await shop('POST', `${R}/pd-new-product/merge`, { skuId: skus[0].skuId, launchDate: today })).status).toBe(403);
    expect((await other('POST', `${R}/pd-new-product/merge`, { skuId: skus[0].skuId, launchDate: today })).json.msg).toBe('SKU不存在');
    expect((await other('POST', `${R}/pd-new-product/findPage`, {})).json.data.records.every((x: Json) => x.skuId !== skus[1].skuId)).toBe(true);
    expect((await other('POST', `${R}/report_common_selling_points/findPage`, { dateStart: today, dateEnd: today, skuId: skus[1].skuId })).json.data.total).toBe(0);
  });
});
