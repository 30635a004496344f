import { describe, expect, it } from 'vitest';
import { grossMarginRate, reportPeriod, sellThroughRate } from './period.ts';

const today = '2026-11-25';
const msg = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe('report period', () => {
  it('defaults to the last 30 days up to today', () => {
    expect(reportPeriod({}, today)).toEqual({ start: '2026-10-27', end: today });
    expect(reportPeriod({ dateStart: '2026-11-01' }, today)).toEqual({ start: '2026-11-01', end: today });
    expect(reportPeriod({ dateStart: '2026-01-01' }, today)).toEqual({ start: '2026-01-01', end: '2026-01-30' });
    expect(reportPeriod({ dateEnd: '2026-11-10' }, today)).toEqual({ start: '2026-10-12', end: '2026-11-10' });
  });
  it('refuses bad days, the future, a reversed or too long period, naming the field', () => {
    expect(msg(() => reportPeriod({ dateStart: '2026-13-01' }, today))).toBe('开始日期格式不正确，应为 YYYY-MM-DD');
    expect(msg(() => reportPeriod({ dateEnd: '20261101' }, today))).toBe('结束日期格式不正确，应为 YYYY-MM-DD');
    expect(msg(() => reportPeriod({ dateStart: '2026-11-01', dateEnd: '2026-11-26' }, today))).toBe('结束日期不能晚于今天');
    expect(msg(() => reportPeriod({ dateStart: '2026-11-26' }, today))).toBe('开始日期不能晚于今天');
    expect(msg(() => reportPeriod({ dateStart: '2026-11-10', dateEnd: '2026-11-01' }, today))).toBe('结束日期不能早于开始日期');
    expect(msg(() => reportPeriod({ dateStart: '2025-01-01', dateEnd: '2026-11-01' }, today))).toBe('开始日期至结束日期不能超过 366 天');
    expect(reportPeriod({ dateStart: '2025-11-25', dateEnd: '2026-11-25' }, today).start).toBe('2025-11-25');
  });
});

describe('rates', () => {
  it('sell-through is sold over put, none without puts', () => {
    expect(sellThroughRate(3, 8)).toBe(37.5);
    expect(sellThroughRate(1, 3)).toBe(33.33);
    expect(sellThroughRate(5, 0)).toBeNull();
  });
  it('gross margin from fen', () => {
    expect(grossMarginRate(1000, 600)).toBe(40);
    expect(grossMarginRate(0, 10)).toBeNull();
    expect(grossMarginRate(300, 400)).toBe(-33.33);
  });
});
