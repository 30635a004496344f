import { Badge, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FIRST_PAGE, PagedTable, type Column } from '../../src/components/PagedTable';
import { processApi, type Instance } from './api';
import { InstanceDetail, STATUS_COLOR } from './InstanceDetail';

type Row = Instance & { id: number };

/** 流程实例 (/processManage/processInstance): every instance of the tenant, by status; 详情 shows its path and trail. */
export default function ProcessInstancePage() {
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [draft, setDraft] = useState({ title: '', status: '' });
  const [filter, setFilter] = useState({ title: '', status: '' });
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['process', 'instances', paging.page, paging.size, filter],
    queryFn: () => processApi.instances(paging.page, paging.size, { title: filter.title, status: filter.status ? Number(filter.status) : '' }),
  });
  const data = list.data && { total: list.data.total, records: list.data.records.map((r) => ({ ...r, id: r.processInstanceId })) };
  const columns: Column<Row>[] = [
    { key: 'id', title: '实例ID', render: (r) => r.processInstanceId, width: 80 },
    { key: 'title', title: '标题', render: (r) => r.title },
    { key: 'process', title: '流程', render: (r) => `${r.processName} v${r.version}` },
    { key: 'applicant', title: '申请人', render: (r) => r.applicantName },
    { key: 'status', title: '状态', render: (r) => <Badge color={STATUS_COLOR[r.status]}>{r.statusName}</Badge> },
    { key: 'current', title: '当前环节', render: (r) => (r.currentTaskNames ? `${r.currentTaskNames}（${r.currentAssignees ?? ''}）` : '') },
    { key: 'start', title: '发起时间', render: (r) => r.startTime },
    { key: 'end', title: '结束时间', render: (r) => r.endTime ?? '' },
    { key: 'actions', title: '操作', render: (r) => <Button size="xs" variant="subtle" onClick={() => setDetailOf(r.processInstanceId)}>详情</Button> },
  ];
  return (
    <Stack data-testid="process-instance-page">
      <form onSubmit={(e) => { e.preventDefault(); setFilter(draft); setPaging({ ...paging, page: 1 }); }}>
        <Group>
          <TextInput placeholder="标题" value={draft.title} maxLength={100} onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })} />
          <Select
            w={140}
            placeholder="状态"
            clearable
            value={draft.status || null}
            onChange={(v) => setDraft({ ...draft, status: v ?? '' })}
            data={[{ value: '1', label: '审批中' }, { value: '2', label: '已通过' }, { value: '3', label: '已驳回' }, { value: '4', label: '已撤销' }]}
          />
          <Button type="submit">查询</Button>
        </Group>
      </form>
      <PagedTable columns={columns} data={data} loading={list.isFetching} paging={paging} onPaging={setPaging} testId="process-instance-table" />
      <Modal opened={detailOf !== null} onClose={() => setDetailOf(null)} title="流程详情" size="xl">
        {detailOf !== null && <InstanceDetail processInstanceId={detailOf} />}
      </Modal>
    </Stack>
  );
}
