/**
 * A table's footer rows (tableFooterRepeat no/page/last): page summaries, the footer formatter's text and the grand
 * total, the heights reserved for them in advance so that pages never overflow, and the footer of each page.
 */
import type { Row } from '../../template/registry.ts';
import type { TableOptions } from '../../template/types.ts';
import { CELL_PADDING_H, textHeight, warn, type TableContext } from './cells.ts';
import { summarise, summaryHeight } from './summary.ts';
import type { SummaryCell, TableFooterItem } from './types.ts';

export interface TableFooterPlan {
  mode: NonNullable<TableOptions['tableFooterRepeat']>;
  /** the summary over all rows, null when no column asks for one or the footer is off */
  grandCells: Array<SummaryCell | null> | null;
  summaryRowHeight: number;
  footerTextHeight: number;
  /** height kept free on every page, and in addition on the last page */
  pageReserve: number;
  lastReserve: number;
}

function callFooterFormatter(ctx: TableContext, key: string | undefined, pageRows: readonly Row[], all: readonly Row[], page: number, count: number): string | null {
  if (!key) return null;
  const fn = ctx.registry.get('footer', key);
  if (!fn) return null;
  try {
    return String(fn(pageRows, all, page, count) ?? '');
  } catch (e) {
    warn(ctx, `footer formatter '${key}' failed: ${(e as Error).message}`);
    return '';
  }
}

/** The footer rows' heights, measured before laying out: `ordered` are all rows in print order. */
export function planFooter(ctx: TableContext, ordered: Row[], minRowHeight: number, tableWidth: number): TableFooterPlan {
  const { opts } = ctx;
  const mode = opts.tableFooterRepeat ?? 'last';
  const grandCells = mode === 'no' ? null : summarise(ctx, ordered);
  const summaryRowHeight = grandCells ? summaryHeight(ctx, grandCells, minRowHeight) : 0;
  const footerTextAll = mode === 'no' ? null : callFooterFormatter(ctx, opts.footerFormatter, ordered, ordered, 0, 1);
  const footerTextHeight = footerTextAll === null ? 0 : Math.max(minRowHeight, textHeight(ctx, footerTextAll, tableWidth - 2 * CELL_PADDING_H));
  const pageReserve = mode === 'page' ? summaryRowHeight + footerTextHeight : 0;
  const lastReserve = mode === 'last' ? summaryRowHeight + footerTextHeight : mode === 'page' && opts.tableGrandTotal ? summaryRowHeight : 0;
  return { mode, grandCells, summaryRowHeight, footerTextHeight, pageReserve, lastReserve };
}

/** The footer rows of table page `page` of `pageCount`, which holds `pageRows`. */
export function pageFooter(ctx: TableContext, plan: TableFooterPlan, pageRows: Row[], ordered: Row[], page: number, pageCount: number): TableFooterItem[] {
  const { opts } = ctx;
  const { grandCells, summaryRowHeight, footerTextHeight } = plan;
  const isLast = page === pageCount - 1;
  const footer: TableFooterItem[] = [];
  if (plan.mode === 'page') {
    const cells = summarise(ctx, pageRows);
    if (cells) footer.push({ kind: 'pageSummary', cells, height: summaryRowHeight });
    const text = callFooterFormatter(ctx, opts.footerFormatter, pageRows, ordered, page, pageCount);
    if (text !== null) footer.push({ kind: 'footerText', text, height: footerTextHeight });
    if (isLast && opts.tableGrandTotal && grandCells) footer.push({ kind: 'grandTotal', cells: grandCells, height: summaryRowHeight });
  } else if (plan.mode === 'last' && isLast) {
    if (grandCells) footer.push({ kind: 'grandTotal', cells: grandCells, height: summaryRowHeight });
    const text = callFooterFormatter(ctx, opts.footerFormatter, pageRows, ordered, page, pageCount);
    if (text !== null) footer.push({ kind: 'footerText', text, height: footerTextHeight });
  }
  return footer;
}
