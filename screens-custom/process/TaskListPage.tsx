import { Badge, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { FIRST_PAGE, PagedTable, type Column } from '../../src/components/PagedTable';
import { notifySuccess } from '../../src/feedback/notify';
import { Permission } from '../../src/permission/Permission';
import { processApi, type Task } from './api';
import { InstanceDetail, STATUS_COLOR } from './InstanceDetail';

type Row = Task & { id: number };

/**
 * 我的待办 (/processManage/myTodo) and 我的已办 (/processManage/myDone): approve or reject with a comment, transfer.
 * Which one is fixed per page (MyTodoPage, MyDonePage): a kept-alive tab must not follow the current location.
 */
export function TaskListPage({ done }: { done: boolean }) {
  const [params, setParams] = useSearchParams();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [titleDraft, setTitleDraft] = useState('');
  const [title, setTitle] = useState('');
  const [open, setOpen] = useState<Task | null>(null);
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['process', done ? 'done' : 'todo', paging.page, paging.size, title],
    queryFn: () => (done ? processApi.done : processApi.todo)(paging.page, paging.size, { title }),
  });
  // A notice opens the instance's waiting task (?processInstanceId=), on this page only (not in a kept-alive twin).
  const here = useLocation().pathname === (done ? '/processManage/myDone' : '/processManage/myTodo');
  const wanted = here ? Number(params.get('processInstanceId')) || null : null;
  useEffect(() => {
    if (!wanted || !list.data) return;
    const t = list.data.records.find((r) => r.processInstanceId === wanted);
    if (t && !done) setOpen(t);
    else setDetailOf(wanted);
    setParams({}, { replace: true });
  }, [wanted, list.data]);
  const data = list.data && { total: list.data.total, records: list.data.records.map((r) => ({ ...r, id: r.taskId })) };
  const columns: Column<Row>[] = [
    { key: 'title', title: '标题', render: (r) => r.title },
    { key: 'processName', title: '流程', render: (r) => r.processName },
    { key: 'taskName', title: '任务', render: (r) => r.taskName },
    { key: 'applicantName', title: '申请人', render: (r) => r.applicantName },
    { key: 'startTime', title: '申请时间', render: (r) => r.startTime },
    ...(done
      ? [
          { key: 'result', title: '我的处理', render: (r: Row) => <Badge color={r.status === 1 ? 'green' : 'red'} variant="light">{r.statusName}</Badge> },
          { key: 'comment', title: '意见', render: (r: Row) => r.comment ?? '' },
          { key: 'completeTime', title: '处理时间', render: (r: Row) => r.completeTime ?? '' },
          { key: 'instance', title: '流程状态', render: (r: Row) => <Badge color={STATUS_COLOR[r.instanceStatus]}>{r.instanceStatusName}</Badge> },
        ]
      : [{ key: 'createTime', title: '到达时间', render: (r: Row) => r.createTime }]),
    {
      key: 'actions',
      title: '操作',
      render: (r) =>
        done ? (
          <Button size="xs" variant="subtle" onClick={() => setDetailOf(r.processInstanceId)}>详情</Button>
        ) : (
          <Permission perm="process:task:complete">
            <Button size="xs" onClick={() => setOpen(r)} data-testid={`task-handle-${r.taskId}`}>办理</Button>
          </Permission>
        ),
    },
  ];
  return (
    <Stack data-testid={done ? 'process-done-page' : 'process-todo-page'}>
      <form onSubmit={(e) => { e.preventDefault(); setTitle(titleDraft.trim()); setPaging({ ...paging, page: 1 }); }}>
        <Group>
          <TextInput placeholder="标题" value={titleDraft} maxLength={100} onChange={(e) => setTitleDraft(e.currentTarget.value)} />
          <Button type="submit">查询</Button>
        </Group>
      </form>
      <PagedTable columns={columns} data={data} loading={list.isFetching} paging={paging} onPaging={setPaging} testId={done ? 'process-done-table' : 'process-todo-table'} />
      {open && <HandleTask task={open} onClose={() => setOpen(null)} />}
      <Modal opened={detailOf !== null} onClose={() => setDetailOf(null)} title="流程详情" size="xl">
        {detailOf !== null && <InstanceDetail processInstanceId={detailOf} />}
      </Modal>
    </Stack>
  );
}

/** 办理: the instance, a comment, 同意 / 驳回 (a reject needs the comment), or 转交 to a colleague by login name. */
function HandleTask({ task, onClose }: { task: Task; onClose: () => void }) {
  const client = useQueryClient();
  const [comment, setComment] = useState('');
  const [transferTo, setTransferTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const finish = (msg: string) => {
    notifySuccess({ text: msg });
    void client.invalidateQueries({ queryKey: ['process'] });
    onClose();
  };
  const complete = useMutation({
    mutationFn: (type: 1 | 2) => processApi.complete(task, type, comment.trim()),
    onSuccess: (r, type) => finish(type === 1 ? `已同意（流程${r.statusName}）` : '已驳回，流程退回申请人'),
    onError: () => void client.invalidateQueries({ queryKey: ['process'] }),
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
