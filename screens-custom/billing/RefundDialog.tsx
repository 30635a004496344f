import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { messageOf } from './messageOf';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../src/api/http';
import type { SettledOrder } from './receipt';
import { useBillingT } from './labels';
import { SALE_STATUS } from '../orders/saleStatus.ts';
import { amountText, fenOf, yuanText } from '../../core/money.ts';

/** The reason the refund is recorded with; the server's record, not a label. */
const REFUND_REASON = '收银台退款'; // i18n-ignore: stored data

const O = '/wxy-order-server';
type Order = SettledOrder & { status: number; refundAmount: number };

/** 整单退款 at the register: find the order by its number (from the receipt), check it, take it back once. */
export function RefundDialog({ opened, onClose, initialOrderNo, onRefunded }: { opened: boolean; onClose: () => void; initialOrderNo?: string; onRefunded: () => void }) {
  const t = useBillingT();
  const [orderNo, setOrderNo] = useState('');
  useEffect(() => {
    if (opened) setOrderNo(initialOrderNo ?? '');
  }, [opened, initialOrderNo]);
  const find = useMutation({ mutationFn: (no: string) => call<Order>({ method: 'GET', url: `${O}/sale/order/print/${encodeURIComponent(no)}`, silent: true }) });
  const refund = useMutation({
    mutationFn: (no: string) => call<Order>({ method: 'PUT', url: `${O}/order-pay/refund`, data: { orderNo: no, reason: REFUND_REASON }, silent: true, timeout: 180_000 }),
    onSuccess: onRefunded,
  });
  const close = () => {
    find.reset();
    refund.reset();
    onClose();
  };
  const order = refund.data ?? find.data;
  // A 部分退款 order (lines refunded from its detail): the whole refund pays back only what is left.
  const before = find.data?.status === SALE_STATUS.partRefunded ? find.data.refundAmount : 0;
  const leftFen = order ? fenOf(order.status === SALE_STATUS.partRefunded ? order.payAmount : order.totalAmount) - fenOf(order.status === SALE_STATUS.partRefunded ? order.refundAmount : 0) : 0;
  return (
    <Modal opened={opened} onClose={close} title={t('refundTitle')} centered size="lg">
      <Stack>
        <Group align="flex-end">
          <TextInput
            label={t('orderNo')}
            placeholder={t('orderNoHint')}
            value={orderNo}
            onChange={(e) => setOrderNo(e.currentTarget.value.trim())}
            onKeyDown={(e) => e.key === 'Enter' && orderNo && find.mutate(orderNo)}
            data-autofocus
            style={{ flex: 1 }}
            data-testid="refund-order-no"
          />
          <Button variant="default" onClick={() => orderNo && find.mutate(orderNo)} loading={find.isPending} data-testid="refund-find">{t('find')}</Button>
        </Group>
        {find.isError && <Alert color="red">{messageOf(find.error)}</Alert>}
        {order && (
          <>
            <Table withTableBorder>
              <Table.Tbody>
                {order.detList.map((l, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{l.skuName}</Table.Td>
                    <Table.Td ta="right">× {l.quantity}</Table.Td>
                    <Table.Td ta="right">{amountText(l.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text>{t('orderLine', { shop: order.shopName, time: order.createTime, amount: amountText(order.totalAmount) })}</Text>
            {order.status === SALE_STATUS.refunded ? (
              <Alert color="green" data-testid="refund-done">{t('refunded', { amount: yuanText(fenOf(order.refundAmount) - fenOf(before)) })}{order.isPractice ? t('refundedPractice') : t('refundedStock')}</Alert>
            ) : (
              <Button color="red" loading={refund.isPending} onClick={() => refund.mutate(order.orderNo)} data-testid="refund-confirm">{t('confirmRefund', { amount: yuanText(leftFen) })}</Button>
            )}
            {refund.isError && <Alert color="red">{messageOf(refund.error)}</Alert>}
          </>
        )}
      </Stack>
    </Modal>
  );
}
