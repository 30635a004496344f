import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ColumnDecl, type FilterFieldDecl, type ResourceDescriptor, filterParams } from '../../core/descriptors/index.ts';
import { groupKindOf, groupsPath, summableField } from '../../core/descriptors/grouping.ts';
import { monthRange } from '../../core/calendar.ts';
import { call } from '../../src/api/http';
import { fillPath } from '../api/paths';
import { type ResolvedRoute, filterDeclOf } from '../runtime/screenModel';
import type { CellRenderer } from './listColumns';
import type { GroupChoice } from './listState';

export interface GroupsAnswer {
  groups: { key: string | number | boolean | null; count: number; sums: Record<string, number> }[];
  total: { count: number; sums: Record<string, number> };
  truncated: boolean;
}

/** The columns a group shows sums of: the shown columns of amounts and quantities shown as numbers that the server's rule (grouping.ts) sums. */
export const sumColumns = (resource: ResourceDescriptor, columns: readonly ColumnDecl[], shown: readonly string[]) =>
  columns.filter((c) => shown.includes(c.field) && (c.format === 'money' || c.format === 'number' || c.format === 'integer') && summableField(resource, c.field));

/** The list's groups call: the page route's filters (without paging or sort) plus the field and sums. */
export function groupsRequest(request: Record<string, unknown>, group: GroupChoice, sums: readonly string[]): Record<string, unknown> {
  const { sort: _sort, order: _order, ...filters } = request;
  return { ...filters, groupBy: group.field, ...(group.unit ? { unit: group.unit } : {}), sums };
}

/**
 * The filter value that narrows the list to one group, or null when the screen has no filter on that field:
 * an equals/in filter takes the key, a date range the group's day or month.
 */
export function groupFilter(resource: ResourceDescriptor, filters: readonly FilterFieldDecl[], group: GroupChoice, key: unknown): [string, unknown] | null {
  if (key === null || key === undefined) return null;
  for (const f of filters) {
    const decl = filterDeclOf(resource, f);
    if (!decl || decl.field !== group.field) continue;
    if (decl.op === 'equals' || decl.op === 'contains') return [f.filter, key];
    if (decl.op === 'in') return [f.filter, [key]];
    if (decl.op === 'dateRange' && filterParams(decl).length === 2) {
      const day = String(key);
      const { from: start, to: end } = group.unit === 'month' ? monthRange(day) : { from: day, to: day };
      const withTime = resource.fields[group.field]?.format === 'date-time';
      return [f.filter, withTime ? [`${start} 00:00:00`, `${end} 23:59:59`] : [start, end]];
    }
  }
  return null;
}

export interface GroupSummaryProps {
  screenName: string;
  resource: ResourceDescriptor;
  listRoute: ResolvedRoute;
  request: Record<string, unknown>;
  group: GroupChoice;
  columns: readonly ColumnDecl[];
  shown: readonly string[];
  renderers: Map<string, CellRenderer>;
  /** Narrows the list to a group (null when the screen cannot filter on the field). */
  onPick: ((key: unknown) => void) | null;
  onClose: () => void;
}

/**
 * The list grouped on one field: each group's count and sums over every row the filters match (computed by the
 * server, not from the page on screen), the largest first, with the totals; a click on a group filters the list to it.
 */
export function GroupSummary({ screenName, resource, listRoute, request, group, columns, shown, renderers, onPick, onClose }: GroupSummaryProps) {
  const { t } = useTranslation();
  const sums = sumColumns(resource, columns, shown);
  const body = groupsRequest(request, group, sums.map((c) => c.field));
  const url = fillPath(groupsPath(listRoute.path), {});
  const answer = useQuery({
    queryKey: ['list-groups', url, body],
    queryFn: ({ signal }) => call<GroupsAnswer>({ method: 'POST', url, data: body, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const column = columns.find((c) => c.field === group.field);
  const kind = groupKindOf(resource, group.field);
  const label = (key: unknown) => {
    if (key === null || key === undefined || key === '') return t('engine.group.none');
    if (kind === 'date') return String(key);
    return renderers.get(group.field)?.text({ [group.field]: key }) || String(key);
  };
  const sumText = (field: string, value: number) => renderers.get(field)?.text({ [field]: value }) ?? String(value);
  const title = column ? t(column.label) : resource.fields[group.field]?.title ?? group.field;
  const data = answer.data;
  return (
    <div data-testid={`${screenName}-groups`} style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {t('engine.group.title', { field: title, unit: group.unit === 'month' ? t('engine.group.byMonth') : kind === 'date' ? t('engine.group.byDay') : '' })}
          {data && <Text span size="sm" c="dimmed" ml="xs">{t('engine.group.count', { count: data.groups.length })}{data.truncated ? t('engine.group.truncated') : ''}</Text>}
        </Text>
        <Tooltip label={t('engine.group.off')}>
          <ActionIcon variant="subtle" size="sm" onClick={onClose} aria-label={t('engine.group.off')} data-testid={`${screenName}-groups-close`}><IconX size={14} /></ActionIcon>
        </Tooltip>
      </Group>
      {answer.isError && <Text c="red" size="sm">{(answer.error as Error).message}</Text>}
      {data && (
        <Table.ScrollContainer minWidth={320} maxHeight={260}>
          <Table striped highlightOnHover={Boolean(onPick)} withTableBorder fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{title}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('engine.group.rows')}</Table.Th>
                {sums.map((c) => <Table.Th key={c.field} style={{ textAlign: 'right' }}>{t(c.label)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.groups.map((g) => (
                <Table.Tr key={String(g.key)} data-testid={`${screenName}-group-row`} style={onPick && g.key !== null ? { cursor: 'pointer' } : undefined}
                  onClick={onPick && g.key !== null ? () => onPick(g.key) : undefined}>
                  <Table.Td>{label(g.key)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }} data-column="count">{g.count.toLocaleString('zh-CN')}</Table.Td>
                  {sums.map((c) => <Table.Td key={c.field} style={{ textAlign: 'right' }} data-column={c.field}>{sumText(c.field, g.sums[c.field] ?? 0)}</Table.Td>)}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr data-testid={`${screenName}-group-total`}>
                <Table.Th>{t('engine.group.total')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }} data-column="count">{data.total.count.toLocaleString('zh-CN')}</Table.Th>
                {sums.map((c) => <Table.Th key={c.field} style={{ textAlign: 'right' }} data-column={c.field}>{sumText(c.field, data.total.sums[c.field] ?? 0)}</Table.Th>)}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
