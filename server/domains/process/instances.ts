import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { departmentHeadOf } from '../../system/departmentQueries.ts';
import type { FlowNode, ProcessModel } from './bpmn.ts';
import { ACTION_NAMES, INSTANCE_STATUS, INSTANCE_STATUS_NAMES, TASK_STATUS, who } from './codes.ts';
import { approveTask, rejectRun, startRun, type RunState, type Step } from './engine.ts';
import { asRuntime, describeNode, modelOf, xmlDigest } from './models.ts';
import { findUser } from './people.ts';
import { businessOf, endHooksOf, PROCESS_NOTICE_TYPE, PROCESS_RESULT_NOTICE_TYPE, type ProcessOutcome } from './registry.ts';
import { refusal, transferred } from './taskRules.ts';

/**
 * Instances and their user tasks: started for a business document, run by the pure interpreter (engine.ts) with
 * their state in wf_instance.run_state, tasks completed exactly once (compare-and-set on the task row, the instance
 * row locked) or transferred, the audit trail written and the approvers and the applicant told.
 */

export interface InstanceRow {
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

export async function history(
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
  const b = businessOf(inst.business_type);
  await notifyUsersInTx(tx, tenantId, users, {
    queue: b?.queue ?? 'user-message',
    businessType: (outcome && b?.resultNoticeTypes?.[outcome]) ?? b?.noticeType ?? (result ? PROCESS_RESULT_NOTICE_TYPE : PROCESS_NOTICE_TYPE),
    businessId: b && b.noticeId !== 'instance' ? inst.business_id : inst.instance_id,
    messageTypeInfo: b ? `${b.label}审批` : result ? '审批结果' : '审批待办',
    noticeTemplateInfo: text.slice(0, 500),
  });
}

/** Ends an instance: its status, the open tasks cancelled, the trail, the applicant told, the document's hooks. */
export async function endInstance(tx: Queryable, auth: AuthContext, inst: InstanceRow, outcome: ProcessOutcome, comment: string | null, write = true) {
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
  for (const hook of endHooksOf(inst.business_type)) {
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
