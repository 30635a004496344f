import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { messageOf } from './messageOf';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../src/api/http';
import { parkedLinesOf, takenCart, type CartLine, type ParkedLine } from './cart';
import type { RegisterMember } from './MemberBox';
import { useBillingT } from './labels';
import { amountText } from '../../core/money.ts';

const O = '/wxy-order-server';

interface ParkedSale {
  id: number;
  totalQuantity: number;
  totalAmount: number;
  memberName: string | null;
  memberPhone: string | null;
  cashierName: string | null;
  createTime: string;
  /** Some line carries a 单品折扣 (金额 is at retail prices). */
  discounted: boolean;
}

interface TakenSale {
  member: RegisterMember | null;
  detList: ParkedLine[];
}

/**
 * 挂单 (F4) parks the cart (each line's 单品折扣 too) and its member on the server and clears the register for the
 * next customer; 取单 (F6) lists the shop's parked sales and takes one back (today's prices and stock, the discounts
 * as parked; a disabled SKU stays out).
 */
export function ParkedSales(props: {
  shopId: number; practice: boolean; cart: CartLine[]; member: RegisterMember | null; disabled: boolean;
  onParked: () => void; onTaken: (cart: CartLine[], member: RegisterMember | null, dropped: string[]) => void;
  open: boolean; onOpen: (open: boolean) => void;
}) {
  const t = useBillingT();
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['register', 'parked', props.shopId, props.practice],
    queryFn: () => call<ParkedSale[]>({ method: 'GET', url: `${O}/order/temp/list`, params: { shopId: props.shopId, isPractice: props.practice }, silent: true }),
  });
  const park = useMutation({
    mutationFn: () => call<{ id: number }>({
      method: 'POST', url: `${O}/order/temp/save`, silent: true,
      data: { shopId: props.shopId, isPractice: props.practice, memberId: props.member?.memberId ?? null, lines: parkedLinesOf(props.cart) },
    }),
    onSuccess: () => { setError(null); props.onParked(); void list.refetch(); },
    onError: (e) => setError(messageOf(e)),
  });
  const take = useMutation({
    mutationFn: (id: number) => call<TakenSale>({ method: 'GET', url: `${O}/order/takeOrderDet/${id}`, silent: true }),
    onSuccess: (t) => {
      const { cart, dropped } = takenCart(t.detList);
      props.onTaken(cart, t.member, dropped);
      props.onOpen(false);
      void list.refetch();
    },
    onError: (e) => { setError(messageOf(e)); void list.refetch(); },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call<null>({ method: 'DELETE', url: `${O}/order/deleteById/${id}`, silent: true }),
    onSettled: () => void list.refetch(),
  });
  const count = list.data?.length ?? 0;

  return (
    <>
      <Button variant="default" disabled={!props.cart.length || props.disabled} loading={park.isPending} onClick={() => park.mutate()} data-testid="register-park">{t('park')}</Button>
      <Button variant="default" disabled={props.disabled} onClick={() => { setError(null); void list.refetch(); props.onOpen(true); }} data-testid="register-parked"
        rightSection={count ? <Badge size="sm" circle>{count}</Badge> : undefined}>{t('take')}</Button>
      {error && !props.open && <Text c="red" size="sm" data-testid="register-park-error">{error}</Text>}
      <Modal opened={props.open} onClose={() => props.onOpen(false)} title={t('takeTitle')} size="lg" centered>
        {error && <Text c="red" size="sm" mb="sm">{error}</Text>}
        {props.cart.length > 0 && <Text c="orange" size="sm" mb="sm">{t('cartNotEmpty')}</Text>}
        {count === 0 ? <Text c="dimmed" ta="center" py="md">{t('noParked')}</Text> : (
          <Table striped data-testid="register-parked-list">
            <Table.Thead><Table.Tr><Table.Th>{t('parkedAt')}</Table.Th><Table.Th>{t('items')}</Table.Th><Table.Th ta="right">{t('amount')}</Table.Th><Table.Th>{t('member')}</Table.Th><Table.Th>{t('cashier')}</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {list.data!.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.createTime.slice(11)}</Table.Td>
                  <Table.Td>{p.totalQuantity}{p.discounted && <Badge ml={6} size="xs" color="orange" variant="light" data-testid="register-parked-discounted">{t('parkedDiscounted')}</Badge>}</Table.Td>
                  <Table.Td ta="right">¥{amountText(p.totalAmount)}</Table.Td>
                  <Table.Td>{p.memberName ?? p.memberPhone ?? '—'}</Table.Td>
                  <Table.Td>{p.cashierName}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" disabled={props.cart.length > 0} loading={take.isPending && take.variables === p.id} onClick={() => take.mutate(p.id)} data-testid="register-take">{t('takeBack')}</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(p.id)}>{t('delete')}</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Modal>
    </>
  );
}
