import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ACTION_NAMES, INSTANCE_STATUS_NAMES, TASK_STATUS_NAMES } from './codes.ts';
import type { RunState } from './engine.ts';

/** What people read of the process: my pending and done tasks, the instances, one instance's details and audit trail. */

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
