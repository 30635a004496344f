import { Button, FileButton, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { notifySuccess } from '../../src/feedback/notify';
import { Permission } from '../../src/permission/Permission';
import { processApi, type Definition, type Task } from './api';
import { BpmnView } from './BpmnView';
import { InstanceDetail } from './InstanceDetail';

/*
 * The dialogs the engine's process lists open (schemas/screens/process-*.json, kind "dialog"): what no descriptor
 * form draws — a BPMN drawing with the path taken, a task handled beside its drawing, a .bpmn file deployed.
 */

/** 查看 (流程定义): the version's drawing. */
export function ProcessDiagramDialog({ row, onClose }: RowDialogProps) {
  const d = row as unknown as Definition;
  const view = useQuery({
    queryKey: ['process', 'definition-xml', d.processDefinitionId],
    queryFn: () => processApi.definitions(1, 1, { processDefinitionId: d.processDefinitionId, withXml: true }),
  });
  const xml = view.data?.records[0]?.bpmnXml;
  return (
    <Modal opened onClose={onClose} title={`${d.name} v${d.version}`} size="xl">
      {xml && <BpmnView xml={xml} height={420} />}
    </Modal>
  );
}

/** 导入并部署 (流程定义's toolbar): a .bpmn file deployed as the next version of its process. */
export function ProcessImportDialog({ onClose, onDone }: RowDialogProps) {
  const deploy = useMutation({
    mutationFn: async (file: File) => processApi.deploy(await file.text()),
    onSuccess: (d) => {
      notifySuccess({ text: `已部署「${d.name}」v${d.version}` });
      onDone();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="导入并部署">
      <Stack>
        <Text size="sm" c="dimmed">选择 BPMN 2.0 文件（.bpmn / .xml）：流程 id 为流程标识，每次部署生成新版本。</Text>
        <FileButton onChange={(f) => f && deploy.mutate(f)} accept=".bpmn,.xml,text/xml,application/xml">
          {(props) => <Button loading={deploy.isPending} {...props} data-testid="process-import-file">选择文件</Button>}
        </FileButton>
      </Stack>
    </Modal>
  );
}

/** 试运行: a demo document by the caller, approved along the latest version. */
export function ProcessTryRunDialog({ row, onClose, onDone }: RowDialogProps) {
  const d = row as unknown as Definition;
  const [trial, setTrial] = useState<{ amount: string | number; reason: string }>({ amount: 800, reason: '' });
  const run = useMutation({
    mutationFn: () => processApi.tryRun(d.key, { amount: Number(trial.amount) || 0, reason: trial.reason.trim() }, `试运行：${d.name} ${Number(trial.amount) || 0} 元`),
    onSuccess: (r) => {
      const next = r.tasks.map((t) => `${t.taskName}（${t.assigneeName ?? `角色 ${(t.candidateRoles ?? []).join('、')}`}）`).join('、');
      notifySuccess({ text: next ? `已发起，待 ${next} 审批` : `已发起，流程${r.statusName}` });
      onDone();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`试运行：${d.name}`}>
      <Stack>
        <Text size="sm" c="dimmed">以您为申请人发起一张演示单据，按最新版本审批；门店为第一个设置了店长的门店。</Text>
        <NumberInput label="金额（amount）" min={0} decimalScale={2} value={trial.amount} onChange={(v) => setTrial({ ...trial, amount: v })} data-testid="try-amount" />
        <TextInput label="事由（reason）" maxLength={100} value={trial.reason} onChange={(e) => setTrial({ ...trial, reason: e.currentTarget.value })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>取消</Button>
          <Button loading={run.isPending} onClick={() => run.mutate()} data-testid="try-submit">发起</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 详情 (流程实例, 我的已办): the drawing with the path so far, the tasks and the audit trail. */
export function ProcessInstanceDialog({ row, onClose }: RowDialogProps) {
  return (
    <Modal opened onClose={onClose} title="流程详情" size="xl">
      <InstanceDetail processInstanceId={Number(row?.processInstanceId)} />
    </Modal>
  );
}

/** 办理 (我的待办): the instance, a comment, 同意 / 驳回 (a reject needs the comment), or 转交 to a colleague by login name. */
export function ProcessTaskDialog({ row, onClose, onDone }: RowDialogProps) {
  const task = row as unknown as Task;
  const [comment, setComment] = useState('');
  const [transferTo, setTransferTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const finish = (msg: string) => {
    notifySuccess({ text: msg });
    onDone();
    onClose();
  };
  const complete = useMutation({
    mutationFn: (type: 1 | 2) => processApi.complete(task, type, comment.trim()),
    onSuccess: (r, type) => finish(type === 1 ? `已同意（流程${r.statusName}）` : '已驳回，流程退回申请人'),
    onError: () => onDone(),
  });
  const transfer = useMutation({
    mutationFn: () => processApi.transfer(task.taskId, transferTo.trim(), comment.trim()),
    onSuccess: (r) => finish(`已转交给 ${r.assigneeName}`),
  });
  const busy = complete.isPending || transfer.isPending;
  return (
    <Modal opened onClose={onClose} title={`办理：${task.taskName}`} size="xl">
      <Stack>
        <InstanceDetail processInstanceId={task.processInstanceId} />
        <Textarea label="审批意见" placeholder="同意时可不填；驳回时必填" maxLength={500} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} data-testid="task-comment" />
        {error && <Text c="red" size="sm">{error}</Text>}
        <Group justify="space-between">
          <Group>
            <Button color="green" loading={complete.isPending && complete.variables === 1} disabled={busy} onClick={() => complete.mutate(1)} data-testid="task-approve">同意</Button>
            <Button
              color="red"
              loading={complete.isPending && complete.variables === 2}
              disabled={busy}
              onClick={() => {
                if (!comment.trim()) return setError('驳回时请填写审批意见');
                setError(null);
                complete.mutate(2);
              }}
              data-testid="task-reject"
            >
              驳回
            </Button>
          </Group>
          <Permission perm="process:task:transfer">
            <Group gap="xs">
              <TextInput placeholder="转交给（登录名）" maxLength={24} value={transferTo} onChange={(e) => setTransferTo(e.currentTarget.value)} data-testid="task-transfer-to" />
              <Button variant="light" disabled={busy || !transferTo.trim()} loading={transfer.isPending} onClick={() => transfer.mutate()} data-testid="task-transfer">转交</Button>
            </Group>
          </Permission>
        </Group>
      </Stack>
    </Modal>
  );
}
