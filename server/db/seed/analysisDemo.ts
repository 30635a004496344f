import type { Database } from '../index.ts';
import { nextDocNo } from '../../documents/numbers.ts';

const DEMO_PAYMENT_UUID = '7c0a3a52-5d1e-4f59-9a53-2d8f0e0a0001';

/**
 * 报表中心 analysis demo (tenant 1): a payment to the supplier of the audited demo receipts (half of what is owed,
 * so 供应商对账 shows received, returned, paid and still owed), and the three best-selling SKUs of the demo orders
 * marked as new products launched ten days ago (新品分析 shows their first weeks). 铺货分析, 库存动销, 商品卖点 and
 * 会员消费 read the demo transfers, stock and orders as they are.
 */
export async function seedAnalysisDemo(db: Database, tenantId: number): Promise<void> {
  if (tenantId !== 1) return;
  await db.tenant(tenantId, async (tx) => {
    const owed = await tx.query<{ supplier_id: number; supplier_name: string; owed: string }>(
      `SELECT p.supplier_id, max(p.supplier_name) AS supplier_name, sum(r.total_amount) AS owed
         FROM wh_receipt r JOIN wh_purchase p ON p.purchase_id = r.purchase_id WHERE r.status = 2 GROUP BY 1 ORDER BY 3 DESC LIMIT 1`,
    );
    const s = owed.rows[0];
    const paid = await tx.query(`SELECT 1 FROM pd_supplier_account_det WHERE client_uuid = $1`, [DEMO_PAYMENT_UUID]);
    if (s && !paid.rows.length && Number(s.owed) > 0) {
      await tx.query(
        `INSERT INTO pd_supplier_account_det (tenant_id, det_no, supplier_id, supplier_name, det_type, amount, pay_date, pay_method, client_uuid, remark, create_user_name)
         VALUES (app_current_tenant(), $1, $2, $3, 3, round($4::numeric / 2, 2), current_date - 1, 1, $5, '演示：上月货款（一半）', '系统管理员')
         ON CONFLICT DO NOTHING`,
        [await nextDocNo(tx, tenantId, 'FK'), s.supplier_id, s.supplier_name, s.owed, DEMO_PAYMENT_UUID],
      );
    }
    await tx.query(
      `INSERT INTO pd_new_product (tenant_id, sku_id, launch_date, observe_weeks, remark, create_user_name, update_user_name)
       SELECT app_current_tenant(), d.sku_id, current_date - 10, 4, '演示新品', '系统管理员', '系统管理员'
         FROM po_order_det d JOIN po_order o ON o.order_id = d.order_id WHERE NOT o.is_practice
        GROUP BY d.sku_id ORDER BY sum(d.quantity) DESC, d.sku_id LIMIT 3
       ON CONFLICT (tenant_id, sku_id) DO NOTHING`,
    );
  });
}
