import { Alert, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../src/api/http';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { payName, useBillingT } from './labels';
import { amountText } from '../../core/money.ts';

/**
 * 换货明细 (order/findListByExchangeDet/{id}), opened from a row of 换货记录: the goods that came back, the ones
 * that went out, and how the difference was paid or paid back.
 */

interface Line { detId: number; skuCode: string; skuName: string; spec: string | null; unit: string | null; quantity: number; unitPrice: number; amount: number }
interface Exchange {
  exchangeNo: string; orderNo: string; shopName: string; memberName: string | null; memberPhone: string | null; returnAmount: number; giveAmount: number;
  diffAmount: number; paidAmount: number; changeAmount: number; reason: string | null; userName: string; createTime: string;
  returnList: Line[]; giveList: Line[]; payList: { payId: number; payType: number; amount: number }[];
}

function Lines({ title, lines, testId }: { title: string; lines: Line[]; testId: string }) {
  const t = useBillingT();
  return (
    <Stack gap={4}>
      <Text fw={600}>{title}</Text>
      <Table withTableBorder striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr><Table.Th>{t('skuCode')}</Table.Th><Table.Th>{t('skuName')}</Table.Th><Table.Th>{t('spec')}</Table.Th><Table.Th>{t('quantity')}</Table.Th><Table.Th>{t('unitPrice')}</Table.Th><Table.Th>{t('amount')}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.detId}>
              <Table.Td>{l.skuCode}</Table.Td><Table.Td>{l.skuName}</Table.Td><Table.Td>{l.spec ?? ''}</Table.Td>
              <Table.Td>{l.quantity}{l.unit ?? ''}</Table.Td><Table.Td>{amountText(l.unitPrice)}</Table.Td><Table.Td>{amountText(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export default function ExchangeDetailDialog({ row, onClose }: RowDialogProps) {
  const t = useBillingT();
  const id = Number(row?.exchangeId);
  const q = useQuery({ queryKey: ['orderExchange', id], queryFn: () => call<Exchange>({ method: 'GET', url: `/wxy-order-server/order/findListByExchangeDet/${id}` }), enabled: id > 0 });
  const x = q.data;
  return (
    <Modal opened onClose={onClose} title={x ? t('exchangeNo', { no: x.exchangeNo }) : t('exchangeDetail')} size="xl" data-testid="exchange-detail">
      {q.isError && <Alert color="red">{t('exchangeMissing')}</Alert>}
      {!x && !q.isError && <Loader />}
      {x && (
        <Stack gap="sm">
          <Group gap="lg">
            <Text size="sm">{t('originalOrder')}{x.orderNo}</Text>
            <Text size="sm">{t('shopOf')}{x.shopName}</Text>
            <Text size="sm">{t('memberOf')}{x.memberName ? `${x.memberName} ${x.memberPhone ?? ''}` : '—'}</Text>
            <Text size="sm">{t('handledBy', { user: x.userName, time: x.createTime })}</Text>
          </Group>
          <Lines title={t('returnedGoods', { amount: amountText(x.returnAmount) })} lines={x.returnList} testId="exchange-detail-return" />
          <Lines title={t('givenGoods', { amount: amountText(x.giveAmount) })} lines={x.giveList} testId="exchange-detail-give" />
          <Text size="sm" data-testid="exchange-detail-diff">
            {x.diffAmount > 0 ? t('diffCollected', { amount: amountText(x.diffAmount) }) : x.diffAmount < 0 ? t('diffReturned', { amount: amountText(-x.diffAmount) }) : t('noDiff')}
            {x.payList.length ? `${t('colon')}${x.payList.map((p) => `${payName(p.payType)} ${amountText(Math.abs(p.amount))}`).join(t('payJoin'))}` : ''}
            {x.changeAmount > 0 ? t('changeGiven', { amount: amountText(x.changeAmount) }) : ''}
          </Text>
          {x.reason && <Text size="sm">{t('exchangeReason')}{x.reason}</Text>}
        </Stack>
      )}
    </Modal>
  );
}
