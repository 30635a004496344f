/**
 * Input helpers and validation rules of spec 000 §5 and the limits of §9.
 * Pure functions: forms call them in onChange / validate.
 */

/** Maximum lengths of text fields (spec §9). */
export const MAX_LENGTH = {
  name: 24,
  url: 1024,
  email: 256,
  address: 100,
  introduction: 100,
  default: 24,
  input: 48,
  phone: 11,
} as const;

export type MaxLengthKind = keyof typeof MAX_LENGTH;

/** i18n key of the bad-phone message: 手机号码有误，请重填! */
export const PHONE_ERROR_KEY = 'validation.phone';

const MAINLAND_PHONE = /^1[2-9]\d{9}$/;

/** Mainland mobile number: 11 digits, starts with 1, second digit 2-9. Empty passes. */
export function isValidPhone(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  return MAINLAND_PHONE.test(value);
}

/** Returns the i18n key of the error, or null when the phone is acceptable. */
export function phoneError(value: string | null | undefined): string | null {
  return isValidPhone(value) ? null : PHONE_ERROR_KEY;
}

export interface DecimalOptions {
  /** 2 by default, or 1. */
  decimals?: 1 | 2;
  /** Integer part is cut to this many digits. */
  maxIntegerLength?: number;
}

/** Keeps digits and one dot, at most `decimals` decimals, integer part cut to maxIntegerLength. */
export function decimalInput(raw: string, options: DecimalOptions = {}): string {
  const decimals = options.decimals ?? 2;
  const cleaned = raw.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let integer = dot === -1 ? cleaned : cleaned.slice(0, dot);
  const fraction = dot === -1 ? null : cleaned.slice(dot + 1).replace(/\./g, '').slice(0, decimals);
  if (options.maxIntegerLength !== undefined) integer = integer.slice(0, options.maxIntegerLength);
  return fraction === null ? integer : `${integer}.${fraction}`;
}

/** Like decimalInput with 2 decimals, but a leading minus is allowed. */
export function negativeDecimalInput(raw: string, options: Omit<DecimalOptions, 'decimals'> = {}): string {
  const negative = raw.trimStart().startsWith('-');
  const body = decimalInput(raw, { ...options, decimals: 2 });
  return negative ? `-${body}` : body;
}

/** Strips every non-digit. */
export function integerInput(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** Strips every non-digit and the leading zeros ("007" becomes "7", "0" becomes ""). */
export function positiveIntegerInput(raw: string): string {
  return integerInput(raw).replace(/^0+/, '');
}

/** A URL is external if it begins with http, https, mailto or tel. */
export function isExternal(url: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(url);
}

/** Rounds half away from zero to `digits` decimals (2 by default), avoiding 1.005 -> 1.00. */
export function roundTo(value: number, digits = 2): number {
  const factor = 10 ** digits;
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Number((Math.abs(value) * factor).toPrecision(15)))) / factor;
}

/** Days a search may span for a subject: subjects 3 to 7 are 30 x value + 1 (0 when empty); others as given. */
export function searchDaysLimit(subjectId: number, timeLimit: number | null | undefined): number {
  if (subjectId >= 3 && subjectId <= 7) {
    if (timeLimit === null || timeLimit === undefined) return 0;
    return timeLimit * 30 + 1;
  }
  return timeLimit ?? 0;
}

/** Dates are cut to their first 10 characters (yyyy-MM-dd). */
export function dateOnly(value: string | null | undefined): string {
  return (value ?? '').slice(0, 10);
}
