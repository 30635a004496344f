import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePermission } from '../../src/permission/Permission';
import { deleteWeekly, messageOf, rate, rateColor, saveWeekly, updateWeekly, weeklyForm, weeklyPage, type WeeklyPerson } from './api';
import { Figure } from './Figure';
import { amountDisplay } from '../../core/money.ts';

/**
 * 周会: one per shop and ISO week (周一至周日). The week's target and sales per seller come from the targets and
 * orders; the manager writes the summary and sets each seller's target for next week (suggested from the month
 * target's day split).
 */
export function WeeklyMeetingPanel({ shopId, day }: { shopId: number; day: string }) {
  const canHold = usePermission('shop:meeting:weekly');
  const canDelete = usePermission('shop:meeting:delete');
  const queryClient = useQueryClient();
  const form = useQuery({ queryKey: ['meeting', 'weekly', shopId, day], queryFn: () => weeklyForm(shopId, day), retry: false });
  const [summary, setSummary] = useState('');
  const [plan, setPlan] = useState('');
  const [persons, setPersons] = useState<WeeklyPerson[]>([]);
  useEffect(() => {
    if (!form.data) return;
    // A week not held yet has no minutes (the prefill's shape).
    const held = 'summary' in form.data ? form.data : null;
    setSummary(held?.summary ?? '');
    setPlan(held?.nextWeekPlan ?? '');
    setPersons(form.data.detList.map((p) => ({ ...p })));
  }, [form.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['meeting', 'weekly'] });
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        shopId, weekDateStr: day, summary: summary || null, nextWeekPlan: plan || null,
        detList: persons.map((p) => ({ userId: p.userId, nextWeekTarget: p.nextWeekTarget ?? null, remark: p.remark || null })),
      };
      if (form.data?.meetingId) await updateWeekly(form.data.meetingId, body);
      else await saveWeekly(body);
    },
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: '周会已保存' });
      await refresh();
    },
  });
  const history = useQuery({ queryKey: ['meeting', 'weekly', 'page', shopId], queryFn: () => weeklyPage(1, 10, shopId) });
  const remove = (id: number, label: string) =>
    modals.openConfirmModal({
      title: '删除周会', children: <Text size="sm">确定删除{label}的周会吗？</Text>, labels: { confirm: '删除', cancel: '取消' }, confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteWeekly(id);
          await refresh();
        } catch {
          // The failure was shown by the api client.
        }
      },
    });

  if (form.isError) return <Alert color="red">{messageOf(form.error)}</Alert>;
  if (!form.data) return <Text c="dimmed">加载中…</Text>;
  const w = form.data;
  return (
    <Stack data-testid="weekly-meeting">
      <Group justify="space-between">
        <Title order={5}>{w.shopName} · {w.label}</Title>
        {w.meetingId ? <Badge color="teal">已召开</Badge> : <Badge color="gray">未召开</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        <Figure label="本周目标" value={amountDisplay(w.weekTarget)} />
        <Figure label="本周实际销售" value={amountDisplay(w.weekActual)} />
        <Figure label="达成率" value={rate(w.reachRate)} color={rateColor(w.reachRate)} />
      </SimpleGrid>
      <Table striped withTableBorder data-testid="weekly-persons">
        <Table.Thead>
          <Table.Tr><Table.Th>人员</Table.Th><Table.Th>本周目标</Table.Th><Table.Th>本周销售</Table.Th><Table.Th>订单数</Table.Th><Table.Th>达成率</Table.Th><Table.Th w={150}>下周目标</Table.Th><Table.Th>备注</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {persons.map((p, i) => (
            <Table.Tr key={String(p.userId)}>
              <Table.Td>{p.userName}</Table.Td><Table.Td>{amountDisplay(p.weekTarget)}</Table.Td><Table.Td>{amountDisplay(p.weekActual)}</Table.Td><Table.Td>{p.weekOrders}</Table.Td>
              <Table.Td><Text size="sm" c={rateColor(p.reachRate)}>{rate(p.reachRate)}</Text></Table.Td>
              <Table.Td>
                <NumberInput size="xs" min={0} decimalScale={2} disabled={!canHold} value={p.nextWeekTarget ?? ''} aria-label={`${p.userName}下周目标`}
                  onChange={(v) => setPersons(persons.map((x, j) => (j === i ? { ...x, nextWeekTarget: v === '' ? null : Number(v) } : x)))} />
              </Table.Td>
              <Table.Td><TextInput size="xs" maxLength={200} disabled={!canHold} value={p.remark ?? ''} onChange={(e) => setPersons(persons.map((x, j) => (j === i ? { ...x, remark: e.currentTarget.value } : x)))} /></Table.Td>
            </Table.Tr>
          ))}
          {!persons.length && <Table.Tr><Table.Td colSpan={7}><Text c="dimmed" ta="center" size="sm">本周无销售，也未设置人员目标</Text></Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea label="本周总结" autosize minRows={3} maxLength={2000} disabled={!canHold} value={summary} onChange={(e) => setSummary(e.currentTarget.value)} />
        <Textarea label="下周计划" autosize minRows={3} maxLength={2000} disabled={!canHold} value={plan} onChange={(e) => setPlan(e.currentTarget.value)} />
      </SimpleGrid>
      {save.isError && <Alert color="red">{messageOf(save.error)}</Alert>}
      {canHold && <Group><Button onClick={() => save.mutate()} loading={save.isPending} data-testid="weekly-save">{w.meetingId ? '保存修改' : '保存周会'}</Button></Group>}
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">近期周会</Text>
        <Table striped>
          <Table.Thead><Table.Tr><Table.Th>周次</Table.Th><Table.Th>日期</Table.Th><Table.Th>主持人</Table.Th><Table.Th>目标</Table.Th><Table.Th>实际</Table.Th><Table.Th w={40} /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {(history.data?.records ?? []).map((r) => (
              <Table.Tr key={r.meetingId}>
                <Table.Td>{r.weekYear}年第{r.weekNum}周</Table.Td><Table.Td>{r.weekStart} 至 {r.weekEnd}</Table.Td><Table.Td>{r.hostName}</Table.Td>
                <Table.Td>{amountDisplay(r.weekTarget)}</Table.Td><Table.Td>{amountDisplay(r.weekActual)}</Table.Td>
                <Table.Td>{canDelete && <ActionIcon variant="subtle" color="red" aria-label="删除" onClick={() => remove(r.meetingId, `${r.weekYear}年第${r.weekNum}周`)}><IconTrash size={16} /></ActionIcon>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
