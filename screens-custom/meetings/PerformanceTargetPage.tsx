import { ActionIcon, Alert, Badge, Button, Drawer, FileButton, Group, Modal, NumberInput, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { downloadFile, notifyDownloadError } from '../../engine/api/calls';
import { call, client } from '../../src/api/http';
import { usePermission } from '../../src/permission/Permission';
import {
  addTarget, deleteTargets, editTarget, getReportConfig, listShops, messageOf, rate, rateColor, reachByDay, reachInfo, refreshDays,
  S, saveReportConfig, targetDetail, targetPage, type ReportConfig, type TargetRow,
} from './api';
import { Figure } from './Figure';
import { amountDisplay, splitFen, sumFen, toFen, toYuan } from '../../core/money.ts';
import { localDay } from '../../core/calendar.ts';
import { MonthField } from '../../widgets/datePickers';

/**
 * 绩效目标 (/shopManage/performanceTarget): each shop's sales target of a month, split to its sellers and days; the
 * reached figures are always computed by the server from the orders. Hand-written beside the meetings because every
 * row's 实际销售 and 达成率 is computed from the orders, which the generic descriptor list cannot show.
 */
export default function PerformanceTargetPage() {
  const queryClient = useQueryClient();
  const canAdd = usePermission('shop:target:add');
  const canEdit = usePermission('shop:target:edit');
  const canDelete = usePermission('shop:target:delete');
  const canImport = usePermission('shop:target:import');
  const canConfig = usePermission('shop:target:config');
  const shops = useQuery({ queryKey: ['targets', 'shops'], queryFn: listShops });
  const config = useQuery({ queryKey: ['targets', 'config'], queryFn: getReportConfig });
  const [month, setMonth] = useState(localDay().slice(0, 7));
  const [shopId, setShopId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['targets', 'list', page, month, shopId],
    queryFn: () => targetPage(page, 20, { shopId: shopId ? Number(shopId) : null, targetMoonTime: /^\d{4}-\d{2}$/.test(month) ? month : null }),
  });
  const [editing, setEditing] = useState<{ row: TargetRow | null } | null>(null);
  const [viewing, setViewing] = useState<TargetRow | null>(null);
  const [configOpen, setConfigOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['targets'] });
  const warn = config.data?.warnRate ?? 80;
  const good = config.data?.goodRate ?? 100;
  const importFile = async (file: File | null) => {
    if (!file) return;
    try {
      const r = await client.post(`${S}/shop-performance-target/import`, file, { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, validateStatus: () => true, silent: true });
      const body = r.data as { code: number; msg: string };
      notifications.show({ color: body.code === 200 ? 'teal' : 'red', message: body.msg, autoClose: body.code === 200 ? 3000 : 8000 });
      await refresh();
    } catch (e) {
      notifications.show({ color: 'red', message: messageOf(e) });
    }
  };
  const downloadTemplate = () => downloadFile({ method: 'GET', path: `${S}/shop-performance-target/template` }, undefined, '绩效目标导入模板.xlsx').catch(notifyDownloadError);
  const remove = (row: TargetRow) =>
    modals.openConfirmModal({
      title: '删除绩效目标', children: <Text size="sm">确定删除「{row.shopName}」{row.targetMoonTime} 的绩效目标（含人员与每日目标）吗？</Text>,
      labels: { confirm: '删除', cancel: '取消' }, confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteTargets([row.targetId]);
          await refresh();
        } catch {
          // Shown by the api client.
        }
      },
    });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 20));
  return (
    <Stack data-testid="target-page">
      <Group justify="space-between">
        <Title order={4}>绩效目标</Title>
        <Group>
          {canAdd && <Button onClick={() => setEditing({ row: null })}>新增目标</Button>}
          {canImport && <FileButton onChange={importFile} accept=".xlsx">{(props) => <Button variant="light" {...props}>导入</Button>}</FileButton>}
          {canImport && <Button variant="subtle" onClick={downloadTemplate}>下载模板</Button>}
          {canConfig && <Button variant="default" onClick={() => setConfigOpen(true)}>报表配置</Button>}
        </Group>
      </Group>
      <Group>
        <MonthField label="目标月份" value={month} onChange={(v) => { setMonth(v ?? ''); setPage(1); }} testId="target-month-filter" />
        <Select label="门店" w={220} clearable searchable placeholder="全部门店" data={(shops.data ?? []).map((s) => ({ value: String(s.shopId), label: s.shopName }))} value={shopId} onChange={(v) => { setShopId(v); setPage(1); }} />
      </Group>
      <Paper withBorder p="sm">
        <Table striped highlightOnHover data-testid="target-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>门店</Table.Th><Table.Th>目标月份</Table.Th><Table.Th>目标金额</Table.Th><Table.Th>实际销售</Table.Th><Table.Th>达成率</Table.Th>
              <Table.Th>人员数</Table.Th><Table.Th>备注</Table.Th><Table.Th>修改人</Table.Th><Table.Th w={120}>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.records ?? []).map((r) => (
              <Table.Tr key={r.targetId} data-testid="target-row">
                <Table.Td><Button variant="transparent" size="compact-sm" onClick={() => setViewing(r)}>{r.shopName}</Button></Table.Td>
                <Table.Td>{r.targetMoonTime}</Table.Td><Table.Td>{amountDisplay(r.targetAmount)}</Table.Td><Table.Td>{amountDisplay(r.actualAmount)}</Table.Td>
                <Table.Td><Text size="sm" fw={600} c={rateColor(r.reachRate, warn, good)}>{rate(r.reachRate)}</Text></Table.Td>
                <Table.Td>{r.userCount}</Table.Td><Table.Td>{r.remark}</Table.Td><Table.Td>{r.updateUserName}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Button size="compact-xs" variant="light" onClick={() => setViewing(r)}>达成</Button>
                    {canEdit && <ActionIcon variant="subtle" aria-label="修改" onClick={() => setEditing({ row: r })}><IconPencil size={16} /></ActionIcon>}
                    {canDelete && <ActionIcon variant="subtle" color="red" aria-label="删除" onClick={() => remove(r)}><IconTrash size={16} /></ActionIcon>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {list.data && !list.data.records.length && <Table.Tr><Table.Td colSpan={9}><Text c="dimmed" ta="center" size="sm">暂无数据</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
        <Group justify="space-between" mt="xs">
          <Text size="sm" c="dimmed">共 {list.data?.total ?? 0} 条</Text>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      </Paper>
      {editing && <TargetForm row={editing.row} shops={(shops.data ?? []).map((s) => ({ value: String(s.shopId), label: s.shopName }))} month={month} onClose={() => setEditing(null)} onSaved={refresh} />}
      <ReachDrawer row={viewing} warn={warn} good={good} onClose={() => setViewing(null)} />
      {configOpen && config.data && <ConfigForm value={config.data} onClose={() => setConfigOpen(false)} onSaved={refresh} />}
    </Stack>
  );
}

interface Share {
  userId: number;
  userName: string;
  targetAmount: number;
}

/** 新增/修改目标: the shop's month amount and its split to sellers (must add up), defaulting to the recent sellers. */
function TargetForm({ row, shops, month, onClose, onSaved }: { row: TargetRow | null; shops: { value: string; label: string }[]; month: string; onClose: () => void; onSaved: () => void }) {
  const [shopId, setShopId] = useState<string | null>(row ? String(row.shopId) : null);
  const [targetMonth, setTargetMonth] = useState(row?.targetMoonTime ?? month);
  const [amount, setAmount] = useState<number | string>(row?.targetAmount ?? '');
  const [remark, setRemark] = useState(row?.remark ?? '');
  const [shares, setShares] = useState<Share[] | null>(null);
  const monthOk = /^\d{4}-\d{2}$/.test(targetMonth);
  const sellers = useQuery({
    queryKey: ['targets', 'sellers', shopId, targetMonth],
    queryFn: () => call<{ recent: { userId: number; userName: string }[]; users: { userId: number; userNo: string; name: string }[] }>({ method: 'GET', url: `${S}/shop-performance-target/sellers/${shopId}/${targetMonth}` }),
    enabled: Boolean(shopId) && monthOk,
  });
  const detail = useQuery({ queryKey: ['targets', 'detail', row?.targetId], queryFn: () => targetDetail(row!.shopId, row!.targetMoonTime), enabled: Boolean(row) });
  useEffect(() => {
    if (detail.data) setShares(detail.data.userTargets.map((u) => ({ userId: u.userId, userName: u.userName, targetAmount: u.targetAmount })));
  }, [detail.data]);
  const total = toYuan(sumFen((shares ?? []).map((s) => Number(s.targetAmount) || 0)));
  const evenly = () => {
    const people = shares?.length ? shares : (sellers.data?.recent ?? []).map((u) => ({ userId: u.userId, userName: u.userName, targetAmount: 0 }));
    const fen = toFen(amount || 0);
    if (!(fen >= 0)) return;
    const parts = splitFen(fen, people.map(() => 1));
    setShares(people.map((p, i) => ({ ...p, targetAmount: toYuan(parts[i]) })));
  };
  const save = useMutation({
    mutationFn: () => {
      const body = { shopId: Number(shopId), targetMoonTime: targetMonth, targetAmount: Number(amount), remark: remark || null, userTargets: shares && shares.length ? shares.map((s) => ({ userId: s.userId, targetAmount: Number(s.targetAmount) || 0 })) : null };
      return row ? editTarget({ ...body, targetId: row.targetId }) : addTarget(body);
    },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: row ? '修改成功' : '新增成功' });
      onSaved();
      onClose();
    },
  });
  const addPerson = (id: string | null) => {
    const u = sellers.data?.users.find((x) => String(x.userId) === id);
    if (u && !shares?.some((s) => s.userId === u.userId)) setShares([...(shares ?? []), { userId: u.userId, userName: u.name, targetAmount: 0 }]);
  };
  return (
    <Modal opened onClose={onClose} title={row ? '修改绩效目标' : '新增绩效目标'} size="lg">
      <Stack>
        <SimpleGrid cols={2}>
          <Select label="门店" withAsterisk searchable data={shops} value={shopId} onChange={setShopId} />
          <MonthField label="目标月份" required value={targetMonth} onChange={(v) => setTargetMonth(v ?? '')} error={targetMonth && !monthOk ? '目标月份格式不正确，应为 YYYY-MM' : undefined} testId="target-month" />
          <NumberInput label="目标金额（元）" withAsterisk min={0} decimalScale={2} thousandSeparator="," value={amount} onChange={setAmount} />
          <TextInput label="备注" maxLength={200} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
        </SimpleGrid>
        <Paper withBorder p="xs">
          <Group justify="space-between" mb="xs">
            <Text fw={600} size="sm">人员目标（合计须等于门店目标；不填则平均分给近 90 天在该店销售的人员）</Text>
            <Button size="compact-xs" variant="light" onClick={evenly} disabled={!amount}>平均分配</Button>
          </Group>
          <Table>
            <Table.Tbody>
              {(shares ?? []).map((s, i) => (
                <Table.Tr key={s.userId}>
                  <Table.Td>{s.userName}</Table.Td>
                  <Table.Td w={180}><NumberInput size="xs" min={0} decimalScale={2} value={s.targetAmount} aria-label={`${s.userName}目标`} onChange={(v) => setShares(shares!.map((x, j) => (j === i ? { ...x, targetAmount: Number(v) || 0 } : x)))} /></Table.Td>
                  <Table.Td w={40}><ActionIcon variant="subtle" color="red" aria-label="移除" onClick={() => setShares(shares!.filter((_, j) => j !== i))}><IconTrash size={14} /></ActionIcon></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group mt="xs" justify="space-between">
            <Select size="xs" w={200} placeholder="添加人员" searchable data={(sellers.data?.users ?? []).map((u) => ({ value: String(u.userId), label: `${u.name}（${u.userNo}）` }))} value={null} onChange={addPerson} />
            {shares && shares.length > 0 && <Text size="sm" c={Math.abs(total - Number(amount || 0)) > 0.001 ? 'red' : 'teal'}>合计 {amountDisplay(total)} 元</Text>}
          </Group>
        </Paper>
        {save.isError && <Alert color="red">{messageOf(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>取消</Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!shopId || !monthOk || amount === ''}>保存</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 达成情况 of one shop-month: totals, time progress, each seller and each day. */
function ReachDrawer({ row, warn, good, onClose }: { row: TargetRow | null; warn: number; good: number; onClose: () => void }) {
  const canExport = usePermission('shop:target:export');
  const info = useQuery({ queryKey: ['targets', 'reach', row?.shopId, row?.targetMoonTime], queryFn: () => reachInfo(row!.shopId, row!.targetMoonTime), enabled: Boolean(row) });
  const days = useQuery({ queryKey: ['targets', 'days', row?.shopId, row?.targetMoonTime], queryFn: () => reachByDay(row!.shopId, row!.targetMoonTime), enabled: Boolean(row) });
  const exportDaily = () =>
    downloadFile({ method: 'POST', path: `${S}/shop-user-performance-daily-target/excel` }, { shopId: row!.shopId, targetMoonTime: row!.targetMoonTime }, `人员每日目标_${row!.shopName}_${row!.targetMoonTime}.xlsx`).catch(notifyDownloadError);
  const i = info.data;
  return (
    <Drawer opened={Boolean(row)} onClose={onClose} position="right" size="xl" title={row ? `${row.shopName} · ${row.targetMoonTime} 达成情况` : ''}>
      {i && (
        <Stack>
          <SimpleGrid cols={3}>
            <Figure label="目标金额" value={amountDisplay(i.targetAmount)} />
            <Figure label="实际销售（已扣退款）" value={amountDisplay(i.actualAmount)} testId="reach-actual" />
            <Figure label="达成率" value={rate(i.reachRate)} color={rateColor(i.reachRate, warn, good)} />
            <Figure label={`时间进度（${i.daysElapsed}/${i.daysInMonth} 天）`} value={`${i.timeProgress}%`} />
            <Figure label="退款" value={amountDisplay(i.refundAmount)} />
            <Figure label="差额" value={amountDisplay(i.gapAmount)} />
          </SimpleGrid>
          <Group justify="space-between">
            <Text fw={600}>人员达成</Text>
            {canExport && <Button size="compact-sm" variant="light" onClick={exportDaily}>导出人员每日目标</Button>}
          </Group>
          <Table striped withTableBorder>
            <Table.Thead><Table.Tr><Table.Th>人员</Table.Th><Table.Th>目标</Table.Th><Table.Th>实际</Table.Th><Table.Th>订单数</Table.Th><Table.Th>达成率</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {i.users.map((u) => (
                <Table.Tr key={String(u.userId)}>
                  <Table.Td>{u.userName}</Table.Td><Table.Td>{amountDisplay(u.targetAmount)}</Table.Td><Table.Td>{amountDisplay(u.actualAmount)}</Table.Td><Table.Td>{u.orderCount}</Table.Td>
                  <Table.Td><Text size="sm" c={rateColor(u.reachRate, warn, good)}>{rate(u.reachRate)}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fw={600}>每日达成</Text>
          <Table striped withTableBorder>
            <Table.Thead><Table.Tr><Table.Th>日期</Table.Th><Table.Th>日目标</Table.Th><Table.Th>实际</Table.Th><Table.Th>达成率</Table.Th><Table.Th>累计目标</Table.Th><Table.Th>累计实际</Table.Th><Table.Th>累计达成</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {(days.data ?? []).map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{d.date}{d.weekend && <Badge size="xs" ml={4} variant="light">周末</Badge>}</Table.Td>
                  <Table.Td>{amountDisplay(d.targetAmount)}</Table.Td><Table.Td>{amountDisplay(d.actualAmount)}</Table.Td>
                  <Table.Td><Text size="sm" c={rateColor(d.reachRate, warn, good)}>{rate(d.reachRate)}</Text></Table.Td>
                  <Table.Td>{amountDisplay(d.cumulativeTarget)}</Table.Td><Table.Td>{amountDisplay(d.cumulativeActual)}</Table.Td><Table.Td>{rate(d.cumulativeReachRate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Drawer>
  );
}

/** 报表配置: reach colours and the weekend weight of the day split (applied to a month by 重新拆分). */
function ConfigForm({ value, onClose, onSaved }: { value: ReportConfig; onClose: () => void; onSaved: () => void }) {
  const [c, setC] = useState(value);
  const [month, setMonth] = useState(localDay().slice(0, 7));
  const save = useMutation({
    mutationFn: async () => {
      await saveReportConfig(c);
      const r = await refreshDays(month);
      return r.targets;
    },
    onSuccess: (n) => {
      notifications.show({ color: 'teal', message: `已保存，并重新拆分 ${month} 的 ${n} 个门店目标` });
      onSaved();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title="绩效报表配置">
      <Stack>
        <NumberInput label="预警达成率（%，低于此值显示红色）" min={0} max={999} decimalScale={2} value={c.warnRate} onChange={(v) => setC({ ...c, warnRate: Number(v) || 0 })} />
        <NumberInput label="达标达成率（%，达到此值显示绿色）" min={0} max={999} decimalScale={2} value={c.goodRate} onChange={(v) => setC({ ...c, goodRate: Number(v) || 0 })} />
        <NumberInput label="周末日目标权重（工作日为 1）" min={0.1} max={10} decimalScale={2} step={0.1} value={c.weekendWeight} onChange={(v) => setC({ ...c, weekendWeight: Number(v) || 1 })} />
        <MonthField label="按新权重重新拆分的月份" value={month} w={220} onChange={(v) => setMonth(v ?? '')} testId="resplit-month" />
        {save.isError && <Alert color="red">{messageOf(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>取消</Button>
          <Button onClick={() => save.mutate()} loading={save.isPending}>保存</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
