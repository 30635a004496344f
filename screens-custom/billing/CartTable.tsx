import { ActionIcon, Badge, NumberInput, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { memo, useCallback, type Dispatch } from 'react';
import { lineFen, type CartLine } from './cart';
import { useBillingT } from './labels';
import type { CartQuote } from './offlineQuote';
import type { RegisterAction } from './registerStore';
import { yuanText, amountText } from '../../core/money.ts';

/**
 * The register's cart: its lines (the chosen one marked; quantity, 单品折扣 and removal in the row) with the promotion
 * each takes, then the 买赠 gift lines, as the server (or the offline quote) priced them.
 */
export function CartTable(props: { cart: CartLine[]; current: CartLine | undefined; priced: CartQuote | null; dispatch: Dispatch<RegisterAction> }) {
  const t = useBillingT();
  const { cart, current, priced, dispatch } = props;
  const promoOf = new Map((priced?.lines ?? []).filter((l) => !l.isGift).map((l) => [l.skuId, l]));
  const gifts = (priced?.lines ?? []).filter((l) => l.isGift);
  const changeQuantity = useCallback((skuId: number, quantity: number) => dispatch({ type: 'quantity', skuId, quantity }), [dispatch]);
  const changeDiscount = useCallback((skuId: number, rate: number | null) => dispatch({ type: 'discount', skuId, rate }), [dispatch]);
  const dropLine = useCallback((skuId: number) => dispatch({ type: 'remove', skuId }), [dispatch]);
  // Fixed column widths: the header stands where it will stay, empty cart or full (the SKU name takes the rest).
  return (
    <Table striped withTableBorder layout="fixed" data-testid="register-cart">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sku')}</Table.Th>
          <Table.Th w={150}>{t('barcode')}</Table.Th>
          <Table.Th w={90} ta="right">{t('unitPrice')}</Table.Th>
          <Table.Th w={140}>{t('quantity')}</Table.Th>
          <Table.Th w={100} ta="right">{t('amount')}</Table.Th>
          <Table.Th w={90}>{t('discount')}</Table.Th>
          <Table.Th w={150}>{t('promotion')}</Table.Th>
          <Table.Th w={70} ta="right">{t('stock')}</Table.Th>
          <Table.Th w={50} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cart.map((l) => (
          <CartRow key={l.skuId} line={l} promo={promoOf.get(l.skuId)} selected={l === current} onQuantity={changeQuantity} onDiscount={changeDiscount} onRemove={dropLine} />
        ))}
        {gifts.map((g) => (
          <Table.Tr key={`gift-${g.skuId}`} data-testid={`register-gift-${g.skuId}`}>
            <Table.Td>{g.skuName} <Badge size="xs" color="red">{t('gift')}</Badge></Table.Td>
            <Table.Td />
            <Table.Td ta="right">0.00</Table.Td>
            <Table.Td>{g.quantity}</Table.Td>
            <Table.Td ta="right">0.00</Table.Td>
            <Table.Td />
            <Table.Td><Text size="sm" c="red">{g.promotionName}</Text></Table.Td>
            <Table.Td />
            <Table.Td />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type QuoteLine = CartQuote['lines'][number];

/**
 * One cart line. Memoized: a scan renders the line it changes and the total, not every row (the callbacks are
 * stable and an unchanged line keeps its object).
 */
const CartRow = memo(function CartRow(props: { line: CartLine; promo: QuoteLine | undefined; selected: boolean; onQuantity: (skuId: number, q: number) => void; onDiscount: (skuId: number, rate: number | null) => void; onRemove: (skuId: number) => void }) {
  const t = useBillingT();
  const { line: l, promo } = props;
  return (
    <Table.Tr data-testid={`register-line-${l.skuId}`} data-selected={props.selected || undefined} bg={props.selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>{l.skuName}</Table.Td>
      <Table.Td>{l.barcode}</Table.Td>
      <Table.Td ta="right">{amountText(l.retailPrice)}</Table.Td>
      <Table.Td>
        <NumberInput size="xs" min={1} max={9999} allowDecimal={false} value={l.quantity} onChange={(v) => props.onQuantity(l.skuId, Number(v))} aria-label={t('quantity')} data-testid={`register-qty-${l.skuId}`} />
      </Table.Td>
      <Table.Td ta="right">{yuanText(lineFen(l))}</Table.Td>
      <Table.Td>
        <NumberInput size="xs" min={0.1} max={9.9} step={0.5} decimalScale={1} placeholder={t('noDiscount')} suffix={t('discountSuffix')} value={l.discountRate ?? ''} aria-label={t('lineDiscount')}
          data-testid={`register-discount-${l.skuId}`} onChange={(v) => props.onDiscount(l.skuId, v === '' || !(Number(v) > 0 && Number(v) < 10) ? null : Number(v))} />
      </Table.Td>
      <Table.Td data-testid={`register-line-promo-${l.skuId}`}>
        {promo?.promotionName && (
          <Text size="sm" c="red">{promo.promotionName}{promo.promotionAmount > 0 ? ` -${amountText(promo.promotionAmount)}` : ''}</Text>
        )}
      </Table.Td>
      <Table.Td ta="right" c={l.available < l.quantity ? 'red' : undefined}>{l.available}</Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => props.onRemove(l.skuId)}><IconTrash size={16} /></ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
