/** A table's header: the height of its rows and the table pages it repeats on (tableHeaderRepeat). */
import type { TableOptions } from '../../template/types.ts';
import { finiteOr, positiveOr } from '../metrics.ts';
import { CELL_PADDING_H, textHeight, type TableContext } from './cells.ts';
import type { TableColumnLayout } from './columns.ts';

/** Each header row is as tall as its tallest single-row title (or the set row height). */
export function headerRowHeights(ctx: TableContext, layout: TableColumnLayout, headerLineHeight: number): number[] {
  const { opts } = ctx;
  const headerFontSize = Math.min(positiveOr(opts.tableHeaderFontSize, ctx.fontSize), 1000);
  const headerRows = (Array.isArray(opts.columns) ? opts.columns : []).map((r) => (Array.isArray(r) ? r.filter((c) => c && c.checked !== false) : []));
  return headerRows.map((cells) => {
    let h = positiveOr(opts.tableHeaderRowHeight, 0);
    for (const cell of cells) {
      if (finiteOr(cell.rowspan, 1) > 1) continue;
      const width = layout.headerCellWidth(cell) - 2 * CELL_PADDING_H;
      h = Math.max(h, textHeight(ctx, cell.title ?? '', width, headerFontSize, headerLineHeight, opts.tableHeaderFontWeight));
    }
    return h;
  });
}

/** Whether the header shows on the table's `tablePageNo`-th page (0-based): every page, the first, or none. */
export function headerShownOn(opts: TableOptions): (tablePageNo: number) => boolean {
  const headerMode = opts.tableHeaderRepeat ?? 'page';
  return (tablePageNo) => headerMode === 'page' || (headerMode === 'first' && tablePageNo === 0);
}
