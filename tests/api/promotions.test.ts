import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 价格促销 and the register's price preview (wxy-order-server order/price): what a cart costs at the server's
 * prices after the shop's active promotions and the coupon.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let skus: Json[];

const O = 'wxy-order-server';

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  skus = (await s.db.tenant(1, (tx) => tx.query<Json>(
    `SELECT s.sku_id AS "skuId", s.sku_name AS "skuName", s.retail_price::float8 AS "retailPrice"
       FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 20 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 3`, [wh.wh_id]))).rows;
}, 180_000);
afterAll(async () => s?.stop());

describe('价格试算 order/price', () => {
  it('prices each line on the server, merges the same SKU and answers the amounts in yuan', async () => {
    const r = await admin('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 2 }, { skuId: skus[1].skuId, quantity: 1 }, { skuId: skus[0].skuId, quantity: 1 }] });
    expect(r.status).toBe(200);
    const total = Math.round((skus[0].retailPrice * 3 + skus[1].retailPrice) * 100) / 100;
    expect(r.json.data.lines).toEqual([
      { skuId: skus[0].skuId, skuName: skus[0].skuName, quantity: 3, unitPrice: skus[0].retailPrice, amount: Math.round(skus[0].retailPrice * 300) / 100, promotionId: null, promotionName: null, promotionAmount: 0, isGift: false },
      { skuId: skus[1].skuId, skuName: skus[1].skuName, quantity: 1, unitPrice: skus[1].retailPrice, amount: skus[1].retailPrice, promotionId: null, promotionName: null, promotionAmount: 0, isGift: false },
    ]);
    expect(r.json.data).toMatchObject({ totalAmount: total, promotionAmount: 0, fullReduction: null, couponAmount: 0, payableAmount: total });
  });

  it('refuses a stale price, an unknown SKU, bad fields, shop01 without the register and another tenant', async () => {
    const stale = await admin('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 1, price: skus[0].retailPrice + 1 }] });
    expect(stale.status).toBe(409);
    expect(stale.json.msg).toContain('的价格已变更为');
    const unknown = await admin('POST', `${O}/order/price`, { shopId, lines: [{ skuId: 99999999, quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.msg).toBe('第1行：商品不存在');
    const noLines = await admin('POST', `${O}/order/price`, { shopId, lines: [] });
    expect(noLines.status).toBe(400);
    expect(noLines.json.msg).toContain('商品');
    expect((await shop('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 1 }] })).status).toBe(403);
    const theirs = await other('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 1 }] });
    expect(theirs.status).toBe(400);
    expect(theirs.json.msg).toBe('门店不存在');
  });
});
