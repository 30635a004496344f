/** A table's columns: the leaf columns under its header rows, their printed widths in a grid column, the cell layout. */
import type { TableColumn, TableOptions } from '../../template/types.ts';
import { finiteOr, positiveOr } from '../metrics.ts';
import { CELL_PADDING_H, CELL_PADDING_V, type CellLayout } from './cells.ts';
import type { LeafColumn } from './types.ts';

const DEFAULT_TABLE_WIDTH = 550;
const DEFAULT_CODE_CELL_HEIGHT = 30;

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

export interface TableColumnLayout {
  /** grid columns (lanes) side by side on a page, 1 to 4 */
  grid: number;
  tableWidth: number;
  columns: LeafColumn[];
  cellLayout: CellLayout;
  /** printed width of a header cell: its set width scaled like the leaf columns */
  headerCellWidth(cell: TableColumn): number;
}

function innerWidth(col: LeafColumn): number {
  return col.width - finiteOr(col.column.paddingLeft, CELL_PADDING_H) - finiteOr(col.column.paddingRight, CELL_PADDING_H);
}

/** The leaf columns scaled to the width of one grid column, and how their cells are laid out. */
export function tableColumns(opts: TableOptions): TableColumnLayout {
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
  const headerCellWidth = (cell: TableColumn) => positiveOr(cell.width, defaultWidth) * (sumWidths > 0 ? laneWidth / sumWidths : 1);
  return { grid, tableWidth, columns, cellLayout, headerCellWidth };
}
