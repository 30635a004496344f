import { Checkbox, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type ColumnDef, type RowSelectionState, type SortingState, type Updater, FlexRender, columnSizingFeature, functionalUpdate, rowSelectionFeature, rowSortingFeature,
  tableFeatures, useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_HEIGHT, VIRTUALIZE_FROM_ROWS } from './layout';
import type { SortRule } from './listState';
import { PINNED_RIGHT } from './pinnedColumn';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnSizingFeature });
export type ListFeatures = typeof features;
export type Row = Record<string, unknown>;
export type ListColumnDef = ColumnDef<ListFeatures, Row>;

export interface DataTableProps {
  columns: ListColumnDef[];
  rows: Row[];
  rowId: (row: Row) => string;
  /** Controlled state: owned by the screen's list store. */
  sorting: readonly SortRule[];
  onSortingChange: (sorting: SortRule[]) => void;
  selection: Readonly<Record<string, boolean>> | null;
  onSelectionChange: (selection: Record<string, boolean>) => void;
  height: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Numbering continues across pages (序号). */
  firstIndex: number;
  rowActions?: (row: Row) => ReactNode;
  actionsWidth?: number;
  testId: string;
}

/**
 * The list's table (TanStack Table 9): server-side sorting and selection are controlled by the
 * screen's store; pages of 100+ rows render only the rows in view (react-virtual).
 */
/** The row actions column: pinned to the right edge (PINNED_RIGHT), so 编辑/删除 stay in reach on wide lists. */
const ACTIONS = '__actions';
/** Screens narrower than this show a list as cards (a phone held upright; a tablet keeps the table). */
const CARDS_QUERY = '(max-width: 599px)';

export function DataTable(props: DataTableProps) {
  const { t } = useTranslation();
  const selectable = props.selection !== null;
  const columns = useMemo<ListColumnDef[]>(() => {
    const lead: ListColumnDef[] = [];
    if (selectable) {
      lead.push({
        id: '__select',
        size: 40,
        enableSorting: false,
        header: ({ table }) => (
          <Checkbox size="xs" aria-label={t('engine.selectAll')} checked={table.getIsAllPageRowsSelected()} indeterminate={table.getIsSomePageRowsSelected()}
            onChange={(e) => table.toggleAllPageRowsSelected(e.currentTarget.checked)} />
        ),
        cell: ({ row }) => (
          <Checkbox size="xs" aria-label={t('engine.selectRow')} checked={row.getIsSelected()} onChange={(e) => row.toggleSelected(e.currentTarget.checked)} />
        ),
      });
    }
    lead.push({ id: '__index', size: 60, enableSorting: false, header: () => t('engine.index'), cell: ({ row }) => props.firstIndex + row.index });
    const tail: ListColumnDef[] = props.rowActions
      ? [{ id: ACTIONS, size: props.actionsWidth ?? 160, enableSorting: false, header: () => t('engine.operations'), cell: ({ row }) => props.rowActions!(row.original) }]
      : [];
    return [...lead, ...props.columns, ...tail];
    // rowActions and firstIndex change with every page; the table reads them through the closure.
  }, [props.columns, props.rowActions, props.firstIndex, props.actionsWidth, selectable, t]);

  const table = useTable({
    features,
    columns,
    data: props.rows,
    getRowId: (row) => props.rowId(row),
    manualSorting: true,
    enableMultiSort: false,
    enableRowSelection: selectable,
    state: { sorting: props.sorting as SortingState, rowSelection: (props.selection ?? {}) as RowSelectionState },
    onSortingChange: (updater: Updater<SortingState>) => props.onSortingChange(functionalUpdate(updater, props.sorting as SortingState).map((s) => ({ id: s.id, desc: s.desc }))),
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => props.onSelectionChange(functionalUpdate(updater, (props.selection ?? {}) as RowSelectionState)),
  });

  const rows = table.getRowModel().rows;
  // A phone (narrow screen): each row a card of label: value lines, read top to bottom instead of scrolled sideways.
  const cards = useMediaQuery(CARDS_QUERY) ?? false;
  const virtual = !cards && rows.length >= VIRTUALIZE_FROM_ROWS;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => props.scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    enabled: virtual,
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const padTop = items && items.length > 0 ? items[0].start : 0;
  const padBottom = items && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const shown = items ? items.map((item) => rows[item.index]) : rows;
  const leafCount = table.getAllLeafColumns().length;

  if (cards) {
    const headers = new Map(table.getFlatHeaders().map((h) => [h.column.id, h]));
    return (
      <ScrollArea.Autosize mah={props.height} viewportRef={props.scrollRef} type="auto" data-testid={`${props.testId}-scroll`}>
        <Stack gap="xs" data-testid={props.testId} data-layout="cards">
          {rows.map((row) => {
            const cells = row.getAllCells();
            const head = cells.filter((c) => c.column.id === '__select' || c.column.id === '__index');
            const actions = cells.find((c) => c.column.id === ACTIONS);
            return (
              <Paper key={row.id} withBorder p="xs" data-testid={`${props.testId}-row`} data-row-id={row.id}>
                <Group gap="xs" mb={4}>
                  {head.map((cell) => <FlexRender key={cell.id} cell={cell} />)}
                </Group>
                {cells.filter((c) => !c.column.id.startsWith('__')).map((cell) => {
                  const header = headers.get(cell.column.id);
                  return (
                    <Group key={cell.id} gap="xs" wrap="nowrap" align="flex-start" data-column={cell.column.id}>
                      <Text size="xs" c="dimmed" w={96} style={{ flexShrink: 0 }}>{header && <FlexRender header={header} />}</Text>
                      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }} component="div"><FlexRender cell={cell} /></Text>
                    </Group>
                  );
                })}
                {actions && <Group justify="flex-end" mt={4}><FlexRender cell={actions} /></Group>}
              </Paper>
            );
          })}
          {rows.length === 0 && <Text ta="center" c="dimmed" size="sm" py="lg">{t('engine.empty')}</Text>}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <ScrollArea.Autosize mah={props.height} viewportRef={props.scrollRef} type="auto" data-testid={`${props.testId}-scroll`}>
      <Table striped highlightOnHover withTableBorder withColumnBorders stickyHeader data-testid={props.testId} style={{ minWidth: '100%', width: 'max-content' }}>
        <Table.Thead>
          {(() => {
            // A column without a parent header spans every header row instead of leaving empty cells above it.
            const groups = table.getHeaderGroups();
            const spanned = new Set<string>();
            return groups.map((group, level) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  if (spanned.has(header.column.id)) return null;
                  const rowSpan = header.isPlaceholder ? groups.length - level : 1;
                  if (header.isPlaceholder) spanned.add(header.column.id);
                  const leaf = header.column.columns.length === 0;
                  const sortable = leaf && header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th key={header.id} colSpan={header.colSpan} rowSpan={rowSpan} ta={leaf ? undefined : 'center'}
                      style={{ width: header.getSize(), minWidth: header.getSize(), cursor: sortable ? 'pointer' : undefined, whiteSpace: 'nowrap', ...(header.column.id === ACTIONS ? PINNED_RIGHT : {}) }}
                      data-column={header.column.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      onClick={sortable ? header.column.getToggleSortingHandler() : undefined}>
                      <FlexRender header={header} />
                      {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ));
          })()}
        </Table.Thead>
        <Table.Tbody>
          {padTop > 0 && <tr style={{ height: padTop }} />}
          {shown.map((row) => (
            <Table.Tr key={row.id} data-testid={`${props.testId}-row`} data-row-id={row.id} style={virtual ? { height: ROW_HEIGHT } : undefined}>
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id} data-column={cell.column.id} style={{ whiteSpace: 'nowrap', ...(cell.column.id === ACTIONS ? PINNED_RIGHT : {}) }}>
                  <FlexRender cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {padBottom > 0 && <tr style={{ height: padBottom }} />}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={leafCount}>
                <Text ta="center" c="dimmed" size="sm" py="lg">{t('engine.empty')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
