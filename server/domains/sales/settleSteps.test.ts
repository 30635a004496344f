import { describe, expect, it } from 'vitest';
import { saleMoney } from './settleSteps.ts';

// The money step of a sale, on its own: what the shop takes, what is owed after the coupon, change, balance, points.
const shop = { shopPayTypes: [1, 2, 3, 4, 6], afterPromotionFen: 12_345, coupon: null, pointsPerYuan: null };
const cash = (amount: number) => ({ payType: 1, amount });

describe('saleMoney (step 2 of a sale)', () => {
  it('cash over the total gives change; no member, no points', () => {
    expect(saleMoney({ payments: [cash(200)] }, shop)).toMatchObject({ payableFen: 12_345, paidFen: 20_000, changeFen: 7_655, balanceFen: 0, points: 0, couponFen: 0 });
  });

  it('the coupon comes off before the payments are compared, and the member earns points on what was paid', () => {
    const m = saleMoney({ payments: [{ payType: 3, amount: 113.45 }] }, { ...shop, coupon: { discountFen: 1_000 }, pointsPerYuan: 2 });
    expect(m).toMatchObject({ couponFen: 1_000, payableFen: 11_345, changeFen: 0, points: 226 });
  });

  it('refuses a payment type the shop has not enabled, naming it', () => {
    expect(() => saleMoney({ payments: [{ payType: 2, amount: 123.45 }] }, { ...shop, shopPayTypes: [1] })).toThrow('本店未开通银行卡支付');
  });

  it('refuses payments short of what is owed, and change from a card', () => {
    expect(() => saleMoney({ payments: [cash(100)] }, shop)).toThrow('支付金额不足：应收 123.45，实收 100.00');
    expect(() => saleMoney({ payments: [{ payType: 2, amount: 200 }] }, shop)).toThrow('不能找零');
  });

  it('balance needs a member, and a practice sale uses no balance and no coupon', () => {
    const balance = [{ payType: 5, amount: 123.45 }];
    expect(() => saleMoney({ payments: balance }, shop)).toThrow('使用余额支付须先录入会员');
    expect(saleMoney({ payments: balance }, { ...shop, pointsPerYuan: 1 }).balanceFen).toBe(12_345);
    expect(() => saleMoney({ isPractice: true, payments: balance }, { ...shop, pointsPerYuan: 1 })).toThrow('练习收银不能使用会员余额');
    expect(() => saleMoney({ isPractice: true, payments: [cash(200)] }, { ...shop, coupon: { discountFen: 0 } })).toThrow('练习收银不能使用优惠券');
  });
});
