import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';
import { postPettyCash } from './ledger.ts';
import { dbToday } from '../../db/calendar.ts';
import { amountText } from '../../../core/money.ts';

/**
 * 备用金调拨 (shop-petty-cash/transfer): head office sends money to a shop's float; the shop confirms it arrived,
 * once, and only then the float grows (status 1 待确认 -> 2 已确认). Editable and deletable until confirmed.
 */

export const TRANSFER_NOTICE = 2012;
export const CONFIRM_PERM = 'pettyCash:transfer:confirm';

registerDocFn(
  'pettyCash.transferSave',
  async ({ tx, auth, id, ref, header, body }) => {
    const shop = await tx.query<{ shop_name: string; status: number }>(`SELECT shop_name, status FROM shop_base WHERE shop_id = $1`, [header.shopId]);
    if (!shop.rows[0]) throw new ApiError('BAD_REQUEST', '门店不存在');
    if (Number(shop.rows[0].status) !== 1) throw new ApiError('BAD_REQUEST', `门店“${shop.rows[0].shop_name}”已停用，不能调拨备用金`);
    await tx.query(`UPDATE petty_cash_transfer SET shop_name = $2 WHERE order_id = $1`, [id, shop.rows[0].shop_name]);
    if (!body.created) return;
    // Everyone who may confirm transfers (users are not tied to shops yet); not the sender.
    await notifyConfirmers(tx, auth, CONFIRM_PERM, {
      queue: 'pettycash/user-message',
      businessType: TRANSFER_NOTICE,
      businessId: id,
      messageTypeInfo: '备用金调拨待确认',
      noticeTemplateInfo: `总部向 ${shop.rows[0].shop_name} 调拨备用金 ${amountText(header.amount)} 元（${ref.docNo}），收到后请确认。`,
    });
  },
  { lines: false },
);

registerDocFn(
  'pettyCash.transferConfirm',
  async ({ tx, auth, id, ref, header }) => {
    const who = auth.displayName ?? auth.userName;
    const balance = await postPettyCash(tx, { shopId: Number(header.shopId), amount: String(header.amount), refType: 'transfer', refId: id, refNo: ref.docNo, bizDate: await dbToday(tx), userName: who });
    await tx.query(`UPDATE petty_cash_transfer SET confirm_user_name = $2, confirm_time = now() WHERE order_id = $1`, [id, who]);
    const maker = Number(header.createUserId);
    if (maker && maker !== auth.userId)
      await notifyUsersInTx(tx, auth.tenantId, [maker], {
        queue: 'pettycash/user-message',
        businessType: TRANSFER_NOTICE,
        businessId: id,
        messageTypeInfo: '备用金调拨已确认',
        noticeTemplateInfo: `${String(header.shopName)} 已确认收到备用金 ${amountText(header.amount)} 元（${ref.docNo}），门店余额 ${amountText(balance)} 元。`,
      });
  },
  { lines: false },
);
