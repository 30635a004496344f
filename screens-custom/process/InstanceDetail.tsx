import { Badge, Group, Loader, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { processApi, type InstanceDetails } from './api';
import { BpmnView } from './BpmnView';

export const STATUS_COLOR: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'gray' };
const TASK_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'gray' };

const fieldLabels: Record<string, string> = { amount: '金额', reason: '事由' };

/** 流程实例详情: the drawing with the path so far, the document's fields, every task and the audit trail. */
export function InstanceDetail({ processInstanceId }: { processInstanceId: number }) {
  const q = useQuery({ queryKey: ['process', 'details', processInstanceId], queryFn: () => processApi.details(processInstanceId) });
  if (q.isLoading) return <Loader />;
  const d = q.data as InstanceDetails | undefined;
  if (!d) return <Text c="dimmed">流程实例不存在或无权查看</Text>;
  const fields = Object.entries(d.variables ?? {}).filter(([k, v]) => !['applicantId', 'shopId'].includes(k) && v !== null && typeof v !== 'object');
  return (
    <Stack data-testid="instance-detail">
      <Group>
        <Title order={5}>{d.title}</Title>
        <Badge color={STATUS_COLOR[d.status]} data-testid="instance-status">{d.statusName}</Badge>
        <Text size="sm" c="dimmed">{d.processName} v{d.version} · 申请人 {d.applicantName}{d.shopName ? `（${d.shopName}）` : ''} · {d.startTime}</Text>
      </Group>
      {fields.length > 0 && (
        <Group gap="lg">
          {fields.map(([k, v]) => <Text key={k} size="sm"><Text span c="dimmed">{fieldLabels[k] ?? k}：</Text>{String(v)}</Text>)}
        </Group>
      )}
      <BpmnView xml={d.bpmnXml} path={d.path} active={d.activeNodeIds} height={300} />
      <Table withTableBorder data-testid="instance-tasks">
        <Table.Thead>
          <Table.Tr><Table.Th>任务</Table.Th><Table.Th>审批人</Table.Th><Table.Th>结果</Table.Th><Table.Th>处理人</Table.Th><Table.Th>意见</Table.Th><Table.Th>到达时间</Table.Th><Table.Th>处理时间</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.tasks.map((t) => (
            <Table.Tr key={t.taskId}>
              <Table.Td>{t.taskName}</Table.Td>
              <Table.Td>{t.assigneeName ?? `角色 ${(t.candidateRoles ?? []).join('、')}`}</Table.Td>
              <Table.Td><Badge color={TASK_COLOR[t.status]} variant="light">{t.statusName}</Badge></Table.Td>
              <Table.Td>{t.completedByName ?? ''}</Table.Td>
              <Table.Td>{t.comment ?? ''}</Table.Td>
              <Table.Td>{t.createTime}</Table.Td>
              <Table.Td>{t.completeTime ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={6}>审批记录</Title>
      <Timeline bulletSize={14} lineWidth={2} data-testid="instance-history">
        {d.history.map((h) => (
          <Timeline.Item key={h.id} title={`${h.actionName}${h.nodeName ? ` · ${h.nodeName}` : ''}`}>
            <Text size="sm">{h.userName ?? '系统'} · {h.createTime}</Text>
            {h.comment && <Text size="sm" c="dimmed">意见：{h.comment}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
