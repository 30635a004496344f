import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { messageOf } from './messageOf';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { call } from '../../src/api/http';
import { DEVICE_ACTIVE_PATH } from '../../src/router/staticRoutes';
import { appState } from '../../src/store/appStore';
import { cartTotals, parseDiscount, type ScannedSku } from './cart';
import { CartTable } from './CartTable';
import { currentLine, newUuid, safeToUpdate, saleClosed, useRegisterStore } from './registerStore';
import { beep } from './beep';
import { printReceipt, type SettledOrder } from './receipt';
import { payName, useBillingT } from './labels';
import { RefundDialog } from './RefundDialog';
import { ExchangeDialog } from './ExchangeDialog';
import { MemberBox } from './MemberBox';
import { ParkedSales } from './ParkedSales';
import { PrintSettings } from './PrintSettings';
import { ShiftBar } from './ShiftBar';
import { PayDialog } from './PayDialog';
import { RechargeDialog } from './RechargeDialog';
import { OfflineQueue } from './OfflineQueue';
import { useRegisterNotices } from './useRegisterNotices';
import { socketStatus } from '../../src/realtime/socketStatus';
import { quoteOffline, type CartQuote } from './offlineQuote';
import { drainQueue, findInCatalogue, isUnreachable, loadCatalogue, queuedSales, removeQueued, retryQueued, saveCatalogue, type Catalogue, type SaleBody, type SendOutcome } from './offline';
import { toFen, yuanText, amountText } from '../../core/money.ts';
import { applyUpdate, installRegisterShell, shellState } from '../../src/offline/registerShell';
import { keptState, orKept } from '../../src/offline/keptAnswers';
import { useNetwork } from '@mantine/hooks';
import { holdReconnectReload } from '../../src/feedback/networkWatch';

const O = '/wxy-order-server';
interface ShopPayMethod {
  payType: number;
  enabled: boolean;
  sort: number;
}

/** A moment as this computer's clock shows it: 11-28 09:05. */
function localMinute(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** How often waiting offline sales are tried again while the page is open (besides load and the online event). */
const QUEUE_RETRY_MS = 30_000;

/** One queued sale sent to the server: settled (now, or earlier under the same uuid), refused with a reason, or not reached. */
async function sendQueued(body: SaleBody): Promise<SendOutcome> {
  try {
    const order = await call<SettledOrder>({ method: 'POST', url: `${O}/order/settlement`, timeout: 180_000, silent: true, hasExitSystem: false, data: body });
    return { kind: 'settled', orderNo: order.orderNo };
  } catch (e) {
    return isUnreachable(e) ? { kind: 'unreachable' } : { kind: 'refused', message: messageOf(e) };
  }
}

/**
 * 零售收银 (/orderInfo/retailOrder) and 练习收银 (/orderInfo/practiceCash, the same screen; its sales move no
 * stock). Opens only on an activated shop device (cookie deviceShopId). Keyboard first: the scan box keeps the
 * focus; a scanner's digits + Enter add the SKU (an unknown code beeps and leaves the cart alone); F9 settles.
 * The cart's uuid is made once per sale and sent with every try, so a retried settlement is the same sale.
 */
export default function RetailOrderPage() {
  const t = useBillingT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const practice = pathname === '/orderInfo/practiceCash';
  const app = useSnapshot(appState);
  // The shell's live notices reach this window too: 更新提示, and a revoked session closes it.
  useRegisterNotices();
  const socket = useSnapshot(socketStatus).state;
  const shopId = Number(app.deviceShopId) || null;
  const userId = Number(app.user?.userId) || null;
  const queryClient = useQueryClient();
  // The sale in progress (cart, member, dialogs, the sale's outcome, the offline queue): registerStore.ts.
  const [state, dispatch] = useRegisterStore();
  const onHandOver = useCallback((open: boolean) => dispatch(open ? { type: 'open', dialog: 'handOver' } : { type: 'close', dialog: 'handOver' }), [dispatch]);
  const { cart, uuid, scanError, shopName, member, dialog, settled, savedOffline, onShift, queue, sending } = state;
  const closed = saleClosed(state);
  const catalogue = useRef<Catalogue | undefined>(undefined);
  const scanRef = useRef<HTMLInputElement>(null);
  const focusScan = () => setTimeout(() => scanRef.current?.focus(), 0);
  const { quantity, totalFen } = cartTotals(cart);
  // The server's price of the cart as it stands (promotions, 买赠 gifts, and 会员价 once a member is entered): what
  // settlement will charge. Offline or before it answers, the register's own sum at retail prices.
  const cartKey = cart.map((l) => `${l.skuId}x${l.quantity}/${l.discountRate ?? ''}`).join(',');
  const memberId = member?.memberId ?? null;
  const quote = useQuery({
    queryKey: ['register', 'quote', shopId, cartKey, memberId],
    queryFn: () => call<CartQuote>({ method: 'POST', url: `${O}/order/price`, silent: true, data: { shopId, memberId, lines: cart.map((l) => ({ skuId: l.skuId, quantity: l.quantity, ...(l.discountRate ? { discountRate: l.discountRate } : {}) })) } }),
    enabled: Boolean(shopId && cart.length),
    retry: false,
    networkMode: 'always',
    placeholderData: keepPreviousData,
  });
  // Without the network, the cart is priced here by the server's rules with the promotions kept in the catalogue,
  // so a card is charged what settlement will compute when the queued sale is sent.
  const offlineQuote = cart.length && quote.isError && isUnreachable(quote.error) && catalogue.current?.promotions
    ? quoteOffline(cart, catalogue.current.promotions, catalogue.current.skus)
    : null;
  const priced = (cart.length && quote.data && !quote.isPlaceholderData ? quote.data : null) ?? offlineQuote;
  const promotionFen = priced ? toFen(priced.promotionAmount) : 0;
  const dueFen = totalFen - promotionFen;

  // What the register reads at start is kept in this browser (orKept) and answered from there when the server
  // cannot be reached, so a cold start without network opens the register as it was. networkMode 'always': offline,
  // TanStack Query would pause the call instead of letting the kept answer through.
  const previous = useQuery({
    queryKey: ['register', 'previous', shopId, practice],
    queryFn: () => orKept(`previous:${app.tenantId}:${shopId}:${practice}`,
      () => call<SettledOrder | null>({ method: 'GET', url: `${O}/order/getOrderByBefore`, params: { shopId, isPractice: practice }, silent: true })),
    enabled: Boolean(shopId),
    networkMode: 'always',
  });

  // The shop's enabled payment methods in its order (门店支付方式); settlement refuses any other.
  const payMethods = useQuery({
    queryKey: ['register', 'payMethods', shopId],
    queryFn: () => orKept(`payMethods:${app.tenantId}:${shopId}`,
      () => call<ShopPayMethod[]>({ method: 'GET', url: `/wxy-shop-server/shop-pay-method-config/getByShop/${shopId}`, params: { sort: 'sort', order: 'asc' }, silent: true })),
    enabled: Boolean(shopId),
    networkMode: 'always',
    staleTime: 60_000,
  });
  const payOptions = (payMethods.data ?? []).filter((m) => m.enabled).map((m) => ({ value: String(m.payType), label: payName(m.payType) || String(m.payType) }));

  // The shop's catalogue, kept in this browser for scanning when the network drops: the cached copy at once, a
  // fresh one whenever the server answers.
  const [catalogueTakenAt, setCatalogueTakenAt] = useState<string | null>(null);
  useEffect(() => {
    if (!shopId) return;
    let live = true;
    void loadCatalogue(shopId).then((c) => {
      if (live && !catalogue.current && c) {
        catalogue.current = c;
        setCatalogueTakenAt(c.takenAt);
      }
    });
    call<Catalogue>({ method: 'GET', url: `${O}/order/catalogue/${shopId}`, silent: true })
      .then(async (c) => {
        catalogue.current = c;
        if (live) setCatalogueTakenAt(c.takenAt);
        await saveCatalogue(c);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [shopId]);

  // Offline sales: sent on opening (the page reloads when the network returns), on the online event and every 30 s.
  // A plain function read through a ref by the timer and the online listener below, so they see this render's state.
  const sendQueue = async () => {
    if (!shopId) return;
    dispatch({ type: 'sending', sending: true });
    try {
      const r = await drainQueue(shopId, sendQueued);
      if (r.sent) {
        void previous.refetch();
        void queryClient.invalidateQueries({ queryKey: ['register', 'shift'] });
      }
    } finally {
      dispatch({ type: 'queue', queue: await queuedSales(shopId) });
      dispatch({ type: 'sending', sending: false });
    }
  };
  const sendQueueRef = useRef(sendQueue);
  sendQueueRef.current = sendQueue;
  useEffect(() => {
    if (!shopId) return;
    const send = () => void sendQueueRef.current();
    send();
    const timer = window.setInterval(send, QUEUE_RETRY_MS);
    window.addEventListener('online', send);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [shopId]);

  // A scan is answered from the shop's catalogue kept in this browser when it knows the code: the line shows at
  // once and order/scanCode confirms it in the background (its name, price and stock replace the cached ones; a
  // refusal takes the unit back out with the server's message and a beep). Settlement prices every line on the
  // server anyway. An unknown code waits for the server. networkMode 'always': offline, TanStack Query would pause
  // the call; the register wants the failure at once to fall back on its cached catalogue.
  const scanCode = async (c: string) => {
    const shown = findInCatalogue(catalogue.current, c);
    if (shown) dispatch({ type: 'scanShown', sku: shown });
    let answer: ScannedSku & { shopName: string };
    try {
      answer = await call<ScannedSku & { shopName: string }>({ method: 'POST', url: `${O}/order/scanCode`, data: { code: c, shopId }, silent: true });
    } catch (e) {
      if (isUnreachable(e)) {
        // No network: the cached catalogue answers (its stock figure is as of the last time it was fetched).
        if (shown) return;
        dispatch({ type: 'scanFailed', message: t('offlineUnknown', { code: c }) });
      } else dispatch({ type: 'scanFailed', message: messageOf(e), undoSkuId: shown?.skuId });
      beep();
      return;
    }
    const { shopName: name, ...sku } = answer;
    dispatch({ type: 'scanAnswered', sku, shopName: name, shownSkuId: shown?.skuId });
  };

  // The offline shell (a service worker for this page's path): a reload or a browser restart without network opens
  // the register. A new version waits for a moment that loses nothing (an empty cart) and is then taken at once.
  useEffect(() => {
    void installRegisterShell(pathname);
  }, [pathname]);
  const shell = useSnapshot(shellState);
  const online = useNetwork().online;
  const kept = useSnapshot(keptState);
  const canUpdate = safeToUpdate(state);
  useEffect(() => {
    if (shell.updateWaiting && canUpdate) applyUpdate();
  }, [shell.updateWaiting, canUpdate]);

  // Back online the application reloads (src/feedback/networkWatch.ts), but never over a sale on the register: the
  // reload waits for an empty cart (the kept sales are sent meanwhile by the online listener above).
  const [reconnectReload, setReconnectReload] = useState<(() => void) | null>(null);
  useEffect(() => {
    holdReconnectReload((reload) => setReconnectReload(() => reload));
    return () => holdReconnectReload(null);
  }, []);
  useEffect(() => {
    if (reconnectReload && !cart.length) reconnectReload();
  }, [reconnectReload, cart.length]);

  // A window of its own (no shell): its title names it.
  useEffect(() => {
    document.title = practice ? t('practiceTitle') : t('retailTitle');
  }, [practice]);

  // The scan box takes the focus once the shift is open (it is disabled before).
  useEffect(() => {
    if (onShift) focusScan();
  }, [onShift]);

  if (!shopId)
    return (
      <Paper p="xl" maw={560} mx="auto" mt="xl" withBorder data-testid="register-no-device">
        <Stack>
          <Title order={4}>{t('notDevice')}</Title>
          <Text size="sm">{t('notDeviceText')}</Text>
          <Group>
            <Button onClick={() => navigate(DEVICE_ACTIVE_PATH)}>{t('activate')}</Button>
            {/* Back to the back-office's landing page (首页, or the first page of a user without one). */}
            <Button variant="default" onClick={() => navigate('/')} data-testid="register-back">{t('back')}</Button>
          </Group>
        </Stack>
      </Paper>
    );

  const current = currentLine(state);
  const onScanKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const box = e.currentTarget;
    const typed = box.value.trim();
    const key = e.key;
    if (key === 'Enter') {
      e.preventDefault();
      box.value = '';
      // *数量 + Enter sets the chosen line's quantity; anything else is a code.
      const times = /^[*xX×](\d{1,4})$/.exec(typed);
      const discount = parseDiscount(typed);
      if (discount !== undefined) {
        if (typeof discount === 'string') dispatch({ type: 'scanError', message: discount });
        else if (current) {
          dispatch({ type: 'discount', skuId: current.skuId, rate: discount });
          dispatch({ type: 'scanError', message: null });
        } else dispatch({ type: 'scanError', message: t('emptyForDiscount') });
      } else if (times && current) dispatch({ type: 'quantity', skuId: current.skuId, quantity: Number(times[1]) });
      else if (times) dispatch({ type: 'scanError', message: t('emptyForQuantity') });
      else if (typed) void scanCode(typed);
    } else if (key === 'F9') {
      e.preventDefault();
      dispatch({ type: 'open', dialog: 'pay' });
    } else if (key === 'F4') {
      e.preventDefault();
      document.querySelector<HTMLButtonElement>('[data-testid="register-park"]:not([disabled])')?.click();
    } else if (key === 'F2') {
      e.preventDefault();
      dispatch({ type: 'open', dialog: 'refund' });
    } else if (key === 'F6') {
      e.preventDefault();
      dispatch({ type: 'open', dialog: 'parked' });
    } else if (key === 'F8') {
      e.preventDefault();
      document.querySelector<HTMLInputElement>('[data-testid="register-member-phone"]')?.focus();
    } else if (typed || !current) {
      return;
    } else if (key === 'Delete') {
      e.preventDefault();
      dispatch({ type: 'removeCurrent' });
    } else if (key === '+' || key === '=' || key === '-') {
      e.preventDefault();
      dispatch({ type: 'step', by: key === '-' ? -1 : 1 });
    } else if (key === 'ArrowUp' || key === 'ArrowDown') {
      e.preventDefault();
      dispatch({ type: 'move', by: key === 'ArrowUp' ? -1 : 1 });
    }
  };

  const nextSale = () => {
    dispatch({ type: 'nextSale', uuid: newUuid() });
    focusScan();
  };

  return (
    <Stack p="md" gap="sm" data-testid="register" data-socket={socket} data-offline-ready={shell.ready ? 'yes' : 'no'}>
      {(!online || kept.usedAt !== null) && (
        <Alert color="orange" variant="filled" title={t('offlineMode')} data-testid="register-offline">
          {t('offlineModeText', { taken: catalogueTakenAt ? t('offlineKeptAt', { time: localMinute(catalogueTakenAt) }) : t('offlineKeptUnknown') })}
        </Alert>
      )}
      {shell.updateWaiting && (
        <Alert color="blue" title={t('updateReady')} data-testid="register-update-ready">{t('updateReadyText')}</Alert>
      )}
      <Group justify="space-between">
        <Group>
          <Title order={4}>{practice ? t('practiceTitle') : t('retailTitle')}</Title>
          {practice && <Badge color="orange">{t('practiceBadge')}</Badge>}
          {shopName && <Badge variant="light" data-testid="register-shop">{shopName}</Badge>}
        </Group>
        <Group gap="sm">
          {previous.data && (
            <Text size="sm" c="dimmed" data-testid="register-previous">
              {t('previous', { orderNo: previous.data.orderNo, amount: amountText(previous.data.totalAmount) })}
            </Text>
          )}
          {shopId && <OfflineQueue queue={queue} sending={sending} onSend={() => void sendQueue()}
            onRetry={(u) => void retryQueued(u).then(sendQueue)} onRemove={(u) => void removeQueued(u).then(async () => dispatch({ type: 'queue', queue: await queuedSales(shopId) }))} />}
          {userId && <ShiftBar userId={userId} shopId={shopId} practice={practice} unsent={queue.filter((q) => q.body.isPractice === practice).length} onShift={(open) => dispatch({ type: 'shift', open })} onHandOver={onHandOver} />}
          <PrintSettings />
          <Button size="xs" variant="default" onClick={() => dispatch({ type: 'open', dialog: 'refund' })} data-testid="register-refund">{t('refund')}</Button>
          {!practice && <Button size="xs" variant="default" onClick={() => dispatch({ type: 'open', dialog: 'exchange' })} data-testid="register-exchange">{t('exchange')}</Button>}
          {/* The back-office has no offline mode: without network its pages cannot load, so the register stays. */}
          <Button size="xs" variant="subtle" color="gray" onClick={() => navigate('/')} disabled={!online} title={online ? undefined : t('leaveOffline')} data-testid="register-leave">{t('leave')}</Button>
        </Group>
      </Group>
      <TextInput
        ref={scanRef}
        autoFocus
        size="lg"
        placeholder={t('scanPlaceholder')}
        onKeyDown={onScanKey}
        onChange={scanError ? () => dispatch({ type: 'scanError', message: null }) : undefined}
        error={scanError}
        disabled={closed || !onShift}
        data-testid="register-scan"
      />
      <Text size="xs" c="dimmed" data-testid="register-keys">
        {t('keys')}
      </Text>
      <MemberBox key={uuid} practice={practice} shopId={shopId} member={member} onMember={(m) => dispatch({ type: 'member', member: m })} disabled={closed}
        actions={member && !practice && (
          <Button size="xs" variant="light" color="grape" onClick={() => dispatch({ type: 'open', dialog: 'recharge' })} data-testid="register-recharge">{t('recharge')}</Button>
        )} />
      <CartTable cart={cart} current={current} priced={priced} dispatch={dispatch} />
      <Group justify="space-between">
        <Text size="lg" data-testid="register-total">
          {t('totalItems', { count: quantity })}{promotionFen > 0 && t('totalPromo', {
            total: yuanText(totalFen), promotion: yuanText(promotionFen),
            fullReduction: priced?.fullReduction ? t('fullReductionPart', { name: priced.fullReduction.promotionName, amount: amountText(priced.fullReduction.amount) }) : '',
          })}{t('due')} <b>¥{yuanText(dueFen)}</b>
        </Text>
        <Group>
          <ParkedSales shopId={shopId} practice={practice} cart={cart} member={member} disabled={Boolean(settled)} open={dialog === 'parked'}
            onOpen={(open) => dispatch(open ? { type: 'open', dialog: 'parked' } : { type: 'close', dialog: 'parked' })}
            onParked={nextSale}
            onTaken={(lines, m, dropped) => {
              dispatch({ type: 'taken', cart: lines, member: m, message: dropped.length ? t('droppedLines', { names: dropped.join(t('listJoin')) }) : null });
              focusScan();
            }} />
          <Button size="lg" disabled={!cart.length || closed || !onShift} onClick={() => dispatch({ type: 'open', dialog: 'pay' })} data-testid="register-pay">{t('settle')}</Button>
        </Group>
      </Group>

      {settled && (
        <Alert color="green" title={t('settled', { orderNo: settled.orderNo })} data-testid="register-settled">
          <Stack gap="xs">
            <Text>{t('paidChange', { paid: amountText(settled.paidAmount) })}<b>¥{amountText(settled.changeAmount)}</b></Text>
            {settled.memberId && <Text data-testid="register-points">{t('memberPoints', { member: settled.memberName ?? settled.memberPhone, points: settled.pointsEarned })}</Text>}
            <Group>
              <Button variant="default" onClick={() => void printReceipt(settled)} data-testid="register-print">{t('printReceipt')}</Button>
              <Button onClick={nextSale} data-testid="register-next">{t('nextSale')}</Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {savedOffline && (
        <Alert color="orange" title={t('savedOffline')} data-testid="register-saved-offline">
          <Stack gap="xs">
            <Text>{t('savedOfflineText')}</Text>
            <Group>
              <Button onClick={nextSale} data-testid="register-next">{t('nextSale')}</Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <ExchangeDialog
        opened={dialog === 'exchange'}
        shopId={shopId}
        onClose={() => {
          dispatch({ type: 'close', dialog: 'exchange' });
          focusScan();
        }}
        initialOrderNo={previous.data?.orderNo}
        onDone={() => void queryClient.invalidateQueries({ queryKey: ['register', 'shift'] })}
      />
      <RefundDialog
        opened={dialog === 'refund'}
        onClose={() => {
          dispatch({ type: 'close', dialog: 'refund' });
          focusScan();
        }}
        initialOrderNo={previous.data?.orderNo}
        onRefunded={() => {
          void previous.refetch();
          void queryClient.invalidateQueries({ queryKey: ['register', 'shift'] });
        }}
      />

      <PayDialog opened={dialog === 'pay'} onClose={() => dispatch({ type: 'close', dialog: 'pay' })} uuid={uuid} shopId={shopId} practice={practice} cart={cart} totalFen={dueFen}
        member={member} payOptions={payOptions}
        onSettled={(order) => {
          dispatch({ type: 'settled', order });
          void previous.refetch();
          void queryClient.invalidateQueries({ queryKey: ['register', 'shift'] });
        }}
        onQueued={() => {
          dispatch({ type: 'savedOffline' });
          void queuedSales(shopId).then((queue) => dispatch({ type: 'queue', queue }));
        }} />
      {member && !practice && (
        <RechargeDialog opened={dialog === 'recharge'} onClose={() => dispatch({ type: 'close', dialog: 'recharge' })} shopId={shopId} member={member} payOptions={payOptions}
          onRecharged={(balance) => dispatch({ type: 'recharged', balance })} />
      )}
    </Stack>
  );
}
