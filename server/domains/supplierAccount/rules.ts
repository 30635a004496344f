import { ApiError } from '../../errors.ts';
import { isWholeFen, toFen } from '../../../core/money.ts';

/**
 * 供应商往来账 rules, in integer fen. What we owe a supplier = received (at the receipt price) - returned - paid;
 * a payment is corrected by the difference, never edited.
 */

export const ENTRY_TYPES = { receipt: 1, return: 2, payment: 3, correction: 4 } as const;
export const ENTRY_LABELS: Record<number, string> = { 1: '收货', 2: '退货', 3: '付款', 4: '付款更正' };
export const PAY_METHODS: Record<number, string> = { 1: '银行转账', 2: '现金', 3: '承兑汇票', 4: '其他' };

/** The largest payment one row takes (numeric(16,2) holds more; nobody pays a supplier 100 million at once). */
export const MAX_PAYMENT_FEN = 10_000_000_000;

/** A payment amount in fen: positive, at most 2 decimals, within the limit; the message names the field. */
export function paymentFen(amount: number, title = '付款金额'): number {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new ApiError('BAD_REQUEST', `${title}不能为空`);
  if (!isWholeFen(amount)) throw new ApiError('BAD_REQUEST', `${title}最多2位小数`);
  const fen = toFen(amount);
  if (fen <= 0) throw new ApiError('BAD_REQUEST', `${title}必须大于0`);
  if (fen > MAX_PAYMENT_FEN) throw new ApiError('BAD_REQUEST', `${title}不能超过 ${MAX_PAYMENT_FEN / 100} 元`);
  return fen;
}

/** The correction row's difference: the new amount less what the payment stands at now; no change is refused. */
export function correctionFen(currentFen: number, newFen: number): number {
  if (newFen === currentFen) throw new ApiError('BAD_REQUEST', '更正后的付款金额与当前金额相同');
  return newFen - currentFen;
}

/** Owed at the end = owed at the start + received - returned - paid (corrections included in paid). */
export function closingFen(f: { openingFen: number; receiptFen: number; returnFen: number; paymentFen: number }): number {
  return f.openingFen + f.receiptFen - f.returnFen - f.paymentFen;
}
