import { actorName } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { postStock } from '../stock/index.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';

/**
 * 退供应商 (pd-supplier-mrb): goods of an audited receipt sent back to the supplier.
 *
 * A return names its receipt; supplier and warehouse come from it. Its lines are SKUs of that receipt at the
 * receipt's price (what the supplier owes back), never more than arrived less what earlier returns sent back.
 * Saved without lines, it takes everything still returnable. 草稿 (1) -> 确认退货出库 -> 已退货 (2): stock leaves
 * at moving-average cost and the receipt lines' returned quantities rise, checked with the receipt row locked so
 * two returns confirmed at once cannot both pass. A receipt with confirmed returns cannot be un-audited.
 */


interface ReceiptRow {
  receipt_id: number;
  receipt_no: string;
  purchase_no: string;
  supplier_name: string;
  wh_id: number;
  wh_name: string;
  status: number;
}

async function lockReceipt(tx: Queryable, receiptId: unknown): Promise<ReceiptRow> {
  const r = await tx.query<ReceiptRow>(
    `SELECT receipt_id, receipt_no, purchase_no, supplier_name, wh_id, wh_name, status FROM wh_receipt WHERE receipt_id = $1 FOR UPDATE`,
    [receiptId],
  );
  const receipt = r.rows[0];
  if (!receipt) throw new ApiError('BAD_REQUEST', '收货单不存在');
  if (Number(receipt.status) !== 2) throw new ApiError('CONFLICT', `收货单 ${receipt.receipt_no} 尚未确认入库，不能退货`);
  return receipt;
}

/** The first line asking more back than its receipt line still holds (received - returned), if any. */
async function firstOverReturn(tx: Queryable, mrbId: number, receiptId: number) {
  const over = await tx.query<{ line_no: number; sku_name: string; received: string; returned: string; now: string }>(
    `SELECT m.line_no, m.sku_name, r.quantity AS received, r.returned_quantity AS returned, m.quantity AS now
       FROM pd_supplier_mrb_det m JOIN wh_receipt_det r ON r.receipt_id = $2 AND r.sku_id = m.sku_id
      WHERE m.mrb_id = $1 AND r.returned_quantity + m.quantity > r.quantity ORDER BY m.line_no LIMIT 1`,
    [mrbId, receiptId],
  );
  const o = over.rows[0];
  if (!o) return;
  const can = Number(o.received) - Number(o.returned);
  throw new ApiError('BAD_REQUEST', `第${o.line_no}行：${o.sku_name} 收货 ${Number(o.received)}，已退 ${Number(o.returned)}，最多还能退 ${can}，本次 ${Number(o.now)}`);
}

registerDocFn('supplierMrb.save', async ({ tx, auth, id, ref, header, lines, body }) => {
  const r = await lockReceipt(tx, header.receiptId);
  await tx.query(
    `UPDATE pd_supplier_mrb SET receipt_no = $2, purchase_no = $3, supplier_name = $4, wh_id = $5, wh_name = $6 WHERE mrb_id = $1`,
    [id, r.receipt_no, r.purchase_no, r.supplier_name, r.wh_id, r.wh_name],
  );
  if (!lines.length) {
    const filled = await tx.query(
      `INSERT INTO pd_supplier_mrb_det (tenant_id, mrb_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price)
       SELECT app_current_tenant(), $1, row_number() OVER (ORDER BY d.line_no), d.sku_id, d.sku_code, d.sku_name, d.barcode, d.spec, d.unit,
              d.quantity - d.returned_quantity, d.unit_price
         FROM wh_receipt_det d WHERE d.receipt_id = $2 AND d.quantity > d.returned_quantity`,
      [id, r.receipt_id],
    );
    if (!filled.rowCount) throw new ApiError('CONFLICT', `收货单 ${r.receipt_no} 的商品已全部退回，没有可退的数量`);
  } else {
    const missing = await tx.query<{ line_no: number; sku_name: string }>(
      `SELECT m.line_no, m.sku_name FROM pd_supplier_mrb_det m
        WHERE m.mrb_id = $1 AND NOT EXISTS (SELECT 1 FROM wh_receipt_det d WHERE d.receipt_id = $2 AND d.sku_id = m.sku_id)
        ORDER BY m.line_no LIMIT 1`,
      [id, r.receipt_id],
    );
    if (missing.rows[0]) throw new ApiError('BAD_REQUEST', `第${missing.rows[0].line_no}行：${missing.rows[0].sku_name} 不在收货单 ${r.receipt_no} 中`);
    await tx.query(
      `UPDATE pd_supplier_mrb_det m SET unit_price = d.unit_price FROM wh_receipt_det d WHERE m.mrb_id = $1 AND d.receipt_id = $2 AND d.sku_id = m.sku_id`,
      [id, r.receipt_id],
    );
    await firstOverReturn(tx, id, r.receipt_id);
  }
  await tx.query(
    `UPDATE pd_supplier_mrb SET total_quantity = (SELECT coalesce(sum(quantity), 0) FROM pd_supplier_mrb_det WHERE mrb_id = $1),
                                total_amount = (SELECT coalesce(sum(amount), 0) FROM pd_supplier_mrb_det WHERE mrb_id = $1)
      WHERE mrb_id = $1`,
    [id],
  );
  // Notice 16 (supplierMRBDet): whoever confirms returns learns there is one to send; the notice opens it only
  // while it exists (a draft may still be deleted).
  if (body.created)
    await notifyConfirmers(tx, auth, 'pd:supplierMrb:confirm', {
      businessType: 16,
      businessId: id,
      messageTypeInfo: '退供应商待出库',
      noticeTemplateInfo: `${actorName(auth)} 新建了退供应商单 ${ref.docNo}（${r.supplier_name}，收货单 ${r.receipt_no}），请从「${r.wh_name}」确认退货出库。`,
    });
});

registerDocFn('supplierMrb.confirm', async ({ tx, auth, id, ref, header, lines }) => {
  const r = await lockReceipt(tx, header.receiptId);
  await firstOverReturn(tx, id, r.receipt_id);
  await tx.query(
    `UPDATE wh_receipt_det d SET returned_quantity = d.returned_quantity + m.quantity
       FROM pd_supplier_mrb_det m WHERE m.mrb_id = $1 AND d.receipt_id = $2 AND d.sku_id = m.sku_id`,
    [id, r.receipt_id],
  );
  await postStock(
    tx,
    auth,
    ref,
    lines.map((l) => ({ whId: r.wh_id, skuId: Number(l.skuId), qty: -Number(l.quantity), lineId: Number(l.detId) })),
  );
  await tx.query(
    `UPDATE pd_supplier_mrb_det m SET unit_cost = l.unit_cost
       FROM stock_ledger l WHERE l.doc_type = $2 AND l.doc_id = $1 AND l.line_id = m.det_id AND m.mrb_id = $1`,
    [id, ref.docType],
  );
  await tx.query(`UPDATE pd_supplier_mrb SET confirm_user_name = $2, confirm_time = now() WHERE mrb_id = $1`, [id, actorName(auth)]);
});

/** Called by the receipt's un-audit: stock a supplier already took back cannot be un-received. */
export async function refuseUnAuditWithReturns(tx: Queryable, receiptId: number, receiptNo: string): Promise<void> {
  const m = await tx.query<{ mrb_no: string }>(`SELECT mrb_no FROM pd_supplier_mrb WHERE receipt_id = $1 AND status = 2 ORDER BY mrb_id LIMIT 1`, [receiptId]);
  if (m.rows[0]) throw new ApiError('CONFLICT', `收货单 ${receiptNo} 已有退供应商单 ${m.rows[0].mrb_no}，不能反审核`);
}
