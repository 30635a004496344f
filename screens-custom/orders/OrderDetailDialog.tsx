import { Alert, Badge, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, client } from '../../src/api/http';
import { TIMEOUT } from '../../src/api/timeouts';
import { notifySuccess } from '../../src/feedback/notify';
import { usePermission } from '../../src/permission/Permission';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { printReceipt } from '../billing/receipt';
import { LineRefundDialog } from './LineRefundDialog';
import { OrderSummary, PayLog, type OrderDetail, type PayInfo } from './OrderMoney';
import { SALE_STATUS } from './saleStatus.ts';
import { ordersT, useOrdersT } from './labels';
import { amountText } from '../../core/money.ts';

/**
 * 订单详情 from the order list: what was sold (lines with the promotion each took, gifts marked), how the total came
 * about (promotions, 满减, coupon), the payments, and — while the order's business day is open — the two corrections a
 * shop manager makes at the end of the day: a payment method picked wrong (savePay) and a payment taken twice
 * (deleteById). The server decides whether the day is still open and says why not (lockReason); every correction
 * is listed under the payments. On the same terms 修改信息 corrects the 导购, the remark, or enters the member the cashier
 * forgot (sale/order/edit/info; the member then earns the order's points), each change logged with before and after.
 * Reprints: the receipt and the payment slip, both through the print templates.
 * 部分退款 (LineRefundDialog): chosen lines and quantities back, quoted by the server before they are confirmed; the lines then
 * show what came back and the refunds are listed.
 */

const O = '/wxy-order-server';
/** The methods a payment can be corrected to (余额 moves the member's ledger and is never a correction). */
const payOptions = () => [{ value: '1', label: ordersT('cash') }, { value: '2', label: ordersT('card') }, { value: '3', label: ordersT('wechat') }, { value: '4', label: ordersT('alipay') }];

export default function OrderDetailDialog({ row, onClose, onDone }: RowDialogProps) {
  const t = useOrdersT();
  const orderId = Number(row?.orderId);
  const qc = useQueryClient();
  const canEdit = usePermission('order:orderPay:edit');
  const canDelete = usePermission('order:orderPay:delete');
  const canEditInfo = usePermission('order:order:edit');
  const canSeePayments = usePermission('finance:paymentDetail:view');
  const canRefund = usePermission('order:retail:refund');
  const [refunding, setRefunding] = useState(false);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const order = useQuery({ queryKey: ['orderDetail', orderId], queryFn: () => call<OrderDetail>({ method: 'GET', url: `${O}/order/findListDet/${orderId}` }), enabled: orderId > 0 });
  const pay = useQuery({ queryKey: ['orderPayInfo', orderId], queryFn: () => call<PayInfo>({ method: 'POST', url: `${O}/order-pay/findPayInfo`, data: { orderId } }), enabled: orderId > 0 });

  const afterChange = async (fresh: PayInfo, text: string) => {
    qc.setQueryData(['orderPayInfo', orderId], fresh);
    await qc.invalidateQueries({ queryKey: ['orderDetail', orderId] });
    notifySuccess({ text });
    onDone();
  };
  const correct = async (payId: number, run: () => Promise<PayInfo>, text: string) => {
    setBusy(payId);
    setError(null);
    try {
      await afterChange(await run(), text);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('correctFailed'));
      await qc.invalidateQueries({ queryKey: ['orderPayInfo', orderId] });
    } finally {
      setBusy(null);
    }
  };
  const changeType = (payId: number, payType: string | null) => {
    if (!payType) return;
    void correct(payId, () => call<PayInfo>({ method: 'PUT', silent: true, url: `${O}/order-pay/savePay`, data: { payId, payType: Number(payType) } }), t('payTypeChanged'));
  };
  const remove = (p: PayInfo['payList'][number]) =>
    modals.openConfirmModal({
      title: t('deletePay'),
      children: <Text size="sm">{t('deletePayText', { payType: p.payTypeName, amount: amountText(p.amount) })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red', 'data-testid': 'order-pay-delete-confirm' },
      onConfirm: () => void correct(p.payId, () => call<PayInfo>({ method: 'DELETE', silent: true, url: `${O}/order-pay/deleteById/${p.payId}` }), t('payDeleted')),
    });
  const printSlip = async () => {
    const w = window.open('', '_blank', 'width=420,height=640');
    if (!w) return;
    try {
      const res = await client.request<Blob>({ method: 'GET', url: `${O}/order-pay/payInfo/print`, params: { orderId, type: 'pdf' }, responseType: 'blob', timeout: TIMEOUT.exportDownload });
      w.location.href = URL.createObjectURL(new Blob([res.data], { type: 'application/pdf' }));
    } catch (e) {
      w.close();
      setError(e instanceof Error ? e.message : t('slipFailed'));
    }
  };

  const o = order.data;
  const info = pay.data;

  return (
    <Modal opened onClose={onClose} size="xl" centered title={<Title order={4}>{t('orderDetail', { orderNo: String(row?.orderNo ?? '') })}</Title>}>
      <Stack data-testid="order-detail">
        {(order.isLoading || pay.isLoading) && <Loader size="sm" />}
        {(order.error || pay.error) && <Alert color="red">{(order.error ?? pay.error)?.message}</Alert>}
        {o && <OrderSummary order={o} />}
        {info && (
          <>
            <Title order={5}>{t('payInfo')}</Title>
            {!info.editable && info.lockReason && <Text size="xs" c="dimmed" data-testid="order-pay-locked">{info.lockReason}</Text>}
            <Table withTableBorder fz="sm" data-testid="order-detail-pays">
              <Table.Thead><Table.Tr><Table.Th>{t('payType')}</Table.Th><Table.Th ta="right">{t('amount')}</Table.Th><Table.Th>{t('time')}</Table.Th><Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {info.payList.map((p) => (
                  <Table.Tr key={p.payId}>
                    <Table.Td w={160}>
                      {p.editable && canEdit ? (
                        <Select size="xs" data={payOptions()} value={String(p.payType)} allowDeselect={false} disabled={busy !== null}
                          onChange={(v) => v !== String(p.payType) && changeType(p.payId, v)} aria-label={t('payType')} data-testid={`order-pay-type-${p.payId}`} />
                      ) : p.payTypeName}
                    </Table.Td>
                    <Table.Td ta="right">{amountText(p.amount)}</Table.Td>
                    <Table.Td>{p.createTime}</Table.Td>
                    <Table.Td ta="right">
                      {p.editable && canDelete && info.payList.length > 1 && (
                        <Button size="compact-xs" color="red" variant="subtle" loading={busy === p.payId} onClick={() => remove(p)} data-testid={`order-pay-delete-${p.payId}`}>{t('delete')}</Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <PayLog logs={info.logList} />
          </>
        )}
        {o && info && (
          <OrderInfoEdit order={o} open={info.editable && canEditInfo} onSaved={async () => {
            await qc.invalidateQueries({ queryKey: ['orderDetail', orderId] });
            onDone();
          }} />
        )}
        {error && <Alert color="red" data-testid="order-detail-error">{error}</Alert>}
        <Group justify="flex-end">
          {o && canRefund && !o.isPractice && (o.status === SALE_STATUS.done || o.status === SALE_STATUS.partRefunded) && (
            <Button variant="light" color="red" onClick={() => setRefunding(true)} data-testid="order-line-refund">{t('lineRefund')}</Button>
          )}
          {o && <Button variant="light" onClick={() => void printReceipt(o)}>{t('reprintReceipt')}</Button>}
          {info && <Button variant="light" onClick={() => void printSlip()}>{t('printSlip')}</Button>}
          {canSeePayments && <Button variant="light" onClick={() => { onClose(); void navigate({ pathname: '/financeManage/paymentDetail', search: `?id=${orderId}` }); }}>{t('paymentDetail')}</Button>}
          <Button variant="default" onClick={onClose}>{t('close')}</Button>
        </Group>
      </Stack>
      {o && refunding && (
        <LineRefundDialog order={o} onClose={() => setRefunding(false)} onRefunded={async () => {
          await qc.invalidateQueries({ queryKey: ['orderDetail', orderId] });
          await qc.invalidateQueries({ queryKey: ['orderPayInfo', orderId] });
          onDone();
        }} />
      )}
    </Modal>
  );
}

interface EditLog { fieldName: string; oldValue: string | null; newValue: string | null; userName: string; createTime: string }

/** 修改信息: 导购, remark, and a member when none was entered; then the order's change log (always shown when there is one). */
function OrderInfoEdit({ order, open, onSaved }: { order: OrderDetail; open: boolean; onSaved: () => Promise<void> }) {
  const t = useOrdersT();
  const [salesmanId, setSalesmanId] = useState<string | null>(order.salesmanId ? String(order.salesmanId) : null);
  const [remark, setRemark] = useState(order.remark ?? '');
  const [phone, setPhone] = useState('');
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const log = useQuery({ queryKey: ['orderEditLog', order.orderId], queryFn: () => call<EditLog[] | { records: EditLog[] }>({ method: 'GET', url: `${O}/sale/order/edit/log/${order.orderId}` }) });
  const salesmen = useQuery({
    queryKey: ['orderSalesmen', search],
    queryFn: () => call<{ records: { userId: number; name: string; userNo: string | null }[] }>({ method: 'GET', url: `/wxy-system-server/user-option/salesman/1/50`, params: search ? { name: search } : {} }),
    enabled: open,
  });
  const options = [...(salesmen.data?.records ?? []).map((u) => ({ value: String(u.userId), label: u.userNo ? `${u.name}（${u.userNo}）` : u.name }))];
  if (order.salesmanId && !options.some((x) => x.value === String(order.salesmanId))) options.unshift({ value: String(order.salesmanId), label: order.salesmanName ?? String(order.salesmanId) });
  const rows = Array.isArray(log.data) ? log.data : log.data?.records ?? [];

  const save = async () => {
    setError(null);
    const body: Record<string, unknown> = { orderId: order.orderId };
    if ((salesmanId ?? null) !== (order.salesmanId ? String(order.salesmanId) : null)) body.salesmanId = salesmanId ? Number(salesmanId) : null;
    if (remark.trim() !== (order.remark ?? '')) body.remark = remark.trim() || null;
    if (!order.memberId && phone.trim()) {
      if (!/^1\d{10}$/.test(phone.trim())) return setError(t('memberPhoneInvalid'));
      const m = await call<{ memberId: number } | null>({ method: 'GET', url: `/wxy-member-server/mb-base-info/info/${phone.trim()}/${order.isPractice ? 1 : 0}`, silent: true }).catch(() => null);
      if (!m) return setError(t('memberNotFound', { phone: phone.trim() }));
      body.memberId = m.memberId;
    }
    if (Object.keys(body).length === 1) return setError(t('unchanged'));
    setBusy(true);
    try {
      await call({ method: 'PUT', silent: true, url: `${O}/sale/order/edit/info`, data: body });
      notifySuccess({ text: t('infoSaved') });
      setPhone('');
      await log.refetch();
      await onSaved();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('correctFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (!open && !rows.length) return null;
  return (
    <Stack gap="xs" data-testid="order-info-edit">
      <Title order={5}>{t('orderInfo')}</Title>
      {open && (
        <>
          <Group grow align="flex-start">
            <Select label={t('salesman')} searchable clearable data={options} value={salesmanId} onChange={setSalesmanId} onSearchChange={setSearch}
              nothingFoundMessage={t('noStaff')} data-testid="order-info-salesman" />
            {!order.memberId && (
              <TextInput label={t('addMember')} value={phone} maxLength={11} onChange={(e) => setPhone(e.currentTarget.value)} data-testid="order-info-member-phone" />
            )}
          </Group>
          <Textarea label={t('remark')} value={remark} maxLength={200} autosize minRows={1} onChange={(e) => setRemark(e.currentTarget.value)} data-testid="order-info-remark" />
          {error && <Alert color="red" data-testid="order-info-error">{error}</Alert>}
          <Group justify="flex-end"><Button size="xs" loading={busy} onClick={() => void save()} data-testid="order-info-save">{t('saveChanges')}</Button></Group>
        </>
      )}
      {rows.length > 0 && (
        <Stack gap={2} data-testid="order-info-log">
          {rows.map((l, i) => <Text key={i} size="xs" c="dimmed">{l.createTime} {l.userName}：{l.fieldName} {l.oldValue ?? t('empty')} → {l.newValue ?? t('empty')}</Text>)}
        </Stack>
      )}
    </Stack>
  );
}
