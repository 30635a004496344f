import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Card, Group, Modal, Pagination, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePermission } from '../../src/permission/Permission';
import { download, get, post, rate, statShops, type Row } from './api';
import { reportOf, type ReportColumn, type ReportScreen, type ReportTab } from './reports';
import { amountDisplay } from '../../core/money.ts';
import { daysBefore, localDay } from '../../core/calendar.ts';
import { DateField } from '../../widgets/datePickers';

interface Answer {
  records?: Row[];
  total?: number;
  summary?: Row;
  hours?: Row[];
  days?: Row[];
  payments?: { payTypeName: string; amount: number }[];
  mergeHint?: string | null;
  lastMergeTime?: string | null;
  [k: string]: unknown;
}

const cell = (c: ReportColumn, v: unknown) => {
  if (v === null || v === undefined) return '';
  if (c.kind === 'money') return amountDisplay(v);
  if (c.kind === 'rate') return rate(v);
  if (c.kind === 'qty' && typeof v === 'number') return String(Math.round(v * 1000) / 1000);
  return String(v);
};

/**
 * 数据统计 (/dataStatistics/*): one page per report of `reports.ts` — period and shop filters, the server's figures
 * (computed from the orders, cost and margin only where the user may see them), a chart, the table and the
 * server export.
 */
export default function StatsReportPage() {
  const { pathname } = useLocation();
  const report = reportOf(pathname);
  const { t } = useTranslation();
  if (!report) return <Text>{t('stats.unknown')}</Text>;
  return <ReportView report={report} />;
}

function ReportView({ report }: { report: ReportScreen }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(report.tabs[0].key);
  const [from, setFrom] = useState(daysBefore(report.defaultDays - 1));
  const [to, setTo] = useState(localDay());
  const [shopId, setShopId] = useState<string | null>(null);
  const [applied, setApplied] = useState({ startDate: from, endDate: to, shopId: null as number | null });
  const shops = useQuery({ queryKey: ['stats', 'shops'], queryFn: statShops });
  const search = (f = from, tt = to) => setApplied({ startDate: f, endDate: tt, shopId: shopId ? Number(shopId) : null });
  const quick = (days: number) => {
    const f = daysBefore(days - 1);
    const tt = localDay();
    setFrom(f);
    setTo(tt);
    search(f, tt);
  };
  const current = report.tabs.find((x) => x.key === tab) ?? report.tabs[0];
  return (
    <Stack data-testid={`stats-${report.route.split('/').pop()}`}>
      <Paper withBorder p="md">
        <Group justify="space-between" align="end">
          <Title order={4}>{t(report.title)}</Title>
          <Group align="end" gap="xs">
            <DateField label={t('stats.startDate')} value={from} maxDate={to || undefined} onChange={(v) => setFrom(v ?? '')} testId="stats-start" />
            <DateField label={t('stats.endDate')} value={to} minDate={from || undefined} onChange={(v) => setTo(v ?? '')} testId="stats-end" />
            <Select
              label={t('stats.shop')} placeholder={t('stats.allShops')} clearable searchable w={200} value={shopId} onChange={setShopId}
              data={(shops.data ?? []).map((s) => ({ value: String(s.shopId), label: `${s.shopName}（${s.shopCode}）` }))}
            />
            <Button onClick={() => search()} data-testid="stats-search">{t('stats.search')}</Button>
            <Button variant="default" onClick={() => quick(1)}>{t('stats.today')}</Button>
            <Button variant="default" onClick={() => quick(7)}>{t('stats.last7')}</Button>
            <Button variant="default" onClick={() => quick(30)}>{t('stats.last30')}</Button>
          </Group>
        </Group>
      </Paper>
      {report.merge && <MergeBar report={report} filters={applied} />}
      {report.tabs.length > 1 ? (
        <Tabs value={tab} onChange={(v) => v && setTab(v)}>
          <Tabs.List>{report.tabs.map((x) => <Tabs.Tab key={x.key} value={x.key}>{t(x.label)}</Tabs.Tab>)}</Tabs.List>
        </Tabs>
      ) : null}
      <TabView key={current.key} tab={current} filters={applied} />
    </Stack>
  );
}

function MergeBar({ report, filters }: { report: ReportScreen; filters: Row }) {
  const { t } = useTranslation();
  const canMerge = usePermission(report.merge!.perm);
  const qc = useQueryClient();
  const state = useQuery({ queryKey: ['stats', 'scan-state', filters], queryFn: () => post<Answer>('stat/scan-code/page', { ...filters, pageNum: 1, pageSize: 1 }) });
  const merge = useMutation({
    mutationFn: () => post<{ rows: number; mergeTime: string }>(report.merge!.call, { startDate: filters.startDate, endDate: filters.endDate }),
    onSuccess: (r) => {
      notifications.show({ color: 'teal', message: t('stats.merged', { rows: r.rows, time: r.mergeTime }) });
      void qc.invalidateQueries({ queryKey: ['stats'] });
    },
  });
  return (
    <Alert color={state.data?.mergeHint ? 'orange' : 'blue'} data-testid="scan-merge-hint">
      <Group justify="space-between">
        <Text size="sm">{state.data?.mergeHint ?? t('stats.lastMerge', { time: state.data?.lastMergeTime ?? '—' })}</Text>
        {canMerge && <Button size="xs" loading={merge.isPending} onClick={() => merge.mutate()} data-testid="scan-merge">{t('stats.merge')}</Button>}
      </Group>
    </Alert>
  );
}

function TabView({ tab, filters }: { tab: ReportTab; filters: Row }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<number | null>(null);
  const canExport = usePermission(tab.export?.perm ?? '');
  const pageSize = 20;
  const q = useQuery({
    queryKey: ['stats', tab.call, filters, page],
    queryFn: () => post<Answer>(tab.call, tab.paged ? { ...filters, pageNum: page, pageSize } : filters),
  });
  const data = q.data;
  const rows: Row[] = (tab.key === 'days' ? data?.days : data?.records) ?? [];
  const sample: Row = rows[0] ?? data?.summary ?? {};
  const columns = tab.columns.filter((c) => rows.length === 0 ? !['costAmount', 'grossProfit', 'grossMargin'].includes(c.field) || c.field in sample : rows.some((r) => c.field in r));
  const exportAs = async (format: 'xlsx' | 'csv') => {
    try {
      await download(tab.export!.call, { ...filters, ...(tab.export!.body ?? {}), format }, `${t(tab.label)}.${format}`);
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof Error ? e.message : String(e) });
    }
  };
  const summary = data?.summary ?? (tab.key === 'days' ? data : undefined);
  const chartData = tab.chart ? ((tab.chart.source === 'records' ? data?.records : tab.chart.source === 'hours' ? data?.hours : data?.days) ?? []).slice(0, tab.chart.source === 'records' && tab.chart.type === 'bar' ? 15 : undefined) : [];
  return (
    <Stack>
      {summary && (
        <SimpleGrid cols={{ base: 2, md: 5 }} data-testid="stats-summary">
          {(['saleAmount', 'orderCount', 'avgPrice', 'refundAmount', 'grossMargin'] as const).filter((k) => k in summary).map((k) => (
            <Card key={k} withBorder padding="sm">
              <Text size="xs" c="dimmed">{t(`stats.col.${k}`)}</Text>
              <Text fw={700} data-testid={`stats-summary-${k}`}>{k === 'orderCount' ? String(summary[k]) : k === 'grossMargin' ? rate(summary[k]) : amountDisplay(summary[k])}</Text>
            </Card>
          ))}
          {(data?.payments ?? []).map((p) => (
            <Card key={p.payTypeName} withBorder padding="sm">
              <Text size="xs" c="dimmed">{p.payTypeName}</Text>
              <Text fw={700}>{amountDisplay(p.amount)}</Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {tab.chart && chartData.length > 0 && (
        <Paper withBorder p="md" data-testid="stats-chart">
          {tab.chart.type === 'bar' ? (
            <BarChart
              h={260} data={chartData as Record<string, unknown>[]} dataKey={tab.chart.x} valueFormatter={(v) => amountDisplay(v)}
              series={tab.chart.series.map((s) => ({ name: s.field, label: t(s.label), color: s.color }))}
            />
          ) : (
            <LineChart
              h={260} data={chartData as Record<string, unknown>[]} dataKey={tab.chart.x} curveType="monotone"
              series={tab.chart.series.map((s) => ({ name: s.field, label: t(s.label), color: s.color }))}
            />
          )}
        </Paper>
      )}
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Text size="sm" c="dimmed">{t('stats.period', { from: String(filters.startDate), to: String(filters.endDate) })}</Text>
          {tab.export && canExport && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => void exportAs('xlsx')} data-testid="stats-export">{t('stats.exportXlsx')}</Button>
              <Button size="xs" variant="default" onClick={() => void exportAs('csv')}>{t('stats.exportCsv')}</Button>
            </Group>
          )}
        </Group>
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover withTableBorder data-testid="stats-table">
            <Table.Thead>
              <Table.Tr>{columns.map((c) => <Table.Th key={c.field} style={{ whiteSpace: 'nowrap' }}>{t(c.label)}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={i} style={tab.orderDetail ? { cursor: 'pointer' } : undefined} onClick={tab.orderDetail ? () => setDetail(Number(r.orderId)) : undefined}>
                  {columns.map((c) => <Table.Td key={c.field} style={{ textAlign: c.kind && c.kind !== 'text' ? 'right' : undefined, whiteSpace: 'nowrap' }}>{cell(c, r[c.field])}</Table.Td>)}
                </Table.Tr>
              ))}
              {!rows.length && <Table.Tr><Table.Td colSpan={columns.length} ta="center" c="dimmed">{q.isLoading ? t('stats.loading') : q.isError ? q.error.message : t('stats.empty')}</Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {tab.paged && (data?.total ?? 0) > pageSize && (
          <Group justify="flex-end" mt="sm">
            <Text size="sm">{t('stats.total', { count: data?.total ?? 0 })}</Text>
            <Pagination total={Math.ceil((data?.total ?? 0) / pageSize)} value={page} onChange={setPage} />
          </Group>
        )}
      </Paper>
      {detail !== null && <OrderDetail orderId={detail} onClose={() => setDetail(null)} />}
    </Stack>
  );
}

interface OrderDet extends Row {
  orderNo: string;
  shopName: string;
  createTime: string;
  cashierName: string;
  payAmount: number;
  lines: Row[];
  payments: { payTypeName: string; amount: number }[];
}

function OrderDetail({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const det = useQuery({ queryKey: ['stats', 'det', orderId], queryFn: () => get<OrderDet>(`po-shop-sale/sales/det/${orderId}`) });
  const canReceipt = usePermission('order:order:list');
  const d = det.data;
  const cols: ReportColumn[] = [
    { field: 'skuCode', label: 'stats.col.skuCode' }, { field: 'skuName', label: 'stats.col.skuName' }, { field: 'quantity', label: 'stats.col.quantity', kind: 'qty' },
    { field: 'unitPrice', label: 'stats.col.unitPrice', kind: 'money' }, { field: 'amount', label: 'stats.col.saleAmount', kind: 'money' },
    { field: 'costAmount', label: 'stats.col.costAmount', kind: 'money' }, { field: 'grossMargin', label: 'stats.col.grossMargin', kind: 'rate' },
  ].filter((c) => d?.lines.some((l) => c.field in l)) as ReportColumn[];
  const printReceipt = async () => {
    const r = await get<{ shop: Row; orderNo: string; createTime: string; cashierName: string; lines: Row[]; payments: { payTypeName: string; amount: number }[]; totals: Row }>(`statistics/receipt/order/simple/${orderId}`);
    const w = window.open('', '_blank', 'width=380,height=640');
    if (!w) return;
    const esc = (v: unknown) => String(v ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
    w.document.write(`<html><head><title>${esc(r.orderNo)}</title><style>body{font:12px monospace;width:280px}td{padding:1px 2px}.r{text-align:right}</style></head><body>
      <h3>${esc(r.shop.shopName)}</h3><div>${esc(r.shop.address)} ${esc(r.shop.phone)}</div><div>${esc(r.orderNo)}</div><div>${esc(r.createTime)} ${esc(r.cashierName)}</div><hr/>
      <table>${r.lines.map((l) => `<tr><td>${esc(l.skuName)}</td><td class="r">${esc(l.quantity)}×${amountDisplay(l.unitPrice)}</td><td class="r">${amountDisplay(l.amount)}</td></tr>`).join('')}</table><hr/>
      <div>${esc(t('stats.col.totalAmount'))}: ${amountDisplay(r.totals.totalAmount)}</div><div>${esc(t('stats.col.payAmount'))}: ${amountDisplay(r.totals.payAmount)}</div>
      ${r.payments.map((p) => `<div>${esc(p.payTypeName)}: ${amountDisplay(p.amount)}</div>`).join('')}<div>${esc(t('stats.col.changeAmount'))}: ${amountDisplay(r.totals.changeAmount)}</div>
      </body></html>`);
    w.document.close();
    w.print();
  };
  return (
    <Modal opened onClose={onClose} title={d ? `${d.orderNo} · ${d.shopName}` : t('stats.loading')} size="xl">
      {d && (
        <Stack>
          <Text size="sm">{d.createTime} · {d.cashierName} · {t('stats.col.payAmount')} {amountDisplay(d.payAmount)} · {d.payments.map((p) => `${p.payTypeName} ${amountDisplay(p.amount)}`).join('，')}</Text>
          <Table withTableBorder data-testid="order-lines">
            <Table.Thead><Table.Tr>{cols.map((c) => <Table.Th key={c.field}>{t(c.label)}</Table.Th>)}</Table.Tr></Table.Thead>
            <Table.Tbody>{d.lines.map((l, i) => <Table.Tr key={i}>{cols.map((c) => <Table.Td key={c.field}>{cell(c, l[c.field])}</Table.Td>)}</Table.Tr>)}</Table.Tbody>
          </Table>
          {canReceipt && <Group justify="flex-end"><Button variant="light" onClick={() => void printReceipt()}>{t('stats.printReceipt')}</Button></Group>}
        </Stack>
      )}
    </Modal>
  );
}
