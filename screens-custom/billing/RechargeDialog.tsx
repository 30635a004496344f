import { Alert, Button, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { messageOf } from './messageOf';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../src/api/http';
import type { RegisterMember } from './MemberBox';
import { useBillingT } from './labels';
import { amountText } from '../../core/money.ts';

interface Recharged {
  rechargeNo: string;
  payAmount: number;
  giftAmount: number;
  ruleName: string | null;
  balanceAfter: number;
}

/**
 * 会员充值 at the register: an amount paid by one of the shop's methods (not balance); a recharge activity the
 * amount reaches adds its gift. One uuid per opening of the dialog, so a double click or a retry tops up once.
 */
export function RechargeDialog(props: {
  opened: boolean;
  onClose: () => void;
  shopId: number;
  member: RegisterMember;
  payOptions: { value: string; label: string }[];
  onRecharged: (balanceAfter: number) => void;
}) {
  const t = useBillingT();
  const [uuid, setUuid] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState<string | number>('');
  const [payType, setPayType] = useState<string | null>(null);
  const current = props.payOptions.some((o) => o.value === payType) ? payType! : (props.payOptions[0]?.value ?? '1');
  const save = useMutation({
    mutationFn: () =>
      call<Recharged>({ method: 'POST', url: '/wxy-order-server/balance-recharge/save', silent: true, timeout: 180_000,
        data: { uuid, shopId: props.shopId, memberId: props.member.memberId, payType: Number(current), amount: Number(amount) } }),
    onSuccess: (r) => props.onRecharged(r.balanceAfter),
  });
  const reset = () => {
    setUuid(crypto.randomUUID());
    setAmount('');
    save.reset();
  };
  const done = save.data;
  return (
    <Modal opened={props.opened} onClose={props.onClose} onExitTransitionEnd={reset} title={t('rechargeTitle', { member: props.member.memberName ?? props.member.phoneNumber })} centered>
      {done ? (
        <Stack data-testid="recharge-done">
          <Alert color="green" title={t('recharged', { no: done.rechargeNo })}>
            {t('rechargePaid', { amount: amountText(done.payAmount) })}{done.giftAmount > 0 ? t('rechargeGift', { amount: amountText(done.giftAmount), rule: done.ruleName ?? t('rechargeRule') }) : ''}{t('balanceAfter', { amount: amountText(done.balanceAfter) })}
          </Alert>
          <Button onClick={props.onClose}>{t('done')}</Button>
        </Stack>
      ) : (
        <Stack>
          <NumberInput label={t('rechargeAmount')} min={0.01} max={100000} decimalScale={2} value={amount} onChange={setAmount} data-autofocus data-testid="recharge-amount" />
          <SegmentedControl data={props.payOptions} value={current} onChange={setPayType} data-testid="recharge-pay-type" />
          {save.isError && <Alert color="red" data-testid="recharge-error">{messageOf(save.error)}</Alert>}
          <Text size="xs" c="dimmed">{t('rechargeNote')}</Text>
          <Button loading={save.isPending} disabled={!(Number(amount) > 0)} onClick={() => save.mutate()} data-testid="recharge-confirm">{t('confirmRecharge')}</Button>
        </Stack>
      )}
    </Modal>
  );
}
