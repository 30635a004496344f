import { Alert, Button, Checkbox, Group, Loader, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { ApiError, call } from '../../src/api/http';
import { useOrdersT } from './labels';
import { amountText } from '../../core/money.ts';

/**
 * 部分退款's form, shared by the order's detail (LineRefundDialog) and the register (收银台 退款): a quantity per line
 * (0 by default, at most what has not come back), the money back quoted live by the server's own rule
 * (order/refundLines with preview: each line's share after promotions and the coupon, the payment methods it goes back
 * to, the points taken back), then the refund, once: the form keeps one uuid while it is shown, so a double click or a
 * confirm retried after a dropped network answers the same refund. Keyboard: Enter confirms the quoted refund.
 */

const O = '/wxy-order-server';

/** What the form needs of the order: its number and lines with what has come back of each. */
export interface RefundableOrder {
  orderNo: string;
  detList: { detId: number; skuName: string; spec?: string | null; quantity: number; returnedQuantity?: number }[];
}

interface Quote {
  refundAmount: number;
  points: number;
  lines: { detId: number; quantity: number; amount: number }[];
  payList: { payType: number; payTypeName: string; amount: number }[];
}

/** The refund as order/refundLines answers it: the money went back per method (amounts negative, as paid out). */
export interface LineRefundResult {
  refundNo: string;
  refundAmount: number;
  refundQuantity: number;
  lines: { detId: number; orderDetId: number; skuName: string; quantity: number; amount: number; damaged?: boolean }[];
  payList: { payType: number; amount: number }[];
  orderStatus: number;
  /** The 报损单 that wrote off the lines marked damaged, if any. */
  writeOffNo?: string | null;
}

export function LineRefundForm({ order, onCancel, onRefunded, blocked, uuid: given, onUuidUsed }: {
  order: RefundableOrder;
  /** The refund's uuid when the caller keeps it beyond this form (the register: one per order until answered); else one per form. */
  uuid?: string;
  /** The server refused the refund with a 409 (its uuid answered other lines, or what is left changed): nothing was refunded under this request, the caller's uuid may be renewed. */
  onUuidUsed?: () => void;
  onCancel: () => void;
  onRefunded: (r: LineRefundResult) => Promise<void> | void;
  /** Why the refund cannot be made now (the register offline): the confirm is disabled and this says why. */
  blocked?: string | null;
}) {
  const t = useOrdersT();
  const [own] = useState(() => crypto.randomUUID());
  const uuid = given ?? own;
  // Quotes go under their own uuid: a refund already made under `uuid` (its answer lost) would otherwise answer them.
  const [quoteUuid] = useState(() => crypto.randomUUID());
  const [qty, setQty] = useState<Record<number, number>>({});
  // Lines whose goods came back broken (报损): paid back, written off instead of going back on the shelf.
  const [damaged, setDamaged] = useState<Record<number, boolean>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lines = order.detList.map((l) => ({ ...l, left: Math.max(0, Number(l.quantity) - (Number(l.returnedQuantity) || 0)) }));
  const firstOpen = lines.find((l) => l.left > 0)?.detId;
  const chosen = lines.filter((l) => (qty[l.detId] ?? 0) > 0).map((l) => ({ detId: l.detId, quantity: qty[l.detId], ...(damaged[l.detId] ? { damaged: true } : {}) }));
  // Debounced by its text: a new array each render would restart the wait on every render of the page around it.
  const chosenKey = JSON.stringify(chosen);
  const [askedKey] = useDebouncedValue(chosenKey, 250);
  const asked = useMemo(() => JSON.parse(askedKey) as typeof chosen, [askedKey]);
  const quote = useQuery({
    queryKey: ['lineRefundQuote', order.orderNo, asked],
    queryFn: () => call<Quote>({ method: 'POST', silent: true, url: `${O}/order/refundLines`, data: { uuid: quoteUuid, orderNo: order.orderNo, lines: asked, preview: true } }),
    enabled: asked.length > 0 && !blocked,
    retry: false,
  });
  const current = asked.length > 0 && askedKey === chosenKey ? quote.data : undefined;
  const byLine = new Map(current?.lines.map((l) => [l.detId, l.amount]) ?? []);
  const canConfirm = Boolean(current) && !busy && !blocked;

  const confirm = async () => {
    if (!chosen.length) return setError(t('chooseQty'));
    if (busy || blocked) return;
    setBusy(true);
    setError(null);
    try {
      const r = await call<LineRefundResult>({ method: 'POST', silent: true, url: `${O}/order/refundLines`, data: { uuid, orderNo: order.orderNo, lines: chosen, reason: reason.trim() || null } });
      await onRefunded(r);
    } catch (e) {
      if (e instanceof ApiError && e.httpStatus === 409) onUuidUsed?.();
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  // Enter anywhere in the form confirms the quoted refund (the quantities' inputs included); Esc closes the dialog.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (canConfirm) void confirm();
  };

  return (
    <Stack data-testid="line-refund" onKeyDown={onKeyDown}>
      <Text size="sm" c="dimmed">{t('lineRefundIntro')}</Text>
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr><Table.Th>{t('sku')}</Table.Th><Table.Th ta="right">{t('quantity')}</Table.Th><Table.Th ta="right">{t('canRefund')}</Table.Th><Table.Th w={130}>{t('refundQty')}</Table.Th><Table.Th title={t('damagedHelp')}>{t('damaged')}</Table.Th><Table.Th ta="right">{t('amount')}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.detId}>
              <Table.Td>{l.skuName}{l.spec ? ` ${l.spec}` : ''}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right" data-testid={`line-refund-left-${l.detId}`}>{l.left}</Table.Td>
              <Table.Td>
                <NumberInput size="xs" min={0} max={l.left} step={1} allowDecimal={false} clampBehavior="strict" disabled={l.left <= 0 || busy}
                  value={qty[l.detId] ?? 0} onChange={(v) => setQty((q) => ({ ...q, [l.detId]: Math.min(l.left, Math.max(0, Number(v) || 0)) }))}
                  autoFocus={l.detId === firstOpen} data-autofocus={l.detId === firstOpen || undefined}
                  aria-label={`${t('refundQty')} ${l.skuName}`} data-testid={`line-refund-qty-${l.detId}`} />
              </Table.Td>
              <Table.Td>
                <Checkbox size="xs" checked={Boolean(damaged[l.detId])} disabled={!(qty[l.detId] > 0) || busy} title={t('damagedHelp')}
                  onChange={(e) => { const on = e.currentTarget.checked; setDamaged((d) => ({ ...d, [l.detId]: on })); }}
                  aria-label={`${t('damaged')} ${l.skuName}`} data-testid={`line-refund-damaged-${l.detId}`} />
              </Table.Td>
              <Table.Td ta="right" data-testid={`line-refund-amount-${l.detId}`}>{byLine.has(l.detId) ? amountText(byLine.get(l.detId)) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TextInput label={t('refundReason')} maxLength={200} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="line-refund-reason" />
      {blocked && <Alert color="orange" data-testid="line-refund-blocked">{blocked}</Alert>}
      {chosen.length > 0 && !blocked && (
        <Group gap="md" data-testid="line-refund-quote">
          {current ? (
            <>
              <Text fw={600} data-testid="line-refund-total">{t('refundBack', { amount: amountText(current.refundAmount) })}</Text>
              {current.payList.map((p) => <Text key={p.payType} size="sm" data-testid={`line-refund-by-${p.payType}`}>{t('refundBy', { payType: p.payTypeName, amount: amountText(p.amount) })}</Text>)}
              {current.points > 0 && <Text size="sm">{t('pointsBack', { points: current.points })}</Text>}
            </>
          ) : quote.isError ? null : <Group gap={4}><Loader size="xs" /><Text size="sm">{t('quoting')}</Text></Group>}
        </Group>
      )}
      {(error || (quote.isError && chosen.length > 0)) && <Alert color="red" data-testid="line-refund-error">{error ?? (quote.error as Error).message}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-testid="line-refund-cancel">{t('cancel')}</Button>
        <Button color="red" loading={busy} disabled={!current || Boolean(blocked)} onClick={() => void confirm()} data-testid="line-refund-confirm">
          {current ? t('confirmLineRefund', { amount: amountText(current.refundAmount) }) : t('lineRefund')}
        </Button>
      </Group>
    </Stack>
  );
}
