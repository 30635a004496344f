import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { VOUCHER, type Payment } from './pricing.ts';
import { writeOffVoucher } from './vouchers.ts';
import { amountText, toFen } from '../../../core/money.ts';

/**
 * 券 at settlement (pay type 6): each voucher payment names its code; the sale writes the voucher off in its own
 * transaction through po-voucher's compare-and-set (so two registers with one code at the same moment: one sells,
 * the other gets 409 and nothing is written), with writeoff's refusals (unknown code in this tenant, used, expired).
 * A voucher pays at most its face amount and never gives change: the register sends min(face, due), the rest of
 * the face is forfeited. The payment row keeps the voucher; a refund or an invalidated order gives it back once.
 */
export function voucherPayments(payments: readonly Payment[], isPractice: boolean): Payment[] {
  const vouchers = payments.filter((p) => p.payType === VOUCHER);
  if (!vouchers.length) return [];
  if (isPractice) throw new ApiError('BAD_REQUEST', '练习收银不能使用券支付');
  const codes = vouchers.map((p) => p.voucherCode?.trim() ?? '');
  if (codes.some((c) => !c)) throw new ApiError('BAD_REQUEST', '券支付请输入券码');
  if (new Set(codes).size !== codes.length) throw new ApiError('BAD_REQUEST', '同一张券不能支付两次');
  return vouchers;
}

/** Writes off the order's vouchers (after its payment rows are written with their codes) and ties each to its payment row. */
export async function payByVouchers(tx: Queryable, auth: AuthContext, vouchers: readonly Payment[], order: { id: number; shopId: number }): Promise<void> {
  for (const p of vouchers) {
    const code = p.voucherCode!.trim();
    const v = (await writeOffVoucher(tx, auth, { voucherCode: code, shopId: order.shopId })) as { voucherId: number; voucherCode: string; faceAmount: number };
    if (toFen(p.amount) > toFen(v.faceAmount)) throw new ApiError('BAD_REQUEST', `券码 ${code} 面额 ${amountText(v.faceAmount)} 元，不能支付 ${amountText(p.amount)} 元`);
    await tx.query(`UPDATE po_voucher SET writeoff_order_id = $2 WHERE voucher_id = $1`, [v.voucherId, order.id]);
    const row = await tx.query(`UPDATE po_order_pay SET voucher_id = $2 WHERE order_id = $1 AND pay_type = ${VOUCHER} AND voucher_code = $3`, [order.id, v.voucherId, code]);
    if (!row.rowCount) throw new Error(`voucher payment row of order ${order.id} missing`);
  }
}

/** A refunded or invalidated order's vouchers are open again (once: the order's reversal runs once). */
export async function restoreVouchers(tx: Queryable, orderId: number): Promise<void> {
  await tx.query(
    `UPDATE po_voucher SET status = 1, writeoff_time = NULL, writeoff_shop_id = NULL, writeoff_shop_name = NULL, writeoff_user_id = NULL, writeoff_user_name = NULL, writeoff_order_id = NULL
      WHERE writeoff_order_id = $1 AND status = 2`,
    [orderId],
  );
}
