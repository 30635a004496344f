/** The columns of a list: how each cell shows, the table's column definitions, and the columns a CSV export writes. */
import { Anchor, Image } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import type { ColumnDecl, DescriptorSet, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { navigateTo } from '../../src/router/navigation';
import { fullPathOf } from '../../src/tabs/tabRules';
import { useDictionary, labelMap } from '../../widgets/dictionary';
import { formatterFor, stylerFor } from '../../widgets/formatters';
import type { CsvColumn } from '../export/csv';
import type { RowData } from '../runtime/screenModel';
import type { ListColumnDef } from './DataTable';
import { drillable } from '../runtime/reportModel';

/** A report's drill-down: a column with `drill` opens the rows behind a figure (engine/report/DrillDrawer). */
export type OpenDrill = (column: ColumnDecl, row: RowData) => void;

/** Cell of a column: formatted text (dictionary labels, 2-decimal numbers), styler colour, link or image. */
function useCellRenderer(column: ColumnDecl, set: DescriptorSet, screen: ScreenDescriptor, openDrill?: OpenDrill) {
  const resource = set.resources.get(screen.resource)!;
  const dictionaryCode = column.dictionary ?? resource.fields[column.field]?.['x-dictionary'];
  const needsLabels = column.format === 'dictionary' || column.format === 'enabled';
  const dictionary = useDictionary(needsLabels ? dictionaryCode : undefined);
  const labels = useMemo(() => labelMap(dictionary.data), [dictionary.data]);
  const format = formatterFor(column.format);
  const styler = stylerFor(column.styler);
  const digits = resource.fields[column.field]?.['x-decimals'];
  return useMemo(() => ({
    text: (row: RowData) => format(row[column.field], { row, labels, digits }),
    render: (row: RowData): ReactNode => {
      const text = format(row[column.field], { row, labels, digits });
      if (column.format === 'image' && text) return <Image src={text} h={32} w={32} fit="contain" />;
      const style = styler?.(row[column.field], row);
      if (column.drill && openDrill && drillable(row[column.field])) {
        return <Anchor component="button" size="sm" onClick={() => openDrill(column, row)} style={style} data-testid={`drill-${column.field}`}>{text}</Anchor>;
      }
      if (column.link) {
        const query = Object.fromEntries(Object.entries(column.link.query ?? {}).map(([k, field]) => [k, String(row[field] ?? '')]));
        return <Anchor size="sm" onClick={() => navigateTo(fullPathOf(column.link!.to, query))} style={style}>{text}</Anchor>;
      }
      return <span style={style}>{text}</span>;
    },
  }), [column, format, labels, styler, digits, openDrill]);
}

export type CellRenderer = ReturnType<typeof useCellRenderer>;

/** Collects one renderer per column; hooks run in a stable order because the descriptor's columns never change. */
export function useCellRenderers(columns: readonly ColumnDecl[], set: DescriptorSet, screen: ScreenDescriptor, openDrill?: OpenDrill): Map<string, CellRenderer> {
  const renderers = new Map<string, CellRenderer>();
  for (const column of columns) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed list from the descriptor
    renderers.set(column.field, useCellRenderer(column, set, screen, openDrill));
  }
  return renderers;
}

/**
 * The table's columns: the shown props in their order, with saved widths, sortable where the resource sorts;
 * columns sharing a parent header sit under it, where its first chosen child stands.
 */
export function listColumnDefs(columns: readonly ColumnDecl[], shownProps: readonly string[], renderers: Map<string, CellRenderer>, widths: Record<string, number>,
  sortable: readonly string[] | undefined, t: (key: string) => string): ListColumnDef[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const leaves = shownProps.flatMap((prop) => {
    const column = byField.get(prop);
    if (!column) return [];
    const renderer = renderers.get(prop)!;
    return [{ column, def: {
      id: column.field,
      accessorFn: (row: RowData) => row[column.field],
      header: () => t(column.label),
      size: widths[column.field] ?? column.width ?? 120,
      enableSorting: column.sortable === true && (sortable ?? []).includes(column.field),
      cell: ({ row }: { row: { original: RowData } }) => renderer.render(row.original),
    } as ListColumnDef }];
  });
  const result: ListColumnDef[] = [];
  const groups = new Map<string, { id: string; header: string; columns: ListColumnDef[] }>();
  for (const { column, def } of leaves) {
    if (!column.parent) { result.push(def); continue; }
    let group = groups.get(column.parent);
    if (!group) {
      group = { id: `group:${column.parent}`, header: t(column.parent), columns: [] };
      groups.set(column.parent, group);
      result.push(group as unknown as ListColumnDef);
    }
    group.columns.push(def);
  }
  return result;
}

/** The columns a CSV export writes: the shown ones, as their cells show. */
export function csvColumnsOf(columns: readonly ColumnDecl[], shownProps: readonly string[], renderers: Map<string, CellRenderer>, t: (key: string) => string): CsvColumn[] {
  return shownProps.flatMap((prop) => {
    const column = columns.find((c) => c.field === prop);
    const renderer = renderers.get(prop);
    return column && renderer ? [{ prop, label: t(column.label), format: (_v: unknown, row: RowData) => renderer.text(row) }] : [];
  });
}
