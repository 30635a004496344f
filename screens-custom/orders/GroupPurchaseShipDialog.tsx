import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../src/api/http';
import { notifySuccess } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../src/router/rowDialogs';

/**
 * 团购出库 from the 团购单 list: the approved group purchase becomes its sales order (order/unitOrder/insert) and the
 * goods leave the shop's warehouse. The user names how the customer paid, among the methods the shop takes (a
 * company usually pays by transfer, so 银行卡 is offered first when the shop takes it); 余额 is a member's and not
 * offered. A second click, or a second user, gets the same order back.
 */

const METHODS: Readonly<Record<number, string>> = { 2: '银行卡（对公转账）', 1: '现金', 3: '微信', 4: '支付宝' };
const ORDER = [2, 1, 3, 4];

interface PayMethod { payType: number; enabled: boolean }
interface ShippedOrder { orderNo: string; payAmount: number }

export default function GroupPurchaseShipDialog({ row, onClose, onDone }: RowDialogProps) {
  const shopId = Number(row?.shopId);
  const methods = useQuery({
    queryKey: ['groupPurchaseShip', 'payMethods', shopId],
    queryFn: () => call<PayMethod[]>({ method: 'GET', url: `/wxy-shop-server/shop-pay-method-config/getByShop/${shopId}` }),
    enabled: shopId > 0,
  });
  const offered = ORDER.filter((t) => (methods.data ?? []).some((m) => Number(m.payType) === t && m.enabled));
  const [payType, setPayType] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (payType === null && offered.length) setPayType(String(offered[0]));
  }, [offered.join(','), payType]);

  const ship = async () => {
    if (!payType) return setError('请选择收款方式');
    setBusy(true);
    setError(null);
    try {
      const order = await call<ShippedOrder>({ method: 'POST', silent: true, url: '/wxy-order-server/order/unitOrder/insert', data: { groupPurchaseId: Number(row?.groupPurchaseId), payType: Number(payType) } });
      notifySuccess({ text: `已生成销售单 ${order.orderNo}，${METHODS[Number(payType)].replace(/（.*）/, '')}收款 ${Number(order.payAmount).toFixed(2)} 元，商品已从门店仓出库` });
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '出库失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="团购出库" size="md" centered>
      <Stack data-testid="group-purchase-ship-dialog">
        <Text size="sm">
          团购单 {String(row?.purchaseNo ?? '')}（{String(row?.customerName ?? '')}），{String(row?.shopName ?? '')}，
          团购金额 <b>{Number(row?.totalAmount ?? 0).toFixed(2)}</b> 元。按团购价生成销售单，商品从门店仓出库。
        </Text>
        {methods.isPending ? <Loader size="sm" /> : offered.length ? (
          <Radio.Group label="收款方式" required value={payType} onChange={setPayType}>
            <Group mt="xs">
              {offered.map((t) => <Radio key={t} value={String(t)} label={METHODS[t]} data-testid={`group-purchase-ship-pay-${t}`} />)}
            </Group>
          </Radio.Group>
        ) : <Alert color="orange">门店「{String(row?.shopName ?? '')}」没有开通可用于团购收款的支付方式（现金、银行卡、微信、支付宝），请先在门店支付方式中启用。</Alert>}
        {error && <Alert color="red" data-testid="group-purchase-ship-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>取消</Button>
          <Button loading={busy} disabled={!offered.length} onClick={() => void ship()} data-testid="group-purchase-ship-confirm">确认出库</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
