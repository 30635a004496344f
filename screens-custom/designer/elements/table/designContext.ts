import { createContext } from 'react';
import type { CellRange } from '../../tableDesign/headerGrid.ts';

/** The table design surface the canvas provides to the selected table (design mode only). */
export interface TableDesignSurface {
  selection: CellRange | null;
  /** a click (or the start of a drag) on a header cell at grid position (r, c) */
  onCellDown(r: number, c: number, event: React.PointerEvent): void;
  /** the pointer entering a header cell while the button is held extends the range */
  onCellEnter(r: number, c: number): void;
  /** right-click on header cell (r, c): selects it unless it is inside the current range, then opens the menu */
  onHeaderMenu(event: React.MouseEvent, r: number, c: number): void;
  /** pointer down on the border right of grid column `boundary` */
  onResizeStart(boundary: number, event: React.PointerEvent): void;
}

export const TableDesignContext = createContext<TableDesignSurface | null>(null);
