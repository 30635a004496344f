/** What the table paginator takes and gives: its input, the pages it lays out, and the §8 errors. */
import type { TextAlign } from '../../options/index.ts';
import type { FormatterRegistry, Row } from '../../template/registry.ts';
import type { Panel, PrintElementOf, TableColumn } from '../../template/types.ts';
import type { FontMetrics } from '../metrics.ts';

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

/** pt line heights a table's rows are planned with: body (and summaries, groups) and header cells. */
export interface TableLineHeights {
  body: number;
  header: number;
}
