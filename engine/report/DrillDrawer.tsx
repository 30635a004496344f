import { Drawer, Group, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DescriptorSet, DrillDecl, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { formatterFor } from '../../widgets/formatters';
import { fetchListPage } from '../api/calls';
import { type Answer, drillRequest, fillRowParams } from '../runtime/reportModel';
import { resolveRoute, screenListKey } from '../runtime/screenModel';

const PAGE = 50;

/**
 * A report's drill-down: the rows a figure is made of (the sale lines behind a 销量, a shop's orders behind its 客单数),
 * a page at a time in a drawer over the report, asked of the drill's route with the report's filters and the row's values.
 */
export function DrillDrawer({ set, screen, drill, row, title, request, onClose }: {
  set: DescriptorSet; screen: ScreenDescriptor; drill: DrillDecl; row: Answer; title: string; request: Answer; onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const route = resolveRoute(set, screen, drill.endpoint);
  const { body, path } = drillRequest(drill, row, request);
  const endpoint = route ? { ...route, path: fillRowParams(route.path, path) } : null;
  const q = useQuery({
    queryKey: [...screenListKey(screen.name), 'drill', drill.endpoint, body, path, page],
    queryFn: () => fetchListPage(endpoint!, page, PAGE, body),
    enabled: !!endpoint,
    placeholderData: keepPreviousData,
  });
  const rows = (q.data?.records ?? []) as Answer[];
  const total = q.data?.total ?? 0;
  return (
    <Drawer opened onClose={onClose} title={title} position="right" size="xl" data-testid={`${screen.name}-drill`}>
      <ScrollArea>
        <Table striped highlightOnHover withTableBorder fz="sm" data-testid={`${screen.name}-drill-table`}>
          <Table.Thead>
            <Table.Tr>{drill.columns.map((c) => <Table.Th key={c.field} style={{ whiteSpace: 'nowrap' }}>{t(c.label)}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={i}>
                {drill.columns.map((c) => <Table.Td key={c.field} style={{ whiteSpace: 'nowrap' }}>{formatterFor(c.format)(r[c.field], { row: r })}</Table.Td>)}
              </Table.Tr>
            ))}
            {!rows.length && (
              <Table.Tr><Table.Td colSpan={drill.columns.length}><Text c="dimmed" ta="center" size="sm">{q.isLoading ? t('engine.report.loading') : t('engine.empty')}</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed" data-testid={`${screen.name}-drill-total`}>{t('engine.report.total', { count: total })}</Text>
        <Pagination total={Math.max(1, Math.ceil(total / PAGE))} value={page} onChange={setPage} size="sm" />
      </Group>
    </Drawer>
  );
}

