import { type AuthContext, actorName } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { usersWithPerm } from '../../permissions.ts';
import { lineLot, postStock } from '../stock/index.ts';
import { refuseUnAuditWithReturns } from './supplierMrb.ts';

/**
 * 采购 (wh-purchase) and 收货 (wh-receipt).
 *
 * A purchase is ordered from a supplier for one warehouse: 草稿 (1) -> 审核 -> 已审核 (2). Receipts against an
 * audited purchase raise stock at the purchase price when they are audited; each purchase line keeps how much
 * arrived, and the purchase follows: 部分收货 (3), 已完成 (4) when every line is in. Receiving more than ordered
 * is refused naming the line. 中止 (5) closes what was not received: no receipt can be audited against it any
 * more. A receipt's un-audit takes its stock back (if it is still there) and reopens the purchase.
 */

export const PURCHASE = { draft: 1, audited: 2, partly: 3, done: 4, interrupted: 5 } as const;


registerDocFn('purchase.save', async ({ tx, id, header }) => {
  const supplier = await tx.query<{ supplier_name: string; status: number }>(`SELECT supplier_name, status FROM pd_supplier WHERE id = $1`, [header.supplierId]);
  if (!supplier.rows[0]) throw new ApiError('BAD_REQUEST', '供应商不存在');
  if (Number(supplier.rows[0].status) !== 1) throw new ApiError('BAD_REQUEST', `供应商「${supplier.rows[0].supplier_name}」已停用`);
  const wh = await tx.query<{ wh_name: string; status: number }>(`SELECT wh_name, status FROM wh_base_info WHERE wh_id = $1`, [header.whId]);
  if (!wh.rows[0]) throw new ApiError('BAD_REQUEST', '收货仓库不存在');
  if (Number(wh.rows[0].status) !== 1) throw new ApiError('BAD_REQUEST', `收货仓库「${wh.rows[0].wh_name}」已停用`);
  await tx.query(`UPDATE wh_purchase SET supplier_name = $2, wh_name = $3 WHERE purchase_id = $1`, [id, supplier.rows[0].supplier_name, wh.rows[0].wh_name]);
});

registerDocFn('purchase.audit', async ({ tx, auth, id, ref, header }) => {
  await tx.query(`UPDATE wh_purchase SET audit_user_name = $2, audit_time = now() WHERE purchase_id = $1`, [id, actorName(auth)]);
  // Notice 2 (placeDetail): the warehouse that receives learns what is coming.
  const receivers = await usersWithPerm(tx, 'wh:receipt:add');
  if (receivers.length)
    await notifyUsersInTx(tx, auth.tenantId, receivers, {
      businessType: 2,
      businessId: id,
      messageTypeInfo: '采购待收货',
      noticeTemplateInfo: `采购单 ${ref.docNo}（${String(header.supplierName)}）已审核，将送达「${String(header.whName)}」${header.expectedDate ? `，预计 ${String(header.expectedDate)} 到货` : ''}，请安排收货。`,
    });
});

registerDocFn('purchase.unAudit', async ({ tx, id }) => {
  const receipts = await tx.query<{ receipt_no: string }>(`SELECT receipt_no FROM wh_receipt WHERE purchase_id = $1 ORDER BY receipt_id LIMIT 1`, [id]);
  if (receipts.rows[0]) throw new ApiError('CONFLICT', `采购单已有收货单 ${receipts.rows[0].receipt_no}，请先删除或反审核收货单`);
  await tx.query(`UPDATE wh_purchase SET audit_user_name = NULL, audit_time = NULL WHERE purchase_id = $1`, [id]);
});

registerDocFn('purchase.interrupt', async ({ tx, id }) => {
  await tx.query(`UPDATE wh_purchase SET interrupt_time = now() WHERE purchase_id = $1`, [id]);
});

// ------------------------------------------------------------------ receipts

interface PurchaseRow {
  purchase_id: number;
  purchase_no: string;
  supplier_name: string;
  wh_id: number;
  wh_name: string;
  status: number;
}

async function lockPurchase(tx: Queryable, purchaseId: unknown): Promise<PurchaseRow> {
  const r = await tx.query<PurchaseRow>(`SELECT purchase_id, purchase_no, supplier_name, wh_id, wh_name, status FROM wh_purchase WHERE purchase_id = $1 FOR UPDATE`, [purchaseId]);
  if (!r.rows[0]) throw new ApiError('BAD_REQUEST', '采购单不存在');
  return r.rows[0];
}

function receivable(p: PurchaseRow): void {
  if (p.status === PURCHASE.draft) throw new ApiError('CONFLICT', `采购单 ${p.purchase_no} 尚未审核，不能收货`);
  if (p.status === PURCHASE.interrupted) throw new ApiError('CONFLICT', `采购单 ${p.purchase_no} 已中止，不能再收货`);
  if (p.status === PURCHASE.done) throw new ApiError('CONFLICT', `采购单 ${p.purchase_no} 已全部收货`);
}

/**
 * A receipt names a purchase that can still receive; its lines must be SKUs of that purchase and take the
 * purchase price. Saved without lines, it gets every line of the purchase with what is still to come.
 */
registerDocFn('receipt.save', async ({ tx, id, header, lines }) => {
  const p = await lockPurchase(tx, header.purchaseId);
  receivable(p);
  await tx.query(`UPDATE wh_receipt SET purchase_no = $2, supplier_name = $3, wh_id = $4, wh_name = $5 WHERE receipt_id = $1`, [id, p.purchase_no, p.supplier_name, p.wh_id, p.wh_name]);
  if (!lines.length) {
    const filled = await tx.query(
      `INSERT INTO wh_receipt_det (tenant_id, receipt_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price)
       SELECT app_current_tenant(), $1, row_number() OVER (ORDER BY d.line_no), d.sku_id, d.sku_code, d.sku_name, d.barcode, d.spec, d.unit, d.quantity - d.received_quantity, d.unit_price
         FROM wh_purchase_det d WHERE d.purchase_id = $2 AND d.quantity > d.received_quantity`,
      [id, p.purchase_id],
    );
    if (!filled.rowCount) throw new ApiError('CONFLICT', `采购单 ${p.purchase_no} 没有待收的商品`);
  } else {
    const missing = await tx.query<{ line_no: number; sku_name: string }>(
      `SELECT r.line_no, r.sku_name FROM wh_receipt_det r
        WHERE r.receipt_id = $1 AND NOT EXISTS (SELECT 1 FROM wh_purchase_det d WHERE d.purchase_id = $2 AND d.sku_id = r.sku_id)
        ORDER BY r.line_no LIMIT 1`,
      [id, p.purchase_id],
    );
    if (missing.rows[0]) throw new ApiError('BAD_REQUEST', `第${missing.rows[0].line_no}行：${missing.rows[0].sku_name} 不在采购单 ${p.purchase_no} 中`);
    await tx.query(
      `UPDATE wh_receipt_det r SET unit_price = d.unit_price FROM wh_purchase_det d WHERE r.receipt_id = $1 AND d.purchase_id = $2 AND d.sku_id = r.sku_id`,
      [id, p.purchase_id],
    );
  }
  await tx.query(
    `UPDATE wh_receipt SET total_quantity = (SELECT coalesce(sum(quantity), 0) FROM wh_receipt_det WHERE receipt_id = $1),
                           total_amount = (SELECT coalesce(sum(amount), 0) FROM wh_receipt_det WHERE receipt_id = $1)
      WHERE receipt_id = $1`,
    [id],
  );
});

/** The purchase's received quantities moved by `sign` x this receipt's lines, and its status recomputed. */
async function applyToPurchase(tx: Queryable, auth: AuthContext, p: PurchaseRow, receiptId: number, sign: 1 | -1): Promise<void> {
  if (sign > 0) {
    // Over-receipt: checked with the purchase row locked, so two receipts audited at once cannot both pass. A SKU may
    // come on several lines (one per lot): its lines are summed.
    const over = await tx.query<{ line_no: number; sku_name: string; ordered: string; received: string; now: string }>(
      `SELECT r.line_no, r.sku_name, d.quantity AS ordered, d.received_quantity AS received, r.quantity AS now
         FROM (SELECT sku_id, min(line_no) AS line_no, min(sku_name) AS sku_name, sum(quantity) AS quantity FROM wh_receipt_det WHERE receipt_id = $1 GROUP BY sku_id) r
         JOIN wh_purchase_det d ON d.purchase_id = $2 AND d.sku_id = r.sku_id
        WHERE d.received_quantity + r.quantity > d.quantity ORDER BY r.line_no LIMIT 1`,
      [receiptId, p.purchase_id],
    );
    const o = over.rows[0];
    if (o) {
      const extra = Number(o.received) + Number(o.now) - Number(o.ordered);
      throw new ApiError('BAD_REQUEST', `第${o.line_no}行：${o.sku_name} 采购 ${Number(o.ordered)}，已收 ${Number(o.received)}，本次 ${Number(o.now)}，超出 ${extra}`);
    }
  }
  await tx.query(
    `UPDATE wh_purchase_det d SET received_quantity = d.received_quantity + $3 * r.quantity
       FROM (SELECT sku_id, sum(quantity) AS quantity FROM wh_receipt_det WHERE receipt_id = $1 GROUP BY sku_id) r WHERE d.purchase_id = $2 AND d.sku_id = r.sku_id`,
    [receiptId, p.purchase_id, sign],
  );
  const totals = await tx.query<{ ordered: string; received: string }>(
    `SELECT sum(quantity) AS ordered, sum(received_quantity) AS received FROM wh_purchase_det WHERE purchase_id = $1`,
    [p.purchase_id],
  );
  const received = Number(totals.rows[0].received);
  const next = p.status === PURCHASE.interrupted ? PURCHASE.interrupted : received <= 0 ? PURCHASE.audited : received >= Number(totals.rows[0].ordered) ? PURCHASE.done : PURCHASE.partly;
  await tx.query(`UPDATE wh_purchase SET received_quantity = $2, status = $3 WHERE purchase_id = $1`, [p.purchase_id, received, next]);
  if (next !== p.status) {
    const label = sign > 0 ? '收货' : '收货反审核';
    await recordDocEvent(tx, auth, { docType: 'purchase', docId: p.purchase_id, action: sign > 0 ? 'receive' : 'unReceive', actionLabel: label, fromStatus: p.status, toStatus: next });
  }
}

registerDocFn('receipt.audit', async ({ tx, auth, ref, header, lines, id }) => {
  const p = await lockPurchase(tx, header.purchaseId);
  receivable(p);
  await applyToPurchase(tx, auth, p, id, 1);
  await postStock(
    tx,
    auth,
    ref,
    lines.map((l) => ({ whId: p.wh_id, skuId: Number(l.skuId), qty: Number(l.quantity), unitCost: Number(l.unitPrice ?? 0), lineId: Number(l.detId), lot: lineLot(l) })),
  );
  await tx.query(`UPDATE wh_receipt SET audit_user_name = $2, audit_time = now() WHERE receipt_id = $1`, [id, actorName(auth)]);
});

registerDocFn('receipt.unAudit', async ({ tx, auth, ref, header, lines, id }) => {
  const p = await lockPurchase(tx, header.purchaseId);
  await refuseUnAuditWithReturns(tx, id, ref.docNo);
  await postStock(
    tx,
    auth,
    ref,
    lines.map((l) => ({ whId: p.wh_id, skuId: Number(l.skuId), qty: -Number(l.quantity), lineId: Number(l.detId) })),
  );
  await applyToPurchase(tx, auth, p, id, -1);
  await tx.query(`UPDATE wh_receipt SET audit_user_name = NULL, audit_time = NULL WHERE receipt_id = $1`, [id]);
});

/** 中止采购 from a receipt: closes the receipt's purchase (the receipt itself keeps its status). */
registerDocFn('receipt.interruptPurchase', async ({ tx, auth, header }) => {
  const p = await lockPurchase(tx, header.purchaseId);
  if (p.status !== PURCHASE.audited && p.status !== PURCHASE.partly) throw new ApiError('CONFLICT', `采购单 ${p.purchase_no} 当前状态不能中止`);
  await tx.query(`UPDATE wh_purchase SET status = $2, interrupt_time = now() WHERE purchase_id = $1`, [p.purchase_id, PURCHASE.interrupted]);
  await recordDocEvent(tx, auth, { docType: 'purchase', docId: p.purchase_id, action: 'interrupt', actionLabel: '中止采购', fromStatus: p.status, toStatus: PURCHASE.interrupted });
  return { to: Number(header.status), note: `中止采购单 ${p.purchase_no}` };
});
