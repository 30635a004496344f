import { ApiError } from '../../errors.ts';
import { daysOfMonth, isMonth, MONTH_PATTERN } from '../targets/split.ts';

/**
 * The periods of the report snapshots: a month `YYYY-MM` (a report's period and its background job's key). A
 * month in the wrong format or after the current one is the caller's mistake, answered in Chinese naming the field.
 */

export { MONTH_PATTERN };

export const monthMessage = (title: string) => `${title}格式不正确，应为 YYYY-MM（如 2026-11）`;

/** The JSON Schema of a month field of a hand route: the pattern's refusal names the field. */
export const monthField = (title: string) => ({ type: 'string', title, maxLength: 7, pattern: MONTH_PATTERN, 'x-msg': monthMessage(title) }) as const;

/** Refuses a malformed month and one after `today`'s month; answers the month's first and last day. */
export function reportMonth(value: unknown, title: string, today: string): { month: string; from: string; to: string } {
  if (typeof value !== 'string' || !value) throw new ApiError('BAD_REQUEST', `${title}不能为空`);
  if (!isMonth(value)) throw new ApiError('BAD_REQUEST', monthMessage(title));
  if (value > today.slice(0, 7)) throw new ApiError('BAD_REQUEST', `${title}不能晚于本月（${today.slice(0, 7)}）`);
  const days = daysOfMonth(value);
  return { month: value, from: days[0], to: days.at(-1)! };
}

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
