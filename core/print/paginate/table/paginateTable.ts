/**
 * The table paginator: rows onto pages from computed row heights (font metrics, no DOM).
 * It always terminates: every page takes at least one item, or pagination stops with a §8 message.
 */
import { formatterRegistry as defaultRegistry, type Row } from '../../template/registry.ts';
import type { TableOptions } from '../../template/types.ts';
import { panelGeometry } from '../geometry.ts';
import { estimatedFontMetrics, finiteOr, positiveOr } from '../metrics.ts';
import { CELL_PADDING_V, tableFontSize, tableLineHeights, type TableContext } from './cells.ts';
import { tableColumns } from './columns.ts';
import { pageFooter, planFooter } from './footer.ts';
import { headerRowHeights, headerShownOn } from './header.ts';
import { buildItems } from './items.ts';
import { layTable, padLastPage, type TableLayoutPlan } from './layout.ts';
import { laneMerger } from './merge.ts';
import type { TablePage, TablePagination, TablePaginationInput } from './types.ts';

/**
 * Paginate one table element of a panel.
 * @example
 * const r = paginateTable({ panel, element, rows: order.items });
 * if (r.ok) r.pages.map((p) => p.rowIndices); else showRed(r.error.message);
 */
export function paginateTable(input: TablePaginationInput): TablePagination {
  const warnings: string[] = [];
  const opts: TableOptions = (input.element && typeof input.element.options === 'object' && input.element.options) || {};
  const metrics = input.metrics ?? estimatedFontMetrics;
  const lineHeights = tableLineHeights(opts, metrics);
  const columnLayout = tableColumns(opts);
  const { columns, cellLayout } = columnLayout;
  const ctx: TableContext = {
    opts, metrics, registry: input.registry ?? defaultRegistry, warnings, fontSize: tableFontSize(opts), lineHeight: lineHeights.body,
    letterSpacing: finiteOr(opts.letterSpacing, 0), columns, cellLayout,
  };
  const rows: readonly Row[] = Array.isArray(input.rows) ? input.rows.map((r) => (typeof r === 'object' && r !== null ? r : {})) : [];

  const headerHeights = headerRowHeights(ctx, columnLayout, lineHeights.header);
  const headerHeight = headerHeights.reduce((a, b) => a + b, 0);
  const minRowHeight = positiveOr(opts.tableBodyRowHeight, 0);
  const { items, ordered, rowItems } = buildItems(ctx, rows, minRowHeight);
  const blankHeight = Math.max(minRowHeight, ctx.lineHeight + CELL_PADDING_V);
  const footerPlan = planFooter(ctx, ordered, minRowHeight, columnLayout.tableWidth);
  const plan: TableLayoutPlan = {
    items,
    geometry: panelGeometry(input.panel),
    grid: columnLayout.grid,
    maxRows: typeof opts.maxRows === 'number' && Number.isFinite(opts.maxRows) && opts.maxRows >= 1 ? Math.floor(opts.maxRows) : Infinity,
    headerHeight,
    showHeaderOn: headerShownOn(opts),
    pageReserve: footerPlan.pageReserve,
    lastReserve: footerPlan.lastReserve,
  };
  const startPage = Math.max(0, Math.floor(finiteOr(input.startPage, 0)));
  const startY = finiteOr(input.startY, finiteOr(opts.top, 0));

  const laid = layTable(plan, startPage, startY);
  if (!laid.ok) return { ok: false, error: laid.error, warnings };

  const mergeLane = laneMerger(ctx, ordered, rowItems);
  const pageCount = laid.pages.length;
  if (opts.autoCompletion) padLastPage(plan, laid.pages[pageCount - 1], blankHeight);
  const pages: TablePage[] = laid.pages.map((p, k) => {
    if (mergeLane) for (const lane of p.lanes) mergeLane(lane);
    const pageRows: Row[] = [];
    const rowIndices: number[] = [];
    for (const lane of p.lanes) {
      for (const item of lane) {
        if (item.kind === 'row') {
          pageRows.push(item.row);
          rowIndices.push(item.rowIndex);
        }
      }
    }
    const footer = pageFooter(ctx, footerPlan, pageRows, ordered, k, pageCount);
    const headerH = p.showHeader ? headerHeight : 0;
    const height = headerH + Math.max(0, ...p.used) + footer.reduce((a, f) => a + f.height, 0);
    return { pageIndex: p.pageIndex, top: p.top, height, showHeader: p.showHeader, headerHeight: headerH, lanes: p.lanes, footer, rowIndices };
  });
  return { ok: true, pages, columns, headerRowHeights: headerHeights, lineHeights, warnings };
}
