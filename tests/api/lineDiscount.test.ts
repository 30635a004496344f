import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * 单品折扣 at the register: a line discount the cashier gives (discountRate, 几折) priced by the server instead of
 * the line's promotion, saved on the line and on the receipt; only for roles granted order:retail:discount.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let shopId: number;
let skus: Json[];
const O = 'wxy-order-server';

const orders = async () => (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM po_order`))).rows[0].n;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  // shop01 sells only at the shops it works at: it works at this one too.
  await worksAt(s, 'shop01', wh.shop_id);
  skus = (await s.db.tenant(1, (tx) => tx.query<Json>(
    `SELECT s.sku_id AS "skuId", s.sku_name AS "skuName", s.retail_price::float8 AS "retailPrice"
       FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 20 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 2`, [wh.wh_id],
  ))).rows;
}, 180_000);
afterAll(async () => s?.stop());

describe('单品折扣 (discountRate on a cart line)', () => {
  it('prices the discounted line to the fen in order/price and settlement, saves it on the line and shows it as the receipt\'s 优惠', async () => {
    const [a, b] = skus;
    const lines = [{ skuId: a.skuId, quantity: 3, discountRate: 8.5 }, { skuId: b.skuId, quantity: 1 }];
    const amountFen = Math.round(a.retailPrice * 100) * 3;
    const offFen = amountFen - Math.round((amountFen * 85) / 100);
    const quote = (await admin('POST', `${O}/order/price`, { shopId, lines })).json.data;
    expect(quote.lines[0]).toMatchObject({ skuId: a.skuId, promotionId: null, promotionName: '收银折扣 8.5折', promotionAmount: offFen / 100, discountRate: 8.5 });
    const r = await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines, payments: [{ payType: 1, amount: quote.payableAmount + 50 }] });
    expect(r.status).toBe(200);
    const order = r.json.data;
    expect(order.payAmount).toBe(quote.payableAmount);
    expect(order.changeAmount).toBe(50);
    expect(order.detList[0]).toMatchObject({ skuId: a.skuId, quantity: 3, unitPrice: a.retailPrice, promotionName: '收银折扣 8.5折', promotionAmount: offFen / 100 });
    const receipt = (await admin('GET', `${O}/sale/order/print/${order.orderNo}?type=data`)).json.data;
    expect(JSON.stringify(receipt)).toContain(`"discountAmount":"${(order.totalAmount - order.payAmount).toFixed(2)}"`);
    expect(order.totalAmount - order.payAmount).toBeGreaterThanOrEqual(offFen / 100 - 1e-9);
  });

  it('refuses a bad rate naming the line (400), and a cashier without the permission (403); nothing written', async () => {
    const before = await orders();
    for (const rate of [0, 10, 9.55, 12]) {
      const bad = await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: skus[0].skuId, quantity: 1 }, { skuId: skus[1].skuId, quantity: 1, discountRate: rate }], payments: [{ payType: 1, amount: 9999 }] });
      expect(bad.status, String(rate)).toBe(400);
      expect(bad.json.msg).toBe(`第2行 ${skus[1].skuName}：折扣必须大于0且小于10，最多1位小数（如 9.5 表示九五折）`);
    }
    expect((await admin('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 1, discountRate: 0 }] })).status).toBe(400);
    // shop01 may sell but was not given 单品折扣 (the seed gives it to 店长 only).
    const plain = await shop('POST', `${O}/order/price`, { shopId, lines: [{ skuId: skus[0].skuId, quantity: 1 }] });
    expect(plain.status).toBe(200);
    for (const path of ['order/price', 'order/settlement']) {
      const cart = { shopId, lines: [{ skuId: skus[0].skuId, quantity: 1, discountRate: 9 }] };
      const refused = await shop('POST', `${O}/${path}`, path === 'order/price' ? cart : { ...cart, uuid: randomUUID(), payments: [{ payType: 1, amount: 9999 }] });
      expect(refused.status, path).toBe(403);
      expect(refused.json.msg).toContain('没有单品折扣权限');
    }
    expect(await orders()).toBe(before);
    const granted = await s.db.tenant(1, (tx) => tx.query<{ code: string }>(
      `SELECT r.code FROM sys_role r JOIN sys_role_menu rm ON rm.role_id = r.id JOIN sys_menu m ON m.id = rm.menu_id WHERE m.perms = 'order:retail:discount' ORDER BY r.code`,
    ));
    expect(granted.rows.map((x) => x.code)).toEqual(['shop_manager']);
  });
});
