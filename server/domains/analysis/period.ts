import { ApiError } from '../../errors.ts';

/**
 * A report's period: two calendar days (YYYY-MM-DD), start not after end, end not after today, at most
 * MAX_PERIOD_DAYS days. Without dates a report reads the last DEFAULT_PERIOD_DAYS days up to today.
 */

export const MAX_PERIOD_DAYS = 366;
export const DEFAULT_PERIOD_DAYS = 30;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface Period {
  start: string;
  end: string;
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The period a report reads; a bad or future day is refused naming the field (开始日期 / 结束日期). */
export function reportPeriod(input: { dateStart?: string | null; dateEnd?: string | null }, today: string): Period {
  const start = input.dateStart?.trim() || null;
  const end = input.dateEnd?.trim() || null;
  if (start && !isDay(start)) throw new ApiError('BAD_REQUEST', '开始日期格式不正确，应为 YYYY-MM-DD');
  if (end && !isDay(end)) throw new ApiError('BAD_REQUEST', '结束日期格式不正确，应为 YYYY-MM-DD');
  const e = end ?? (start && addDays(start, DEFAULT_PERIOD_DAYS - 1) < today ? addDays(start, DEFAULT_PERIOD_DAYS - 1) : today);
  const s = start ?? addDays(e, -(DEFAULT_PERIOD_DAYS - 1));
  if (s > today) throw new ApiError('BAD_REQUEST', '开始日期不能晚于今天');
  if (e > today) throw new ApiError('BAD_REQUEST', '结束日期不能晚于今天');
  if (e < s) throw new ApiError('BAD_REQUEST', '结束日期不能早于开始日期');
  if (daysBetween(s, e) + 1 > MAX_PERIOD_DAYS) throw new ApiError('BAD_REQUEST', `开始日期至结束日期最多${MAX_PERIOD_DAYS}天`);
  return { start: s, end: e };
}

/** sold / put as a percentage with 2 decimals; nothing put has no rate (null), never a division by zero. */
export function sellThroughRate(sold: number, put: number): number | null {
  if (!(put > 0)) return null;
  return Math.round((sold / put) * 10000) / 100;
}

/** (sales - cost) / sales as a percentage with 2 decimals; no sales, no margin. Amounts in fen. */
export function grossMarginRate(salesFen: number, costFen: number): number | null {
  if (!(salesFen > 0)) return null;
  return Math.round(((salesFen - costFen) / salesFen) * 10000) / 100;
}
