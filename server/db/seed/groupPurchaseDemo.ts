import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResourceDescriptor, RouteDecl } from '../../../core/descriptors/types.ts';
import type { AuthContext } from '../../context.ts';
import type { DocContext } from '../../documents/context.ts';
import { runDocAction } from '../../documents/actions.ts';
import { createDocument } from '../../documents/writing.ts';
import { exchangeOrder } from '../../domains/sales/index.ts';
import { groupPurchaseToOrder } from '../../domains/sales/index.ts';
import { saveShipping } from '../../domains/sales/index.ts';
import type { Database } from '../index.ts';

/**
 * 团购单 demo: at the third shop (where no API test sells), a company's year-end welfare order that was approved
 * and shipped (its sales order took the goods out of the shop's warehouse), and a school's draft still being
 * negotiated.
 */
export async function seedGroupPurchaseDemo(db: Database, tenantId: number): Promise<void> {
  const read = (name: string) => JSON.parse(readFileSync(path.resolve('schemas/resources', `${name}.json`), 'utf8')) as ResourceDescriptor;
  const header = read('po-group-purchase');
  const c: DocContext = { header, lines: read('po-group-purchase-det'), doc: header.document! };
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM po_group_purchase LIMIT 1`)).rows.length) return;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const shops = (await tx.query<{ wh_id: number; shop_id: number }>(
      `SELECT DISTINCT ON (w.shop_id) w.wh_id, w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id`,
    )).rows;
    const shop = shops[2] ?? shops[shops.length - 1];
    if (!admin || !shop) return;
    const skus = (await tx.query<{ sku_id: number; retail_price: string }>(
      `SELECT s.sku_id, s.retail_price FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
        WHERE b.wh_id = $1 AND b.available >= 30 AND s.status = 1 AND s.retail_price BETWEEN 5 AND 200 ORDER BY b.available DESC, s.sku_id LIMIT 5`,
      [shop.wh_id],
    )).rows;
    if (skus.length < 3) return;
    const payType = (await tx.query<{ pay_type: number }>(
      `SELECT pay_type FROM shop_pay_method_config WHERE shop_id = $1 AND enabled AND pay_type BETWEEN 1 AND 4 ORDER BY (pay_type = 2) DESC, pay_type LIMIT 1`, [shop.shop_id],
    )).rows[0]?.pay_type ?? null;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const route: RouteDecl = { method: 'POST', path: 'save', action: 'docCreate' };
    const act = (id: string) => c.doc.actions.find((a) => a.id === id)!;
    // 9 折 of the retail price, to the fen.
    const nine = (i: number) => Math.floor(Number(skus[i].retail_price) * 90) / 100;
    const shipped = await createDocument(tx, auth, c, route, {
      customerName: '星河科技有限公司', contactName: '李主管', contactPhone: '13800138001', shopId: shop.shop_id, remark: '年终员工福利',
      detList: [{ skuId: skus[0].sku_id, quantity: 12, unitPrice: nine(0) }, { skuId: skus[1].sku_id, quantity: 10, unitPrice: nine(1) }],
    });
    await runDocAction(tx, auth, c, act('submit'), shipped, {});
    await runDocAction(tx, auth, c, act('audit'), shipped, { auditStatus: 2, auditRemark: '价格已与客户确认' });
    if (payType) await groupPurchaseToOrder(tx, auth, shipped, Number(payType));
    await createDocument(tx, auth, c, route, {
      customerName: '实验小学工会', contactName: '王老师', contactPhone: '13800138002', shopId: shop.shop_id, remark: '教师节慰问，待确认数量',
      detList: [{ skuId: skus[2].sku_id, quantity: 20, unitPrice: nine(2) }],
    });
  });
}

/**
 * 换货 and 送货上门 demo: at the third shop, one of its demo sales had a unit exchanged for a dearer SKU (the customer
 * paid the difference in cash), so 换货记录 shows a real record; the second and third shops deliver home.
 */
export async function seedExchangeShippingDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    if (!admin) return;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const shops = (await tx.query<{ wh_id: number; shop_id: number }>(
      `SELECT DISTINCT ON (w.shop_id) w.wh_id, w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id`,
    )).rows;
    if (!(await tx.query(`SELECT 1 FROM po_shipping_home LIMIT 1`)).rows.length)
      for (const [i, s] of shops.slice(1, 3).entries())
        await saveShipping(tx, auth, { shopId: s.shop_id, enabled: true, deliveryFee: i ? 8 : 5, freeThreshold: i ? 128 : 88, radiusKm: i ? 5 : 3, startTime: '09:00', endTime: '21:00', remark: '小区内 30 分钟送达' });
    const shop = shops[2] ?? shops[shops.length - 1];
    if (!shop || (await tx.query(`SELECT 1 FROM po_order_exchange LIMIT 1`)).rows.length) return;
    const line = (await tx.query<{ order_no: string; det_id: number; sku_id: number; unit_price: string }>(
      `SELECT o.order_no, d.det_id, d.sku_id, d.unit_price FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id
        WHERE o.shop_id = $1 AND o.status = 1 AND NOT o.is_practice AND o.order_type = 1 AND d.promotion_amount = 0 AND d.quantity >= 1
        ORDER BY o.order_id DESC, d.line_no LIMIT 1`,
      [shop.shop_id],
    )).rows[0];
    if (!line) return;
    const dearer = (await tx.query<{ sku_id: number; retail_price: string }>(
      `SELECT s.sku_id, s.retail_price FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
        WHERE b.wh_id = $1 AND b.available >= 5 AND s.status = 1 AND s.sku_id <> $2 AND s.retail_price > $3 ORDER BY s.retail_price, s.sku_id LIMIT 1`,
      [shop.wh_id, line.sku_id, line.unit_price],
    )).rows[0];
    const cash = (await tx.query(`SELECT 1 FROM shop_pay_method_config WHERE shop_id = $1 AND pay_type = 1 AND enabled`, [shop.shop_id])).rows.length;
    if (!dearer || !cash) return;
    await exchangeOrder(tx, auth, {
      uuid: randomUUID(), orderNo: line.order_no, returnLines: [{ detId: line.det_id, quantity: 1 }], giveLines: [{ skuId: dearer.sku_id, quantity: 1 }],
      payments: [{ payType: 1, amount: Math.ceil(Number(dearer.retail_price)) }], reason: '顾客换成大规格',
    });
  });
}
