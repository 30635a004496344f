import type { FieldSchema } from './types.ts';

/**
 * Date and date-time text of resource fields. Answers render `YYYY-MM-DD` and `YYYY-MM-DD HH:mm:ss`;
 * writes take what reads answer (so a loaded record saves back unchanged), `YYYY-MM-DD HH:mm`, the
 * `T`-separated form of <input type="datetime-local"> and RFC 3339 with a zone. Without a zone the
 * time is the database session's, the same zone the answers are rendered in.
 */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}[ Tt]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?([Zz]|[+-]\\d{2}:\\d{2})?$';

const DATE_TIME_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[ Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:[Zz]|[+-](\d{2}):(\d{2}))?)?$/;

/** The JSON Schema `pattern` a date or date-time field is validated with (ajv's `format` would demand RFC 3339). */
export const datePatternOf = (f: FieldSchema) => (f.format === 'date' ? DATE_PATTERN : DATE_TIME_PATTERN);

/** Chinese message naming the field and the expected form. */
export const dateMessageOf = (f: FieldSchema) => `${f.title}格式不正确，应为${f.format === 'date' ? ' YYYY-MM-DD' : ' YYYY-MM-DD HH:mm:ss'}`;

const daysIn = (y: number, m: number) => (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** Whether `text` is a real date (or date-time) in one of the accepted forms: shape and calendar. */
export function isDateText(format: 'date' | 'date-time', text: string): boolean {
  if (!new RegExp(format === 'date' ? DATE_PATTERN : DATE_TIME_PATTERN).test(text)) return false;
  const m = DATE_TIME_PARTS.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s, oh, om] = m.slice(1).map((x) => Number(x ?? 0));
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) && h <= 23 && mi <= 59 && s <= 59 && oh <= 23 && om <= 59;
}

/**
 * The kinds of date parameter a route takes (its schema's `x-date`): a day, a moment (a date-time, or a bare day
 * meaning that day: a range's end then takes the whole day), a month, or a time of day.
 */
export type DateParamKind = 'date' | 'date-time' | 'month' | 'time';

/** The pattern a descriptor's month field (YYYY-MM) declares. */
export const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
const MONTH_TEXT = new RegExp(MONTH_PATTERN);
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Whether `text` is a real value of a date parameter of that kind (shape and calendar). */
export function isDateParam(kind: DateParamKind, text: string): boolean {
  if (kind === 'month') return MONTH_TEXT.test(text);
  if (kind === 'time') return TIME_OF_DAY.test(text);
  if (kind === 'date') return isDateText('date', text);
  return isDateText('date-time', text) || isDateText('date', text);
}

/** What a refused date parameter answers: the field's name and the form it takes. */
export const dateParamMessage = (title: string, kind: DateParamKind): string =>
  `${title}格式不正确，应为 ${{ month: 'YYYY-MM（如 2026-11）', date: 'YYYY-MM-DD', 'date-time': 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm' }[kind]}`;

/** The kind of date a descriptor field holds, if any: its format (date, date-time), or a month by its pattern. */
export function dateKindOf(f: FieldSchema): DateParamKind | undefined {
  if (f.format === 'date' || f.format === 'date-time') return f.format;
  return f.pattern === MONTH_PATTERN ? 'month' : undefined;
}
