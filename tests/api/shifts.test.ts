import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, grantShopStaff, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * 收银班次 (shop-class-record): open with a float, sell and refund, hand over by counting the drawer; the shift's
 * figures are the orders', per payment method, and a drawer that does not match is told to whoever manages shifts.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let shop01Id: number;
let adminId: number;
let sku: { skuId: number; retailPrice: number };

const O = 'wxy-order-server';
const S = 'wxy-shop-server';
const sell = (caller: Caller, quantity: number, payments: Json[], extra: Json = {}) =>
  caller('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity }], payments, ...extra });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  await grantShopStaff(s, 'order:retail:refund');
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  const users = (await s.db.tenant(1, (tx) => tx.query<{ id: number; user_name: string }>(`SELECT id, user_name FROM sys_user`))).rows;
  adminId = users.find((u) => u.user_name === 'admin')!.id;
  shop01Id = users.find((u) => u.user_name === 'shop01')!.id;
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  // shop01 sells only at the shops it works at: it works at this one too.
  await worksAt(s, 'shop01', wh.shop_id);
  sku = (await s.db.tenant(1, (tx) => tx.query<{ skuId: number; retailPrice: number }>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 10 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.retail_price >= 1 DESC, s.retail_price < 100 DESC, s.sku_id LIMIT 1`, [wh.wh_id]))).rows[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('收银班次', () => {
  it('a shift counts its own sales and refunds per payment method; the drawer is expected to hold float + cash', async () => {
    const none = await shop('GET', `${S}/shop-class-record/getByUserId/${shop01Id}/false?shopId=${shopId}`);
    expect(none.json.data).toBeNull();
    const opened = await shop('POST', `${S}/shop-class-record/save`, { shopId, openingCash: 200 });
    expect(opened.status, opened.body).toBe(200);
    expect(opened.json.data).toMatchObject({ status: 1, openingCash: 200, orderCount: 0, expectedCash: 200, userName: '门店店员01' });
    const again = await shop('POST', `${S}/shop-class-record/save`, { shopId, openingCash: 0 });
    expect([again.status, again.json.msg]).toEqual([409, '您在本门店还有未交班的班次，请先交班']);
    const classId = opened.json.data.classId;

    const p = sku.retailPrice;
    const cashSale = (await sell(shop, 2, [{ payType: 1, amount: Math.ceil(p * 2) + 10 }])).json.data; // change given
    await sell(shop, 1, [{ payType: 3, amount: p }]);
    const refunded = (await sell(shop, 1, [{ payType: 1, amount: p }])).json.data;
    expect((await shop('PUT', `${O}/order-pay/refund`, { orderNo: refunded.orderNo, reason: '顾客退货' })).status).toBe(200);
    // Someone else's sale at the same shop, and a practice sale, are not this shift's.
    await sell(admin, 1, [{ payType: 1, amount: p }]);
    await sell(shop, 1, [{ payType: 1, amount: p }], { isPractice: true });

    const live = (await shop('GET', `${S}/shop-class-record/getByUserId/${shop01Id}/false?shopId=${shopId}`)).json.data;
    const cents = (x: number) => Math.round(x * 100) / 100;
    expect(live).toMatchObject({ classId, orderCount: 3, refundCount: 1, saleAmount: cents(p * 4), refundAmount: cents(p) });
    const cash = live.payList.find((x: Json) => x.payType === 1);
    expect(cash).toMatchObject({ payName: '现金', saleAmount: cents(cashSale.payAmount + p), refundAmount: cents(p), netAmount: cents(cashSale.payAmount) });
    expect(live.payList.find((x: Json) => x.payType === 3)).toMatchObject({ saleAmount: cents(p), refundAmount: 0 });
    expect(live.expectedCash).toBe(cents(200 + cashSale.payAmount));
    expect((await shop('GET', `${O}/order/classRecordPay?classId=${classId}`)).json.data).toEqual(live.payList);

    // Hand-over 5 yuan short: stored, and the manager (admin holds 收银班次) is told on the class-record queue.
    expect((await shop('PUT', `${S}/shop-class-record/update/${classId}`, { countedCash: 1.234 })).status).toBe(400);
    const closed = await shop('PUT', `${S}/shop-class-record/update/${classId}`, { countedCash: cents(live.expectedCash - 5), remark: '找零少收' });
    expect(closed.status, closed.body).toBe(200);
    expect(closed.json.data).toMatchObject({ status: 2, countedCash: cents(live.expectedCash - 5), differenceAmount: -5, orderCount: 3 });
    // (The hand-over also sends notice 11, the shop-day's 销售日报, whose id is the report's and may equal the shift's.)
    const notice = (await s.db.tenant(1, (tx) => tx.query<Json>(`SELECT business_type, message_type_info FROM sys_message WHERE user_id = $1 AND business_id = $2 AND business_type <> 11`, [adminId, String(classId)]))).rows;
    expect(notice).toEqual([{ business_type: 2021, message_type_info: '交班短款' }]);
    // A sale after the hand-over is not the closed shift's; the shift cannot be handed over twice.
    await sell(shop, 1, [{ payType: 1, amount: p }]);
    expect((await admin('GET', `${S}/shop-class-record/info/${classId}`)).json.data).toMatchObject({ orderCount: 3, differenceAmount: -5 });
    const twice = await shop('PUT', `${S}/shop-class-record/update/${classId}`, { countedCash: 0 });
    expect([twice.status, twice.json.msg]).toEqual([409, '该班次已交班，不能重复交班']);
    const list = (await admin('POST', `${S}/shop-class-record/findList`, { pageNum: 1, pageSize: 10, userName: '店员' })).json.data.records;
    expect(list[0]).toMatchObject({ classId, status: 2, expectedCash: live.expectedCash, differenceAmount: -5, saleAmount: cents(p * 4) });

    // Its 交班单: the default 58 mm template (no tenant template yet) with the shift's own figures, as data and as a PDF.
    const slip = await shop('GET', `${S}/shop-class-record/print/${classId}?type=data`);
    expect(slip.status, slip.body).toBe(200);
    const money = (x: number) => x.toFixed(2);
    expect(slip.json.data).toMatchObject({ templateName: '交班单（默认模板）', isDefault: true });
    expect(slip.json.data.data).toMatchObject({
      cashier: '门店店员01', orderCount: 3, refundCount: 1, openingCash: '200.00', expectedCash: money(live.expectedCash),
      countedCash: money(live.expectedCash - 5), differenceAmount: '5.00（短款）', remark: '找零少收',
    });
    expect(slip.json.data.data.payList).toEqual([
      { payName: '现金', saleAmount: money(cash.saleAmount), refundAmount: money(p), netAmount: money(cashSale.payAmount) },
      { payName: live.payList.find((x: Json) => x.payType === 3).payName, saleAmount: money(p), refundAmount: '0.00', netAmount: money(p) },
    ]);
    const pdf = await shop('GET', `${S}/shop-class-record/print/${classId}`);
    expect([pdf.status, pdf.raw.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
    // Someone else's slip is not one's to print; an unknown shift is a 404.
    const mine = (await admin('POST', `${S}/shop-class-record/save`, { shopId, openingCash: 0, isPractice: true })).json.data;
    expect((await shop('GET', `${S}/shop-class-record/print/${mine.classId}?type=data`)).status).toBe(403);
    expect((await shop('GET', `${S}/shop-class-record/print/99999999?type=data`)).status).toBe(404);
    expect((await admin('PUT', `${S}/shop-class-record/update/${mine.classId}`, { countedCash: 0 })).status).toBe(200);
  });

  it('only one’s own shift; practice shifts apart; shop01 cannot list shifts; another tenant sees none', async () => {
    const mine = (await admin('POST', `${S}/shop-class-record/save`, { shopId, openingCash: 0 })).json.data;
    expect((await shop('PUT', `${S}/shop-class-record/update/${mine.classId}`, { countedCash: 0 })).status).toBe(403);
    expect((await shop('GET', `${S}/shop-class-record/getByUserId/${adminId}/false`)).status).toBe(403);
    expect((await shop('GET', `${O}/order/classRecordPay?classId=${mine.classId}`)).status).toBe(403);
    const practice = await admin('POST', `${S}/shop-class-record/save`, { shopId, isPractice: true });
    expect(practice.status).toBe(200);
    expect((await admin('GET', `${S}/shop-class-record/getByUserId/${adminId}/true`)).json.data.classId).toBe(practice.json.data.classId);
    expect((await shop('POST', `${S}/shop-class-record/findList`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
    expect((await other('GET', `${S}/shop-class-record/info/${mine.classId}`)).status).toBe(404);
    expect((await other('POST', `${S}/shop-class-record/findList`, { pageNum: 1, pageSize: 10 })).json.data.records).toEqual([]);
    expect((await admin('POST', `${S}/shop-class-record/save`, { shopId: 999999 })).json.msg).toBe('门店不存在');
  });
});

describe('门店日常管理', () => {
  it('each shop’s day from what it did: the daily meeting, the shifts handed over with their over/short, petty cash; who has not committed', async () => {
    const today = await dbDay(s);
    const page = (await admin('POST', `${S}/shop-daily-management/findPage`, { date: today, shopId, pageNum: 1, pageSize: 10 })).json.data;
    expect(page.total).toBe(1);
    const row = page.records[0];
    const shifts = (await s.db.tenant(1, (tx) => tx.query<{ n: number; d: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(difference_amount), 0)::float8 AS d FROM shop_class_record WHERE shop_id = $1 AND status = 2 AND NOT is_practice AND start_time::date = current_date`, [shopId]))).rows[0];
    expect(row).toMatchObject({ shopId, date: today, shiftCount: shifts.n, shiftDifference: shifts.d });
    const held = (await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM shop_daily_meeting WHERE shop_id = $1 AND meeting_date = current_date`, [shopId]))).rows.length > 0;
    expect(row.committed).toBe(held);
    const stats = (await admin('POST', `${S}/shop-daily-management/statistics`, { date: today })).json.data;
    const shops = (await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM shop_base WHERE status = 1`))).rows.length;
    expect(stats).toMatchObject({ expected: shops, uncommitted: shops - stats.committed });
    const missing = (await admin('POST', `${S}/shop-daily-management/shop/uncommitted`, { date: today })).json.data as Json[];
    expect(missing).toHaveLength(stats.uncommitted);
    const csv = await admin('POST', `${S}/shop-daily-management/export`, { date: today });
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFF日期,门店编码,门店名称,日会,日会时间,盘点商品数,交班次数,交班长短款,备用金笔数,备用金支出');
    expect(csv.body.split('\r\n')[1]).toMatch(/,(已开|未开),/);
    expect((await admin('POST', `${S}/shop-daily-management/findPage`, { dateStart: '2026-01-01', dateEnd: '2026-06-01' })).json.msg).toBe('一次最多查询62天');
    expect((await shop('POST', `${S}/shop-daily-management/findPage`, {})).status).toBe(403);
  });
});
