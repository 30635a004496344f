import { describe, expect, it } from 'vitest';
import { assertShopTakes, priceLines, settlePayments, type PricedSku } from './pricing.ts';

const skus = new Map<number, PricedSku>([
  [1, { skuId: 1, skuName: '可乐 330ml', retailPrice: 3.5, status: 1 }],
  [2, { skuId: 2, skuName: '薯片', retailPrice: 9.9, status: 1 }],
  [3, { skuId: 3, skuName: '旧款', retailPrice: 1, status: 0 }],
  [4, { skuId: 4, skuName: '口香糖', retailPrice: 0.1, status: 1 }],
]);

describe('register pricing', () => {
  it('prices lines at the server price in fen, merging the same SKU', () => {
    const r = priceLines([{ skuId: 1, quantity: 2 }, { skuId: 2, quantity: 1, price: 9.9 }, { skuId: 1, quantity: 1 }], skus);
    expect(r.lines).toEqual([
      { skuId: 1, quantity: 3, priceFen: 350, amountFen: 1050 },
      { skuId: 2, quantity: 1, priceFen: 990, amountFen: 990 },
    ]);
    expect(r.totalFen).toBe(2040);
    expect(r.quantity).toBe(4);
  });

  it('takes a cashier\'s line discount (几折, one decimal) as the percent paid; refuses a bad rate naming the line', () => {
    expect(priceLines([{ skuId: 1, quantity: 1 }, { skuId: 2, quantity: 2, discountRate: 9.5 }], skus).lines[1]).toEqual({ skuId: 2, quantity: 2, priceFen: 990, amountFen: 1980, discountPercent: 95 });
    expect(priceLines([{ skuId: 2, quantity: 1, discountRate: 8 }], skus).lines[0].discountPercent).toBe(80);
    for (const bad of [0, 10, 12, -1, 9.55])
      expect(() => priceLines([{ skuId: 1, quantity: 1 }, { skuId: 2, quantity: 1, discountRate: bad }], skus), String(bad)).toThrow('第2行 薯片：折扣必须大于0且小于10，最多1位小数');
    expect(() => priceLines([{ skuId: 2, quantity: 1, discountRate: 9 }, { skuId: 2, quantity: 1 }], skus)).toThrow('同一商品的折扣不一致');
  });

  it('adds up cents exactly where floating yuan would not (0.1 x 3 = 0.30)', () => {
    expect(priceLines([{ skuId: 4, quantity: 3 }], skus).totalFen).toBe(30);
  });

  it('refuses a price the register showed that is not the server’s, a disabled and an unknown SKU', () => {
    expect(() => priceLines([{ skuId: 2, quantity: 1, price: 8.8 }], skus)).toThrow('薯片 的价格已变更为 9.90（收银台显示 8.80），请刷新后重新结算');
    expect(() => priceLines([{ skuId: 3, quantity: 1 }], skus)).toThrow('第1行：旧款 已停用，不能销售');
    expect(() => priceLines([{ skuId: 1, quantity: 1 }, { skuId: 9, quantity: 1 }], skus)).toThrow('第2行：商品不存在');
  });
});

describe('register payments', () => {
  it('gives change from cash only', () => {
    expect(settlePayments(2040, [{ payType: 1, amount: 50 }])).toEqual({ paidFen: 5000, changeFen: 2960 });
    expect(settlePayments(2040, [{ payType: 3, amount: 10 }, { payType: 1, amount: 20 }])).toEqual({ paidFen: 3000, changeFen: 960 });
    expect(settlePayments(2040, [{ payType: 2, amount: 20.4 }])).toEqual({ paidFen: 2040, changeFen: 0 });
  });

  it('refuses too little, change from a card, bad amounts and unknown methods', () => {
    expect(() => settlePayments(2040, [{ payType: 1, amount: 20 }])).toThrow('支付金额不足：应收 20.40，实收 20.00');
    expect(() => settlePayments(2040, [{ payType: 4, amount: 30 }])).toThrow('非现金支付 30.00 超过应收 20.40，不能找零');
    expect(() => settlePayments(2040, [{ payType: 1, amount: 20.405 }])).toThrow('现金金额必须大于0，最多2位小数');
    expect(() => settlePayments(2040, [{ payType: 1, amount: 0 }])).toThrow('现金金额必须大于0');
    expect(() => settlePayments(2040, [{ payType: 9, amount: 30 }])).toThrow('支付方式不正确');
  });
});

describe('the shop’s payment methods', () => {
  it('takes only methods the shop has enabled, naming the first one it refuses', () => {
    expect(() => assertShopTakes([1, 2, 4], [{ payType: 1, amount: 5 }, { payType: 4, amount: 3 }])).not.toThrow();
    expect(() => assertShopTakes([1, 2, 4], [{ payType: 1, amount: 5 }, { payType: 3, amount: 3 }])).toThrow('本店未开通微信支付，请换一种支付方式');
    expect(() => assertShopTakes([], [{ payType: 1, amount: 5 }])).toThrow('本店未开通现金支付');
  });
});
