import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { usersWithPerm } from '../../permissions.ts';

/** Who reads an order's money (支付明细, /financeManage/paymentDetail): the tenant's 财务 and admins. */
export const PAYMENT_DETAIL_PERM = 'finance:paymentDetail:view';
/** Notices that open 支付明细 at the order (spec 000 §2): 10 a payment corrected, 17 an order refunded. */
export const PAY_CORRECTED_NOTICE = 10;
export const ORDER_REFUNDED_NOTICE = 17;

/**
 * Tells finance that an order's money changed, in the transaction of the change (a refused change sends nothing).
 * Whoever made the change is told too when they are finance: the notice is the record's way in.
 */
export async function notifyFinance(tx: Queryable, auth: AuthContext, businessType: number, orderId: number, title: string, text: string): Promise<void> {
  const users = await usersWithPerm(tx, PAYMENT_DETAIL_PERM);
  if (users.length) await notifyUsersInTx(tx, auth.tenantId, users, { businessType, businessId: orderId, messageTypeInfo: title, noticeTemplateInfo: text });
}
