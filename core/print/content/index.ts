/**
 * What an element shows: its field's value from the print data (or its testData while designing),
 * passed through its named formatter, dataType format and upperCase mode. Shared by the PDF writer and
 * the on-screen renderer so that both print the same text.
 */
import { formatterRegistry as defaultRegistry, type FormatterRegistry, type Row } from '../template/registry.ts';
import type { PrintElement } from '../template/types.ts';
import { toChineseUpperCase } from '../upperCase/index.ts';
import { formatDate, toDate } from './date.ts';

export { formatDate, toDate } from './date.ts';

type Options = Record<string, unknown>;
const opts = (e: PrintElement): Options => ((e && typeof e.options === 'object' && e.options) || {}) as Options;

export function elementField(element: PrintElement): string | undefined {
  const f = opts(element).field ?? element.field;
  return typeof f === 'string' && f !== '' ? f : undefined;
}

/** The raw value: data[field] when printing with data, testData when designing (data undefined). */
export function elementRawValue(element: PrintElement, data: Record<string, unknown> | undefined): unknown {
  const field = elementField(element);
  if (data !== undefined) return field ? data[field] : undefined;
  return field ? opts(element).testData : undefined;
}

/**
 * What a barcode or QR code encodes, and a barcode prints as its caption: the field's value from the
 * data, else its testData, formatted; the title never (the canvas and preview show exactly this).
 */
export function codeValue(element: PrintElement, data: Record<string, unknown> | undefined, registry?: FormatterRegistry, warn?: (m: string) => void): string {
  const field = elementField(element);
  const raw = field && data !== undefined ? data[field] : opts(element).testData;
  return formatElementValue(element, raw, data, registry, warn);
}

/** The displayed text of a value: formatter (by name), dataType + format, upperCase. */
export function formatElementValue(element: PrintElement, value: unknown, data: Row | undefined, registry: FormatterRegistry = defaultRegistry, warn?: (m: string) => void): string {
  const o = opts(element);
  const formatterName = typeof o.formatter === 'string' ? o.formatter : element.formatter;
  if (formatterName) {
    const fn = registry.get('cell', formatterName);
    if (fn) {
      try {
        return String(fn(value, data ?? {}, 0) ?? '');
      } catch (e) {
        warn?.(`formatter '${formatterName}' failed: ${(e as Error).message}`);
      }
    } else warn?.(`formatter '${formatterName}' is not registered`);
  }
  if (value === undefined || value === null) return '';
  if (o.dataType === 'datetime') {
    const d = toDate(value);
    return d ? formatDate(d, typeof o.format === 'string' && o.format ? o.format : 'YYYY-MM-DD HH:mm:ss') : String(value);
  }
  if (o.dataType === 'boolean') {
    // format 'yes:no', default 是:否
    const [yes, no] = (typeof o.format === 'string' && o.format.includes(':') ? o.format : '是:否').split(':');
    const truthy = value === true || value === 1 || value === 'true' || value === '1';
    return truthy ? yes : no;
  }
  if ((typeof o.upperCase === 'number' || typeof o.upperCase === 'string') && o.upperCase !== '') return toChineseUpperCase(String(o.upperCase), value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export interface TextContent {
  /** the title part ('' when hidden or absent) */
  title: string;
  /** the value part ('' for a static text) */
  value: string;
  /** what a text element prints: 'title：value', the title alone, or the value alone */
  text: string;
}

/**
 * A text or longText element's content. With a field the title is a label before the value
 * ('title：value' unless hideTitle); without a field the title is the static text.
 */
export function textContent(element: PrintElement, data: Record<string, unknown> | undefined, registry?: FormatterRegistry, warn?: (m: string) => void): TextContent {
  const o = opts(element);
  const rawTitle = typeof o.title === 'string' ? o.title : element.title ?? '';
  const field = elementField(element);
  if (!field) return { title: rawTitle, value: '', text: rawTitle };
  const value = formatElementValue(element, elementRawValue(element, data), data, registry, warn);
  const title = o.hideTitle === true ? '' : rawTitle;
  return { title, value, text: title ? `${title}：${value}` : value };
}
