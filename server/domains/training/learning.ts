import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { offsetOf } from '../../http/envelope.ts';
import { mayWatchMaterial, watchableSql } from './grants.ts';
import { applyReport, ProgressRefusal, secondsToComplete } from './progress.ts';
import { ts } from './sql.ts';

/**
 * sys-video-task-user-det: one person's progress on one course of a learning task — listed for the managers, audited
 * once completed, listed as 我的课程 for its person and moved by the player's reports (progress.ts decides how).
 */
export const DET_COLUMNS = `d.det_id AS "detId", d.task_id AS "taskId", t.task_name AS "taskName", d.material_id AS "materialId", m.title,
  g.group_name AS "groupName", d.user_id AS "userId", d.user_name AS "userName", d.shop_id AS "shopId", d.shop_name AS "shopName",
  d.dept_name AS "deptName", d.duration_seconds AS "durationSeconds", d.watched_seconds AS "watchedSeconds",
  d.furthest_position AS "furthestPosition", round(d.watched_seconds * 100.0 / d.duration_seconds)::int AS "watchedPercent",
  d.completed, ${ts('d.completed_time')} AS "completedTime", ${ts('d.last_report_time')} AS "lastWatchTime",
  ${ts('t.start_time')} AS "startTime", ${ts('t.deadline')} AS "deadline",
  (NOT d.completed AND t.deadline < now()) AS overdue,
  d.audit_status AS "auditStatus", CASE d.audit_status WHEN 1 THEN '通过' WHEN 2 THEN '驳回' ELSE '待审核' END AS "auditStatusName",
  d.audit_remark AS "auditRemark", d.audit_user_name AS "auditUserName", ${ts('d.audit_time')} AS "auditTime"`;
export const DET_FROM = `sys_video_task_user_det d JOIN sys_video_task t ON t.task_id = d.task_id JOIN video_material m ON m.material_id = d.material_id
  JOIN video_material_group g ON g.group_id = m.group_id`;

export interface DetFilter { taskId?: number | null; userName?: string | null; shopId?: number | null; materialId?: number | null; completed?: boolean | null; auditStatus?: number | null }

export async function learningPage(tx: Queryable, b: DetFilter, pageNum: number, pageSize: number) {
  const where = `($1::int IS NULL OR d.task_id = $1) AND ($2::int IS NULL OR d.material_id = $2) AND ($3::int IS NULL OR d.shop_id = $3)
    AND ($4::text IS NULL OR d.user_name ILIKE '%' || $4 || '%') AND ($5::boolean IS NULL OR d.completed = $5) AND ($6::int IS NULL OR d.audit_status = $6)`;
  const params = [b.taskId ?? null, b.materialId ?? null, b.shopId ?? null, b.userName?.trim() || null, b.completed ?? null, b.auditStatus ?? null];
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_video_task_user_det d WHERE ${where}`, params)).rows[0].n;
  const records = (await tx.query(`SELECT ${DET_COLUMNS} FROM ${DET_FROM} WHERE ${where} ORDER BY d.task_id DESC, d.det_id LIMIT $7 OFFSET $8`,
    [...params, pageSize, offsetOf(pageNum, pageSize)])).rows;
  return { records, total };
}

export interface AuditBody { detId: number; auditStatus: 1 | 2; auditRemark?: string | null }

/** 审核 a completed row: once, 驳回 with a remark. */
export async function auditLearning(tx: Queryable, auth: AuthContext, b: AuditBody): Promise<void> {
  if (b.auditStatus === 2 && !b.auditRemark?.trim()) throw new ApiError('BAD_REQUEST', '驳回时请填写审核备注 auditRemark');
  const cur = (await tx.query<{ completed: boolean; audit_status: number }>(`SELECT completed, audit_status FROM sys_video_task_user_det WHERE det_id = $1 FOR UPDATE`, [b.detId])).rows[0];
  if (!cur) throw new ApiError('NOT_FOUND', '学习记录不存在');
  if (!cur.completed) throw new ApiError('BAD_REQUEST', '该学员尚未完成学习，不能审核');
  const done = await tx.query(
    `UPDATE sys_video_task_user_det SET audit_status = $2, audit_remark = $3, audit_user_name = $4, audit_time = now() WHERE det_id = $1 AND audit_status = 0`,
    [b.detId, b.auditStatus, b.auditRemark?.trim() || null, auth.displayName ?? auth.userName]);
  if (!done.rowCount) throw new ApiError('CONFLICT', '该学习记录已审核，不能重复审核');
}

/** 我的课程: the caller's rows of started tasks, whether each may be watched now. */
export async function myCourses(tx: Queryable, auth: AuthContext) {
  const w = watchableSql(auth, 'd.material_id', 2);
  return (await tx.query(
    `SELECT ${DET_COLUMNS}, (${w.sql}) AS watchable FROM ${DET_FROM} WHERE d.user_id = $1 AND t.start_time <= now() ORDER BY d.completed, t.deadline, d.det_id`,
    [auth.userId, w.value])).rows;
}

/** The caller's open assignment of a course: the one with the nearest deadline that is not completed first. */
export async function myOpenAssignment(tx: Queryable, userId: number, materialId: number) {
  return (await tx.query<{ detId: number }>(
    `SELECT ${DET_COLUMNS} FROM ${DET_FROM} WHERE d.material_id = $1 AND d.user_id = $2 AND t.start_time <= now()
      ORDER BY d.completed, t.deadline LIMIT 1`, [materialId, userId])).rows[0] ?? null;
}

export interface ProgressReport { detId: number; position: number; playedSeconds: number }

/** A player's report on the caller's own row: never backwards, never past the duration, ≥95% completes (progress.ts). */
export async function recordProgress(tx: Queryable, auth: AuthContext, b: ProgressReport) {
  const cur = (await tx.query<{ user_id: number; material_id: number; duration_seconds: number; watched_seconds: number; furthest_position: number; completed: boolean; since: number | null; started: boolean }>(
    `SELECT d.user_id, d.material_id, d.duration_seconds, d.watched_seconds, d.furthest_position, d.completed,
            extract(epoch FROM now() - d.last_report_time)::float8 AS since, t.start_time <= now() AS started
       FROM sys_video_task_user_det d JOIN sys_video_task t ON t.task_id = d.task_id WHERE d.det_id = $1 FOR UPDATE OF d`, [b.detId])).rows[0];
  // Someone else's row is as absent as a missing one.
  if (!cur || cur.user_id !== auth.userId) throw new ApiError('NOT_FOUND', '学习记录不存在');
  if (!cur.started) throw new ApiError('BAD_REQUEST', '学习任务尚未开始');
  if (!(await mayWatchMaterial(tx, auth, cur.material_id))) throw new ApiError('FORBIDDEN', '学习任务已截止，且您的角色不可见该课程，不能再记录进度');
  let next;
  try {
    next = applyReport({ durationSeconds: cur.duration_seconds, watchedSeconds: cur.watched_seconds, furthestPosition: cur.furthest_position, completed: cur.completed },
      b, cur.since);
  } catch (err) {
    if (err instanceof ProgressRefusal) throw new ApiError('BAD_REQUEST', err.message);
    throw err;
  }
  await tx.query(
    `UPDATE sys_video_task_user_det SET watched_seconds = $2, furthest_position = $3, completed = $4,
            completed_time = CASE WHEN $4 AND completed_time IS NULL THEN now() ELSE completed_time END, last_report_time = now()
      WHERE det_id = $1`, [b.detId, next.watchedSeconds, next.furthestPosition, next.completed]);
  return { ...next, watchedPercent: Math.round((next.watchedSeconds * 100) / next.durationSeconds), secondsToComplete: secondsToComplete(next.durationSeconds) };
}
