import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../widgets/panelProps.ts';
import { callEndpoint, fetchListPage } from '../../engine/api/calls';
import { resolveRoute, screenListKey } from '../../engine/runtime/screenModel';
import { amountDisplay } from '../../core/money.ts';

/**
 * The charts of the snapshot reports (每日/月度/门店月度贡献, 星级评定), drawn with @mantine/charts like the 工作台:
 * each reads the list's month filter, or, without one, the month last computed (lastDate), and its shop filter.
 * Their query keys sit under the list's, so a collect or a correction that refreshes the list refreshes them too.
 */

type Row = Record<string, unknown>;

/** The month a chart shows: the filter's, else the last computed one (null: nothing computed yet). */
function useChartMonth({ set, screen, request }: PanelProps) {
  const asked = typeof request.reportMonth === 'string' && request.reportMonth ? request.reportMonth : null;
  const lastDate = resolveRoute(set, screen, 'lastDate');
  const last = useQuery({
    queryKey: [...screenListKey(screen.name), 'panel-month'],
    queryFn: () => callEndpoint<{ reportMonth: string | null }>(lastDate!, {}, {}, { silent: true }),
    enabled: !asked && !!lastDate,
  });
  return asked ?? last.data?.reportMonth ?? null;
}

function ChartFrame({ title, month, testId, empty, children }: { title: string; month: string | null; testId: string; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Title order={6} mb="xs">{title}{month ? ` · ${t('reports.chartMonth', { month })}` : ''}</Title>
      {empty ? <Text size="sm" c="dimmed">{t('reports.chart.empty')}</Text> : children}
    </Paper>
  );
}

const shopOf = (request: Row) => (request.shopId === undefined || request.shopId === null || request.shopId === '' ? undefined : Number(request.shopId));

/** 每日贡献: the month's sales against target, day by day. */
export function ContributionDayTrend(props: PanelProps) {
  const { t } = useTranslation();
  const month = useChartMonth(props);
  const route = resolveRoute(props.set, props.screen, 'day-trend');
  const shopId = shopOf(props.request);
  const q = useQuery({
    queryKey: [...screenListKey(props.screen.name), 'panel', 'dayTrend', month, shopId],
    queryFn: () => callEndpoint<{ days: Row[] }>(route!, {}, { reportMonth: month, shopId }, { silent: true }),
    enabled: !!month && !!route,
  });
  const days = (q.data?.days ?? []).map((d) => ({ ...d, day: String(d.reportDate).slice(8) }));
  const series = [
    { name: 'saleAmount', label: t('reports.chart.saleAmount'), color: 'blue.6' },
    { name: 'targetAmount', label: t('reports.chart.targetAmount'), color: 'gray.5' },
    ...(days.some((d) => 'grossProfit' in d) ? [{ name: 'grossProfit', label: t('reports.chart.grossProfit'), color: 'teal.6' }] : []),
  ];
  return (
    <ChartFrame title={t('reports.chart.dayTrend')} month={month} testId="chart-day-trend" empty={!days.length}>
      <LineChart h={220} data={days} dataKey="day" series={series} curveType="monotone" valueFormatter={(v) => amountDisplay(v)} withLegend />
    </ChartFrame>
  );
}

/** A page of the list's own route sorted by sales: the month's top rows as bars (people or shops). */
function RankingBars({ props, label, title, testId }: { props: PanelProps; label: string; title: string; testId: string }) {
  const { t } = useTranslation();
  const month = useChartMonth(props);
  const route = resolveRoute(props.set, props.screen, props.screen.endpoint);
  const shopId = shopOf(props.request);
  const q = useQuery({
    queryKey: [...screenListKey(props.screen.name), 'panel', 'ranking', month, shopId],
    queryFn: () => fetchListPage(route!, 1, 15, { reportMonth: month, shopId, sort: 'finalSaleAmount', order: 'desc' }, undefined, true),
    enabled: !!month && !!route,
  });
  const rows = (q.data?.records ?? []).map((r) => ({ name: String(r[label] ?? ''), saleAmount: Number(r.finalSaleAmount ?? 0), targetAmount: Number(r.targetAmount ?? 0) }));
  return (
    <ChartFrame title={title} month={month} testId={testId} empty={!rows.length}>
      <BarChart h={240} data={rows} dataKey="name" valueFormatter={(v) => amountDisplay(v)} withLegend
        series={[{ name: 'saleAmount', label: t('reports.chart.saleAmount'), color: 'blue.6' }, { name: 'targetAmount', label: t('reports.chart.targetAmount'), color: 'gray.4' }]} />
    </ChartFrame>
  );
}

/** 月度贡献: the month's best sellers. */
export function ContributionPersonRanking(props: PanelProps) {
  const { t } = useTranslation();
  return <RankingBars props={props} label="userName" title={t('reports.chart.personRanking')} testId="chart-person-ranking" />;
}

/** 门店月度贡献: the month's shops by sales, beside their targets. */
export function ShopContributionRanking(props: PanelProps) {
  const { t } = useTranslation();
  return <RankingBars props={props} label="shopName" title={t('reports.chart.shopRanking')} testId="chart-shop-ranking" />;
}

/** 星级评定: how many persons got each star in the month. */
export function StarDistribution(props: PanelProps) {
  const { t } = useTranslation();
  const month = useChartMonth(props);
  const route = resolveRoute(props.set, props.screen, 'distribution');
  const shopId = shopOf(props.request);
  const q = useQuery({
    queryKey: [...screenListKey(props.screen.name), 'panel', 'stars', month, shopId],
    queryFn: () => callEndpoint<{ stars: Row[] }>(route!, {}, { reportMonth: month, shopId }, { silent: true }),
    enabled: !!month && !!route,
  });
  const stars = q.data?.stars ?? [];
  return (
    <ChartFrame title={t('reports.chart.starDistribution')} month={month} testId="chart-star-distribution" empty={!stars.some((s) => Number(s.count) > 0)}>
      <BarChart h={200} data={stars} dataKey="star" series={[{ name: 'count', label: t('reports.chart.count'), color: 'yellow.6' }]} />
    </ChartFrame>
  );
}

/** 人员星级汇总: how many persons got each star in the month. */
export function StarUserDistribution(props: PanelProps) {
  const { t } = useTranslation();
  const month = useChartMonth(props);
  const route = resolveRoute(props.set, props.screen, 'distribution');
  const q = useQuery({
    queryKey: [...screenListKey(props.screen.name), 'panel', 'userStars', month],
    queryFn: () => callEndpoint<{ stars: Row[] }>(route!, {}, { reportMonth: month }, { silent: true }),
    enabled: !!month && !!route,
  });
  const stars = q.data?.stars ?? [];
  return (
    <ChartFrame title={t('reports.chart.starUserDistribution')} month={month} testId="chart-star-user-distribution" empty={!stars.some((s) => Number(s.count) > 0)}>
      <BarChart h={200} data={stars} dataKey="star" series={[{ name: 'count', label: t('reports.chart.persons'), color: 'yellow.6' }]} />
    </ChartFrame>
  );
}

/**
 * 客流转化: visitors and orders per day (left axis) and the conversion rate (right axis, %), over the list's shop
 * filters (门店, 门店名称). The month is the list's 统计月份 filter, else the latest month the list has rows of, which
 * the server picks and names (the report has no lastDate: its demo rows and a refresh both count).
 */
export function AccessConversionTrend(props: PanelProps) {
  const { t } = useTranslation();
  const asked = typeof props.request.reportMonth === 'string' && props.request.reportMonth ? props.request.reportMonth : null;
  const route = resolveRoute(props.set, props.screen, 'day-trend');
  const shopId = shopOf(props.request);
  const shopName = typeof props.request.shopName === 'string' && props.request.shopName.trim() ? props.request.shopName.trim() : undefined;
  const q = useQuery({
    queryKey: [...screenListKey(props.screen.name), 'panel', 'conversion', asked, shopId, shopName],
    queryFn: () => callEndpoint<{ reportMonth: string | null; days: Row[] }>(route!, {}, { reportMonth: asked, shopId, shopName }, { silent: true }),
    enabled: !!route,
  });
  const days = (q.data?.days ?? []).map((d) => ({ ...d, day: String(d.date).slice(8) }));
  return (
    <ChartFrame title={t('reports.chart.conversionTrend')} month={asked ?? q.data?.reportMonth ?? null} testId="chart-conversion-trend" empty={!days.length}>
      <LineChart h={220} data={days} dataKey="day" curveType="monotone" withLegend withRightYAxis rightYAxisLabel="%"
        series={[
          { name: 'visitorCount', label: t('reports.chart.visitorCount'), color: 'blue.6' },
          { name: 'orderCount', label: t('reports.chart.orderCount'), color: 'teal.6' },
          { name: 'conversionRate', label: t('reports.chart.conversionRate'), color: 'orange.6', yAxisId: 'right' },
        ]} />
    </ChartFrame>
  );
}

const EDIT_REPORTS = [
  ['dailyContribution', 'blue.6'], ['monthlyContribution', 'teal.6'], ['shopContribution', 'grape.6'], ['starRating', 'yellow.6'],
] as const;

/** 报表修改日志: corrections per day of the last 30 days, stacked by report (the list's 报表 filter narrows it). */
export function EditLogTrend(props: PanelProps) {
  const { t } = useTranslation();
  const route = resolveRoute(props.set, props.screen, 'trend');
  const reportType = typeof props.request.reportType === 'string' && props.request.reportType ? props.request.reportType : null;
  const q = useQuery({
    queryKey: [...screenListKey(props.screen.name), 'panel', 'editTrend', reportType],
    queryFn: () => callEndpoint<{ days: Row[] }>(route!, {}, { days: 30, reportType }, { silent: true }),
    enabled: !!route,
  });
  const days: Row[] = (q.data?.days ?? []).map((d) => ({ ...d, day: String(d.date).slice(5) }));
  const any = days.some((d) => EDIT_REPORTS.some(([k]) => Number(d[k]) > 0));
  return (
    <Paper withBorder p="sm" data-testid="chart-edit-trend">
      <Title order={6} mb="xs">{t('reports.chart.editTrend')}</Title>
      {any ? (
        <BarChart h={200} data={days} dataKey="day" type="stacked" withLegend
          series={EDIT_REPORTS.filter(([k]) => !reportType || k === reportType).map(([name, color]) => ({ name, label: t(`reports.chart.${name}`), color }))} />
      ) : <Text size="sm" c="dimmed">{t('reports.chart.editsEmpty')}</Text>}
    </Paper>
  );
}
