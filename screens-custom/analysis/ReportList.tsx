import { Anchor, Button, Drawer, Group, Pagination, Paper, ScrollArea, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { downloadFile, notifyDownloadError } from '../../engine/api/calls';
import { call } from '../../src/api/http';
import { usePermission } from '../../src/permission/Permission';
import { useAnalysisT } from './labels';
import { DateField } from '../../widgets/datePickers';

/**
 * The list every 报表中心 analysis screen is: filters, a server-paged table whose columns are the fields the server
 * answered (cost and margin the caller may not see never arrive, so their columns are not drawn), export from the
 * server, and figures that open the rows they are made of in a drawer.
 */

export type Row = Record<string, unknown>;
export interface Page {
  records: Row[];
  total: number;
}
export type FilterKind = 'period' | 'region' | 'shop' | 'keyword' | 'supplier' | 'dimension' | 'detType';
export interface Column {
  field: string;
  /** Opens this detail (a key of the screen's `onFigure`) when the figure is clicked. */
  detail?: string;
}

interface Shop { shopId: number; shopName: string; regionName: string | null }
interface Supplier { id: number; supplierName: string; supplierNo: string }

const useShops = () => useQuery({ queryKey: ['analysis', 'shops'], queryFn: () => call<Shop[]>({ method: 'POST', url: '/wxy-shop-server/shop-base/list', data: {} }), staleTime: 60_000 });
const useSuppliers = () =>
  useQuery({ queryKey: ['analysis', 'suppliers'], queryFn: async () => (await call<Page>({ method: 'GET', url: '/wxy-production-server/pd-supplier/findPage1/1/99999' })).records as unknown as Supplier[], staleTime: 60_000 });

export const cell = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : String(v));
const clean = (f: Row) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '' && v !== null && v !== undefined));

export function FilterBar({ kinds, value, onChange }: { kinds: FilterKind[]; value: Row; onChange: (v: Row) => void }) {
  const t = useAnalysisT();
  const shops = useShops();
  const suppliers = useSuppliers();
  const set = (k: string) => (v: unknown) => onChange({ ...value, [k]: v });
  const text = (k: string) => (value[k] as string | undefined) ?? '';
  const regions = [...new Set((shops.data ?? []).map((s) => s.regionName).filter(Boolean))] as string[];
  return (
    <Group gap="xs" align="end" wrap="wrap">
      {kinds.includes('period') && (<>
        <DateField label={t('dateStart')} value={text('dateStart')} maxDate={text('dateEnd') || undefined} onChange={(v) => set('dateStart')(v ?? '')} testId="filter-dateStart" />
        <DateField label={t('dateEnd')} value={text('dateEnd')} minDate={text('dateStart') || undefined} onChange={(v) => set('dateEnd')(v ?? '')} testId="filter-dateEnd" />
      </>)}
      {kinds.includes('region') && <Select clearable label={t('region')} data={regions} value={text('regionName') || null} onChange={set('regionName')} w={140} />}
      {kinds.includes('shop') && (
        <Select clearable searchable label={t('shop')} w={180} value={value.shopId ? String(value.shopId) : null}
          data={(shops.data ?? []).map((s) => ({ value: String(s.shopId), label: s.shopName }))} onChange={(v) => set('shopId')(v ? Number(v) : null)} />
      )}
      {kinds.includes('supplier') && (
        <Select clearable searchable label={t('supplier')} w={200} value={value.supplierId ? String(value.supplierId) : null}
          data={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: `${s.supplierName}（${s.supplierNo}）` }))} onChange={(v) => set('supplierId')(v ? Number(v) : null)} />
      )}
      {kinds.includes('keyword') && <TextInput label={t('keyword')} value={text('keyword')} onChange={(e) => set('keyword')(e.currentTarget.value)} w={180} />}
      {kinds.includes('detType') && (
        <Select clearable label={t('detType')} w={120} value={value.detType ? String(value.detType) : null}
          data={[['1', '收货'], ['2', '退货'], ['3', '付款'], ['4', '付款更正']].map(([v, l]) => ({ value: v, label: l }))} onChange={(v) => set('detType')(v ? Number(v) : null)} />
      )}
      {kinds.includes('dimension') && (
        <Stack gap={2}>
          <Text size="sm" fw={500}>{t('dimension')}</Text>
          <SegmentedControl data={[{ value: 'sku', label: t('bySku') }, { value: 'spu', label: t('bySpu') }]} value={(value.dimension as string) ?? 'sku'} onChange={set('dimension')} />
        </Stack>
      )}
    </Group>
  );
}

/** A table of rows; the columns drawn are those the rows carry (fields hidden by the server are absent). */
export function RowsTable({ rows, columns, onFigure, actions, testId }: { rows: Row[]; columns: Column[]; onFigure?: (row: Row, detail: string) => void; actions?: (row: Row) => ReactNode; testId?: string }) {
  const t = useAnalysisT();
  const shown = rows.length ? columns.filter((c) => rows.some((r) => c.field in r)) : columns;
  return (
    <ScrollArea>
      <Table striped highlightOnHover withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((c) => <Table.Th key={c.field} style={{ whiteSpace: 'nowrap' }}>{t(c.field)}</Table.Th>)}
            {actions && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              {shown.map((c) => (
                <Table.Td key={c.field} style={{ whiteSpace: 'nowrap' }}>
                  {c.detail && onFigure && r[c.field] !== null && r[c.field] !== undefined
                    ? <Anchor component="button" onClick={() => onFigure(r, c.detail!)} data-testid={`figure-${c.field}`}>{cell(r[c.field])}</Anchor>
                    : cell(r[c.field])}
                </Table.Td>
              ))}
              {actions && <Table.Td>{actions(r)}</Table.Td>}
            </Table.Tr>
          ))}
          {!rows.length && (
            <Table.Tr><Table.Td colSpan={shown.length + (actions ? 1 : 0)}><Text c="dimmed" ta="center">{t('noData')}</Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** Saves a server export (CSV stream) as a file; a refusal is shown in the server's words. */
export const download = (url: string, body: Row, fileName: string) => downloadFile({ method: 'POST', path: url }, body, fileName).catch(notifyDownloadError);

export interface ReportListProps {
  title: string;
  queryKey: string;
  filters: FilterKind[];
  initialFilters?: Row;
  columns: Column[];
  fetchPage: (pageNum: number, pageSize: number, filters: Row) => Promise<Page & Row>;
  exportUrl?: string;
  exportPerm?: string;
  onFigure?: (row: Row, detail: string, filters: Row) => void;
  toolbar?: ReactNode;
  rowActions?: (row: Row) => ReactNode;
  header?: (filters: Row) => ReactNode;
}

export function ReportList(p: ReportListProps) {
  const t = useAnalysisT();
  const canExport = usePermission(p.exportPerm ?? '__none__');
  const [draft, setDraft] = useState<Row>(p.initialFilters ?? {});
  const [filters, setFilters] = useState<Row>(p.initialFilters ?? {});
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const list = useQuery({ queryKey: ['analysis', p.queryKey, filters, page], queryFn: () => p.fetchPage(page, pageSize, clean(filters)), retry: false });
  const error = list.error as Error | null;
  return (
    <Stack gap="sm" p="md">
      <Group justify="space-between">
        <Title order={4}>{t(p.title)}</Title>
        <Group gap="xs">{p.toolbar}</Group>
      </Group>
      <Paper withBorder p="sm">
        <Group align="end" justify="space-between">
          <FilterBar kinds={p.filters} value={draft} onChange={setDraft} />
          <Group gap="xs">
            <Button onClick={() => { setFilters(draft); setPage(1); }} data-testid="report-search">{t('search')}</Button>
            <Button variant="default" onClick={() => { setDraft(p.initialFilters ?? {}); setFilters(p.initialFilters ?? {}); setPage(1); }}>{t('reset')}</Button>
            {p.exportUrl && canExport && <Button variant="light" onClick={() => download(p.exportUrl!, clean(filters), `${t(p.title)}.csv`)}>{t('export')}</Button>}
          </Group>
        </Group>
      </Paper>
      {p.header?.(clean(filters))}
      {error && <Text c="red" data-testid="report-error">{error.message}</Text>}
      {p.onFigure && <Text size="xs" c="dimmed">{t('clickHint')}</Text>}
      <RowsTable rows={list.data?.records ?? []} columns={p.columns} testId="report-table" actions={p.rowActions}
        onFigure={p.onFigure ? (row, d) => p.onFigure!(row, d, clean(filters)) : undefined} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t('total', { n: list.data?.total ?? 0 })}</Text>
        <Pagination total={Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))} value={page} onChange={setPage} size="sm" />
      </Group>
    </Stack>
  );
}

/** The rows behind one figure: a drawer over the list, paged by the server. */
export function DetailDrawer({ title, opened, onClose, fetchPage, columns }: { title: string; opened: boolean; onClose: () => void; fetchPage: (pageNum: number, pageSize: number) => Promise<Page>; columns: Column[] }) {
  const t = useAnalysisT();
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: ['analysis', 'detail', title, opened, page, fetchPage], queryFn: () => fetchPage(page, 50), enabled: opened });
  return (
    <Drawer opened={opened} onClose={() => { setPage(1); onClose(); }} title={title} position="right" size="xl" data-testid="detail-drawer">
      <RowsTable rows={q.data?.records ?? []} columns={columns} testId="detail-table" />
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">{t('total', { n: q.data?.total ?? 0 })}</Text>
        <Pagination total={Math.max(1, Math.ceil((q.data?.total ?? 0) / 50))} value={page} onChange={setPage} size="sm" />
      </Group>
    </Drawer>
  );
}
