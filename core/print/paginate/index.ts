export { estimatedFontMetrics, countLines, lineHeightPt, textBoxHeight, LINE_HEIGHT_EM, type FontMetrics } from './metrics.ts';
export { panelGeometry, type PanelGeometry } from './geometry.ts';
export { paginateTable } from './table/paginateTable.ts';
export { parseTableTestData } from './table/items.ts';
export { leafColumns } from './table/columns.ts';
export { tableLineHeights, TABLE_CELL_PADDING } from './table/cells.ts';
export { SUMMARY_LABELS } from './table/summary.ts';
export {
  NO_SPACE_MESSAGE, PAGEABLE_HEIGHT_MESSAGE,
  type TablePaginationInput, type TablePagination, type TablePage, type TableItem, type TableFooterItem,
  type BodyCell, type SummaryCell, type TableLineHeights, type LeafColumn, type PaginationError,
} from './table/types.ts';
export {
  paginatePanel, paginateTemplate, formatPaperNumber, designPaperNumbers, showsOnPage, DEFAULT_PAPER_NUMBER_FORMAT,
  type Placement, type PanelPage, type PanelPagination, type PanelPaginationInput, type TemplatePagination,
} from './panel.ts';
