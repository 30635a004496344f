import { BarChart } from '@mantine/charts';
import { Alert, Card, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../src/api/http';
import { statShops } from '../stats/api';
import { useOrdersT } from './labels';
import { amountText } from '../../core/money.ts';
import { localDay } from '../../core/calendar.ts';
import { DateField } from '../../widgets/datePickers';

/**
 * 销售日报 (/orderInfo/saleReport): one shop's one business day. Notice 11 opens it with ?id=<report id> (the report a
 * shop's first 交班 of the day recorded); without an id the user picks one of their own shops and a day.
 */
interface Figures { saleAmount: number; soldAmount: number; refundAmount: number; orderCount: number; refundCount: number; itemCount: number; avgPrice: number }
interface SaleReport extends Figures {
  reportId: number | null;
  shopId: number;
  shopName: string;
  day: string;
  payments: { payType: number; payName: string; amount: number }[];
  hours: { hour: number; saleAmount: number; orderCount: number }[];
  topSkus: { skuId: number; skuCode: string | null; skuName: string | null; qty: number; amount: number }[];
  cashiers: (Figures & { userId: number | null; userName: string })[];
}

const O = '/wxy-order-server';

export default function SaleReportPage() {
  const t = useOrdersT();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const byId = Number.isSafeInteger(id) && id > 0;
  const [shopId, setShopId] = useState<string | null>(null);
  const [day, setDay] = useState(localDay());
  const shops = useQuery({ queryKey: ['statShops'], queryFn: statShops, enabled: !byId });
  const chosenShop = shopId ?? (shops.data?.[0] ? String(shops.data[0].shopId) : null);
  const report = useQuery({
    queryKey: ['saleReport', byId ? id : `${chosenShop}/${day}`],
    queryFn: () => call<SaleReport>(byId
      ? { method: 'GET', url: `${O}/sale-report/${id}` }
      : { method: 'GET', url: `${O}/sale-report`, params: { shopId: chosenShop, day } }),
    enabled: byId || (!!chosenShop && /^\d{4}-\d{2}-\d{2}$/.test(day)),
  });
  const r = report.data;
  return (
    <Stack p="md" data-testid="sale-report">
      <Title order={4}>{t('saleReport')}{r ? ` · ${r.shopName} ${r.day}` : ''}</Title>
      {!byId && (
        <Group align="end">
          <Select label={t('shop')} data={(shops.data ?? []).map((s) => ({ value: String(s.shopId), label: s.shopName }))} value={chosenShop} onChange={setShopId}
            allowDeselect={false} searchable data-testid="sale-report-shop" />
          <DateField label={t('day')} value={day} onChange={(v) => setDay(v ?? '')} testId="sale-report-day" />
        </Group>
      )}
      {report.isLoading && <Loader size="sm" />}
      {report.error && <Alert color="red" data-testid="sale-report-error">{report.error.message}</Alert>}
      {r && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="sale-report-figures">
            <Card withBorder><Text size="xs" c="dimmed">{t('saleAmount')}</Text><Text fw={700} data-testid="sale-report-sale">{amountText(r.saleAmount)}</Text></Card>
            <Card withBorder><Text size="xs" c="dimmed">{t('orderCount')}</Text><Text fw={700} data-testid="sale-report-orders">{r.orderCount}</Text></Card>
            <Card withBorder><Text size="xs" c="dimmed">{t('avgPrice')}</Text><Text fw={700}>{amountText(r.avgPrice)}</Text></Card>
            <Card withBorder><Text size="xs" c="dimmed">{t('refund')}</Text><Text fw={700}>{amountText(r.refundAmount)}{t('refundOrders', { count: r.refundCount })}</Text></Card>
          </SimpleGrid>
          <Paper withBorder p="md">
            <Text size="sm" fw={500} mb="xs">{t('byPayType')}</Text>
            <Group gap="lg" data-testid="sale-report-payments">
              {r.payments.length ? r.payments.map((p) => <Text key={p.payType} size="sm">{p.payName} {amountText(p.amount)}</Text>) : <Text size="sm" c="dimmed">{t('none')}</Text>}
            </Group>
          </Paper>
          <Paper withBorder p="md" data-testid="sale-report-hours">
            <Text size="sm" fw={500} mb="xs">{t('byHour')}</Text>
            <BarChart h={220} data={r.hours.map((h) => ({ hour: t('hourLabel', { hour: h.hour }), saleAmount: h.saleAmount }))} dataKey="hour" valueFormatter={(v) => amountText(v)}
              series={[{ name: 'saleAmount', label: t('saleAmount'), color: 'blue.6' }]} />
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="md">
              <Text size="sm" fw={500} mb="xs">{t('topSkus')}</Text>
              <Table fz="sm" data-testid="sale-report-skus">
                <Table.Thead><Table.Tr><Table.Th>{t('sku')}</Table.Th><Table.Th ta="right">{t('quantity')}</Table.Th><Table.Th ta="right">{t('amount')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>{r.topSkus.map((s) => <Table.Tr key={s.skuId}><Table.Td>{s.skuName ?? s.skuCode}</Table.Td><Table.Td ta="right">{s.qty}</Table.Td><Table.Td ta="right">{amountText(s.amount)}</Table.Td></Table.Tr>)}</Table.Tbody>
              </Table>
            </Paper>
            <Paper withBorder p="md">
              <Text size="sm" fw={500} mb="xs">{t('cashier')}</Text>
              <Table fz="sm" data-testid="sale-report-cashiers">
                <Table.Thead><Table.Tr><Table.Th>{t('cashier')}</Table.Th><Table.Th ta="right">{t('orderCount')}</Table.Th><Table.Th ta="right">{t('saleAmount')}</Table.Th><Table.Th ta="right">{t('refund')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>{r.cashiers.map((c) => <Table.Tr key={String(c.userId)}><Table.Td>{c.userName}</Table.Td><Table.Td ta="right">{c.orderCount}</Table.Td><Table.Td ta="right">{amountText(c.saleAmount)}</Table.Td><Table.Td ta="right">{amountText(c.refundAmount)}</Table.Td></Table.Tr>)}</Table.Tbody>
              </Table>
            </Paper>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
