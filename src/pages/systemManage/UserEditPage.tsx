import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient, queryKeys } from '../../api/queryClient';
import { systemApi } from '../../api/system';
import type { UserRow } from '../../api/types';
import { notifySuccess } from '../../feedback/notify';
import { MAX_LENGTH, integerInput, phoneError } from '../../forms/inputRules';
import { PageLoaderInline } from '../PageLoaderInline';
import { finishView } from '../../tabs/tabActions';
import { useView } from '../../tabs/ViewContext';
import { UserLinkFields, useUserOptions } from './UserDialogs';

/** 编辑用户 (third-level: its tab asks before closing). Saves name, phone, status, roles, department and shops. */
export default function UserEditPage() {
  const { t } = useTranslation();
  const id = useView().query.id ?? '';
  const user = useQuery({ queryKey: queryKeys.user(id), queryFn: () => systemApi.user(Number(id)), enabled: id !== '' });
  if (!id) return <Alert color="red">{t('users.notFound')}</Alert>;
  if (user.isPending) return <PageLoaderInline />;
  if (!user.data) return <Alert color="red" data-testid="user-edit-missing">{t('users.notFound')}</Alert>;
  return <UserEditForm key={id} user={user.data} />;
}

function UserEditForm({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [status, setStatus] = useState(String(user.status ?? 1));
  const options = useUserOptions();
  const [links, setLinks] = useState({
    roleIds: (user.roleIds ?? []).map(String), deptId: user.deptId ? String(user.deptId) : null, shopIds: (user.shopIds ?? []).map(String),
  });
  const phoneProblem = phoneError(phone);
  const save = useMutation({
    mutationFn: () =>
      systemApi.editUser(user.id, {
        name: name.trim(), phone, status: Number(status),
        roleIds: links.roleIds.map(Number), deptId: links.deptId ? Number(links.deptId) : null, shopIds: links.shopIds.map(Number),
      }),
    onSuccess: () => {
      notifySuccess({ key: 'users.saved' });
      void queryClient.invalidateQueries({ queryKey: ['system', 'users'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(String(user.id)) });
      finishView('/systemManage/userEdit', '/systemManage/userList?refreshTable=true');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || phoneProblem) return;
    save.mutate();
  };
  return (
    <Paper withBorder p="lg" maw={520} data-testid="user-edit-page">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">{t('users.userName')}: {user.userName}</Text>
          <TextInput label={t('users.name')} value={name} maxLength={MAX_LENGTH.name} required
            onChange={(e) => setName(e.currentTarget.value)} data-testid="user-edit-name" />
          <TextInput label={t('users.phone')} value={phone} maxLength={MAX_LENGTH.phone} inputMode="numeric"
            onChange={(e) => setPhone(integerInput(e.currentTarget.value))} error={phoneProblem ? t(phoneProblem) : undefined} data-testid="user-edit-phone" />
          <UserLinkFields options={options.data} roleIds={links.roleIds} deptId={links.deptId} shopIds={links.shopIds}
            onChange={(patch) => setLinks({ ...links, ...patch })} />
          <div>
            <Text size="sm" fw={500} mb={4}>{t('users.status')}</Text>
            <SegmentedControl value={status} onChange={setStatus} data={[{ value: '1', label: t('users.enabled') }, { value: '0', label: t('users.disabled') }]} />
          </div>
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="user-edit-save">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
