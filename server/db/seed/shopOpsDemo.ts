import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResourceDescriptor, RouteDecl } from '../../../core/descriptors/types.ts';
import type { AuthContext } from '../../context.ts';
import type { DocContext } from '../../documents/context.ts';
import { runDocAction } from '../../documents/actions.ts';
import { createDocument } from '../../documents/writing.ts';
import type { Database } from '../index.ts';
import '../../domains/index.ts';
import { seedReportColumns } from '../../domains/shops/index.ts';

/**
 * The first shops' payment terminals (a bank POS and a scan box each) and two weeks of their delivery-platform
 * orders (美团, 饿了么), so 支付终端 and 线上订单 show real rows. Keyed by terminal number and by shop, platform and
 * day: seeding again adds nothing twice.
 */
export async function seedShopOpsDemo(db: Database, tenantId: number): Promise<void> {
  await seedReportColumns(db, tenantId);
  await db.tenant(tenantId, async (tx) => {
    await tx.query(
      `INSERT INTO shop_merchant (tenant_id, shop_id, merchant_type, merchant_no, terminal_no, remark)
       SELECT app_current_tenant(), s.shop_id, t.type, 'M' || lpad(s.shop_id::text, 10, '0'), 'T' || s.shop_code || '-' || t.type, t.note
         FROM (SELECT shop_id, shop_code FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 5) s
        CROSS JOIN (VALUES (1, '收银台银联 POS'), (2, '收银台扫码盒子')) AS t(type, note)
       ON CONFLICT (tenant_id, terminal_no) DO NOTHING`,
    );
    await tx.query(
      `INSERT INTO shop_online_order (tenant_id, shop_id, platform, order_date, order_count, order_amount, refund_amount, create_user_name)
       SELECT app_current_tenant(), s.shop_id, p, current_date - d, n, round((n * (28 + (s.shop_id * 7 + d * 3 + p) % 19))::numeric, 2),
              CASE WHEN d % 5 = 0 THEN round((28 + p)::numeric, 2) ELSE 0 END, '系统'
         FROM (SELECT shop_id FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 5) s
        CROSS JOIN generate_series(1, 14) AS d CROSS JOIN (VALUES (1), (2)) AS pl(p)
        CROSS JOIN LATERAL (SELECT 8 + (s.shop_id * 5 + d * 7 + p * 3) % 23 AS n) k
       ON CONFLICT (tenant_id, shop_id, platform, order_date) DO NOTHING`,
    );
    // The 美团 store list of the first shops, not yet matched (自动匹配 on 平台门店匹配 pairs them), and one store
    // that is none of ours.
    await tx.query(
      `INSERT INTO shop_rel_poi (tenant_id, platform_type, poi_id, poi_name, poi_address)
       SELECT app_current_tenant(), 1, 'MT' || s.shop_code, '鲜到家便利（' || s.shop_name || '）', s.address
         FROM (SELECT shop_code, shop_name, address FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 5) s
       UNION ALL SELECT app_current_tenant(), 1, 'MT-OTHER-1', '鲜到家便利（测试门店）', NULL
       ON CONFLICT (tenant_id, platform_type, poi_id) DO NOTHING`,
    );
  });
}

/**
 * Two pre-sales at the first shop with a shop warehouse, made through the document layer (so the goods are really
 * reserved): one waiting to be picked up tomorrow, one already picked up. Once per tenant.
 */
export async function seedPreSaleDemo(db: Database, tenantId: number): Promise<void> {
  const read = (name: string) => JSON.parse(readFileSync(path.resolve('schemas/resources', `${name}.json`), 'utf8')) as ResourceDescriptor;
  const header = read('po-pre-sale-order');
  const c: DocContext = { header, lines: read('po-pre-sale-order-det'), doc: header.document! };
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM po_pre_sale_order LIMIT 1`)).rows.length) return;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const wh = (await tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`)).rows[0];
    if (!admin || !wh) return;
    const skus = (await tx.query<{ sku_id: number }>(
      `SELECT b.sku_id FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 20 AND s.status = 1 AND s.retail_price > 0 ORDER BY b.sku_id LIMIT 3`,
      [wh.wh_id],
    )).rows;
    if (skus.length < 3) return;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const route: RouteDecl = { method: 'POST', path: 'save', action: 'docCreate' };
    const tomorrow = (await tx.query<{ d: string }>(`SELECT to_char(current_date + 1, 'YYYY-MM-DD') AS d`)).rows[0].d;
    await createDocument(tx, auth, c, route, { shopId: wh.shop_id, customerName: '王女士', customerPhone: '13800000003', pickupDate: tomorrow, depositAmount: 10, payType: 3, remark: '生日会用，下午来取', detList: [{ skuId: skus[0].sku_id, quantity: 6 }, { skuId: skus[1].sku_id, quantity: 2 }] });
    const done = await createDocument(tx, auth, c, route, { shopId: wh.shop_id, customerName: '陈先生', customerPhone: '13800000004', pickupDate: tomorrow, depositAmount: 0, payType: 1, detList: [{ skuId: skus[2].sku_id, quantity: 2 }] });
    await runDocAction(tx, auth, c, c.doc.actions.find((a) => a.id === 'pickUp')!, done, {});
  });
}
