/**
 * Laying a table's items onto pages and grid columns (lanes) by their heights. It always terminates: every page takes
 * at least one item, or laying out stops with a §8 message.
 */
import type { PanelGeometry } from '../geometry.ts';
import { NO_SPACE_MESSAGE, PAGEABLE_HEIGHT_MESSAGE, type PaginationError, type TableItem } from './types.ts';

const EPS = 1e-6;
const MAX_BLANK_ROWS = 1000;

/** What the layout needs to know of a table besides its items' heights. */
export interface TableLayoutPlan {
  items: TableItem[];
  geometry: PanelGeometry;
  /** grid columns (lanes) side by side on a page */
  grid: number;
  /** data rows per lane at most (Infinity when unset) */
  maxRows: number;
  headerHeight: number;
  showHeaderOn(tablePageNo: number): boolean;
  /** footer height kept free on every page, and in addition on the last page */
  pageReserve: number;
  lastReserve: number;
}

export interface LaidPage {
  pageIndex: number;
  top: number;
  showHeader: boolean;
  /** body height available per lane */
  avail: number;
  lanes: TableItem[][];
  /** body height used per lane */
  used: number[];
  rowsInLane: number[];
  /** index (into the items) of the page's first item */
  firstItem: number;
}

export type TableLayout = { ok: true; pages: LaidPage[] } | { ok: false; error: PaginationError };

/** Lay items from `from` onto pages; `limitLast` applies the last-page footer line and reserve to every page. */
function layFrom(plan: TableLayoutPlan, from: number, pageIndex: number, y: number, done: LaidPage[], limitLast: boolean): TableLayout {
  const { items, geometry, grid, maxRows, headerHeight, pageReserve, lastReserve } = plan;
  const pages = [...done];
  let i = from;
  let page = pageIndex;
  let top = y;
  let skippedFirst = pages.length > 0;
  for (;;) {
    const tablePageNo = pages.length;
    const showHeader = plan.showHeaderOn(tablePageNo);
    const bottom = geometry.footerLine(page, limitLast);
    const avail = bottom - top - (showHeader ? headerHeight : 0) - pageReserve - (limitLast ? lastReserve : 0);
    const lanes: TableItem[][] = [];
    const used: number[] = [];
    const rowsInLane: number[] = [];
    const firstItem = i;
    if (Number.isFinite(avail) && avail >= -EPS) {
      for (let lane = 0; lane < grid; lane++) {
        const laneItems: TableItem[] = [];
        let h = 0;
        let count = 0;
        while (i < items.length) {
          const item = items[i];
          if (item.kind === 'row' && count >= maxRows) break;
          if (h + item.height > avail + EPS) break;
          laneItems.push(item);
          h += item.height;
          if (item.kind === 'row') count++;
          i++;
        }
        // a group header is never left alone at the bottom of a column
        const last = laneItems[laneItems.length - 1];
        if (laneItems.length > 1 && last.kind === 'groupHeader' && i < items.length) {
          laneItems.pop();
          h -= last.height;
          i--;
        }
        lanes.push(laneItems);
        used.push(h);
        rowsInLane.push(count);
        if (i >= items.length) break;
      }
    }
    const placed = i - firstItem;
    const fitsEmpty = Number.isFinite(avail) && avail >= -EPS;
    if (placed === 0 && (i < items.length || !fitsEmpty)) {
      // Starting lower than the header line: retry once from the top of the next page.
      if (tablePageNo === 0 && !skippedFirst && top > geometry.pageTop + EPS) {
        skippedFirst = true;
        page++;
        top = geometry.pageTop;
        continue;
      }
      const pageable = geometry.footerLine(page, limitLast) - geometry.pageTop - (showHeader ? headerHeight : 0) - pageReserve - (limitLast ? lastReserve : 0);
      const next = items[i];
      if (!Number.isFinite(pageable) || pageable <= 0 || !next) return { ok: false, error: { code: 'noSpace', message: NO_SPACE_MESSAGE } };
      const r2 = (v: number) => Math.round(v * 100) / 100;
      return {
        ok: false,
        error: {
          code: 'pageableHeight',
          message: `${PAGEABLE_HEIGHT_MESSAGE}: ${r2(pageable)}pt < ${r2(next.height)}pt`,
          pageableHeight: r2(pageable),
          requiredHeight: r2(next.height),
        },
      };
    }
    pages.push({ pageIndex: page, top, showHeader, avail, lanes, used, rowsInLane, firstItem });
    if (i >= items.length) return { ok: true, pages };
    page++;
    top = geometry.pageTop;
  }
}

/** Lay all items from page `startPage` at `startY`, keeping the last page within its own footer line and reserve. */
export function layTable(plan: TableLayoutPlan, startPage: number, startY: number): TableLayout {
  const { geometry, grid, maxRows, headerHeight, pageReserve, lastReserve } = plan;
  let laid = layFrom(plan, 0, startPage, startY, [], false);
  if (!laid.ok) return laid;
  const pages = laid.pages;
  const last = pages[pages.length - 1];
  const end = last.top + (last.showHeader ? headerHeight : 0) + Math.max(0, ...last.used) + pageReserve + lastReserve;
  if (end > geometry.footerLine(last.pageIndex, true) + EPS) {
    // The last page has a higher footer line (or must hold the grand total). Move as many trailing
    // items as fit onto one more page, which becomes the last; failing that, lay the tail again
    // with the last page's limits on every page.
    const next = last.pageIndex + 1;
    const capacity = geometry.footerLine(next, true) - geometry.pageTop - (plan.showHeaderOn(pages.length) ? headerHeight : 0) - pageReserve - lastReserve;
    const lane = last.lanes[0];
    let k = 0;
    let h = 0;
    let rowCount = 0;
    while (grid === 1 && k < lane.length - 1) {
      const item = lane[lane.length - 1 - k];
      if (h + item.height > capacity + EPS || (item.kind === 'row' && rowCount >= maxRows)) break;
      h += item.height;
      if (item.kind === 'row') rowCount++;
      k++;
    }
    if (k > 0) {
      const moved = lane.splice(lane.length - k, k);
      last.used[0] -= h;
      last.rowsInLane[0] -= rowCount;
      pages.push({ pageIndex: next, top: geometry.pageTop, showHeader: plan.showHeaderOn(pages.length), avail: capacity, lanes: [moved], used: [h], rowsInLane: [rowCount], firstItem: last.firstItem + lane.length });
    } else {
      laid = layFrom(plan, last.firstItem, last.pageIndex, last.top, pages.slice(0, -1), true);
    }
  }
  return laid;
}

/** autoCompletion: pad every lane of the last page with blank rows, to maxRows or to the bottom of the page. */
export function padLastPage(plan: TableLayoutPlan, p: LaidPage, blankHeight: number): void {
  // the last page also holds the grand total and may have its own footer line
  const headerH = p.showHeader ? plan.headerHeight : 0;
  const lastAvail = plan.geometry.footerLine(p.pageIndex, true) - p.top - headerH - plan.pageReserve - plan.lastReserve;
  const avail = Math.min(p.avail, lastAvail);
  for (let lane = 0; lane < plan.grid; lane++) {
    if (!p.lanes[lane]) {
      p.lanes[lane] = [];
      p.used[lane] = 0;
      p.rowsInLane[lane] = 0;
    }
    let pads = 0;
    while (pads < MAX_BLANK_ROWS && p.rowsInLane[lane] < plan.maxRows && p.used[lane] + blankHeight <= avail + EPS) {
      p.lanes[lane].push({ kind: 'blank', height: blankHeight });
      p.used[lane] += blankHeight;
      p.rowsInLane[lane]++;
      pads++;
    }
  }
}
