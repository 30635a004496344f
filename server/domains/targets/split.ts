/**
 * Pure rules of 绩效目标: the month format, the days of a month, splitting an amount in fen so the parts add up
 * exactly, and the reach rate. No database here; the routes and the tests import them.
 */

import { isDateParam, MONTH_PATTERN } from '../../../core/descriptors/dates.ts';

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

/**
 * Splits `totalFen` into parts proportional to `weights` (largest remainder): integers that add up to exactly
 * `totalFen`; ties go to the earlier part. All-zero weights split evenly.
 */
export function splitFen(totalFen: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(totalFen) || totalFen < 0) throw new Error(`bad amount ${totalFen}`);
  if (!weights.length) return [];
  const w = weights.some((x) => x > 0) ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const sum = w.reduce((a, b) => a + b, 0);
  const exact = w.map((x) => (totalFen * x) / sum);
  const parts = exact.map(Math.floor);
  let left = totalFen - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k][1]]++;
  return parts;
}

/** A month's target per day: weekends carry `weekendWeight` times a weekday's share. */
export function splitMonthByDay(totalFen: number, month: string, weekendWeight = 1): { day: string; fen: number }[] {
  const days = daysOfMonth(month);
  const parts = splitFen(totalFen, days.map((d) => (isWeekend(d) ? weekendWeight : 1)));
  return days.map((day, i) => ({ day, fen: parts[i] }));
}

/** Yuan (a number or numeric text with at most 2 decimals) to integer fen, exactly. */
export function toFen(yuan: number | string): number {
  const s = typeof yuan === 'number' ? yuan.toFixed(2) : yuan.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new Error(`not an amount: ${yuan}`);
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

export const fenToYuan = (fen: number): string => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

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
