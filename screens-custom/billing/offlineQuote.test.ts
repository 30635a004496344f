import { describe, expect, it } from 'vitest';
import type { ActivePromotion } from '../../core/pricing/promotions.ts';
import { quoteOffline } from './offlineQuote';

const sku = (skuId: number, retailPrice: number) => ({ skuId, skuCode: `S${skuId}`, skuName: `商品${skuId}`, barcode: null, spec: null, unit: null, retailPrice, available: 10 });
const promotions: ActivePromotion[] = [
  { promotionId: 1, promotionName: '特价', promotionType: 1, rules: [{ skuId: 1, specialPriceFen: 990 }] },
  { promotionId: 2, promotionName: '满20减3', promotionType: 3, rules: [{ thresholdFen: 2000, reduceFen: 300 }] },
  { promotionId: 3, promotionName: '买二赠一', promotionType: 4, rules: [{ skuId: 2, buyQuantity: 2, giftSkuId: 3, giftQuantity: 1 }] },
];

describe('the register prices a cart offline as the server would', () => {
  it('takes the 特价, the 满减 after it, and adds the 买赠 gift line at 0', () => {
    const cart = [{ ...sku(1, 12.5), quantity: 2 }, { ...sku(2, 3), quantity: 2 }];
    const q = quoteOffline(cart, promotions, [sku(1, 12.5), sku(2, 3), sku(3, 4)]);
    // 2 × 12.50 + 2 × 3.00 = 31.00; 特价 takes 2 × 2.60 = 5.20; 25.80 reaches 满20: 3.00 more.
    expect(q.totalAmount).toBe(31);
    expect(q.promotionAmount).toBe(8.2);
    expect(q.fullReduction).toEqual({ promotionId: 2, promotionName: '满20减3', amount: 3 });
    expect(q.lines.map((l) => [l.skuId, l.quantity, l.promotionName, l.promotionAmount, l.isGift])).toEqual([
      [1, 2, '特价', 5.2, false],
      [2, 2, '买二赠一', 0, false],
      [3, 1, '买二赠一', 0, true],
    ]);
  });

  it('without promotions the cart is at its retail prices', () => {
    const q = quoteOffline([{ ...sku(1, 12.5), quantity: 3 }], [], [sku(1, 12.5)]);
    expect(q).toMatchObject({ totalAmount: 37.5, promotionAmount: 0, fullReduction: null });
  });

  it('prices a line the cashier discounted as the server does: the rate instead of its promotion, 满减 after it', () => {
    const cart = [{ ...sku(1, 12.5), quantity: 2, discountRate: 8.5 }, { ...sku(2, 3), quantity: 1 }];
    const q = quoteOffline(cart, promotions, [sku(1, 12.5), sku(2, 3)]);
    // 25.00 at 8.5折 pays 21.25 (3.75 off, not the 特价's 5.20); 21.25 + 3.00 = 24.25 reaches 满20: 3.00 more.
    expect(q.lines[0]).toMatchObject({ promotionName: '收银折扣 8.5折', promotionAmount: 3.75 });
    expect(q.promotionAmount).toBe(6.75);
  });
});
