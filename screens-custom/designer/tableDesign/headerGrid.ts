/**
 * The table design surface's maths (spec 001 §2, §5): a table's header rows (cells with
 * rowspan/colspan) as a grid of cell references, and the edits of the header context menu on it —
 * insert/delete row and column, merge, split, align, column resize (never below 10 pt per side),
 * and the '#' title rule. Pure: every edit returns new header rows.
 */
import { DESIGNER_CONSTANTS } from '../../../core/print/options/index.ts';
import type { TableColumn } from '../../../core/print/template/index.ts';

export interface HeaderGrid {
  /** the cells, without rowspan/colspan (those come from where they sit in `at`) */
  cells: TableColumn[];
  /** at[r][c]: index into cells of the cell covering grid position (r, c) */
  at: number[][];
  /** width in pt of each grid column */
  widths: number[];
}

/** A rectangular range of grid positions (inclusive). */
export interface CellRange {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

const span = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 1 ? Math.floor(v) : 1);
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Lay header rows onto a grid. Cells hanging past the grid are clipped; holes get empty cells. */
export function toGrid(rows: readonly TableColumn[][]): HeaderGrid {
  const cells: TableColumn[] = [];
  const at: number[][] = rows.map(() => []);
  const spans: Array<{ r: number; c: number; rs: number; cs: number }> = [];
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      while (at[r][c] !== undefined) c++;
      const rs = Math.min(span(cell.rowspan), rows.length - r);
      const cs = span(cell.colspan);
      const { rowspan: _rs, colspan: _cs, ...rest } = cell;
      const index = cells.push(rest) - 1;
      spans.push({ r, c, rs, cs });
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) at[r + dr][c + dc] = index;
      c += cs;
    }
  });
  const width = Math.max(0, ...at.map((row) => row.length));
  for (const row of at) for (let c = 0; c < width; c++) if (row[c] === undefined) row[c] = cells.push({ title: '' }) - 1;
  // grid column widths: from a one-column cell when there is one, else a share of the spanning cell
  const widths = Array.from({ length: width }, (_, c) => {
    let share: number | undefined;
    for (let r = 0; r < at.length; r++) {
      const s = spans[at[r][c]];
      const w = cells[at[r][c]].width;
      if (typeof w !== 'number' || !Number.isFinite(w)) continue;
      if (!s || s.cs === 1) return w;
      share ??= w / s.cs;
    }
    return round(share ?? 100);
  });
  return { cells, at, widths };
}

/** Bounding range of every cell, by cell index. */
function cellRanges(grid: HeaderGrid): Map<number, CellRange> {
  const ranges = new Map<number, CellRange>();
  grid.at.forEach((row, r) => row.forEach((i, c) => {
    const x = ranges.get(i);
    if (!x) ranges.set(i, { r0: r, c0: c, r1: r, c1: c });
    else ranges.set(i, { r0: Math.min(x.r0, r), c0: Math.min(x.c0, c), r1: Math.max(x.r1, r), c1: Math.max(x.c1, c) });
  }));
  return ranges;
}

/** Back to header rows: each cell in the row of its top edge, with rowspan/colspan and summed width. */
export function fromGrid(grid: HeaderGrid): TableColumn[][] {
  const ranges = cellRanges(grid);
  const rows: TableColumn[][] = grid.at.map(() => []);
  const ordered = [...ranges.entries()].sort((a, b) => a[1].r0 - b[1].r0 || a[1].c0 - b[1].c0);
  for (const [i, g] of ordered) {
    const cell: TableColumn = { ...grid.cells[i], width: round(grid.widths.slice(g.c0, g.c1 + 1).reduce((a, b) => a + b, 0)) };
    const rs = g.r1 - g.r0 + 1;
    const cs = g.c1 - g.c0 + 1;
    if (rs > 1) cell.rowspan = rs;
    if (cs > 1) cell.colspan = cs;
    rows[g.r0].push(cell);
  }
  return rows.filter((row) => row.length > 0);
}

/** The cell range grown until it holds whole merged cells. */
export function expandRange(grid: HeaderGrid, range: CellRange): CellRange {
  const ranges = cellRanges(grid);
  let r = normalise(range);
  for (let changed = true; changed;) {
    changed = false;
    for (let y = r.r0; y <= r.r1; y++) for (let x = r.c0; x <= r.c1; x++) {
      const g = ranges.get(grid.at[y]?.[x]);
      if (!g) continue;
      const next = { r0: Math.min(r.r0, g.r0), c0: Math.min(r.c0, g.c0), r1: Math.max(r.r1, g.r1), c1: Math.max(r.c1, g.c1) };
      if (next.r0 !== r.r0 || next.c0 !== r.c0 || next.r1 !== r.r1 || next.c1 !== r.c1) {
        r = next;
        changed = true;
      }
    }
  }
  return r;
}

export function normalise(r: CellRange): CellRange {
  return { r0: Math.min(r.r0, r.r1), c0: Math.min(r.c0, r.c1), r1: Math.max(r.r0, r.r1), c1: Math.max(r.c0, r.c1) };
}

function cellsIn(grid: HeaderGrid, range: CellRange): Set<number> {
  const out = new Set<number>();
  for (let r = range.r0; r <= range.r1; r++) for (let c = range.c0; c <= range.c1; c++) {
    const i = grid.at[r]?.[c];
    if (i !== undefined) out.add(i);
  }
  return out;
}

export type TableMenuAction =
  | 'insertRowAbove' | 'insertRowBelow' | 'insertColumnLeft' | 'insertColumnRight' | 'deleteRow' | 'deleteColumn'
  | 'mergeCells' | 'splitCells';

/** Which header-menu entries are enabled for a selection (§5). */
export function menuState(rows: readonly TableColumn[][] | undefined, selection: CellRange | null): Record<TableMenuAction, boolean> {
  rows = Array.isArray(rows) ? rows : [];
  const grid = toGrid(rows);
  const has = selection !== null && grid.at.length > 0;
  const sel = has ? expandRange(grid, selection) : null;
  const distinct = sel ? cellsIn(grid, sel).size : 0;
  const ranges = cellRanges(grid);
  const single = sel && distinct === 1 ? ranges.get(grid.at[sel.r0][sel.c0]) : undefined;
  return {
    insertRowAbove: has,
    insertRowBelow: has,
    insertColumnLeft: has,
    insertColumnRight: has,
    // one row left cannot go; a first row of one column or fewer keeps its column
    deleteRow: has && grid.at.length > 1,
    deleteColumn: has && (rows[0]?.length ?? 0) > 1,
    mergeCells: distinct > 1,
    splitCells: !!single && (single.r1 > single.r0 || single.c1 > single.c0),
  };
}

/** Insert a header row above or below the selection; cells spanning the new row's place grow. */
export function insertRow(rows: readonly TableColumn[][], selection: CellRange, where: 'above' | 'below'): TableColumn[][] {
  const grid = toGrid(rows);
  const sel = expandRange(grid, selection);
  const b = where === 'above' ? sel.r0 : sel.r1 + 1;
  const row = grid.widths.map((_, c) => {
    const above = grid.at[b - 1]?.[c];
    return above !== undefined && above === grid.at[b]?.[c] ? above : grid.cells.push({ title: '' }) - 1;
  });
  grid.at.splice(b, 0, row);
  return fromGrid(grid);
}

/** Insert a column left or right of the selection; it takes half the width of its neighbour. */
export function insertColumn(rows: readonly TableColumn[][], selection: CellRange, where: 'left' | 'right'): TableColumn[][] {
  const grid = toGrid(rows);
  const sel = expandRange(grid, selection);
  const b = where === 'left' ? sel.c0 : sel.c1 + 1;
  const neighbour = where === 'left' ? sel.c0 : sel.c1;
  const half = round(grid.widths[neighbour] / 2);
  grid.widths[neighbour] = round(grid.widths[neighbour] - half);
  grid.widths.splice(b, 0, half);
  for (const row of grid.at) {
    const left = row[b - 1];
    row.splice(b, 0, left !== undefined && left === row[b] ? left : grid.cells.push({ title: '' }) - 1);
  }
  return fromGrid(grid);
}

export function deleteRow(rows: readonly TableColumn[][], selection: CellRange): TableColumn[][] {
  if (!menuState(rows, selection).deleteRow) return rows.map((r) => [...r]);
  const grid = toGrid(rows);
  const sel = expandRange(grid, { ...selection, r1: selection.r0 });
  grid.at.splice(sel.r0, 1);
  return fromGrid(grid);
}

/** Delete the selection's first grid column; its width goes to the neighbour so the table keeps its width. */
export function deleteColumn(rows: readonly TableColumn[][], selection: CellRange): TableColumn[][] {
  if (!menuState(rows, selection).deleteColumn) return rows.map((r) => [...r]);
  const grid = toGrid(rows);
  const c = normalise(selection).c0;
  const removed = grid.widths[c];
  grid.widths.splice(c, 1);
  const to = c < grid.widths.length ? c : c - 1;
  if (to >= 0) grid.widths[to] = round(grid.widths[to] + removed);
  for (const row of grid.at) row.splice(c, 1);
  return fromGrid(grid);
}

/** Merge the selected range into its top-left cell (which keeps its properties). */
export function mergeCells(rows: readonly TableColumn[][], selection: CellRange): TableColumn[][] {
  const grid = toGrid(rows);
  const sel = expandRange(grid, selection);
  if (cellsIn(grid, sel).size < 2) return fromGrid(grid);
  const keep = grid.at[sel.r0][sel.c0];
  for (let r = sel.r0; r <= sel.r1; r++) for (let c = sel.c0; c <= sel.c1; c++) grid.at[r][c] = keep;
  return fromGrid(grid);
}

/** Split a merged cell back into one cell per grid position; the top-left keeps the properties. */
export function splitCells(rows: readonly TableColumn[][], selection: CellRange): TableColumn[][] {
  const grid = toGrid(rows);
  const sel = expandRange(grid, selection);
  for (const i of cellsIn(grid, sel)) {
    let first = true;
    for (let r = 0; r < grid.at.length; r++) for (let c = 0; c < grid.at[r].length; c++) {
      if (grid.at[r][c] !== i) continue;
      if (first) first = false;
      else grid.at[r][c] = grid.cells.push({ title: '' }) - 1;
    }
  }
  return fromGrid(grid);
}

export type HorizontalAlign = 'left' | 'center' | 'right' | 'default';
export type VerticalAlignChoice = 'top' | 'middle' | 'bottom' | 'default';

/** Align the selected cells; 'default' removes the setting. */
export function alignCells(rows: readonly TableColumn[][], selection: CellRange, align: { horizontal?: HorizontalAlign; vertical?: VerticalAlignChoice }): TableColumn[][] {
  const grid = toGrid(rows);
  for (const i of cellsIn(grid, expandRange(grid, selection))) {
    const cell = { ...grid.cells[i] };
    if (align.horizontal === 'default') delete cell.align;
    else if (align.horizontal) cell.align = align.horizontal;
    if (align.vertical === 'default') delete cell.vAlign;
    else if (align.vertical) cell.vAlign = align.vertical;
    grid.cells[i] = cell;
  }
  return fromGrid(grid);
}

/**
 * Drag the border right of grid column `boundary` by `delta` pt. Neither neighbour gets narrower
 * than 10 pt; the table keeps its width.
 */
export function resizeColumns(widths: readonly number[], boundary: number, delta: number, min: number = DESIGNER_CONSTANTS.minColumnWidth): number[] {
  const out = [...widths];
  if (boundary < 0 || boundary >= widths.length - 1 || !Number.isFinite(delta)) return out;
  const pair = widths[boundary] + widths[boundary + 1];
  if (pair < 2 * min) return out;
  const left = Math.min(Math.max(widths[boundary] + delta, min), pair - min);
  out[boundary] = round(left);
  out[boundary + 1] = round(pair - left);
  return out;
}

/** Apply new grid-column widths to header rows. */
export function withWidths(rows: readonly TableColumn[][], widths: readonly number[]): TableColumn[][] {
  const grid = toGrid(rows);
  return fromGrid({ ...grid, widths: [...widths] });
}

/** Replace one cell (found by its top-left grid position) by `update(cell)`. */
export function updateCell(rows: readonly TableColumn[][], r: number, c: number, update: (cell: TableColumn) => TableColumn): TableColumn[][] {
  const grid = toGrid(rows);
  const i = grid.at[r]?.[c];
  if (i === undefined) return fromGrid(grid);
  grid.cells[i] = update(grid.cells[i]);
  return fromGrid(grid);
}

/**
 * A column title 'name#field' (the '#' neither first nor last) sets title 'name' and
 * field/columnId 'field'; any other title is kept as typed.
 */
export function splitTitleField(title: string): { title: string; field?: string; columnId?: string } {
  const at = title.indexOf('#');
  if (at <= 0 || at >= title.length - 1) return { title };
  const field = title.slice(at + 1).trim();
  return { title: title.slice(0, at).trim(), field, columnId: field };
}

/** Where a column move was refused: it would cut through a merged header cell. */
export type ColumnMoveResult = { ok: true; rows: TableColumn[][] } | { ok: false; reason: 'breaksMerge' };

/**
 * Drag to reorder in the columns list (spec 001 §3 `columns`), with any number of header rows: the
 * dragged cell at (r, c) takes its whole block of grid columns (a group header takes every column under
 * it) to where the cell at (r, target) sits — before it when moving left, after it when moving right.
 * Refused, with nothing changed, when the block or its destination would cut a merged cell in another row.
 */
export function moveColumnBlock(rows: readonly TableColumn[][], r: number, c: number, target: number): ColumnMoveResult {
  const grid = toGrid(rows);
  const ranges = cellRanges(grid);
  const from = ranges.get(grid.at[r]?.[c]);
  const to = ranges.get(grid.at[r]?.[target]);
  if (!from || !to) return { ok: true, rows: rows.map((row) => [...row]) };
  if (to.c0 >= from.c0 && to.c1 <= from.c1) return { ok: true, rows: rows.map((row) => [...row]) };
  const insertAt = to.c0 > from.c1 ? to.c1 + 1 : to.c0;
  const all = grid.widths.map((_, i) => i);
  const block = all.slice(from.c0, from.c1 + 1);
  const rest = all.filter((i) => i < from.c0 || i > from.c1);
  const at = rest.indexOf(insertAt) < 0 ? rest.length : rest.indexOf(insertAt);
  const order = [...rest.slice(0, at), ...block, ...rest.slice(at)];
  const moved = grid.at.map((row) => order.map((i) => row[i]));
  // every merged cell must still cover side-by-side columns
  for (const row of moved) {
    const seen = new Set<number>();
    for (let x = 0; x < row.length; x++) {
      if (x > 0 && row[x] === row[x - 1]) continue;
      if (seen.has(row[x])) return { ok: false, reason: 'breaksMerge' };
      seen.add(row[x]);
    }
  }
  return { ok: true, rows: fromGrid({ cells: grid.cells, at: moved, widths: order.map((i) => grid.widths[i]) }) };
}
