import { describe, expect, it } from 'vitest';
import { closingFen, correctionFen, paymentFen } from './rules.ts';

const msg = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe('供应商往来账 rules', () => {
  it('takes payments in exact fen, refusing zero, fractions of a fen and absurd sums', () => {
    expect(paymentFen(1234.56)).toBe(123456);
    expect(paymentFen(0.3)).toBe(30);
    expect(paymentFen(19.99)).toBe(1999);
    expect(msg(() => paymentFen(0))).toBe('付款金额必须大于0');
    expect(msg(() => paymentFen(-5))).toBe('付款金额必须大于0');
    expect(msg(() => paymentFen(1.005))).toBe('付款金额最多2位小数');
    expect(msg(() => paymentFen(1e11))).toBe('付款金额不能超过 100000000 元');
  });
  it('a correction is the difference; the same amount again is refused', () => {
    expect(correctionFen(50000, 45000)).toBe(-5000);
    expect(correctionFen(50000, 52000)).toBe(2000);
    expect(msg(() => correctionFen(50000, 50000))).toBe('更正后的付款金额与当前金额相同');
  });
  it('closing balance', () => {
    expect(closingFen({ openingFen: 1000, receiptFen: 5000, returnFen: 700, paymentFen: 2000 })).toBe(3300);
  });
});
