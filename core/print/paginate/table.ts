/**
 * The table paginator: rows onto pages from computed row heights (font metrics, no DOM).
 * It always terminates: every page takes at least one item, or pagination stops with a §8 message.
 */
import type { TextAlign } from '../options/index.ts';
import { formatterRegistry as defaultRegistry, type FormatterRegistry, type Row } from '../template/registry.ts';
import type { Panel, PrintElementOf, TableColumn, TableOptions } from '../template/types.ts';
import { DEFAULT_SUMMARY_DECIMALS, formatSummaryNumber, roundHalfUp, toChineseUpperCase } from '../upperCase/index.ts';
import { panelGeometry } from './geometry.ts';
import { countLines, estimatedFontMetrics, finiteOr, LINE_HEIGHT_EM, positiveOr, type FontMetrics } from './metrics.ts';

export const NO_SPACE_MESSAGE = 'Not enough space for table pagination, please adjust the header/footer lines';
export const PAGEABLE_HEIGHT_MESSAGE = 'Not enough space to show the content below, pageable height vs required height';

export interface PaginationError {
  code: 'noSpace' | 'pageableHeight';
  /** the red on-canvas message of spec 001 §8 */
  message: string;
  pageableHeight?: number;
  requiredHeight?: number;
  /** index of the element in panel.printElements, when known */
  elementIndex?: number;
}

export interface LeafColumn {
  column: TableColumn;
  /** printed width in pt (scaled to the table or grid-column width) */
  width: number;
}

export interface BodyCell {
  text: string;
  rowspan: number;
  colspan: number;
  /** the rest of a merged cell that started on an earlier page */
  continued?: boolean;
}

export interface SummaryCell {
  text: string;
  colspan: number;
  /** the computed number, null for text/none */
  value: number | null;
  align?: TextAlign;
}

export type TableItem =
  | { kind: 'row'; rowIndex: number; sequence: number; row: Row; height: number; cells: Array<BodyCell | null> }
  | { kind: 'groupHeader'; text: string; groupValues: Record<string, unknown>; height: number }
  | { kind: 'groupFooter'; text: string | null; cells: Array<SummaryCell | null> | null; groupValues: Record<string, unknown>; height: number }
  | { kind: 'blank'; height: number };

export type TableFooterItem =
  | { kind: 'pageSummary' | 'grandTotal'; cells: Array<SummaryCell | null>; height: number }
  | { kind: 'footerText'; text: string; height: number };

export interface TablePage {
  /** page index within the panel */
  pageIndex: number;
  /** y of the table block on this page */
  top: number;
  /** total height of the block: header + tallest grid column + footer rows */
  height: number;
  showHeader: boolean;
  headerHeight: number;
  /** body items per grid column (one lane unless gridColumns > 1) */
  lanes: TableItem[][];
  footer: TableFooterItem[];
  /** indices (into the input rows) of the data rows on this page, in print order */
  rowIndices: number[];
}

export type TablePagination =
  | { ok: true; pages: TablePage[]; columns: LeafColumn[]; headerRowHeights: number[]; lineHeights: TableLineHeights; warnings: string[] }
  | { ok: false; error: PaginationError; warnings: string[] };

export interface TablePaginationInput {
  panel: Panel;
  element: PrintElementOf<'table'>;
  rows: readonly Row[];
  metrics?: FontMetrics;
  registry?: FormatterRegistry;
  /** page (within the panel) where the table begins; default 0 */
  startPage?: number;
  /** y where the table begins on its first page; default the element's top */
  startY?: number;
}

const DEFAULT_FONT_SIZE = 9;
const DEFAULT_TABLE_WIDTH = 550;
/** Cell paddings the rows are planned with: 1 pt above and below (2 in all), 3 pt left and right. */
export const TABLE_CELL_PADDING = { vertical: 2, horizontal: 3 } as const;
const CELL_PADDING_V = TABLE_CELL_PADDING.vertical;
const CELL_PADDING_H = TABLE_CELL_PADDING.horizontal;
const DEFAULT_CODE_CELL_HEIGHT = 30;
const EPS = 1e-6;
const MAX_WARNINGS = 20;
const MAX_BLANK_ROWS = 1000;

export const SUMMARY_LABELS = { count: '计数', sum: '合计', avg: '平均值', min: '最小值', max: '最大值' } as const;

/** testData of a table: JSON rows; anything else gives one empty row, with a warning for the log. */
export function parseTableTestData(text: string | undefined, warn: (message: string) => void = () => {}): Row[] {
  if (text === undefined || text.trim() === '') return [{}];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.map((r) => (typeof r === 'object' && r !== null ? (r as Row) : {}));
    if (typeof parsed === 'object' && parsed !== null) return [parsed as Row];
  } catch {
    /* logged below */
  }
  warn('table testData is not valid JSON; one empty row is used');
  return [{}];
}

/** Lay header rows (with rowspan/colspan) onto a grid and return the bottom-level columns. */
export function leafColumns(columnRows: TableColumn[][] | undefined): TableColumn[] {
  const rows = (Array.isArray(columnRows) ? columnRows : []).map((r) => (Array.isArray(r) ? r.filter((c) => c && c.checked !== false) : []));
  if (rows.length === 0) return [];
  const lastRow = rows.length - 1;
  const occupied: boolean[][] = rows.map(() => []);
  const leaves: TableColumn[] = [];
  rows.forEach((cells, r) => {
    let c = 0;
    for (const cell of cells) {
      while (occupied[r][c]) c++;
      const rs = Math.max(1, Math.min(Math.floor(finiteOr(cell.rowspan, 1)), rows.length - r));
      const cs = Math.max(1, Math.min(Math.floor(finiteOr(cell.colspan, 1)), 64));
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) occupied[r + dr][c + dc] = true;
      if (r + rs - 1 === lastRow) {
        for (let dc = 0; dc < cs; dc++) {
          leaves[c + dc] = dc === 0 ? cell : { ...cell, field: undefined, title: '', width: finiteOr(cell.width, 0) / cs };
        }
        if (cs > 1) leaves[c] = { ...cell, width: finiteOr(cell.width, 0) / cs };
      }
      c += cs;
    }
  });
  return leaves.filter((c): c is TableColumn => c !== undefined);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

interface Ctx {
  opts: TableOptions;
  metrics: FontMetrics;
  registry: FormatterRegistry;
  warnings: string[];
  fontSize: number;
  lineHeight: number;
  letterSpacing: number;
  columns: LeafColumn[];
  /** per leaf column: text width inside paddings, and the fixed height of barcode/QR/image cells (0 for text) */
  cellLayout: { innerWidths: number[]; fixedHeights: number[] };
}

function warn(ctx: Pick<Ctx, 'warnings'>, message: string): void {
  if (ctx.warnings.length < MAX_WARNINGS) ctx.warnings.push(message);
}

function cellText(ctx: Ctx, col: TableColumn, row: Row, sequence: number): string {
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

function textHeight(ctx: Ctx, text: string, width: number, fontSize = ctx.fontSize, lineHeight = ctx.lineHeight, weight?: string): number {
  return countLines(text, width, fontSize, ctx.metrics, weight ?? ctx.opts.fontWeight, ctx.letterSpacing) * lineHeight + CELL_PADDING_V;
}

function innerWidth(col: LeafColumn): number {
  return col.width - finiteOr(col.column.paddingLeft, CELL_PADDING_H) - finiteOr(col.column.paddingRight, CELL_PADDING_H);
}

function rowHeight(ctx: Ctx, texts: string[], minHeight: number): number {
  let h = minHeight;
  const { columns, cellLayout } = ctx;
  for (let c = 0; c < columns.length; c++) {
    const fixed = cellLayout.fixedHeights[c];
    const cellH = fixed > 0 ? fixed : textHeight(ctx, texts[c], cellLayout.innerWidths[c]);
    if (cellH > h) h = cellH;
  }
  return h;
}

/** Summary cells of one column set over `rows`; null when no column asks for a summary. */
function summarise(ctx: Ctx, rows: readonly Row[]): Array<SummaryCell | null> | null {
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

function summaryHeight(ctx: Ctx, cells: Array<SummaryCell | null>, minHeight: number): number {
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

function callFooterFormatter(ctx: Ctx, key: string | undefined, pageRows: readonly Row[], all: readonly Row[], page: number, count: number): string | null {
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

/** Rows in print order with group header/footer items around each group. */
function buildItems(ctx: Ctx, rows: readonly Row[], minRowHeight: number): { items: TableItem[]; ordered: Row[]; rowItems: Array<TableItem & { kind: 'row' }> } {
  const groupFields = (ctx.opts.groupFields ?? []).filter((f) => typeof f === 'string' && f !== '');
  const indexOf = new Map<Row, number>();
  rows.forEach((r, i) => indexOf.set(r, i));
  const groups: Array<{ values: Record<string, unknown>; rows: Row[] }> = [];
  if (groupFields.length) {
    const byKey = new Map<string, { values: Record<string, unknown>; rows: Row[] }>();
    for (const row of rows) {
      const values: Record<string, unknown> = {};
      for (const f of groupFields) values[f] = row[f];
      const key = JSON.stringify(groupFields.map((f) => row[f] ?? null));
      let g = byKey.get(key);
      if (!g) {
        g = { values, rows: [] };
        byKey.set(key, g);
        groups.push(g);
      }
      g.rows.push(row);
    }
  } else groups.push({ values: {}, rows: [...rows] });

  const items: TableItem[] = [];
  const rowItems: Array<TableItem & { kind: 'row' }> = [];
  const ordered: Row[] = [];
  const tableWidth = ctx.columns.reduce((a, c) => a + c.width, 0);
  const groupFn = (key: string | undefined) => (key ? ctx.registry.get('group', key) : undefined);
  const headerFn = groupFn(ctx.opts.groupFormatter) ?? groupFn(ctx.opts.groupFieldsFormatter);
  const footerFn = groupFn(ctx.opts.groupFooterFormatter);
  const safeGroup = (fn: NonNullable<typeof headerFn>, values: Record<string, unknown>, groupRows: Row[]): string => {
    try {
      return String(fn(values, groupRows) ?? '');
    } catch (e) {
      warn(ctx, `group formatter failed: ${(e as Error).message}`);
      return '';
    }
  };
  for (const g of groups) {
    if (groupFields.length) {
      const text = headerFn ? safeGroup(headerFn, g.values, g.rows) : groupFields.map((f) => String(g.values[f] ?? '')).join(' ');
      items.push({ kind: 'groupHeader', text, groupValues: g.values, height: Math.max(minRowHeight, textHeight(ctx, text, tableWidth - 2 * CELL_PADDING_H)) });
    }
    for (const row of g.rows) {
      const sequence = ordered.length;
      ordered.push(row);
      const texts = ctx.columns.map((col) => cellText(ctx, col.column, row, sequence));
      const item = {
        kind: 'row' as const,
        rowIndex: indexOf.get(row) ?? sequence,
        sequence,
        row,
        height: rowHeight(ctx, texts, minRowHeight),
        cells: texts.map((text) => ({ text, rowspan: 1, colspan: 1 })),
      };
      items.push(item);
      rowItems.push(item);
    }
    if (groupFields.length) {
      const text = footerFn ? safeGroup(footerFn, g.values, g.rows) : null;
      const cells = text === null ? summarise(ctx, g.rows) : null;
      if (text !== null || cells) {
        const height = cells ? summaryHeight(ctx, cells, minRowHeight) : Math.max(minRowHeight, textHeight(ctx, text ?? '', tableWidth - 2 * CELL_PADDING_H));
        items.push({ kind: 'groupFooter', text, cells, groupValues: g.values, height });
      }
    }
  }
  return { items, ordered, rowItems };
}

/** Global merge map from the rowsColumnsMerge function: origin cell of every (sequence, column). */
function computeMerges(ctx: Ctx, ordered: Row[]): { origin: Int32Array; rowspan: Int32Array; colspan: Int32Array } | null {
  const key = ctx.opts.rowsColumnsMerge;
  const fn = key ? ctx.registry.get('merge', key) : undefined;
  const n = ctx.columns.length;
  if (!fn || n === 0 || ordered.length === 0) return null;
  const total = ordered.length * n;
  const origin = new Int32Array(total).fill(-1);
  const rowspan = new Int32Array(total).fill(1);
  const colspan = new Int32Array(total).fill(1);
  for (let s = 0; s < ordered.length; s++) {
    for (let c = 0; c < n; c++) {
      const id = s * n + c;
      if (origin[id] !== -1) continue;
      origin[id] = id;
      let span: [number, number] = [1, 1];
      try {
        const out = fn(ordered[s], ctx.columns[c].column, c, s, ordered);
        if (Array.isArray(out)) span = out;
      } catch (e) {
        warn(ctx, `rowsColumnsMerge '${key}' failed: ${(e as Error).message}`);
      }
      let rs = Math.floor(finiteOr(span[0], 1));
      let cs = Math.floor(finiteOr(span[1], 1));
      rs = rs < 1 ? 1 : Math.min(rs, ordered.length - s);
      cs = cs < 1 ? 1 : Math.min(cs, n - c);
      // a span overlapping an earlier merge is cut back to a single cell
      for (let dr = 0; dr < rs && (rs > 1 || cs > 1); dr++) {
        for (let dc = 0; dc < cs; dc++) if ((dr || dc) && origin[(s + dr) * n + c + dc] !== -1) rs = cs = 1;
      }
      rowspan[id] = rs;
      colspan[id] = cs;
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) origin[(s + dr) * n + c + dc] = id;
    }
  }
  return { origin, rowspan, colspan };
}

/** Apply merges to one lane: spans are cut at the lane's end and restart on the next page. */
function mergeLane(lane: TableItem[], merges: NonNullable<ReturnType<typeof computeMerges>>, n: number, clean: boolean, texts: (s: number, c: number) => string): void {
  let start = 0;
  while (start < lane.length) {
    if (lane[start].kind !== 'row') {
      start++;
      continue;
    }
    let end = start;
    const seq = (k: number) => (lane[k] as { sequence: number }).sequence;
    while (end + 1 < lane.length && lane[end + 1].kind === 'row' && seq(end + 1) === seq(end) + 1) end++;
    const firstSeq = seq(start);
    const lastSeq = seq(end);
    for (let k = start; k <= end; k++) {
      const item = lane[k] as TableItem & { kind: 'row' };
      const s = item.sequence;
      for (let c = 0; c < n; c++) {
        const o = merges.origin[s * n + c];
        const oSeq = Math.floor(o / n);
        const oCol = o % n;
        const effective = Math.max(oSeq, firstSeq);
        if (s === effective && c === oCol) {
          const continued = effective !== oSeq;
          item.cells[c] = {
            text: continued && clean ? '' : texts(oSeq, oCol),
            rowspan: Math.min(oSeq + merges.rowspan[o] - 1, lastSeq) - effective + 1,
            colspan: merges.colspan[o],
            ...(continued ? { continued: true } : {}),
          };
        } else item.cells[c] = null;
      }
    }
    start = end + 1;
  }
}

/** pt line heights a table's rows are planned with: body (and summaries, groups) and header cells. */
export interface TableLineHeights {
  body: number;
  header: number;
}

/**
 * The line heights of a table: its lineHeight, else the metrics' line of its font size; the header's
 * own font size gets its own line. Renderers set exactly these (never the browser's `normal`).
 */
export function tableLineHeights(opts: TableOptions, metrics: FontMetrics = estimatedFontMetrics): TableLineHeights {
  const fontSize = Math.min(positiveOr(opts.fontSize, DEFAULT_FONT_SIZE), 1000);
  const body = positiveOr(opts.lineHeight, positiveOr(metrics.lineHeight(fontSize), fontSize * LINE_HEIGHT_EM));
  const headerFontSize = Math.min(positiveOr(opts.tableHeaderFontSize, fontSize), 1000);
  const header = opts.tableHeaderFontSize ? positiveOr(metrics.lineHeight(headerFontSize), headerFontSize * LINE_HEIGHT_EM) : body;
  return { body, header };
}

type Result<T> = { ok: true; value: T } | { ok: false; error: PaginationError };

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
  const geometry = panelGeometry(input.panel);
  const fontSize = Math.min(positiveOr(opts.fontSize, DEFAULT_FONT_SIZE), 1000);
  const lineHeights = tableLineHeights(opts, metrics);
  const lineHeight = lineHeights.body;
  const grid = Math.max(1, Math.min(4, Math.floor(finiteOr(opts.gridColumns, 1))));
  const gutter = Math.max(0, finiteOr(opts.gridColumnsGutter, 0));
  const tableWidth = positiveOr(opts.width, DEFAULT_TABLE_WIDTH);
  const laneWidth = Math.max(1, (tableWidth - gutter * (grid - 1)) / grid);
  const leaves = leafColumns(opts.columns);
  const defaultWidth = leaves.length ? laneWidth / leaves.length : laneWidth;
  const rawWidths = leaves.map((c) => positiveOr(c.width, defaultWidth));
  const sumWidths = rawWidths.reduce((a, b) => a + b, 0);
  const columns: LeafColumn[] = leaves.map((column, i) => ({ column, width: sumWidths > 0 ? (rawWidths[i] * laneWidth) / sumWidths : defaultWidth }));
  const cellLayout = {
    innerWidths: columns.map(innerWidth),
    fixedHeights: columns.map(({ column: { tableTextType: t, tableColumnHeight } }) =>
      t === 'barcode' || t === 'qrcode' || t === 'image' ? positiveOr(tableColumnHeight, DEFAULT_CODE_CELL_HEIGHT) + CELL_PADDING_V : 0),
  };
  const ctx: Ctx = { opts, metrics, registry: input.registry ?? defaultRegistry, warnings, fontSize, lineHeight, letterSpacing: finiteOr(opts.letterSpacing, 0), columns, cellLayout };
  const rows: readonly Row[] = Array.isArray(input.rows) ? input.rows.map((r) => (typeof r === 'object' && r !== null ? r : {})) : [];

  // Header height: each header row is as tall as its tallest single-row title (or the set row height).
  const headerFontSize = Math.min(positiveOr(opts.tableHeaderFontSize, fontSize), 1000);
  const headerLineHeight = lineHeights.header;
  const headerRows = (Array.isArray(opts.columns) ? opts.columns : []).map((r) => (Array.isArray(r) ? r.filter((c) => c && c.checked !== false) : []));
  const headerRowHeights = headerRows.map((cells) => {
    let h = positiveOr(opts.tableHeaderRowHeight, 0);
    for (const cell of cells) {
      if (finiteOr(cell.rowspan, 1) > 1) continue;
      const width = positiveOr(cell.width, defaultWidth) * (sumWidths > 0 ? laneWidth / sumWidths : 1) - 2 * CELL_PADDING_H;
      h = Math.max(h, textHeight(ctx, cell.title ?? '', width, headerFontSize, headerLineHeight, opts.tableHeaderFontWeight));
    }
    return h;
  });
  const headerHeight = headerRowHeights.reduce((a, b) => a + b, 0);
  const headerMode = opts.tableHeaderRepeat ?? 'page';
  const footerMode = opts.tableFooterRepeat ?? 'last';

  const minRowHeight = positiveOr(opts.tableBodyRowHeight, 0);
  const { items, ordered, rowItems } = buildItems(ctx, rows, minRowHeight);
  const blankHeight = Math.max(minRowHeight, lineHeight + CELL_PADDING_V);

  // Footer rows: reserve their height in advance so that pages never overflow.
  const grandCells = footerMode === 'no' ? null : summarise(ctx, ordered);
  const summaryRowHeight = grandCells ? summaryHeight(ctx, grandCells, minRowHeight) : 0;
  const footerTextAll = footerMode === 'no' ? null : callFooterFormatter(ctx, opts.footerFormatter, ordered, ordered, 0, 1);
  const footerTextHeight = footerTextAll === null ? 0 : Math.max(minRowHeight, textHeight(ctx, footerTextAll, tableWidth - 2 * CELL_PADDING_H));
  const pageReserve = footerMode === 'page' ? summaryRowHeight + footerTextHeight : 0;
  const lastReserve = footerMode === 'last' ? summaryRowHeight + footerTextHeight : footerMode === 'page' && opts.tableGrandTotal ? summaryRowHeight : 0;
  const maxRows = typeof opts.maxRows === 'number' && Number.isFinite(opts.maxRows) && opts.maxRows >= 1 ? Math.floor(opts.maxRows) : Infinity;

  const startPage = Math.max(0, Math.floor(finiteOr(input.startPage, 0)));
  const startY = finiteOr(input.startY, finiteOr(opts.top, 0));

  interface Laid {
    pages: Array<{ pageIndex: number; top: number; showHeader: boolean; avail: number; lanes: TableItem[][]; used: number[]; rowsInLane: number[]; firstItem: number }>;
  }
  const showHeaderOn = (tablePageNo: number) => headerMode === 'page' || (headerMode === 'first' && tablePageNo === 0);

  /** Lay items from `from` onto pages; `limitLast` applies the last-page footer line and reserve to every page. */
  const layout = (from: number, pageIndex: number, y: number, done: Laid['pages'], limitLast: boolean): Result<Laid> => {
    const pages = [...done];
    let i = from;
    let page = pageIndex;
    let top = y;
    let skippedFirst = pages.length > 0;
    for (;;) {
      const tablePageNo = pages.length;
      const showHeader = showHeaderOn(tablePageNo);
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
      if (i >= items.length) return { ok: true, value: { pages } };
      page++;
      top = geometry.pageTop;
    }
  };

  let laid = layout(0, startPage, startY, [], false);
  if (laid.ok) {
    const last = laid.value.pages[laid.value.pages.length - 1];
    const end = last.top + (last.showHeader ? headerHeight : 0) + Math.max(0, ...last.used) + pageReserve + lastReserve;
    if (end > geometry.footerLine(last.pageIndex, true) + EPS) {
      // The last page has a higher footer line (or must hold the grand total). Move as many trailing
      // items as fit onto one more page, which becomes the last; failing that, lay the tail again
      // with the last page's limits on every page.
      const pages = laid.value.pages;
      const next = last.pageIndex + 1;
      const capacity = geometry.footerLine(next, true) - geometry.pageTop - (showHeaderOn(pages.length) ? headerHeight : 0) - pageReserve - lastReserve;
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
        pages.push({ pageIndex: next, top: geometry.pageTop, showHeader: showHeaderOn(pages.length), avail: capacity, lanes: [moved], used: [h], rowsInLane: [rowCount], firstItem: last.firstItem + lane.length });
      } else {
        laid = layout(last.firstItem, last.pageIndex, last.top, pages.slice(0, -1), true);
      }
    }
  }
  if (!laid.ok) return { ok: false, error: laid.error, warnings };

  const merges = computeMerges(ctx, ordered);
  const textAt = (s: number, c: number) => {
    const cell = rowItems[s].cells[c];
    return cell ? cell.text : '';
  };
  // merged text must come from the unmerged cells, so snapshot them before applying
  const originalTexts = merges ? rowItems.map((r) => r.cells.map((c) => (c ? c.text : ''))) : [];
  const textOf = merges ? (s: number, c: number) => originalTexts[s][c] : textAt;

  const laidPages = laid.value.pages;
  const pageCount = laidPages.length;
  const pages: TablePage[] = laidPages.map((p, k) => {
    const isLast = k === pageCount - 1;
    if (isLast && opts.autoCompletion) {
      // pad with blank rows to maxRows or to the bottom of the page
      // the last page also holds the grand total and may have its own footer line
      const headerH = p.showHeader ? headerHeight : 0;
      const lastAvail = geometry.footerLine(p.pageIndex, true) - p.top - headerH - pageReserve - lastReserve;
      const avail = Math.min(p.avail, lastAvail);
      for (let lane = 0; lane < grid; lane++) {
        if (!p.lanes[lane]) {
          p.lanes[lane] = [];
          p.used[lane] = 0;
          p.rowsInLane[lane] = 0;
        }
        let pads = 0;
        while (pads < MAX_BLANK_ROWS && p.rowsInLane[lane] < maxRows && p.used[lane] + blankHeight <= avail + EPS) {
          p.lanes[lane].push({ kind: 'blank', height: blankHeight });
          p.used[lane] += blankHeight;
          p.rowsInLane[lane]++;
          pads++;
        }
      }
    }
    if (merges) for (const lane of p.lanes) mergeLane(lane, merges, columns.length, opts.rowsColumnsMergeClean === true, textOf);
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
    const footer: TableFooterItem[] = [];
    if (footerMode === 'page') {
      const cells = summarise(ctx, pageRows);
      if (cells) footer.push({ kind: 'pageSummary', cells, height: summaryRowHeight });
      const text = callFooterFormatter(ctx, opts.footerFormatter, pageRows, ordered, k, pageCount);
      if (text !== null) footer.push({ kind: 'footerText', text, height: footerTextHeight });
      if (isLast && opts.tableGrandTotal && grandCells) footer.push({ kind: 'grandTotal', cells: grandCells, height: summaryRowHeight });
    } else if (footerMode === 'last' && isLast) {
      if (grandCells) footer.push({ kind: 'grandTotal', cells: grandCells, height: summaryRowHeight });
      const text = callFooterFormatter(ctx, opts.footerFormatter, pageRows, ordered, k, pageCount);
      if (text !== null) footer.push({ kind: 'footerText', text, height: footerTextHeight });
    }
    const headerH = p.showHeader ? headerHeight : 0;
    const height = headerH + Math.max(0, ...p.used) + footer.reduce((a, f) => a + f.height, 0);
    return { pageIndex: p.pageIndex, top: p.top, height, showHeader: p.showHeader, headerHeight: headerH, lanes: p.lanes, footer, rowIndices };
  });
  return { ok: true, pages, columns, headerRowHeights, lineHeights, warnings };
}
