import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePermission } from '../../src/permission/Permission';
import {
  dailyForm, dailyPage, findInventory, messageOf, rate, rateColor, saveDaily, updateDaily,
  type CountRow, type DailyMeeting, type DailyPerson,
} from './api';
import { Figure } from './Figure';
import { amountDisplay } from '../../core/money.ts';

interface Draft {
  summary: string;
  todayPlan: string;
  persons: DailyPerson[];
  counts: CountRow[];
}

const draftOf = (m: DailyMeeting): Draft => ({ summary: m.summary ?? '', todayPlan: m.todayPlan ?? '', persons: m.detList.map((p) => ({ ...p })), counts: m.inventoryList.map((c) => ({ ...c })) });

/**
 * 日会: one per shop and day. Opening a day shows the saved meeting, or a new one pre-filled from yesterday's orders
 * against the sellers' targets; the manager adds goals, the minutes and a stock check of chosen SKUs, and saves.
 */
export function DailyMeetingPanel({ shopId, day }: { shopId: number; day: string }) {
  const canHold = usePermission('shop:meeting:daily');
  const queryClient = useQueryClient();
  const form = useQuery({ queryKey: ['meeting', 'daily', shopId, day], queryFn: () => dailyForm(shopId, day), retry: false });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    if (form.data) setDraft(draftOf(form.data));
  }, [form.data]);
  const search = useMutation({ mutationFn: () => findInventory(shopId, keyword.trim()) });
  const save = useMutation({
    mutationFn: async () => {
      if (!draft || !form.data) return;
      const body = {
        shopId, meetingDate: day, summary: draft.summary || null, todayPlan: draft.todayPlan || null,
        detList: draft.persons.map((p) => ({ userId: p.userId, todayGoal: p.todayGoal ?? null, remark: p.remark || null })),
        inventoryList: draft.counts.filter((c) => c.countedQuantity !== null && c.countedQuantity !== undefined).map((c) => ({ skuId: c.skuId, countedQuantity: Number(c.countedQuantity), remark: c.remark || null })),
      };
      if (form.data.meetingId) await updateDaily(form.data.meetingId, body);
      else await saveDaily(body);
    },
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: '日会已保存' });
      await queryClient.invalidateQueries({ queryKey: ['meeting', 'daily'] });
    },
  });
  const history = useQuery({ queryKey: ['meeting', 'daily', 'page', shopId], queryFn: () => dailyPage(1, 10, shopId) });

  if (form.isError) return <Alert color="red">{messageOf(form.error)}</Alert>;
  if (!form.data || !draft) return <Text c="dimmed">加载中…</Text>;
  const m = form.data;
  const setPerson = (i: number, patch: Partial<DailyPerson>) => setDraft({ ...draft, persons: draft.persons.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const setCount = (skuId: number, patch: Partial<CountRow>) => setDraft({ ...draft, counts: draft.counts.map((c) => (c.skuId === skuId ? { ...c, ...patch } : c)) });
  const addCount = (row: CountRow) => {
    if (!draft.counts.some((c) => c.skuId === row.skuId)) setDraft({ ...draft, counts: [...draft.counts, { ...row, countedQuantity: null }] });
  };
  return (
    <Stack data-testid="daily-meeting">
      <Group justify="space-between">
        <Title order={5}>{m.shopName} · {m.meetingDate} 日会</Title>
        {m.meetingId ? <Badge color="teal" data-testid="daily-held">已召开（{m.createUserName} {m.createTime}）</Badge> : <Badge color="gray">未召开</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={`昨日（${m.yesterday}）目标`} value={amountDisplay(m.yesterdayTarget)} />
        <Figure label="昨日实际销售" value={amountDisplay(m.yesterdayActual)} testId="daily-yesterday-actual" />
        <Figure label="昨日达成率" value={rate(m.yesterdayReachRate)} color={rateColor(m.yesterdayReachRate)} />
        <Figure label="今日目标" value={amountDisplay(m.todayTarget)} />
      </SimpleGrid>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">人员昨日达成与今日目标（销售额来自订单，退款已冲减）</Text>
        <Table striped withTableBorder data-testid="daily-persons">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>人员</Table.Th><Table.Th>昨日目标</Table.Th><Table.Th>昨日销售</Table.Th><Table.Th>订单数</Table.Th><Table.Th>达成率</Table.Th>
              <Table.Th>今日目标</Table.Th><Table.Th w={140}>今日承诺</Table.Th><Table.Th>备注</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.persons.map((p, i) => (
              <Table.Tr key={String(p.userId)} data-testid="daily-person-row">
                <Table.Td>{p.userName}</Table.Td>
                <Table.Td>{amountDisplay(p.yesterdayTarget)}</Table.Td>
                <Table.Td>{amountDisplay(p.yesterdayActual)}</Table.Td>
                <Table.Td>{p.yesterdayOrders}</Table.Td>
                <Table.Td><Text c={rateColor(p.yesterdayReachRate)} size="sm">{rate(p.yesterdayReachRate)}</Text></Table.Td>
                <Table.Td>{amountDisplay(p.todayTarget)}</Table.Td>
                <Table.Td>
                  <NumberInput size="xs" min={0} decimalScale={2} disabled={!canHold} value={p.todayGoal ?? ''} aria-label={`${p.userName}今日承诺`}
                    onChange={(v) => setPerson(i, { todayGoal: v === '' ? null : Number(v) })} />
                </Table.Td>
                <Table.Td>
                  <TextInput size="xs" maxLength={200} disabled={!canHold} value={p.remark ?? ''} onChange={(e) => setPerson(i, { remark: e.currentTarget.value })} />
                </Table.Td>
              </Table.Tr>
            ))}
            {!draft.persons.length && (
              <Table.Tr><Table.Td colSpan={8}><Text c="dimmed" ta="center" size="sm">昨日无销售，本月也未设置人员目标</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea label="会议纪要" autosize minRows={3} maxLength={1000} disabled={!canHold} value={draft.summary} onChange={(e) => setDraft({ ...draft, summary: e.currentTarget.value })} data-testid="daily-summary" />
        <Textarea label="今日计划" autosize minRows={3} maxLength={1000} disabled={!canHold} value={draft.todayPlan} onChange={(e) => setDraft({ ...draft, todayPlan: e.currentTarget.value })} />
      </SimpleGrid>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">库存盘点（门店仓账面数 / 实盘数）</Text>
        {m.meetingId === null && !m.hasWarehouse ? (
          <Alert color="yellow">该门店没有启用的门店仓，无法盘点库存</Alert>
        ) : (
          <>
            {canHold && (
              <form onSubmit={(e) => { e.preventDefault(); search.mutate(); }}>
                <Group mb="xs">
                  <TextInput placeholder="商品编码、名称或条码" value={keyword} maxLength={48} onChange={(e) => setKeyword(e.currentTarget.value)} data-testid="count-keyword" />
                  <Button type="submit" variant="light" loading={search.isPending}>查找商品</Button>
                </Group>
              </form>
            )}
            {search.data && (
              <Group gap="xs" mb="xs" data-testid="count-candidates">
                {search.data.list.map((c) => (
                  <Button key={c.skuId} size="xs" variant="default" onClick={() => addCount(c)} disabled={draft.counts.some((x) => x.skuId === c.skuId)}>
                    {c.skuName}（{c.skuCode}，账面 {c.bookQuantity}）
                  </Button>
                ))}
                {!search.data.list.length && <Text c="dimmed" size="sm">未找到商品</Text>}
              </Group>
            )}
            <Table withTableBorder data-testid="daily-counts">
              <Table.Thead>
                <Table.Tr><Table.Th>商品编码</Table.Th><Table.Th>商品名称</Table.Th><Table.Th>账面数</Table.Th><Table.Th w={140}>实盘数</Table.Th><Table.Th>差异</Table.Th><Table.Th>备注</Table.Th><Table.Th w={40} /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.counts.map((c) => {
                  const diff = c.countedQuantity === null || c.countedQuantity === undefined ? null : Math.round((Number(c.countedQuantity) - c.bookQuantity) * 1000) / 1000;
                  return (
                    <Table.Tr key={c.skuId} data-testid="count-row">
                      <Table.Td>{c.skuCode}</Table.Td>
                      <Table.Td>{c.skuName}</Table.Td>
                      <Table.Td>{c.bookQuantity}</Table.Td>
                      <Table.Td>
                        <NumberInput size="xs" min={0} decimalScale={3} disabled={!canHold} value={c.countedQuantity ?? ''} aria-label={`${c.skuName}实盘数`}
                          onChange={(v) => setCount(c.skuId, { countedQuantity: v === '' ? null : Number(v) })} />
                      </Table.Td>
                      <Table.Td><Text size="sm" c={diff ? 'red' : undefined}>{diff ?? ''}</Text></Table.Td>
                      <Table.Td><TextInput size="xs" maxLength={200} disabled={!canHold} value={c.remark ?? ''} onChange={(e) => setCount(c.skuId, { remark: e.currentTarget.value })} /></Table.Td>
                      <Table.Td>
                        {!c.diffQuantity && c.diffQuantity !== 0 && canHold && (
                          <ActionIcon variant="subtle" color="red" aria-label="移除" onClick={() => setDraft({ ...draft, counts: draft.counts.filter((x) => x.skuId !== c.skuId) })}><IconTrash size={16} /></ActionIcon>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {!draft.counts.length && <Table.Tr><Table.Td colSpan={7}><Text c="dimmed" ta="center" size="sm">查找商品后加入盘点</Text></Table.Td></Table.Tr>}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Paper>
      {save.isError && <Alert color="red" data-testid="daily-error">{messageOf(save.error)}</Alert>}
      {canHold && (
        <Group>
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="daily-save">{m.meetingId ? '保存修改' : '保存日会'}</Button>
        </Group>
      )}
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">近期日会</Text>
        <Table striped data-testid="daily-history">
          <Table.Thead>
            <Table.Tr><Table.Th>日期</Table.Th><Table.Th>主持人</Table.Th><Table.Th>昨日目标</Table.Th><Table.Th>昨日销售</Table.Th><Table.Th>今日目标</Table.Th><Table.Th>盘点商品数</Table.Th><Table.Th>纪要</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(history.data?.records ?? []).map((r) => (
              <Table.Tr key={r.meetingId}>
                <Table.Td>{r.meetingDate}</Table.Td><Table.Td>{r.hostName}</Table.Td><Table.Td>{amountDisplay(r.yesterdayTarget)}</Table.Td><Table.Td>{amountDisplay(r.yesterdayActual)}</Table.Td>
                <Table.Td>{amountDisplay(r.todayTarget)}</Table.Td><Table.Td>{r.inventoryCount}</Table.Td><Table.Td>{r.summary}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
