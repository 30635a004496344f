import { describe, expect, it } from 'vitest';
import { latestEnd, rangeDays, rangeWithinLimit, searchLimitDays } from './timeLimit';

const limits = [
  { subjectId: 3, timeLimit: 1 },
  { subjectId: 5, timeLimit: null },
  { subjectId: 9, timeLimit: 15 },
];

describe('search time limits on date filters', () => {
  it('allows 30 x value + 1 days for subjects 3 to 7, 0 (no limit) when empty or absent', () => {
    expect(searchLimitDays(limits, 3)).toBe(31);
    expect(searchLimitDays(limits, 5)).toBe(0);
    expect(searchLimitDays(limits, 4)).toBe(0);
    expect(searchLimitDays(limits, 9)).toBe(15);
    expect(searchLimitDays(limits, undefined)).toBe(0);
    expect(searchLimitDays(null, 3)).toBe(0);
  });
  it('counts inclusive days, cutting date-times to the date', () => {
    expect(rangeDays('2026-01-01', '2026-01-31')).toBe(31);
    expect(rangeDays('2026-02-28 23:59:59', '2026-03-01 00:00:00')).toBe(2);
  });
  it('rejects a range longer than the limit and accepts open ranges', () => {
    expect(rangeWithinLimit(['2026-01-01', '2026-01-31'], 31)).toBe(true);
    expect(rangeWithinLimit(['2026-01-01', '2026-02-01'], 31)).toBe(false);
    expect(rangeWithinLimit(['2026-01-01', '2027-02-01'], 0)).toBe(true);
    expect(rangeWithinLimit(['2026-01-01', null], 31)).toBe(true);
  });
  it('gives the last selectable end date', () => {
    expect(latestEnd('2026-01-01', 31)).toBe('2026-01-31');
    expect(latestEnd('2026-01-01', 0)).toBeNull();
  });
});
