import { describe, expect, it } from 'vitest';
import { dayShareFen, percent, periodOf } from './period.ts';

const today = '2026-11-25';

describe('statistics period', () => {
  it('takes real calendar days, end not before start, neither after today', () => {
    expect(periodOf('2026-11-01', '2026-11-25', today)).toEqual({ from: '2026-11-01', to: '2026-11-25', days: 25 });
    expect(() => periodOf('2026-02-30', '2026-03-01', today)).toThrow('开始日期格式不正确');
    expect(() => periodOf('2026-11-01', '2026/11/02', today)).toThrow('结束日期格式不正确');
    expect(() => periodOf('2026-11-10', '2026-11-01', today)).toThrow('结束日期不能早于开始日期');
    expect(() => periodOf('2026-11-26', '2026-11-26', today)).toThrow('开始日期不能晚于今天');
    expect(() => periodOf('2026-11-01', '2026-12-01', today)).toThrow('结束日期不能晚于今天');
    expect(() => periodOf('2024-01-01', '2026-11-25', today)).toThrow('开始日期至结束日期不能超过 366 天');
  });
  it('defaults a missing day to today or to the given default', () => {
    expect(periodOf(null, undefined, today)).toEqual({ from: today, to: today, days: 1 });
    expect(periodOf('', '', today, { from: '2026-11-19' })).toEqual({ from: '2026-11-19', to: today, days: 7 });
  });
  it('shares', () => {
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(5, 0)).toBeNull();
    expect(dayShareFen(3_000_000, '2026-11-25')).toBe(100_000);
    expect(dayShareFen(3_100_000, '2026-12-01')).toBe(100_000);
  });
});
