import type { SearchTimeLimit } from '../../src/api/types';
import { dateOnly, searchDaysLimit } from '../../src/forms/inputRules';

const DAY_MS = 86_400_000;

/**
 * Days a date filter may span for the user (spec 000 §5): the user info's searchTimeLimitList holds
 * a limit per subject; subjects 3 to 7 allow 30 x value + 1 days. 0 or no entry: no limit.
 */
export function searchLimitDays(list: readonly Pick<SearchTimeLimit, 'subjectId' | 'timeLimit'>[] | null | undefined, subjectId: number | undefined): number {
  if (subjectId === undefined) return 0;
  const entry = (list ?? []).find((item) => Number(item.subjectId) === subjectId);
  return entry ? searchDaysLimit(subjectId, entry.timeLimit) : 0;
}

function dayNumber(value: string): number {
  const [y, m, d] = dateOnly(value).split('-').map(Number);
  return Date.UTC(y, (m ?? 1) - 1, d ?? 1) / DAY_MS;
}

/** Days covered by an inclusive range of yyyy-MM-dd (or longer date-time) strings. */
export function rangeDays(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

/** Whether the range fits the limit (no limit when 0, an open range always fits). */
export function rangeWithinLimit(range: readonly [string | null, string | null], limitDays: number): boolean {
  const [start, end] = range;
  if (!limitDays || !start || !end) return true;
  return rangeDays(start, end) <= limitDays;
}

/** Latest end date allowed for a range starting at `start` (yyyy-MM-dd), or null without a limit. */
export function latestEnd(start: string, limitDays: number): string | null {
  if (!limitDays) return null;
  return new Date((dayNumber(start) + limitDays - 1) * DAY_MS).toISOString().slice(0, 10);
}
