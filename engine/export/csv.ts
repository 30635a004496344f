/**
 * CSV writing of the browser export (spec 000 §9): cells have their newlines and commas replaced
 * (the original writes them raw, so a comma would shift every later column), files start with a
 * UTF-8 BOM so Excel shows Chinese, and file names carry a date-time suffix.
 */

/** Byte-order mark: Excel reads a CSV without it as the local code page and garbles Chinese. */
export const UTF8_BOM = '\uFEFF';

/** Spec §9 limits of the browser export. */
export const EXPORT_LIMITS = { pageSize: 10_000, rowsPerFile: 1_000_000, pauseMs: 50 } as const;

export interface CsvColumn {
  /** Property of the row to read. */
  prop: string;
  /** Header text. */
  label: string;
  /** Optional display formatter (dictionary label, rounded number, date). */
  format?: (value: unknown, row: Record<string, unknown>) => string;
}

/** A cell as text: newlines become spaces and commas become the full-width comma. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/\r\n|\r|\n/g, ' ').replace(/,/g, '，');
}

export function csvHeader(columns: readonly CsvColumn[]): string {
  return columns.map((c) => csvCell(c.label)).join(',');
}

export function csvRow(columns: readonly CsvColumn[], row: Record<string, unknown>): string {
  return columns.map((c) => csvCell(c.format ? c.format(row[c.prop], row) : row[c.prop])).join(',');
}

/** yyyyMMddHHmmss of a date in local time. */
export function dateTimeSuffix(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** 门店_20261121230102.csv, or 门店_20261121230102_2.csv for the second million rows. */
export function csvFileName(title: string, date: Date, part: number, parts: number): string {
  const base = `${title.replace(/[\\/:*?"<>|]/g, '_')}_${dateTimeSuffix(date)}`;
  return parts > 1 ? `${base}_${part}.csv` : `${base}.csv`;
}

/** How many pages of `pageSize` cover `total` rows. */
export function pageCount(total: number, pageSize: number = EXPORT_LIMITS.pageSize): number {
  return total <= 0 ? 0 : Math.ceil(total / pageSize);
}

/** How many files `total` rows fill at `rowsPerFile` each. */
export function fileCount(total: number, rowsPerFile: number = EXPORT_LIMITS.rowsPerFile): number {
  return total <= 0 ? 0 : Math.ceil(total / rowsPerFile);
}
