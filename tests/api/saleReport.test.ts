import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, grantShopStaff, type Caller, type Json } from './resourceCalls.ts';

/**
 * 销售日报 (notice 11): a shop's first 交班 of the day records the shop-day's report and tells its managers and the
 * admins, once per shop and day; the report's figures are that shop-day's orders; another tenant's id is 404, another
 * shop for a shop-bound user 403.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let adminId: number;
let today: string;
let sku: { skuId: number; retailPrice: number };

const O = 'wxy-order-server';
const S = 'wxy-shop-server';

const notices = async (tenant = 1) => (await s.db.tenant(tenant, (tx) => tx.query<{ user_id: number; business_id: string; notice_template_info: string }>(
  `SELECT user_id, business_id, notice_template_info FROM sys_message WHERE business_type = 11 ORDER BY id`))).rows;

/** The shop-day's figures straight from the orders: sales at their time (+), refunds at theirs (-). */
async function fromOrders(day: string) {
  return (await s.db.tenant(1, (tx) => tx.query<{ sold: number; refunded: number; orders: number; refunds: number }>(
    `SELECT coalesce((SELECT sum(pay_amount) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND create_time::date = $2::date), 0)::float8 AS sold,
            coalesce((SELECT sum(refund_amount) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND refund_time::date = $2::date), 0)::float8 AS refunded,
            (SELECT count(*) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND create_time::date = $2::date)::int AS orders,
            (SELECT count(*) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND refund_time::date = $2::date)::int AS refunds`,
    [shopId, day],
  ))).rows[0];
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  await grantShopStaff(s, 'order:saleReport:view');
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  today = await dbDay(s);
  adminId = (await s.db.tenant(1, (tx) => tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))).rows[0].id;
  // A shop with a warehouse whose report of today is not written yet.
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(
    `SELECT wh_id, shop_id FROM wh_base_info w WHERE shop_id IS NOT NULL AND status = 1
        AND NOT EXISTS (SELECT 1 FROM po_sale_report r WHERE r.shop_id = w.shop_id AND r.day = current_date) ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  sku = (await s.db.tenant(1, (tx) => tx.query<{ skuId: number; retailPrice: number }>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 10 AND s.status = 1 AND s.retail_price BETWEEN 1 AND 100 ORDER BY s.sku_id LIMIT 1`, [wh.wh_id]))).rows[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('销售日报', () => {
  it('the first 交班 of the shop-day sends notice 11 once; the report equals the orders of that shop-day', async () => {
    const before = (await notices()).length;
    const opened = await admin('POST', `${S}/shop-class-record/save`, { shopId, openingCash: 100 });
    expect(opened.status, opened.body).toBe(200);
    const sell = (quantity: number, payType: number) =>
      admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity }], payments: [{ payType, amount: sku.retailPrice * quantity }] });
    const a = await sell(2, 3);
    expect(a.status, a.body).toBe(200);
    expect((await sell(1, 2)).status).toBe(200);
    const c = (await sell(1, 2)).json.data as Json;
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: c.orderNo })).status).toBe(200);
    const closed = await admin('PUT', `${S}/shop-class-record/update/${opened.json.data.classId}`, { countedCash: 100 });
    expect(closed.status, closed.body).toBe(200);

    const sent = (await notices()).slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((n) => n.business_id)).size).toBe(1);
    const mine = sent.filter((n) => n.user_id === adminId);
    expect(mine).toHaveLength(1);
    const shopName = (await s.db.tenant(1, (tx) => tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [shopId]))).rows[0].shop_name;
    expect(mine[0].notice_template_info).toBe(`${shopName} ${today} 销售日报`);
    const managers = (await s.db.tenant(1, (tx) => tx.query<{ user_id: number }>(`SELECT user_id FROM wf_shop_manager WHERE shop_id = $1`, [shopId]))).rows;
    for (const m of managers) expect(sent.map((n) => n.user_id)).toContain(m.user_id);

    // A second hand-over the same day records nothing new and sends nothing.
    const again = await admin('POST', `${S}/shop-class-record/save`, { shopId, openingCash: 0 });
    expect((await admin('PUT', `${S}/shop-class-record/update/${again.json.data.classId}`, { countedCash: 0 })).status).toBe(200);
    expect((await notices()).length).toBe(before + sent.length);

    const reportId = Number(mine[0].business_id);
    const r = await admin('GET', `${O}/sale-report/${reportId}`);
    expect(r.status, r.body).toBe(200);
    const rep = r.json.data as Json;
    const o = await fromOrders(today);
    expect(rep).toMatchObject({ reportId, shopId, shopName, day: today, soldAmount: o.sold, refundAmount: o.refunded, orderCount: o.orders - o.refunds, refundCount: o.refunds });
    expect(rep.saleAmount).toBeCloseTo(o.sold - o.refunded, 2);
    expect(rep.hours).toHaveLength(24);
    expect((rep.hours as Json[]).reduce((x, h) => x + h.saleAmount, 0)).toBeCloseTo(rep.saleAmount, 2);
    expect((rep.payments as Json[]).find((p) => p.payType === 3)?.amount).toBeGreaterThanOrEqual(sku.retailPrice * 2);
    expect(rep.topSkus.length).toBeLessThanOrEqual(10);
    expect(rep.topSkus.map((k: Json) => k.skuId)).toContain(sku.skuId);
    expect(rep.cashiers.map((k: Json) => k.userId)).toContain(adminId);
    // The same report chosen by shop and day.
    const byDay = await admin('GET', `${O}/sale-report?shopId=${shopId}&day=${today}`);
    expect(byDay.json.data).toMatchObject({ reportId, saleAmount: rep.saleAmount, orderCount: rep.orderCount });
  });

  it('another tenant gets 404 and no notice; a shop-bound user 403 for a shop not theirs; a bad day 400', async () => {
    const id = (await s.db.tenant(1, (tx) => tx.query<{ report_id: string }>(`SELECT report_id::text FROM po_sale_report WHERE shop_id = $1`, [shopId]))).rows[0].report_id;
    expect((await other('GET', `${O}/sale-report/${id}`)).status).toBe(404);
    expect(await notices(2)).toEqual([]);
    const scope = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(
      `SELECT shop_id FROM shop_base WHERE shop_id NOT IN (SELECT shop_id FROM sys_user_shop us JOIN sys_user u ON u.id = us.user_id WHERE u.user_name = 'shop01'
         UNION SELECT shop_id FROM wf_shop_manager m JOIN sys_user u ON u.id = m.user_id WHERE u.user_name = 'shop01') ORDER BY shop_id LIMIT 1`))).rows[0];
    const res = await shop('GET', `${O}/sale-report?shopId=${scope.shop_id}&day=${today}`);
    expect(res.status, res.body).toBe(403);
    expect((await admin('GET', `${O}/sale-report?shopId=${shopId}&day=2026-13-01`)).status).toBe(400);
  });
});
