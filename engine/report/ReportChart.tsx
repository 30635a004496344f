import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DescriptorSet, ReportChartDecl, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { amountDisplay } from '../../core/money.ts';
import { formatterFor } from '../../widgets/formatters';
import { callEndpoint, fetchListPage } from '../api/calls';
import type { EndpointRef } from '../api/paths';
import { type Answer, chartRequest, chartRows, chartX, rankingRequest, shownSeries } from '../runtime/reportModel';
import { resolveRoute, screenListKey } from '../runtime/screenModel';

export interface ReportChartProps {
  set: DescriptorSet;
  screen: ScreenDescriptor;
  chart: ReportChartDecl;
  /** The list's answer (records and the arrays beside them). */
  answer: Answer | undefined;
  request: Answer;
  listRoute: EndpointRef;
}

/**
 * A chart a report declares (@mantine/charts): a line or bars over the answer's rows or one of its arrays, a ranking
 * (the list's own route, sorted by the ranked field, its first rows), or another route's answer. On a snapshot report
 * (a resource with `snapshot`) a chart of its own call shows the filter's month, else the last one computed (the
 * resource's lastDate route), and says which. Its queries sit under the list's, so whatever refreshes the list
 * (a collect, a correction) refreshes the chart. Lazy: recharts loads only with a report that draws.
 */
export default function ReportChart({ set, screen, chart, answer, request, listRoute }: ReportChartProps) {
  const { t } = useTranslation();
  const route = chart.endpoint ? resolveRoute(set, screen, chart.endpoint) : null;
  const own = !!route || !!chart.ranking;
  const period = set.resources.get(screen.resource)?.snapshot?.period;
  const lastRoute = own && period ? resolveRoute(set, screen, 'lastDate') : null;
  const asked = period && typeof request[period] === 'string' && request[period] ? String(request[period]) : null;
  const last = useQuery({
    queryKey: [...screenListKey(screen.name), 'panel-month'],
    queryFn: () => callEndpoint<{ reportMonth: string | null }>(lastRoute!, {}, {}, { silent: true }),
    enabled: !!lastRoute && !asked,
  });
  const sent = own ? chartRequest(request, chart.body as Answer | undefined, period, last.data?.reportMonth) : null;
  const q = useQuery({
    queryKey: [...screenListKey(screen.name), 'chart', chart.id, sent],
    queryFn: () => (route
      ? callEndpoint<Answer>(route, {}, sent, { silent: true })
      : fetchListPage(listRoute, 1, chart.ranking!.limit ?? 15, rankingRequest(chart, sent!), undefined, true).then((page) => ({ ...page }) as Answer)),
    enabled: !!sent,
  });
  const rows = chartRows(chart, own ? q.data : answer).map((r) => (chart.xAs ? { ...r, [chart.x]: chartX(r[chart.x], chart.xAs) } : r));
  const formatter = chart.format ? formatterFor(chart.format) : null;
  const format = chart.format === 'money' ? (v: unknown) => amountDisplay(v) : formatter ? (v: unknown) => formatter(v, { row: {} }) : null;
  const drawn = shownSeries(chart.series, rows);
  const series = drawn.map((s) => ({ name: s.field, label: t(s.label), color: s.color ?? 'blue.6', ...(s.rightAxis ? { yAxisId: 'right' } : {}) }));
  const common = {
    h: 240, data: rows, dataKey: chart.x, series, withLegend: drawn.length > 1,
    valueFormatter: format ? (v: number) => format(v) : undefined,
    withRightYAxis: drawn.some((s) => s.rightAxis),
  };
  const month = period && own ? (sent?.[period] as string | undefined) : undefined;
  return (
    <Paper withBorder p="sm" data-testid={`${screen.name}-chart-${chart.id}`}>
      <Title order={6} mb="xs">{t(chart.title)}{month ? ` · ${t('engine.report.month', { month })}` : ''}</Title>
      {!rows.length ? <Text size="sm" c="dimmed">{t('engine.report.chartEmpty')}</Text>
        : chart.type === 'bar' ? <BarChart {...common} type={chart.stacked ? 'stacked' : 'default'} />
        : <LineChart {...common} curveType="monotone" />}
    </Paper>
  );
}
