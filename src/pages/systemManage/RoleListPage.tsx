import { Anchor, Badge, Button, Checkbox, Drawer, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../engine/dialog/confirm';
import { queryClient } from '../../api/queryClient';
import { systemApi, type RoleBody, type RoleRow } from '../../api/system';
import { notifySuccess } from '../../feedback/notify';
import { Permission } from '../../permission/Permission';
import { MenuTreeChecks } from './MenuTreeChecks';

const FIELD_PERMISSIONS = ['进价总金额', '成本总金额', '零售价', '供应商', '毛利率'];
const rolesKey = ['system', 'roles'];

/** 角色管理: roles with the pages, buttons and field permissions they grant; the server checks exactly these. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const roles = useQuery({ queryKey: rolesKey, queryFn: () => systemApi.roles() });
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (roleId: number) => systemApi.deleteRole(roleId),
    onSuccess: () => {
      notifySuccess({ key: 'org.deleted' });
      void queryClient.invalidateQueries({ queryKey: rolesKey });
    },
  });
  return (
    <Stack data-testid="role-list-page">
      <Group>
        <Permission perm="system:role:edit">
          <Button onClick={() => setEditing('new')} data-testid="role-add">{t('org.addRole')}</Button>
        </Permission>
      </Group>
      <Table striped withTableBorder data-testid="role-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('org.roleName')}</Table.Th>
            <Table.Th>{t('org.roleCode')}</Table.Th>
            <Table.Th>{t('org.userCount')}</Table.Th>
            <Table.Th>{t('org.menus')}</Table.Th>
            <Table.Th>{t('org.fieldPerms')}</Table.Th>
            <Table.Th>{t('org.dataScope')}</Table.Th>
            <Table.Th>{t('org.remark')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(roles.data ?? []).map((r) => (
            <Table.Tr key={r.roleId} data-testid={`role-row-${r.code}`}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td><Text size="sm" ff="monospace">{r.code}</Text></Table.Td>
              <Table.Td>{r.userCount}</Table.Td>
              <Table.Td>{r.isAdmin ? <Badge variant="light">{t('org.adminAll')}</Badge> : `${t('org.pageCount')} ${r.pageCount} · ${t('org.buttonCount')} ${r.buttonCount}`}</Table.Td>
              <Table.Td>{r.isAdmin ? '' : r.fieldPermissionNames.join('、')}</Table.Td>
              <Table.Td data-testid={`role-scope-${r.code}`}>{r.allShops ? t('org.allShops') : t('org.ownShops')}</Table.Td>
              <Table.Td>{r.remark ?? ''}</Table.Td>
              <Table.Td>
                {!r.isAdmin && (
                  <Group gap="xs">
                    <Permission perm="system:role:edit">
                      <Anchor size="sm" onClick={() => setEditing(r)} data-testid={`role-edit-${r.code}`}>{t('common.edit')}</Anchor>
                    </Permission>
                    <Permission perm="system:role:delete">
                      <Anchor size="sm" c="red" data-testid={`role-delete-${r.code}`}
                        onClick={async () => { if (await confirmAction(t('org.deleteRole', { name: r.name }), true)) remove.mutate(r.roleId); }}>
                        {t('org.delete')}
                      </Anchor>
                    </Permission>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing !== null && <RoleDrawer role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function RoleDrawer({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tree = useQuery({ queryKey: ['system', 'roleMenuTree'], queryFn: () => systemApi.roleMenuTree() });
  const detail = useQuery({ queryKey: ['system', 'role', role?.roleId], queryFn: () => systemApi.role(role!.roleId), enabled: role !== null });
  const [form, setForm] = useState<{ name: string; code: string; remark: string; fields: RoleBody['fieldPermissionNames']; menus: Set<number>; allShops: boolean } | null>(
    role ? null : { name: '', code: '', remark: '', fields: [], menus: new Set(), allShops: false },
  );
  const [expandAll, setExpandAll] = useState(false);
  if (!form && detail.data) {
    setForm({ name: detail.data.name, code: detail.data.code, remark: detail.data.remark ?? '', fields: detail.data.fieldPermissionNames, menus: new Set(detail.data.menuIds), allShops: detail.data.allShops });
  }
  const save = useMutation({
    mutationFn: () =>
      systemApi.saveRole(role?.roleId ?? null, { name: form!.name.trim(), code: form!.code.trim(), remark: form!.remark.trim(), menuIds: [...form!.menus], fieldPermissionNames: form!.fields, allShops: form!.allShops }),
    onSuccess: () => {
      notifySuccess({ key: 'org.roleSaved' });
      void queryClient.invalidateQueries({ queryKey: rolesKey });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form || !form.name.trim() || !form.code.trim() || save.isPending) return;
    save.mutate();
  };
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={role ? `${t('org.editRole')} · ${role.name}` : t('org.addRole')}>
      {form && (
        <form onSubmit={submit} data-testid="role-form">
          <Stack>
            <Group grow>
              <TextInput label={t('org.roleName')} required maxLength={48} value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} data-testid="role-name" />
              <TextInput label={t('org.roleCode')} required maxLength={48} value={form.code} onChange={(e) => setForm({ ...form, code: e.currentTarget.value })} data-testid="role-code" />
            </Group>
            <TextInput label={t('org.remark')} maxLength={200} value={form.remark} onChange={(e) => setForm({ ...form, remark: e.currentTarget.value })} />
            <Checkbox.Group label={t('org.fieldPerms')} value={form.fields} onChange={(fields) => setForm({ ...form, fields: fields as RoleBody['fieldPermissionNames'] })}>
              <Group mt={4}>
                {FIELD_PERMISSIONS.map((f) => <Checkbox key={f} value={f} label={f} data-testid={`role-field-${f}`} />)}
              </Group>
            </Checkbox.Group>
            <Checkbox
              label={t('org.allShopsLabel')}
              description={t('org.allShopsHint')}
              checked={form.allShops}
              onChange={(e) => setForm({ ...form, allShops: e.currentTarget.checked })}
              data-testid="role-all-shops"
            />
            <Group justify="space-between">
              <Text fw={500} size="sm">{t('org.menus')}</Text>
              <Anchor size="sm" onClick={() => setExpandAll(!expandAll)}>{expandAll ? t('org.collapseAll') : t('org.expandAll')}</Anchor>
            </Group>
            <ScrollArea.Autosize mah="55vh">
              <MenuTreeChecks nodes={tree.data ?? []} checked={form.menus} onChange={(menus) => setForm({ ...form, menus })} expandAll={expandAll} key={String(expandAll)} />
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" loading={save.isPending} data-testid="role-save">{t('common.save')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Drawer>
  );
}
