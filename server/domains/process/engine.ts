/**
 * The process interpreter: pure functions from a parsed model, the instance's run state and the business
 * document's variables to the next run state and the user tasks to open. Tokens move from the start event along
 * sequence flows; a user task holds its token until approved; an exclusive gateway takes the first outgoing flow
 * (in document order) whose condition holds, else its default; a parallel gateway waits for a token on every
 * incoming flow (join) and then sends one down every outgoing flow (fork); an end event consumes its token and
 * the instance is approved when no token is left. A rejection ends the instance as rejected (back to the applicant).
 */
import { conditionHolds } from './expression.ts';
import { describeElement, type FlowNode, type ProcessModel } from './bpmn.ts';

export interface Token {
  id: string;
  node: string;
}

export interface RunState {
  tokens: Token[];
  /** Parallel join gateway id -> tokens arrived so far. */
  joins: Record<string, number>;
  /** Last token number handed out. */
  seq: number;
  /** Node and flow ids passed, in order (the path so far; the designer highlights them). */
  trail: string[];
}

export interface OpenTask {
  token: string;
  node: FlowNode;
}

export interface Step {
  state: RunState;
  /** User tasks to open (one per token that stopped on a user task). */
  opened: OpenTask[];
  /** True when no token is left: the instance is approved. */
  finished: boolean;
}

export class ProcessRuntimeError extends Error {
  constructor(message: string, readonly elementId?: string) {
    super(message);
  }
}

const MAX_MOVES = 10_000;

const described = (n: FlowNode) => describeElement({ $type: { start: 'bpmn:StartEvent', end: 'bpmn:EndEvent', userTask: 'bpmn:UserTask', exclusive: 'bpmn:ExclusiveGateway', parallel: 'bpmn:ParallelGateway' }[n.type], id: n.id, name: n.name === n.id ? undefined : n.name });

function run(model: ProcessModel, state: RunState, moving: Token[], vars: Record<string, unknown>): Step {
  const next: RunState = { tokens: state.tokens.filter((t) => !moving.some((m) => m.id === t.id)), joins: { ...state.joins }, seq: state.seq, trail: [...state.trail] };
  const opened: OpenTask[] = [];
  const queue: { token: Token; flow: string }[] = [];
  const newToken = (node: string): Token => ({ id: `t${++next.seq}`, node });
  const leave = (token: Token, flows: string[]) => {
    flows.forEach((f, i) => queue.push({ token: i === 0 ? token : newToken(token.node), flow: f }));
  };
  for (const t of moving) leave(t, model.nodes[t.node].outgoing);
  let moves = 0;
  while (queue.length) {
    if (++moves > MAX_MOVES) throw new ProcessRuntimeError('流程出现无限循环（没有经过用户任务的回路），请检查流程定义');
    const { token, flow } = queue.shift()!;
    const f = model.flows[flow];
    const node = model.nodes[f.target];
    next.trail.push(f.id, node.id);
    const here: Token = { id: token.id, node: node.id };
    switch (node.type) {
      case 'userTask':
        next.tokens.push(here);
        opened.push({ token: here.id, node });
        break;
      case 'end':
        break;
      case 'exclusive': {
        const out = node.outgoing.length === 1 ? node.outgoing[0] : node.outgoing.find((o) => o !== node.defaultFlow && model.flows[o].condition && conditionHolds(model.flows[o].condition!, vars)) ?? node.defaultFlow;
        if (!out) {
          const conds = node.outgoing.map((o) => model.flows[o].conditionText).filter(Boolean).join('；');
          throw new ProcessRuntimeError(`${described(node)} 没有满足条件的出线（条件：${conds}），请检查单据数据或为网关设置默认出线`, node.id);
        }
        leave(here, [out]);
        break;
      }
      case 'parallel': {
        if (node.incoming.length > 1) {
          const arrived = (next.joins[node.id] ?? 0) + 1;
          if (arrived < node.incoming.length) {
            next.joins[node.id] = arrived;
            break;
          }
          delete next.joins[node.id];
        }
        leave(here, node.outgoing);
        break;
      }
      case 'start':
        throw new ProcessRuntimeError(`${described(node)} 不能有进入的连线`, node.id);
    }
  }
  return { state: next, opened, finished: next.tokens.length === 0 };
}

/** Starts an instance: a token leaves the start event and runs until user tasks or the end. */
export function startRun(model: ProcessModel, vars: Record<string, unknown>): Step {
  const start: Token = { id: 't1', node: model.startId };
  return run(model, { tokens: [start], joins: {}, seq: 1, trail: [model.startId] }, [start], vars);
}

/** The user task holding `tokenId` is approved: its token moves on. */
export function approveTask(model: ProcessModel, state: RunState, tokenId: string, vars: Record<string, unknown>): Step {
  const token = state.tokens.find((t) => t.id === tokenId);
  if (!token) throw new ProcessRuntimeError(`流程实例中没有令牌 ${tokenId}`);
  if (model.nodes[token.node]?.type !== 'userTask') throw new ProcessRuntimeError(`令牌 ${tokenId} 不在用户任务上`);
  return run(model, state, [token], vars);
}

/** A rejection: every token is withdrawn and the instance ends rejected (back to the applicant). */
export function rejectRun(state: RunState): Step {
  return { state: { tokens: [], joins: {}, seq: state.seq, trail: state.trail }, opened: [], finished: true };
}
