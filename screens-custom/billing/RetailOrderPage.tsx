import { ActionIcon, Alert, Badge, Button, Group, Modal, NumberInput, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { call } from '../../src/api/http';
import { DEVICE_ACTIVE_PATH } from '../../src/router/staticRoutes';
import { appState } from '../../src/store/appStore';
import { addScanned, cartTotals, changeDue, lineFen, removeLine, setQuantity, yuan, type CartLine, type ScannedSku } from './cart';
import { beep } from './beep';
import { PAY_NAMES, printReceipt, type SettledOrder } from './receipt';
import { RefundDialog } from './RefundDialog';
import { MemberBox, type RegisterMember } from './MemberBox';
import { ParkedSales } from './ParkedSales';
import { ShiftBar } from './ShiftBar';

const O = '/wxy-order-server';
interface ShopPayMethod {
  payType: number;
  enabled: boolean;
  sort: number;
}

const newUuid = () => crypto.randomUUID();
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * 零售收银 (/orderInfo/retailOrder) and 练习收银 (/orderInfo/practiceCash, the same screen; its sales move no
 * stock). Opens only on an activated shop device (cookie deviceShopId). Keyboard first: the scan box keeps the
 * focus; a scanner's digits + Enter add the SKU (an unknown code beeps and leaves the cart alone); F9 settles.
 * The cart's uuid is made once per sale and sent with every try, so a retried settlement is the same sale.
 */
export default function RetailOrderPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const practice = pathname === '/orderInfo/practiceCash';
  const app = useSnapshot(appState);
  const shopId = Number(app.deviceShopId) || null;
  const userId = Number(app.user?.userId) || null;
  // Nothing is sold outside an open shift (收银班次): the scan box waits for 开班.
  const [onShift, setOnShift] = useState(false);
  const queryClient = useQueryClient();
  const [cart, setCart] = useState<CartLine[]>([]);
  const [uuid, setUuid] = useState(newUuid);
  const [code, setCode] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const [shopName, setShopName] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [payType, setPayType] = useState('1');
  const [tendered, setTendered] = useState<string | number>('');
  const [settled, setSettled] = useState<SettledOrder | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [member, setMember] = useState<RegisterMember | null>(null);
  const [parkedOpen, setParkedOpen] = useState(false);
  const scanRef = useRef<HTMLInputElement>(null);
  const { quantity, totalFen } = cartTotals(cart);

  const previous = useQuery({
    queryKey: ['register', 'previous', shopId],
    queryFn: () => call<SettledOrder | null>({ method: 'GET', url: `${O}/order/getOrderByBefore`, params: { shopId }, silent: true }),
    enabled: Boolean(shopId),
  });

  // The shop's enabled payment methods in its order (门店支付方式); settlement refuses any other.
  const payMethods = useQuery({
    queryKey: ['register', 'payMethods', shopId],
    queryFn: () => call<ShopPayMethod[]>({ method: 'GET', url: `/wxy-shop-server/shop-pay-method-config/getByShop/${shopId}`, params: { sort: 'sort', order: 'asc' }, silent: true }),
    enabled: Boolean(shopId),
    staleTime: 60_000,
  });
  const payOptions = (payMethods.data ?? []).filter((m) => m.enabled).map((m) => ({ value: String(m.payType), label: PAY_NAMES[m.payType] ?? String(m.payType) }));
  const currentPayType = payOptions.some((o) => o.value === payType) ? payType : (payOptions[0]?.value ?? payType);

  const scan = useMutation({
    mutationFn: (c: string) => call<ScannedSku & { shopName: string }>({ method: 'POST', url: `${O}/order/scanCode`, data: { code: c, shopId }, silent: true }),
    onSuccess: (sku) => {
      setShopName(sku.shopName);
      setCart((c) => addScanned(c, sku));
      setScanError(null);
    },
    onError: (e) => {
      setScanError(messageOf(e));
      beep();
    },
  });

  const settle = useMutation({
    mutationFn: () =>
      call<SettledOrder>({
        method: 'POST',
        url: `${O}/order/settlement`,
        timeout: 180_000,
        silent: true,
        data: {
          uuid,
          shopId,
          isPractice: practice,
          lines: cart.map((l) => ({ skuId: l.skuId, quantity: l.quantity, price: l.retailPrice })),
          memberId: member?.memberId ?? null,
          payments: [{ payType: Number(currentPayType), amount: currentPayType === '1' ? Number(tendered) : totalFen / 100 }],
        },
      }),
    onSuccess: (order) => {
      setSettled(order);
      setScanError(null);
      setPaying(false);
      void previous.refetch();
      void queryClient.invalidateQueries({ queryKey: ['register', 'shift'] });
    },
  });

  // The scan box takes the focus once the shift is open (it is disabled before).
  useEffect(() => {
    if (onShift) setTimeout(() => scanRef.current?.focus(), 0);
  }, [onShift]);

  if (!shopId)
    return (
      <Paper p="xl" maw={560} mx="auto" mt="xl" withBorder data-testid="register-no-device">
        <Stack>
          <Title order={4}>本机不是已激活的收银设备</Title>
          <Text size="sm">收银需要在已激活的门店收银电脑上进行。请先在「门店设备」登记这台电脑，再到激活页面激活本机。</Text>
          <Group>
            <Button onClick={() => navigate(DEVICE_ACTIVE_PATH)}>去激活本机</Button>
          </Group>
        </Stack>
      </Paper>
    );

  const onScanKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const c = code.trim();
      setCode('');
      if (c) scan.mutate(c);
    } else if (e.key === 'F9') {
      e.preventDefault();
      openPay();
    } else if (e.key === 'F4') {
      e.preventDefault();
      document.querySelector<HTMLButtonElement>('[data-testid="register-park"]:not([disabled])')?.click();
    } else if (e.key === 'F6') {
      e.preventDefault();
      setParkedOpen(true);
    } else if (e.key === 'Delete' && !code && cart.length) {
      setCart((c) => c.slice(0, -1));
    }
  };

  function openPay() {
    if (!cart.length) return;
    settle.reset();
    setTendered(totalFen / 100);
    setPaying(true);
  }

  const nextSale = () => {
    setCart([]);
    setMember(null);
    setUuid(newUuid());
    setSettled(null);
    setScanError(null);
    setTimeout(() => scanRef.current?.focus(), 0);
  };

  const change = currentPayType === '1' ? changeDue(totalFen, tendered) : 0;

  return (
    <Stack p="md" gap="sm" data-testid="register">
      <Group justify="space-between">
        <Group>
          <Title order={4}>{practice ? '练习收银' : '零售收银'}</Title>
          {practice && <Badge color="orange">练习模式：不扣库存</Badge>}
          {shopName && <Badge variant="light" data-testid="register-shop">{shopName}</Badge>}
        </Group>
        <Group gap="sm">
          {previous.data && (
            <Text size="sm" c="dimmed" data-testid="register-previous">
              上一单 {previous.data.orderNo} · ¥{previous.data.totalAmount.toFixed(2)}
            </Text>
          )}
          {userId && <ShiftBar userId={userId} shopId={shopId} practice={practice} onShift={setOnShift} />}
          <Button size="xs" variant="default" onClick={() => setRefunding(true)} data-testid="register-refund">退款</Button>
        </Group>
      </Group>
      <TextInput
        ref={scanRef}
        autoFocus
        size="lg"
        placeholder="扫描条码或输入商品编码后回车（F9 结算，Delete 删除最后一行）"
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={onScanKey}
        error={scanError}
        disabled={Boolean(settled) || !onShift}
        data-testid="register-scan"
      />
      <MemberBox practice={practice} shopId={shopId} member={member} onMember={setMember} disabled={Boolean(settled)} />
      <Table striped withTableBorder data-testid="register-cart">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>商品</Table.Th>
            <Table.Th>条码</Table.Th>
            <Table.Th ta="right">单价</Table.Th>
            <Table.Th w={140}>数量</Table.Th>
            <Table.Th ta="right">金额</Table.Th>
            <Table.Th ta="right">可用库存</Table.Th>
            <Table.Th w={50} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cart.map((l) => (
            <Table.Tr key={l.skuId} data-testid={`register-line-${l.skuId}`}>
              <Table.Td>{l.skuName}</Table.Td>
              <Table.Td>{l.barcode}</Table.Td>
              <Table.Td ta="right">{l.retailPrice.toFixed(2)}</Table.Td>
              <Table.Td>
                <NumberInput size="xs" min={1} max={9999} allowDecimal={false} value={l.quantity} onChange={(v) => setCart((c) => setQuantity(c, l.skuId, Number(v)))} aria-label="数量" />
              </Table.Td>
              <Table.Td ta="right">{yuan(lineFen(l))}</Table.Td>
              <Table.Td ta="right" c={l.available < l.quantity ? 'red' : undefined}>{l.available}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label="删除" onClick={() => setCart((c) => removeLine(c, l.skuId))}><IconTrash size={16} /></ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="lg" data-testid="register-total">共 {quantity} 件，应收 <b>¥{yuan(totalFen)}</b></Text>
        <Group>
          <ParkedSales shopId={shopId} practice={practice} cart={cart} member={member} disabled={Boolean(settled)} open={parkedOpen} onOpen={setParkedOpen}
            onParked={nextSale}
            onTaken={(lines, m, dropped) => {
              setCart(lines);
              setMember(m);
              setScanError(dropped.length ? `已停用的商品未取回：${dropped.join('、')}` : null);
              setTimeout(() => scanRef.current?.focus(), 0);
            }} />
          <Button size="lg" disabled={!cart.length || Boolean(settled) || !onShift} onClick={openPay} data-testid="register-pay">结算（F9）</Button>
        </Group>
      </Group>

      {settled && (
        <Alert color="green" title={`收款成功：${settled.orderNo}`} data-testid="register-settled">
          <Stack gap="xs">
            <Text>实收 ¥{settled.paidAmount.toFixed(2)}，找零 <b>¥{settled.changeAmount.toFixed(2)}</b></Text>
            {settled.memberId && <Text data-testid="register-points">会员 {settled.memberName ?? settled.memberPhone} 本单积分 +{settled.pointsEarned}</Text>}
            <Group>
              <Button variant="default" onClick={() => printReceipt(settled)} data-testid="register-print">打印小票</Button>
              <Button onClick={nextSale} data-testid="register-next">下一单</Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <RefundDialog
        opened={refunding}
        onClose={() => {
          setRefunding(false);
          setTimeout(() => scanRef.current?.focus(), 0);
        }}
        initialOrderNo={previous.data?.orderNo}
        onRefunded={() => {
          void previous.refetch();
          void queryClient.invalidateQueries({ queryKey: ['register', 'shift'] });
        }}
      />

      <Modal opened={paying} onClose={() => setPaying(false)} title={`收款 · 应收 ¥${yuan(totalFen)}`} centered>
        <Stack>
          {payMethods.isError && <Alert color="red">支付方式加载失败：{messageOf(payMethods.error)}</Alert>}
          <SegmentedControl data={payOptions} value={currentPayType} onChange={setPayType} data-testid="register-pay-type" />
          {currentPayType === '1' && (
            <NumberInput
              label="实收现金"
              min={0}
              decimalScale={2}
              value={tendered}
              onChange={setTendered}
              data-autofocus
              onKeyDown={(e) => e.key === 'Enter' && change !== null && !settle.isPending && settle.mutate()}
              data-testid="register-tendered"
            />
          )}
          <Text data-testid="register-change">{change === null ? '实收不足' : `找零 ¥${yuan(change)}`}</Text>
          {settle.isError && <Alert color="red" data-testid="register-error">{messageOf(settle.error)}</Alert>}
          <Button size="md" loading={settle.isPending} disabled={change === null} onClick={() => settle.mutate()} data-testid="register-confirm">确认收款</Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
