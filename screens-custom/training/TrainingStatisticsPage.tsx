import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { notifyError } from '../../src/feedback/notify';
import { DateField } from '../../widgets/datePickers';
import { exportStatistics, trainingApi, type CourseRow, type UniversityRow } from './api';

type Kind = 'university' | 'course';

/**
 * 大学统计 (/training/universityStatistics: per shop or department — assigned, completed, completion rate, overdue)
 * and 课程统计 (/training/courseStatistics: per course — assigned, started, completed, average watched), with
 * filters, a chart and the server's xlsx export.
 */
export default function TrainingStatisticsPage() {
  const kind: Kind = useLocation().pathname.endsWith('courseStatistics') ? 'course' : 'university';
  return <Statistics key={kind} kind={kind} />;
}

function Statistics({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const filters = useQuery({ queryKey: ['training', 'statFilters', kind], queryFn: () => trainingApi.statFilters(kind) });
  const [form, setForm] = useState({ groupBy: 'shop', taskId: null as string | null, shopId: null as string | null, groupId: null as string | null, title: '', startDate: '', endDate: '' });
  const [applied, setApplied] = useState(form);
  const body = kind === 'university'
    ? { groupBy: applied.groupBy, taskId: num(applied.taskId), shopId: num(applied.shopId), startDate: applied.startDate || null, endDate: applied.endDate || null }
    : { taskId: num(applied.taskId), groupId: num(applied.groupId), title: applied.title.trim() || null, startDate: applied.startDate || null, endDate: applied.endDate || null };
  const rows = useQuery({
    queryKey: ['training', 'stats', kind, body],
    queryFn: () => (kind === 'university' ? trainingApi.university(body) : trainingApi.course(body)) as Promise<(UniversityRow | CourseRow)[]>,
  });
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  const f = filters.data;
  const data = (rows.data ?? []) as unknown as Record<string, unknown>[];
  return (
    <Stack data-testid={`training-stats-${kind}`}>
      <Paper withBorder p="md">
        <Group justify="space-between" align="end">
          <Title order={4}>{t(`training.stats.${kind}`)}</Title>
          <Group align="end" gap="xs">
            {kind === 'university' && (
              <SegmentedControl value={form.groupBy} onChange={(groupBy) => set({ groupBy })}
                data={[{ value: 'shop', label: t('training.stats.byShop') }, { value: 'dept', label: t('training.stats.byDept') }]} />
            )}
            <Select w={180} label={t('training.fields.taskName')} clearable searchable value={form.taskId} onChange={(taskId) => set({ taskId })}
              data={(f?.tasks ?? []).map((x) => ({ value: String(x.taskId), label: x.taskName }))} data-testid="stats-task" />
            {kind === 'university' ? (
              <Select w={160} label={t('training.fields.shop')} clearable searchable value={form.shopId} onChange={(shopId) => set({ shopId })}
                data={(f?.shops ?? []).map((x) => ({ value: String(x.shopId), label: x.shopName }))} />
            ) : (
              <>
                <Select w={160} label={t('training.fields.group')} clearable value={form.groupId} onChange={(groupId) => set({ groupId })}
                  data={(f?.groups ?? []).map((x) => ({ value: String(x.groupId), label: x.groupName }))} />
                <TextInput w={160} label={t('training.fields.title')} value={form.title} onChange={(e) => set({ title: e.currentTarget.value })} />
              </>
            )}
            <DateField label={t('training.stats.startDate')} value={form.startDate} maxDate={form.endDate || undefined} onChange={(startDate) => set({ startDate: startDate ?? '' })} testId="stats-start" />
            <DateField label={t('training.stats.endDate')} value={form.endDate} minDate={form.startDate || undefined} onChange={(endDate) => set({ endDate: endDate ?? '' })} testId="stats-end" />
            <Button onClick={() => setApplied(form)} data-testid="stats-search">{t('training.search')}</Button>
            <Button variant="default" disabled={!data.length} onClick={() => exportStatistics(kind, body).catch((e: Error) => notifyError({ text: e.message }))} data-testid="stats-export">
              {t('training.stats.export')}
            </Button>
          </Group>
        </Group>
      </Paper>
      {data.length > 0 && (
        <Paper withBorder p="md">
          <BarChart
            h={260} data={data} dataKey={kind === 'university' ? 'name' : 'title'} unit="%"
            series={kind === 'university'
              ? [{ name: 'completionRate', label: t('training.stats.completionRate'), color: 'teal.6' }]
              : [{ name: 'completionRate', label: t('training.stats.completionRate'), color: 'teal.6' }, { name: 'avgWatchedPercent', label: t('training.stats.avgWatched'), color: 'blue.6' }]}
          />
        </Paper>
      )}
      <Paper withBorder>
        {kind === 'university' ? <UniversityTable rows={data as unknown as UniversityRow[]} groupBy={applied.groupBy} /> : <CourseTable rows={data as unknown as CourseRow[]} />}
        {rows.data && !data.length && <Text c="dimmed" ta="center" p="md">{t('training.empty')}</Text>}
      </Paper>
    </Stack>
  );
}

const num = (v: string | null) => (v ? Number(v) : null);

function UniversityTable({ rows, groupBy }: { rows: UniversityRow[]; groupBy: string }) {
  const { t } = useTranslation();
  return (
    <Table striped data-testid="stats-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{groupBy === 'dept' ? t('training.stats.dept') : t('training.fields.shop')}</Table.Th><Table.Th>{t('training.fields.people')}</Table.Th>
          <Table.Th>{t('training.stats.assigned')}</Table.Th><Table.Th>{t('training.fields.completed')}</Table.Th>
          <Table.Th>{t('training.stats.completionRate')}</Table.Th><Table.Th>{t('training.fields.overdue')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name} data-testid={`stats-row-${r.name}`}>
            <Table.Td>{r.name}</Table.Td><Table.Td>{r.peopleCount}</Table.Td><Table.Td>{r.assignedCount}</Table.Td><Table.Td>{r.completedCount}</Table.Td>
            <Table.Td>{r.completionRate}%</Table.Td><Table.Td>{r.overdueCount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CourseTable({ rows }: { rows: CourseRow[] }) {
  const { t } = useTranslation();
  return (
    <Table striped data-testid="stats-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('training.fields.title')}</Table.Th><Table.Th>{t('training.fields.group')}</Table.Th><Table.Th>{t('training.stats.assigned')}</Table.Th>
          <Table.Th>{t('training.stats.started')}</Table.Th><Table.Th>{t('training.fields.completed')}</Table.Th>
          <Table.Th>{t('training.stats.completionRate')}</Table.Th><Table.Th>{t('training.stats.avgWatched')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.materialId} data-testid={`stats-row-${r.title}`}>
            <Table.Td>{r.title}</Table.Td><Table.Td>{r.groupName}</Table.Td><Table.Td>{r.assignedCount}</Table.Td><Table.Td>{r.startedCount}</Table.Td>
            <Table.Td>{r.completedCount}</Table.Td><Table.Td>{r.completionRate}%</Table.Td><Table.Td data-testid="stats-avg">{r.avgWatchedPercent}%</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
