/**
 * The process module's persistence and the API other domains call: definitions versioned per key, instances
 * run by the pure interpreter (engine.ts) with their state in wf_instance.run_state, user tasks completed exactly
 * once (compare-and-set on the task row, the instance row locked), the audit trail, and the approvers' notices.
 *
 *   await startProcess(tx, auth, { processKey: 'pettyCash', businessType: 'pettyCash', businessId: 17, variables: { amount: 800, shopId: 3 } });
 *   onProcessEnd('pettyCash', async (tx, e) => { ...e.outcome is 'approved' | 'rejected' | 'cancelled' });
 *
 * Every call runs in the caller's tenant transaction: a refusal writes nothing, a notice goes out at commit.
 */
import { createHash } from 'node:crypto';
import { departmentHeadOf } from '../../system/departments.ts';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import type { NoticeQueue } from '../../messages/queues.ts';
import { describeElement, parseProcess, ProcessModelError, type FlowNode, type ProcessModel } from './bpmn.ts';
import { approveTask, ProcessRuntimeError, rejectRun, startRun, type RunState, type Step } from './engine.ts';
import { refusal, TASK_STATUS_NAMES, transferred } from './taskRules.ts';

// ---------------------------------------------------------------------------------------------------------------
// Registries other domains fill

export type ProcessOutcome = 'approved' | 'rejected' | 'cancelled';

export interface ProcessEndEvent {
  processInstanceId: number;
  processKey: string;
  businessType: string;
  businessId: string;
  outcome: ProcessOutcome;
  /** Who made the last move (the approver, the rejecter, whoever deleted the definition). */
  auth: AuthContext;
  comment: string | null;
  variables: Record<string, unknown>;
}

type EndHook = (tx: Queryable, e: ProcessEndEvent) => Promise<void>;
const endHooks = new Map<string, EndHook[]>();

/**
 * Lets a document follow its instance: `fn` runs inside the transaction that ends the instance (approved, rejected,
 * or cancelled by a cascading delete). An ApiError it throws refuses the approval; nothing is written.
 */
export function onProcessEnd(businessType: string, fn: EndHook): () => void {
  const list = endHooks.get(businessType) ?? [];
  list.push(fn);
  endHooks.set(businessType, list);
  return () => endHooks.set(businessType, (endHooks.get(businessType) ?? []).filter((h) => h !== fn));
}

export interface ProcessBusiness {
  /** The notice's businessType (spec 000 §2: where the notice leads), e.g. 19-31 for attendance requests. */
  noticeType: number;
  /** The user queue the notice goes on (default user-message). */
  queue?: NoticeQueue;
  /** 备用金 — the notice reads 「备用金」待审批. */
  label: string;
  /** The notice's businessId: the document's id (default) or the instance's. */
  noticeId?: 'business' | 'instance';
  /** The businessType of the outcome told to the applicant, by outcome (default: noticeType). */
  resultNoticeTypes?: Partial<Record<ProcessOutcome, number>>;
}

/** The generic approval notice to an approver: opens 我的待办 at the instance (src/notices/noticeDestination.ts). */
export const PROCESS_NOTICE_TYPE = 2001;
/** The generic notice of an outcome (approved, rejected, cancelled) to the applicant: read in the message centre. */
export const PROCESS_RESULT_NOTICE_TYPE = 2002;
const businesses = new Map<string, ProcessBusiness>();

/** How a document type's approval notices look (type, queue, label); unregistered types use PROCESS_NOTICE_TYPE. */
export function registerProcessBusiness(businessType: string, b: ProcessBusiness): void {
  businesses.set(businessType, b);
}

// ---------------------------------------------------------------------------------------------------------------
// Names and codes

export const INSTANCE_STATUS = { running: 1, approved: 2, rejected: 3, cancelled: 4 } as const;
export const INSTANCE_STATUS_NAMES: Record<number, string> = { 1: '审批中', 2: '已通过', 3: '已驳回', 4: '已撤销' };
export const TASK_STATUS = { pending: 0, approved: 1, rejected: 2, cancelled: 3 } as const;
export { TASK_STATUS_NAMES };
const ACTION_NAMES: Record<string, string> = { start: '发起', approve: '同意', reject: '驳回', transfer: '转交', end: '结束', cancel: '撤销' };

/** taskType of task/complete: 1 / approve / agree = 同意, 2 / reject / refuse = 驳回. */
export function taskAction(taskType: string): 'approve' | 'reject' {
  const t = taskType.trim().toLowerCase();
  if (['1', 'approve', 'agree', 'pass'].includes(t)) return 'approve';
  if (['2', 'reject', 'refuse', 'back'].includes(t)) return 'reject';
  throw new ApiError('BAD_REQUEST', '审批类型（taskType）取值不正确：1 同意，2 驳回');
}

const who = (auth: AuthContext) => auth.displayName || auth.userName;

// ---------------------------------------------------------------------------------------------------------------
// Models: parsed once per XML text, keyed by its md5 (PostgreSQL's md5() of the column or Node's of the string: the
// same digest of the UTF-8 bytes). Keyed by content, not by tenant and id, so the cache can never answer another
// database's definition of the same id (a process serving several databases one after the other, as the tests do).

const models = new Map<string, Promise<ProcessModel>>();
const xmlDigest = (xml: string) => createHash('md5').update(xml, 'utf8').digest('hex');
async function modelOf(digest: string, xml: string | (() => Promise<string>)): Promise<ProcessModel> {
  const key = digest;
  let m = models.get(key);
  if (!m) {
    m = typeof xml === 'string' ? parseProcess(xml) : xml().then(parseProcess);
    models.set(key, m);
    m.catch(() => models.delete(key));
    if (models.size > 500) models.delete(models.keys().next().value!);
  }
  return m;
}

function asRuntime<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ProcessRuntimeError || e instanceof ProcessModelError) throw new ApiError('BAD_REQUEST', e.message);
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Definitions

export interface DeployInput {
  bpmnXml: string;
  businessType?: string | null;
  description?: string | null;
}

/** Users and roles a model names must exist in the tenant (checked at deploy, so a start cannot fail on them). */
async function checkAssignees(tx: Queryable, model: ProcessModel): Promise<void> {
  for (const id of model.order) {
    const n = model.nodes[id];
    const a = n.assignee;
    if (!a) continue;
    const d = describeNode(n);
    for (const ref of a.kind === 'user' ? [a.user] : a.kind === 'users' ? a.users : []) {
      const u = await findUser(tx, ref);
      if (!u) throw new ApiError('BAD_REQUEST', `${d} 的审批人「${ref}」不存在或已停用`);
    }
    if (a.kind === 'role') {
      const found = (await tx.query<{ code: string }>(`SELECT code FROM sys_role WHERE code = ANY($1::text[])`, [a.roles])).rows.map((r) => r.code);
      const missing = a.roles.filter((r) => !found.includes(r));
      if (missing.length) throw new ApiError('BAD_REQUEST', `${d} 的候选角色「${missing.join('、')}」不存在`);
    }
  }
}

const describeNode = (n: FlowNode) =>
  describeElement({ $type: { start: 'bpmn:StartEvent', end: 'bpmn:EndEvent', userTask: 'bpmn:UserTask', exclusive: 'bpmn:ExclusiveGateway', parallel: 'bpmn:ParallelGateway' }[n.type], id: n.id, name: n.name === n.id ? undefined : n.name });

async function findUser(tx: Queryable, ref: string | number): Promise<{ id: number; name: string } | undefined> {
  const s = String(ref).trim();
  const byId = /^\d{1,9}$/.test(s);
  return (
    await tx.query<{ id: number; name: string }>(
      `SELECT id, coalesce(nullif(name, ''), user_name) AS name FROM sys_user WHERE status = 1 AND ${byId ? 'id = $1::int' : 'user_name = $1'}`,
      [s],
    )
  ).rows[0];
}

/** Deploys a new version of the process the XML holds (its process id is the key); earlier versions stay. */
export async function deployDefinition(tx: Queryable, auth: AuthContext, input: DeployInput) {
  let model: ProcessModel;
  try {
    model = await parseProcess(input.bpmnXml);
  } catch (e) {
    if (e instanceof ProcessModelError) throw new ApiError('BAD_REQUEST', e.message);
    throw e;
  }
  await checkAssignees(tx, model);
  // Versions of one key are numbered under a per-key lock, so two deploys at once get 1 and 2, never both 1.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('wf_definition:' || $1::text || ':' || $2::text))`, [auth.tenantId, model.key]);
  const row = (
    await tx.query<{ id: number }>(
      `INSERT INTO wf_definition(tenant_id, deployment_id, process_key, name, version, business_type, description, bpmn_xml, deploy_user_id, deploy_user_name)
       SELECT $1::int, nextval('wf_deployment_seq'), $2::text, $3::text, coalesce(max(version), 0) + 1, $4::text, $5::text, $6::text, $7::int, $8::text FROM wf_definition WHERE process_key = $2::text
       RETURNING definition_id AS id`,
      [auth.tenantId, model.key, model.name, input.businessType?.trim() || null, input.description?.trim() || null, input.bpmnXml, auth.userId, who(auth)],
    )
  ).rows[0];
  return (await definitionRows(tx, { definitionId: row.id, withXml: false }, 1, 0)).records[0];
}

const DEFINITION_COLUMNS = `d.definition_id AS "processDefinitionId", d.deployment_id AS "deploymentId", d.process_key AS "key", d.name, d.version,
  CASE WHEN d.suspended THEN 2 ELSE 1 END AS "suspensionState", d.suspended, d.business_type AS "businessType", d.description,
  d.deploy_user_name AS "deployUserName", to_char(d.deploy_time, 'YYYY-MM-DD HH24:MI:SS') AS "deployTime",
  (d.version = (SELECT max(v.version) FROM wf_definition v WHERE v.process_key = d.process_key)) AS "latest",
  (SELECT count(*)::int FROM wf_instance i WHERE i.definition_id = d.definition_id AND i.status = 1) AS "runningCount"`;

export interface DefinitionFilter {
  definitionId?: number;
  key?: string;
  name?: string;
  latest?: boolean;
  withXml?: boolean;
}

export async function definitionRows(tx: Queryable, f: DefinitionFilter, limit: number, offset: number) {
  const where = `WHERE d.deleted_at IS NULL AND ($1::int IS NULL OR d.definition_id = $1) AND ($2::text IS NULL OR d.process_key = $2)
    AND ($3::text IS NULL OR d.name LIKE '%' || $3 || '%')
    AND (NOT $4 OR d.version = (SELECT max(v.version) FROM wf_definition v WHERE v.process_key = d.process_key AND v.deleted_at IS NULL))`;
  const params = [f.definitionId ?? null, f.key || null, f.name || null, Boolean(f.latest)];
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wf_definition d ${where}`, params)).rows[0].n;
  const records = (
    await tx.query<Record<string, unknown>>(
      `SELECT ${DEFINITION_COLUMNS}${f.withXml ? ', d.bpmn_xml AS "bpmnXml"' : ''} FROM wf_definition d ${where}
        ORDER BY d.process_key, d.version DESC LIMIT $5 OFFSET $6`,
      [...params, limit, offset],
    )
  ).rows;
  return { records, total };
}

async function definitionById(tx: Queryable, definitionId: number) {
  const d = (
    await tx.query<{ definition_id: number; name: string; version: number; suspended: boolean; process_key: string }>(
      `SELECT definition_id, name, version, suspended, process_key FROM wf_definition WHERE definition_id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [definitionId],
    )
  ).rows[0];
  if (!d) throw new ApiError('NOT_FOUND', `流程定义 ${definitionId} 不存在`);
  return d;
}

/** state: 1 / active / activate = 激活, 2 / suspend / suspended = 挂起. */
export async function setSuspension(tx: Queryable, definitionId: number, state: string) {
  const s = state.trim().toLowerCase();
  const suspend = ['2', 'suspend', 'suspended'].includes(s) ? true : ['1', 'active', 'activate', 'activated'].includes(s) ? false : null;
  if (suspend === null) throw new ApiError('BAD_REQUEST', '状态（state）取值不正确：1 激活，2 挂起');
  const d = await definitionById(tx, definitionId);
  if (d.suspended === suspend) throw new ApiError('CONFLICT', `流程定义「${d.name}」v${d.version} 已是${suspend ? '挂起' : '激活'}状态`);
  await tx.query(`UPDATE wf_definition SET suspended = $2 WHERE definition_id = $1`, [definitionId, suspend]);
  return { processDefinitionId: definitionId, suspended: suspend, suspensionState: suspend ? 2 : 1 };
}

/**
 * Deletes a deployment. Without cascade it is refused while instances run; finished instances keep their history
 * (the definition is hidden from the list). With cascade running instances are cancelled (their documents' hooks
 * hear 'cancelled') and the definition goes with every instance of it.
 */
export async function deleteDeployment(tx: Queryable, auth: AuthContext, deploymentId: number, cascadeParam: string) {
  const c = cascadeParam.trim().toLowerCase();
  const cascade = ['true', '1', 'yes'].includes(c) ? true : ['false', '0', 'no'].includes(c) ? false : null;
  if (cascade === null) throw new ApiError('BAD_REQUEST', '级联（cascade）取值不正确：true 或 false');
  const d = (
    await tx.query<{ definition_id: number; name: string; version: number }>(
      `SELECT definition_id, name, version FROM wf_definition WHERE deployment_id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [deploymentId],
    )
  ).rows[0];
  if (!d) throw new ApiError('NOT_FOUND', `部署 ${deploymentId} 不存在`);
  const counts = (
    await tx.query<{ running: number; all: number }>(
      `SELECT count(*) FILTER (WHERE status = 1)::int AS running, count(*)::int AS all FROM wf_instance WHERE definition_id = $1`,
      [d.definition_id],
    )
  ).rows[0];
  if (!cascade && counts.running > 0)
    throw new ApiError('CONFLICT', `流程定义「${d.name}」v${d.version} 还有 ${counts.running} 个审批中的实例，不能删除（可选择级联删除）`);
  if (cascade) {
    const running = (await tx.query<InstanceRow>(`SELECT * FROM wf_instance WHERE definition_id = $1 AND status = 1 ORDER BY instance_id FOR UPDATE`, [d.definition_id])).rows;
    for (const inst of running) await endInstance(tx, auth, inst, 'cancelled', '流程定义被级联删除');
    await tx.query(`DELETE FROM wf_instance WHERE definition_id = $1`, [d.definition_id]);
    await tx.query(`DELETE FROM wf_definition WHERE definition_id = $1`, [d.definition_id]);
  } else if (counts.all > 0) {
    await tx.query(`UPDATE wf_definition SET deleted_at = now(), suspended = true WHERE definition_id = $1`, [d.definition_id]);
  } else {
    await tx.query(`DELETE FROM wf_definition WHERE definition_id = $1`, [d.definition_id]);
  }
  return { deploymentId, processDefinitionId: d.definition_id, cascade, cancelledInstances: cascade ? counts.running : 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Instances and tasks

interface InstanceRow {
  instance_id: string;
  definition_id: number;
  process_key: string;
  process_name: string;
  business_type: string;
  business_id: string;
  title: string;
  variables: Record<string, unknown>;
  run_state: RunState;
  status: number;
  applicant_id: number;
  applicant_name: string;
  shop_id: number | null;
}

interface TaskRow {
  task_id: string;
  instance_id: string;
  node_id: string;
  node_name: string;
  token_id: string;
  assignee_id: number | null;
  assignee_name: string | null;
  candidate_roles: string[] | null;
  candidate_users: number[] | null;
  status: number;
  completed_by_name: string | null;
}

export interface StartInput {
  processKey: string;
  businessType: string;
  businessId: string | number;
  /** What the approver reads in the lists and the notice (default: 流程名称 + 单据号). */
  title?: string;
  /** The business document's fields the conditions read (amount, shopId, ...). */
  variables?: Record<string, unknown>;
  /** The applicant's shop (default variables.shopId, else the caller's device shop): whose manager approves. */
  shopId?: number | null;
}

export interface StartResult {
  processInstanceId: number;
  processDefinitionId: number;
  version: number;
  status: number;
  statusName: string;
  tasks: { taskId: number; taskName: string; assigneeName: string | null; candidateRoles: string[] | null }[];
}

const MAX_VARIABLES = 20_000;

/** Starts the latest active version of `processKey` for a business document; the caller is the applicant. */
export async function startProcess(tx: Queryable, auth: AuthContext, input: StartInput): Promise<StartResult> {
  const businessType = String(input.businessType ?? '').trim();
  const businessId = String(input.businessId ?? '').trim();
  if (!businessType || businessType.length > 48) throw new ApiError('BAD_REQUEST', '业务类型（businessType）不能为空且不超过48个字符');
  if (!businessId || businessId.length > 64) throw new ApiError('BAD_REQUEST', '业务单据ID（businessId）不能为空且不超过64个字符');
  const variables = { ...(input.variables ?? {}) };
  if (JSON.stringify(variables).length > MAX_VARIABLES) throw new ApiError('BAD_REQUEST', '流程变量（variables）过大');
  const def = (
    await tx.query<{ definition_id: number; version: number; name: string; suspended: boolean; bpmn_xml: string }>(
      // FOR SHARE: a delete or suspension of this version waits for the start to commit (then sees its instance).
      `SELECT definition_id, version, name, suspended, bpmn_xml FROM wf_definition WHERE process_key = $1 AND deleted_at IS NULL ORDER BY version DESC LIMIT 1 FOR SHARE`,
      [input.processKey],
    )
  ).rows[0];
  if (!def) throw new ApiError('BAD_REQUEST', `流程「${input.processKey}」尚未部署，无法发起审批`);
  if (def.suspended) throw new ApiError('CONFLICT', `流程「${def.name}」已挂起，不能发起审批`);
  const running = await tx.query(`SELECT 1 FROM wf_instance WHERE business_type = $1 AND business_id = $2 AND status = 1`, [businessType, businessId]);
  if (running.rows.length) throw new ApiError('CONFLICT', '该单据已在审批中，不能重复提交');
  const model = await modelOf(xmlDigest(def.bpmn_xml), def.bpmn_xml);
  const shopRaw = input.shopId ?? (variables.shopId as number | undefined) ?? auth.shopId ?? null;
  const shopId = shopRaw === null || shopRaw === undefined || String(shopRaw) === '' ? null : Number(shopRaw);
  if (shopId !== null && !Number.isSafeInteger(shopId)) throw new ApiError('BAD_REQUEST', '门店（shopId）格式不正确');
  const vars = { ...variables, applicantId: auth.userId, shopId };
  const step = asRuntime(() => startRun(model, vars));
  const title = (input.title?.trim() || `${def.name} ${businessId}`).slice(0, 100);
  const inst = (
    await tx
      .query<InstanceRow>(
      `INSERT INTO wf_instance(tenant_id, definition_id, process_key, process_name, business_type, business_id, title, variables, run_state, status, applicant_id, applicant_name, shop_id, end_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::smallint, $11, $12, $13, CASE WHEN $10::smallint = 1 THEN NULL ELSE now() END)
       RETURNING *`,
      [auth.tenantId, def.definition_id, input.processKey, def.name, businessType, businessId, title, JSON.stringify(vars), JSON.stringify(step.state),
        step.finished ? INSTANCE_STATUS.approved : INSTANCE_STATUS.running, auth.userId, who(auth), shopId],
      )
      .catch((e: { code?: string; constraint?: string }) => {
        // The same document submitted twice at the same moment: the second meets the one-running-instance index.
        if (e.code === '23505' && e.constraint === 'wf_instance_running_doc') throw new ApiError('CONFLICT', '该单据已在审批中，不能重复提交');
        throw e;
      })
  ).rows[0];
  await history(tx, auth, inst.instance_id, 'start', { nodeId: model.startId, nodeName: model.nodes[model.startId].name });
  const tasks = await openTasks(tx, auth, inst, model, step);
  if (step.finished) await endInstance(tx, auth, inst, 'approved', null, false);
  return {
    processInstanceId: Number(inst.instance_id),
    processDefinitionId: def.definition_id,
    version: def.version,
    status: step.finished ? INSTANCE_STATUS.approved : INSTANCE_STATUS.running,
    statusName: INSTANCE_STATUS_NAMES[step.finished ? 2 : 1],
    tasks,
  };
}

async function history(
  tx: Queryable,
  auth: AuthContext | null,
  instanceId: string,
  action: keyof typeof ACTION_NAMES,
  o: { taskId?: string | number; nodeId?: string; nodeName?: string; comment?: string | null } = {},
) {
  await tx.query(
    `INSERT INTO wf_history(tenant_id, instance_id, task_id, node_id, node_name, action, user_id, user_name, comment) VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8)`,
    [instanceId, o.taskId ?? null, o.nodeId ?? null, o.nodeName ?? null, action, auth?.userId ?? null, auth ? who(auth) : null, o.comment ?? null],
  );
}

/** Who a user task goes to: one user (id, name) or the candidate roles. */
async function resolveAssignee(tx: Queryable, inst: InstanceRow, node: FlowNode, vars: Record<string, unknown>) {
  const a = node.assignee!;
  const d = describeNode(node);
  const user = async (ref: string | number, what: string) => {
    const u = await findUser(tx, ref);
    if (!u) throw new ApiError('BAD_REQUEST', `${d} 的${what}「${ref}」不存在或已停用，无法提交审批`);
    return { assigneeId: u.id as number | null, assigneeName: u.name as string | null, roles: null as string[] | null, users: null as number[] | null };
  };
  switch (a.kind) {
    case 'user':
      return user(a.user, '审批人');
    case 'applicant':
      return user(inst.applicant_id, '申请人');
    case 'variable': {
      const v = vars[a.name];
      if (v === null || v === undefined || v === '') throw new ApiError('BAD_REQUEST', `${d} 的审批人取单据字段「${a.name}」，但单据没有填写该字段`);
      return user(String(v), `审批人（${a.name}）`);
    }
    case 'users': {
      const found = [];
      for (const ref of a.users) found.push((await user(ref, '候选人')));
      return { assigneeId: null, assigneeName: found.map((f) => f.assigneeName).join('、').slice(0, 200), roles: null, users: found.map((f) => f.assigneeId!) };
    }
    case 'role':
      return { assigneeId: null, assigneeName: null, roles: a.roles, users: null };
    case 'shopManager': {
      if (inst.shop_id === null) throw new ApiError('BAD_REQUEST', `${d} 由申请人的店长审批，但单据没有门店（shopId）`);
      const m = (
        await tx.query<{ id: number; name: string; shop_name: string | null }>(
          `SELECT u.id, coalesce(nullif(u.name, ''), u.user_name) AS name, (SELECT shop_name FROM shop_base WHERE shop_id = $1) AS shop_name
             FROM wf_shop_manager m JOIN sys_user u ON u.id = m.user_id AND u.status = 1 WHERE m.shop_id = $1`,
          [inst.shop_id],
        )
      ).rows[0];
      if (!m) {
        const shop = (await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [inst.shop_id])).rows[0];
        throw new ApiError('BAD_REQUEST', `门店「${shop?.shop_name ?? inst.shop_id}」未设置店长，无法提交审批（${d}）`);
      }
      return { assigneeId: m.id, assigneeName: m.name, roles: null, users: null };
    }
    case 'deptHead': {
      const head = await departmentHeadOf(tx, inst.applicant_id);
      if (!head) throw new ApiError('BAD_REQUEST', `申请人所在部门（及其上级部门）未设置负责人，无法提交审批（${d}）`);
      return { assigneeId: head.id, assigneeName: head.name, roles: null, users: null };
    }
  }
}

/** Opens the step's user tasks and sends their approvers a notice. */
async function openTasks(tx: Queryable, auth: AuthContext, inst: InstanceRow, model: ProcessModel, step: Step) {
  const out: StartResult['tasks'] = [];
  const vars = { ...inst.variables };
  for (const t of step.opened) {
    const a = await resolveAssignee(tx, inst, t.node, vars);
    const row = (
      await tx.query<{ task_id: string }>(
        `INSERT INTO wf_task(tenant_id, instance_id, node_id, node_name, token_id, assignee_id, assignee_name, candidate_roles, candidate_users)
         VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8) RETURNING task_id`,
        [inst.instance_id, t.node.id, t.node.name.slice(0, 64), t.token, a.assigneeId, a.assigneeName, a.roles, a.users],
      )
    ).rows[0];
    out.push({ taskId: Number(row.task_id), taskName: t.node.name, assigneeName: a.assigneeName, candidateRoles: a.roles });
    const recipients = a.assigneeId !== null ? [a.assigneeId] : a.users ?? (await usersWithRoles(tx, a.roles!));
    await notify(tx, auth.tenantId, recipients, inst, `${inst.title}：请审批（${t.node.name}），申请人 ${inst.applicant_name}`);
  }
  return out;
}

async function usersWithRoles(tx: Queryable, roles: string[]): Promise<number[]> {
  return (
    await tx.query<{ id: number }>(
      `SELECT DISTINCT u.id FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
        WHERE u.status = 1 AND r.code = ANY($1::text[]) ORDER BY u.id`,
      [roles],
    )
  ).rows.map((r) => r.id);
}

async function notify(tx: Queryable, tenantId: number, users: number[], inst: InstanceRow, text: string, result = false, outcome?: ProcessOutcome) {
  if (!users.length) return;
  const b = businesses.get(inst.business_type);
  await notifyUsersInTx(tx, tenantId, users, {
    queue: b?.queue ?? 'user-message',
    businessType: (outcome && b?.resultNoticeTypes?.[outcome]) ?? b?.noticeType ?? (result ? PROCESS_RESULT_NOTICE_TYPE : PROCESS_NOTICE_TYPE),
    businessId: b && b.noticeId !== 'instance' ? inst.business_id : inst.instance_id,
    messageTypeInfo: b ? `${b.label}审批` : result ? '审批结果' : '审批待办',
    noticeTemplateInfo: text.slice(0, 500),
  });
}

/** Ends an instance: its status, the open tasks cancelled, the trail, the applicant told, the document's hooks. */
async function endInstance(tx: Queryable, auth: AuthContext, inst: InstanceRow, outcome: ProcessOutcome, comment: string | null, write = true) {
  const status = INSTANCE_STATUS[outcome];
  if (write) {
    await tx.query(`UPDATE wf_instance SET status = $2, end_time = now() WHERE instance_id = $1`, [inst.instance_id, status]);
  }
  await tx.query(`UPDATE wf_task SET status = 3, complete_time = now() WHERE instance_id = $1 AND status = 0`, [inst.instance_id]);
  await history(tx, auth, inst.instance_id, outcome === 'cancelled' ? 'cancel' : 'end', { comment: outcome === 'cancelled' ? comment : INSTANCE_STATUS_NAMES[status] });
  if (inst.applicant_id !== auth.userId || outcome !== 'approved') {
    const text =
      outcome === 'approved' ? `${inst.title}：审批已通过`
      : outcome === 'rejected' ? `${inst.title}：被 ${who(auth)} 驳回${comment ? `，意见：${comment}` : ''}`
      : `${inst.title}：审批已撤销${comment ? `（${comment}）` : ''}`;
    const applicant = (await tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE id = $1 AND status = 1`, [inst.applicant_id])).rows;
    if (applicant.length) await notify(tx, auth.tenantId, [inst.applicant_id], inst, text, true, outcome);
  }
  for (const hook of endHooks.get(inst.business_type) ?? []) {
    await hook(tx, {
      processInstanceId: Number(inst.instance_id),
      processKey: inst.process_key,
      businessType: inst.business_type,
      businessId: inst.business_id,
      outcome,
      auth,
      comment,
      variables: inst.variables,
    });
  }
}

async function lockInstance(tx: Queryable, instanceId: number): Promise<InstanceRow> {
  const inst = (await tx.query<InstanceRow>(`SELECT * FROM wf_instance WHERE instance_id = $1 FOR UPDATE`, [instanceId])).rows[0];
  if (!inst) throw new ApiError('NOT_FOUND', `流程实例 ${instanceId} 不存在`);
  return inst;
}

async function pendingTask(tx: Queryable, auth: AuthContext, instanceId: number | null, taskId: number): Promise<TaskRow> {
  const task = (
    await tx.query<TaskRow>(`SELECT * FROM wf_task WHERE task_id = $1 AND ($2::bigint IS NULL OR instance_id = $2)`, [taskId, instanceId])
  ).rows[0];
  if (!task) throw new ApiError('NOT_FOUND', `任务 ${taskId} 不存在${instanceId !== null ? '或不属于该流程实例' : ''}`);
  const refused = refusal(task, auth);
  if (refused) throw new ApiError(refused.kind, refused.msg);
  return task;
}

export interface CompleteInput {
  processInstanceId: number;
  taskId: number;
  action: 'approve' | 'reject';
  comment?: string | null;
}

/**
 * Approves or rejects a task, exactly once: the instance row is locked, then the task row moves from pending
 * only if it still is (compare-and-set); a second click meets 409. Approving moves the token on (next tasks,
 * or the end: approved); rejecting ends the instance rejected and tells the applicant why.
 */
export async function completeTask(tx: Queryable, auth: AuthContext, input: CompleteInput) {
  const comment = input.comment?.trim() || null;
  if (comment && comment.length > 500) throw new ApiError('BAD_REQUEST', '审批意见（comment）不能超过500个字符');
  if (input.action === 'reject' && !comment) throw new ApiError('BAD_REQUEST', '驳回时请填写审批意见（comment）');
  const inst = await lockInstance(tx, input.processInstanceId);
  const task = await pendingTask(tx, auth, input.processInstanceId, input.taskId);
  if (inst.status !== INSTANCE_STATUS.running) throw new ApiError('CONFLICT', `流程实例已${INSTANCE_STATUS_NAMES[inst.status]}，不能再审批`);
  const done = await tx.query<{ task_id: string }>(
    `UPDATE wf_task SET status = $2, completed_by = $3, completed_by_name = $4, comment = $5, complete_time = now()
      WHERE task_id = $1 AND status = 0 RETURNING task_id`,
    [task.task_id, input.action === 'approve' ? TASK_STATUS.approved : TASK_STATUS.rejected, auth.userId, who(auth), comment],
  );
  if (!done.rows.length) throw new ApiError('CONFLICT', '该任务已被处理，不能重复审批');
  await history(tx, auth, inst.instance_id, input.action, { taskId: task.task_id, nodeId: task.node_id, nodeName: task.node_name, comment });
  const digest = (await tx.query<{ d: string }>(`SELECT md5(bpmn_xml) AS d FROM wf_definition WHERE definition_id = $1`, [inst.definition_id])).rows[0].d;
  const model = await modelOf(digest, async () =>
    (await tx.query<{ bpmn_xml: string }>(`SELECT bpmn_xml FROM wf_definition WHERE definition_id = $1`, [inst.definition_id])).rows[0].bpmn_xml,
  );
  let status: number = INSTANCE_STATUS.running;
  let opened: StartResult['tasks'] = [];
  if (input.action === 'reject') {
    const step = rejectRun(inst.run_state);
    await tx.query(`UPDATE wf_instance SET run_state = $2 WHERE instance_id = $1`, [inst.instance_id, JSON.stringify(step.state)]);
    await endInstance(tx, auth, inst, 'rejected', comment);
    status = INSTANCE_STATUS.rejected;
  } else {
    const step = asRuntime(() => approveTask(model, inst.run_state, task.token_id, inst.variables));
    await tx.query(`UPDATE wf_instance SET run_state = $2 WHERE instance_id = $1`, [inst.instance_id, JSON.stringify(step.state)]);
    opened = await openTasks(tx, auth, inst, model, step);
    if (step.finished) {
      await endInstance(tx, auth, inst, 'approved', comment);
      status = INSTANCE_STATUS.approved;
    }
  }
  return { processInstanceId: Number(inst.instance_id), taskId: Number(task.task_id), result: input.action, status, statusName: INSTANCE_STATUS_NAMES[status], nextTasks: opened };
}

export interface TransferInput {
  taskId: number;
  userId: number | string;
  comment?: string | null;
}

/** Hands a pending task to a colleague (an enabled user of the tenant); the task is theirs alone from then on. */
export async function transferTask(tx: Queryable, auth: AuthContext, input: TransferInput) {
  const comment = input.comment?.trim() || null;
  if (comment && comment.length > 500) throw new ApiError('BAD_REQUEST', '转交说明（comment）不能超过500个字符');
  const peek = (await tx.query<{ instance_id: string }>(`SELECT instance_id FROM wf_task WHERE task_id = $1`, [input.taskId])).rows[0];
  if (!peek) throw new ApiError('NOT_FOUND', `任务 ${input.taskId} 不存在`);
  const inst = await lockInstance(tx, Number(peek.instance_id));
  const task = await pendingTask(tx, auth, null, input.taskId);
  const target = await findUser(tx, input.userId);
  if (!target) throw new ApiError('BAD_REQUEST', `转交对象（userId）「${input.userId}」不存在或已停用`);
  if (!transferred(task, target)) throw new ApiError('BAD_REQUEST', `该任务已由 ${target.name} 审批，不能转交给同一人`);
  const moved = await tx.query(
    `UPDATE wf_task SET assignee_id = $2, assignee_name = $3, candidate_roles = NULL, candidate_users = NULL
      WHERE task_id = $1 AND status = 0 AND assignee_id IS NOT DISTINCT FROM $4 RETURNING task_id`,
    [task.task_id, target.id, target.name, task.assignee_id],
  );
  if (!moved.rowCount) throw new ApiError('CONFLICT', '该任务已被处理或转交，请刷新后重试');
  await history(tx, auth, inst.instance_id, 'transfer', { taskId: task.task_id, nodeId: task.node_id, nodeName: task.node_name, comment: `转交给 ${target.name}${comment ? `：${comment}` : ''}` });
  await notify(tx, auth.tenantId, [target.id], inst, `${inst.title}：${who(auth)} 将审批（${task.node_name}）转交给您${comment ? `，说明：${comment}` : ''}`);
  return { taskId: Number(task.task_id), processInstanceId: Number(inst.instance_id), assigneeId: target.id, assigneeName: target.name };
}

// ---------------------------------------------------------------------------------------------------------------
// Lists and details

const TASK_COLUMNS = `t.task_id::int AS "taskId", t.instance_id::int AS "processInstanceId", t.node_id AS "taskDefinitionKey", t.node_name AS "taskName",
  t.assignee_id AS "assigneeId", t.assignee_name AS "assigneeName", t.candidate_roles AS "candidateRoles", t.status, t.comment,
  t.completed_by_name AS "completedByName", to_char(t.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
  to_char(t.complete_time, 'YYYY-MM-DD HH24:MI:SS') AS "completeTime",
  i.process_key AS "processKey", i.process_name AS "processName", i.title, i.business_type AS "businessType", i.business_id AS "businessId",
  i.applicant_name AS "applicantName", i.status AS "instanceStatus", i.variables, to_char(i.start_time, 'YYYY-MM-DD HH24:MI:SS') AS "startTime"`;

export interface TaskFilter {
  title?: string;
  processKey?: string;
  businessType?: string;
}

const taskFilterSql = (first: number) =>
  `AND ($${first}::text IS NULL OR i.title LIKE '%' || $${first} || '%') AND ($${first + 1}::text IS NULL OR i.process_key = $${first + 1}) AND ($${first + 2}::text IS NULL OR i.business_type = $${first + 2})`;
const taskFilterParams = (f: TaskFilter) => [f.title || null, f.processKey || null, f.businessType || null];

function decorateTask(r: Record<string, unknown>): Record<string, unknown> {
  return { ...r, statusName: TASK_STATUS_NAMES[r.status as number], instanceStatusName: INSTANCE_STATUS_NAMES[r.instanceStatus as number] };
}

/** My pending tasks: mine by name, or offered to one of my roles. */
export async function myPendingTasks(tx: Queryable, auth: AuthContext, f: TaskFilter, limit: number, offset: number) {
  const where = `FROM wf_task t JOIN wf_instance i ON i.instance_id = t.instance_id
    WHERE t.status = 0 AND (t.assignee_id = $1 OR (t.assignee_id IS NULL AND (t.candidate_roles && $2::text[] OR t.candidate_users @> ARRAY[$1]::int[]))) ${taskFilterSql(3)}`;
  const params = [auth.userId, auth.roles, ...taskFilterParams(f)];
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, params)).rows[0].n;
  const rows = (await tx.query<Record<string, unknown>>(`SELECT ${TASK_COLUMNS} ${where} ORDER BY t.task_id DESC LIMIT $6 OFFSET $7`, [...params, limit, offset])).rows;
  return { records: rows.map(decorateTask), total };
}

/**
 * The approval a document's page offers its reader: the document's running instance (of one of its business types)
 * and, when one of its pending tasks is the reader's, that task (the page then shows 同意 / 驳回).
 */
export async function approvalFor(tx: Queryable, auth: AuthContext, businessTypes: string[], businessId: string) {
  const i = (
    await tx.query<{ instance_id: string; process_name: string }>(
      `SELECT i.instance_id, i.process_name FROM wf_instance i WHERE i.business_type = ANY($1::text[]) AND i.business_id = $2 AND i.status = 1 ORDER BY i.instance_id DESC LIMIT 1`,
      [businessTypes, businessId],
    )
  ).rows[0];
  if (!i) return { approval: null };
  const t = (
    await tx.query<{ task_id: string; node_name: string }>(
      `SELECT t.task_id, t.node_name FROM wf_task t
        WHERE t.instance_id = $1 AND t.status = 0
          AND (t.assignee_id = $2 OR (t.assignee_id IS NULL AND (t.candidate_roles && $3::text[] OR t.candidate_users @> ARRAY[$2]::int[])))
        ORDER BY t.task_id LIMIT 1`,
      [i.instance_id, auth.userId, auth.roles],
    )
  ).rows[0];
  return {
    approval: { processInstanceId: Number(i.instance_id), processName: i.process_name, taskId: t ? Number(t.task_id) : null, taskName: t?.node_name ?? null },
  };
}

/** Tasks I approved or rejected, newest first. */
export async function myDoneTasks(tx: Queryable, auth: AuthContext, f: TaskFilter, limit: number, offset: number) {
  const where = `FROM wf_task t JOIN wf_instance i ON i.instance_id = t.instance_id WHERE t.completed_by = $1 AND t.status IN (1, 2) ${taskFilterSql(2)}`;
  const params = [auth.userId, ...taskFilterParams(f)];
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, params)).rows[0].n;
  const rows = (await tx.query<Record<string, unknown>>(`SELECT ${TASK_COLUMNS} ${where} ORDER BY t.complete_time DESC, t.task_id DESC LIMIT $5 OFFSET $6`, [...params, limit, offset])).rows;
  return { records: rows.map(decorateTask), total };
}

const INSTANCE_COLUMNS = `i.instance_id::int AS "processInstanceId", i.definition_id AS "processDefinitionId", d.version, i.process_key AS "processKey",
  i.process_name AS "processName", i.title, i.business_type AS "businessType", i.business_id AS "businessId", i.status,
  i.applicant_id AS "applicantId", i.applicant_name AS "applicantName", i.shop_id AS "shopId",
  (SELECT s.shop_name FROM shop_base s WHERE s.shop_id = i.shop_id) AS "shopName", i.variables,
  to_char(i.start_time, 'YYYY-MM-DD HH24:MI:SS') AS "startTime", to_char(i.end_time, 'YYYY-MM-DD HH24:MI:SS') AS "endTime",
  (SELECT string_agg(t.node_name, '、' ORDER BY t.task_id) FROM wf_task t WHERE t.instance_id = i.instance_id AND t.status = 0) AS "currentTaskNames",
  (SELECT string_agg(coalesce(t.assignee_name, '角色 ' || array_to_string(t.candidate_roles, '、')), '、' ORDER BY t.task_id) FROM wf_task t WHERE t.instance_id = i.instance_id AND t.status = 0) AS "currentAssignees"`;

export interface InstanceFilter extends TaskFilter {
  status?: number;
  applicantName?: string;
  /** Only mine (as applicant). */
  mine?: boolean;
}

export async function listInstances(tx: Queryable, auth: AuthContext, f: InstanceFilter, limit: number, offset: number) {
  const where = `FROM wf_instance i JOIN wf_definition d ON d.definition_id = i.definition_id
    WHERE ($1::smallint IS NULL OR i.status = $1) AND ($2::text IS NULL OR i.applicant_name LIKE '%' || $2 || '%') AND (NOT $3 OR i.applicant_id = $4) ${taskFilterSql(5)}`;
  const params = [f.status ?? null, f.applicantName || null, Boolean(f.mine), auth.userId, ...taskFilterParams(f)];
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, params)).rows[0].n;
  const rows = (
    await tx.query<Record<string, unknown>>(`SELECT ${INSTANCE_COLUMNS} ${where} ORDER BY i.start_time DESC, i.instance_id DESC LIMIT $8 OFFSET $9`, [...params, limit, offset])
  ).rows;
  return { records: rows.map((r) => ({ ...r, statusName: INSTANCE_STATUS_NAMES[r.status as number] })), total };
}

/**
 * Who may read an instance: whoever holds `canListAll` (流程实例 or admin), its applicant, and anyone who had or
 * has one of its tasks (by name or role).
 */
async function readableInstance(tx: Queryable, auth: AuthContext, instanceId: number, canListAll: boolean) {
  const row = (
    await tx.query<Record<string, unknown> & { applicantId: number }>(
      `SELECT ${INSTANCE_COLUMNS}, d.bpmn_xml AS "bpmnXml", i.run_state AS "runState" FROM wf_instance i JOIN wf_definition d ON d.definition_id = i.definition_id WHERE i.instance_id = $1`,
      [instanceId],
    )
  ).rows[0];
  if (!row) throw new ApiError('NOT_FOUND', `流程实例 ${instanceId} 不存在`);
  if (!canListAll && row.applicantId !== auth.userId) {
    const involved = await tx.query(
      `SELECT 1 FROM wf_task WHERE instance_id = $1 AND (assignee_id = $2 OR completed_by = $2 OR candidate_roles && $3::text[] OR candidate_users @> ARRAY[$2]::int[]) LIMIT 1`,
      [instanceId, auth.userId, auth.roles],
    );
    if (!involved.rows.length) throw new ApiError('FORBIDDEN', '您无权查看该流程实例（只有申请人、审批人和流程实例管理员可以查看）');
  }
  return row;
}

async function auditRecords(tx: Queryable, instanceId: number) {
  const rows = (
    await tx.query<Record<string, unknown> & { action: string }>(
      `SELECT history_id::int AS id, task_id::int AS "taskId", node_id AS "nodeId", node_name AS "nodeName", action, user_id AS "userId", user_name AS "userName", comment,
              to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
         FROM wf_history WHERE instance_id = $1 ORDER BY history_id`,
      [instanceId],
    )
  ).rows;
  return rows.map((r) => ({ ...r, actionName: ACTION_NAMES[r.action] }));
}

/** The instance with its diagram, the path so far, every task (who, when, what, comment) and the audit trail. */
export async function instanceDetails(tx: Queryable, auth: AuthContext, instanceId: number, canListAll: boolean) {
  const row = await readableInstance(tx, auth, instanceId, canListAll);
  const { runState, bpmnXml, ...instance } = row as unknown as Record<string, unknown> & { runState: RunState; bpmnXml: string };
  const tasks = (
    await tx.query<Record<string, unknown>>(
      `SELECT ${TASK_COLUMNS} FROM wf_task t JOIN wf_instance i ON i.instance_id = t.instance_id WHERE t.instance_id = $1 ORDER BY t.task_id`,
      [instanceId],
    )
  ).rows.map(decorateTask);
  const activeNodeIds = tasks.filter((t) => t.status === 0).map((t) => t.taskDefinitionKey);
  return {
    ...instance,
    statusName: INSTANCE_STATUS_NAMES[instance.status as number],
    bpmnXml,
    /** Node and flow ids passed so far, in order. */
    path: runState.trail,
    activeNodeIds,
    tasks,
    history: await auditRecords(tx, instanceId),
  };
}

/** The audit trail of an instance (审批记录): who did what when, with comments. */
export async function instanceAudit(tx: Queryable, auth: AuthContext, instanceId: number, canListAll: boolean) {
  const row = await readableInstance(tx, auth, instanceId, canListAll);
  return { processInstanceId: instanceId, title: row.title, status: row.status, statusName: INSTANCE_STATUS_NAMES[row.status as number], records: await auditRecords(tx, instanceId) };
}

// ---------------------------------------------------------------------------------------------------------------
// Shop managers: who approves a step assigned to "the applicant's shop manager"

export async function listShopManagers(tx: Queryable, shopName: string | undefined, limit: number, offset: number) {
  // The caller's shops (app_in_scope, migration 350): head office sees every shop's manager.
  const where = `WHERE app_in_scope(s.shop_id) AND ($1::text IS NULL OR s.shop_name LIKE '%' || $1 || '%')`;
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base s ${where}`, [shopName || null])).rows[0].n;
  const records = (
    await tx.query(
      `SELECT s.shop_id AS "shopId", s.shop_code AS "shopCode", s.shop_name AS "shopName", m.user_id AS "userId", u.user_name AS "userName",
              coalesce(nullif(u.name, ''), u.user_name) AS "managerName"
         FROM shop_base s LEFT JOIN wf_shop_manager m ON m.shop_id = s.shop_id LEFT JOIN sys_user u ON u.id = m.user_id
         ${where} ORDER BY s.shop_id LIMIT $2 OFFSET $3`,
      [shopName || null, limit, offset],
    )
  ).rows;
  return { records, total };
}

/** Sets (or, with user null, clears) a shop's manager; the user must be an enabled user of the tenant. */
export async function setShopManager(tx: Queryable, tenantId: number, shopId: number, user: string | number | null) {
  const shop = (await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [shopId])).rows[0];
  if (!shop) throw new ApiError('BAD_REQUEST', `门店（shopId）「${shopId}」不存在`);
  if (user === null || String(user).trim() === '') {
    await tx.query(`DELETE FROM wf_shop_manager WHERE shop_id = $1`, [shopId]);
    return { shopId, shopName: shop.shop_name, userId: null, managerName: null };
  }
  const u = await findUser(tx, user);
  if (!u) throw new ApiError('BAD_REQUEST', `店长（userId）「${user}」不存在或已停用`);
  await tx.query(
    `INSERT INTO wf_shop_manager(tenant_id, shop_id, user_id) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, shop_id) DO UPDATE SET user_id = EXCLUDED.user_id`,
    [tenantId, shopId, u.id],
  );
  return { shopId, shopName: shop.shop_name, userId: u.id, managerName: u.name };
}
