import { toYuan } from '../money.ts';
import type { PromotionResult } from './promotions.ts';

/**
 * A cart priced with its promotions, in yuan as order/price answers it (server/API.md) and the register shows it;
 * the register's offline quote writes the same shape from the same rules.
 */
export interface CartQuote {
  lines: {
    skuId: number; skuName: string; quantity: number; unitPrice: number; amount: number;
    promotionId: number | null; promotionName: string | null; promotionAmount: number; isGift: boolean;
    /** 收银折扣 (几折) the line was priced at; null without one. */
    discountRate: number | null;
  }[];
  /** The lines at their prices, before promotions. */
  totalAmount: number;
  /** Everything the promotions take off (line promotions + 满减). */
  promotionAmount: number;
  fullReduction: { promotionId: number; promotionName: string; amount: number } | null;
}

export function quoteOf(promo: PromotionResult, skuName: (skuId: number) => string): CartQuote {
  return {
    lines: promo.lines.map((l) => ({
      skuId: l.skuId,
      skuName: skuName(l.skuId),
      quantity: l.quantity,
      unitPrice: toYuan(l.priceFen),
      amount: toYuan(l.amountFen),
      promotionId: l.promotionId,
      promotionName: l.promotionName,
      promotionAmount: toYuan(l.promotionFen),
      isGift: l.isGift,
      discountRate: l.discountPercent === undefined ? null : l.discountPercent / 10,
    })),
    totalAmount: toYuan(promo.lines.reduce((a, l) => a + l.amountFen, 0)),
    promotionAmount: toYuan(promo.promotionFen),
    fullReduction: promo.fullReduction ? { promotionId: promo.fullReduction.promotionId, promotionName: promo.fullReduction.promotionName, amount: toYuan(promo.fullReduction.reduceFen) } : null,
  };
}
