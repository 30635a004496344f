import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { call } from '../../src/api/http';
import { OrderSummary, PayLog, type OrderDetail, type PayInfo } from './OrderMoney';
import { useOrdersT } from './labels';
import { SALE_STATUS } from './saleStatus.ts';
import { amountText } from '../../core/money.ts';

/**
 * 支付明细 (/financeManage/paymentDetail?id=<order id>), where notices 10 (a payment corrected) and 17 (an order refunded)
 * lead finance: the order as its detail shows it, each payment, every correction made to them and the refund. Read only.
 */
export default function PaymentDetailPage() {
  const t = useOrdersT();
  const [params] = useSearchParams();
  const orderId = Number(params.get('id'));
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const q = useQuery({
    queryKey: ['paymentDetail', orderId],
    queryFn: () => call<{ order: OrderDetail; pay: PayInfo }>({ method: 'GET', url: `/wxy-order-server/order-pay/paymentDetail/${orderId}` }),
    enabled: valid,
  });
  const d = q.data;
  return (
    <Stack p="md" data-testid="payment-detail">
      <Title order={4}>{t('paymentDetail')} {d?.order.orderNo ?? ''}</Title>
      {!valid && <Alert color="yellow">{t('openFromNotice')}</Alert>}
      {q.isLoading && <Loader size="sm" />}
      {q.error && <Alert color="red">{q.error.message}</Alert>}
      {d && (
        <>
          <OrderSummary order={d.order} />
          <Title order={5}>{t('payInfo')}</Title>
          <Table withTableBorder fz="sm" data-testid="payment-detail-pays">
            <Table.Thead><Table.Tr><Table.Th>{t('payType')}</Table.Th><Table.Th ta="right">{t('amount')}</Table.Th><Table.Th>{t('time')}</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {d.pay.payList.map((p) => (
                <Table.Tr key={p.payId}><Table.Td>{p.payTypeName}</Table.Td><Table.Td ta="right">{amountText(p.amount)}</Table.Td><Table.Td>{p.createTime}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <PayLog logs={d.pay.logList} />
          {d.order.status === SALE_STATUS.refunded && (
            <Text size="sm" data-testid="payment-detail-refund">{t('refund')} <Badge color="orange" variant="light">¥{amountText(d.order.refundAmount)}</Badge> {d.order.refundTime} {d.order.refundUserName}</Text>
          )}
        </>
      )}
    </Stack>
  );
}
