import { Group, LoadingOverlay, Pagination, Paper, ScrollArea, Select, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n as shellI18n } from '../i18n/i18n';
import type { Page } from '../api/types';
import { PAGINATION } from '../api/timeouts';

export interface Column<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  width?: number;
}

export interface Paging {
  page: number;
  size: number;
}

export const FIRST_PAGE: Paging = { page: PAGINATION.page, size: PAGINATION.limit };

/** A server-paged table: total, page size (20, 50, 100) and pager (spec §9 defaults). */
export function PagedTable<Row extends { id: string | number }>(props: {
  columns: Column<Row>[];
  data: Page<Row> | undefined;
  loading: boolean;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  testId: string;
}) {
  // The shell's texts even inside a screen with its own i18n instance (the print designer's provider).
  const { t } = useTranslation(undefined, { i18n: shellI18n });
  const { data, paging } = props;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / paging.size));
  return (
    <Paper withBorder p="sm" pos="relative">
      <LoadingOverlay visible={props.loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <ScrollArea>
        <Table striped highlightOnHover withTableBorder data-testid={props.testId}>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column) => (
                <Table.Th key={column.key} style={column.width ? { width: column.width } : undefined}>{column.title}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data?.records ?? []).map((row) => (
              <Table.Tr key={row.id} data-testid={`${props.testId}-row`}>
                {props.columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
            {data && data.records.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={props.columns.length}>
                  <Text ta="center" c="dimmed" size="sm">{t('common.empty')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="flex-end" mt="sm" gap="sm">
        <Text size="sm" data-testid={`${props.testId}-total`}>{t('common.total', { total: data?.total ?? 0 })}</Text>
        <Select
          size="xs"
          w={110}
          value={String(paging.size)}
          allowDeselect={false}
          data={PAGINATION.sizes.map((size) => ({ value: String(size), label: t('common.pageSize', { size }) }))}
          onChange={(value) => value && props.onPaging({ page: 1, size: Number(value) })}
        />
        <Pagination size="sm" total={pages} value={paging.page} onChange={(page) => props.onPaging({ ...paging, page })} />
      </Group>
    </Paper>
  );
}

export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
