import { Anchor, Button, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../engine/dialog/confirm';
import { queryClient } from '../../api/queryClient';
import { systemApi, type DeptNode } from '../../api/system';
import { notifySuccess } from '../../feedback/notify';
import { Permission } from '../../permission/Permission';
import { useUserOptions } from './UserDialogs';

const deptKey = ['system', 'departments'];

/** The tree as rows in order, each with its depth (an indented table). */
function rowsOf(nodes: DeptNode[], depth = 0): { node: DeptNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...rowsOf(n.children, depth + 1)]);
}

type Editing = { dept: DeptNode | null; parentId: number | null };

/** 部门管理: the organisation tree with each department's head (the approver of "部门负责人" steps) and shop. */
export default function DeptListPage() {
  const { t } = useTranslation();
  const tree = useQuery({ queryKey: deptKey, queryFn: () => systemApi.departments() });
  const [editing, setEditing] = useState<Editing | null>(null);
  const remove = useMutation({
    mutationFn: (deptId: number) => systemApi.deleteDepartment(deptId),
    onSuccess: () => {
      notifySuccess({ key: 'org.deleted' });
      void queryClient.invalidateQueries({ queryKey: deptKey });
    },
  });
  const rows = rowsOf(tree.data ?? []);
  return (
    <Stack data-testid="dept-list-page">
      <Group>
        <Permission perm="system:dept:edit">
          <Button onClick={() => setEditing({ dept: null, parentId: null })} data-testid="dept-add">{t('org.addDept')}</Button>
        </Permission>
      </Group>
      <Table striped withTableBorder data-testid="dept-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('org.deptName')}</Table.Th>
            <Table.Th>{t('org.leader')}</Table.Th>
            <Table.Th>{t('org.shop')}</Table.Th>
            <Table.Th>{t('org.users')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ node, depth }) => (
            <Table.Tr key={node.deptId} data-testid={`dept-row-${node.deptName}`}>
              <Table.Td><Text size="sm" pl={depth * 20}>{depth ? '└ ' : ''}{node.deptName}</Text></Table.Td>
              <Table.Td>{node.leaderName ?? ''}</Table.Td>
              <Table.Td>{node.shopName ?? ''}</Table.Td>
              <Table.Td>{node.userCount}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Permission perm="system:dept:edit">
                    <Anchor size="sm" onClick={() => setEditing({ dept: null, parentId: node.deptId })} data-testid={`dept-add-child-${node.deptName}`}>{t('org.addChild')}</Anchor>
                    <Anchor size="sm" onClick={() => setEditing({ dept: node, parentId: node.parentId })} data-testid={`dept-edit-${node.deptName}`}>{t('common.edit')}</Anchor>
                  </Permission>
                  <Permission perm="system:dept:delete">
                    <Anchor size="sm" c="red" onClick={async () => { if (await confirmAction(t('org.deleteDept', { name: node.deptName }), true)) remove.mutate(node.deptId); }}
                      data-testid={`dept-delete-${node.deptName}`}>{t('org.delete')}</Anchor>
                  </Permission>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && <DeptDialog editing={editing} all={rows.map((r) => r.node)} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function DeptDialog({ editing, all, onClose }: { editing: Editing; all: DeptNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useUserOptions();
  const d = editing.dept;
  const [form, setForm] = useState({
    deptName: d?.deptName ?? '', parentId: editing.parentId ? String(editing.parentId) : null, leaderUserId: d?.leaderUserId ? String(d.leaderUserId) : null,
    shopId: d?.shopId ? String(d.shopId) : null, sort: d?.sort ?? 0,
  });
  const save = useMutation({
    mutationFn: () =>
      systemApi.saveDepartment(d?.deptId ?? null, {
        deptName: form.deptName.trim(), parentId: form.parentId ? Number(form.parentId) : null, leaderUserId: form.leaderUserId ? Number(form.leaderUserId) : null,
        shopId: form.shopId ? Number(form.shopId) : null, sort: form.sort,
      }),
    onSuccess: () => {
      notifySuccess({ key: 'org.deptSaved' });
      void queryClient.invalidateQueries({ queryKey: deptKey });
      void queryClient.invalidateQueries({ queryKey: ['system', 'userOptions'] });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.deptName.trim() || save.isPending) return;
    save.mutate();
  };
  const parents = all.filter((n) => n.deptId !== d?.deptId).map((n) => ({ value: String(n.deptId), label: n.deptName }));
  const pick = (list: { value: number; label: string }[] | undefined) => (list ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <Modal opened onClose={onClose} title={d ? `${t('org.editDept')} · ${d.deptName}` : t('org.addDept')}>
      <form onSubmit={submit} data-testid="dept-form">
        <Stack>
          <TextInput label={t('org.deptName')} required maxLength={48} value={form.deptName} onChange={(e) => setForm({ ...form, deptName: e.currentTarget.value })} data-testid="dept-name" />
          <Select label={t('org.parent')} placeholder={t('org.topLevel')} data={parents} value={form.parentId} onChange={(parentId) => setForm({ ...form, parentId })} searchable clearable data-testid="dept-parent" />
          <Select label={t('org.leader')} data={pick(options.data?.users)} value={form.leaderUserId} onChange={(leaderUserId) => setForm({ ...form, leaderUserId })} searchable clearable data-testid="dept-leader" />
          <Select label={t('org.shop')} data={pick(options.data?.shops)} value={form.shopId} onChange={(shopId) => setForm({ ...form, shopId })} searchable clearable data-testid="dept-shop" />
          <NumberInput label={t('org.sort')} min={0} max={9999} allowDecimal={false} value={form.sort} onChange={(v) => setForm({ ...form, sort: Number(v) || 0 })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={save.isPending} data-testid="dept-save">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
