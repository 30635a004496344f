import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { messageOf } from './messageOf';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useReducer } from 'react';
import { call } from '../../src/api/http';
import { CASH, VOUCHER, splitPayments, type CartLine } from './cart';
import type { RegisterMember } from './MemberBox';
import { enqueueSale, isUnreachable, type SaleBody } from './offline';
import type { SettledOrder } from './receipt';
import { emptyPay, reducePay, type AbleCoupon } from './registerStore';
import { useBillingT } from './labels';
import { toFen, yuanText, amountText } from '../../core/money.ts';

const O = '/wxy-order-server';
const M = '/wxy-member-server';

/**
 * 收款 (F9): a coupon (the member's, or a paper one by its 12-digit code), the member's balance, then the rest by
 * one of the shop's methods; cash gives change. The server prices and checks everything again at settlement. When
 * the network is gone the sale is kept on this computer (离线单) and sent later with the same uuid — only for
 * sales that need no server check first (no coupon, no balance).
 */
export function PayDialog(props: {
  opened: boolean;
  onClose: () => void;
  uuid: string;
  shopId: number;
  practice: boolean;
  cart: CartLine[];
  totalFen: number;
  member: RegisterMember | null;
  payOptions: { value: string; label: string }[];
  onSettled: (order: SettledOrder) => void;
  onQueued: () => void;
}) {
  const { cart, member, shopId, practice } = props;
  const lines = cart.map((l) => ({ skuId: l.skuId, quantity: l.quantity, price: l.retailPrice, ...(l.discountRate ? { discountRate: l.discountRate } : {}) }));
  const cartKey = lines.map((l) => `${l.skuId}x${l.quantity}/${l.discountRate ?? ''}`).join(',');
  const t = useBillingT();
  // The cashier's choices (coupon, balance, 券 — pay type 6, when the shop has enabled it —, method, cash): registerStore.ts.
  const [pay, dispatch] = useReducer(reducePay, emptyPay);
  const { couponId, paper, paperCode, balanceUse, payType, tendered, voucherCode, voucherFace } = pay;
  const memberCoupons = Boolean(props.opened && member && !practice);

  const coupons = useQuery({
    queryKey: ['register', 'coupons', member?.memberId, shopId, cartKey],
    queryFn: () => call<AbleCoupon[]>({ method: 'POST', url: `${M}/mb-coupon/order/optional/able`, data: { memberId: member!.memberId, shopId, lines }, silent: true }),
    enabled: memberCoupons,
    retry: false,
  });
  const chosen: AbleCoupon | null = paper ?? coupons.data?.find((c) => String(c.memberCouponId) === couponId) ?? null;
  const maxBalance = useQuery({
    queryKey: ['register', 'maxBalance', member?.memberId, shopId, cartKey, chosen?.memberCouponId ?? null],
    queryFn: () =>
      call<{ balance: number; payableAmount: number; maxBalance: number }>({
        method: 'POST', url: `${O}/order/canUseMaxBalance`, silent: true,
        data: { memberId: member!.memberId, shopId, lines, memberCouponId: chosen?.memberCouponId ?? null },
      }),
    enabled: memberCoupons,
    retry: false,
  });
  // The tenant's consume rule (会员消费规则): the points this sale earns the member, as settlement credits them.
  const rule = useQuery({
    queryKey: ['register', 'consumeRule'],
    queryFn: () => call<{ pointsPerYuan: number }>({ method: 'GET', url: `${M}/mb-consume-rule/info`, silent: true }),
    enabled: Boolean(props.opened && member),
    staleTime: 300_000,
    retry: false,
  });
  // 查券: the server's face amount fills the payment (a cashier never types it); a used, expired or unknown code says why.
  const lookVoucher = useMutation({
    mutationFn: () => call<{ voucherName: string; platformType: number; faceAmount: number; validEnd: string | null }>({ method: 'GET', url: `${O}/order/voucher/${encodeURIComponent(voucherCode.trim())}`, params: { shopId }, silent: true }),
    onSuccess: (v) => dispatch({ type: 'voucherFace', amount: v.faceAmount }),
    onError: () => dispatch({ type: 'voucherFace', amount: '' }),
  });
  const checkPaper = useMutation({
    mutationFn: () => call<AbleCoupon>({ method: 'POST', url: `${M}/mb-coupon/order/paper/able`, silent: true, data: { couponCode: paperCode.trim(), shopId, memberId: member?.memberId ?? null, lines } }),
    onSuccess: (coupon) => dispatch({ type: 'paperChecked', coupon }),
  });

  const couponFen = toFen(chosen?.discountAmount ?? 0);
  const payableFen = maxBalance.data ? toFen(maxBalance.data.payableAmount) : props.totalFen - couponFen;
  const maxBalanceFen = toFen(maxBalance.data?.maxBalance ?? 0);
  const takesVoucher = !practice && props.payOptions.some((o) => o.value === String(VOUCHER));
  const restOptions = props.payOptions.filter((o) => o.value !== String(VOUCHER));
  const currentPayType = restOptions.some((o) => o.value === payType) ? Number(payType) : Number(restOptions[0]?.value ?? CASH);
  const voucher = takesVoucher && voucherCode.trim() && Number(voucherFace) > 0 ? { code: voucherCode.trim(), faceFen: toFen(voucherFace) } : null;
  const owed = { payableFen, balanceFen: toFen(balanceUse || 0), maxBalanceFen, payType: currentPayType, voucher };
  // Cash handed over starts at exactly what is still owed (after coupon and balance) until the cashier types it.
  const restFen = splitPayments({ ...owed, tendered: 0 }).restFen;
  const split = splitPayments({ ...owed, tendered: tendered === '' ? restFen / 100 : tendered });

  const body = (): SaleBody & { memberCouponId: number | null } => ({
    uuid: props.uuid,
    shopId,
    isPractice: practice,
    lines,
    memberId: member?.memberId ?? null,
    memberCouponId: chosen?.memberCouponId ?? null,
    payments: split.payments,
  });
  const settle = useMutation({
    // Offline the call must fail at once (to keep the sale here), not wait paused for the network.
    networkMode: 'always',
    mutationFn: async (): Promise<SettledOrder | 'queued'> => {
      const b = body();
      // When the sale is made: a sale kept offline is booked at this moment, not when it reaches the server.
      const saleTime = new Date().toISOString();
      try {
        return await call<SettledOrder>({ method: 'POST', url: `${O}/order/settlement`, timeout: 180_000, silent: true, data: b });
      } catch (e) {
        if (!isUnreachable(e)) throw e;
        if (b.memberCouponId || split.balanceFen > 0 || split.voucherFen > 0) throw new Error(t('offlineNoCoupon'));
        const { memberCouponId: _none, ...offline } = b;
        await enqueueSale({ ...offline, saleTime }, { totalAmount: props.totalFen / 100, totalQuantity: cart.reduce((a, l) => a + l.quantity, 0) });
        return 'queued';
      }
    },
    onSuccess: (r) => (r === 'queued' ? props.onQueued() : props.onSettled(r)),
  });

  const reset = () => {
    dispatch({ type: 'reset' });
    lookVoucher.reset();
    settle.reset();
    checkPaper.reset();
  };
  const canPay = split.changeFen !== null && payableFen >= 0 && !settle.isPending;
  const couponOptions = (coupons.data ?? []).map((c) => ({
    value: String(c.memberCouponId),
    label: c.usable ? t('couponUsable', { name: c.couponName, amount: amountText(c.discountAmount), end: c.endDate }) : t('couponUnusable', { name: c.couponName, reason: c.reason }),
    disabled: !c.usable,
  }));

  return (
    <Modal opened={props.opened} onClose={props.onClose} onExitTransitionEnd={reset} title={t('payTitle', { amount: yuanText(props.totalFen) })} centered size="lg">
      <Stack>
        {member && !practice && (
          <Select
            label={t('memberCoupon')}
            placeholder={coupons.isLoading ? t('searching') : couponOptions.length ? t('noCouponUse') : t('noCoupons')}
            data={couponOptions}
            value={couponId}
            onChange={(v) => dispatch({ type: 'coupon', couponId: v })}
            clearable
            disabled={!couponOptions.length}
            data-testid="register-coupon"
          />
        )}
        {!practice && (
          <Group align="flex-end" gap="xs">
            <TextInput label={t('paperCode')} placeholder={t('paperCodeHint')} maxLength={12} inputMode="numeric" value={paperCode} w={200}
              onChange={(e) => dispatch({ type: 'paperCode', text: e.currentTarget.value })}
              onKeyDown={(e) => e.key === 'Enter' && paperCode.length === 12 && checkPaper.mutate()}
              error={checkPaper.isError ? messageOf(checkPaper.error) : null} data-testid="register-paper-code" />
            <Button variant="default" disabled={paperCode.length !== 12} loading={checkPaper.isPending} onClick={() => checkPaper.mutate()}>{t('usePaperCode')}</Button>
          </Group>
        )}
        {chosen && (
          <Text size="sm" data-testid="register-coupon-used">
            {t('couponUsed', { name: chosen.couponName, amount: amountText(chosen.discountAmount) })}
          </Text>
        )}
        {member && !practice && maxBalance.data && maxBalance.data.balance > 0 && (
          <Group align="flex-end" gap="xs">
            <NumberInput label={t('useBalance', { balance: amountText(maxBalance.data.balance), max: amountText(maxBalance.data.maxBalance) })} min={0} max={maxBalance.data.maxBalance}
              decimalScale={2} value={balanceUse} onChange={(amount) => dispatch({ type: 'balance', amount })} w={320} data-testid="register-balance-use" />
            <Button variant="default" onClick={() => dispatch({ type: 'balance', amount: maxBalance.data!.maxBalance })} data-testid="register-balance-all">{t('useAllBalance')}</Button>
          </Group>
        )}
        {takesVoucher && (
          <Group align="flex-end" gap="xs">
            <TextInput label={t('voucherCode')} maxLength={32} value={voucherCode} w={220}
              onChange={(e) => {
                dispatch({ type: 'voucherCode', text: e.currentTarget.value });
                lookVoucher.reset();
              }}
              onKeyDown={(e) => e.key === 'Enter' && voucherCode.trim() && lookVoucher.mutate()}
              error={lookVoucher.isError ? messageOf(lookVoucher.error) : null} data-testid="register-voucher-code" />
            <Button variant="default" disabled={!voucherCode.trim()} loading={lookVoucher.isPending} onClick={() => lookVoucher.mutate()} data-testid="register-voucher-look">{t('lookVoucher')}</Button>
            <NumberInput label={t('voucherFace')} readOnly value={voucherFace} decimalScale={2} fixedDecimalScale w={110} placeholder={t('voucherFaceHint')} data-testid="register-voucher-face" />
            {lookVoucher.data && <Text size="sm" c="dimmed" data-testid="register-voucher-name">{lookVoucher.data.voucherName}{lookVoucher.data.validEnd ? t('validUntil', { end: lookVoucher.data.validEnd }) : ''}</Text>}
            {split.voucherFen > 0 && (
              <Text size="sm" data-testid="register-voucher-used">
                {t('voucherPays', { amount: yuanText(split.voucherFen) })}{voucher && voucher.faceFen > split.voucherFen ? t('voucherNoChange', { amount: yuanText(voucher.faceFen - split.voucherFen) }) : ''}
              </Text>
            )}
          </Group>
        )}
        <Text data-testid="register-payable">
          {t('payable')} <b>¥{yuanText(payableFen)}</b>
          {(split.balanceFen > 0 || split.voucherFen > 0) && <>{split.balanceFen > 0 && t('balancePays', { amount: yuanText(split.balanceFen) })}{split.voucherFen > 0 && t('voucherPaysPart', { amount: yuanText(split.voucherFen) })}{t('restToPay')}<b>¥{yuanText(split.restFen)}</b></>}
        </Text>
        {member && rule.data && (
          <Text size="sm" c="grape" data-testid="register-points-preview">
            {t('pointsPreview', { points: Math.floor(payableFen / 100) * rule.data.pointsPerYuan, perYuan: rule.data.pointsPerYuan })}
          </Text>
        )}
        {split.restFen > 0 && (
          <>
            <SegmentedControl data={restOptions} value={String(currentPayType)} onChange={(v) => dispatch({ type: 'payType', payType: v })} data-testid="register-pay-type" />
            {currentPayType === CASH && (
              <NumberInput label={t('tendered')} min={0} decimalScale={2} value={tendered === '' ? split.restFen / 100 : tendered} onChange={(amount) => dispatch({ type: 'tendered', amount })} data-autofocus
                onKeyDown={(e) => e.key === 'Enter' && canPay && settle.mutate()} data-testid="register-tendered" />
            )}
            <Text data-testid="register-change">{split.changeFen === null ? t('notEnough') : t('change', { amount: yuanText(split.changeFen) })}</Text>
          </>
        )}
        {settle.isError && <Alert color="red" data-testid="register-error">{messageOf(settle.error)}</Alert>}
        <Button size="md" loading={settle.isPending} disabled={!canPay} onClick={() => settle.mutate()} data-testid="register-confirm">{t('confirmPay')}</Button>
      </Stack>
    </Modal>
  );
}
