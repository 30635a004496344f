/**
 * Reads a BPMN 2.0 process (the XML bpmn-js draws and Flowable-style servers deploy) with bpmn-moddle and checks it
 * is inside the subset the interpreter runs: one start event, user tasks, exclusive and parallel gateways, end
 * events and the sequence flows between them. Every refusal is a Chinese sentence naming the element (its name and id).
 *
 * Who approves a user task (Flowable's attributes):
 * - flowable:assignee="12" or "zhangsan": that user (id or login name);
 * - flowable:assignee="${shopManager}": the applicant's shop manager; "${deptHead}": the head of the applicant's
 *   department (or of the nearest one above it with a head; 部门管理); "${applicant}" / "${initiator}": the applicant;
 *   any other "${field}": the user whose id the business document's field holds;
 * - flowable:candidateUsers="zhangsan,lisi": any one of them (或签), once;
 * - flowable:candidateGroups="finance,admin": anyone with one of those roles (codes) may take it, once.
 * Every branch of a parallel gateway must approve (会签).
 */
import { BpmnModdle } from 'bpmn-moddle';
import flowable from './flowableModdle.json' with { type: 'json' };
import { ExpressionError, parseExpression, type Expr } from './expression.ts';

export type Assignee =
  | { kind: 'user'; user: string }
  | { kind: 'users'; users: string[] }
  | { kind: 'role'; roles: string[] }
  | { kind: 'shopManager' }
  | { kind: 'deptHead' }
  | { kind: 'applicant' }
  | { kind: 'variable'; name: string };

export type NodeType = 'start' | 'end' | 'userTask' | 'exclusive' | 'parallel';

export interface FlowNode {
  id: string;
  name: string;
  type: NodeType;
  incoming: string[];
  outgoing: string[];
  assignee?: Assignee;
  /** Exclusive gateway: the flow taken when no condition holds. */
  defaultFlow?: string;
}

export interface SequenceFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  conditionText?: string;
  condition?: Expr;
}

export interface ProcessModel {
  key: string;
  name: string;
  startId: string;
  nodes: Record<string, FlowNode>;
  flows: Record<string, SequenceFlow>;
  /** Node ids in document order. */
  order: string[];
}

export class ProcessModelError extends Error {
  constructor(message: string, readonly elementId?: string) {
    super(message);
  }
}

const TYPE_OF: Record<string, NodeType> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
};

const TYPE_NAMES: Record<string, string> = {
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:UserTask': '用户任务',
  'bpmn:ExclusiveGateway': '排他网关',
  'bpmn:ParallelGateway': '并行网关',
  'bpmn:InclusiveGateway': '包容网关',
  'bpmn:EventBasedGateway': '事件网关',
  'bpmn:ComplexGateway': '复杂网关',
  'bpmn:Task': '任务',
  'bpmn:ServiceTask': '服务任务',
  'bpmn:ScriptTask': '脚本任务',
  'bpmn:SendTask': '发送任务',
  'bpmn:ReceiveTask': '接收任务',
  'bpmn:ManualTask': '手工任务',
  'bpmn:BusinessRuleTask': '业务规则任务',
  'bpmn:SubProcess': '子流程',
  'bpmn:CallActivity': '调用活动',
  'bpmn:IntermediateCatchEvent': '中间捕获事件',
  'bpmn:IntermediateThrowEvent': '中间抛出事件',
  'bpmn:BoundaryEvent': '边界事件',
  'bpmn:SequenceFlow': '连线',
};

/** 用户任务「店长审批」(Activity_1): how refusals name an element. */
export function describeElement(el: { $type?: string; id?: string; name?: string }): string {
  const kind = TYPE_NAMES[el.$type ?? ''] ?? `元素 ${el.$type?.replace(/^bpmn:/, '') ?? ''}`.trim();
  return el.name ? `${kind}「${el.name}」(${el.id ?? '无 id'})` : `${kind} ${el.id ?? '(无 id)'}`;
}

export const PROCESS_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_\-.]{0,63}$/;
export const MAX_XML_LENGTH = 1_000_000;

interface ModdleEl {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  [k: string]: unknown;
}

function assigneeOf(el: ModdleEl): Assignee | undefined {
  const attr = (name: string) => {
    const v = (el[name] as string | undefined) ?? el.$attrs?.[`flowable:${name}`] ?? el.$attrs?.[`activiti:${name}`] ?? el.$attrs?.[`camunda:${name}`];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const assignee = attr('assignee');
  if (assignee) {
    const expr = /^\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}$/.exec(assignee);
    if (!expr) {
      if (assignee.includes('${')) throw new ProcessModelError(`${describeElement(el)} 的审批人表达式「${assignee}」不支持，请用 \${shopManager}、\${deptHead}、\${applicant} 或 \${字段名}`, el.id);
      return { kind: 'user', user: assignee };
    }
    const name = expr[1];
    if (name === 'shopManager' || name === 'applicantShopManager') return { kind: 'shopManager' };
    if (name === 'deptHead' || name === 'departmentHead') return { kind: 'deptHead' };
    if (name === 'applicant' || name === 'initiator' || name === 'startUser') return { kind: 'applicant' };
    return { kind: 'variable', name };
  }
  const groups = attr('candidateGroups');
  if (groups) {
    const roles = groups.split(',').map((g) => g.trim()).filter(Boolean);
    if (roles.some((r) => r.includes('${'))) throw new ProcessModelError(`${describeElement(el)} 的候选角色不支持表达式`, el.id);
    return { kind: 'role', roles };
  }
  const users = attr('candidateUsers');
  if (users) {
    const list = [...new Set(users.split(',').map((u) => u.trim()).filter(Boolean))];
    if (list.some((u) => u.includes('${'))) throw new ProcessModelError(`${describeElement(el)} 的候选人不支持表达式`, el.id);
    if (list.length > 20) throw new ProcessModelError(`${describeElement(el)} 的候选人不能超过 20 个`, el.id);
    return list.length === 1 ? { kind: 'user', user: list[0] } : { kind: 'users', users: list };
  }
  return undefined;
}

/** Parses and checks a BPMN 2.0 document; throws ProcessModelError naming the element at fault. */
export async function parseProcess(xml: string): Promise<ProcessModel> {
  if (typeof xml !== 'string' || !xml.trim()) throw new ProcessModelError('流程文件（BPMN XML）不能为空');
  if (xml.length > MAX_XML_LENGTH) throw new ProcessModelError('流程文件过大（不能超过 1,000,000 个字符）');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new ProcessModelError('流程文件不能包含 DOCTYPE 或实体声明');
  const moddle = new BpmnModdle({ flowable });
  let root: ModdleEl;
  let warnings: { message: string }[] = [];
  try {
    const parsed = (await moddle.fromXML(xml)) as { rootElement: ModdleEl; warnings: { message: string }[] };
    root = parsed.rootElement;
    warnings = parsed.warnings ?? [];
  } catch (e) {
    throw new ProcessModelError(`流程文件不是合法的 BPMN 2.0 XML：${(e as Error).message.split('\n')[0]}`);
  }
  if (!root || root.$type !== 'bpmn:Definitions') throw new ProcessModelError('流程文件的根元素应为 bpmn:definitions');
  const unresolved = warnings.find((w) => /unresolved reference/i.test(w.message));
  if (unresolved) {
    const id = /<([^>]+)>/.exec(unresolved.message)?.[1];
    throw new ProcessModelError(`流程文件引用了不存在的元素${id ? ` ${id}` : ''}`, id);
  }
  const processes = ((root.rootElements as ModdleEl[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  const drawn = processes.filter((p) => ((p.flowElements as ModdleEl[] | undefined) ?? []).length > 0);
  if (!processes.length) throw new ProcessModelError('流程文件中没有流程（bpmn:process）');
  if (drawn.length > 1) throw new ProcessModelError(`一个流程文件只能包含一个流程（现有 ${drawn.map((p) => p.id).join('、')}）`);
  const proc = drawn[0] ?? processes[0];
  const key = proc.id ?? '';
  if (!PROCESS_KEY_PATTERN.test(key)) throw new ProcessModelError(`流程标识「${key}」格式不正确：以字母或下划线开头，只含字母、数字、_ - .，不超过 64 个字符`, key);
  const name = (proc.name ?? '').trim() || key;
  if (name.length > 64) throw new ProcessModelError(`流程名称「${name.slice(0, 20)}…」不能超过 64 个字符`, key);

  const nodes: Record<string, FlowNode> = {};
  const flows: Record<string, SequenceFlow> = {};
  const order: string[] = [];
  const elements = (proc.flowElements as ModdleEl[] | undefined) ?? [];
  const seqEls: ModdleEl[] = [];
  for (const el of elements) {
    if (!el.id) throw new ProcessModelError(`${describeElement(el)} 缺少 id`);
    if (el.$type === 'bpmn:SequenceFlow') { seqEls.push(el); continue; }
    const type = TYPE_OF[el.$type];
    if (!type) {
      const hint = el.$type === 'bpmn:Task' ? '，请改为用户任务' : '';
      throw new ProcessModelError(`${describeElement(el)} 不受支持（只支持开始事件、用户任务、排他网关、并行网关和结束事件${hint}）`, el.id);
    }
    if ((type === 'start' || type === 'end') && ((el.eventDefinitions as unknown[] | undefined) ?? []).length)
      throw new ProcessModelError(`${describeElement(el)} 不能带定时、消息等事件定义，请用普通${type === 'start' ? '开始' : '结束'}事件`, el.id);
    const node: FlowNode = { id: el.id, name: (el.name ?? '').trim() || el.id, type, incoming: [], outgoing: [] };
    if (type === 'userTask') {
      if (((el as { loopCharacteristics?: unknown }).loopCharacteristics)) throw new ProcessModelError(`${describeElement(el)} 不支持多实例，会签请用并行网关`, el.id);
      node.assignee = assigneeOf(el);
      if (!node.assignee) throw new ProcessModelError(`${describeElement(el)} 未设置审批人（审批人、角色或申请人的店长）`, el.id);
    }
    if (type === 'exclusive' && el.default) node.defaultFlow = (el.default as ModdleEl).id;
    nodes[el.id] = node;
    order.push(el.id);
  }
  for (const el of seqEls) {
    const src = el.sourceRef as ModdleEl | undefined;
    const tgt = el.targetRef as ModdleEl | undefined;
    if (!src?.id || !tgt?.id || !nodes[src.id] || !nodes[tgt.id]) throw new ProcessModelError(`${describeElement(el)} 缺少起点或终点`, el.id);
    const flow: SequenceFlow = { id: el.id!, name: (el.name ?? '').trim(), source: src.id, target: tgt.id };
    const cond = el.conditionExpression as ModdleEl | undefined;
    const body = typeof cond?.body === 'string' ? cond.body.trim() : '';
    if (body) {
      try {
        flow.condition = parseExpression(body);
      } catch (e) {
        if (e instanceof ExpressionError) throw new ProcessModelError(`${describeElement(el)} 的条件「${body}」有误：${e.message}`, el.id);
        throw e;
      }
      flow.conditionText = body;
    }
    flows[flow.id] = flow;
    nodes[src.id].outgoing.push(flow.id);
    nodes[tgt.id].incoming.push(flow.id);
  }

  const starts = order.filter((id) => nodes[id].type === 'start');
  const described = (id: string) => describeElement(elements.find((e) => e.id === id)!);
  if (starts.length === 0) throw new ProcessModelError(`流程「${name}」(${key}) 缺少开始事件`, key);
  if (starts.length > 1) throw new ProcessModelError(`流程「${name}」(${key}) 只能有一个开始事件（现有 ${starts.map(described).join('、')}）`, starts[1]);
  if (!order.some((id) => nodes[id].type === 'end')) throw new ProcessModelError(`流程「${name}」(${key}) 缺少结束事件`, key);
  for (const id of order) {
    const n = nodes[id];
    const d = described(id);
    if (n.type === 'start') {
      if (n.outgoing.length !== 1) throw new ProcessModelError(`${d} 应有且只有一条出线（现有 ${n.outgoing.length} 条）`, id);
      continue;
    }
    if (!n.incoming.length) throw new ProcessModelError(`${d} 没有进入的连线`, id);
    if (n.type === 'end') {
      if (n.outgoing.length) throw new ProcessModelError(`${d} 不能有出线`, id);
      continue;
    }
    if (!n.outgoing.length) throw new ProcessModelError(`${d} 没有出线（流程走到这里无法结束）`, id);
    if (n.type === 'userTask' && n.outgoing.length > 1) throw new ProcessModelError(`${d} 只能有一条出线，分支请接排他网关`, id);
    if (n.type === 'exclusive') {
      if (n.defaultFlow && !n.outgoing.includes(n.defaultFlow)) throw new ProcessModelError(`${d} 的默认出线不是它自己的出线`, id);
      if (n.outgoing.length > 1) {
        const bare = n.outgoing.filter((f) => f !== n.defaultFlow && !flows[f].condition);
        if (bare.length) throw new ProcessModelError(`${d} 的出线${bare.map((f) => described(f) || f).map((x) => x.replace(/^连线/, '')).join('、')} 缺少条件（除默认出线外每条出线都要有条件，如 \${amount > 500}）`, bare[0]);
      }
    }
    if (n.type === 'parallel') {
      const conditioned = n.outgoing.find((f) => flows[f].condition);
      if (conditioned) throw new ProcessModelError(`${described(conditioned)} 从并行网关出发，不能带条件`, conditioned);
    }
  }
  // Every element is reachable from the start, and every element reaches an end.
  const reach = (from: string[], next: (n: FlowNode) => string[]) => {
    const seen = new Set(from);
    const todo = [...from];
    while (todo.length) for (const x of next(nodes[todo.pop()!])) if (!seen.has(x)) { seen.add(x); todo.push(x); }
    return seen;
  };
  const fromStart = reach([starts[0]], (n) => n.outgoing.map((f) => flows[f].target));
  const orphan = order.find((id) => !fromStart.has(id));
  if (orphan) throw new ProcessModelError(`${described(orphan)} 从开始事件走不到`, orphan);
  const toEnd = reach(order.filter((id) => nodes[id].type === 'end'), (n) => n.incoming.map((f) => flows[f].source));
  const stuck = order.find((id) => !toEnd.has(id));
  if (stuck) throw new ProcessModelError(`${described(stuck)} 走不到结束事件`, stuck);
  return { key, name, startId: starts[0], nodes, flows, order };
}
