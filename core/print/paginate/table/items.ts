/** A table's rows as printable items: the test data rows, and the rows in print order with their group header/footer items. */
import type { Row } from '../../template/registry.ts';
import { CELL_PADDING_H, cellText, rowHeight, textHeight, warn, type TableContext } from './cells.ts';
import { summarise, summaryHeight } from './summary.ts';
import type { TableItem } from './types.ts';

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

/** Rows in print order with group header/footer items around each group. */
export function buildItems(ctx: TableContext, rows: readonly Row[], minRowHeight: number): { items: TableItem[]; ordered: Row[]; rowItems: Array<TableItem & { kind: 'row' }> } {
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
