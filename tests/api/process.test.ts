import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../server/context.ts';
import { ApiError } from '../../server/errors.ts';
import { bpmnXml, pettyCashXml } from '../../server/domains/process/bpmnXml.ts';
import { onProcessEnd, startProcess, type ProcessEndEvent, type StartInput } from '../../server/domains/process/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 审批流程 (wxy-process-server): deploy and version BPMN definitions, run instances through user tasks and
 * gateways, complete each task once, transfer, reject back to the applicant, suspend and delete; shop01 and
 * another tenant are refused.
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
let finance: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
const P = 'wxy-process-server/process';
const ended: ProcessEndEvent[] = [];

async function authOf(userName: string, tenant = 1): Promise<AuthContext> {
  return s.db.tenant(tenant, async (tx) => {
    const u = (
      await tx.query<{ id: number; name: string; roles: string[] }>(
        `SELECT u.id, u.name, array(SELECT r.code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles FROM sys_user u WHERE user_name = $1`,
        [userName],
      )
    ).rows[0];
    return { tenantId: tenant, userId: u.id, userName, displayName: u.name, shopId: null, tokenHash: '', roles: u.roles, isAdmin: u.roles.includes('admin'), shops: null, fieldPerms: [] };
  });
}

/** What a document module does when it submits for approval. */
async function start(input: Partial<StartInput> & { variables?: Record<string, unknown> }, applicant = 'shop01', tenant = 1) {
  const auth = await authOf(applicant, tenant);
  return s.db.tenant(tenant, (tx) =>
    startProcess(tx, auth, { processKey: 'pettyCash', businessType: 'testDoc', businessId: String(Math.random()).slice(2, 10), ...input, variables: { shopId, ...input.variables } }),
  );
}

const count = async (table: string) => (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))).rows[0].n;
const todo = async (c: Caller) => (await c('GET', `${P}/task/agents/list/1/100`)).json.data.records as Json[];
const taskOf = async (c: Caller, instanceId: number) => (await todo(c)).find((t) => t.processInstanceId === instanceId)!;
const complete = (c: Caller, t: Json, type: string | number, comment?: string) =>
  c('POST', `${P}/task/complete/${t.processInstanceId}/${t.taskId}/${type}`, comment === undefined ? {} : { comment });
const details = async (c: Caller, id: number) => (await c('GET', `${P}/instance/list/details/${id}`)).json.data as Json;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  finance = callerFor(s, await s.login('finance01', 'finance123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  shopId = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager`))).rows[0].shop_id;
  onProcessEnd('testDoc', async (_tx, e) => {
    if (e.variables.refuseEnd && e.outcome === 'approved') throw new ApiError('BAD_REQUEST', '单据已作废，不能通过审批');
    ended.push(e);
  });
}, 180_000);
afterAll(async () => s?.stop());

describe('demo data and permissions', () => {
  it('tenant 1 has 备用金审批 v1 deployed and manager01 has the demo application waiting', async () => {
    const defs = (await admin('GET', `${P}/definition/list/1/10?key=pettyCash`)).json.data;
    expect(defs.records).toEqual([expect.objectContaining({ key: 'pettyCash', name: '备用金审批', version: 1, suspensionState: 1, latest: true, runningCount: 1 })]);
    const [t] = await todo(manager);
    expect(t).toMatchObject({ taskName: '店长审批', title: '演示：门店备用金申请 800.00 元', applicantName: '门店店员01', assigneeName: '店长01', status: 0, statusName: '待审批' });
    expect(await todo(finance)).toEqual([]);
    // The approver was told, with the approval notice type.
    const notices = (await manager('GET', 'wxy-system-server/ms/list/1/10')).json.data?.records ?? [];
    expect(notices.some((n: Json) => n.businessType === 2001 && n.noticeTemplateInfo.includes('店长审批'))).toBe(true);
  });

  it('shop01 is refused every call its menus do not grant; dictionaries stay open', async () => {
    for (const [m, url] of [
      ['GET', `${P}/definition/list/1/10`], ['POST', `${P}/definition/save/and/Deployment`], ['POST', `${P}/definition/suspension/1/2`],
      ['DELETE', `${P}/definition/delete/1/false`], ['GET', `${P}/task/agents/list/1/10`], ['GET', `${P}/task/completes/list/1/10`],
      ['GET', `${P}/instance/list/1/10`], ['POST', `${P}/task/complete/1/1/1`], ['POST', `${P}/task/transferTask`],
      ['POST', `${P}/instance/start`],
    ]) {
      const r = await shop(m, url, m === 'GET' || m === 'DELETE' ? undefined : { bpmnXml: pettyCashXml(), taskId: 1, userId: 1, processKey: 'pettyCash' });
      expect(r.status, url).toBe(403);
      expect(r.json.msg).toBe('您无权限执行该操作');
    }
    const dict = await shop('GET', 'wxy-process-server/dictionary/list/processStatus');
    expect(dict.json.data.map((d: Json) => d.label)).toEqual(['审批中', '已通过', '已驳回', '已撤销']);
  });

  it('another tenant sees no definition, instance or task of tenant 1', async () => {
    expect((await other('GET', `${P}/definition/list/1/10`)).json.data).toEqual({ records: [], total: 0 });
    expect((await other('GET', `${P}/instance/list/1/10`)).json.data.total).toBe(0);
    const [t] = await todo(manager);
    expect((await other('GET', `${P}/instance/list/details/${t.processInstanceId}`)).status).toBe(404);
    expect((await other('POST', `${P}/instance/audit/${t.processInstanceId}`)).status).toBe(404);
    const r = await complete(other, t, 1);
    expect(r.status).toBe(404);
    expect(r.json.msg).toContain('不存在');
    expect((await other('POST', `${P}/definition/suspension/${t.processInstanceId}/2`)).status).toBe(404);
    expect((await todo(manager))[0].taskId).toBe(t.taskId);
  });
});

describe('deploying definitions', () => {
  it('refuses invalid BPMN naming the element, and writes nothing', async () => {
    const before = await count('wf_definition');
    const bad = bpmnXml('bad', '坏流程', [{ type: 'startEvent', id: 's' }, { type: 'serviceTask', id: 'mail', name: '发邮件' }, { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 'mail' }, { id: 'b', from: 'mail', to: 'e' }]);
    const r = await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: bad });
    expect(r.status).toBe(400);
    expect(r.json.msg).toMatch(/^服务任务「发邮件」\(mail\) 不受支持/);
    const noAssignee = bpmnXml('x', 'X', [{ type: 'startEvent', id: 's' }, { type: 'userTask', id: 'u', name: '审批' }, { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 'u' }, { id: 'b', from: 'u', to: 'e' }]);
    expect((await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: noAssignee })).json.msg).toBe('用户任务「审批」(u) 未设置审批人（审批人、角色或申请人的店长）');
    const unknownRole = bpmnXml('x', 'X', [{ type: 'startEvent', id: 's' }, { type: 'userTask', id: 'u', name: '审批', attrs: { 'flowable:candidateGroups': 'nobody' } }, { type: 'endEvent', id: 'e' }], [{ id: 'a', from: 's', to: 'u' }, { id: 'b', from: 'u', to: 'e' }]);
    expect((await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: unknownRole })).json.msg).toBe('用户任务「审批」(u) 的候选角色「nobody」不存在');
    const r2 = await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: '<bpmn:definitions' });
    expect(r2.status).toBe(400);
    expect((await admin('POST', `${P}/definition/save/and/Deployment`, {})).json.msg).toBe('流程文件（BPMN XML）不能为空');
    expect(await count('wf_definition')).toBe(before);
  });

  it('a deploy adds a version; running instances keep theirs', async () => {
    const demo = (await todo(manager))[0];
    const v2xml = pettyCashXml().replace('amount &gt; 500', 'amount &gt; 1000');
    const r = await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: v2xml, businessType: 'pettyCash' });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ key: 'pettyCash', version: 2, latest: true, runningCount: 0 });
    const latest = (await admin('GET', `${P}/definition/list/1/10?key=pettyCash&latest=true`)).json.data.records;
    expect(latest.map((d: Json) => d.version)).toEqual([2]);
    // A .bpmn file posted as it is deploys too.
    const token = await s.login('admin', 'admin123');
    const file = await s.call('POST', `/api/${P}/definition/save/and/Deployment`, { token, tenant: 1, body: pettyCashXml('fileKey', '文件导入'), headers: { 'content-type': 'application/xml' } });
    expect(file.json().data).toMatchObject({ key: 'fileKey', name: '文件导入', version: 1 });
    const withXml = (await admin('GET', `${P}/definition/list/1/1?processDefinitionId=${r.json.data.processDefinitionId}&withXml=true`)).json.data.records[0];
    expect(withXml.bpmnXml).toContain('amount &gt; 1000');
    // The demo (800, v1: above 500 goes to finance) still runs on v1.
    expect((await complete(manager, demo, 1, '同意')).json.data).toMatchObject({ status: 1, nextTasks: [expect.objectContaining({ taskName: '财务审批', candidateRoles: ['finance'] })] });
    // A new application of 800 runs on v2 (above 1000 only): done after the shop manager.
    const inst = await start({ variables: { amount: 800 } });
    expect(inst.version).toBe(2);
    const after = await complete(manager, await taskOf(manager, inst.processInstanceId), 'approve');
    expect(after.json.data).toMatchObject({ status: 2, statusName: '已通过', nextTasks: [] });
    expect(ended.find((e) => e.processInstanceId === inst.processInstanceId)).toMatchObject({ outcome: 'approved', businessType: 'testDoc' });
    // Finance takes the demo (role task) and finishes it.
    const ft = await taskOf(finance, demo.processInstanceId);
    expect(ft.taskName).toBe('财务审批');
    expect((await complete(finance, ft, 1)).json.data.statusName).toBe('已通过');
    const d = await details(admin, demo.processInstanceId);
    expect(d.version).toBe(1);
    expect(d.path).toEqual(['start', 'f1', 'managerApprove', 'f2', 'amountGateway', 'f3', 'financeApprove', 'f5', 'end']);
    expect(d.tasks.map((t: Json) => [t.taskName, t.statusName, t.completedByName])).toEqual([['店长审批', '同意', '店长01'], ['财务审批', '同意', '财务01']]);
    expect(d.history.map((h: Json) => h.actionName)).toEqual(['发起', '同意', '同意', '结束']);
    expect(d.history[1]).toMatchObject({ userName: '店长01', comment: '同意', nodeName: '店长审批' });
    expect((await finance('GET', `${P}/task/completes/list/1/10`)).json.data.records[0]).toMatchObject({ taskName: '财务审批', statusName: '同意' });
  });
});

describe('试运行 (a demo document through the latest version)', () => {
  it('starts as the caller at the first shop with a manager; unknown keys and other tenants are refused', async () => {
    const before = await count('wf_instance');
    const r = await admin('POST', `${P}/instance/start`, { processKey: 'pettyCash', variables: { amount: 300 }, title: '试运行 300 元' });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ version: 2, statusName: '审批中', tasks: [{ taskName: '店长审批', assigneeName: '店长01', candidateRoles: null }] });
    const inst = (await admin('GET', `${P}/instance/list/1/1`)).json.data.records[0];
    expect(inst).toMatchObject({ title: '试运行 300 元', businessType: 'demo', applicantName: '系统管理员', shopId });
    expect(inst.businessId).toMatch(/^TRY-\d{14}-\d{4}$/);
    expect((await admin('POST', `${P}/instance/start`, { processKey: 'nope' })).json.msg).toBe('流程「nope」尚未部署，无法发起审批');
    expect((await admin('POST', `${P}/instance/start`, {})).status).toBe(400);
    expect((await other('POST', `${P}/instance/start`, { processKey: 'pettyCash' })).json.msg).toBe('流程「pettyCash」尚未部署，无法发起审批');
    expect(await count('wf_instance')).toBe(before + 1);
    // It is manager01's to approve like any other.
    expect((await complete(manager, await taskOf(manager, r.json.data.processInstanceId), 1)).json.data.statusName).toBe('已通过');
  });
});

describe('completing tasks', () => {
  it('only the assignee (or an admin) may complete; a task completes once, even with two clicks at once', async () => {
    const inst = await start({ variables: { amount: 2000 } });
    const t = await taskOf(manager, inst.processInstanceId);
    const notMine = await complete(finance, t, 1);
    expect(notMine.status).toBe(403);
    expect(notMine.json.msg).toBe('只有该任务的审批人（店长01）才能处理');
    expect((await complete(manager, t, 3)).json.msg).toBe('审批类型（taskType）取值不正确：1 同意，2 驳回');
    const both = await Promise.all([complete(manager, t, 1, 'A'), complete(manager, t, 1, 'B'), complete(admin, t, 1, 'C')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.json.msg).toMatch(/^该任务已被.+处理（同意），不能重复审批$/);
    const rows = await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wf_history WHERE instance_id = $1 AND action = 'approve'`, [inst.processInstanceId]));
    expect(rows.rows[0].n).toBe(1);
    // One finance task opened, not three.
    expect((await details(admin, inst.processInstanceId)).tasks.filter((x: Json) => x.status === 0)).toHaveLength(1);
  });

  it('reject ends the instance and tells the applicant why; a reject needs a comment', async () => {
    const inst = await start({ variables: { amount: 100 }, title: '备用金 100 元' });
    const t = await taskOf(manager, inst.processInstanceId);
    const noComment = await complete(manager, t, 2);
    expect(noComment.status).toBe(400);
    expect(noComment.json.msg).toBe('驳回时请填写审批意见（comment）');
    const r = await complete(manager, t, 'reject', '发票不全');
    expect(r.json.data).toMatchObject({ status: 3, statusName: '已驳回' });
    expect(ended.find((e) => e.processInstanceId === inst.processInstanceId)).toMatchObject({ outcome: 'rejected', comment: '发票不全' });
    const msg = await s.db.tenant(1, (tx) => tx.query<{ notice_template_info: string }>(
      `SELECT notice_template_info FROM sys_message m JOIN sys_user u ON u.id = m.user_id WHERE u.user_name = 'shop01' ORDER BY m.id DESC LIMIT 1`));
    expect(msg.rows[0].notice_template_info).toBe('备用金 100 元：被 店长01 驳回，意见：发票不全');
    // The applicant reads why (details are open to the applicant without the 流程实例 menu).
    const audit = (await shop('POST', `${P}/instance/audit/${inst.processInstanceId}`)).json.data;
    expect(audit.records.map((x: Json) => [x.actionName, x.comment])).toEqual([['发起', null], ['驳回', '发票不全'], ['结束', '已驳回']]);
    expect((await complete(manager, t, 1)).status).toBe(409);
  });

  it('a document refusing the outcome refuses the approval; nothing is written', async () => {
    const inst = await start({ variables: { amount: 100, refuseEnd: true } });
    const t = await taskOf(manager, inst.processInstanceId);
    const r = await complete(manager, t, 1);
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe('单据已作废，不能通过审批');
    expect((await taskOf(manager, inst.processInstanceId)).status).toBe(0);
  });

  it('transfer hands the task to a colleague: only they may complete it then', async () => {
    const inst = await start({ variables: { amount: 100 } });
    const t = await taskOf(manager, inst.processInstanceId);
    expect((await manager('POST', `${P}/task/transferTask`, { taskId: t.taskId, userId: 'nobody' })).json.msg).toBe('转交对象（userId）「nobody」不存在或已停用');
    expect((await finance('POST', `${P}/task/transferTask`, { taskId: t.taskId, userId: 'finance01' })).status).toBe(403);
    expect((await manager('POST', `${P}/task/transferTask`, { taskId: t.taskId })).status).toBe(400);
    const r = await manager('POST', `${P}/task/transferTask`, { taskId: t.taskId, userId: 'finance01', comment: '我休假' });
    expect(r.json.data).toMatchObject({ assigneeName: '财务01' });
    expect(await taskOf(manager, inst.processInstanceId)).toBeUndefined();
    expect((await complete(manager, t, 1)).status).toBe(403);
    const ft = await taskOf(finance, inst.processInstanceId);
    expect((await complete(finance, ft, 1)).json.data.statusName).toBe('已通过');
    const h = (await details(admin, inst.processInstanceId)).history;
    expect(h.find((x: Json) => x.action === 'transfer')).toMatchObject({ userName: '店长01', comment: '转交给 财务01：我休假' });
  });

  it('parallel approval: every branch approves before the process goes on', async () => {
    const xml = bpmnXml('countersign', '会签', [
      { type: 'startEvent', id: 's' }, { type: 'parallelGateway', id: 'fork' },
      { type: 'userTask', id: 'a', name: '店长会签', attrs: { 'flowable:assignee': '${shopManager}' } },
      { type: 'userTask', id: 'b', name: '财务会签', attrs: { 'flowable:candidateGroups': 'finance' } },
      { type: 'parallelGateway', id: 'join' }, { type: 'endEvent', id: 'e' },
    ], [{ id: 'f1', from: 's', to: 'fork' }, { id: 'f2', from: 'fork', to: 'a' }, { id: 'f3', from: 'fork', to: 'b' }, { id: 'f4', from: 'a', to: 'join' }, { id: 'f5', from: 'b', to: 'join' }, { id: 'f6', from: 'join', to: 'e' }]);
    expect((await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: xml })).status).toBe(200);
    const inst = await start({ processKey: 'countersign' });
    expect(inst.tasks.map((t) => t.taskName)).toEqual(['店长会签', '财务会签']);
    expect((await complete(finance, await taskOf(finance, inst.processInstanceId), 1)).json.data).toMatchObject({ status: 1, nextTasks: [] });
    expect((await complete(manager, await taskOf(manager, inst.processInstanceId), 1)).json.data.statusName).toBe('已通过');
  });

  it('a document has one running approval: submitted again (or twice at once) it is refused', async () => {
    const before = await count('wf_instance');
    const twice = await Promise.allSettled([start({ businessId: 'DOC-1', variables: { amount: 1 } }), start({ businessId: 'DOC-1', variables: { amount: 1 } })]);
    expect(twice.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(String((twice.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message)).toBe('该单据已在审批中，不能重复提交');
    expect(await count('wf_instance')).toBe(before + 1);
  });

  it('any one of several users (或签): the first completes, the other is told it is done', async () => {
    const xml = bpmnXml('anyOf', '或签', [
      { type: 'startEvent', id: 's' }, { type: 'userTask', id: 'a', name: '任一审批', attrs: { 'flowable:candidateUsers': 'manager01,finance01' } }, { type: 'endEvent', id: 'e' },
    ], [{ id: 'f1', from: 's', to: 'a' }, { id: 'f2', from: 'a', to: 'e' }]);
    const bad = xml.replace('manager01,finance01', 'manager01,nobody');
    expect((await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: bad })).json.msg).toBe('用户任务「任一审批」(a) 的审批人「nobody」不存在或已停用');
    expect((await admin('POST', `${P}/definition/save/and/Deployment`, { bpmnXml: xml })).status).toBe(200);
    const inst = await start({ processKey: 'anyOf' });
    expect(inst.tasks).toEqual([expect.objectContaining({ taskName: '任一审批', assigneeName: '店长01、财务01' })]);
    const mt = await taskOf(manager, inst.processInstanceId);
    const ft = await taskOf(finance, inst.processInstanceId);
    expect(mt.taskId).toBe(ft.taskId);
    expect((await complete(shop, ft, 1)).status).toBe(403);
    expect((await complete(finance, ft, 1)).json.data.statusName).toBe('已通过');
    const late = await complete(manager, mt, 1);
    expect(late.status).toBe(409);
    expect(late.json.msg).toBe('该任务已被财务01处理（同意），不能重复审批');
    expect(await taskOf(manager, inst.processInstanceId)).toBeUndefined();
  });

  it('a shop without a manager cannot start the shop-manager step', async () => {
    const otherShop = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number; shop_name: string }>(`SELECT shop_id, shop_name FROM shop_base WHERE shop_id <> $1 ORDER BY shop_id LIMIT 1`, [shopId]))).rows[0];
    const before = await count('wf_instance');
    await expect(start({ variables: { shopId: otherShop.shop_id, amount: 1 } })).rejects.toThrow(`门店「${otherShop.shop_name}」未设置店长，无法提交审批（用户任务「店长审批」(managerApprove)）`);
    expect(await count('wf_instance')).toBe(before);
    // 店长设置: finance01 manages it now, and gets its applications.
    const SM = `${P}/shop-manager`;
    expect((await admin('POST', `${SM}/save`, { shopId: otherShop.shop_id, userId: 'nobody' })).json.msg).toBe('店长（userId）「nobody」不存在或已停用');
    expect((await other('POST', `${SM}/save`, { shopId: otherShop.shop_id, userId: 'admin' })).json.msg).toBe(`门店（shopId）「${otherShop.shop_id}」不存在`);
    expect((await shop('POST', `${SM}/save`, { shopId: otherShop.shop_id, userId: 'shop01' })).status).toBe(403);
    expect((await admin('POST', `${SM}/save`, { shopId: otherShop.shop_id, userId: 'finance01' })).json.data).toMatchObject({ shopName: otherShop.shop_name, managerName: '财务01' });
    const list = (await admin('GET', `${SM}/list/1/100`)).json.data.records;
    expect(list.find((r: Json) => r.shopId === otherShop.shop_id)).toMatchObject({ userName: 'finance01', managerName: '财务01' });
    expect(list.find((r: Json) => r.shopId === shopId)).toMatchObject({ userName: 'manager01' });
    const inst = await start({ variables: { shopId: otherShop.shop_id, amount: 1 } });
    expect(inst.tasks).toEqual([expect.objectContaining({ taskName: '店长审批', assigneeName: '财务01' })]);
    expect((await admin('POST', `${SM}/save`, { shopId: otherShop.shop_id, userId: '' })).json.data.userId).toBeNull();
    await expect(start({ variables: { shopId: otherShop.shop_id, amount: 1 } })).rejects.toThrow('未设置店长');
  });
});

describe('suspending and deleting', () => {
  it('a suspended definition starts nothing; activated it starts again', async () => {
    const latest = (await admin('GET', `${P}/definition/list/1/10?key=pettyCash&latest=true`)).json.data.records[0];
    expect((await admin('POST', `${P}/definition/suspension/${latest.processDefinitionId}/9`)).json.msg).toBe('状态（state）取值不正确：1 激活，2 挂起');
    expect((await admin('POST', `${P}/definition/suspension/${latest.processDefinitionId}/2`)).json.data).toMatchObject({ suspended: true, suspensionState: 2 });
    expect((await admin('POST', `${P}/definition/suspension/${latest.processDefinitionId}/2`)).status).toBe(409);
    await expect(start({})).rejects.toThrow('流程「备用金审批」已挂起，不能发起审批');
    expect((await admin('POST', `${P}/definition/suspension/${latest.processDefinitionId}/1`)).json.data.suspensionState).toBe(1);
    expect((await start({ variables: { amount: 1 } })).status).toBe(1);
  });

  it('deleting without cascade is refused while instances run; with cascade they are cancelled and go with it', async () => {
    const def = (await admin('GET', `${P}/definition/list/1/10?key=pettyCash&latest=true`)).json.data.records[0];
    expect(def.runningCount).toBeGreaterThan(0);
    const before = await count('wf_instance');
    const refused = await admin('DELETE', `${P}/definition/delete/${def.deploymentId}/false`);
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe(`流程定义「备用金审批」v2 还有 ${def.runningCount} 个审批中的实例，不能删除（可选择级联删除）`);
    expect(await count('wf_instance')).toBe(before);
    expect((await admin('DELETE', `${P}/definition/delete/${def.deploymentId}/maybe`)).status).toBe(400);
    const running = (await admin('GET', `${P}/instance/list/1/100?status=1&processKey=pettyCash`)).json.data.records.filter((r: Json) => r.processDefinitionId === def.processDefinitionId);
    const r = await admin('DELETE', `${P}/definition/delete/${def.deploymentId}/true`);
    expect(r.json.data, r.body).toMatchObject({ cascade: true, cancelledInstances: def.runningCount });
    for (const inst of running) expect(ended.find((e) => e.processInstanceId === inst.processInstanceId)?.outcome).toBe('cancelled');
    expect((await admin('GET', `${P}/definition/list/1/10?key=pettyCash`)).json.data.records.map((d: Json) => d.version)).toEqual([1]);
    // v1 has only finished instances: without cascade it is hidden, their history kept.
    const v1 = (await admin('GET', `${P}/definition/list/1/10?key=pettyCash`)).json.data.records[0];
    expect((await admin('DELETE', `${P}/definition/delete/${v1.deploymentId}/false`)).status).toBe(200);
    expect((await admin('GET', `${P}/definition/list/1/10?key=pettyCash`)).json.data.total).toBe(0);
    expect((await admin('GET', `${P}/instance/list/1/100?processKey=pettyCash&status=2`)).json.data.total).toBeGreaterThan(0);
    await expect(start({})).rejects.toThrow('流程「pettyCash」尚未部署，无法发起审批');
  });
});
