import { describe, expect, it } from 'vitest';
import { applyPromotions, discountOffFen, type ActivePromotion, type GiftSkuLookup, type PricedCartLine } from './promotions.ts';

const line = (skuId: number, quantity: number, priceFen: number): PricedCartLine => ({ skuId, quantity, priceFen, amountFen: quantity * priceFen });
const gifts: GiftSkuLookup = (id) => ({ 9: { retailFen: 500, sellable: true }, 8: { retailFen: 100, sellable: false } })[id];
const special = (id: number, skuId: number, fen: number): ActivePromotion => ({ promotionId: id, promotionName: `特价${id}`, promotionType: 1, rules: [{ skuId, specialPriceFen: fen }] });
const discount = (id: number, skuId: number, payPercent: number): ActivePromotion => ({ promotionId: id, promotionName: `折扣${id}`, promotionType: 2, rules: [{ skuId, payPercent }] });
const fullReduce = (id: number, tiers: [number, number][]): ActivePromotion => ({ promotionId: id, promotionName: `满减${id}`, promotionType: 3, rules: tiers.map(([t, r]) => ({ thresholdFen: t, reduceFen: r })) });
const buyGive = (id: number, skuId: number, buy: number, gift: number, qty: number): ActivePromotion => ({ promotionId: id, promotionName: `买赠${id}`, promotionType: 4, rules: [{ skuId, buyQuantity: buy, giftSkuId: gift, giftQuantity: qty }] });

describe('promotion pricing (fen)', () => {
  it('a special price takes the difference per unit; a special price not below the price is no promotion', () => {
    const r = applyPromotions([line(1, 3, 1000), line(2, 1, 500)], [special(1, 1, 800), special(2, 2, 600)], gifts);
    expect(r.lines.map((l) => [l.skuId, l.promotionId, l.promotionFen])).toEqual([[1, 1, 600], [2, null, 0]]);
    expect(r).toMatchObject({ promotionFen: 600, afterFen: 2900, fullReduction: null });
  });

  it('a discount rounds what is paid half up to the fen, once per line', () => {
    expect(discountOffFen(333, 85)).toBe(50); // pays 283.05 -> 283
    expect(discountOffFen(330, 85)).toBe(49); // pays 280.5 -> 281 (half up)
    const r = applyPromotions([line(1, 3, 111)], [discount(5, 1, 85)], gifts);
    expect(r.lines[0]).toMatchObject({ promotionId: 5, promotionName: '折扣5', promotionFen: 50 });
    expect(r.afterFen).toBe(283);
  });

  it('one promotion per line: the best for the customer wins, a tie goes to the older promotion', () => {
    // 8 折 of 10.00 x 2 = 4.00 off beats a special price of 8.50 (3.00 off).
    const r = applyPromotions([line(1, 2, 1000)], [special(1, 1, 850), discount(2, 1, 80)], gifts);
    expect(r.lines[0]).toMatchObject({ promotionId: 2, promotionFen: 400 });
    const tie = applyPromotions([line(1, 2, 1000)], [discount(7, 1, 80), special(3, 1, 800)], gifts);
    expect(tie.lines[0]).toMatchObject({ promotionId: 3, promotionFen: 400 });
    // A gift worth 5.00 beats 10% off 20.00 (2.00); the line keeps its full price and the gift is free.
    const g = applyPromotions([line(1, 2, 1000)], [discount(2, 1, 90), buyGive(4, 1, 2, 9, 1)], gifts);
    expect(g.lines).toEqual([
      { skuId: 1, quantity: 2, priceFen: 1000, amountFen: 2000, promotionId: 4, promotionName: '买赠4', promotionFen: 0, isGift: false },
      { skuId: 9, quantity: 1, priceFen: 0, amountFen: 0, promotionId: 4, promotionName: '买赠4', promotionFen: 0, isGift: true },
    ]);
    expect(g.promotionFen).toBe(0);
    expect(g.afterFen).toBe(2000);
  });

  it('buy N get M gives M per full N bought; too few, or a gift that cannot be sold, gives nothing', () => {
    expect(applyPromotions([line(1, 5, 300)], [buyGive(4, 1, 2, 9, 1)], gifts).lines[1]).toMatchObject({ skuId: 9, quantity: 2, isGift: true });
    expect(applyPromotions([line(1, 1, 300)], [buyGive(4, 1, 2, 9, 1)], gifts).lines).toHaveLength(1);
    expect(applyPromotions([line(1, 4, 300)], [buyGive(4, 1, 2, 8, 1)], gifts).lines).toHaveLength(1);
    // Two lines of the same 买赠 and gift add up into one gift line.
    const two = applyPromotions([line(1, 2, 300), line(2, 2, 300)], [{ ...buyGive(4, 1, 2, 9, 1), rules: [{ skuId: 1, buyQuantity: 2, giftSkuId: 9, giftQuantity: 1 }, { skuId: 2, buyQuantity: 2, giftSkuId: 9, giftQuantity: 1 }] }], gifts);
    expect(two.lines.filter((l) => l.isGift)).toEqual([expect.objectContaining({ skuId: 9, quantity: 2 })]);
  });

  it('满减 reads the amount after line promotions, takes the highest tier reached once, the best of several', () => {
    // 3 x 40.00 = 120.00, 特价 35.00 -> 105.00: reaches 满100减10 but not 满120减20.
    const r = applyPromotions([line(1, 3, 4000)], [special(1, 1, 3500), fullReduce(2, [[10000, 1000], [12000, 2000]])], gifts);
    expect(r.fullReduction).toEqual({ promotionId: 2, promotionName: '满减2', reduceFen: 1000 });
    expect(r).toMatchObject({ promotionFen: 2500, afterFen: 9500 });
    const best = applyPromotions([line(1, 1, 20000)], [fullReduce(2, [[10000, 1000], [20000, 1500]]), fullReduce(3, [[15000, 2000]])], gifts);
    expect(best.fullReduction).toMatchObject({ promotionId: 3, reduceFen: 2000 });
    expect(applyPromotions([line(1, 1, 9999)], [fullReduce(2, [[10000, 1000]])], gifts).fullReduction).toBeNull();
  });

  it('nothing active: every line as priced', () => {
    const r = applyPromotions([line(1, 2, 350)], [], gifts);
    expect(r).toEqual({ lines: [{ skuId: 1, quantity: 2, priceFen: 350, amountFen: 700, promotionId: null, promotionName: null, promotionFen: 0, isGift: false }], fullReduction: null, promotionFen: 0, afterFen: 700 });
  });

  it('收银折扣 replaces the line\'s promotion, rounds what is paid half up to the fen, and 满减 then reads the discounted amount', () => {
    // 3 x 1.11 = 3.33 at 8.5折 pays 2.8305 -> 2.83: 0.50 off, named by the rate; the 特价 on that SKU does not apply.
    const r = applyPromotions([{ ...line(1, 3, 111), discountPercent: 85 }, line(2, 1, 1000)], [special(1, 1, 50), special(2, 2, 900), fullReduce(3, [[1000, 100], [1300, 200]])], gifts);
    expect(r.lines.map((l) => [l.skuId, l.promotionId, l.promotionName, l.promotionFen])).toEqual([[1, null, '收银折扣 8.5折', 50], [2, 2, '特价2', 100]]);
    // 2.83 + 9.00 = 11.83 reaches 满 10 减 1 only.
    expect(r.fullReduction).toMatchObject({ promotionId: 3, reduceFen: 100 });
    expect(r).toMatchObject({ promotionFen: 250, afterFen: 1083 });
    // A discounted line earns no 买赠 gift; 9折 of 0.05 pays 0.045 -> 0.05 (half up): nothing off.
    const g = applyPromotions([{ ...line(1, 2, 1000), discountPercent: 80 }, { ...line(3, 1, 5), discountPercent: 90 }], [buyGive(4, 1, 2, 9, 1)], gifts);
    expect(g.lines.map((l) => [l.skuId, l.promotionFen, l.isGift])).toEqual([[1, 400, false], [3, 0, false]]);
  });
});
