import type { AuthContext } from '../../context.ts';
import type { Database } from '../index.ts';
import { createPickingTasks, syncOnlineOrders } from '../../domains/fulfilment/index.ts';

/**
 * Fulfilment demo: locations A-01-01… for the first SKUs of the first central warehouse, online orders, the
 * first central warehouse as the default dispatch warehouse, and one sync (picking orders with their stock
 * reserved) and one picking task made through the real domain functions. Once per tenant.
 */
export async function seedFulfilmentDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM ec_order LIMIT 1`)).rows.length) return;
    const wh = (await tx.query<{ wh_id: number }>(`SELECT wh_id FROM wh_base_info WHERE wh_type = 1 AND status = 1 ORDER BY wh_id LIMIT 1`)).rows[0];
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    if (!wh || !admin) return;
    await tx.query(
      `INSERT INTO wh_location (tenant_id, wh_id, location_code, zone, sku_id, stock_count, picking_user_id)
       SELECT app_current_tenant(), $1, 'A-' || lpad((1 + (n - 1) / 10)::text, 2, '0') || '-' || lpad((1 + (n - 1) % 10)::text, 2, '0'), 'A区', s.sku_id,
              least(b.on_hand, 10), $2
         FROM (SELECT row_number() OVER (ORDER BY sku_id) n, sku_id FROM pd_sku WHERE status = 1 ORDER BY sku_id LIMIT 40) s
         JOIN stock_balance b ON b.wh_id = $1 AND b.sku_id = s.sku_id
       ON CONFLICT DO NOTHING`,
      [wh.wh_id, admin.id],
    );
    await tx.query(`INSERT INTO wh_ec_config (tenant_id, default_wh_id, picking_mode, auto_sync) VALUES (app_current_tenant(), $1, 1, 0) ON CONFLICT DO NOTHING`, [wh.wh_id]);
    const buyers = [['张伟', '13800138001', '上海市徐汇区漕溪北路18号'], ['李娜', '13800138002', '杭州市西湖区文三路90号'], ['王芳', '13800138003', '南京市鼓楼区中山路66号']];
    for (let i = 1; i <= 6; i++) {
      const [name, phone, address] = buyers[i % 3];
      const o = await tx.query<{ id: number }>(
        `INSERT INTO ec_order (tenant_id, platform, platform_order_no, buyer_name, buyer_phone, address, order_time, status)
         VALUES (app_current_tenant(), $1, $2, $3, $4, $5, now() - make_interval(hours => $6), 1) RETURNING ec_order_id AS id`,
        [1 + (i % 3), `${['DY', 'KS', 'TB'][i % 3]}2026112400${i}`, name, phone, address, i * 2],
      );
      await tx.query(
        `INSERT INTO ec_order_det (tenant_id, ec_order_id, sku_id, sku_code, sku_name, quantity, price)
         SELECT app_current_tenant(), $1, sku_id, sku_code, sku_name, 1 + (sku_id % 3), retail_price FROM pd_sku WHERE status = 1 ORDER BY sku_id OFFSET $2 LIMIT 2`,
        [o.rows[0].id, i * 3],
      );
      await tx.query(`UPDATE ec_order SET total_quantity = d.q, total_amount = d.a FROM (SELECT sum(quantity) q, sum(quantity * price) a FROM ec_order_det WHERE ec_order_id = $1) d WHERE ec_order_id = $1`, [o.rows[0].id]);
    }
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    // Four orders go to picking now; two stay 待同步 for the user to sync.
    await tx.query(`UPDATE ec_order SET status = 0 WHERE ec_order_id IN (SELECT ec_order_id FROM ec_order ORDER BY ec_order_id DESC LIMIT 2)`);
    await syncOnlineOrders(tx, auth);
    await tx.query(`UPDATE ec_order SET status = 1 WHERE status = 0`);
    const picks = (await tx.query<{ picking_id: number }>(`SELECT picking_id FROM wh_picking_order ORDER BY picking_id LIMIT 2`)).rows.map((r) => r.picking_id);
    if (picks.length) await createPickingTasks(tx, auth, picks, admin.id, true);
  });
}
