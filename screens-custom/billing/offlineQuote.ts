import { applyPromotions, type ActivePromotion } from '../../server/domains/promotions/apply';
import type { CartLine } from './cart';
import { toFen } from '../../core/money.ts';

/** order/price's answer (server/API.md), as the register shows it. */
export interface CartQuote {
  lines: { skuId: number; skuName: string; quantity: number; unitPrice: number; amount: number; promotionName: string | null; promotionAmount: number; isGift: boolean }[];
  totalAmount: number;
  promotionAmount: number;
  fullReduction: { promotionName: string; amount: number } | null;
}

/**
 * The cart priced without the network, as order/price would price it: the shop's promotions kept with the offline
 * catalogue, applied by the server's own pure rules (applyPromotions), so the amount a card is charged offline is
 * the amount settlement computes when the queued sale is sent. Member-only promotions need a member, which needs
 * the server: none apply offline. A cashier's line discount (收银折扣) is priced by the same rule as on the server.
 */
export function quoteOffline(cart: readonly CartLine[], promotions: readonly ActivePromotion[], skus: readonly { skuId: number; skuName: string; retailPrice: number }[]): CartQuote {
  const byId = new Map(skus.map((s) => [s.skuId, s]));
  const result = applyPromotions(
    cart.map((l) => ({ skuId: l.skuId, quantity: l.quantity, priceFen: toFen(l.retailPrice), amountFen: toFen(l.retailPrice) * l.quantity, ...(l.discountRate ? { discountPercent: Math.round(l.discountRate * 10) } : {}) })),
    [...promotions],
    (id) => {
      const s = byId.get(id);
      return s ? { retailFen: toFen(s.retailPrice), sellable: true } : undefined;
    },
  );
  const names = new Map(cart.map((l) => [l.skuId, l.skuName]));
  return {
    lines: result.lines.map((l) => ({
      skuId: l.skuId,
      skuName: names.get(l.skuId) ?? byId.get(l.skuId)?.skuName ?? '',
      quantity: l.quantity,
      unitPrice: l.priceFen / 100,
      amount: l.amountFen / 100,
      promotionName: l.promotionName,
      promotionAmount: l.promotionFen / 100,
      isGift: l.isGift,
    })),
    totalAmount: result.lines.reduce((a, l) => a + l.amountFen, 0) / 100,
    promotionAmount: result.promotionFen / 100,
    fullReduction: result.fullReduction ? { promotionName: result.fullReduction.promotionName, amount: result.fullReduction.reduceFen / 100 } : null,
  };
}
