import { describe, expect, it } from 'vitest';
import { parseProcess, ProcessModelError } from './bpmn.ts';
import { approveTask, rejectRun, startRun, ProcessRuntimeError } from './engine.ts';
import { conditionHolds, evaluate, parseExpression } from './expression.ts';
import { refusal, transferred } from './taskRules.ts';
import { bpmnXml, pettyCashXml } from './bpmnXml.ts';

const u = (id: string, name: string, attrs: Record<string, string> = { 'flowable:assignee': '1' }) => ({ type: 'userTask' as const, id, name, attrs });

describe('condition expressions', () => {
  const ev = (src: string, vars: Record<string, unknown> = {}) => evaluate(parseExpression(src), vars);
  it('compares the document fields with numbers, strings and booleans', () => {
    expect(ev('${amount > 500}', { amount: 600 })).toBe(true);
    expect(ev('${amount > 500}', { amount: 500 })).toBe(false);
    expect(ev('${amount >= 500 && shopType == 1}', { amount: 500, shopType: '1' })).toBe(true);
    expect(ev('${amount gt 500 or urgent}', { amount: 1, urgent: true })).toBe(true);
    expect(ev("${reason == '差旅' || !(amount <= 100)}", { reason: '差旅', amount: 1 })).toBe(true);
    expect(ev('${amount * 2 + 1 > 10 - 3 % 2}', { amount: 5 })).toBe(true);
    expect(ev('${-amount < 0}', { amount: '12.50' })).toBe(true);
    expect(ev('${doc.shop.id == 3}', { doc: { shop: { id: 3 } } })).toBe(true);
    expect(ev('${empty remark}', { remark: '' })).toBe(true);
    expect(ev('${a ne "x"}', { a: 'y' })).toBe(true);
  });
  it('reads a missing field as null, which compares false with a number', () => {
    expect(ev('${amount > 500}')).toBe(false);
    expect(ev('${amount < 500}')).toBe(false);
    expect(ev('${amount == null}')).toBe(true);
    expect(ev('${constructor == null}')).toBe(true);
    expect(ev('${toString.call}', {})).toBe(null);
    expect(conditionHolds(parseExpression('${amount}'), { amount: 0 })).toBe(false);
  });
  it('refuses what is not an expression, in Chinese, without running anything', () => {
    expect(() => parseExpression('${amount >}')).toThrow('表达式不完整');
    expect(() => parseExpression('${process.exit(1)}')).toThrow(/意外的「\(」/);
    expect(() => parseExpression('${a = 1}')).toThrow(/无法识别的字符「=」/);
    expect(() => parseExpression("${'abc}")).toThrow(/字符串未结束/);
    expect(() => parseExpression('${}')).toThrow('条件表达式为空');
  });
});

describe('BPMN validation', () => {
  const refuse = async (xml: string) => {
    const e = await parseProcess(xml).then(() => null, (x) => x);
    expect(e).toBeInstanceOf(ProcessModelError);
    return (e as ProcessModelError).message;
  };
  it('reads the demo petty cash process', async () => {
    const m = await parseProcess(pettyCashXml());
    expect(m.key).toBe('pettyCash');
    expect(m.name).toBe('备用金审批');
    expect(m.nodes.managerApprove.assignee).toEqual({ kind: 'shopManager' });
    expect(m.nodes.financeApprove.assignee).toEqual({ kind: 'role', roles: ['finance'] });
    expect(m.nodes.amountGateway.defaultFlow).toBe('f4');
  });
  it('reads candidate users: one is that user, several are any one of them (或签)', async () => {
    const one = (users: string) => bpmnXml('p', 'P', [{ type: 'startEvent', id: 's' }, u('t', '审批', { 'flowable:candidateUsers': users }), { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 't' }, { id: 'b', from: 't', to: 'e' }]);
    expect((await parseProcess(one('finance01'))).nodes.t.assignee).toEqual({ kind: 'user', user: 'finance01' });
    expect((await parseProcess(one('finance01, manager01,finance01'))).nodes.t.assignee).toEqual({ kind: 'users', users: ['finance01', 'manager01'] });
    await expect(parseProcess(one('${x}'))).rejects.toThrow('用户任务「审批」(t) 的候选人不支持表达式');
  });
  it('names the element at fault', async () => {
    const base = (els: Parameters<typeof bpmnXml>[2], flows: Parameters<typeof bpmnXml>[3]) => bpmnXml('p', 'P', els, flows);
    expect(await refuse('not xml')).toMatch(/不是合法的 BPMN 2.0 XML|根元素/);
    expect(await refuse('')).toBe('流程文件（BPMN XML）不能为空');
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, { type: 'serviceTask', id: 'svc', name: '发邮件' }, { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 'svc' }, { id: 'b', from: 'svc', to: 'e' }])))
      .toMatch(/^服务任务「发邮件」\(svc\) 不受支持/);
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, { type: 'task', id: 'plain' }, { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 'plain' }, { id: 'b', from: 'plain', to: 'e' }])))
      .toMatch(/任务 plain 不受支持.*请改为用户任务/);
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, u('t', '店长审批', {}), { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 't' }, { id: 'b', from: 't', to: 'e' }])))
      .toBe('用户任务「店长审批」(t) 未设置审批人（审批人、角色或申请人的店长）');
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, { type: 'exclusiveGateway', id: 'g', name: '金额' }, u('t', 'T'), { type: 'endEvent', id: 'e' }],
      [{ id: 'a', from: 's', to: 'g' }, { id: 'b', from: 'g', to: 't', cond: '${amount > 500}' }, { id: 'c', from: 'g', to: 'e', name: '小额' }, { id: 'd', from: 't', to: 'e' }])))
      .toMatch(/^排他网关「金额」\(g\) 的出线「小额」\(c\) 缺少条件/);
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, { type: 'exclusiveGateway', id: 'g' }, u('t', 'T'), { type: 'endEvent', id: 'e' }],
      [{ id: 'a', from: 's', to: 'g' }, { id: 'b', from: 'g', to: 't', cond: '${amount >> 500}' }, { id: 'c', from: 'g', to: 'e', cond: '${true}' }, { id: 'd', from: 't', to: 'e' }])))
      .toMatch(/^连线 b 的条件「\$\{amount >> 500\}」有误/);
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, u('t', '审批'), u('x', '孤立'), { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 't' }, { id: 'b', from: 't', to: 'e' }, { id: 'c', from: 'x', to: 'e' }])))
      .toBe('用户任务「孤立」(x) 没有进入的连线');
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, { type: 'startEvent', id: 's2' }, { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 'e' }, { id: 'b', from: 's2', to: 'e' }])))
      .toMatch(/只能有一个开始事件/);
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, u('t', '审批')], [{ id: 'a', from: 's', to: 't' }]))).toMatch(/缺少结束事件/);
    expect(await refuse(bpmnXml('k'.repeat(65), 'P', [{ type: 'startEvent', id: 's' }, { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 'e' }]))).toMatch(/流程标识「k+」格式不正确/);
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, u('t', '审批'), { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 't' }, { id: 'b', from: 't', to: 'e' }, { id: 'c', from: 't', to: 'e' }])))
      .toBe('用户任务「审批」(t) 只能有一条出线，分支请接排他网关');
    expect(await refuse(base([{ type: 'startEvent', id: 's' }, u('t', '审批', { 'flowable:assignee': '${a.b}' }), { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 't' }, { id: 'b', from: 't', to: 'e' }])))
      .toMatch(/审批人表达式「\$\{a\.b\}」不支持/);
    expect(await refuse('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>')).toMatch(/DOCTYPE/);
  });
});

describe('running a process', () => {
  it('exclusive gateway: above 500 goes on to finance, otherwise ends after the shop manager', async () => {
    const m = await parseProcess(pettyCashXml());
    const big = startRun(m, { amount: 600 });
    expect(big.opened.map((t) => t.node.id)).toEqual(['managerApprove']);
    expect(big.finished).toBe(false);
    const afterManager = approveTask(m, big.state, big.opened[0].token, { amount: 600 });
    expect(afterManager.opened.map((t) => t.node.id)).toEqual(['financeApprove']);
    const done = approveTask(m, afterManager.state, afterManager.opened[0].token, { amount: 600 });
    expect(done.finished).toBe(true);
    expect(done.state.trail).toEqual(['start', 'f1', 'managerApprove', 'f2', 'amountGateway', 'f3', 'financeApprove', 'f5', 'end']);

    const small = startRun(m, { amount: 500 });
    const end = approveTask(m, small.state, small.opened[0].token, { amount: 500 });
    expect(end.opened).toEqual([]);
    expect(end.finished).toBe(true);
    expect(end.state.trail).toContain('f4');
  });

  it('an exclusive gateway with no condition holding and no default refuses, naming it', async () => {
    const m = await parseProcess(bpmnXml('p', 'P', [{ type: 'startEvent', id: 's' }, { type: 'exclusiveGateway', id: 'g', name: '金额判断' }, u('t', 'T'), { type: 'endEvent', id: 'e' }],
      [{ id: 'a', from: 's', to: 'g' }, { id: 'b', from: 'g', to: 't', cond: '${amount > 500}' }, { id: 'c', from: 'g', to: 'e', cond: '${amount < 100}' }, { id: 'd', from: 't', to: 'e' }]));
    expect(() => startRun(m, { amount: 300 })).toThrow(ProcessRuntimeError);
    expect(() => startRun(m, { amount: 300 })).toThrow(/排他网关「金额判断」\(g\) 没有满足条件的出线/);
    expect(startRun(m, { amount: 50 }).finished).toBe(true);
  });

  it('parallel gateway: every branch approves before the join goes on', async () => {
    const m = await parseProcess(bpmnXml('par', '会签', [
      { type: 'startEvent', id: 's' }, { type: 'parallelGateway', id: 'fork' }, u('a', '店长', { 'flowable:assignee': '${shopManager}' }), u('b', '财务', { 'flowable:candidateGroups': 'finance' }),
      { type: 'parallelGateway', id: 'join' }, u('c', '总经理'), { type: 'endEvent', id: 'e' },
    ], [
      { id: 'f1', from: 's', to: 'fork' }, { id: 'f2', from: 'fork', to: 'a' }, { id: 'f3', from: 'fork', to: 'b' }, { id: 'f4', from: 'a', to: 'join' },
      { id: 'f5', from: 'b', to: 'join' }, { id: 'f6', from: 'join', to: 'c' }, { id: 'f7', from: 'c', to: 'e' },
    ]));
    const s0 = startRun(m, {});
    expect(s0.opened.map((t) => t.node.id)).toEqual(['a', 'b']);
    expect(new Set(s0.opened.map((t) => t.token)).size).toBe(2);
    const tb = s0.opened.find((t) => t.node.id === 'b')!.token;
    const ta = s0.opened.find((t) => t.node.id === 'a')!.token;
    const s1 = approveTask(m, s0.state, tb, {});
    expect(s1.opened).toEqual([]);
    expect(s1.finished).toBe(false);
    expect(s1.state.joins).toEqual({ join: 1 });
    const s2 = approveTask(m, s1.state, ta, {});
    expect(s2.opened.map((t) => t.node.id)).toEqual(['c']);
    expect(s2.state.joins).toEqual({});
    expect(s2.state.tokens).toHaveLength(1);
    expect(approveTask(m, s2.state, s2.opened[0].token, {}).finished).toBe(true);
    // A token already moved cannot be approved twice.
    expect(() => approveTask(m, s2.state, tb, {})).toThrow(ProcessRuntimeError);
  });

  it('reject withdraws every token: the instance ends and nothing stays open', async () => {
    const m = await parseProcess(pettyCashXml());
    const s0 = startRun(m, { amount: 900 });
    const r = rejectRun(s0.state);
    expect(r.finished).toBe(true);
    expect(r.state.tokens).toEqual([]);
    expect(r.state.trail).toEqual(s0.state.trail);
  });

  it('a loop without a user task is stopped', async () => {
    const m = await parseProcess(bpmnXml('loop', 'L', [{ type: 'startEvent', id: 's' }, { type: 'exclusiveGateway', id: 'g1' }, { type: 'exclusiveGateway', id: 'g2' }, { type: 'endEvent', id: 'e' }],
      [{ id: 'a', from: 's', to: 'g1' }, { id: 'b', from: 'g1', to: 'g2' }, { id: 'c', from: 'g2', to: 'g1', cond: '${true}' }, { id: 'd', from: 'g2', to: 'e', cond: '${false}' }]));
    expect(() => startRun(m, {})).toThrow(/无限循环/);
  });
});

describe('who may complete, and transfer', () => {
  const manager = { userId: 7, roles: ['shop_manager'], isAdmin: false };
  const finance = { userId: 8, roles: ['finance'], isAdmin: false };
  const admin = { userId: 1, roles: ['admin'], isAdmin: true };
  const userTask = { status: 0, assignee_id: 7, assignee_name: '店长01', candidate_roles: null };
  const roleTask = { status: 0, assignee_id: null, assignee_name: null, candidate_roles: ['finance'] };
  it('the assignee, a holder of a candidate role, or an admin; a done task refuses everyone with 409', () => {
    expect(refusal(userTask, manager)).toBeNull();
    expect(refusal(userTask, finance)).toEqual({ kind: 'FORBIDDEN', msg: '只有该任务的审批人（店长01）才能处理' });
    expect(refusal(userTask, admin)).toBeNull();
    expect(refusal(roleTask, finance)).toBeNull();
    expect(refusal(roleTask, manager)).toEqual({ kind: 'FORBIDDEN', msg: '只有该任务的审批人（角色 finance）才能处理' });
    expect(refusal({ ...userTask, status: 1, completed_by_name: '店长01' }, manager)).toEqual({ kind: 'CONFLICT', msg: '该任务已被店长01处理（同意），不能重复审批' });
    expect(refusal({ ...userTask, status: 2, completed_by_name: '系统管理员' }, admin)?.kind).toBe('CONFLICT');
  });
  it('candidate users: any one of them, nobody else', () => {
    const anyOf = { status: 0, assignee_id: null, assignee_name: '店长01、财务01', candidate_roles: null, candidate_users: [7, 8] };
    expect(refusal(anyOf, manager)).toBeNull();
    expect(refusal(anyOf, finance)).toBeNull();
    expect(refusal(anyOf, { userId: 9, roles: ['finance'], isAdmin: false })).toEqual({ kind: 'FORBIDDEN', msg: '只有该任务的审批人（店长01、财务01）才能处理' });
    expect(transferred(anyOf, { id: 9, name: '张三' })).toMatchObject({ assignee_id: 9, candidate_users: null, candidate_roles: null });
  });
  it('a transfer makes the task the colleague’s alone: the former assignee and the roles lose it', () => {
    const t = transferred(roleTask, { id: 7, name: '店长01' })!;
    expect(t).toMatchObject({ assignee_id: 7, assignee_name: '店长01', candidate_roles: null });
    expect(refusal(t, manager)).toBeNull();
    expect(refusal(t, finance)?.kind).toBe('FORBIDDEN');
    const back = transferred(t, { id: 8, name: '财务01' })!;
    expect(refusal(back, manager)?.kind).toBe('FORBIDDEN');
    expect(refusal(back, finance)).toBeNull();
    expect(transferred(back, { id: 8, name: '财务01' })).toBeNull();
  });
});

describe('versions', () => {
  it('an instance runs on the model it started with, whatever a later version says', async () => {
    const v1 = await parseProcess(pettyCashXml());
    const v2 = await parseProcess(pettyCashXml().replace('amount &gt; 500', 'amount &gt; 1000'));
    const vars = { amount: 800 };
    const started = startRun(v1, vars);
    // Its own version: 800 > 500 goes to finance.
    expect(approveTask(v1, started.state, started.opened[0].token, vars).opened.map((t) => t.node.id)).toEqual(['financeApprove']);
    // The later version would end it: which model an instance uses is the service's choice (its definition id).
    expect(approveTask(v2, started.state, started.opened[0].token, vars).finished).toBe(true);
    expect(startRun(v2, vars).opened.map((t) => t.node.id)).toEqual(['managerApprove']);
  });
});
