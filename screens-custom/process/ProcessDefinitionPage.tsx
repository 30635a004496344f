import { Badge, Button, Checkbox, FileButton, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FIRST_PAGE, PagedTable, type Column } from '../../src/components/PagedTable';
import { notifySuccess } from '../../src/feedback/notify';
import { Permission } from '../../src/permission/Permission';
import { processApi, type Definition } from './api';
import { BpmnView } from './BpmnView';
import { ShopManagerDialog } from './ShopManagerDialog';

type Row = Definition & { id: number };
export const DESIGN_PATH = '/processManage/processDesign';

/** 流程定义 (/processManage/processDefinition): every deployed version; draw, import, suspend, delete. */
export default function ProcessDefinitionPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [draft, setDraft] = useState({ name: '', latest: false });
  const [filter, setFilter] = useState({ name: '', latest: false });
  const [viewing, setViewing] = useState<Definition | null>(null);
  const [removing, setRemoving] = useState<Definition | null>(null);
  const [cascade, setCascade] = useState(false);
  const [trying, setTrying] = useState<Definition | null>(null);
  const [managers, setManagers] = useState(false);
  const [trial, setTrial] = useState<{ amount: string | number; reason: string }>({ amount: 800, reason: '' });
  const dict = useQuery({ queryKey: ['process', 'dictionary', 'processBusinessType'], queryFn: () => processApi.dictionary('processBusinessType'), staleTime: 60_000 });
  const businessNames = new Map((dict.data ?? []).map((d) => [d.value, d.label]));
  const list = useQuery({ queryKey: ['process', 'definitions', paging.page, paging.size, filter], queryFn: () => processApi.definitions(paging.page, paging.size, filter) });
  const refresh = () => client.invalidateQueries({ queryKey: ['process'] });
  const importFile = useMutation({
    mutationFn: async (file: File) => processApi.deploy(await file.text()),
    onSuccess: (d) => { notifySuccess({ text: `已部署「${d.name}」v${d.version}` }); void refresh(); },
  });
  const suspend = useMutation({
    mutationFn: (d: Definition) => processApi.suspension(d.processDefinitionId, d.suspended ? 1 : 2),
    onSuccess: (_r, d) => { notifySuccess({ text: d.suspended ? '已激活' : '已挂起' }); void refresh(); },
  });
  const remove = useMutation({
    mutationFn: () => processApi.remove(removing!.deploymentId, cascade),
    onSuccess: () => { notifySuccess({ text: '已删除' }); setRemoving(null); void refresh(); },
  });
  const tryRun = useMutation({
    mutationFn: () => processApi.tryRun(trying!.key, { amount: Number(trial.amount) || 0, reason: trial.reason.trim() }, `试运行：${trying!.name} ${Number(trial.amount) || 0} 元`),
    onSuccess: (r) => {
      const next = r.tasks.map((t) => `${t.taskName}（${t.assigneeName ?? `角色 ${(t.candidateRoles ?? []).join('、')}`}）`).join('、');
      notifySuccess({ text: next ? `已发起，待 ${next} 审批` : `已发起，流程${r.statusName}` });
      setTrying(null);
      void refresh();
    },
  });
  const view = useQuery({
    queryKey: ['process', 'definition-xml', viewing?.processDefinitionId],
    queryFn: () => processApi.definitions(1, 1, { processDefinitionId: viewing!.processDefinitionId, withXml: true }),
    enabled: viewing !== null,
  });
  const data = list.data && { total: list.data.total, records: list.data.records.map((r) => ({ ...r, id: r.processDefinitionId })) };
  const columns: Column<Row>[] = [
    { key: 'key', title: '流程标识', render: (r) => r.key },
    { key: 'name', title: '流程名称', render: (r) => r.name },
    { key: 'version', title: '版本', render: (r) => <Group gap={4}>v{r.version}{r.latest && <Badge size="xs" variant="light">最新</Badge>}</Group>, width: 90 },
    { key: 'state', title: '状态', render: (r) => <Badge color={r.suspended ? 'gray' : 'green'}>{r.suspended ? '挂起' : '激活'}</Badge>, width: 80 },
    { key: 'businessType', title: '业务类型', render: (r) => (r.businessType ? businessNames.get(r.businessType) ?? r.businessType : '') },
    { key: 'running', title: '审批中', render: (r) => r.runningCount, width: 70 },
    { key: 'deployUser', title: '部署人', render: (r) => r.deployUserName ?? '' },
    { key: 'deployTime', title: '部署时间', render: (r) => r.deployTime },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => setViewing(r)}>查看</Button>
          <Permission perm="process:definition:deploy">
            <Button size="xs" variant="subtle" onClick={() => navigate(`${DESIGN_PATH}?processDefinitionId=${r.processDefinitionId}`)}>设计新版本</Button>
          </Permission>
          <Permission perm="process:definition:suspend">
            <Button size="xs" variant="subtle" loading={suspend.isPending && suspend.variables?.processDefinitionId === r.processDefinitionId} onClick={() => suspend.mutate(r)}>
              {r.suspended ? '激活' : '挂起'}
            </Button>
          </Permission>
          <Permission perm="process:definition:delete">
            <Button size="xs" variant="subtle" color="red" onClick={() => { setCascade(false); setRemoving(r); }}>删除</Button>
          </Permission>
          {r.latest && !r.suspended && (
            <Permission perm="process:instance:start">
              <Button size="xs" variant="subtle" onClick={() => setTrying(r)} data-testid={`process-try-${r.key}`}>试运行</Button>
            </Permission>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack data-testid="process-definition-page">
      <Group justify="space-between">
        <form onSubmit={(e) => { e.preventDefault(); setFilter(draft); setPaging({ ...paging, page: 1 }); }}>
          <Group>
            <TextInput placeholder="流程名称" value={draft.name} maxLength={64} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
            <Checkbox label="只看最新版本" checked={draft.latest} onChange={(e) => setDraft({ ...draft, latest: e.currentTarget.checked })} />
            <Button type="submit">查询</Button>
          </Group>
        </form>
        <Group>
          <Permission perm="process:shopManager:edit">
            <Button variant="default" onClick={() => setManagers(true)} data-testid="process-shop-managers">店长设置</Button>
          </Permission>
        <Permission perm="process:definition:deploy">
          <Group>
            <Button onClick={() => navigate(DESIGN_PATH)} data-testid="process-new">新建流程</Button>
            <FileButton onChange={(f) => f && importFile.mutate(f)} accept=".bpmn,.xml,text/xml,application/xml">
              {(props) => <Button variant="light" loading={importFile.isPending} {...props} data-testid="process-import">导入并部署</Button>}
            </FileButton>
          </Group>
        </Permission>
        </Group>
      </Group>
      <PagedTable columns={columns} data={data} loading={list.isFetching} paging={paging} onPaging={setPaging} testId="process-definition-table" />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing ? `${viewing.name} v${viewing.version}` : ''} size="xl">
        {view.data?.records[0]?.bpmnXml && <BpmnView xml={view.data.records[0].bpmnXml} height={420} />}
      </Modal>
      <ShopManagerDialog opened={managers} onClose={() => setManagers(false)} />
      <Modal opened={trying !== null} onClose={() => setTrying(null)} title={trying ? `试运行：${trying.name}` : ''}>
        <Stack>
          <Text size="sm" c="dimmed">以您为申请人发起一张演示单据，按最新版本审批；门店为第一个设置了店长的门店。</Text>
          <NumberInput label="金额（amount）" min={0} decimalScale={2} value={trial.amount} onChange={(v) => setTrial({ ...trial, amount: v })} data-testid="try-amount" />
          <TextInput label="事由（reason）" maxLength={100} value={trial.reason} onChange={(e) => setTrial({ ...trial, reason: e.currentTarget.value })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTrying(null)}>取消</Button>
            <Button loading={tryRun.isPending} onClick={() => tryRun.mutate()} data-testid="try-submit">发起</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="删除流程定义">
        {removing && (
          <Stack>
            <Text size="sm">删除「{removing.name}」v{removing.version}（部署 {removing.deploymentId}）？{removing.runningCount > 0 ? `还有 ${removing.runningCount} 个审批中的实例。` : ''}</Text>
            <Checkbox label="级联删除（撤销审批中的实例并删除其记录）" checked={cascade} onChange={(e) => setCascade(e.currentTarget.checked)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>取消</Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>删除</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
