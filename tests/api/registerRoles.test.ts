import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * The register's roles (roles-1): 门店店员 (shop01) and 店长 (manager01) sell at their own shop; 整单退款 and
 * 单品折扣 stay with 店长 and admin; a cashier without a register device sells only at the shops they work at.
 */
let s: TestServer;
let shop: Caller;
let manager: Caller;
let ownShop: number;
let otherShop: number;
let sku: Json;
const O = 'wxy-order-server';

const q = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(sql, params))).rows;
const orders = async () => Number((await q<{ n: number }>(`SELECT count(*)::int AS n FROM po_order`))[0].n);
const sale = (caller: Caller, shopId: number) =>
  caller('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 9999 }] });

beforeAll(async () => {
  s = await startTestServer();
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  ownShop = (await q<{ shop_id: number }>(`SELECT us.shop_id FROM sys_user_shop us JOIN sys_user u ON u.id = us.user_id WHERE u.user_name = 'shop01' ORDER BY 1 LIMIT 1`))[0].shop_id;
  otherShop = (await q<{ shop_id: number }>(`SELECT w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 AND w.shop_id <> $1 ORDER BY 1 LIMIT 1`, [ownShop]))[0].shop_id;
  sku = (await q<Json>(
    `SELECT s.sku_id AS "skuId" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id JOIN wh_base_info w ON w.wh_id = b.wh_id
      WHERE w.shop_id = $1 AND w.status = 1 AND b.on_hand - b.reserved >= 10 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 1`, [ownShop]))[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('收银的角色', () => {
  it('grants 零售收银 and 练习收银 to 门店店员 and 店长; 整单退款 and 单品折扣 to 店长 only', async () => {
    const granted = await q<{ key: string; roles: string[] }>(
      `SELECT m.menu_key AS key, array_agg(r.code ORDER BY r.code) AS roles FROM sys_menu m JOIN sys_role_menu rm ON rm.menu_id = m.id JOIN sys_role r ON r.id = rm.role_id
        WHERE m.menu_key LIKE 'orderInfo.retailOrder%' OR m.menu_key IN ('orderInfo', 'orderInfo.practiceCash') GROUP BY m.menu_key`);
    const of = (key: string) => granted.find((g) => g.key === key)?.roles ?? [];
    for (const key of ['orderInfo', 'orderInfo.retailOrder', 'orderInfo.retailOrder.sell', 'orderInfo.retailOrder.recharge', 'orderInfo.practiceCash']) expect(of(key), key).toEqual(['shop_manager', 'shop_staff']);
    expect(of('orderInfo.retailOrder.refund')).toEqual(['shop_manager']);
    expect(of('orderInfo.retailOrder.discount')).toEqual(['shop_manager']);
  });

  it('shop01 settles a sale at its own shop but not at another; it cannot refund (403, nothing written)', async () => {
    const sold = await sale(shop, ownShop);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    expect(sold.json.data.cashierName).toBeTruthy();
    const before = await orders();
    const elsewhere = await sale(shop, otherShop);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.msg).toContain('只能为所属门店收银');
    expect(await orders()).toBe(before);
    const refund = await shop('PUT', `${O}/order-pay/refund`, { orderNo: sold.json.data.orderNo });
    expect(refund.status).toBe(403);
    expect((await q<{ status: number }>(`SELECT status FROM po_order WHERE order_no = $1`, [sold.json.data.orderNo]))[0].status).toBe(1);
  });

  it('manager01 settles at the shop it manages and refunds the sale', async () => {
    const managed = (await q<{ shop_id: number }>(`SELECT m.shop_id FROM wf_shop_manager m JOIN sys_user u ON u.id = m.user_id WHERE u.user_name = 'manager01' ORDER BY 1 LIMIT 1`))[0].shop_id;
    expect(managed).toBe(ownShop);
    const sold = await sale(manager, managed);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const refund = await manager('PUT', `${O}/order-pay/refund`, { orderNo: sold.json.data.orderNo, reason: '顾客退货' });
    expect(refund.status, JSON.stringify(refund.json)).toBe(200);
    expect((await q<{ status: number }>(`SELECT status FROM po_order WHERE order_no = $1`, [sold.json.data.orderNo]))[0].status).toBe(2);
    expect((await sale(manager, otherShop)).status).toBe(403);
  });

  it("manager01 cannot refund another shop's order (not within its reach: 订单不存在, the order untouched)", async () => {
    const admin = callerFor(s, await s.login('admin', 'admin123'));
    const sold = await sale(admin, otherShop);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const orderNo = sold.json.data.orderNo as string;
    // Another shop's order is outside manager01's shops (shop scope): found no more than another tenant's would be.
    const refund = await manager('PUT', `${O}/order-pay/refund`, { orderNo, reason: '顾客退货' });
    expect(refund.status).toBe(404);
    expect((await q<{ status: number; refund_time: string | null }>(`SELECT status, refund_time FROM po_order WHERE order_no = $1`, [orderNo]))[0]).toEqual({ status: 1, refund_time: null });
    // Nor reprint its receipt; its own shop's it may.
    const reprint = await manager('GET', `${O}/sale/order/print/${orderNo}`);
    expect(reprint.status).toBe(404);
    const own = await sale(manager, ownShop);
    expect((await manager('GET', `${O}/sale/order/print/${own.json.data.orderNo}`)).status).toBe(200);
  });
});
