import { Anchor, Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient, queryKeys } from '../../api/queryClient';
import { systemApi } from '../../api/system';
import type { UserRow } from '../../api/types';
import { type Column, FIRST_PAGE, PagedTable } from '../../components/PagedTable';
import { notifySuccess } from '../../feedback/notify';
import { MAX_LENGTH } from '../../forms/inputRules';
import { Permission } from '../../permission/Permission';
import { LimitDialog, ResetPasswordDialog, UserAddDialog } from './UserDialogs';

/** 用户管理: the tenant's users, unlock (system:user:unlock) and edit (system:user:edit). */
export default function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [limiting, setLimiting] = useState<UserRow | null>(null);
  const users = useQuery({
    queryKey: queryKeys.users(paging.page, paging.size, keyword),
    queryFn: () => systemApi.users(paging.page, paging.size, { keyword }),
  });
  const unlock = useMutation({
    mutationFn: (id: string | number) => systemApi.unlockUser(id),
    onSuccess: () => {
      notifySuccess({ key: 'users.unlocked' });
      void queryClient.invalidateQueries({ queryKey: ['system', 'users'] });
    },
  });

  const columns: Column<UserRow>[] = [
    { key: 'userNo', title: t('users.userNo'), render: (u) => u.userNo },
    { key: 'userName', title: t('users.userName'), render: (u) => u.userName },
    { key: 'name', title: t('users.name'), render: (u) => u.name },
    { key: 'phone', title: t('users.phone'), render: (u) => u.phone },
    { key: 'roles', title: t('users.roles'), render: (u) => (u.roles ?? []).join('、') },
    { key: 'dept', title: t('org.dept'), render: (u) => u.deptName ?? '' },
    { key: 'shops', title: t('org.shops'), render: (u) => (u.shopNames ?? []).join('、') },
    {
      key: 'status', title: t('users.status'), render: (u) => (
        <Group gap={4}>
          <Badge color={u.status === 0 ? 'gray' : 'green'} variant="light">{u.status === 0 ? t('users.disabled') : t('users.enabled')}</Badge>
          {u.locked && <Badge color="red" variant="light" data-testid="user-locked">{t('users.locked')}</Badge>}
        </Group>
      ),
    },
    {
      key: 'actions', title: t('common.actions'), render: (u) => (
        <Group gap="xs">
          <Permission perm="system:user:edit">
            <Anchor size="sm" onClick={() => navigate(`/systemManage/userEdit?id=${u.id}`)} data-testid={`user-edit-${u.userName}`}>{t('users.edit')}</Anchor>
          </Permission>
          <Permission perm="system:user:resetPwd">
            <Anchor size="sm" onClick={() => setResetting(u)} data-testid={`user-reset-${u.userName}`}>{t('org.resetPassword')}</Anchor>
          </Permission>
          <Permission perm="system:user:editLimit">
            <Anchor size="sm" onClick={() => setLimiting(u)} data-testid={`user-limit-${u.userName}`}>{t('org.limits')}</Anchor>
          </Permission>
          {u.locked && (
            <Permission perm="system:user:unlock">
              <Anchor size="sm" c="red" onClick={() => unlock.mutate(u.id)} data-testid={`user-unlock-${u.userName}`}>{t('users.unlock')}</Anchor>
            </Permission>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack data-testid="user-list-page">
      <form onSubmit={(e) => { e.preventDefault(); setKeyword(draft.trim()); setPaging({ ...paging, page: 1 }); }}>
        <Group>
          <TextInput placeholder={t('users.keyword')} value={draft} maxLength={MAX_LENGTH.input} onChange={(e) => setDraft(e.currentTarget.value)} data-testid="user-keyword" />
          <Button type="submit" data-testid="user-search">{t('common.search')}</Button>
          <Button variant="default" onClick={() => { setDraft(''); setKeyword(''); setPaging(FIRST_PAGE); }}>{t('common.reset')}</Button>
          <Permission perm="system:user:add">
            <Button onClick={() => setAdding(true)} data-testid="user-add">{t('org.addUser')}</Button>
          </Permission>
        </Group>
      </form>
      <PagedTable columns={columns} data={users.data} loading={users.isFetching} paging={paging} onPaging={setPaging} testId="user-table" />
      <UserAddDialog opened={adding} onClose={() => setAdding(false)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <LimitDialog user={limiting} onClose={() => setLimiting(null)} />
    </Stack>
  );
}
