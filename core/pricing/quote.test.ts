import { describe, expect, it } from 'vitest';
import { pricedLine } from './cartLine.ts';
import { applyPromotions, type ActivePromotion } from './promotions.ts';
import { quoteOf } from './quote.ts';

const promotions: ActivePromotion[] = [
  { promotionId: 1, promotionName: '特价', promotionType: 1, rules: [{ skuId: 1, specialPriceFen: 990 }] },
  { promotionId: 2, promotionName: '满20减3', promotionType: 3, rules: [{ thresholdFen: 2000, reduceFen: 300 }] },
  { promotionId: 3, promotionName: '买二赠一', promotionType: 4, rules: [{ skuId: 2, buyQuantity: 2, giftSkuId: 3, giftQuantity: 1 }] },
];
const gifts = (id: number) => (id === 3 ? { retailFen: 400, sellable: true } : undefined);

describe('a priced cart in yuan, as order/price answers it', () => {
  it('writes each line, the gift lines at 0, the 满减 and the totals in yuan; the total is before promotions', () => {
    const promo = applyPromotions([pricedLine(1, 2, 1250), pricedLine(2, 2, 300), pricedLine(4, 1, 1001, 85)], promotions, gifts);
    const q = quoteOf(promo, (id) => `商品${id}`);
    // 25.00 + 6.00 + 10.01 = 41.01; 特价 5.20 off, 8.5折 of 10.01 pays 8.51 (1.50 off); 34.31 reaches 满20: 3.00 more.
    expect(q.totalAmount).toBe(41.01);
    expect(q.promotionAmount).toBe(9.7);
    expect(q.fullReduction).toEqual({ promotionId: 2, promotionName: '满20减3', amount: 3 });
    expect(q.lines).toEqual([
      { skuId: 1, skuName: '商品1', quantity: 2, unitPrice: 12.5, amount: 25, promotionId: 1, promotionName: '特价', promotionAmount: 5.2, isGift: false, discountRate: null },
      { skuId: 2, skuName: '商品2', quantity: 2, unitPrice: 3, amount: 6, promotionId: 3, promotionName: '买二赠一', promotionAmount: 0, isGift: false, discountRate: null },
      { skuId: 4, skuName: '商品4', quantity: 1, unitPrice: 10.01, amount: 10.01, promotionId: null, promotionName: '收银折扣 8.5折', promotionAmount: 1.5, isGift: false, discountRate: 8.5 },
      { skuId: 3, skuName: '商品3', quantity: 1, unitPrice: 0, amount: 0, promotionId: 3, promotionName: '买二赠一', promotionAmount: 0, isGift: true, discountRate: null },
    ]);
  });
});
