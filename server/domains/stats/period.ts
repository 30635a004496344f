import { ApiError } from '../../errors.ts';

/**
 * The period of a statistics call: 开始日期 and 结束日期 (YYYY-MM-DD, real calendar days), the end not before the
 * start, neither after today, at most MAX_DAYS days. Pure: `today` is the database's (dbToday).
 */
export const MAX_DAYS = 366;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface Period {
  from: string;
  to: string;
  days: number;
}

export function isDay(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date((dayNumber(day) + n) * 86_400_000).toISOString().slice(0, 10);
}

/** Checks a period; a missing start or end is `defaults` (today when not given). Throws a 400 naming the field. */
export function periodOf(startDate: unknown, endDate: unknown, today: string, defaults: { from?: string; to?: string } = {}): Period {
  const from = startDate === undefined || startDate === null || startDate === '' ? (defaults.from ?? today) : startDate;
  const to = endDate === undefined || endDate === null || endDate === '' ? (defaults.to ?? today) : endDate;
  if (!isDay(from)) throw new ApiError('BAD_REQUEST', '开始日期格式不正确，应为 YYYY-MM-DD（如 2026-11-01）');
  if (!isDay(to)) throw new ApiError('BAD_REQUEST', '结束日期格式不正确，应为 YYYY-MM-DD（如 2026-11-30）');
  if (from > today) throw new ApiError('BAD_REQUEST', '开始日期不能晚于今天');
  if (to > today) throw new ApiError('BAD_REQUEST', '结束日期不能晚于今天');
  if (to < from) throw new ApiError('BAD_REQUEST', '结束日期不能早于开始日期');
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days > MAX_DAYS) throw new ApiError('BAD_REQUEST', `日期范围不能超过 ${MAX_DAYS} 天`);
  return { from, to, days };
}

/** Every day of a period, in order. */
export function daysOf(p: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Integer fen to yuan (2 decimals, exact for integer fen). */
export const yuan = (fen: number) => Math.round(fen) / 100;

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
