import { Alert, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../src/api/http';
import type { RowDialogProps } from '../../src/router/rowDialogs';
import { PAY_NAMES } from './receipt';

/**
 * 换货明细 (order/findListByExchangeDet/{id}), opened from a row of 换货记录: the goods that came back, the ones
 * that went out, and how the difference was paid or paid back.
 */

interface Line { detId: number; skuCode: string; skuName: string; spec: string | null; unit: string | null; quantity: number; unitPrice: number; amount: number }
interface Exchange {
  exchangeNo: string; orderNo: string; shopName: string; memberName: string | null; memberPhone: string | null; returnAmount: number; giveAmount: number;
  diffAmount: number; paidAmount: number; changeAmount: number; reason: string | null; userName: string; createTime: string;
  returnList: Line[]; giveList: Line[]; payList: { payId: number; payType: number; amount: number }[];
}

const money = (v: number) => v.toFixed(2);

function Lines({ title, lines, testId }: { title: string; lines: Line[]; testId: string }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{title}</Text>
      <Table withTableBorder striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr><Table.Th>SKU编码</Table.Th><Table.Th>商品名称</Table.Th><Table.Th>规格</Table.Th><Table.Th>数量</Table.Th><Table.Th>单价</Table.Th><Table.Th>金额</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.detId}>
              <Table.Td>{l.skuCode}</Table.Td><Table.Td>{l.skuName}</Table.Td><Table.Td>{l.spec ?? ''}</Table.Td>
              <Table.Td>{l.quantity}{l.unit ?? ''}</Table.Td><Table.Td>{money(l.unitPrice)}</Table.Td><Table.Td>{money(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export default function ExchangeDetailDialog({ row, onClose }: RowDialogProps) {
  const id = Number(row?.exchangeId);
  const q = useQuery({ queryKey: ['orderExchange', id], queryFn: () => call<Exchange>({ method: 'GET', url: `/wxy-order-server/order/findListByExchangeDet/${id}` }), enabled: id > 0 });
  const x = q.data;
  return (
    <Modal opened onClose={onClose} title={x ? `换货单 ${x.exchangeNo}` : '换货明细'} size="xl" data-testid="exchange-detail">
      {q.isError && <Alert color="red">换货记录不存在或无权查看</Alert>}
      {!x && !q.isError && <Loader />}
      {x && (
        <Stack gap="sm">
          <Group gap="lg">
            <Text size="sm">原订单：{x.orderNo}</Text>
            <Text size="sm">门店：{x.shopName}</Text>
            <Text size="sm">会员：{x.memberName ? `${x.memberName} ${x.memberPhone ?? ''}` : '—'}</Text>
            <Text size="sm">经办人：{x.userName}（{x.createTime}）</Text>
          </Group>
          <Lines title={`退回商品（${money(x.returnAmount)} 元）`} lines={x.returnList} testId="exchange-detail-return" />
          <Lines title={`换出商品（${money(x.giveAmount)} 元）`} lines={x.giveList} testId="exchange-detail-give" />
          <Text size="sm" data-testid="exchange-detail-diff">
            {x.diffAmount > 0 ? `补收差价 ${money(x.diffAmount)} 元` : x.diffAmount < 0 ? `退还差价 ${money(-x.diffAmount)} 元` : '无差价'}
            {x.payList.length ? `：${x.payList.map((p) => `${PAY_NAMES[p.payType] ?? ''} ${money(Math.abs(p.amount))}`).join('，')}` : ''}
            {x.changeAmount > 0 ? `，找零 ${money(x.changeAmount)}` : ''}
          </Text>
          {x.reason && <Text size="sm">换货原因：{x.reason}</Text>}
        </Stack>
      )}
    </Modal>
  );
}
