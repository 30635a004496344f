import type { CartLine } from './cart';
import { toFen } from '../../core/money.ts';
import { discountPercentOf, pricedLine } from '../../core/pricing/cartLine.ts';
import { applyPromotions, type ActivePromotion } from '../../core/pricing/promotions.ts';
import { quoteOf, type CartQuote } from '../../core/pricing/quote.ts';

export type { CartQuote };

/**
 * The cart priced without the network, as order/price would price it: the shop's promotions kept with the offline
 * catalogue, applied by the server's own pure rules (core/pricing), so the amount a card is charged offline is
 * the amount settlement computes when the queued sale is sent. Member-only promotions need a member, which needs
 * the server: none apply offline. A cashier's line discount (收银折扣) is priced by the same rule as on the server.
 */
export function quoteOffline(cart: readonly CartLine[], promotions: readonly ActivePromotion[], skus: readonly { skuId: number; skuName: string; retailPrice: number }[]): CartQuote {
  const byId = new Map(skus.map((s) => [s.skuId, s]));
  const result = applyPromotions(
    cart.map((l) => pricedLine(l.skuId, l.quantity, toFen(l.retailPrice), (l.discountRate ? discountPercentOf(l.discountRate) : null) ?? undefined)),
    [...promotions],
    (id) => {
      const s = byId.get(id);
      return s ? { retailFen: toFen(s.retailPrice), sellable: true } : undefined;
    },
  );
  const names = new Map(cart.map((l) => [l.skuId, l.skuName]));
  return quoteOf(result, (skuId) => names.get(skuId) ?? byId.get(skuId)?.skuName ?? '');
}
