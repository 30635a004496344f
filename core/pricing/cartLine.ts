import type { PricedCartLine } from './promotions.ts';

/**
 * A cart line at a unit price, as the promotions read it: its amount in fen and the cashier's 收银折扣 as the percent
 * paid. The server prices at the SKU's retail price it reads; the register offline at the one its catalogue keeps.
 */

/**
 * A cashier's line discount (收银折扣, 几折) as the percent paid: 9.5 -> 95, 8 -> 80; null unless 0 < rate < 10 with
 * at most one decimal (the server refuses such a line, naming it).
 */
export function discountPercentOf(rate: number): number | null {
  const percent = Math.round(rate * 10);
  if (!Number.isFinite(rate) || percent <= 0 || percent >= 100 || Math.abs(percent - rate * 10) > 1e-6) return null;
  return percent;
}

export function pricedLine(skuId: number, quantity: number, priceFen: number, discountPercent?: number): PricedCartLine {
  return { skuId, quantity, priceFen, amountFen: priceFen * quantity, ...(discountPercent !== undefined ? { discountPercent } : {}) };
}
