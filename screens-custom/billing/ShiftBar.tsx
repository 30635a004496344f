import { Alert, Badge, Button, Group, Modal, NumberInput, Stack, Table, Text, Textarea } from '@mantine/core';
import { messageOf } from './messageOf';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../src/api/http';
import { useBillingT } from './labels';
import { amountText } from '../../core/money.ts';
import { printShiftSlip } from './receipt';
import { orKept } from '../../src/offline/keptAnswers';
import { appState } from '../../src/store/appStore';

const S = '/wxy-shop-server/shop-class-record';

interface PayFigure {
  payType: number;
  payName: string;
  saleAmount: number;
  refundAmount: number;
  netAmount: number;
}

export interface Shift {
  classId: number;
  startTime: string;
  openingCash: number;
  orderCount: number;
  saleAmount: number;
  refundCount: number;
  refundAmount: number;
  expectedCash: number;
  countedCash: number | null;
  differenceAmount: number | null;
  payList: PayFigure[];
}

/**
 * The cashier's shift at this register (收银班次): nothing can be sold before the shift is opened with the change
 * float in the drawer; 交班 shows the shift's money per payment method from the server and the cash the drawer
 * should hold, takes the counted cash, and tells the cashier at once whether the drawer is over or short.
 */
/** `unsent`: this mode's sales still in the offline queue; a hand-over waits for them (they belong to this shift). */
/** `onHandOver`: the 交班 dialog opened or closed (the register's safe moment for an update waits for it to close). */
export function ShiftBar({ userId, shopId, practice, unsent, onShift, onHandOver }: { userId: number; shopId: number; practice: boolean; unsent: number; onShift: (open: boolean) => void; onHandOver?: (open: boolean) => void }) {
  const t = useBillingT();
  const [opening, setOpening] = useState<string | number>(0);
  const [handing, setHanding] = useState(false);
  const [counted, setCounted] = useState<string | number>('');
  const [remark, setRemark] = useState('');
  const [handed, setHanded] = useState<Shift | null>(null);
  const shift = useQuery({
    queryKey: ['register', 'shift', userId, shopId, practice],
    // Kept in this browser: a cold start without network opens on the shift as last known (its figures then lag
    // behind the sales made offline, which the hand-over waits for).
    queryFn: () => orKept(`shift:${appState.tenantId}:${userId}:${shopId}:${practice}`,
      () => call<Shift | null>({ method: 'GET', url: `${S}/getByUserId/${userId}/${practice}`, params: { shopId }, silent: true })),
    refetchOnWindowFocus: false,
    networkMode: 'always',
  });
  const open = useMutation({
    mutationFn: () => call<Shift>({ method: 'POST', url: `${S}/save`, data: { shopId, isPractice: practice, openingCash: Number(opening) || 0 }, silent: true }),
    onSuccess: () => void shift.refetch(),
  });
  const close = useMutation({
    mutationFn: (classId: number) => call<Shift>({ method: 'PUT', url: `${S}/update/${classId}`, data: { countedCash: Number(counted), remark: remark.trim() || null }, silent: true }),
    onSuccess: (s) => {
      setHanded(s);
      // The 交班单 goes to the till's receipt printer at once where one is chosen (no dialog); else 打印交班单 below.
      void printShiftSlip(s.classId, { pdfFallback: false });
      setHanding(false);
      setCounted('');
      setRemark('');
      void shift.refetch();
    },
  });
  const current = shift.data;
  useEffect(() => onShift(Boolean(current)), [current, onShift]);
  const inDialog = handing && Boolean(current);
  useEffect(() => onHandOver?.(inDialog), [inDialog, onHandOver]);
  const startHandOver = async () => {
    close.reset();
    // The figures as they are now (offline the last ones: the dialog then says what waits to be sent).
    if (navigator.onLine) await shift.refetch();
    setHanding(true);
  };

  return (
    <>
      {current && (
        <Group gap="xs" data-testid="register-shift">
          <Badge variant="light" color="teal">{t('onShiftSince', { time: current.startTime.slice(11, 16) })}</Badge>
          <Text size="sm" c="dimmed">{t('shiftFigures', { count: current.orderCount, amount: amountText(current.saleAmount) })}</Text>
          <Button size="xs" variant="default" onClick={() => void startHandOver()} data-testid="register-handover">{t('handOver')}</Button>
        </Group>
      )}

      <Modal opened={!shift.isPending && !current && !handed} onClose={() => undefined} withCloseButton={false} centered title={practice ? t('practiceOpenShift') : t('openShift')} data-testid="register-open-shift">
        <Stack>
          <Text size="sm">{t('countFloat')}</Text>
          {shift.isError && <Alert color="red">{t('shiftFailed', { message: messageOf(shift.error) })}</Alert>}
          <NumberInput label={t('openingCash')} min={0} decimalScale={2} value={opening} onChange={setOpening} data-autofocus data-testid="register-opening-cash"
            onKeyDown={(e) => e.key === 'Enter' && !open.isPending && open.mutate()} />
          {open.isError && <Alert color="red" data-testid="register-shift-error">{messageOf(open.error)}</Alert>}
          <Button loading={open.isPending} onClick={() => open.mutate()} data-testid="register-open-shift-ok">{t('openShift')}</Button>
        </Stack>
      </Modal>

      <Modal opened={handing && Boolean(current)} onClose={() => setHanding(false)} centered size="lg" title={t('handOver')} data-testid="register-handover-dialog">
        {current && (
          <Stack>
            <Text size="sm">{t('shiftSummary', { start: current.startTime, orders: current.orderCount, sales: amountText(current.saleAmount), refunds: current.refundCount, refunded: amountText(current.refundAmount) })}</Text>
            <Table withTableBorder data-testid="register-handover-pays">
              <Table.Thead><Table.Tr><Table.Th>{t('payType')}</Table.Th><Table.Th ta="right">{t('received')}</Table.Th><Table.Th ta="right">{t('refund')}</Table.Th><Table.Th ta="right">{t('net')}</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {current.payList.map((p) => (
                  <Table.Tr key={p.payType}><Table.Td>{p.payName}</Table.Td><Table.Td ta="right">{amountText(p.saleAmount)}</Table.Td><Table.Td ta="right">{amountText(p.refundAmount)}</Table.Td><Table.Td ta="right">{amountText(p.netAmount)}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text data-testid="register-expected-cash">{t('expectedCash', { expected: amountText(current.expectedCash), opening: amountText(current.openingCash) })}</Text>
            <NumberInput label={t('countedCash')} min={0} decimalScale={2} value={counted} onChange={setCounted} data-autofocus data-testid="register-counted-cash" />
            <Textarea label={t('remark')} maxLength={200} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} placeholder={t('differenceReason')} />
            {close.isError && <Alert color="red">{messageOf(close.error)}</Alert>}
            {unsent > 0 && <Alert color="orange" data-testid="register-handover-unsent">{t('unsentBeforeHandOver', { count: unsent })}</Alert>}
            <Button loading={close.isPending} disabled={counted === '' || unsent > 0} onClick={() => close.mutate(current.classId)} data-testid="register-handover-ok">{t('confirmHandOver')}</Button>
          </Stack>
        )}
      </Modal>

      <Modal opened={Boolean(handed)} onClose={() => setHanded(null)} centered title={t('handedOver')} data-testid="register-handed">
        {handed && (
          <Stack>
            <Text>{t('handedCash', { expected: amountText(handed.expectedCash), counted: amountText(handed.countedCash ?? 0) })}</Text>
            <Text fw={600} c={handed.differenceAmount ? 'red' : 'teal'} data-testid="register-handed-difference">
              {handed.differenceAmount ? t(handed.differenceAmount < 0 ? 'short' : 'over', { amount: amountText(Math.abs(handed.differenceAmount)) }) : t('cashMatches')}
            </Text>
            <Group grow>
              <Button variant="default" onClick={() => void printShiftSlip(handed.classId, { pdfFallback: true })} data-testid="register-handed-print">{t('printShiftSlip')}</Button>
              <Button onClick={() => setHanded(null)} data-testid="register-handed-ok">{t('gotIt')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
