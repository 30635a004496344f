import { describe, expect, it } from 'vitest';
import { discountPercentOf, pricedLine } from './cartLine.ts';

describe('a cart line at a price', () => {
  it('reads the cashier\'s 几折 as the percent paid; anything but 0 < rate < 10 with one decimal is no discount', () => {
    expect([9.5, 8, 0.1, 9.9].map(discountPercentOf)).toEqual([95, 80, 1, 99]);
    for (const bad of [0, 10, 12, -1, 9.55, NaN]) expect(discountPercentOf(bad), String(bad)).toBeNull();
  });

  it('is its price times its quantity in fen, and carries a discount only when there is one', () => {
    expect(pricedLine(1, 3, 10)).toEqual({ skuId: 1, quantity: 3, priceFen: 10, amountFen: 30 });
    expect(pricedLine(2, 2, 990, 95)).toEqual({ skuId: 2, quantity: 2, priceFen: 990, amountFen: 1980, discountPercent: 95 });
  });
});
