import { describe, expect, it } from 'vitest';
import { periodOf, recentPeriods } from './periods.ts';

describe('petty-cash billing periods', () => {
  it('a month, a half month, a Monday-to-Sunday week', () => {
    expect(periodOf(1, '2026-02-14')).toEqual({ beginDate: '2026-02-01', endDate: '2026-02-28', label: '2026年2月' });
    expect(periodOf(1, '2028-02-29').endDate).toBe('2028-02-29');
    expect(periodOf(2, '2026-11-15')).toEqual({ beginDate: '2026-11-01', endDate: '2026-11-15', label: '2026年11月上半月' });
    expect(periodOf(2, '2026-11-16')).toEqual({ beginDate: '2026-11-16', endDate: '2026-11-30', label: '2026年11月下半月' });
    expect(periodOf(3, '2026-11-25')).toMatchObject({ beginDate: '2026-11-23', endDate: '2026-11-29' });
    // Sunday belongs to the week that began the Monday before; a week may span two years.
    expect(periodOf(3, '2026-11-29').beginDate).toBe('2026-11-23');
    expect(periodOf(3, '2027-01-01')).toMatchObject({ beginDate: '2026-12-28', endDate: '2027-01-03' });
  });

  it('counts back whole periods across a year end, newest first', () => {
    expect(recentPeriods(1, '2027-01-10', 3).map((p) => p.beginDate)).toEqual(['2027-01-01', '2026-12-01', '2026-11-01']);
    expect(recentPeriods(2, '2026-11-03', 3).map((p) => `${p.beginDate}/${p.endDate}`)).toEqual(['2026-11-01/2026-11-15', '2026-10-16/2026-10-31', '2026-10-01/2026-10-15']);
  });

  it('refuses dates that do not exist', () => {
    expect(() => periodOf(1, 'x')).toThrow(RangeError);
  });
});
