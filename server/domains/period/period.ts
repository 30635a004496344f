import { ApiError } from '../../errors.ts';
import { dateParam } from '../../http/fields.ts';
import { daysBetween, isDay, isMonth, monthRange } from '../../../core/calendar.ts';

/**
 * The one reading of a report's period, whatever the call names its parameters (统计 startDate/endDate, 分析
 * dateStart/dateEnd, 快照 reportMonth): real calendar days `YYYY-MM-DD` and months `YYYY-MM`, nothing after today
 * (this month), the end not before the start, at most MAX_PERIOD_DAYS days. Every refusal is a 400 naming the
 * field in Chinese. Pure: `today` is the database's calendar day (dbToday).
 */

export const MAX_PERIOD_DAYS = 366;

export const dayMessage = (title: string) => `${title}格式不正确，应为 YYYY-MM-DD`;
export const monthMessage = (title: string) => `${title}格式不正确，应为 YYYY-MM（如 2026-11）`;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** A day parameter: blank is null; otherwise a real day not after today, or a 400 naming the field. */
export function dayOf(value: unknown, title: string, today: string): string | null {
  if (blank(value)) return null;
  const v = typeof value === 'string' ? value.trim() : value;
  if (!isDay(v)) throw new ApiError('BAD_REQUEST', dayMessage(title));
  if (v > today) throw new ApiError('BAD_REQUEST', `${title}不能晚于今天`);
  return v;
}

export interface DayPeriod {
  from: string;
  to: string;
  /** Days in the period, both ends included. */
  days: number;
}

export interface DayPeriodOptions {
  /** Chinese names of the two parameters (开始日期, 结束日期). */
  titles?: [string, string];
  /** The end when none is given (today when absent). */
  to?: (from: string | null) => string;
  /** The start when none is given (the end when absent). */
  from?: (to: string) => string;
  maxDays?: number;
}

/** Two day parameters as one period; missing ends come from `opts` (by default today). */
export function dayPeriod(start: unknown, end: unknown, today: string, opts: DayPeriodOptions = {}): DayPeriod {
  const [startTitle, endTitle] = opts.titles ?? ['开始日期', '结束日期'];
  const s = dayOf(start, startTitle, today);
  const e = dayOf(end, endTitle, today);
  const to = e ?? (opts.to ? opts.to(s) : today);
  const from = s ?? (opts.from ? opts.from(to) : to);
  if (to < from) throw new ApiError('BAD_REQUEST', `${endTitle}不能早于${startTitle}`);
  const days = daysBetween(from, to) + 1;
  const max = opts.maxDays ?? MAX_PERIOD_DAYS;
  if (days > max) throw new ApiError('BAD_REQUEST', `${startTitle}至${endTitle}不能超过 ${max} 天`);
  return { from, to, days };
}

/** A month parameter (a report's period and its background job's key): required, `YYYY-MM`, not after this month. */
export function reportMonth(value: unknown, title: string, today: string): { month: string; from: string; to: string } {
  if (blank(value)) throw new ApiError('BAD_REQUEST', `${title}不能为空`);
  const v = typeof value === 'string' ? value.trim() : value;
  if (typeof v !== 'string' || !isMonth(v)) throw new ApiError('BAD_REQUEST', monthMessage(title));
  if (v > today.slice(0, 7)) throw new ApiError('BAD_REQUEST', `${title}不能晚于本月（${today.slice(0, 7)}）`);
  return { month: v, ...monthRange(v) };
}

/** The JSON Schema of a month field of a hand route: the input guard's x-date check names the field. */
export const monthField = (title: string) => ({ ...dateParam(title, 'month'), maxLength: 7 });
