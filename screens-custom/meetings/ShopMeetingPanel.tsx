import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePermission } from '../../src/permission/Permission';
import { addShopMeeting, deleteShopMeeting, messageOf, rate, rateColor, shopMeetingInit, shopMeetingPage, shopSales, userDayTargets } from './api';
import { Figure } from './Figure';
import { amountDisplay } from '../../core/money.ts';

const TYPES: Record<number, string> = { 1: '经营分析会', 2: '培训会', 3: '专题会' };

/** 店会: the day's and the month's sales against target and each seller's day target, then the meeting's record. */
export function ShopMeetingPanel({ shopId, day }: { shopId: number; day: string }) {
  const canHold = usePermission('shop:meeting:shop');
  const canDelete = usePermission('shop:meeting:delete');
  const queryClient = useQueryClient();
  const sales = useQuery({ queryKey: ['meeting', 'shop', 'sale', shopId, day], queryFn: () => shopSales(shopId, day), retry: false });
  const users = useQuery({ queryKey: ['meeting', 'shop', 'users', shopId, day], queryFn: () => userDayTargets(shopId, day), retry: false });
  const init = useQuery({ queryKey: ['meeting', 'shop', 'init', shopId, day], queryFn: () => shopMeetingInit(shopId, day), retry: false });
  const history = useQuery({ queryKey: ['meeting', 'shop', 'page', shopId], queryFn: () => shopMeetingPage(1, 10, shopId) });
  const [type, setType] = useState('1');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [attendees, setAttendees] = useState('');
  useEffect(() => {
    if (init.data) setAttendees(init.data.attendees);
  }, [init.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['meeting', 'shop'] });
  const add = useMutation({
    mutationFn: () => addShopMeeting({ shopId, meetingDate: day, meetingType: Number(type) as 1 | 2 | 3 /* the select offers the server's types (init.meetingTypes) */, title: title.trim(), content: content || null, attendees: attendees || null }),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: '店会已保存' });
      setTitle('');
      setContent('');
      await refresh();
    },
  });
  const remove = (id: number) =>
    modals.openConfirmModal({
      title: '删除店会', children: <Text size="sm">确定删除该店会记录吗？</Text>, labels: { confirm: '删除', cancel: '取消' }, confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteShopMeeting(id);
          await refresh();
        } catch {
          // Shown by the api client.
        }
      },
    });

  if (sales.isError) return <Alert color="red">{messageOf(sales.error)}</Alert>;
  const s = sales.data;
  return (
    <Stack data-testid="shop-meeting">
      {s && (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Figure label={`${s.date} 目标 / 销售`} value={`${amountDisplay(s.dayTarget)} / ${amountDisplay(s.dayActual)}`} />
          <Figure label="当日达成率" value={rate(s.dayReachRate)} color={rateColor(s.dayReachRate)} />
          <Figure label={`本月目标 / 至今销售`} value={`${amountDisplay(s.monthTarget)} / ${amountDisplay(s.monthToDateActual)}`} />
          <Figure label={`本月达成率（时间进度 ${s.timeProgress}%）`} value={rate(s.monthReachRate)} color={rateColor(s.monthReachRate)} />
        </SimpleGrid>
      )}
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr><Table.Th>人员</Table.Th><Table.Th>当日目标</Table.Th><Table.Th>当日销售</Table.Th><Table.Th>当日达成</Table.Th><Table.Th>月目标</Table.Th><Table.Th>月销售</Table.Th><Table.Th>月达成</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(users.data ?? []).map((u) => (
            <Table.Tr key={String(u.userId)}>
              <Table.Td>{u.userName}</Table.Td><Table.Td>{amountDisplay(u.dayTarget)}</Table.Td><Table.Td>{amountDisplay(u.dayActual)}</Table.Td>
              <Table.Td><Text size="sm" c={rateColor(u.dayReachRate)}>{rate(u.dayReachRate)}</Text></Table.Td>
              <Table.Td>{amountDisplay(u.monthTarget)}</Table.Td><Table.Td>{amountDisplay(u.monthActual)}</Table.Td>
              <Table.Td><Text size="sm" c={rateColor(u.monthReachRate)}>{rate(u.monthReachRate)}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canHold && (
        <Paper withBorder p="sm">
          <Text fw={600} mb="xs">记录店会（{day}）</Text>
          <Group align="flex-end">
            <Select label="会议类型" w={140} data={Object.entries(TYPES).map(([value, label]) => ({ value, label }))} value={type} onChange={(v) => setType(v ?? '1')} allowDeselect={false} />
            <TextInput label="会议主题" withAsterisk maxLength={100} value={title} onChange={(e) => setTitle(e.currentTarget.value)} style={{ flex: 1 }} />
          </Group>
          <TextInput label="参会人员" maxLength={500} value={attendees} onChange={(e) => setAttendees(e.currentTarget.value)} mt="xs" />
          <Textarea label="会议内容" autosize minRows={3} maxLength={4000} value={content} onChange={(e) => setContent(e.currentTarget.value)} mt="xs" />
          {add.isError && <Alert color="red" mt="xs">{messageOf(add.error)}</Alert>}
          <Button mt="sm" onClick={() => add.mutate()} loading={add.isPending} disabled={!title.trim()}>保存店会</Button>
        </Paper>
      )}
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">店会记录</Text>
        <Table striped>
          <Table.Thead><Table.Tr><Table.Th>日期</Table.Th><Table.Th>类型</Table.Th><Table.Th>主题</Table.Th><Table.Th>参会人员</Table.Th><Table.Th>月目标</Table.Th><Table.Th>当时月销售</Table.Th><Table.Th w={40} /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {(history.data?.records ?? []).map((r) => (
              <Table.Tr key={r.meetingId}>
                <Table.Td>{r.meetingDate}</Table.Td><Table.Td>{TYPES[r.meetingType]}</Table.Td><Table.Td>{r.title}</Table.Td><Table.Td>{r.attendees}</Table.Td>
                <Table.Td>{amountDisplay(r.monthTarget)}</Table.Td><Table.Td>{amountDisplay(r.monthActual)}</Table.Td>
                <Table.Td>{canDelete && <ActionIcon variant="subtle" color="red" aria-label="删除" onClick={() => remove(r.meetingId)}><IconTrash size={16} /></ActionIcon>}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
