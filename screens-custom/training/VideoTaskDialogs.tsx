import { Badge, Button, Group, Modal, Pagination, Progress, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../src/feedback/notify';
import { usePermission } from '../../src/permission/Permission';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { trainingApi, type Det, type VideoTask } from './api';
import { TRAINING_PERMS } from './perms';

const PAGE_SIZE = 20;

/**
 * A 学习任务's 学习进度 (the list is the engine's screen, schemas/screens/sys-video-task.json, whose 新建学习任务 is a
 * form of it): each person's progress on each course, with the audit of a completed one, from the task's row.
 */
export function VideoTaskProgressDialog({ row, onClose }: RowDialogProps) {
  return <TaskProgress task={{ taskId: Number(row?.taskId), taskName: String(row?.taskName ?? '') }} onClose={onClose} />;
}

function TaskProgress({ task, onClose }: { task: Pick<VideoTask, 'taskId' | 'taskName'>; onClose: () => void }) {
  const { t } = useTranslation();
  const canAudit = usePermission(TRAINING_PERMS.audit);
  const [page, setPage] = useState(1);
  const [completed, setCompleted] = useState<string | null>(null);
  const rows = useQuery({
    queryKey: ['training', 'dets', task.taskId, page, completed],
    queryFn: () => trainingApi.dets(page, PAGE_SIZE, { taskId: task.taskId, completed: completed === null ? null : completed === '1' }),
  });
  const [auditing, setAuditing] = useState<Det | null>(null);
  return (
    <Modal opened onClose={onClose} title={`${task.taskName} · ${t('training.task.progress')}`} size="90%">
      <Stack>
        <Group>
          <Select w={160} label={t('training.fields.completed')} clearable value={completed} onChange={(v) => { setPage(1); setCompleted(v); }}
            data={[{ value: '1', label: t('training.status.completed') }, { value: '0', label: t('training.status.notCompleted') }]} />
        </Group>
        <Table striped data-testid="task-dets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('training.fields.userName')}</Table.Th><Table.Th>{t('training.fields.shop')}</Table.Th><Table.Th>{t('training.fields.title')}</Table.Th>
              <Table.Th w={180}>{t('training.fields.watched')}</Table.Th><Table.Th>{t('training.fields.furthest')}</Table.Th><Table.Th>{t('training.fields.status')}</Table.Th>
              <Table.Th>{t('training.fields.auditStatus')}</Table.Th><Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data?.records.map((d) => (
              <Table.Tr key={d.detId} data-testid={`det-row-${d.userName}-${d.title}`}>
                <Table.Td>{d.userName}</Table.Td><Table.Td>{d.shopName}</Table.Td><Table.Td>{d.title}</Table.Td>
                <Table.Td><Progress value={d.watchedPercent} color={d.completed ? 'green' : 'blue'} /><Text size="xs">{d.watchedPercent}%</Text></Table.Td>
                <Table.Td>{d.furthestPosition}s / {d.durationSeconds}s</Table.Td>
                <Table.Td>{d.completed ? <Badge color="green">{t('training.status.completed')}</Badge> : d.overdue ? <Badge color="red">{t('training.status.overdue')}</Badge> : <Badge color="gray">{t('training.status.notCompleted')}</Badge>}</Table.Td>
                <Table.Td>{d.auditStatusName}{d.auditRemark ? `（${d.auditRemark}）` : ''}</Table.Td>
                <Table.Td>{canAudit && d.completed && d.auditStatus === 0 && <Button size="compact-sm" onClick={() => setAuditing(d)} data-testid="det-audit">{t('training.audit.button')}</Button>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {(rows.data?.total ?? 0) > PAGE_SIZE && <Pagination value={page} onChange={setPage} total={Math.ceil((rows.data?.total ?? 0) / PAGE_SIZE)} />}
      </Stack>
      {auditing && <AuditDialog det={auditing} onClose={() => setAuditing(null)} />}
    </Modal>
  );
}

function AuditDialog({ det, onClose }: { det: Det; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState('');
  const audit = useMutation({
    mutationFn: (auditStatus: 1 | 2) => trainingApi.audit({ detId: det.detId, auditStatus, auditRemark: remark.trim() }),
    onSuccess: () => {
      notifySuccess({ text: t('training.audit.done') });
      void queryClient.invalidateQueries({ queryKey: ['training'] });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`${t('training.audit.button')} · ${det.userName} · ${det.title}`}>
      <Stack>
        <Textarea label={t('training.fields.auditRemark')} description={t('training.audit.remarkHint')} maxLength={200} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} data-testid="audit-remark" />
        <Group justify="flex-end">
          <Button color="red" variant="light" disabled={!remark.trim() || audit.isPending} onClick={() => audit.mutate(2)} data-testid="audit-reject">{t('training.audit.reject')}</Button>
          <Button color="green" disabled={audit.isPending} onClick={() => audit.mutate(1)} data-testid="audit-pass">{t('training.audit.pass')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
