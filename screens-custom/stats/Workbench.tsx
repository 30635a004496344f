import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Badge, Button, Card, Group, Progress, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../src/router/navigation';
import { type Dashboard, dashboard, myOpenShift, rate } from './api';
import { flattenRoutes } from '../../src/router/menuRoutes';
import { REGISTER_PATHS } from '../../src/router/staticRoutes';
import { appState } from '../../src/store/appStore';
import { visibleHours } from './hours';
import { amountDisplay } from '../../core/money.ts';

const REFRESH_MS = 60_000;
const REGISTER_PATH = REGISTER_PATHS[0];
const SHIFTS_PATH = '/orderInfo/classRecord';

function Kpi({ label, value, sub, testId }: { label: string; value: string; sub?: React.ReactNode; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="xl" mt={4} data-testid={testId}>{value}</Text>
      {sub}
    </Card>
  );
}

const link = (to: string) => (e: React.MouseEvent) => {
  e.preventDefault();
  navigateTo(to);
};

type Figures = Dashboard;

/** 今日销售额, 今日客单数, 今日目标, 本月累计销售 of the caller's shops. */
function TodayKpis({ d }: { d: Figures }) {
  const { t } = useTranslation();
  const s = d.todaySales;
  const reach = s.reachRate ?? 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <Kpi label={t('dashboard.todaySales')} value={amountDisplay(s.saleAmount)} testId="dash-today-sales"
        sub={<Text size="xs" c="dimmed">{t('dashboard.refund', { amount: amountDisplay(s.refundAmount) })}</Text>} />
      <Kpi label={t('dashboard.todayOrders')} value={String(s.orderCount)} testId="dash-today-orders" />
      <Kpi label={t('dashboard.todayTarget')} value={s.targetAmount ? amountDisplay(s.targetAmount) : '—'} testId="dash-today-target"
        sub={s.targetAmount ? <><Progress mt={6} value={Math.min(100, reach)} color={reach >= 100 ? 'teal' : reach >= 80 ? 'orange' : 'red'} /><Text size="xs" mt={2}>{t('dashboard.reach')} {rate(s.reachRate)}</Text></> : <Text size="xs" c="dimmed">{t('dashboard.noTarget')}</Text>} />
      <Kpi label={t('dashboard.monthSales')} value={amountDisplay(s.monthSaleAmount)} testId="dash-month-sales"
        sub={<Text size="xs" c="dimmed">{s.monthTargetAmount ? `${t('dashboard.monthTarget')} ${amountDisplay(s.monthTargetAmount)} · ${rate(s.monthReachRate)}` : t('dashboard.noTarget')}</Text>} />
    </SimpleGrid>
  );
}

function TrendAndHours({ d, days, setDays, trend = true }: { d: Figures; days: 7 | 30; setDays: (v: 7 | 30) => void; trend?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: trend ? 2 : 1 }}>
      {trend && <Card withBorder padding="md" data-testid="dash-trend">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('dashboard.trend')}</Text>
          <SegmentedControl size="xs" value={String(days)} onChange={(v) => setDays(v === '30' ? 30 : 7)} data={[{ value: '7', label: t('dashboard.days7') }, { value: '30', label: t('dashboard.days30') }]} />
        </Group>
        <LineChart h={220} data={d.trend.map((x) => ({ ...x, date: x.date.slice(5) }))} dataKey="date" curveType="monotone" valueFormatter={(v) => amountDisplay(v)}
          series={[{ name: 'saleAmount', label: t('dashboard.sales'), color: 'blue.6' }]} />
      </Card>}
      <Card withBorder padding="md" data-testid="dash-hours">
        <Text fw={600} mb="xs">{t('dashboard.hours')}</Text>
        <BarChart h={220} data={visibleHours(d.hours).map((h) => ({ ...h, hour: `${h.hour}:00` }))} dataKey="hour" valueFormatter={(v) => amountDisplay(v)}
          series={[{ name: 'saleAmount', label: t('dashboard.sales'), color: 'teal.6' }]} />
      </Card>
    </SimpleGrid>
  );
}

function TopShopsAndSkus({ d }: { d: Figures }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder padding="md" data-testid="dash-top-shops">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('dashboard.topShops', { days: d.days })}</Text>
          <Anchor size="sm" href="/dataStatistics/shopSale" onClick={link('/dataStatistics/shopSale')}>{t('dashboard.more')}</Anchor>
        </Group>
        {d.topShops.length ? (
          <BarChart h={200} data={d.topShops} dataKey="shopName" orientation="vertical" valueFormatter={(v) => amountDisplay(v)} yAxisProps={{ width: 110 }}
            series={[{ name: 'saleAmount', label: t('dashboard.sales'), color: 'indigo.6' }]} />
        ) : <Text c="dimmed" size="sm">{t('dashboard.none')}</Text>}
      </Card>
      <Card withBorder padding="md" data-testid="dash-top-skus">
        <Text fw={600} mb="xs">{t('dashboard.topSkus', { days: d.days })}</Text>
        <Table>
          <Table.Tbody>
            {d.topSkus.map((x, i) => (
              <Table.Tr key={x.skuId}>
                <Table.Td w={24}>{i + 1}</Table.Td><Table.Td>{x.skuName}</Table.Td><Table.Td c="dimmed">{x.skuCode}</Table.Td>
                <Table.Td ta="right">{x.quantity}</Table.Td><Table.Td ta="right">{amountDisplay(x.saleAmount)}</Table.Td>
              </Table.Tr>
            ))}
            {!d.topSkus.length && <Table.Tr><Table.Td c="dimmed">{t('dashboard.none')}</Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      </Card>
    </SimpleGrid>
  );
}

function StockCard({ d }: { d: Figures }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="dash-stock">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{d.stockAlerts.mode === 'safety' ? t('dashboard.stockSafety') : t('dashboard.stockLowest')}</Text>
        <Anchor size="sm" href={d.stockAlerts.link} onClick={link(d.stockAlerts.link)}>{t('dashboard.more')}</Anchor>
      </Group>
      {d.expiryAlerts.nearExpiry + d.expiryAlerts.expired > 0 && (
        <Anchor size="sm" href={d.expiryAlerts.link} onClick={link(d.expiryAlerts.link)} data-testid="dash-expiry">
          <Group gap={6} mb="xs">
            <Badge color="orange" variant="light">{t('dashboard.nearExpiry')} {d.expiryAlerts.nearExpiry}</Badge>
            <Badge color="red" variant="light">{t('dashboard.expired')} {d.expiryAlerts.expired}</Badge>
          </Group>
        </Anchor>
      )}
      <Table>
        <Table.Tbody>
          {d.stockAlerts.records.map((x) => (
            <Table.Tr key={`${x.whName}-${x.skuId}`}>
              <Table.Td>{x.skuName}<Text size="xs" c="dimmed">{x.whName}</Text></Table.Td>
              <Table.Td ta="right"><Badge color={x.available === 0 ? 'red' : 'orange'} variant="light">{x.available}</Badge>{x.safetyStock !== null && <Text size="xs" c="dimmed">{t('dashboard.safety')} {x.safetyStock}</Text>}</Table.Td>
            </Table.Tr>
          ))}
          {!d.stockAlerts.records.length && <Table.Tr><Table.Td c="dimmed">{t('dashboard.noAlerts')}</Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function TasksCard({ d }: { d: Figures }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="dash-tasks">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('dashboard.tasks')} <Badge>{d.pendingTasks.total}</Badge></Text>
        <Anchor size="sm" href={d.pendingTasks.link} onClick={link(d.pendingTasks.link)}>{t('dashboard.more')}</Anchor>
      </Group>
      <Stack gap={6}>
        {d.pendingTasks.records.map((x) => (
          <Anchor key={x.taskId} size="sm" href={d.pendingTasks.link} onClick={link(d.pendingTasks.link)}>{x.title} · {x.nodeName}<Text span size="xs" c="dimmed"> {x.applicantName} {x.createTime}</Text></Anchor>
        ))}
        {!d.pendingTasks.records.length && <Text size="sm" c="dimmed">{t('dashboard.noTasks')}</Text>}
      </Stack>
    </Card>
  );
}

function DocumentsCard({ d }: { d: Figures }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="dash-documents">
      <Text fw={600} mb="xs">{t('dashboard.documents')}</Text>
      <Stack gap={6}>
        {d.waitingDocuments.map((x) => (
          <Group key={x.key} justify="space-between">
            <Anchor size="sm" href={x.link} onClick={link(x.link)}>{x.label}</Anchor>
            <Badge color="orange">{x.count}</Badge>
          </Group>
        ))}
        {!d.waitingDocuments.length && <Text size="sm" c="dimmed">{t('dashboard.noDocuments')}</Text>}
      </Stack>
    </Card>
  );
}

const hasRoute = (path: string) => flattenRoutes(appState.routes).some((r) => r.path === path);

/** 我的收银班次: the caller's open shift with its takings so far, or none yet, and the way into the register. */
function ShiftCard() {
  const { t } = useTranslation();
  const canSell = hasRoute(REGISTER_PATH);
  const userId = appState.user?.id;
  const q = useQuery({ queryKey: ['dashboard', 'openShift', userId], queryFn: () => myOpenShift(Number(userId)), enabled: canSell && !!userId, refetchInterval: REFRESH_MS });
  const shift = q.data;
  return (
    <Card withBorder padding="md" data-testid="dash-shift">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('dashboard.shift')}</Text>
        {hasRoute(SHIFTS_PATH) && <Anchor size="sm" href={SHIFTS_PATH} onClick={link(SHIFTS_PATH)}>{t('dashboard.shifts')}</Anchor>}
      </Group>
      {shift ? (
        <Stack gap={4}>
          <Text size="sm">{t('dashboard.shiftOpen', { shop: shift.shopName, time: shift.startTime.slice(11, 16) })}</Text>
          <Text size="sm" data-testid="dash-shift-figures">{t('dashboard.shiftFigures', { count: shift.orderCount, amount: amountDisplay(shift.saleAmount) })}</Text>
          <Text size="sm" c="dimmed">{t('dashboard.shiftCash', { amount: amountDisplay(shift.expectedCash) })}</Text>
        </Stack>
      ) : <Text size="sm" c="dimmed">{t('dashboard.shiftNone')}</Text>}
      {canSell && (
        <Button mt="md" size="md" fullWidth href={REGISTER_PATH} component="a" onClick={link(REGISTER_PATH)} data-testid="dash-register">{t('dashboard.register')}</Button>
      )}
    </Card>
  );
}

/**
 * 工作台: the day's picture of the user's shops from one server call (statistics/dashboard) — today's sales and
 * orders against today's target share, the month so far, a 7/30-day trend, sales by hour, the top shops and SKUs,
 * stock alerts, approvals and documents waiting, each a link to its screen. What comes first follows the server's
 * focus for the caller (the landing page of their role): 'shops' the whole 工作台 (admin, a 店长); 'shop' the day of
 * a 店员's shop — today's sales, their shift and the register, the documents waiting on the shop; 'audit' the
 * documents waiting for audit and the approvals first (财务), the figures of every shop below.
 */
export function Workbench() {
  const { t } = useTranslation();
  const [days, setDays] = useState<7 | 30>(7);
  const q = useQuery({ queryKey: ['dashboard', days], queryFn: () => dashboard(days), refetchInterval: REFRESH_MS });
  const d = q.data;
  if (!d) return q.isError ? <Text c="red">{q.error.message}</Text> : <Text c="dimmed">{t('dashboard.loading')}</Text>;
  const scope = <Text size="sm" c="dimmed">{d.allShops ? t('dashboard.allShops') : t('dashboard.myShops', { count: d.shopCount })}</Text>;
  if (d.focus === 'shop') {
    return (
      <Stack data-testid="workbench" data-focus="shop">
        <Group justify="space-between">
          <Title order={4}>{t('dashboard.shopDay', { date: d.today })}</Title>
          {scope}
        </Group>
        <TodayKpis d={d} />
        <SimpleGrid cols={{ base: 1, lg: 3 }}>
          {hasRoute(REGISTER_PATH) && <ShiftCard />}
          <DocumentsCard d={d} />
          <TasksCard d={d} />
        </SimpleGrid>
        <TrendAndHours d={d} days={days} setDays={setDays} trend={false} />
      </Stack>
    );
  }
  if (d.focus === 'audit') {
    const waiting = d.waitingDocuments.reduce((a, x) => a + x.count, 0) + d.pendingTasks.total;
    return (
      <Stack data-testid="workbench" data-focus="audit">
        <Group justify="space-between">
          <Title order={4}>{t('dashboard.audit', { date: d.today })}</Title>
          {scope}
        </Group>
        <Text size="sm" c="dimmed">{waiting ? t('dashboard.auditIntro') : t('dashboard.auditNone')}</Text>
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <DocumentsCard d={d} />
          <TasksCard d={d} />
        </SimpleGrid>
        <Title order={5}>{t('dashboard.figures')}</Title>
        <TodayKpis d={d} />
        <TrendAndHours d={d} days={days} setDays={setDays} />
        <TopShopsAndSkus d={d} />
      </Stack>
    );
  }
  return (
    <Stack data-testid="workbench" data-focus="shops">
      <Group justify="space-between">
        <Title order={4}>{t('dashboard.title', { date: d.today })}</Title>
        {scope}
      </Group>
      <TodayKpis d={d} />
      <TrendAndHours d={d} days={days} setDays={setDays} />
      <TopShopsAndSkus d={d} />
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <StockCard d={d} />
        <TasksCard d={d} />
        <DocumentsCard d={d} />
      </SimpleGrid>
    </Stack>
  );
}
