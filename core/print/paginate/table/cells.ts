/**
 * Measuring a table's cells: the context one table is planned in, the text of a body cell, and the height of text
 * and rows from font metrics (no DOM).
 */
import type { FormatterRegistry, Row } from '../../template/registry.ts';
import type { TableColumn, TableOptions } from '../../template/types.ts';
import { toChineseUpperCase } from '../../upperCase/index.ts';
import { countLines, estimatedFontMetrics, LINE_HEIGHT_EM, positiveOr, type FontMetrics } from '../metrics.ts';
import type { LeafColumn, TableLineHeights } from './types.ts';

const DEFAULT_FONT_SIZE = 9;
/** Cell paddings the rows are planned with: 1 pt above and below (2 in all), 3 pt left and right. */
export const TABLE_CELL_PADDING = { vertical: 2, horizontal: 3 } as const;
export const CELL_PADDING_V = TABLE_CELL_PADDING.vertical;
export const CELL_PADDING_H = TABLE_CELL_PADDING.horizontal;
const MAX_WARNINGS = 20;

/** Per leaf column: text width inside paddings, and the fixed height of barcode/QR/image cells (0 for text). */
export interface CellLayout {
  innerWidths: number[];
  fixedHeights: number[];
}

/** Everything one table's cells are measured and formatted with. */
export interface TableContext {
  opts: TableOptions;
  metrics: FontMetrics;
  registry: FormatterRegistry;
  warnings: string[];
  fontSize: number;
  lineHeight: number;
  letterSpacing: number;
  columns: LeafColumn[];
  cellLayout: CellLayout;
}

export function warn(ctx: Pick<TableContext, 'warnings'>, message: string): void {
  if (ctx.warnings.length < MAX_WARNINGS) ctx.warnings.push(message);
}

/** The body font size of a table, capped at 1000 pt. */
export function tableFontSize(opts: TableOptions): number {
  return Math.min(positiveOr(opts.fontSize, DEFAULT_FONT_SIZE), 1000);
}

/**
 * The line heights of a table: its lineHeight, else the metrics' line of its font size; the header's
 * own font size gets its own line. Renderers set exactly these (never the browser's `normal`).
 */
export function tableLineHeights(opts: TableOptions, metrics: FontMetrics = estimatedFontMetrics): TableLineHeights {
  const fontSize = tableFontSize(opts);
  const body = positiveOr(opts.lineHeight, positiveOr(metrics.lineHeight(fontSize), fontSize * LINE_HEIGHT_EM));
  const headerFontSize = Math.min(positiveOr(opts.tableHeaderFontSize, fontSize), 1000);
  const header = opts.tableHeaderFontSize ? positiveOr(metrics.lineHeight(headerFontSize), headerFontSize * LINE_HEIGHT_EM) : body;
  return { body, header };
}

export function cellText(ctx: TableContext, col: TableColumn, row: Row, sequence: number): string {
  if (col.tableTextType === 'sequence') return String(sequence + 1);
  const value = col.field ? row[col.field] : undefined;
  const fn = col.formatter2 ? ctx.registry.get('cell', col.formatter2) : undefined;
  if (fn) {
    try {
      return String(fn(value, row, sequence, col) ?? '');
    } catch (e) {
      warn(ctx, `formatter '${col.formatter2}' failed: ${(e as Error).message}`);
    }
  }
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return col.upperCase ? toChineseUpperCase(col.upperCase, value) : text;
}

export function textHeight(ctx: TableContext, text: string, width: number, fontSize = ctx.fontSize, lineHeight = ctx.lineHeight, weight?: string): number {
  return countLines(text, width, fontSize, ctx.metrics, weight ?? ctx.opts.fontWeight, ctx.letterSpacing) * lineHeight + CELL_PADDING_V;
}

export function rowHeight(ctx: TableContext, texts: string[], minHeight: number): number {
  let h = minHeight;
  const { columns, cellLayout } = ctx;
  for (let c = 0; c < columns.length; c++) {
    const fixed = cellLayout.fixedHeights[c];
    const cellH = fixed > 0 ? fixed : textHeight(ctx, texts[c], cellLayout.innerWidths[c]);
    if (cellH > h) h = cellH;
  }
  return h;
}
