/**
 * Pure rules of 绩效目标: a month's target split by day, and the reach rate.
 * No database here; the routes and the tests import them.
 */

import { daysOfMonth, isWeekend } from '../../../core/calendar.ts';
import { splitFen } from '../../../core/money.ts';

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
