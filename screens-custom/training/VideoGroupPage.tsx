import { Button, Group, Modal, MultiSelect, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../src/feedback/notify';
import { usePermission } from '../../src/permission/Permission';
import { trainingApi, type GroupNode } from './api';
import { confirmDelete } from './confirmDelete';
import { TRAINING_PERMS } from './perms';

const flatten = (nodes: GroupNode[], depth = 0): { node: GroupNode; depth: number }[] =>
  nodes.flatMap((n) => [{ node: n, depth }, ...flatten(n.children, depth + 1)]);

/** 视频分组: the course groups as a tree, each with the roles whose people may see its courses. */
export default function VideoGroupPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = usePermission(TRAINING_PERMS.groupEdit);
  const groups = useQuery({ queryKey: ['training', 'groups'], queryFn: trainingApi.groups });
  const [editing, setEditing] = useState<Partial<GroupNode> | null>(null);
  const remove = useMutation({
    mutationFn: trainingApi.deleteGroup,
    onSuccess: () => {
      notifySuccess({ text: t('training.deleted') });
      void queryClient.invalidateQueries({ queryKey: ['training'] });
    },
  });
  const rows = flatten(groups.data ?? []);
  return (
    <Stack data-testid="video-groups">
      <Group justify="space-between">
        <Title order={4}>{t('training.group.title')}</Title>
        {canEdit && <Button onClick={() => setEditing({})} data-testid="group-add">{t('training.group.add')}</Button>}
      </Group>
      <Paper withBorder>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('training.fields.groupName')}</Table.Th><Table.Th>{t('training.fields.roles')}</Table.Th>
              <Table.Th>{t('training.fields.materialCount')}</Table.Th><Table.Th>{t('training.fields.remark')}</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ node, depth }) => (
              <Table.Tr key={node.groupId} data-testid={`group-row-${node.groupName}`}>
                <Table.Td style={{ paddingLeft: 12 + depth * 20 }}>{node.groupName}</Table.Td>
                <Table.Td>{node.roleNames || <Text span c="dimmed" size="sm">{t('training.group.adminOnly')}</Text>}</Table.Td>
                <Table.Td>{node.materialCount}</Table.Td>
                <Table.Td>{node.remark}</Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Group gap="xs" justify="flex-end">
                      <Button size="compact-sm" variant="light" onClick={() => setEditing(node)}>{t('training.edit')}</Button>
                      <Button size="compact-sm" variant="light" color="red" onClick={() => confirmDelete(t, node.groupName, () => remove.mutate(node.groupId))}>{t('training.delete')}</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {groups.data && !rows.length && <Text c="dimmed" ta="center" p="md">{t('training.empty')}</Text>}
      </Paper>
      {editing && <GroupDialog group={editing} groups={rows.map((r) => r.node)} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function GroupDialog({ group, groups, onClose }: { group: Partial<GroupNode>; groups: GroupNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ['training', 'groupRoles'], queryFn: trainingApi.groupRoles });
  const [form, setForm] = useState({
    groupName: group.groupName ?? '', parentId: group.parentId ? String(group.parentId) : null as string | null, sort: group.sort ?? 0,
    remark: group.remark ?? '', roleIds: (group.roleIds ?? []).map(String),
  });
  const save = useMutation({
    mutationFn: () => trainingApi.saveGroup({
      groupId: group.groupId, groupName: form.groupName.trim(), parentId: form.parentId ? Number(form.parentId) : null, sort: form.sort,
      remark: form.remark || null, roleIds: form.roleIds.map(Number),
    }),
    onSuccess: () => {
      notifySuccess({ text: t('training.saved') });
      void queryClient.invalidateQueries({ queryKey: ['training'] });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={group.groupId ? t('training.group.edit') : t('training.group.add')}>
      <Stack>
        <TextInput label={t('training.fields.groupName')} required maxLength={48} value={form.groupName} onChange={(e) => setForm({ ...form, groupName: e.currentTarget.value })} data-testid="group-name" />
        <Select label={t('training.fields.parent')} clearable value={form.parentId} onChange={(v) => setForm({ ...form, parentId: v })}
          data={groups.filter((g) => g.groupId !== group.groupId).map((g) => ({ value: String(g.groupId), label: g.groupName }))} />
        <MultiSelect label={t('training.fields.roles')} description={t('training.group.rolesHint')} value={form.roleIds} onChange={(roleIds) => setForm({ ...form, roleIds })}
          data={(roles.data ?? []).map((r) => ({ value: String(r.roleId), label: r.roleName }))} data-testid="group-roles" />
        <NumberInput label={t('training.fields.sort')} min={0} max={9999} value={form.sort} onChange={(v) => setForm({ ...form, sort: Number(v) || 0 })} />
        <Textarea label={t('training.fields.remark')} maxLength={200} value={form.remark} onChange={(e) => setForm({ ...form, remark: e.currentTarget.value })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('training.cancel')}</Button>
          <Button loading={save.isPending} disabled={!form.groupName.trim()} onClick={() => save.mutate()} data-testid="group-save">{t('training.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
