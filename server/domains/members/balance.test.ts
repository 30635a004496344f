import { describe, expect, it } from 'vitest';
import { giftFor } from './balance.ts';
import { balancePaidFen, settlePayments } from '../sales/index.ts';

describe('giftFor (充值活动)', () => {
  const rules = [
    { ruleId: 1, ruleName: '充100送10', rechargeFen: 10000, giftFen: 1000 },
    { ruleId: 2, ruleName: '充300送50', rechargeFen: 30000, giftFen: 5000 },
    { ruleId: 3, ruleName: '充300送40', rechargeFen: 30000, giftFen: 4000 },
  ];
  it('takes the highest threshold reached, the larger gift on a tie; nothing below every threshold', () => {
    expect(giftFor(9999, rules)).toBeNull();
    expect(giftFor(10000, rules)?.ruleId).toBe(1);
    expect(giftFor(29999, rules)?.ruleId).toBe(1);
    expect(giftFor(50000, rules)?.ruleId).toBe(2);
    expect(giftFor(50000, [])).toBeNull();
  });
});

describe('余额 as a payment', () => {
  it('counts the balance part in fen and, like a card, never gives change', () => {
    expect(balancePaidFen([{ payType: 5, amount: 12.34 }, { payType: 1, amount: 1 }, { payType: 5, amount: 0.66 }])).toBe(1300);
    expect(settlePayments(2040, [{ payType: 5, amount: 10 }, { payType: 1, amount: 20 }])).toEqual({ paidFen: 3000, changeFen: 960 });
    expect(() => settlePayments(2040, [{ payType: 5, amount: 30 }])).toThrow('非现金支付 30.00 超过应收 20.40，不能找零');
  });
});
