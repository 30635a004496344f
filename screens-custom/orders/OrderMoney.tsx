import { Alert, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { SettledOrder } from '../billing/receipt';

/**
 * An order as its detail shows it, shared by 订单详情 (the order list's dialog) and 支付明细 (/financeManage/paymentDetail,
 * which notices 10 and 17 open): who sold it and when, its refund or invalidation, its lines and how the total came about;
 * and the log of corrections made to its payments.
 */

export const STATUS: Record<number, { label: string; color: string }> = { 1: { label: '已完成', color: 'green' }, 2: { label: '已退款', color: 'orange' }, 3: { label: '已作废', color: 'gray' } };

export interface OrderLine { detId: number; skuCode: string; skuName: string; barcode: string | null; spec: string | null; unit: string | null; quantity: number; unitPrice: number; amount: number; promotionName: string | null; promotionAmount: number | null; isGift: boolean }
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
}
export interface PayInfo {
  editable: boolean;
  lockReason: string | null;
  payList: { payId: number; payType: number; payTypeName: string; amount: number; createTime: string; editable: boolean }[];
  logList: { text: string; userName: string; createTime: string }[];
}

export const yuan = (v: number | null | undefined) => (Number(v ?? 0)).toFixed(2);

export function OrderSummary({ order: o }: { order: OrderDetail }) {
  const status = STATUS[o.status];
  return (
    <>
      <SimpleGrid cols={3} spacing="xs" verticalSpacing={4}>
        <Text size="sm">门店：{o.shopName}{o.isPractice ? '（练习）' : ''}</Text>
        <Text size="sm">状态：<Badge color={status?.color} variant="light">{status?.label ?? o.status}</Badge></Text>
        <Text size="sm">下单时间：{o.createTime}</Text>
        <Text size="sm">收银员：{o.cashierName ?? '—'}</Text>
        <Text size="sm">会员：{o.memberName || o.memberPhone ? `${o.memberName ?? ''} ${o.memberPhone ?? ''}` : '非会员'}</Text>
        <Text size="sm">本单积分：{o.pointsEarned ?? 0}</Text>
        <Text size="sm">导购：{o.salesmanName ?? '—'}</Text>
        <Text size="sm" style={{ gridColumn: 'span 2' }}>备注：{o.remark ?? '—'}</Text>
      </SimpleGrid>
      {o.status === 2 && <Alert color="orange">已退款 {yuan(o.refundAmount)} 元 · {o.refundTime} · {o.refundUserName}{o.refundReason ? ` · ${o.refundReason}` : ''}</Alert>}
      {o.status === 3 && <Alert color="gray">已作废 · {o.invalidTime} · {o.invalidUserName}{o.invalidReason ? ` · ${o.invalidReason}` : ''}</Alert>}
      <Table striped withTableBorder fz="sm" data-testid="order-detail-lines">
        <Table.Thead>
          <Table.Tr><Table.Th>商品</Table.Th><Table.Th>条码</Table.Th><Table.Th ta="right">数量</Table.Th><Table.Th ta="right">单价</Table.Th><Table.Th ta="right">金额</Table.Th><Table.Th>促销</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {o.detList.map((l) => (
            <Table.Tr key={l.detId}>
              <Table.Td>{l.skuName}{l.spec ? ` ${l.spec}` : ''} {l.isGift && <Badge size="xs" color="grape">赠品</Badge>}</Table.Td>
              <Table.Td>{l.barcode ?? l.skuCode}</Table.Td>
              <Table.Td ta="right">{l.quantity}{l.unit ?? ''}</Table.Td>
              <Table.Td ta="right">{yuan(l.unitPrice)}</Table.Td>
              <Table.Td ta="right">{yuan(l.amount)}</Table.Td>
              <Table.Td>{l.promotionName ? `${l.promotionName}（-${yuan(l.promotionAmount)}）` : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="lg" data-testid="order-detail-amounts">
        <Text size="sm">共 {o.totalQuantity} 件</Text>
        <Text size="sm">商品金额 {yuan(o.totalAmount)}</Text>
        {Number(o.promotionAmount) > 0 && <Text size="sm">促销优惠 -{yuan(o.promotionAmount)}</Text>}
        {Number(o.fullReductionAmount) > 0 && <Text size="sm">{o.fullReductionName ?? '满减'} -{yuan(o.fullReductionAmount)}</Text>}
        {Number(o.couponAmount) > 0 && <Text size="sm">优惠券 -{yuan(o.couponAmount)}</Text>}
        <Text size="sm" fw={600}>应收 {yuan(o.payAmount)}</Text>
        <Text size="sm">实收 {yuan(o.paidAmount)}</Text>
        <Text size="sm">找零 {yuan(o.changeAmount)}</Text>
      </Group>
    </>
  );
}

export function PayLog({ logs }: { logs: PayInfo['logList'] }) {
  if (!logs.length) return null;
  return (
    <Stack gap={2} data-testid="order-pay-log">
      <Text size="sm" fw={500}>修改记录</Text>
      {logs.map((l, i) => <Text key={i} size="xs" c="dimmed">{l.createTime} {l.userName}：{l.text}</Text>)}
    </Stack>
  );
}
