import { Alert, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { SettledOrder } from '../billing/receipt';
import { ordersT, useOrdersT } from './labels';
import { SALE_STATUS } from './saleStatus.ts';
import { amountText } from '../../core/money.ts';

/**
 * An order as its detail shows it, shared by 订单详情 (the order list's dialog) and 支付明细 (/financeManage/paymentDetail,
 * which notices 10 and 17 open): who sold it and when, its refund or invalidation, its lines and how the total came about;
 * and the log of corrections made to its payments.
 */

const STATUS: Record<number, { label: () => string; color: string }> = {
  1: { label: () => ordersT('statusDone'), color: 'green' }, 2: { label: () => ordersT('statusRefunded'), color: 'orange' }, 3: { label: () => ordersT('statusInvalid'), color: 'gray' },
  4: { label: () => ordersT('statusPartRefunded'), color: 'yellow' },
};

export interface OrderLine { detId: number; skuCode: string; skuName: string; barcode: string | null; spec: string | null; unit: string | null; quantity: number; unitPrice: number; amount: number; promotionName: string | null; promotionAmount: number | null; isGift: boolean; returnedQuantity?: number }
export interface OrderDetail extends SettledOrder {
  status: number;
  salesmanId: number | null;
  salesmanName: string | null;
  fullReductionName: string | null;
  fullReductionAmount: number | null;
  refundAmount: number | null;
  refundTime: string | null;
  refundUserName: string | null;
  refundReason: string | null;
  invalidTime: string | null;
  invalidUserName: string | null;
  invalidReason: string | null;
  remark: string | null;
  detList: OrderLine[];
  /** 部分退款 records, oldest first (order/findListDet). */
  refundList?: { refundId: number; refundNo: string; refundQuantity: number; refundAmount: number; reason: string | null; userName: string; createTime: string }[];
}
export interface PayInfo {
  editable: boolean;
  lockReason: string | null;
  payList: { payId: number; payType: number; payTypeName: string; amount: number; createTime: string; editable: boolean }[];
  logList: { text: string; userName: string; createTime: string }[];
}

export function OrderSummary({ order: o }: { order: OrderDetail }) {
  const t = useOrdersT();
  const status = STATUS[o.status];
  const returned = o.detList.some((l) => Number(l.returnedQuantity) > 0);
  return (
    <>
      <SimpleGrid cols={3} spacing="xs" verticalSpacing={4}>
        <Text size="sm">{t('shopOf')}{o.shopName}{o.isPractice ? t('practiceMark') : ''}</Text>
        <Text size="sm">{t('statusOf')}<Badge color={status?.color} variant="light">{status?.label() ?? o.status}</Badge></Text>
        <Text size="sm">{t('createTimeOf')}{o.createTime}</Text>
        <Text size="sm">{t('cashierOf')}{o.cashierName ?? '—'}</Text>
        <Text size="sm">{t('memberOf')}{o.memberName || o.memberPhone ? `${o.memberName ?? ''} ${o.memberPhone ?? ''}` : t('notMember')}</Text>
        <Text size="sm">{t('pointsOf')}{o.pointsEarned ?? 0}</Text>
        <Text size="sm">{t('salesmanOf')}{o.salesmanName ?? '—'}</Text>
        <Text size="sm" style={{ gridColumn: 'span 2' }}>{t('remarkOf')}{o.remark ?? '—'}</Text>
      </SimpleGrid>
      {o.status === SALE_STATUS.refunded && <Alert color="orange">{t('refundedLine', { amount: amountText(o.refundAmount), time: o.refundTime ?? o.refundList?.at(-1)?.createTime ?? '', user: o.refundUserName })}{o.refundReason ? ` · ${o.refundReason}` : ''}</Alert>}
      {o.status === SALE_STATUS.invalid && <Alert color="gray">{t('invalidLine', { time: o.invalidTime, user: o.invalidUserName })}{o.invalidReason ? ` · ${o.invalidReason}` : ''}</Alert>}
      <Table striped withTableBorder fz="sm" data-testid="order-detail-lines">
        <Table.Thead>
          <Table.Tr><Table.Th>{t('sku')}</Table.Th><Table.Th>{t('barcode')}</Table.Th><Table.Th ta="right">{t('quantity')}</Table.Th>{returned && <Table.Th ta="right">{t('returnedQty')}</Table.Th>}<Table.Th ta="right">{t('unitPrice')}</Table.Th><Table.Th ta="right">{t('amount')}</Table.Th><Table.Th>{t('promotion')}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {o.detList.map((l) => (
            <Table.Tr key={l.detId}>
              <Table.Td>{l.skuName}{l.spec ? ` ${l.spec}` : ''} {l.isGift && <Badge size="xs" color="grape">{t('gift')}</Badge>}</Table.Td>
              <Table.Td>{l.barcode ?? l.skuCode}</Table.Td>
              <Table.Td ta="right">{l.quantity}{l.unit ?? ''}</Table.Td>
              {returned && <Table.Td ta="right" data-testid={`order-line-returned-${l.detId}`}>{Number(l.returnedQuantity) || 0}</Table.Td>}
              <Table.Td ta="right">{amountText(l.unitPrice)}</Table.Td>
              <Table.Td ta="right">{amountText(l.amount)}</Table.Td>
              <Table.Td>{l.promotionName ? t('promotionOff', { name: l.promotionName, amount: amountText(l.promotionAmount) }) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!!o.refundList?.length && (
        <Stack gap={2} data-testid="order-line-refunds">
          <Text size="sm" fw={500}>{t('lineRefunds')}</Text>
          {o.refundList.map((r) => (
            <Text key={r.refundId} size="xs">{t('lineRefundRow', { no: r.refundNo, time: r.createTime, user: r.userName, count: r.refundQuantity, amount: amountText(r.refundAmount) })}{r.reason ? ` · ${r.reason}` : ''}</Text>
          ))}
        </Stack>
      )}
      <Group gap="lg" data-testid="order-detail-amounts">
        <Text size="sm">{t('totalQuantity', { count: o.totalQuantity })}</Text>
        <Text size="sm">{t('goodsAmount', { amount: amountText(o.totalAmount) })}</Text>
        {Number(o.promotionAmount) > 0 && <Text size="sm">{t('promotionAmount', { amount: amountText(o.promotionAmount) })}</Text>}
        {Number(o.fullReductionAmount) > 0 && <Text size="sm">{o.fullReductionName ?? t('fullReduction')} -{amountText(o.fullReductionAmount)}</Text>}
        {Number(o.couponAmount) > 0 && <Text size="sm">{t('coupon', { amount: amountText(o.couponAmount) })}</Text>}
        <Text size="sm" fw={600}>{t('payAmount', { amount: amountText(o.payAmount) })}</Text>
        <Text size="sm">{t('paidAmount', { amount: amountText(o.paidAmount) })}</Text>
        <Text size="sm">{t('changeAmount', { amount: amountText(o.changeAmount) })}</Text>
      </Group>
    </>
  );
}

export function PayLog({ logs }: { logs: PayInfo['logList'] }) {
  const t = useOrdersT();
  if (!logs.length) return null;
  return (
    <Stack gap={2} data-testid="order-pay-log">
      <Text size="sm" fw={500}>{t('payLog')}</Text>
      {logs.map((l, i) => <Text key={i} size="xs" c="dimmed">{l.createTime} {l.userName}：{l.text}</Text>)}
    </Stack>
  );
}
