import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../src/api/http';
import { messageOf } from './messageOf';
import type { SettledOrder } from './receipt';
import { payName, useBillingT } from './labels';
import { amountText } from '../../core/money.ts';

const O = '/wxy-order-server';
interface SoldLine { detId: number; skuId: number; skuName: string; quantity: number; amount: number }
type Order = Omit<SettledOrder, 'detList'> & { status: number; detList: SoldLine[] };
interface Give { skuId: number; skuName: string; retailPrice: number; quantity: number }
interface Priced { returnAmount: number; giveAmount: number; diffAmount: number }
interface Done extends Priced { exchangeNo: string; changeAmount: number }

/** How a difference is paid or given back: cash, card, WeChat Pay, Alipay. */
const PAY_TYPES = [1, 2, 3, 4];
/** The reason the exchange is recorded with; the server's record, not a label. */
const EXCHANGE_REASON = '收银台换货'; // i18n-ignore: stored data

/**
 * 换货 at the register: find the order by its number, say how many of each line come back, scan the replacements,
 * let the server price it (试算: returns at their share of what was paid, replacements at retail), then take or pay
 * back the difference — once per exchange (its uuid is kept until the dialog starts a new one).
 */
export function ExchangeDialog({ opened, onClose, shopId, initialOrderNo, onDone }: { opened: boolean; onClose: () => void; shopId: number | null; initialOrderNo?: string; onDone: () => void }) {
  const t = useBillingT();
  const [orderNo, setOrderNo] = useState('');
  const [back, setBack] = useState<Record<number, number>>({});
  const [give, setGive] = useState<Give[]>([]);
  const [code, setCode] = useState('');
  const [payType, setPayType] = useState('1');
  const [uuid, setUuid] = useState(() => crypto.randomUUID());
  const [scanError, setScanError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setOrderNo(initialOrderNo ?? '');
    setBack({});
    setGive([]);
    setUuid(crypto.randomUUID());
  }, [opened, initialOrderNo]);

  const find = useMutation({ mutationFn: (no: string) => call<Order>({ method: 'GET', url: `${O}/sale/order/print/${encodeURIComponent(no)}`, silent: true }) });
  const body = () => ({
    uuid,
    orderNo: find.data!.orderNo,
    returnLines: Object.entries(back).filter(([, q]) => q > 0).map(([detId, quantity]) => ({ detId: Number(detId), quantity })),
    giveLines: give.map((g) => ({ skuId: g.skuId, quantity: g.quantity })),
  });
  const quote = useMutation({ mutationFn: () => call<Priced>({ method: 'POST', url: `${O}/order/exchange`, silent: true, data: { ...body(), preview: true } }) });
  const submit = useMutation({
    mutationFn: (diff: number) =>
      call<Done>({
        method: 'POST', url: `${O}/order/exchange`, silent: true, timeout: 180_000,
        data: { ...body(), reason: EXCHANGE_REASON, ...(diff > 0 ? { payments: [{ payType: Number(payType), amount: diff }] } : diff < 0 ? { refundPayType: Number(payType) } : {}) },
      }),
    onSuccess: onDone,
  });
  const scan = async () => {
    const c = code.trim();
    if (!c || !shopId) return;
    setScanError(null);
    try {
      const sku = await call<{ skuId: number; skuName: string; retailPrice: number }>({ method: 'POST', url: `${O}/order/scanCode`, silent: true, data: { code: c, shopId } });
      setGive((g) => (g.some((x) => x.skuId === sku.skuId) ? g.map((x) => (x.skuId === sku.skuId ? { ...x, quantity: x.quantity + 1 } : x)) : [...g, { ...sku, quantity: 1 }]));
      quote.reset();
    } catch (e) {
      setScanError(messageOf(e));
    }
    setCode('');
  };
  const close = () => {
    find.reset();
    quote.reset();
    submit.reset();
    onClose();
  };
  const order = find.data;
  const ready = Object.values(back).some((q) => q > 0) && give.length > 0;
  const priced = quote.data;
  return (
    <Modal opened={opened} onClose={close} title={t('exchangeTitle')} centered size="xl">
      <Stack>
        <Group align="flex-end">
          <TextInput label={t('originalOrderNo')} placeholder={t('orderNoHint')} value={orderNo} style={{ flex: 1 }} data-autofocus data-testid="exchange-order-no"
            onChange={(e) => setOrderNo(e.currentTarget.value.trim())} onKeyDown={(e) => e.key === 'Enter' && orderNo && find.mutate(orderNo)} />
          <Button variant="default" onClick={() => orderNo && find.mutate(orderNo)} loading={find.isPending} data-testid="exchange-find">{t('find')}</Button>
        </Group>
        {find.isError && <Alert color="red">{messageOf(find.error)}</Alert>}
        {order && !submit.data && (
          <>
            <Text fw={600}>{t('returnGoods')}</Text>
            <Table withTableBorder>
              <Table.Tbody>
                {order.detList.map((l, i) => (
                  <Table.Tr key={l.detId}>
                    <Table.Td>{l.skuName}</Table.Td>
                    <Table.Td ta="right">{t('sold', { count: l.quantity })}</Table.Td>
                    <Table.Td ta="right">{amountText(l.amount)}</Table.Td>
                    <Table.Td w={120}>
                      <NumberInput size="xs" min={0} max={l.quantity} allowDecimal={false} value={back[l.detId] ?? 0} data-testid={`exchange-return-${i + 1}`}
                        onChange={(v) => { setBack((b) => ({ ...b, [l.detId]: Number(v) || 0 })); quote.reset(); }} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text fw={600}>{t('giveGoods')}</Text>
            <TextInput placeholder={t('giveScan')} value={code} onChange={(e) => setCode(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && void scan()} data-testid="exchange-scan" />
            {scanError && <Alert color="red">{scanError}</Alert>}
            {give.length > 0 && (
              <Table withTableBorder data-testid="exchange-give">
                <Table.Tbody>
                  {give.map((g) => (
                    <Table.Tr key={g.skuId}>
                      <Table.Td>{g.skuName}</Table.Td>
                      <Table.Td ta="right">¥{amountText(g.retailPrice)}</Table.Td>
                      <Table.Td w={120}>
                        <NumberInput size="xs" min={1} max={9999} allowDecimal={false} value={g.quantity}
                          onChange={(v) => { setGive((all) => all.map((x) => (x.skuId === g.skuId ? { ...x, quantity: Math.max(1, Number(v) || 1) } : x))); quote.reset(); }} />
                      </Table.Td>
                      <Table.Td w={60}><Button size="xs" variant="subtle" color="red" onClick={() => { setGive((all) => all.filter((x) => x.skuId !== g.skuId)); quote.reset(); }}>{t('delete')}</Button></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group>
              <Button variant="default" disabled={!ready} loading={quote.isPending} onClick={() => quote.mutate()} data-testid="exchange-quote">{t('quoteDiff')}</Button>
              {priced && (
                <Text data-testid="exchange-diff">
                  {t('exchangeFigures', { returned: amountText(priced.returnAmount), given: amountText(priced.giveAmount) })}{' '}
                  {priced.diffAmount > 0 ? t('collectDiff', { amount: amountText(priced.diffAmount) }) : priced.diffAmount < 0 ? t('returnDiff', { amount: amountText(-priced.diffAmount) }) : t('noDiff')}
                </Text>
              )}
            </Group>
            {quote.isError && <Alert color="red">{messageOf(quote.error)}</Alert>}
            {priced && (
              <Group>
                {priced.diffAmount !== 0 && <SegmentedControl data={PAY_TYPES.map((p) => ({ value: String(p), label: payName(p) }))} value={payType} onChange={setPayType} data-testid="exchange-pay-type" />}
                <Button color="teal" loading={submit.isPending} onClick={() => submit.mutate(priced.diffAmount)} data-testid="exchange-confirm">{t('confirmExchange')}</Button>
              </Group>
            )}
            {submit.isError && <Alert color="red">{messageOf(submit.error)}</Alert>}
          </>
        )}
        {submit.data && (
          <Alert color="green" data-testid="exchange-done">
            {t('exchangeDone', { no: submit.data.exchangeNo })}
            {submit.data.diffAmount > 0 ? t('exchangeCollected', { amount: amountText(submit.data.diffAmount) }) : submit.data.diffAmount < 0 ? t('exchangeGiveBack', { amount: amountText(-submit.data.diffAmount) }) : ''}{t('fullStop')}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
