import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 预售单 (po-pre-sale-order): priced by the server, goods reserved in the shop's warehouse on save, taken out when
 * picked up (once), put back reserved when a pick-up is undone, released when cancelled; every move in the ledger.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let whId: number;
let shopId: number;
let sku: { skuId: number; retailPrice: number; skuName: string };

const O = 'wxy-order-server/po-pre-sale-order';

async function balance() {
  const r = await s.db.tenant(1, (tx) => tx.query<{ on_hand: string; reserved: string }>(`SELECT on_hand, reserved FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, sku.skuId]));
  return { onHand: Number(r.rows[0].on_hand), reserved: Number(r.rows[0].reserved) };
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  whId = wh.wh_id;
  shopId = wh.shop_id;
  sku = (await s.db.tenant(1, (tx) => tx.query<{ skuId: number; retailPrice: number; skuName: string }>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice", s.sku_name AS "skuName" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 10 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 1`, [whId]))).rows[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('预售单', () => {
  it('reserves on save at the server’s price, picks up once, undoes a pick-up, cancels; the ledger has each move', async () => {
    const before = await balance();
    const saved = await admin('POST', `${O}/save`, {
      shopId, customerName: '王女士', customerPhone: '13912345678', pickupDate: await dbDay(s, 1), depositAmount: 1, payType: 3,
      detList: [{ skuId: sku.skuId, quantity: 3, unitPrice: 0.01 }],
    });
    expect(saved.status, saved.body).toBe(200);
    const doc = saved.json.data;
    expect(doc.preSaleNo).toMatch(/^YS\d{8}-\d{4}$/);
    expect(doc).toMatchObject({ status: 1, totalQuantity: 3, totalAmount: Math.round(sku.retailPrice * 300) / 100, actions: ['pickUp', 'cancel'] });
    expect(doc.detList[0]).toMatchObject({ skuId: sku.skuId, unitPrice: sku.retailPrice, skuName: sku.skuName });
    expect(await balance()).toEqual({ onHand: before.onHand, reserved: before.reserved + 3 });
    // Picked up: out of the warehouse, reservation released; twice at once → one.
    const [a, b] = await Promise.all([admin('POST', `${O}/pickUp`, { id: doc.preSaleId }), admin('POST', `${O}/pickUp`, { id: doc.preSaleId })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balance()).toEqual({ onHand: before.onHand - 3, reserved: before.reserved });
    // Undone (entered by mistake): back and reserved again; then cancelled: released.
    expect((await admin('POST', `${O}/unPickUp`, { id: doc.preSaleId })).json.data.status).toBe(1);
    expect(await balance()).toEqual({ onHand: before.onHand, reserved: before.reserved + 3 });
    const cancelled = await admin('POST', `${O}/deleteById`, { id: doc.preSaleId, note: '顾客不要了' });
    expect(cancelled.json.data).toMatchObject({ status: 3, actions: [] });
    expect(cancelled.json.data.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '提货', '取消提货', '取消预售']);
    expect(await balance()).toEqual(before);
    const ledger = (await s.db.tenant(1, (tx) => tx.query<{ qty: string; reserved_delta: string }>(`SELECT qty, reserved_delta FROM stock_ledger WHERE doc_type = 'preSale' AND doc_id = $1 ORDER BY ledger_id`, [doc.preSaleId]))).rows;
    expect(ledger.map((l) => [Number(l.qty), Number(l.reserved_delta)])).toEqual([[0, 3], [-3, -3], [3, 3], [0, -3]]);
    expect((await admin('POST', `${O}/findPage`, { pageNum: 1, pageSize: 5, customerPhone: '13912345678' })).json.data.records[0]).toMatchObject({ preSaleNo: doc.preSaleNo, status: 3 });
    expect((await admin('GET', `${O}/get?id=${doc.preSaleId}`)).json.data.preSaleNo).toBe(doc.preSaleNo);
  });

  it('refuses more than is available, a deposit above the total, a past pick-up day, a bad phone; shop01 without the menu', async () => {
    const before = await balance();
    const body = { shopId, customerName: '李先生', customerPhone: '13912345678', pickupDate: await dbDay(s, 1), detList: [{ skuId: sku.skuId, quantity: 1 }] };
    const tooMany = await admin('POST', `${O}/save`, { ...body, detList: [{ skuId: sku.skuId, quantity: 9999 }] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.msg).toContain('库存不足');
    expect((await admin('POST', `${O}/save`, { ...body, depositAmount: 999999 })).json.msg).toMatch(/^定金 999999\.00 元不能超过订单金额/);
    expect((await admin('POST', `${O}/save`, { ...body, pickupDate: '2020-01-01' })).json.msg).toBe('提货日期不能早于今天');
    expect((await admin('POST', `${O}/save`, { ...body, customerPhone: '12345' })).status).toBe(400);
    expect((await admin('POST', `${O}/save`, { ...body, detList: [] })).status).toBe(400);
    expect(await balance()).toEqual(before);
    expect((await shop('POST', `${O}/findPage`, { pageNum: 1, pageSize: 5 })).status).toBe(403);
  });
});
