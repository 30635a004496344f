import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';

/**
 * 其他出库 (wh-other-stock-out): goods that leave without a sale or a transfer (damage, samples, own use).
 * Confirming posts each line out at the moving-average cost (written into the lines) and 作废 posts it back: both
 * declared in the descriptor (`posts`, `reverses`), posted by server/documents/postings.ts.
 */

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
