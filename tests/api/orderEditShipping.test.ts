import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * sale/order/edit/info (导购, 备注, 补录会员 while the business day is open, each change logged before/after) and
 * po-shipping-home (a shop's home-delivery settings, read for a shop of the caller's tenant, set per shop).
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let skus: Json[];

const EDIT = 'wxy-order-server/sale/order/edit/info';
const SH = 'wxy-order-server/po-shipping-home';
const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;

async function sell(): Promise<Json> {
  const r = await admin('POST', 'wxy-order-server/order/settlement', { uuid: randomUUID(), shopId, lines: [{ skuId: skus[0].skuId, quantity: 2 }], payments: [{ payType: 1, amount: Math.ceil(skus[0].price * 2) + 1 }] });
  expect(r.status, r.body).toBe(200);
  return r.json.data;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await sql<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))[0];
  shopId = wh.shop_id;
  // The clerk and the 店长 work at the shop this file sells at (their shops bound what they see and do).
  await worksAt(s, 'shop01', shopId);
  await worksAt(s, 'manager01', shopId);
  skus = await sql(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS price FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 20 AND s.status = 1 AND s.retail_price BETWEEN 10 AND 300
        AND NOT EXISTS (SELECT 1 FROM po_promotion_det d WHERE d.sku_id = s.sku_id) ORDER BY s.sku_id LIMIT 1`,
    [wh.wh_id],
  );
}, 180_000);
afterAll(async () => s?.stop());

describe('修改订单信息 sale/order/edit/info', () => {
  it('sets the salesman and remark of today’s order, each change logged with before and after; unchanged writes nothing', async () => {
    const order = await sell();
    const mgr = (await sql<{ id: number; name: string }>(`SELECT id, name FROM sys_user WHERE user_name = 'manager01'`))[0];
    const r = await admin('PUT', EDIT, { orderId: order.orderId, salesmanId: mgr.id, remark: '顾客要求开发票' });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toMatchObject({ orderId: order.orderId, salesmanId: mgr.id, salesmanName: mgr.name, remark: '顾客要求开发票', changed: ['导购', '备注'], payAmount: order.payAmount });
    const same = await admin('PUT', EDIT, { orderNo: order.orderNo, remark: '顾客要求开发票' });
    expect(same.json.data.changed).toEqual([]);
    const log = await admin('GET', `wxy-order-server/sale/order/edit/log/${order.orderId}`);
    expect(log.status, log.body).toBe(200);
    expect(log.json.data.map((l: Json) => [l.fieldName, l.oldValue, l.newValue])).toEqual([['导购', null, mgr.name], ['备注', null, '顾客要求开发票']]);
    const cleared = await admin('PUT', EDIT, { orderId: order.orderId, salesmanId: null });
    expect(cleared.json.data).toMatchObject({ salesmanId: null, salesmanName: null, changed: ['导购'] });
    expect((await admin('PUT', EDIT, { orderId: order.orderId, salesmanId: 987654 })).json.msg).toBe('导购不存在');
    expect((await admin('PUT', EDIT, { orderId: order.orderId })).status).toBe(400);
  });

  it('导购销售 credits the 导购 set on the order instead of the cashier, and the cashier again when it is cleared', async () => {
    const order = await sell();
    const mgr = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'manager01'`))[0];
    const adminId = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
    const today = await dbDay(s);
    const sellers = async () => {
      const r = await admin('POST', 'wxy-order-server/statistics/salesman/list', { startDate: today, endDate: today, shopId, pageNum: 1, pageSize: 999 });
      expect(r.status, r.body).toBe(200);
      const fen = (id: number) => Math.round(100 * Number(r.json.data.records.find((x: Json) => x.shopId === shopId && x.userId === id)?.saleAmount ?? 0));
      return { admin: fen(adminId), mgr: fen(mgr.id) };
    };
    const before = await sellers();
    const pay = Math.round(Number(order.payAmount) * 100);
    expect((await admin('PUT', EDIT, { orderId: order.orderId, salesmanId: mgr.id })).status).toBe(200);
    expect(await sellers()).toEqual({ admin: before.admin - pay, mgr: before.mgr + pay });
    expect((await admin('PUT', EDIT, { orderId: order.orderId, salesmanId: null })).status).toBe(200);
    expect(await sellers()).toEqual(before);
  });

  it('adds the member the cashier forgot, who earns the order’s points once; the member is never swapped or removed', async () => {
    const order = await sell();
    const members = await sql<{ member_id: number; points: number; member_name: string }>(`SELECT member_id, points, member_name FROM mb_base_info WHERE status = 1 AND NOT is_practice ORDER BY member_id LIMIT 2`);
    const rule = (await sql<{ p: number }>(`SELECT coalesce((SELECT points_per_yuan FROM mb_consume_rule), 1) AS p`))[0].p;
    const r = await admin('PUT', EDIT, { orderId: order.orderId, memberId: members[0].member_id });
    expect(r.status, r.body).toBe(200);
    const points = Math.floor(order.payAmount) * rule;
    expect(r.json.data).toMatchObject({ memberId: members[0].member_id, pointsEarned: points, changed: ['会员'] });
    expect((await sql<{ points: number }>(`SELECT points FROM mb_base_info WHERE member_id = $1`, [members[0].member_id]))[0].points).toBe(members[0].points + points);
    expect((await admin('PUT', EDIT, { orderId: order.orderId, memberId: members[0].member_id })).json.data.changed).toEqual([]);
    const swap = await admin('PUT', EDIT, { orderId: order.orderId, memberId: members[1].member_id });
    expect(swap.status).toBe(409);
    expect(swap.json.msg).toContain('不能更换');
    expect((await admin('PUT', EDIT, { orderId: order.orderId, memberId: null })).status).toBe(400);
    expect((await sql<{ points: number }>(`SELECT points FROM mb_base_info WHERE member_id = $1`, [members[0].member_id]))[0].points).toBe(members[0].points + points);
  });

  it('refuses an order whose business day is over, an invalidated one, another tenant’s, and a user without the button', async () => {
    const old = await sell();
    await sql(`UPDATE po_order SET create_time = create_time - interval '1 day' WHERE order_id = $1`, [old.orderId]);
    const r = await admin('PUT', EDIT, { orderId: old.orderId, remark: '补记' });
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe('订单不是今天的，营业日已结束，不能修改订单信息');
    const gone = await sell();
    await admin('PUT', `wxy-order-server/order/updateInvalidByOrderNo/${gone.orderNo}`, { reason: '录错' });
    expect((await admin('PUT', EDIT, { orderId: gone.orderId, remark: 'x' })).json.msg).toBe('订单已作废，不能修改订单信息');
    const mine = await sell();
    expect((await other('PUT', EDIT, { orderId: mine.orderId, remark: 'x' })).status).toBe(404);
    expect((await shop('PUT', EDIT, { orderId: mine.orderId, remark: 'x' })).status).toBe(403);
    expect((await manager('PUT', EDIT, { orderId: mine.orderId, remark: '店长改' })).status).toBe(200);
    expect((await sql(`SELECT 1 FROM po_order_edit_log WHERE order_id = ANY($1::int[])`, [[old.orderId, gone.orderId]])).length).toBe(0);
  });
});

describe('送货上门 po-shipping-home', () => {
  it('answers 未开通 for a shop never set, then what was saved; saving again replaces it', async () => {
    const none = await shop('GET', `${SH}/info/shop/${shopId}`);
    expect(none.status, none.body).toBe(200);
    expect(none.json.data).toMatchObject({ shopId, enabled: false, deliveryFee: 0, freeThreshold: null });
    const saved = await admin('POST', `${SH}/save`, { shopId, enabled: true, deliveryFee: 5, freeThreshold: 99, radiusKm: 3.5, startTime: '09:00', endTime: '20:30', remark: '小区内免费' });
    expect(saved.status, saved.body).toBe(200);
    const again = await admin('POST', `${SH}/save`, { shopId, enabled: true, deliveryFee: 6.5, freeThreshold: null, radiusKm: 5, startTime: '08:30', endTime: '21:00' });
    expect(again.status, again.body).toBe(200);
    const info = (await shop('GET', `${SH}/info/shop/${shopId}`)).json.data;
    expect(info).toMatchObject({ shopId, shopName: expect.any(String), enabled: true, deliveryFee: 6.5, freeThreshold: null, radiusKm: 5, startTime: '08:30', endTime: '21:00', remark: null });
    const page = (await manager('POST', `${SH}/page`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[];
    expect(page.filter((p) => p.shopId === shopId)).toHaveLength(1);
  });

  it('the demo’s second shop delivers home', async () => {
    const second = (await sql<{ shop_id: number }>(`SELECT DISTINCT ON (w.shop_id) w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id OFFSET 1 LIMIT 1`))[0].shop_id;
    expect((await manager('GET', `${SH}/info/shop/${second}`)).status).toBe(second === shopId ? 200 : 403);
    await worksAt(s, 'manager01', second);
    expect((await manager('GET', `${SH}/info/shop/${second}`)).json.data).toMatchObject({ enabled: true, deliveryFee: 5, freeThreshold: 88, radiusKm: 3 });
  });

  it('refuses bad settings, a user without the button, and shops of another tenant', async () => {
    const base = { shopId, enabled: true, deliveryFee: 5, radiusKm: 3, startTime: '09:00', endTime: '21:00' };
    const late = await admin('POST', `${SH}/save`, { ...base, startTime: '21:00', endTime: '09:00' });
    expect(late.status).toBe(400);
    expect(late.json.msg).toBe('配送结束时间必须晚于开始时间');
    expect((await admin('POST', `${SH}/save`, { ...base, deliveryFee: 1.234 })).json.msg).toBe('配送费最多2位小数');
    const time = await admin('POST', `${SH}/save`, { ...base, startTime: '25:00' });
    expect(time.status).toBe(400);
    expect(time.json.msg).toContain('HH:MM');
    expect((await admin('POST', `${SH}/save`, { ...base, radiusKm: 0 })).status).toBe(400);
    expect((await manager('POST', `${SH}/save`, base)).status).toBe(403);
    expect((await other('GET', `${SH}/info/shop/${shopId}`)).status).toBe(404);
    expect((await other('POST', `${SH}/save`, base)).status).toBe(404);
    expect((await admin('GET', `${SH}/info/shop/999999`)).status).toBe(404);
    expect((await shop('GET', `${SH}/info/shop/${shopId}`)).json.data.deliveryFee).toBe(6.5);
  });
});
