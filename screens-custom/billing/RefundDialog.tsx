import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { messageOf } from './messageOf';
import { useNetwork } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../src/api/http';
import type { SettledOrder } from './receipt';
import { payName, useBillingT } from './labels';
import { LineRefundForm, type LineRefundResult } from '../orders/LineRefundForm';
import { SALE_STATUS } from '../orders/saleStatus.ts';
import { refundUuidFor, renewRefundUuid } from './refundUuids';
import { amountText, fenOf, yuanText } from '../../core/money.ts';

/** The reason the refund is recorded with; the server's record, not a label. */
const REFUND_REASON = '收银台退款'; // i18n-ignore: stored data

const O = '/wxy-order-server';
type Order = Omit<SettledOrder, 'detList'> & {
  status: number;
  refundAmount: number;
  detList: (SettledOrder['detList'][number] & { detId: number; spec?: string | null; returnedQuantity?: number })[];
};

/**
 * 退款 at the register: find the order by its number (from the receipt), check it, then take it back once — whole
 * (整单退款), or chosen lines and quantities (按商品退款: the order detail's LineRefundForm, quoted by the server, one
 * uuid per showing), after which the dialog shows the money back per method and each line's 已退. Both need the
 * network: offline they are disabled and the dialog says so.
 */
export function RefundDialog({ opened, onClose, initialOrderNo, onRefunded }: { opened: boolean; onClose: () => void; initialOrderNo?: string; onRefunded: () => void }) {
  const t = useBillingT();
  const online = useNetwork().online;
  const offline = online ? null : t('refundOffline');
  const [orderNo, setOrderNo] = useState('');
  const [byLines, setByLines] = useState(false);
  const [lineResult, setLineResult] = useState<LineRefundResult | null>(null);
  // One uuid per order until a refund of its lines is answered, kept over the register's reload (refundUuids.ts): a
  // confirm retried after a dropped network, after 取消, or after the reload, is the same refund.
  const [lineUuid, setLineUuid] = useState<string>(() => crypto.randomUUID());
  useEffect(() => {
    if (opened) setOrderNo(initialOrderNo ?? '');
  }, [opened, initialOrderNo]);
  const find = useMutation({
    mutationFn: (no: string) => call<Order>({ method: 'GET', url: `${O}/sale/order/print/${encodeURIComponent(no)}`, silent: true }),
    onMutate: (no) => {
      // Another order: its own refund; the same one (reloaded after a refund of lines) keeps what was refunded.
      if (no !== find.data?.orderNo) {
        setLineResult(null);
        setLineUuid(refundUuidFor(no));
      }
      setByLines(false);
    },
  });
  const lookUp = () => orderNo && !offline && find.mutate(orderNo);
  const refund = useMutation({
    mutationFn: (no: string) => call<Order>({ method: 'PUT', url: `${O}/order-pay/refund`, data: { orderNo: no, reason: REFUND_REASON }, silent: true, timeout: 180_000 }),
    onSuccess: onRefunded,
  });
  const close = () => {
    find.reset();
    refund.reset();
    setByLines(false);
    setLineResult(null);
    onClose();
  };
  const order = refund.data ?? find.data;
  // A 部分退款 order (lines refunded from its detail): the whole refund pays back only what is left.
  const before = find.data?.status === SALE_STATUS.partRefunded ? find.data.refundAmount : 0;
  const returned = Boolean(order?.detList.some((l) => Number(l.returnedQuantity) > 0));
  const lineRefundable = Boolean(order && !order.isPractice && (order.status === SALE_STATUS.done || order.status === SALE_STATUS.partRefunded) && order.detList.every((l) => l.detId));
  const leftFen = order ? fenOf(order.status === SALE_STATUS.partRefunded ? order.payAmount : order.totalAmount) - fenOf(order.status === SALE_STATUS.partRefunded ? order.refundAmount : 0) : 0;
  return (
    <Modal opened={opened} onClose={close} title={byLines ? t('lineRefundTitle') : t('refundTitle')} centered size="lg">
      <Stack>
        {offline && <Alert color="orange" data-testid="refund-offline">{offline}</Alert>}
        <Group align="flex-end">
          <TextInput
            label={t('orderNo')}
            placeholder={t('orderNoHint')}
            value={orderNo}
            onChange={(e) => setOrderNo(e.currentTarget.value.trim())}
            onKeyDown={(e) => e.key === 'Enter' && lookUp()}
            data-autofocus
            style={{ flex: 1 }}
            data-testid="refund-order-no"
          />
          <Button variant="default" onClick={lookUp} loading={find.isPending} disabled={Boolean(offline)} data-testid="refund-find">{t('find')}</Button>
        </Group>
        {find.isError && <Alert color="red">{messageOf(find.error)}</Alert>}
        {lineResult && (
          <Alert color="green" data-testid="register-line-refunded">
            <Text fw={600}>{t('lineRefundDone', { no: lineResult.refundNo, amount: amountText(lineResult.refundAmount) })}</Text>
            {lineResult.payList.map((p) => (
              <Text key={p.payType} size="sm" data-testid={`register-line-refunded-${p.payType}`}>{t('refundByMethod', { payType: payName(p.payType) || String(p.payType), amount: amountText(Math.abs(p.amount)) })}</Text>
            ))}
            {lineResult.writeOffNo && <Text size="sm" data-testid="register-line-refunded-write-off">{t('lineRefundWrittenOff', { no: lineResult.writeOffNo })}</Text>}
          </Alert>
        )}
        {order && byLines && (
          <LineRefundForm order={order} uuid={lineUuid} blocked={offline} onCancel={() => setByLines(false)}
            onUuidUsed={() => setLineUuid(renewRefundUuid(order.orderNo))} onRefunded={(r) => {
            setLineResult(r);
            setLineUuid(renewRefundUuid(order.orderNo));
            setByLines(false);
            find.mutate(order.orderNo);
            onRefunded();
          }} />
        )}
        {order && !byLines && (
          <>
            <Table withTableBorder>
              <Table.Tbody>
                {order.detList.map((l, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{l.skuName}</Table.Td>
                    <Table.Td ta="right">× {l.quantity}</Table.Td>
                    {returned && <Table.Td ta="right" data-testid={`refund-returned-${i}`}>{Number(l.returnedQuantity) > 0 ? t('returnedQty', { count: Number(l.returnedQuantity) }) : ''}</Table.Td>}
                    <Table.Td ta="right">{amountText(l.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text>{t('orderLine', { shop: order.shopName, time: order.createTime, amount: amountText(order.totalAmount) })}</Text>
            {order.status === SALE_STATUS.refunded ? (
              <Alert color="green" data-testid="refund-done">{t('refunded', { amount: yuanText(fenOf(order.refundAmount) - fenOf(before)) })}{order.isPractice ? t('refundedPractice') : t('refundedStock')}</Alert>
            ) : (
              <Group justify="flex-end">
                {lineRefundable && (
                  <Button variant="light" color="red" disabled={Boolean(offline)} onClick={() => setByLines(true)} data-testid="register-line-refund">{t('lineRefundAtRegister')}</Button>
                )}
                <Button color="red" loading={refund.isPending} disabled={Boolean(offline)} onClick={() => refund.mutate(order.orderNo)} data-testid="refund-confirm">{t('confirmRefund', { amount: yuanText(leftFen) })}</Button>
              </Group>
            )}
            {refund.isError && <Alert color="red">{messageOf(refund.error)}</Alert>}
          </>
        )}
      </Stack>
    </Modal>
  );
}
