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
import { type Answer, chartRows, rankingRequest } from '../runtime/reportModel';
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
 * (the list's own route, sorted by the ranked field, its first rows), or another route's answer. Its queries sit under
 * the list's, so whatever refreshes the list refreshes the chart. Lazy: recharts loads only with a report that draws.
 */
export default function ReportChart({ set, screen, chart, answer, request, listRoute }: ReportChartProps) {
  const { t } = useTranslation();
  const route = chart.endpoint ? resolveRoute(set, screen, chart.endpoint) : null;
  const ranking = useQuery({
    queryKey: [...screenListKey(screen.name), 'chart', chart.id, request],
    queryFn: () => (route
      ? callEndpoint<Answer>(route, {}, request, { silent: true })
      : fetchListPage(listRoute, 1, chart.ranking!.limit ?? 15, rankingRequest(chart, request), undefined, true).then((page) => ({ ...page }) as Answer)),
    enabled: !!route || !!chart.ranking,
  });
  const rows = chartRows(chart, route || chart.ranking ? ranking.data : answer);
  const formatter = chart.format ? formatterFor(chart.format) : null;
  const format = chart.format === 'money' ? (v: unknown) => amountDisplay(v) : formatter ? (v: unknown) => formatter(v, { row: {} }) : null;
  const series = chart.series.map((s) => ({ name: s.field, label: t(s.label), color: s.color ?? 'blue.6', ...(s.rightAxis ? { yAxisId: 'right' } : {}) }));
  const common = {
    h: 240, data: rows, dataKey: chart.x, series, withLegend: chart.series.length > 1,
    valueFormatter: format ? (v: number) => format(v) : undefined,
    withRightYAxis: chart.series.some((s) => s.rightAxis),
  };
  return (
    <Paper withBorder p="sm" data-testid={`${screen.name}-chart-${chart.id}`}>
      <Title order={6} mb="xs">{t(chart.title)}</Title>
      {!rows.length ? <Text size="sm" c="dimmed">{t('engine.report.chartEmpty')}</Text>
        : chart.type === 'bar' ? <BarChart {...common} type={chart.stacked ? 'stacked' : 'default'} />
        : <LineChart {...common} curveType="monotone" />}
    </Paper>
  );
}
