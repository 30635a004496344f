/**
 * Named functions a template may refer to. Templates are data: a formatter or styler is stored as a
 * key, looked up here, never evaluated from a string (hiprint's eval of stored code is what we avoid).
 */
import type { TableColumn } from './types.ts';

export type Row = Record<string, unknown>;

export interface FormatterSignatures {
  /** text/cell value -> displayed text (formatter, renderFormatter, formatter2, tableSummaryFormatter) */
  cell: (value: unknown, row: Row, rowIndex: number, column?: TableColumn) => string;
  /** cell or element -> CSS-like style map (styler, styler2, stylerHeader, rowStyler) */
  style: (value: unknown, row: Row, rowIndex: number) => Record<string, string>;
  /** [rowspan, colspan] of a body cell (rowsColumnsMerge); [1, 1] means no merge, 0 hides the cell */
  merge: (row: Row, column: TableColumn, columnIndex: number, rowIndex: number, rows: readonly Row[]) => [number, number];
  /** text of a group header or footer row (groupFormatter, groupFooterFormatter, groupFieldsFormatter) */
  group: (groupValues: Record<string, unknown>, rows: readonly Row[]) => string;
  /** text of the table footer (footerFormatter, gridColumnsFooterFormatter) */
  footer: (pageRows: readonly Row[], allRows: readonly Row[], pageIndex: number, pageCount: number) => string;
}
export type FormatterKind = keyof FormatterSignatures;

/** Which kind of function each template field refers to. */
export const FUNCTION_KEY_FIELDS: Readonly<Record<string, FormatterKind>> = {
  formatter: 'cell',
  renderFormatter: 'cell',
  formatter2: 'cell',
  tableSummaryFormatter: 'cell',
  styler: 'style',
  styler2: 'style',
  stylerHeader: 'style',
  rowStyler: 'style',
  rowsColumnsMerge: 'merge',
  groupFormatter: 'group',
  groupFooterFormatter: 'group',
  groupFieldsFormatter: 'group',
  footerFormatter: 'footer',
  gridColumnsFooterFormatter: 'footer',
};

/** A key: a plain name such as 'money' or 'order.status'; anything code-like is refused. */
export const FUNCTION_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

export interface FormatterRegistry {
  register<K extends FormatterKind>(kind: K, name: string, fn: FormatterSignatures[K]): void;
  get<K extends FormatterKind>(kind: K, name: string): FormatterSignatures[K] | undefined;
  has(kind: FormatterKind, name: string): boolean;
  names(kind: FormatterKind): string[];
}

export function createFormatterRegistry(): FormatterRegistry {
  const maps: { [K in FormatterKind]: Map<string, FormatterSignatures[K]> } = {
    cell: new Map(), style: new Map(), merge: new Map(), group: new Map(), footer: new Map(),
  };
  return {
    register(kind, name, fn) {
      if (!FUNCTION_KEY_PATTERN.test(name)) throw new Error(`formatter name '${name}' is not a plain name`);
      if (typeof fn !== 'function') throw new Error(`formatter '${name}' is not a function`);
      (maps[kind] as Map<string, typeof fn>).set(name, fn);
    },
    get(kind, name) {
      return (maps[kind] as Map<string, FormatterSignatures[typeof kind]>).get(name);
    },
    has: (kind, name) => maps[kind].has(name),
    names: (kind) => [...maps[kind].keys()].sort(),
  };
}

/** The application-wide registry: modules register their formatters at start-up. */
export const formatterRegistry: FormatterRegistry = createFormatterRegistry();
