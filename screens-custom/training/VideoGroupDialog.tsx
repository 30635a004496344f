import { Button, Center, Group, Loader, Modal, MultiSelect, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { trainingApi, type GroupNode } from './api';

const flatten = (nodes: GroupNode[]): GroupNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/**
 * 视频分组's add / edit dialog (the list is the engine's screen, schemas/screens/video-material-group.json): name,
 * parent, the roles whose people see the group's courses (and those of its child groups), sort, remark.
 */
export default function VideoGroupDialog({ row, onClose, onDone }: RowDialogProps) {
  const tree = useQuery({ queryKey: ['training', 'groups'], queryFn: trainingApi.groups, staleTime: 0 });
  if (!tree.data) return <Modal opened onClose={onClose}><Center><Loader /></Center></Modal>;
  const groups = flatten(tree.data);
  const group = row ? groups.find((g) => g.groupId === Number(row.groupId)) ?? { groupId: Number(row.groupId), groupName: String(row.groupName ?? '') } : {};
  return <GroupDialog group={group} groups={groups} onClose={onClose} onDone={onDone} />;
}

function GroupDialog({ group, groups, onClose, onDone }: { group: Partial<GroupNode>; groups: GroupNode[]; onClose: () => void; onDone: () => void }) {
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
      onDone();
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
