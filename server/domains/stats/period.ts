import { dayPeriod, MAX_PERIOD_DAYS, type DayPeriod } from '../period/index.ts';

/**
 * The period of a statistics call: 开始日期 and 结束日期 (YYYY-MM-DD, real calendar days), the end not before the
 * start, neither after today, at most MAX_DAYS days. Pure: `today` is the database's (dbToday).
 */
export const MAX_DAYS = MAX_PERIOD_DAYS;

export type Period = DayPeriod;

/** Checks a period (startDate/endDate, the names the browser sends); a missing start or end is `defaults` (today when not given). */
export function periodOf(startDate: unknown, endDate: unknown, today: string, defaults: { from?: string; to?: string } = {}): Period {
  return dayPeriod(startDate, endDate, today, { to: () => defaults.to ?? today, from: () => defaults.from ?? today });
}

/** part / whole as a percentage with 2 decimals; null when whole is 0. */
export function percent(part: number, whole: number): number | null {
  if (!whole) return null;
  return Math.round((part * 10000) / whole) / 100;
}

/** A day's share of a month target in fen: the month target spread evenly over the month's days. */
export function dayShareFen(monthTargetFen: number, day: string): number {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Math.round(monthTargetFen / daysInMonth);
}
