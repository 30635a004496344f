export { estimatedFontMetrics, countLines, lineHeightPt, textBoxHeight, LINE_HEIGHT_EM, type FontMetrics } from './metrics.ts';
export { panelGeometry, type PanelGeometry } from './geometry.ts';
export {
  paginateTable, parseTableTestData, leafColumns, tableLineHeights, TABLE_CELL_PADDING, NO_SPACE_MESSAGE, PAGEABLE_HEIGHT_MESSAGE, SUMMARY_LABELS,
  type TablePaginationInput, type TablePagination, type TablePage, type TableItem, type TableFooterItem,
  type BodyCell, type SummaryCell, type TableLineHeights, type LeafColumn, type PaginationError,
} from './table.ts';
export {
  paginatePanel, paginateTemplate, formatPaperNumber, designPaperNumbers, showsOnPage, DEFAULT_PAPER_NUMBER_FORMAT,
  type Placement, type PanelPage, type PanelPagination, type PanelPaginationInput, type TemplatePagination,
} from './panel.ts';
