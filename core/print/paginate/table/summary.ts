/** Summary rows of a table (计数, 合计, 平均值, …): the cells of one column set over some rows, and their height. */
import type { Row } from '../../template/registry.ts';
import { DEFAULT_SUMMARY_DECIMALS, formatSummaryNumber, roundHalfUp, toChineseUpperCase } from '../../upperCase/index.ts';
import { finiteOr } from '../metrics.ts';
import { CELL_PADDING_H, textHeight, warn, type TableContext } from './cells.ts';
import type { SummaryCell } from './types.ts';

export const SUMMARY_LABELS = { count: '计数', sum: '合计', avg: '平均值', min: '最小值', max: '最大值' } as const;

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Summary cells of one column set over `rows`; null when no column asks for a summary. */
export function summarise(ctx: TableContext, rows: readonly Row[]): Array<SummaryCell | null> | null {
  const cols = ctx.columns.map((c) => c.column);
  if (!cols.some((c) => c.tableSummary && c.tableSummary !== 'none')) return null;
  const cells: Array<SummaryCell | null> = [];
  let covered = 0;
  cols.forEach((col, c) => {
    if (covered > 0) {
      covered--;
      cells.push(null);
      return;
    }
    const span = col.tableSummaryColspan === undefined ? 1 : Math.floor(finiteOr(col.tableSummaryColspan, 1));
    if (span <= 0) return void cells.push(null);
    const colspan = Math.min(span, cols.length - c);
    covered = colspan - 1;
    const mode = col.tableSummary;
    const align = col.tableSummaryAlign;
    if (!mode || mode === 'none') return void cells.push({ text: '', colspan, value: null, align });
    if (mode === 'text') return void cells.push({ text: col.tableSummaryText ?? '', colspan, value: null, align });
    let value: number | null;
    if (mode === 'count') {
      value = col.field ? rows.filter((r) => r[col.field as string] !== undefined && r[col.field as string] !== null && r[col.field as string] !== '').length : rows.length;
    } else {
      const nums: number[] = [];
      for (const r of rows) {
        const n = col.field ? toNumber(r[col.field]) : null;
        if (n !== null) nums.push(n);
      }
      if (mode === 'sum') value = nums.reduce((a, b) => a + b, 0);
      else if (nums.length === 0) value = null;
      else if (mode === 'avg') value = nums.reduce((a, b) => a + b, 0) / nums.length;
      else value = nums.reduce((a, b) => (mode === 'min' ? Math.min(a, b) : Math.max(a, b)));
    }
    let formatted = '';
    if (value !== null) {
      const fn = col.tableSummaryFormatter ? ctx.registry.get('cell', col.tableSummaryFormatter) : undefined;
      if (fn) {
        try {
          formatted = String(fn(value, {}, -1, col) ?? '');
        } catch (e) {
          warn(ctx, `summary formatter '${col.tableSummaryFormatter}' failed: ${(e as Error).message}`);
          formatted = formatSummaryNumber(value, col.tableSummaryNumFormat);
        }
      } else if (col.upperCase) {
        const decimals = col.tableSummaryNumFormat === undefined ? DEFAULT_SUMMARY_DECIMALS : Number(col.tableSummaryNumFormat);
        formatted = toChineseUpperCase(col.upperCase, roundHalfUp(value, decimals));
      } else formatted = formatSummaryNumber(value, mode === 'count' ? '0' : col.tableSummaryNumFormat);
    }
    const title = col.tableSummaryTitle === false ? '' : `${col.tableSummaryText ?? SUMMARY_LABELS[mode]}:`;
    cells.push({ text: title + formatted, colspan, value, align });
  });
  return cells;
}

export function summaryHeight(ctx: TableContext, cells: Array<SummaryCell | null>, minHeight: number): number {
  let h = minHeight;
  let c = 0;
  for (const cell of cells) {
    if (cell) {
      let width = 0;
      for (let k = 0; k < cell.colspan && c + k < ctx.columns.length; k++) width += ctx.columns[c + k].width;
      h = Math.max(h, textHeight(ctx, cell.text, width - 2 * CELL_PADDING_H));
    }
    c++;
  }
  return h;
}
