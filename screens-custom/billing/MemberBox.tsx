import { Badge, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { messageOf } from './messageOf';
import { useMutation } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { call } from '../../src/api/http';
import { isValidPhone } from '../../src/forms/inputRules';
import { maskPhone } from './receipt';
import { useBillingT } from './labels';
import { amountText } from '../../core/money.ts';

const M = '/wxy-member-server';
const LEVELS: Record<number, 'level1' | 'level2' | 'level3'> = { 1: 'level1', 2: 'level2', 3: 'level3' };

export interface RegisterMember {
  memberId: number;
  phoneNumber: string;
  memberName: string | null;
  memberLevel: number;
  points: number;
  /** 会员余额 (stored value); practice members have none. */
  balance?: number;
}

/**
 * The sale's member: typed phone number + Enter finds them (mb-base-info info/{phone}/{isPractice}); an unknown
 * number offers to register them on the spot (mb-base-info add, at this shop). Practice sales find practice members.
 */
export function MemberBox(props: { practice: boolean; shopId: number | null; member: RegisterMember | null; onMember: (m: RegisterMember | null) => void; disabled?: boolean; actions?: ReactNode }) {
  const t = useBillingT();
  const [phone, setPhone] = useState('');
  const [notFound, setNotFound] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const [name, setName] = useState('');
  const [sex, setSex] = useState<string | null>(null);

  const find = useMutation({
    mutationFn: (p: string) => call<RegisterMember | null>({ method: 'GET', url: `${M}/mb-base-info/info/${p}/${props.practice ? 1 : 0}`, silent: true }),
    onSuccess: (m, p) => {
      setNotFound(m ? null : p);
      if (m) props.onMember(m);
    },
  });
  const add = useMutation({
    mutationFn: () =>
      call<RegisterMember>({
        method: 'POST', url: `${M}/mb-base-info/add`, silent: true,
        data: { phoneNumber: notFound, memberName: name.trim() || null, sex: sex ? Number(sex) : null, shopId: props.shopId, isPractice: props.practice },
      }),
    onSuccess: (m) => {
      props.onMember(m);
      setRegistering(false);
      setNotFound(null);
      setName('');
      setSex(null);
    },
  });

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (isValidPhone(phone)) find.mutate(phone);
  };
  const phoneError = phone.length === 11 && !isValidPhone(phone) ? t('badPhone') : find.isError ? messageOf(find.error) : null;

  if (props.member) {
    const m = props.member;
    return (
      <Group gap="sm" data-testid="register-member">
        <Badge size="lg" variant="light" color="grape">{t('memberBadge', { name: m.memberName ?? '', phone: maskPhone(m.phoneNumber) })}</Badge>
        <Text size="sm" data-testid="register-member-points">{LEVELS[m.memberLevel] ? t(LEVELS[m.memberLevel]) : ''} · {t('points', { points: m.points })}{props.practice ? '' : t('balance', { amount: amountText(m.balance) })}</Text>
        {props.actions}
        <Button size="xs" variant="subtle" color="gray" disabled={props.disabled} onClick={() => { props.onMember(null); setPhone(''); }} data-testid="register-member-clear">
          {t('clearMember')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="sm" align="flex-start">
      <TextInput w={220} placeholder={t('memberPhone')} value={phone} maxLength={11} inputMode="numeric" disabled={props.disabled}
        onChange={(e) => { setPhone(e.currentTarget.value.replace(/\D/g, '')); setNotFound(null); }} onKeyDown={onKey}
        error={phoneError} data-testid="register-member-phone" />
      {notFound && (
        <Group gap="xs" mt={6}>
          <Text size="sm" c="dimmed" data-testid="register-member-none">{t('memberNotFound', { phone: notFound })}</Text>
          <Button size="xs" variant="light" onClick={() => setRegistering(true)} data-testid="register-member-new">{t('registerMember')}</Button>
        </Group>
      )}
      <Modal opened={registering} onClose={() => setRegistering(false)} title={t('registerTitle', { phone: notFound ?? '' })} centered>
        <Stack>
          <TextInput label={t('memberName')} maxLength={24} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus data-testid="register-member-name" />
          <Select label={t('sex')} data={[{ value: '1', label: t('male') }, { value: '2', label: t('female') }]} value={sex} onChange={setSex} clearable />
          {add.isError && <Text c="red" size="sm">{messageOf(add.error)}</Text>}
          <Button loading={add.isPending} onClick={() => add.mutate()} data-testid="register-member-save">{t('registerAndUse')}</Button>
        </Stack>
      </Modal>
    </Group>
  );
}
