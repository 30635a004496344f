import { addDays, daysBetween } from '../../../core/calendar.ts';

/**
 * Pure rules of the stock-movement (库存动销) and new-product (新品) reports.
 */

export const PIN_STATUS = { moving: 1, slow: 2 } as const;
export const PIN_LABELS: Record<number, string> = { 1: '动销', 2: '滞销' };

/** Days the stock lasts at the period's daily sales, 1 decimal; nothing sold: no figure (it never runs out). */
export function daysOfStock(onHand: number, sold: number, periodDays: number): number | null {
  if (!(sold > 0) || !(periodDays > 0)) return null;
  return Math.round((onHand / (sold / periodDays)) * 10) / 10;
}

/** Slow (滞销) when never sold or not sold for `slowDays` days or more; else moving (动销). */
export function pinStatus(daysSinceLastSale: number | null, slowDays: number): 1 | 2 {
  return daysSinceLastSale === null || daysSinceLastSale >= slowDays ? PIN_STATUS.slow : PIN_STATUS.moving;
}

export interface LaunchWeek {
  week: number;
  from: string;
  to: string;
  /** The week has not ended yet (its figures grow until `to`). */
  running: boolean;
}

/** The first `weeks` weeks from the launch day (7 days each, the first starting on the launch day), up to today. */
export function launchWeeks(launchDate: string, weeks: number, today: string): LaunchWeek[] {
  const out: LaunchWeek[] = [];
  for (let i = 0; i < weeks; i++) {
    const from = addDays(launchDate, i * 7);
    if (from > today) break;
    const to = addDays(from, 6);
    out.push({ week: i + 1, from, to, running: to >= today });
  }
  return out;
}

/** Whole days from `day` to `today` (0 on the same day). */
export const daysSince = (day: string | null, today: string): number | null => (day ? daysBetween(day, today) : null);
