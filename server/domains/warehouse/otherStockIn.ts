import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';

/**
 * 其他入库 (wh-other-stock-in): goods that come in without a purchase (a gift, a found surplus, an opening
 * balance). Confirming posts each line in at its unit cost and 作废 posts it back: both declared in the descriptor
 * (`posts`, `reverses`), posted by server/documents/postings.ts. What stays here is particular to this document.
 */

/** The warehouse's name is copied onto the document so lists show it without a join. */
registerDocFn('otherStockIn.save', async ({ tx, auth, id, ref, header, body }) => {
  const wh = await tx.query<{ wh_name: string; status: number }>(`SELECT wh_name, status FROM wh_base_info WHERE wh_id = $1`, [header.whId]);
  if (!wh.rows[0]) throw new ApiError('BAD_REQUEST', '仓库不存在');
  if (Number(wh.rows[0].status) !== 1) throw new ApiError('BAD_REQUEST', '仓库已停用，不能入库');
  await tx.query(`UPDATE wh_other_stock_in SET wh_name = $1 WHERE stock_in_id = $2`, [wh.rows[0].wh_name, id]);
  // Notice 5 (otherInDetail): a new draft waits for whoever confirms stock-ins.
  if (body.created)
    await notifyConfirmers(tx, auth, 'wh:otherIn:confirm', {
      businessType: 5,
      businessId: id,
      messageTypeInfo: '其他入库待确认',
      noticeTemplateInfo: `${auth.displayName ?? auth.userName} 新建了其他入库单 ${ref.docNo}（${wh.rows[0].wh_name}，共 ${Number(header.totalQuantity ?? 0)} 件），请核对后确认入库。`,
    });
});
