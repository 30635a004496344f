import { Alert, Box, Button, Checkbox, FileButton, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import flowable from '../../server/domains/process/flowableModdle.json';
import { notifySuccess } from '../../src/feedback/notify';
import { ASSIGNEE_KINDS, blankProcessXml, readAssignee, writeAssignee, type AssigneeChoice, type AssigneeKind } from './assignee';
import { processApi } from './api';
import { chineseTranslate } from './translate';

/** What the panel needs of a diagram element (bpmn-js shapes and connections). */
interface Bo {
  id: string;
  name?: string;
  $type: string;
  assignee?: string;
  candidateGroups?: string;
  candidateUsers?: string;
  conditionExpression?: { body?: string };
  default?: Bo;
  sourceRef?: Bo;
}
interface El {
  id: string;
  type: string;
  businessObject: Bo;
  source?: El;
}
interface Box4 {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Moddle {
  create(type: string, props: object): unknown;
}
interface Modeling {
  updateProperties(el: El, props: Record<string, unknown>): void;
  updateLabel(el: El, text: string): void;
}

const DEFINITION_LIST = '/processManage/processDefinition';
const DESIGN_PATH = '/processManage/processDesign';

/**
 * 流程设计 (/processManage/processDesign, ?processDefinitionId= opens a version to derive the next): bpmn-js Modeler
 * with a small panel for what the server runs — the process key and name, each user task's approver, the
 * conditions and default flow of exclusive gateways. 部署 sends the XML; the server answers a refusal naming the element.
 */
export default function ProcessDesignPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const definitionId = Number(params.get('processDefinitionId')) || null;
  const host = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<El | null>(null);
  const [root, setRoot] = useState<El | null>(null);
  const [, setTick] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [businessType, setBusinessType] = useState('');
  const businessTypes = useQuery({ queryKey: ['process', 'dictionary', 'processBusinessType'], queryFn: () => processApi.dictionary('processBusinessType'), staleTime: 60_000 });

  const open = async (xml: string) => {
    const m = modeler.current!;
    try {
      const { warnings } = await m.importXML(xml);
      setLoadError(warnings.length ? `导入时有 ${warnings.length} 条提示：${String((warnings[0] as unknown as { message?: string }).message ?? warnings[0])}` : null);
    } catch (e) {
      setLoadError(`无法打开该流程文件：${(e as Error).message}`);
      return;
    }
    const canvas = m.get<{ getRootElement(): El; zoom(l: string): void; viewbox(box?: Box4): Box4 }>('canvas');
    canvas.zoom('fit-viewport');
    // Leave room for the palette on the left.
    const vb = canvas.viewbox();
    canvas.viewbox({ x: vb.x - 120, y: vb.y - 30, width: vb.width + 160, height: vb.height + 60 });
    setRoot(canvas.getRootElement());
    setSelected(null);
  };

  // The tab strip keeps this page alive in React's Activity: hidden, its effects are cleaned up but its state stays.
  // So the modeler goes with the effect and the drawing waits in `draft` until the page shows again.
  const draft = useRef<string | null>(null);
  const loadedFor = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    const m = new Modeler({ container: host.current!, moddleExtensions: { flowable }, additionalModules: [chineseTranslate] });
    modeler.current = m;
    const bus = m.get<{ on(e: string, fn: (ev: { newSelection?: El[] }) => void): void }>('eventBus');
    bus.on('selection.changed', (ev) => setSelected(ev.newSelection?.[0] ?? null));
    bus.on('elements.changed', () => setTick((t) => t + 1));
    const kept = draft.current;
    draft.current = null;
    if (kept && loadedFor.current !== undefined && loadedFor.current !== -1) void open(kept);
    return () => {
      modeler.current = null;
      setSelected(null);
      setRoot(null);
      void m
        .saveXML({ format: false })
        .then(({ xml }) => { draft.current = xml ?? null; }, () => undefined)
        .finally(() => m.destroy());
    };
  }, []);

  // What to open: this page's own ?processDefinitionId= (a blank process without one). A kept-alive tab hears every
  // location change; it reloads only when shown with another target, so a drawing survives a visit to another tab.
  const here = pathname === DESIGN_PATH;
  const wanted = here ? definitionId : undefined;
  useEffect(() => {
    if (wanted === undefined || wanted === loadedFor.current || !modeler.current) return;
    loadedFor.current = wanted;
    let alive = true;
    (async () => {
      if (wanted) {
        const d = (await processApi.definitions(1, 1, { processDefinitionId: wanted, withXml: true })).records[0];
        if (!alive) return;
        if (d?.bpmnXml) {
          setBusinessType(d.businessType ?? '');
          return open(d.bpmnXml);
        }
      }
      setBusinessType('');
      if (alive) await open(blankProcessXml());
    })();
    return () => {
      alive = false;
    };
  }, [wanted]);

  const modeling = () => modeler.current!.get<Modeling>('modeling');
  const deploy = useMutation({
    mutationFn: async () => {
      const { xml } = await modeler.current!.saveXML({ format: true });
      return processApi.deploy(xml!, businessType.trim() || undefined);
    },
    onSuccess: (d) => {
      notifySuccess({ text: `已部署「${d.name}」v${d.version}` });
      // Deployed: the next visit opens what it is asked for, even the same target again.
      loadedFor.current = -1;
      navigate(DEFINITION_LIST);
    },
  });
  const exportXml = async () => {
    const { xml } = await modeler.current!.saveXML({ format: true });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([xml!], { type: 'application/xml' }));
    a.download = `${root?.businessObject.id ?? 'process'}.bpmn`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <Stack data-testid="process-design-page" gap="sm">
      <Group justify="space-between">
        <Group>
          <TextInput
            label="流程标识"
            w={200}
            value={root?.businessObject.id ?? ''}
            onChange={(e) => root && modeling().updateProperties(root, { id: e.currentTarget.value })}
            data-testid="design-key"
          />
          <TextInput
            label="流程名称"
            w={200}
            value={root?.businessObject.name ?? ''}
            onChange={(e) => root && modeling().updateProperties(root, { name: e.currentTarget.value })}
            data-testid="design-name"
          />
          <Select
            label="业务类型"
            w={160}
            placeholder="不限"
            clearable
            data={businessTypes.data ?? []}
            value={businessType || null}
            onChange={(v) => setBusinessType(v ?? '')}
          />
        </Group>
        <Group>
          <FileButton onChange={(f) => f && f.text().then(open)} accept=".bpmn,.xml,text/xml,application/xml">
            {(props) => <Button variant="default" {...props} data-testid="design-import">导入文件</Button>}
          </FileButton>
          <Button variant="default" onClick={() => void exportXml()}>导出 XML</Button>
          <Button variant="default" onClick={() => navigate(DEFINITION_LIST)}>返回列表</Button>
          <Button loading={deploy.isPending} onClick={() => deploy.mutate()} data-testid="design-deploy">部署</Button>
        </Group>
      </Group>
      {loadError && <Alert color="yellow">{loadError}</Alert>}
      <Group align="stretch" gap="sm" wrap="nowrap">
        <Box ref={host} style={{ flex: 1, height: 'calc(100vh - 260px)', minHeight: 420, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, background: '#fff' }} data-testid="design-canvas" />
        <Paper withBorder p="sm" w={300} data-testid="design-panel">
          {selected && modeler.current ? <ElementPanel el={selected} modeling={modeling()} moddle={modeler.current!.get<Moddle>('moddle')} /> : <Hint />}
        </Paper>
      </Group>
    </Stack>
  );
}

function Hint() {
  return (
    <Stack gap={6}>
      <Title order={6}>属性</Title>
      <Text size="sm" c="dimmed">选中图中的元素编辑属性。</Text>
      <Text size="sm">可执行的元素：开始事件、用户任务、排他网关、并行网关、结束事件。</Text>
      <Text size="sm">用户任务须设置审批人：申请人的店长、角色、指定用户、多人（任一人审批，或签）或申请人。会签（都要同意）请用并行网关分支。</Text>
      <Text size="sm">排他网关的出线写条件，读单据字段，如 {'${amount > 500}'}；可设一条默认出线。</Text>
      <Text size="sm">驳回即结束流程并退回申请人。</Text>
    </Stack>
  );
}

function ElementPanel({ el, modeling, moddle }: { el: El; modeling: Modeling; moddle: Moddle }) {
  const bo = el.businessObject;
  const isUserTask = el.type === 'bpmn:UserTask';
  const fromExclusive = el.type === 'bpmn:SequenceFlow' && el.source?.type === 'bpmn:ExclusiveGateway';
  const assignee = isUserTask ? readAssignee({ assignee: bo.assignee, candidateGroups: bo.candidateGroups, candidateUsers: bo.candidateUsers }) : null;
  const [kind, setKind] = useState<AssigneeKind | null>(assignee?.kind ?? null);
  const [value, setValue] = useState(assignee?.value ?? '');
  useEffect(() => {
    setKind(assignee?.kind ?? null);
    setValue(assignee?.value ?? '');
  }, [el.id]);
  const setAssignee = (c: AssigneeChoice) => {
    setKind(c.kind);
    setValue(c.value);
    modeling.updateProperties(el, writeAssignee(c));
  };
  return (
    <Stack gap="xs">
      <Title order={6}>{typeNames[el.type] ?? el.type.replace('bpmn:', '')}</Title>
      <Text size="xs" c="dimmed">ID：{el.id}</Text>
      <TextInput label="名称" value={bo.name ?? ''} onChange={(e) => modeling.updateLabel(el, e.currentTarget.value)} data-testid="element-name" />
      {isUserTask && (
        <>
          <Select
            label="审批人"
            data={ASSIGNEE_KINDS}
            placeholder="请选择审批人"
            value={kind}
            allowDeselect={false}
            onChange={(v) => v && setAssignee({ kind: v as AssigneeKind, value: v === 'user' || v === 'users' || v === 'role' ? value : '' })}
            data-testid="assignee-kind"
          />
          {(kind === 'user' || kind === 'users' || kind === 'role') && (
            <TextInput
              label={kind === 'user' ? '用户（登录名或ID）' : kind === 'users' ? '用户登录名（多个用逗号分隔，任一人审批）' : '角色编码（多个用逗号分隔）'}
              placeholder={kind === 'user' ? '如 finance01' : kind === 'users' ? '如 finance01,manager01' : '如 finance'}
              value={value}
              onChange={(e) => setAssignee({ kind, value: e.currentTarget.value })}
              data-testid="assignee-value"
            />
          )}
          {!assignee && <Text size="xs" c="red">未设置审批人，部署时会被拒绝</Text>}
        </>
      )}
      {fromExclusive && (
        <>
          <TextInput
            label="条件表达式"
            placeholder="${amount > 500}"
            value={bo.conditionExpression?.body ?? ''}
            onChange={(e) => {
              const body = e.currentTarget.value;
              modeling.updateProperties(el, { conditionExpression: body.trim() ? moddle.create('bpmn:FormalExpression', { body }) : undefined });
            }}
            data-testid="flow-condition"
          />
          <Checkbox
            label="默认出线（其他条件都不满足时）"
            checked={el.source!.businessObject.default?.id === bo.id}
            onChange={(e) => modeling.updateProperties(el.source!, { default: e.currentTarget.checked ? bo : undefined })}
          />
        </>
      )}
    </Stack>
  );
}

const typeNames: Record<string, string> = {
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:UserTask': '用户任务',
  'bpmn:Task': '任务（请改为用户任务）',
  'bpmn:ExclusiveGateway': '排他网关',
  'bpmn:ParallelGateway': '并行网关',
  'bpmn:SequenceFlow': '连线',
};
