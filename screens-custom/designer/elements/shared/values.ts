/**
 * What a data-bound element shows: its field's value from the print data, or its test data on the
 * canvas; formatted by dataType/format, upperCase or a registered formatter (never evaluated code).
 */
import dayjs from 'dayjs';
import { formatterRegistry } from '../../../../core/print/template/index.ts';
import type { PrintElement } from '../../../../core/print/template/index.ts';
import { toChineseUpperCase } from '../../../../core/print/upperCase/index.ts';

export function rawValue(element: PrintElement, data: Record<string, unknown> | undefined): unknown {
  const o = element.options as Record<string, unknown>;
  const field = (o.field as string | undefined) ?? element.field;
  if (data && field) return data[field];
  return field ? o.testData : o.testData;
}

function formatted(element: PrintElement, value: unknown): string {
  const o = element.options as Record<string, unknown>;
  const key = (o.formatter as string | undefined) ?? element.formatter;
  const fn = key ? formatterRegistry.get('cell', key) : undefined;
  if (fn) {
    try {
      return String(fn(value, {}, 0) ?? '');
    } catch (e) {
      console.warn(`formatter '${key}' failed`, e);
    }
  }
  if (value === null || value === undefined) return '';
  if (o.dataType === 'datetime') {
    const d = dayjs(value as string);
    return d.isValid() ? d.format(typeof o.format === 'string' && o.format ? o.format : 'YYYY-MM-DD HH:mm:ss') : String(value);
  }
  if (o.dataType === 'boolean') {
    const [yes, no] = (typeof o.format === 'string' && o.format.includes(':') ? o.format : '是:否').split(':');
    return value === true || value === 'true' || value === 1 ? yes : no;
  }
  if (typeof o.upperCase === 'string' && o.upperCase !== '') return toChineseUpperCase(o.upperCase, value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The value text of an element ('' when it has none). */
export function valueText(element: PrintElement, data: Record<string, unknown> | undefined): string {
  return formatted(element, rawValue(element, data));
}

/** 'title：value', the title alone, or the value alone (hideTitle / no title). */
export function displayText(element: PrintElement, data: Record<string, unknown> | undefined): string {
  const o = element.options as Record<string, unknown>;
  const title = (o.title as string | undefined) ?? element.title ?? '';
  const value = valueText(element, data);
  const hasValue = ((o.field as string | undefined) ?? element.field) !== undefined || o.testData !== undefined;
  if (!hasValue) return title;
  if (o.hideTitle === true || !title) return value;
  return `${title}：${value}`;
}
