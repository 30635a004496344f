import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../src/api/http';
import { notifySuccess } from '../../src/feedback/notify';
import type { OrderDetail } from './OrderMoney';
import { useOrdersT } from './labels';
import { amountText } from '../../core/money.ts';

/**
 * 部分退款 from the order's detail: a quantity per line (0 by default, at most what has not come back), the money back
 * quoted live by the server's own rule (order/refundLines with preview: each line's share after promotions and the
 * coupon, the payment methods it goes back to, the points taken back), then the refund, once: the dialog keeps one
 * uuid, so a retried confirm answers the same refund.
 */

const O = '/wxy-order-server';

interface Quote {
  refundAmount: number;
  points: number;
  lines: { detId: number; quantity: number; amount: number }[];
  payList: { payType: number; payTypeName: string; amount: number }[];
}

export function LineRefundDialog({ order, onClose, onRefunded }: { order: OrderDetail; onClose: () => void; onRefunded: () => Promise<void> | void }) {
  const t = useOrdersT();
  const [uuid] = useState(() => crypto.randomUUID());
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lines = order.detList.map((l) => ({ ...l, left: Math.max(0, Number(l.quantity) - (Number(l.returnedQuantity) || 0)) }));
  const chosen = lines.filter((l) => (qty[l.detId] ?? 0) > 0).map((l) => ({ detId: l.detId, quantity: qty[l.detId] }));
  const [asked] = useDebouncedValue(chosen, 250);
  const quote = useQuery({
    queryKey: ['lineRefundQuote', order.orderNo, asked],
    queryFn: () => call<Quote>({ method: 'POST', silent: true, url: `${O}/order/refundLines`, data: { uuid, orderNo: order.orderNo, lines: asked, preview: true } }),
    enabled: asked.length > 0,
    retry: false,
  });
  const current = asked.length > 0 && JSON.stringify(asked) === JSON.stringify(chosen) ? quote.data : undefined;
  const byLine = new Map(current?.lines.map((l) => [l.detId, l.amount]) ?? []);

  const confirm = async () => {
    if (!chosen.length) return setError(t('chooseQty'));
    setBusy(true);
    setError(null);
    try {
      const r = await call<{ refundAmount: number }>({ method: 'POST', silent: true, url: `${O}/order/refundLines`, data: { uuid, orderNo: order.orderNo, lines: chosen, reason: reason.trim() || null } });
      notifySuccess({ text: t('lineRefunded', { amount: amountText(r.refundAmount) }) });
      await onRefunded();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="lg" centered title={t('lineRefundTitle', { orderNo: order.orderNo })}>
      <Stack data-testid="line-refund">
        <Text size="sm" c="dimmed">{t('lineRefundIntro')}</Text>
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr><Table.Th>{t('sku')}</Table.Th><Table.Th ta="right">{t('quantity')}</Table.Th><Table.Th ta="right">{t('canRefund')}</Table.Th><Table.Th w={130}>{t('refundQty')}</Table.Th><Table.Th ta="right">{t('amount')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.detId}>
                <Table.Td>{l.skuName}{l.spec ? ` ${l.spec}` : ''}</Table.Td>
                <Table.Td ta="right">{l.quantity}</Table.Td>
                <Table.Td ta="right">{l.left}</Table.Td>
                <Table.Td>
                  <NumberInput size="xs" min={0} max={l.left} step={1} allowDecimal={false} clampBehavior="strict" disabled={l.left <= 0 || busy}
                    value={qty[l.detId] ?? 0} onChange={(v) => setQty((q) => ({ ...q, [l.detId]: Math.min(l.left, Math.max(0, Number(v) || 0)) }))}
                    aria-label={`${t('refundQty')} ${l.skuName}`} data-testid={`line-refund-qty-${l.detId}`} />
                </Table.Td>
                <Table.Td ta="right" data-testid={`line-refund-amount-${l.detId}`}>{byLine.has(l.detId) ? amountText(byLine.get(l.detId)) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TextInput label={t('refundReason')} maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="line-refund-reason" />
        {chosen.length > 0 && (
          <Group gap="md" data-testid="line-refund-quote">
            {current ? (
              <>
                <Text fw={600}>{t('refundBack', { amount: amountText(current.refundAmount) })}</Text>
                {current.payList.map((p) => <Text key={p.payType} size="sm">{t('refundBy', { payType: p.payTypeName, amount: amountText(p.amount) })}</Text>)}
                {current.points > 0 && <Text size="sm">{t('pointsBack', { points: current.points })}</Text>}
              </>
            ) : quote.isError ? null : <Group gap={4}><Loader size="xs" /><Text size="sm">{t('quoting')}</Text></Group>}
          </Group>
        )}
        {(error || (quote.isError && chosen.length > 0)) && <Alert color="red" data-testid="line-refund-error">{error ?? (quote.error as Error).message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
          <Button color="red" loading={busy} disabled={!current} onClick={() => void confirm()} data-testid="line-refund-confirm">
            {current ? t('confirmLineRefund', { amount: amountText(current.refundAmount) }) : t('lineRefund')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
