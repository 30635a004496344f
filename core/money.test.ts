import { describe, expect, it } from 'vitest';
import { amountDisplay, amountText, fenOf, isWholeFen, mulDivHalfUp, splitFen, sumFen, toFen, toYuan, yuanDisplay, yuanOf, yuanText } from './money.ts';

describe('toFen', () => {
  it('reads numbers and text exactly, without binary drift', () => {
    expect(toFen(0.1 + 0.2)).toBe(30);
    expect(toFen('0.1')).toBe(10);
    expect(toFen(19.99)).toBe(1999);
    expect(toFen(1.005)).toBe(101); // 1.005 × 100 is 100.49999…: the decimal written is what counts
    expect(toFen('30000.00')).toBe(3_000_000);
    expect(toFen(39000)).toBe(3_900_000);
  });
  it('rounds half away from zero at the fen, as PostgreSQL round() does', () => {
    expect(toFen('0.005')).toBe(1);
    expect(toFen('0.0049')).toBe(0);
    expect(toFen('-0.005')).toBe(-1);
    expect(toFen(-0.125)).toBe(-13);
    expect(toFen('-0.001')).toBe(0);
    expect(Object.is(toFen('-0.001'), -0)).toBe(false);
  });
  it('reads signs, thousands separators, a currency sign and bare decimals', () => {
    expect(toFen('-12.5')).toBe(-1250);
    expect(toFen('1,421.98')).toBe(142198);
    expect(toFen(' ¥1,234,567.8 ')).toBe(123456780);
    expect(toFen('.5')).toBe(50);
    expect(toFen('7.')).toBe(700);
  });
  it('holds large amounts to the fen', () => {
    expect(toFen('99999999999.99')).toBe(9_999_999_999_999);
    expect(toFen(99999999999.99)).toBe(9_999_999_999_999);
    expect(toFen('9999999999999999999')).toBeNaN(); // past 2^53 fen
    expect(toFen(1e21)).toBeNaN();
    expect(toFen(1e-7)).toBe(0);
  });
  it('is NaN for what is not an amount', () => {
    for (const bad of ['', ' ', '.', '-', 'abc', '1.2.3', '12,34', '1,2345.00', '1e3', '--1']) expect(toFen(bad), bad).toBeNaN();
    expect(toFen(NaN)).toBeNaN();
    expect(toFen(Infinity)).toBeNaN();
  });
});

describe('fenOf', () => {
  it('takes SQL values: numeric text, float8, null as 0', () => {
    expect(fenOf('12.30')).toBe(1230);
    expect(fenOf(12.3)).toBe(1230);
    expect(fenOf(null)).toBe(0);
    expect(fenOf(undefined)).toBe(0);
    expect(fenOf({})).toBeNaN();
  });
});

describe('writing yuan', () => {
  it('yuanText: 2 decimals, sign, no separators', () => {
    expect(yuanText(123_456)).toBe('1234.56');
    expect(yuanText(-5)).toBe('-0.05');
    expect(yuanText(-5050)).toBe('-50.50');
    expect(yuanText(0)).toBe('0.00');
    expect(yuanText(9_999_999_999_999)).toBe('99999999999.99');
  });
  it('amountText: a yuan amount for a message', () => {
    expect(amountText('12.5')).toBe('12.50');
    expect(amountText(-0.1 - 0.2)).toBe('-0.30');
    expect(amountText(null)).toBe('0.00');
  });
  it('yuanDisplay: thousands separators as the screens show them', () => {
    expect(yuanDisplay(142198)).toBe('1,421.98');
    expect(yuanDisplay(-123456789)).toBe('-1,234,567.89');
    expect(yuanDisplay(99999)).toBe('999.99');
    expect(yuanDisplay(100000)).toBe('1,000.00');
  });
  it('amountDisplay: an answer amount in yuan, blank when absent', () => {
    expect(amountDisplay(1421.98)).toBe('1,421.98');
    expect(amountDisplay('0.1')).toBe('0.10');
    expect(amountDisplay(null)).toBe('');
    expect(amountDisplay(undefined)).toBe('');
    expect(amountDisplay('n/a')).toBe('');
  });
  it('yuanOf rounds a SQL value to the fen', () => {
    expect(yuanOf(0.1 + 0.2)).toBe(0.3);
    expect(yuanOf('12.345')).toBe(12.35);
    expect(yuanOf(null)).toBe(0);
  });
  it('toYuan gives the 2-decimal number back', () => {
    expect(toYuan(30)).toBe(0.3);
    expect(toYuan(toFen(0.1) + toFen(0.2))).toBe(0.3);
  });
});

describe('sums and checks', () => {
  it('sumFen adds exactly', () => {
    expect(sumFen([0.1, 0.2, '0.30', null])).toBe(60);
    expect(sumFen(Array(10).fill(0.1))).toBe(100);
  });
  it('isWholeFen refuses a third decimal but lets a browser sum through', () => {
    expect(isWholeFen(0.1 + 0.2)).toBe(true);
    expect(isWholeFen(12.34)).toBe(true);
    expect(isWholeFen(0.125)).toBe(false);
    expect(isWholeFen(NaN)).toBe(false);
  });
  it('mulDivHalfUp rounds a share half up in integers', () => {
    expect(mulDivHalfUp(400000, 20, 26)).toBe(307692); // 3076.923… -> 3076.92
    expect(mulDivHalfUp(5, 1, 2)).toBe(3); // 0.025 -> 0.03
    expect(mulDivHalfUp(1234567, 300, 10000)).toBe(37037); // 370.3701 -> 370.37
    expect(mulDivHalfUp(1, 5000, 10000)).toBe(1);
    expect(() => mulDivHalfUp(-1, 1, 1)).toThrow(RangeError);
  });
});

describe('splitFen', () => {
  it('splits into integers that add up exactly, remainder to the largest fractions, ties to the earlier', () => {
    expect(splitFen(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitFen(0, [1, 2])).toEqual([0, 0]);
    expect(splitFen(1000, [0, 0])).toEqual([500, 500]);
    expect(splitFen(99_999_999, [3, 1, 2])).toEqual([50_000_000, 16_666_666, 33_333_333]);
    expect(splitFen(10, [])).toEqual([]);
    for (const total of [1, 7, 12345, 1_000_001]) {
      const parts = splitFen(total, [1, 1.5, 1, 1, 1, 1.5, 2]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
  it('refuses a negative or fractional total', () => {
    expect(() => splitFen(-1, [1])).toThrow(RangeError);
    expect(() => splitFen(1.5, [1])).toThrow(RangeError);
  });
});
