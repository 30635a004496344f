import type { Database, Queryable } from '../index.ts';
import { nextDocNo } from '../../documents/numbers.ts';

/**
 * Stock demo: a shop warehouse (门店仓) per demo shop, and opening stock posted as real 其他入库 documents
 * (status 已入库, one per warehouse, reason 期初入库) through ledger rows, so on_hand = Σ ledger from the start.
 * Central warehouses hold every SKU; shop warehouses the first 300. Runs once: a tenant that already has an
 * opening document keeps what people did since.
 */
export async function seedStockDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    // The demo's 南京江宁门店仓 is the 南京江宁 shop's; every other demo shop gets a warehouse of its own.
    await tx.query(
      `UPDATE wh_base_info w SET shop_id = s.shop_id FROM shop_base s
        WHERE w.wh_name = '南京江宁门店仓' AND w.shop_id IS NULL AND s.shop_name = '南京江宁店'`,
    );
    await tx.query(
      `INSERT INTO wh_base_info (tenant_id, wh_code, wh_name, wh_type, region_name, is_distribution, contact_name, phone, address, area, status, shop_id)
       SELECT app_current_tenant(), 'MD' || s.shop_code, left(s.shop_name || '仓', 24), 2, s.region_name, 0, s.contact_name, s.phone, s.address, 50, 1, s.shop_id
         FROM shop_base s WHERE s.shop_code ~ '^S[0-9]{4}$' AND NOT EXISTS (SELECT 1 FROM wh_base_info w WHERE w.shop_id = s.shop_id)
       ON CONFLICT DO NOTHING`,
    );
    const done = await tx.query(`SELECT 1 FROM wh_other_stock_in WHERE reason = 1 LIMIT 1`);
    if (done.rows.length) return;
    const whs = (await tx.query<{ wh_id: number; wh_type: number }>(`SELECT wh_id, wh_type FROM wh_base_info WHERE status = 1 ORDER BY wh_id`)).rows;
    for (const wh of whs) {
      const skuLimit = wh.wh_type === 2 ? 300 : 100000;
      const no = await nextDocNo(tx, tenantId, 'QTRK');
      const doc = await tx.query<{ id: number }>(
        `INSERT INTO wh_other_stock_in (tenant_id, stock_in_no, wh_id, wh_name, reason, status, remark, create_user_name, confirm_time)
         SELECT app_current_tenant(), $1, wh_id, wh_name, 1, 2, '期初库存（演示数据）', '系统管理员', now() FROM wh_base_info WHERE wh_id = $2
         RETURNING stock_in_id AS id`,
        [no, wh.wh_id],
      );
      const id = doc.rows[0].id;
      // Quantities 20-219 (shop warehouses 5-34), cost = the SKU's purchase price.
      await tx.query(
        `INSERT INTO wh_other_stock_in_det (tenant_id, stock_in_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_cost)
         SELECT app_current_tenant(), $1, row_number() OVER (ORDER BY sku_id), sku_id, sku_code, sku_name, barcode, spec, unit,
                CASE WHEN $3 = 2 THEN 5 + (sku_id * 7 + $2) % 30 ELSE 20 + (sku_id * 13 + $2) % 200 END, purchase_price
           FROM (SELECT * FROM pd_sku WHERE status = 1 ORDER BY sku_id LIMIT $4) s`,
        [id, wh.wh_id, wh.wh_type, skuLimit],
      );
      await tx.query(
        `UPDATE wh_other_stock_in SET total_quantity = d.q, total_amount = d.a
           FROM (SELECT sum(quantity) q, sum(amount) a FROM wh_other_stock_in_det WHERE stock_in_id = $1) d WHERE stock_in_id = $1`,
        [id],
      );
      await tx.query(
        `INSERT INTO stock_balance (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, barcode, spu_id, spu_name, spec, unit, on_hand, avg_cost, safety_stock)
         SELECT app_current_tenant(), h.wh_id, d.sku_id, h.wh_name, d.sku_code, d.sku_name, d.barcode, s.spu_id, s.spu_name, d.spec, d.unit, d.quantity, d.unit_cost,
                CASE WHEN d.sku_id % 10 = 0 THEN d.quantity + 10 ELSE 10 END
           FROM wh_other_stock_in_det d JOIN wh_other_stock_in h ON h.stock_in_id = d.stock_in_id JOIN pd_sku s ON s.sku_id = d.sku_id
          WHERE d.stock_in_id = $1
         ON CONFLICT (tenant_id, wh_id, sku_id) DO NOTHING`,
        [id],
      );
      await tx.query(
        `INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, doc_type, doc_id, doc_no, line_id, qty, unit_cost, amount, on_hand_after, create_user_name)
         SELECT app_current_tenant(), h.wh_id, d.sku_id, h.wh_name, d.sku_code, d.sku_name, 'otherStockIn', h.stock_in_id, h.stock_in_no, d.det_id, d.quantity, d.unit_cost, d.amount, d.quantity, '系统管理员'
           FROM wh_other_stock_in_det d JOIN wh_other_stock_in h ON h.stock_in_id = d.stock_in_id WHERE d.stock_in_id = $1`,
        [id],
      );
      await tx.query(
        `INSERT INTO doc_event (tenant_id, doc_type, doc_id, action, action_label, from_status, to_status, note, user_name)
         VALUES (app_current_tenant(), 'otherStockIn', $1, 'create', '创建', NULL, 1, '期初库存', '系统管理员'),
                (app_current_tenant(), 'otherStockIn', $1, 'confirm', '确认入库', 1, 2, NULL, '系统管理员')`,
        [id],
      );
    }
    // A draft waiting to be confirmed, so the list shows both states.
    await tx.query(
      `WITH h AS (
         INSERT INTO wh_other_stock_in (tenant_id, stock_in_no, wh_id, wh_name, reason, status, remark, create_user_name, total_quantity, total_amount)
         SELECT app_current_tenant(), $1, wh_id, wh_name, 3, 1, '供应商赠品待入库', '系统管理员', 30, 0
           FROM wh_base_info WHERE status = 1 AND wh_type = 1 ORDER BY wh_id LIMIT 1
         RETURNING stock_in_id, wh_id),
       e AS (INSERT INTO doc_event (tenant_id, doc_type, doc_id, action, action_label, from_status, to_status, user_name)
             SELECT app_current_tenant(), 'otherStockIn', stock_in_id, 'create', '创建', NULL, 1, '系统管理员' FROM h)
       INSERT INTO wh_other_stock_in_det (tenant_id, stock_in_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_cost)
       SELECT app_current_tenant(), h.stock_in_id, s.n, s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, 10, 0
         FROM h CROSS JOIN (SELECT row_number() OVER (ORDER BY sku_id) n, * FROM pd_sku WHERE status = 1 ORDER BY sku_id LIMIT 3) s`,
      [await nextDocNo(tx, tenantId, 'QTRK')],
    );
  });
}
