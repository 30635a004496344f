import { Button, Group, Modal, MultiSelect, NumberInput, PasswordInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../api/queryClient';
import { systemApi, type UserOptions } from '../../api/system';
import type { UserRow } from '../../api/types';
import { notifySuccess } from '../../feedback/notify';
import { MAX_LENGTH, integerInput, phoneError, searchDaysLimit } from '../../forms/inputRules';

/** The roles, departments and shops a user form offers, each by name (GET user/options). */
export const useUserOptions = () => useQuery({ queryKey: ['system', 'userOptions'], queryFn: () => systemApi.userOptions(), staleTime: 30_000 });

const asData = (options: { value: number; label: string }[] | undefined) => (options ?? []).map((o) => ({ value: String(o.value), label: o.label }));

/** 角色, 部门, 所属门店 of a user: shared by 新增用户 and 编辑用户. */
export function UserLinkFields(props: {
  options: UserOptions | undefined;
  roleIds: string[];
  deptId: string | null;
  shopIds: string[];
  onChange: (patch: { roleIds?: string[]; deptId?: string | null; shopIds?: string[] }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <MultiSelect label={t('org.roles')} data={asData(props.options?.roles)} value={props.roleIds} onChange={(roleIds) => props.onChange({ roleIds })}
        searchable clearable data-testid="user-roles" />
      <Select label={t('org.dept')} placeholder={t('org.noDept')} data={asData(props.options?.departments)} value={props.deptId}
        onChange={(deptId) => props.onChange({ deptId })} searchable clearable data-testid="user-dept" />
      <MultiSelect label={t('org.shops')} data={asData(props.options?.shops)} value={props.shopIds} onChange={(shopIds) => props.onChange({ shopIds })}
        searchable clearable data-testid="user-shops" />
    </>
  );
}

const invalidateUsers = () => queryClient.invalidateQueries({ queryKey: ['system', 'users'] });

/** 新增用户: login name, staff number, name, phone, an initial password, roles, department and shops. */
export function UserAddDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useUserOptions();
  const blank = { userNo: '', userName: '', name: '', phone: '', password: '', roleIds: [] as string[], deptId: null as string | null, shopIds: [] as string[] };
  const [form, setForm] = useState(blank);
  const phoneProblem = phoneError(form.phone);
  const add = useMutation({
    mutationFn: () =>
      systemApi.addUser({
        userNo: form.userNo.trim(), userName: form.userName.trim(), name: form.name.trim(), phone: form.phone, password: form.password,
        roleIds: form.roleIds.map(Number), deptId: form.deptId ? Number(form.deptId) : null, shopIds: form.shopIds.map(Number),
      }),
    onSuccess: () => {
      notifySuccess({ key: 'org.added' });
      void invalidateUsers();
      setForm(blank);
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.userNo.trim() || !form.userName.trim() || !form.name.trim() || form.password.length < 6 || phoneProblem || add.isPending) return;
    add.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('org.addUser')} size="lg">
      <form onSubmit={submit} data-testid="user-add-form">
        <Stack>
          <Group grow>
            <TextInput label={t('users.userName')} required maxLength={MAX_LENGTH.default} value={form.userName} onChange={(e) => setForm({ ...form, userName: e.currentTarget.value })} data-testid="user-add-userName" />
            <TextInput label={t('users.userNo')} required maxLength={MAX_LENGTH.default} value={form.userNo} onChange={(e) => setForm({ ...form, userNo: e.currentTarget.value })} data-testid="user-add-userNo" />
          </Group>
          <Group grow>
            <TextInput label={t('users.name')} required maxLength={MAX_LENGTH.name} value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} data-testid="user-add-name" />
            <TextInput label={t('users.phone')} maxLength={MAX_LENGTH.phone} inputMode="numeric" value={form.phone}
              onChange={(e) => setForm({ ...form, phone: integerInput(e.currentTarget.value) })} error={phoneProblem ? t(phoneProblem) : undefined} data-testid="user-add-phone" />
          </Group>
          <PasswordInput label={t('org.password')} description={t('org.passwordHint')} required maxLength={MAX_LENGTH.input} value={form.password}
            error={form.password && form.password.length < 6 ? t('org.passwordHint') : undefined}
            onChange={(e) => setForm({ ...form, password: e.currentTarget.value })} data-testid="user-add-password" />
          <UserLinkFields options={options.data} roleIds={form.roleIds} deptId={form.deptId} shopIds={form.shopIds}
            onChange={(patch) => setForm({ ...form, ...patch })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={add.isPending} data-testid="user-add-save">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 重置密码: a new password; the user's sessions end. */
export function ResetPasswordDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: () => systemApi.resetPassword(user!.id, password),
    onSuccess: () => {
      notifySuccess({ key: 'org.resetDone' });
      setPassword('');
      onClose();
    },
  });
  return (
    <Modal opened={user !== null} onClose={onClose} title={`${t('org.resetPassword')} · ${user?.name ?? user?.userName ?? ''}`}>
      <form onSubmit={(e) => { e.preventDefault(); if (password.length >= 6 && !reset.isPending) reset.mutate(); }}>
        <Stack>
          <PasswordInput label={t('org.newPassword')} description={t('org.passwordHint')} required maxLength={MAX_LENGTH.input} value={password}
            onChange={(e) => setPassword(e.currentTarget.value)} data-testid="user-reset-password" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" color="red" loading={reset.isPending} disabled={password.length < 6} data-testid="user-reset-save">{t('org.resetPassword')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 查询时间限制 (editLimit): the user's own limit per subject, or the company's where left empty. */
export function LimitDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const limits = useQuery({ queryKey: ['system', 'userLimits', user?.id], queryFn: () => systemApi.userLimits(user!.id), enabled: user !== null });
  const [edits, setEdits] = useState<Record<number, number | ''>>({});
  const save = useMutation({
    mutationFn: () => systemApi.editLimit(user!.id, Object.entries(edits).map(([subjectId, v]) => ({ subjectId: Number(subjectId), timeLimit: v === '' ? null : v }))),
    onSuccess: () => {
      notifySuccess({ key: 'org.limitsSaved' });
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: ['system', 'userLimits', user?.id] });
      onClose();
    },
  });
  return (
    <Modal opened={user !== null} onClose={() => { setEdits({}); onClose(); }} title={`${t('org.limits')} · ${user?.name ?? user?.userName ?? ''}`} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">{t('org.limitHelp')}</Text>
        <Table data-testid="user-limits">
          <Table.Tbody>
            {(limits.data ?? []).map((l) => {
              const value = edits[l.subjectId] ?? (l.own ? l.timeLimit ?? '' : '');
              const effective = value === '' ? (l.own ? null : l.timeLimit) : value;
              const days = effective ? searchDaysLimit(l.subjectId, effective) : 0;
              return (
                <Table.Tr key={l.subjectId}>
                  <Table.Td>{t('org.limitSubject', { n: l.subjectId })}</Table.Td>
                  <Table.Td w={140}>
                    <NumberInput min={0} max={120} allowDecimal={false} value={value} placeholder={l.own ? '' : String(l.timeLimit ?? '')}
                      onChange={(v) => setEdits({ ...edits, [l.subjectId]: v === '' ? '' : Number(v) })} data-testid={`user-limit-${l.subjectId}`} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={value === '' ? 'dimmed' : undefined}>
                      {value === '' ? t('org.limitTenant') : t('org.limitOwn')} · {days ? t('org.limitDays', { days }) : t('org.limitNone')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!Object.keys(edits).length} data-testid="user-limits-save">{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
