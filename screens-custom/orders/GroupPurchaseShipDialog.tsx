import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../src/api/http';
import { notifySuccess } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { ordersT, useOrdersT } from './labels';
import { amountText } from '../../core/money.ts';

/**
 * 团购出库 from the 团购单 list: the approved group purchase becomes its sales order (order/unitOrder/insert) and the
 * goods leave the shop's warehouse. The user names how the customer paid, among the methods the shop takes (a
 * company usually pays by transfer, so 银行卡 is offered first when the shop takes it); 余额 is a member's and not
 * offered. A second click, or a second user, gets the same order back.
 */

/** How a group purchase may be paid, by pay type; the first names the transfer a company usually makes. */
const METHODS: Readonly<Record<number, { label: () => string; short: () => string }>> = {
  2: { label: () => ordersT('bankTransfer'), short: () => ordersT('card') }, 1: { label: () => ordersT('cash'), short: () => ordersT('cash') },
  3: { label: () => ordersT('wechat'), short: () => ordersT('wechat') }, 4: { label: () => ordersT('alipay'), short: () => ordersT('alipay') },
};
const ORDER = [2, 1, 3, 4];

interface PayMethod { payType: number; enabled: boolean }
interface ShippedOrder { orderNo: string; payAmount: number }

export default function GroupPurchaseShipDialog({ row, onClose, onDone }: RowDialogProps) {
  const t = useOrdersT();
  const shopId = Number(row?.shopId);
  const methods = useQuery({
    queryKey: ['groupPurchaseShip', 'payMethods', shopId],
    queryFn: () => call<PayMethod[]>({ method: 'GET', url: `/wxy-shop-server/shop-pay-method-config/getByShop/${shopId}` }),
    enabled: shopId > 0,
  });
  const offered = ORDER.filter((p) => (methods.data ?? []).some((m) => Number(m.payType) === p && m.enabled));
  const [payType, setPayType] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (payType === null && offered.length) setPayType(String(offered[0]));
  }, [offered.join(','), payType]);

  const ship = async () => {
    if (!payType) return setError(t('choosePayType'));
    setBusy(true);
    setError(null);
    try {
      const order = await call<ShippedOrder>({ method: 'POST', silent: true, url: '/wxy-order-server/order/unitOrder/insert', data: { groupPurchaseId: Number(row?.groupPurchaseId), payType: Number(payType) } });
      notifySuccess({ text: t('shipped', { orderNo: order.orderNo, payType: METHODS[Number(payType)].short(), amount: amountText(order.payAmount) }) });
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('shipFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('ship')} size="md" centered>
      <Stack data-testid="group-purchase-ship-dialog">
        <Text size="sm">
          {t('shipIntro', { no: String(row?.purchaseNo ?? ''), customer: String(row?.customerName ?? ''), shop: String(row?.shopName ?? '') })}
          {t('shipAmount')}<b>{amountText(row?.totalAmount ?? 0)}</b>{t('shipIntroEnd')}
        </Text>
        {methods.isPending ? <Loader size="sm" /> : offered.length ? (
          <Radio.Group label={t('receiveBy')} required value={payType} onChange={setPayType}>
            <Group mt="xs">
              {offered.map((p) => <Radio key={p} value={String(p)} label={METHODS[p].label()} data-testid={`group-purchase-ship-pay-${p}`} />)}
            </Group>
          </Radio.Group>
        ) : <Alert color="orange">{t('noShipPayType', { shop: String(row?.shopName ?? '') })}</Alert>}
        {error && <Alert color="red" data-testid="group-purchase-ship-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
          <Button loading={busy} disabled={!offered.length} onClick={() => void ship()} data-testid="group-purchase-ship-confirm">{t('confirmShip')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
