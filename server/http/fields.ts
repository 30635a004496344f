/**
 * Field schema fragments with the spec's max lengths (spec 000 §9): name 24, url 1024, email 256,
 * address 100, introduction 100, default 24, input 48, phone 11. `title` is the Chinese field name the
 * validation messages use. Free text refuses markup and SQL punctuation so neither can be stored and replayed later.
 */
import type { DateParamKind } from '../../core/descriptors/dates.ts';
import { ApiError } from '../errors.ts';

export const MAX_LENGTH = { name: 24, url: 1024, email: 256, address: 100, introduction: 100, default: 24, input: 48, phone: 11 } as const;

// No markup and no SQL statement punctuation: a name or note never needs < > ; -- or /*.
const SAFE_TEXT = '^(?!.*(--|/\\*))[^<>;]*$';

export const plainText = (title: string, maxLength: number = MAX_LENGTH.default, minLength = 0) => ({
  type: 'string',
  title,
  maxLength,
  ...(minLength ? { minLength } : {}),
  pattern: SAFE_TEXT,
  'x-msg': `${title}不能包含 < > ; -- /* 等特殊字符`,
});

export const phoneField = (title = '手机号码') => ({
  type: 'string',
  title,
  maxLength: MAX_LENGTH.phone,
  // Empty passes; otherwise 11 digits starting with 1 and a second digit 2-9 (spec 000 §5).
  pattern: '^(|1[2-9]\\d{9})$',
  'x-msg': '手机号码有误，请重填!',
});

export const urlField = (title: string) => ({
  type: 'string',
  title,
  maxLength: MAX_LENGTH.url,
  // A relative path under the site or an http(s) address; never javascript: or data: with markup.
  pattern: '^(|/[^<>\\s]*|https?://[^<>\\s]+)$',
  'x-msg': `${title}必须是 http(s) 地址或站内路径`,
});

/** Login names: letters, digits, _ . @ - and Chinese characters only. */
export const userNameField = (title = '用户名') => ({
  type: 'string',
  title,
  minLength: 1,
  maxLength: MAX_LENGTH.default,
  pattern: '^[A-Za-z0-9_.@\\-\\u4e00-\\u9fa5]+$',
  'x-msg': `${title}只能包含字母、数字、下划线、点、@、- 或汉字`,
});

export const passwordField = (title = '密码') => ({ type: 'string', title, minLength: 1, maxLength: MAX_LENGTH.input });

/** A row id in a path, query or body: a positive 32-bit integer. */
export const idField = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2147483647, title });

/** A row id that may be absent: a positive 32-bit integer or null. */
export const nullableIdField = (title: string) => ({ type: ['integer', 'null'], minimum: 1, maximum: 2147483647, title });

/** A string with only a length bound (no markup check, unlike plainText): codes, remarks the reader escapes. */
export const boundedString = (title: string, maxLength: number) => ({ type: 'string', title, maxLength });

/** boundedString that may also be null. */
export const nullableString = (title: string, maxLength: number) => ({ type: ['string', 'null'], title, maxLength });

/** A required name: at least one character, 48 unless told. */
export const nameField = (title: string, maxLength = 48) => ({ type: 'string', title, minLength: 1, maxLength });

/** A money amount a hand route takes: at most 2 decimals (JSON Schema's multipleOf trips on binary fractions). */
export function assertCents(value: number | null | undefined, title: string): void {
  if (typeof value === 'number' && Number(value.toFixed(2)) !== value) throw new ApiError('BAD_REQUEST', `${title}最多2位小数`);
}

/**
 * A date parameter of a hand-written route: a day (YYYY-MM-DD), a moment (a date-time, or a day), a month (YYYY-MM)
 * or a time of day (HH:mm). The input guard's `x-date` keyword checks shape and calendar and names the field
 * (server/http/inputGuard.ts); empty counts as not sent. `nullable` when the call may send null for "none".
 */
export const dateParam = (title: string, kind: DateParamKind = 'date', opts: { nullable?: boolean; msg?: string } = {}) => ({
  type: opts.nullable ? ['string', 'null'] : 'string',
  title,
  maxLength: 32,
  'x-date': kind,
  ...(opts.msg ? { 'x-msg': opts.msg } : {}),
});
