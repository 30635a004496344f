import { describe, expect, it } from 'vitest';
import { toFen } from '../../../core/money.ts';
import { reachRate, splitMonthByDay } from './split.ts';

describe('绩效目标拆分', () => {
  it('splits a month by day, weekends weighted', () => {
    const even = splitMonthByDay(toFen('30000.00'), '2026-11');
    expect(even).toHaveLength(30);
    expect(even.every((d) => d.fen === 100_000)).toBe(true);
    // November 2026: 9 weekend days, 21 weekdays; weight 2 → 39 shares of 1000 yuan.
    const weighted = splitMonthByDay(toFen(39000), '2026-11', 2);
    expect(weighted.find((d) => d.day === '2026-11-01')!.fen).toBe(200_000); // Sunday
    expect(weighted.find((d) => d.day === '2026-11-02')!.fen).toBe(100_000); // Monday
    expect(weighted.reduce((a, d) => a + d.fen, 0)).toBe(3_900_000);
  });

  it('computes reach in percent from fen, none without a target', () => {
    expect(reachRate(toFen('50.00'), toFen('200.00'))).toBe(25);
    expect(reachRate(1, 3)).toBe(33.33);
    expect(reachRate(2, 3)).toBe(66.67);
    expect(reachRate(toFen('1234.56'), toFen('1000'))).toBe(123.46);
    expect(reachRate(-500, 1000)).toBe(-50);
    expect(reachRate(100, 0)).toBeNull();
  });
});
