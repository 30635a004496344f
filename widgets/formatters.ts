import { roundTo } from '../src/forms/inputRules';
import type { FormatterKey, StylerKey } from '../core/descriptors/widgetKeys.ts';

/** What a formatter may use besides the value: the row and the labels of the column's options. */
export interface FormatContext {
  row: Record<string, unknown>;
  /** value -> label of the column's enum or dictionary. */
  labels?: ReadonlyMap<string, string>;
  /** Decimals for number formatters (2 unless the column says otherwise). */
  digits?: number;
}

export type Formatter = (value: unknown, context: FormatContext) => string;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

const pad = (n: number) => String(n).padStart(2, '0');

function asDate(value: unknown): Date | null {
  if (isEmpty(value)) return null;
  const date = new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formatters by key (core/descriptors/widgetKeys.ts). Descriptors name them; a formatter is never JavaScript in JSON.
 * Numbers round to 2 decimals by default (spec 000 §5).
 */
export const FORMATTER_IMPLEMENTATIONS: Readonly<Record<FormatterKey, Formatter>> = {
  text: (value) => (isEmpty(value) ? '' : String(value)),
  number: (value, { digits }) => (isEmpty(value) || Number.isNaN(Number(value)) ? '' : String(roundTo(Number(value), digits ?? 2))),
  money: (value, { digits }) => (isEmpty(value) || Number.isNaN(Number(value)) ? '' : roundTo(Number(value), digits ?? 2).toFixed(digits ?? 2)),
  percent: (value, { digits }) => (isEmpty(value) || Number.isNaN(Number(value)) ? '' : `${roundTo(Number(value) * 100, digits ?? 2)}%`),
  /** A rate the server gave in percent already (毛利率 23.45): 23.45%. */
  rate: (value, { digits }) => (isEmpty(value) || Number.isNaN(Number(value)) ? '' : `${roundTo(Number(value), digits ?? 2)}%`),
  date: (value) => {
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
    const d = asDate(value);
    return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
  },
  integer: (value) => (isEmpty(value) || Number.isNaN(Number(value)) ? '' : String(Math.round(Number(value)))),
  dateTime: (value) => {
    const d = asDate(value);
    if (!d) return isEmpty(value) ? '' : String(value);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  },
  /** Enum or dictionary label; an unknown value shows as is. */
  dictionary: (value, { labels }) => (isEmpty(value) ? '' : labels?.get(String(value)) ?? String(value)),
  /** 1/true 启用, 0/false 停用 (a dictionary, when the column has one, wins). */
  enabled: (value, { labels }) => {
    if (isEmpty(value)) return '';
    if (labels?.has(String(value))) return labels.get(String(value))!;
    return value === true || Number(value) === 1 ? '启用' : '停用';
  },
  /** The image URL; the image cell shows it as a thumbnail. */
  image: (value) => (isEmpty(value) ? '' : String(value)),
  phone: (value) => (isEmpty(value) ? '' : String(value)),
  yesNo: (value) => (isEmpty(value) ? '' : value === true || value === 1 || value === '1' ? '是' : '否'),
};

export function formatterFor(key: string | undefined): Formatter {
  return (key && FORMATTER_IMPLEMENTATIONS[key as FormatterKey]) || FORMATTER_IMPLEMENTATIONS.text;
}

/** A styler gives a cell its colour from the row (never JavaScript in JSON). */
export type Styler = (value: unknown, row: Record<string, unknown>) => { color?: string; fontWeight?: number } | undefined;

export const STYLER_IMPLEMENTATIONS: Readonly<Record<StylerKey, Styler>> = {
  statusColor: (value) => (value === null || value === undefined ? undefined : Number(value) === 1 || value === true ? { color: 'var(--mantine-color-green-7)' } : { color: 'var(--mantine-color-gray-6)' }),
  negativeRed: (value) => (Number(value) < 0 ? { color: 'var(--mantine-color-red-7)' } : undefined),
};

export function stylerFor(key: string | undefined): Styler | undefined {
  return key ? STYLER_IMPLEMENTATIONS[key as StylerKey] : undefined;
}
