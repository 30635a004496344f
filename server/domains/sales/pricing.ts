import { ApiError } from '../../errors.ts';
import { isWholeFen, toFen, yuanText } from '../../../core/money.ts';
import { discountPercentOf, pricedLine } from '../../../core/pricing/cartLine.ts';
import { BALANCE, CASH, PAY_TYPES } from '../../../core/pricing/payTypes.ts';
import type { PricedCartLine } from '../../../core/pricing/promotions.ts';

/**
 * The register's arithmetic, in fen (integers), never floating yuan: the server prices each line itself, then
 * checks the payments against the total. Pure, so the rules are tested on their own (pricing.test.ts); what the
 * register computes too (a line's amount and discount, the promotions, the pay types) is core/pricing/, and what
 * here refuses a request does so as an ApiError.
 */

export { BALANCE, CASH, PAY_TYPES, VOUCHER } from '../../../core/pricing/payTypes.ts';

export interface PricedSku {
  skuId: number;
  skuName: string;
  retailPrice: number;
  status: number;
}

export interface CartLine {
  skuId: number;
  quantity: number;
  /** What the register showed; refused when it is not the server's price (never trusted, only compared). */
  price?: number;
  /** 收银折扣 the cashier gives this line: 几折, 0 < rate < 10, one decimal (9.5 = 95 %); see lineDiscountPercent. */
  discountRate?: number | null;
}

/**
 * A cashier's line discount (收银折扣) as the percent paid: 9.5 -> 95, 8 -> 80. Refused (400, naming the line)
 * unless 0 < rate < 10 with at most one decimal.
 */
export function lineDiscountPercent(rate: number, lineLabel: string): number {
  const percent = discountPercentOf(rate);
  if (percent === null)
    throw new ApiError('BAD_REQUEST', `${lineLabel}：折扣必须大于0且小于10，最多1位小数（如 9.5 表示九五折）`);
  return percent;
}

export interface MergedLine {
  skuId: number;
  quantity: number;
  discountRate?: number | null;
  /** discountRate as the percent paid, when there is one. */
  percent?: number;
}

/**
 * Adds cart line i to the lines merged per SKU (the same SKU twice is one line): its 收银折扣 checked (400 naming
 * the line), and the same SKU twice must carry the same discount. Settlement, the price preview and 挂单 merge alike.
 */
export function mergeLine(merged: Map<number, MergedLine>, l: CartLine, i: number, skuName: string): void {
  const percent = l.discountRate == null ? undefined : lineDiscountPercent(l.discountRate, `第${i + 1}行 ${skuName}`);
  const seen = merged.get(l.skuId);
  if (seen && (seen.discountRate ?? null) !== (l.discountRate ?? null)) throw new ApiError('BAD_REQUEST', `第${i + 1}行 ${skuName}：同一商品的折扣不一致，请合并为一行`);
  merged.set(l.skuId, { skuId: l.skuId, quantity: (seen?.quantity ?? 0) + l.quantity, discountRate: l.discountRate ?? null, percent });
}

/** Each line at the SKU's retail price; the same SKU twice is one line. Unknown, disabled or repriced SKUs are refused. */
export function priceLines(lines: CartLine[], skus: ReadonlyMap<number, PricedSku>): { lines: PricedCartLine[]; totalFen: number; quantity: number } {
  const merged = new Map<number, MergedLine>();
  lines.forEach((l, i) => {
    const sku = skus.get(l.skuId);
    if (!sku) throw new ApiError('BAD_REQUEST', `第${i + 1}行：商品不存在`);
    if (Number(sku.status) !== 1) throw new ApiError('BAD_REQUEST', `第${i + 1}行：${sku.skuName} 已停用，不能销售`);
    const priceFen = toFen(Number(sku.retailPrice));
    if (l.price !== undefined && toFen(l.price) !== priceFen)
      throw new ApiError('CONFLICT', `${sku.skuName} 的价格已变更为 ${yuanText(priceFen)}（收银台显示 ${yuanText(toFen(l.price))}），请刷新后重新结算`);
    mergeLine(merged, l, i, sku.skuName);
  });
  const priced = [...merged.values()].map((l) => pricedLine(l.skuId, l.quantity, toFen(Number(skus.get(l.skuId)!.retailPrice)), l.percent));
  return { lines: priced, totalFen: priced.reduce((a, l) => a + l.amountFen, 0), quantity: priced.reduce((a, l) => a + l.quantity, 0) };
}

export interface Payment {
  payType: number;
  amount: number;
  /** 券 (pay type 6): the voucher's code. */
  voucherCode?: string | null;
}

/** A payment in a method the shop has not enabled (门店支付方式) is refused; the register offers only enabled ones. */
export function assertShopTakes(enabled: number[], payments: Payment[]): void {
  const refused = payments.map((p) => p.payType).find((t) => t !== BALANCE && !enabled.includes(t));
  if (refused !== undefined) throw new ApiError('BAD_REQUEST', `本店未开通${PAY_TYPES[refused] ?? '该'}支付，请换一种支付方式`);
}

/** What the payments take from the member's balance, in fen. */
export const balancePaidFen = (payments: Payment[]) => payments.filter((p) => p.payType === BALANCE).reduce((a, p) => a + toFen(p.amount), 0);

/**
 * Payments must cover the total; only cash gives change, and never more than the cash handed over (a card or
 * QR payment is for the exact amount it leaves).
 */
export function settlePayments(totalFen: number, payments: Payment[]): { paidFen: number; changeFen: number } {
  let cashFen = 0;
  let otherFen = 0;
  for (const p of payments) {
    if (!PAY_TYPES[p.payType]) throw new ApiError('BAD_REQUEST', '支付方式不正确');
    const fen = toFen(p.amount);
    if (!(fen > 0) || !isWholeFen(p.amount)) throw new ApiError('BAD_REQUEST', `${PAY_TYPES[p.payType]}金额必须大于0，最多2位小数`);
    if (p.payType === CASH) cashFen += fen;
    else otherFen += fen;
  }
  const paidFen = cashFen + otherFen;
  if (paidFen < totalFen) throw new ApiError('BAD_REQUEST', `支付金额不足：应收 ${yuanText(totalFen)}，实收 ${yuanText(paidFen)}`);
  if (otherFen > totalFen) throw new ApiError('BAD_REQUEST', `非现金支付 ${yuanText(otherFen)} 超过应收 ${yuanText(totalFen)}，不能找零`);
  return { paidFen, changeFen: paidFen - totalFen };
}
