import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { postStock } from '../stock/ledger.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';

/**
 * 其他出库 (wh-other-stock-out): goods that leave without a sale or a transfer (damage, samples, own use).
 * Confirming takes each line out at the warehouse's moving-average cost, which the lines then show.
 */
registerDocFn('otherStockOut.confirm', async ({ tx, auth, ref, header, lines, id }) => {
  await postStock(
    tx,
    auth,
    ref,
    lines.map((l) => ({ whId: Number(header.whId), skuId: Number(l.skuId), qty: -Number(l.quantity), lineId: Number(l.detId) })),
  );
  await tx.query(
    `UPDATE wh_other_stock_out_det d SET unit_cost = l.unit_cost
       FROM stock_ledger l WHERE l.doc_type = $2 AND l.doc_id = $1 AND l.line_id = d.det_id AND d.stock_out_id = $1`,
    [id, ref.docType],
  );
  await tx.query(
    `UPDATE wh_other_stock_out SET confirm_time = now(),
        total_amount = (SELECT coalesce(sum(amount), 0) FROM wh_other_stock_out_det WHERE stock_out_id = $1)
      WHERE stock_out_id = $1`,
    [id],
  );
});

registerDocFn('otherStockOut.save', async ({ tx, auth, id, ref, header, body }) => {
  const wh = await tx.query<{ wh_name: string; status: number }>(`SELECT wh_name, status FROM wh_base_info WHERE wh_id = $1`, [header.whId]);
  if (!wh.rows[0]) throw new ApiError('BAD_REQUEST', '出库仓库不存在');
  if (Number(wh.rows[0].status) !== 1) throw new ApiError('BAD_REQUEST', '出库仓库已停用，不能出库');
  await tx.query(`UPDATE wh_other_stock_out SET wh_name = $1 WHERE stock_out_id = $2`, [wh.rows[0].wh_name, id]);
  // Notice 6 (otherOutDetail): a new draft waits for whoever confirms stock-outs.
  if (body.created)
    await notifyConfirmers(tx, auth, 'wh:otherOut:confirm', {
      businessType: 6,
      businessId: id,
      messageTypeInfo: '其他出库待确认',
      noticeTemplateInfo: `${auth.displayName ?? auth.userName} 新建了其他出库单 ${ref.docNo}（${wh.rows[0].wh_name}，共 ${Number(header.totalQuantity ?? 0)} 件），请核对后确认出库。`,
    });
});
