/**
 * Pure rules of 绩效目标: the month format, the days of a month, a month's target split by day, and the reach rate.
 * No database here; the routes and the tests import them.
 */

import { isDateParam, MONTH_PATTERN } from '../../../core/descriptors/dates.ts';
import { splitFen } from '../../../core/money.ts';

export { MONTH_PATTERN };

export const isMonth = (s: string): boolean => isDateParam('month', s);

/** Every day of a `YYYY-MM` month as `YYYY-MM-DD`. */
export function daysOfMonth(month: string): string[] {
  if (!isMonth(month)) throw new Error(`not a month: ${month}`);
  const [y, m] = month.split('-').map(Number);
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** Saturday or Sunday (the calendar's, whatever the server's zone). */
export function isWeekend(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
}

/** A month's target per day: weekends carry `weekendWeight` times a weekday's share. */
export function splitMonthByDay(totalFen: number, month: string, weekendWeight = 1): { day: string; fen: number }[] {
  const days = daysOfMonth(month);
  const parts = splitFen(totalFen, days.map((d) => (isWeekend(d) ? weekendWeight : 1)));
  return days.map((day, i) => ({ day, fen: parts[i] }));
}

/**
 * Reach in percent with 2 decimals (actual / target x 100), computed on fen so 1/3 rounds half up exactly;
 * null when there is no target.
 */
export function reachRate(actualFen: number, targetFen: number): number | null {
  if (targetFen <= 0) return null;
  // percent x 100 = actual x 10000 / target, rounded half away from zero.
  const scaled = Math.round((Math.abs(actualFen) * 10000) / targetFen);
  return (actualFen < 0 ? -scaled : scaled) / 100;
}
