import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { parseProcess, ProcessModelError, type ProcessModel } from './bpmn.ts';
import { who } from './codes.ts';
import { endInstance, type InstanceRow } from './instances.ts';
import { describeNode } from './models.ts';
import { findUser } from './people.ts';

/** Process definitions: versioned per key, deployed from BPMN XML, listed, suspended, deleted (with cascade). */

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
