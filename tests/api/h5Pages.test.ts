import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, uploadPng, type Caller, type Json } from './resourceCalls.ts';

/**
 * The calls behind the phone pages: /h5/clockIn and /h5/uploadFaceSuccess (attn-clock/my-today lists only the
 * caller's clocks of today, nobody else's), /h5/scanCode (shop-base/price-check: price and stock of one of my shops).
 */
let s: TestServer;
let shop: Caller;
let manager: Caller;
let admin: Caller;
let other: Caller;
let shopToken: string;
let shopId: number;

const A = 'wxy-system-server/attn-clock';
const B = 'wxy-shop-server/shop-base';

beforeAll(async () => {
  s = await startTestServer();
  shopToken = await s.login('shop01', 'shop123');
  shop = callerFor(s, shopToken);
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  shopId = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 1`))).rows[0].shop_id;
}, 300_000);
afterAll(async () => s?.stop());

describe('h5 pages', () => {
  it("my-today answers the caller's own clocks of today, in time order, and nobody else's", async () => {
    const before = (await shop('GET', `${A}/my-today`)).json.data as Json[];
    const photo = await uploadPng(s, shopToken, 'face.png');
    const clocked = await shop('POST', `${A}/clock-in`, { shopId, clockType: 1, photoKey: photo.videoObjectKey });
    expect(clocked.status, clocked.body).toBe(200);
    const mine = (await shop('GET', `${A}/my-today`)).json.data as Json[];
    expect(mine.length).toBe(before.length + 1);
    expect(mine.at(-1)).toMatchObject({ clockId: clocked.json.data.clockId, clockType: 1, clockTypeName: '上班', shopId, photoKey: photo.videoObjectKey });
    // Someone else (admin, a shop manager who clocks in too) does not see shop01's clock; finance, without 打卡, is refused.
    expect(((await admin('GET', `${A}/my-today`)).json.data as Json[]).find((c) => c.clockId === clocked.json.data.clockId)).toBeUndefined();
    const managers = await manager('GET', `${A}/my-today`);
    expect(managers.status, managers.body).toBe(200);
    expect((managers.json.data as Json[]).find((c) => c.clockId === clocked.json.data.clockId)).toBeUndefined();
    const finance = callerFor(s, await s.login('finance01', 'finance123'));
    expect((await finance('GET', `${A}/my-today`)).status).toBe(403);
    expect(((await other('GET', `${A}/my-today`)).json.data as Json[]).find((c) => c.clockId === clocked.json.data.clockId)).toBeUndefined();
    expect((await s.call('GET', `/api/${A}/my-today`, { tenant: 1 })).statusCode).toBe(401);
  });

  it('a barcode answers the name, price and stock of one of my shops; an unknown code 404, a shop not mine 403', async () => {
    const sku = (await s.db.tenant(1, (tx) => tx.query<{ barcode: string; sku_name: string; on_hand: string | null }>(
      `SELECT k.barcode, k.sku_name, (SELECT b.on_hand::text FROM stock_balance b JOIN wh_base_info w ON w.wh_id = b.wh_id AND w.shop_id = $1 AND w.status = 1 WHERE b.sku_id = k.sku_id ORDER BY w.wh_id LIMIT 1) AS on_hand
         FROM pd_sku k WHERE k.status = 1 AND k.barcode IS NOT NULL ORDER BY k.sku_id LIMIT 1`, [shopId]))).rows[0];
    const found = await shop('POST', `${B}/price-check`, { code: sku.barcode, shopId });
    expect(found.status, found.body).toBe(200);
    expect(found.json.data).toMatchObject({ skuName: sku.sku_name, barcode: sku.barcode, statusName: '在售', onHand: Number(sku.on_hand ?? 0) });
    expect(typeof found.json.data.retailPrice).toBe('number');
    const missing = await shop('POST', `${B}/price-check`, { code: '0000000000001', shopId });
    expect([missing.status, missing.json.msg]).toEqual([404, '未找到条码「0000000000001」对应的商品']);
    const empty = await shop('POST', `${B}/price-check`, { code: '', shopId });
    expect(empty.status).toBe(400);
    expect(empty.json.msg).toContain('条码');
    // A shop that is not shop01's: refused by name (admin sees every shop).
    const notMine = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number; shop_name: string }>(
      `SELECT shop_id, shop_name FROM shop_base WHERE shop_id NOT IN (SELECT shop_id FROM sys_user_shop su JOIN sys_user u ON u.id = su.user_id WHERE u.user_name = 'shop01') ORDER BY shop_id DESC LIMIT 1`))).rows[0];
    const refused = await shop('POST', `${B}/price-check`, { code: sku.barcode, shopId: notMine.shop_id });
    expect([refused.status, refused.json.msg]).toEqual([403, `无权查看门店「${notMine.shop_name}」的数据`]);
    expect((await admin('POST', `${B}/price-check`, { code: sku.barcode, shopId: notMine.shop_id })).status).toBe(200);
    expect((await other('POST', `${B}/price-check`, { code: sku.barcode, shopId })).json.msg).toBe('门店不存在');
  });
});
