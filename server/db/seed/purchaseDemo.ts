import type { AuthContext } from '../../context.ts';
import type { Database } from '../index.ts';
import { docFn } from '../../documents/registry.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import '../../domains/index.ts';

/**
 * Purchases in every state for the first central warehouse (a draft, one audited and expected tomorrow, one
 * partly received, one completed, one interrupted), their receipts made through the real receipt function
 * (so stock and the ledger agree), and a receipt draft waiting to be confirmed. Once per tenant.
 */
export async function seedPurchaseDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM wh_purchase LIMIT 1`)).rows.length) return;
    const wh = (await tx.query<{ wh_id: number; wh_name: string }>(`SELECT wh_id, wh_name FROM wh_base_info WHERE wh_type = 1 AND status = 1 ORDER BY wh_id LIMIT 1`)).rows[0];
    const suppliers = (await tx.query<{ id: number; supplier_name: string }>(`SELECT id, supplier_name FROM pd_supplier WHERE status = 1 ORDER BY id LIMIT 5`)).rows;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const skuCount = Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pd_sku WHERE status = 1`)).rows[0].n);
    if (!wh || suppliers.length < 5 || !admin || skuCount < 3) return;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    // status, then how much of each 20-piece line arrives (0 = none), and whether the rest is interrupted
    const plan: { status: number; receive: number; draftReceipt?: boolean; remark: string }[] = [
      { status: 1, receive: 0, remark: '下周促销备货（草稿）' },
      { status: 2, receive: 0, draftReceipt: true, remark: '常规补货，明日到货' },
      { status: 3, receive: 12, remark: '分批到货' },
      { status: 4, receive: 20, remark: '已全部到货' },
      { status: 5, receive: 8, remark: '供应商缺货，余量中止' },
    ];
    for (const [i, p] of plan.entries()) {
      const supplier = suppliers[i];
      const no = await nextDocNo(tx, tenantId, 'CG');
      const audited = p.status > 1;
      const id = (
        await tx.query<{ id: number }>(
          `INSERT INTO wh_purchase (tenant_id, purchase_no, supplier_id, supplier_name, wh_id, wh_name, expected_date, status, remark, create_user_name, audit_user_name, audit_time)
           VALUES (app_current_tenant(), $1, $2, $3, $4, $5, current_date + 1, $6, $7, $8, $9::varchar, CASE WHEN $9::varchar IS NULL THEN NULL ELSE now() END) RETURNING purchase_id AS id`,
          [no, supplier.id, supplier.supplier_name, wh.wh_id, wh.wh_name, audited ? 2 : 1, p.remark, admin.name, audited ? admin.name : null],
        )
      ).rows[0].id;
      await tx.query(
        `INSERT INTO wh_purchase_det (tenant_id, purchase_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price)
         SELECT app_current_tenant(), $1, row_number() OVER (ORDER BY s.sku_id), s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, 20, s.purchase_price
           FROM (SELECT * FROM pd_sku WHERE status = 1 ORDER BY sku_id OFFSET $2 LIMIT 3) s`,
        [id, (40 + i * 3) % (skuCount - 2)],
      );
      await tx.query(
        `UPDATE wh_purchase SET total_quantity = t.q, total_amount = t.a FROM (SELECT sum(quantity) q, sum(amount) a FROM wh_purchase_det WHERE purchase_id = $1) t WHERE purchase_id = $1`,
        [id],
      );
      await recordDocEvent(tx, auth, { docType: 'purchase', docId: id, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: 1 });
      if (audited) await recordDocEvent(tx, auth, { docType: 'purchase', docId: id, action: 'audit', actionLabel: '审核', fromStatus: 1, toStatus: 2 });
      if (p.receive > 0 || p.draftReceipt) {
        const rno = await nextDocNo(tx, tenantId, 'SH');
        const rid = (
          await tx.query<{ id: number }>(
            `INSERT INTO wh_receipt (tenant_id, receipt_no, purchase_id, purchase_no, supplier_name, wh_id, wh_name, status, remark, create_user_name)
             VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, 1, $7, $8) RETURNING receipt_id AS id`,
            [rno, id, no, supplier.supplier_name, wh.wh_id, wh.wh_name, p.draftReceipt ? '到货待清点' : '到货入库', admin.name],
          )
        ).rows[0].id;
        await tx.query(
          `INSERT INTO wh_receipt_det (tenant_id, receipt_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price)
           SELECT app_current_tenant(), $1, d.line_no, d.sku_id, d.sku_code, d.sku_name, d.barcode, d.spec, d.unit, $3, d.unit_price FROM wh_purchase_det d WHERE d.purchase_id = $2`,
          [rid, id, p.receive || 20],
        );
        await tx.query(
          `UPDATE wh_receipt SET total_quantity = t.q, total_amount = t.a FROM (SELECT sum(quantity) q, sum(amount) a FROM wh_receipt_det WHERE receipt_id = $1) t WHERE receipt_id = $1`,
          [rid],
        );
        await recordDocEvent(tx, auth, { docType: 'receipt', docId: rid, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: 1 });
        if (!p.draftReceipt) {
          const lines = (
            await tx.query(`SELECT det_id AS "detId", sku_id AS "skuId", quantity::float8 AS quantity, unit_price::float8 AS "unitPrice" FROM wh_receipt_det WHERE receipt_id = $1 ORDER BY line_no`, [rid])
          ).rows;
          await docFn('receipt.audit')!({ tx, auth, resource: undefined as never, id: rid, ref: { docType: 'receipt', docId: rid, docNo: rno }, header: { purchaseId: id }, lines, body: {} });
          await tx.query(`UPDATE wh_receipt SET status = 2 WHERE receipt_id = $1`, [rid]);
          await recordDocEvent(tx, auth, { docType: 'receipt', docId: rid, action: 'audit', actionLabel: '确认入库', fromStatus: 1, toStatus: 2 });
        }
      }
      if (p.status === 5) {
        await tx.query(`UPDATE wh_purchase SET status = 5, interrupt_time = now() WHERE purchase_id = $1`, [id]);
        await recordDocEvent(tx, auth, { docType: 'purchase', docId: id, action: 'interrupt', actionLabel: '中止采购', fromStatus: 3, toStatus: 5, note: '供应商缺货' });
      }
      if (p.status === 2) {
        await tx.query(
          `INSERT INTO wh_expected_receipt (tenant_id, purchase_id, expected_time, quantity, carrier, contact_phone, remark)
           VALUES (app_current_tenant(), $1, date_trunc('day', now()) + interval '1 day 10 hours', 60, '顺丰物流', '13900000001', '上午到货，请安排卸货')`,
          [id],
        );
      }
    }
  });
}

/**
 * Two returns to the supplier of the completed purchase's receipt: one confirmed (stock left through the ledger),
 * one draft waiting to be confirmed. Made through the real functions, once per tenant.
 */
export async function seedSupplierMrbDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM pd_supplier_mrb LIMIT 1`)).rows.length) return;
    const receipt = (
      await tx.query<{ receipt_id: number }>(
        `SELECT r.receipt_id FROM wh_receipt r JOIN wh_purchase p ON p.purchase_id = r.purchase_id WHERE r.status = 2 AND p.status = 4 ORDER BY r.receipt_id LIMIT 1`,
      )
    ).rows[0];
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    if (!receipt || !admin) return;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const plan = [
      { reason: 1, quantity: 2, confirm: true, remark: '外包装破损，退回供应商' },
      { reason: 4, quantity: 3, confirm: false, remark: '滞销，与供应商协商退货' },
    ];
    for (const p of plan) {
      const no = await nextDocNo(tx, tenantId, 'CGTH');
      const id = (
        await tx.query<{ id: number }>(
          `INSERT INTO pd_supplier_mrb (tenant_id, mrb_no, receipt_id, reason, status, remark, create_user_name) VALUES (app_current_tenant(), $1, $2, $3, 1, $4, $5) RETURNING mrb_id AS id`,
          [no, receipt.receipt_id, p.reason, p.remark, admin.name],
        )
      ).rows[0].id;
      await tx.query(
        `INSERT INTO pd_supplier_mrb_det (tenant_id, mrb_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity)
         SELECT app_current_tenant(), $1, d.line_no, d.sku_id, d.sku_code, d.sku_name, d.barcode, d.spec, d.unit, $3 FROM wh_receipt_det d WHERE d.receipt_id = $2`,
        [id, receipt.receipt_id, p.quantity],
      );
      const ref = { docType: 'supplierMrb', docId: id, docNo: no };
      const lines = (await tx.query(`SELECT det_id AS "detId", sku_id AS "skuId", quantity::float8 AS quantity FROM pd_supplier_mrb_det WHERE mrb_id = $1 ORDER BY line_no`, [id])).rows;
      const header = { receiptId: receipt.receipt_id };
      await docFn('supplierMrb.save')!({ tx, auth, resource: undefined as never, id, ref, header, lines, body: {} });
      await recordDocEvent(tx, auth, { docType: 'supplierMrb', docId: id, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: 1 });
      if (p.confirm) {
        await docFn('supplierMrb.confirm')!({ tx, auth, resource: undefined as never, id, ref, header, lines, body: {} });
        await tx.query(`UPDATE pd_supplier_mrb SET status = 2 WHERE mrb_id = $1`, [id]);
        await recordDocEvent(tx, auth, { docType: 'supplierMrb', docId: id, action: 'confirm', actionLabel: '确认退货出库', fromStatus: 1, toStatus: 2 });
      }
    }
  });
}
