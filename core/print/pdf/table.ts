/**
 * One page's part of a table (core/paginate's TablePage): header rows with rowspan/colspan, body rows
 * with merged cells, group rows, blank rows, summaries and footer text, in each grid column.
 */
import { barcodeDrawing, qrDrawing } from '../codes/index.ts';
import type { Placement } from '../paginate/index.ts';
import type { LeafColumn, SummaryCell, TableItem } from '../paginate/index.ts';
import { finiteOr, positiveOr } from '../paginate/metrics.ts';
import type { FormatterRegistry, Row } from '../template/registry.ts';
import type { TableColumn, TableOptions } from '../template/types.ts';
import type { Box, PageCanvas, Stroke } from './canvas.ts';
import { parseColor, type PdfColor } from './color.ts';
import { drawCode, type CodeCache } from './codes.ts';
import type { PDFImage } from 'pdf-lib';
import { DEFAULT_BORDER_WIDTH, textStyleOf } from './style.ts';
import { drawTextBlock, type TextStyle } from './textLayout.ts';
import type { FontKind } from './fonts.ts';

const PAD_H = 3;
const PAD_V = 1;

export interface TableDrawContext {
  canvas: PageCanvas;
  registry: FormatterRegistry;
  images: Map<string, PDFImage | Error>;
  codes: CodeCache;
  /** the panel's family for a table without its own fontFamily */
  kind?: FontKind;
}

/** Grid segments of one table part, stroked together at the end. */
type Grid = number[];

type Part = 'header' | 'body' | 'footer';

function strokeFor(o: TableOptions): Stroke {
  return { color: parseColor(o.borderColor) ?? parseColor('#000000')!, width: positiveOr(o.borderWidth, DEFAULT_BORDER_WIDTH) };
}

/** Cell grid lines of a part, unless that part's cell border is noBorder (or the whole table has none). */
function cellLines(o: TableOptions, part: Part): boolean {
  if (o.tableBorder === 'noBorder') return false;
  const v = part === 'header' ? o.tableHeaderCellBorder : part === 'body' ? o.tableBodyCellBorder : o.tableFooterCellBorder;
  return v !== 'noBorder';
}

/** Outer sides of a part's block from tableHeaderBorder / tableBodyRowBorder / tableFooterBorder. */
function partSides(o: TableOptions, part: Part): { top: boolean; right: boolean; bottom: boolean; left: boolean } | null {
  const v = part === 'header' ? o.tableHeaderBorder : part === 'body' ? o.tableBodyRowBorder : o.tableFooterBorder;
  if (v === undefined) return null;
  const all = v === 'border';
  return {
    top: all || v === 'topBorder' || v === 'topBottomBorder',
    bottom: all || v === 'bottomBorder' || v === 'topBottomBorder',
    left: all || v === 'leftBorder' || v === 'leftRightBorder',
    right: all || v === 'rightBorder' || v === 'leftRightBorder',
  };
}

/** A cell draws its fill, its text and its top and left grid lines; the part closes its right and bottom. */
function cellBox(ctx: TableDrawContext, grid: Grid | null, box: Box, text: string, style: TextStyle, fill?: PdfColor | null): void {
  const { canvas } = ctx;
  if (fill) canvas.fillRect(box, fill);
  if (text) drawTextBlock(canvas, text, { left: box.left + PAD_H, top: box.top + PAD_V, width: box.width - 2 * PAD_H, height: box.height - 2 * PAD_V }, style);
  if (grid) cellEdges(grid, box);
}

function cellEdges(grid: Grid, box: Box): void {
  grid.push(box.left, box.top, box.left + box.width, box.top, box.left, box.top, box.left, box.top + box.height);
}

/** Right and bottom edges of a part's block. */
function closeBlock(grid: Grid | null, box: Box): void {
  if (!grid || box.height <= 0) return;
  const r = box.left + box.width;
  const b = box.top + box.height;
  grid.push(r, box.top, r, b, box.left, b, r, b);
}

function alignOf(v: unknown, fallback: TextStyle['align']): TextStyle['align'] {
  return v === 'left' || v === 'center' || v === 'right' || v === 'justify' ? v : fallback;
}
function vAlignOf(v: unknown): TextStyle['vAlign'] {
  return v === 'top' || v === 'bottom' ? v : 'middle';
}

/** CSS-like style map of a named styler (styler2 / rowStyler): colour, background and weight are honoured. */
function stylerStyle(ctx: TableDrawContext, name: string | undefined, value: unknown, row: Row, index: number): { color?: PdfColor; fill?: PdfColor | null; weight?: string } {
  if (!name) return {};
  const fn = ctx.registry.get('style', name);
  if (!fn) return {};
  try {
    const s = fn(value, row, index) ?? {};
    return {
      color: parseColor(s.color, null) ?? undefined,
      fill: parseColor(s.backgroundColor ?? s['background-color'], null),
      weight: s.fontWeight ?? s['font-weight'],
    };
  } catch {
    return {};
  }
}

function drawHeader(ctx: TableDrawContext, o: TableOptions, left: number, top: number, columns: LeafColumn[], rowHeights: number[], grid: Grid | null): void {
  const rows = (Array.isArray(o.columns) ? o.columns : []).map((r) => (Array.isArray(r) ? r.filter((c) => c && c.checked !== false) : []));
  const base = textStyleOf(o, { kind: ctx.kind });
  const style: TextStyle = { ...base, size: positiveOr(o.tableHeaderFontSize, base.size), weight: o.tableHeaderFontWeight ?? 'bold' };
  const fill = parseColor(o.tableHeaderBackground, null);
  // the same grid walk as core/paginate's leafColumns: rowspan cells occupy the rows below them
  const occupied: boolean[][] = rows.map(() => []);
  const xs = [0];
  for (const c of columns) xs.push(xs[xs.length - 1] + c.width);
  const ys = [0];
  for (const h of rowHeights) ys.push(ys[ys.length - 1] + h);
  rows.forEach((cells, r) => {
    let c = 0;
    for (const cell of cells) {
      while (occupied[r][c]) c++;
      const rs = Math.max(1, Math.min(Math.floor(finiteOr(cell.rowspan, 1)), rows.length - r));
      const cs = Math.max(1, Math.min(Math.floor(finiteOr(cell.colspan, 1)), 64));
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) occupied[r + dr][c + dc] = true;
      const x0 = xs[Math.min(c, columns.length)];
      const x1 = xs[Math.min(c + cs, columns.length)];
      const y0 = ys[r] ?? 0;
      const y1 = ys[Math.min(r + rs, rowHeights.length)] ?? y0;
      if (x1 > x0 && y1 > y0) {
        cellBox(ctx, grid, { left: left + x0, top: top + y0, width: x1 - x0, height: y1 - y0 }, cell.title ?? '', { ...style, align: alignOf(cell.halign, 'center'), vAlign: vAlignOf(cell.vAlign) }, fill);
      }
      c += cs;
    }
  });
  closeBlock(grid, { left, top, width: xs[xs.length - 1], height: ys[ys.length - 1] });
}

/** Barcode, QR and image cells; false for text cells. */
function codeCell(ctx: TableDrawContext, grid: Grid | null, column: TableColumn, text: string, box: Box, style: TextStyle): boolean {
  const t = column.tableTextType;
  if (t !== 'barcode' && t !== 'qrcode' && t !== 'image') return false;
  const inner = { left: box.left + PAD_H, top: box.top + PAD_V, width: box.width - 2 * PAD_H, height: box.height - 2 * PAD_V };
  if (text) {
    if (t === 'barcode') drawCode(ctx.canvas, ctx.codes.get(`barcode|${column.tableBarcodeMode}|${text}`, () => barcodeDrawing(text, column.tableBarcodeMode)), inner, style.size);
    else if (t === 'qrcode') drawCode(ctx.canvas, ctx.codes.get(`qrcode||${column.tableQRCodeLevel}|${text}`, () => qrDrawing(text, 'qrcode', column.tableQRCodeLevel)), inner);
    else {
      const img = ctx.images.get(text);
      if (img && !(img instanceof Error)) {
        const s = Math.min(inner.width / img.width, inner.height / img.height);
        ctx.canvas.image(img, { left: inner.left + (inner.width - img.width * s) / 2, top: inner.top + (inner.height - img.height * s) / 2, width: img.width * s, height: img.height * s });
      }
    }
  }
  if (grid) cellEdges(grid, box);
  return true;
}

function drawSummary(ctx: TableDrawContext, grid: Grid | null, left: number, top: number, height: number, columns: LeafColumn[], cells: Array<SummaryCell | null>, style: TextStyle): void {
  let x = left;
  columns.forEach((col, i) => {
    const cell = cells[i];
    if (cell) {
      let w = 0;
      for (let k = i; k < Math.min(columns.length, i + Math.max(1, cell.colspan)); k++) w += columns[k].width;
      cellBox(ctx, grid, { left: x, top, width: w, height }, cell.text, { ...style, align: alignOf(cell.align, alignOf(col.column.align, 'left')), vAlign: 'middle' });
    }
    x += col.width;
  });
}

function drawLane(ctx: TableDrawContext, o: TableOptions, grid: Grid | null, left: number, top: number, columns: LeafColumn[], items: TableItem[], style: TextStyle): number {
  const width = columns.reduce((a, c) => a + c.width, 0);
  let y = top;
  items.forEach((item, index) => {
    if (item.kind === 'row') {
      const rowStyle = stylerStyle(ctx, o.rowStyler, item.row, item.row, item.rowIndex);
      if (rowStyle.fill) ctx.canvas.fillRect({ left, top: y, width, height: item.height }, rowStyle.fill);
      let x = left;
      columns.forEach((col, c) => {
        const cell = item.cells[c];
        if (cell) {
          let w = 0;
          for (let k = c; k < Math.min(columns.length, c + Math.max(1, cell.colspan)); k++) w += columns[k].width;
          let h = 0;
          for (let k = index; k < Math.min(items.length, index + Math.max(1, cell.rowspan)); k++) h += items[k].height;
          const box = { left: x, top: y, width: w, height: h };
          const value = col.column.field ? item.row[col.column.field] : undefined;
          const cs = stylerStyle(ctx, col.column.styler2, value, item.row, item.rowIndex);
          const cellStyle: TextStyle = {
            ...style, align: alignOf(col.column.align, 'left'), vAlign: vAlignOf(col.column.vAlign),
            color: cs.color ?? rowStyle.color ?? style.color, weight: cs.weight ?? rowStyle.weight ?? style.weight,
          };
          if (!codeCell(ctx, grid, col.column, cell.text, box, cellStyle)) cellBox(ctx, grid, box, cell.text, cellStyle, cs.fill);
        }
        x += col.width;
      });
    } else if (item.kind === 'groupHeader' || (item.kind === 'groupFooter' && item.cells === null)) {
      const text = item.kind === 'groupHeader' ? item.text : item.text ?? '';
      cellBox(ctx, grid, { left, top: y, width, height: item.height }, text, { ...style, weight: 'bold', vAlign: 'middle' });
    } else if (item.kind === 'groupFooter' && item.cells) {
      drawSummary(ctx, grid, left, y, item.height, columns, item.cells, style);
    } else if (item.kind === 'blank') {
      let x = left;
      for (const col of columns) {
        cellBox(ctx, grid, { left: x, top: y, width: col.width, height: item.height }, '', style);
        x += col.width;
      }
    }
    y += item.height;
  });
  closeBlock(grid, { left, top, width, height: y - top });
  return y - top;
}

export function drawTablePart(ctx: TableDrawContext, placement: Placement): void {
  const page = placement.table;
  const layout = placement.tableLayout;
  if (!page || !layout) return;
  const o = (placement.element.options ?? {}) as TableOptions;
  const style = { ...textStyleOf(o, { kind: ctx.kind }), vAlign: 'middle' as const };
  const gridColumns = Math.max(1, Math.min(4, Math.floor(finiteOr(o.gridColumns, 1))));
  const gutter = Math.max(0, finiteOr(o.gridColumnsGutter, 0));
  const laneWidth = layout.columns.reduce((a, c) => a + c.width, 0);
  const headerH = page.showHeader ? page.headerHeight : 0;
  const grids: Record<Part, Grid | null> = {
    header: cellLines(o, 'header') ? [] : null,
    body: cellLines(o, 'body') ? [] : null,
    footer: cellLines(o, 'footer') ? [] : null,
  };
  let bodyH = 0;
  for (let lane = 0; lane < Math.min(gridColumns, Math.max(1, page.lanes.length)); lane++) {
    const x = placement.left + lane * (laneWidth + gutter);
    if (page.showHeader) drawHeader(ctx, o, x, placement.top, layout.columns, layout.headerRowHeights, grids.header);
    bodyH = Math.max(bodyH, drawLane(ctx, o, grids.body, x, placement.top + headerH, layout.columns, page.lanes[lane] ?? [], style));
  }
  let y = placement.top + headerH + bodyH;
  const footerTop = y;
  for (const f of page.footer) {
    if (f.kind === 'footerText') cellBox(ctx, grids.footer, { left: placement.left, top: y, width: laneWidth, height: f.height }, f.text, style);
    else drawSummary(ctx, grids.footer, placement.left, y, f.height, layout.columns, f.cells, style);
    y += f.height;
  }
  closeBlock(grids.footer, { left: placement.left, top: footerTop, width: laneWidth, height: y - footerTop });
  const stroke = strokeFor(o);
  ctx.canvas.segments([...(grids.header ?? []), ...(grids.body ?? []), ...(grids.footer ?? [])], stroke);
  const outline: Grid = [];
  const sides = (part: Part, top: number, height: number) => {
    const s = partSides(o, part);
    if (!s || height <= 0) return;
    const l = placement.left;
    const r = placement.left + laneWidth;
    if (s.top) outline.push(l, top, r, top);
    if (s.bottom) outline.push(l, top + height, r, top + height);
    if (s.left) outline.push(l, top, l, top + height);
    if (s.right) outline.push(r, top, r, top + height);
  };
  sides('header', placement.top, headerH);
  sides('body', placement.top + headerH, bodyH);
  sides('footer', footerTop, y - footerTop);
  ctx.canvas.segments(outline, stroke);
}
