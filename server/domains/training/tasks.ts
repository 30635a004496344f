import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { grantedGroupSql } from './grants.ts';
import { ts } from './sql.ts';

/**
 * sys-video-task: a learning task assigns courses to people (chosen users, every active user of chosen roles and
 * shops) between a start and a deadline; each person gets one progress row per course (learning.ts).
 */
export interface TaskBody { taskName: string; startTime: string; deadline: string; remark?: string | null; materialIds: number[]; userIds?: number[] | null; roleIds?: number[] | null; shopIds?: number[] | null }

/** A deadline given as a day ends at that day's last second; a start given as a day begins at midnight. */
const asStart = (v: string) => (v.length === 10 ? `${v} 00:00:00` : v.replace('T', ' '));
const asDeadline = (v: string) => (v.length === 10 ? `${v} 23:59:59` : v.replace('T', ' '));

/** The people a task reaches: chosen users, every active user of the chosen roles and of the chosen shops. */
async function taskPeople(tx: Queryable, b: TaskBody) {
  return (await tx.query<{ user_id: number; user_name: string; shop_id: number | null; shop_name: string | null; dept_name: string | null }>(
    `WITH chosen AS (
       SELECT id AS user_id, NULL::int AS via_shop FROM sys_user WHERE id = ANY($1::int[])
       UNION SELECT ur.user_id, NULL FROM sys_user_role ur WHERE ur.role_id = ANY($2::int[])
       UNION SELECT us.user_id, us.shop_id FROM sys_user_shop us WHERE us.shop_id = ANY($3::int[])
     ), one AS (
       SELECT user_id, min(via_shop) AS via_shop FROM chosen GROUP BY user_id
     )
     SELECT u.id AS user_id, u.name AS user_name, s.shop_id, s.shop_name, d.dept_name
       FROM one JOIN sys_user u ON u.id = one.user_id AND u.status = 1
       LEFT JOIN LATERAL (SELECT sb.shop_id, sb.shop_name FROM sys_user_shop us JOIN shop_base sb ON sb.shop_id = us.shop_id
                           WHERE us.user_id = u.id ORDER BY (us.shop_id = one.via_shop) DESC, us.shop_id LIMIT 1) s ON true
       LEFT JOIN sys_department d ON d.dept_id = u.dept_id
      ORDER BY u.id`,
    [b.userIds ?? [], b.roleIds ?? [], b.shopIds ?? []],
  )).rows;
}

async function mustExist(tx: Queryable, table: string, col: string, ids: number[] | null | undefined, label: string): Promise<void> {
  const uniq = [...new Set(ids ?? [])];
  if (!uniq.length) return;
  const n = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${col} = ANY($1::int[])`, [uniq])).rows[0].n;
  if (n !== uniq.length) throw new ApiError('BAD_REQUEST', `${label}中有不存在的记录`);
}

/** A new task: its courses (ones the caller sees), its people, and a progress row for each person and course. */
export async function createTask(tx: Queryable, auth: AuthContext, b: TaskBody) {
  const start = asStart(b.startTime);
  const deadline = asDeadline(b.deadline);
  const bad = (await tx.query<{ reversed: boolean }>(
    `SELECT $2::text::timestamp <= $1::text::timestamp AS reversed`, [start, deadline])
    .catch(() => { throw new ApiError('BAD_REQUEST', '开始时间 startTime 或截止时间 deadline 不是有效的时间'); })).rows[0];
  if (bad.reversed) throw new ApiError('BAD_REQUEST', '截止时间 deadline 必须晚于开始时间 startTime');
  const materialIds = [...new Set(b.materialIds)];
  const g = grantedGroupSql(auth, 'm.group_id', 2);
  const courses = (await tx.query<{ material_id: number; duration_seconds: number }>(
    `SELECT m.material_id, m.duration_seconds FROM video_material m WHERE m.material_id = ANY($1::int[]) AND ${g.sql}`, [materialIds, g.value])).rows;
  if (courses.length !== materialIds.length) throw new ApiError('BAD_REQUEST', '课程 materialIds 中有不存在或无权查看的课程');
  await mustExist(tx, 'sys_user', 'id', b.userIds, '学习人员 userIds ');
  await mustExist(tx, 'sys_role', 'id', b.roleIds, '角色 roleIds ');
  await mustExist(tx, 'shop_base', 'shop_id', b.shopIds, '门店 shopIds ');
  const people = await taskPeople(tx, b);
  if (!people.length) throw new ApiError('BAD_REQUEST', '学习人员为空：请选择人员，或选择有在职人员的角色/门店');
  const taskId = (await tx.query<{ task_id: number }>(
    `INSERT INTO sys_video_task (tenant_id, task_name, start_time, deadline, remark, create_user_name)
     VALUES (app_current_tenant(), $1, $2::text::timestamp, $3::text::timestamp, $4, $5) RETURNING task_id`,
    [b.taskName.trim(), start, deadline, b.remark ?? null, auth.displayName ?? auth.userName])).rows[0].task_id;
  await tx.query(`INSERT INTO sys_video_task_material (tenant_id, task_id, material_id, sort) SELECT app_current_tenant(), $1, id, ord FROM unnest($2::int[]) WITH ORDINALITY AS x(id, ord)`,
    [taskId, materialIds]);
  await tx.query(
    `INSERT INTO sys_video_task_user_det (tenant_id, task_id, material_id, user_id, user_name, shop_id, shop_name, dept_name, duration_seconds)
     SELECT app_current_tenant(), $1, m.material_id, p.user_id, p.user_name, p.shop_id, p.shop_name, p.dept_name, m.duration_seconds
       FROM jsonb_to_recordset($2::jsonb) AS p(user_id int, user_name text, shop_id int, shop_name text, dept_name text)
       CROSS JOIN video_material m WHERE m.material_id = ANY($3::int[])`,
    [taskId, JSON.stringify(people), materialIds]);
  return { taskId, peopleCount: people.length, assignedCount: people.length * materialIds.length };
}

/** A task with its courses in order and its people. */
export async function taskInfo(tx: Queryable, taskId: number) {
  const task = (await tx.query(
    `SELECT t.task_id AS "taskId", t.task_name AS "taskName", ${ts('t.start_time')} AS "startTime", ${ts('t.deadline')} AS deadline, t.remark,
            t.create_user_name AS "createUserName", ${ts('t.create_time')} AS "createTime"
       FROM sys_video_task t WHERE t.task_id = $1`, [taskId])).rows[0];
  if (!task) throw new ApiError('NOT_FOUND', '学习任务不存在');
  const courses = (await tx.query(
    `SELECT m.material_id AS "materialId", m.title, m.duration_seconds AS "durationSeconds" FROM sys_video_task_material tm
       JOIN video_material m ON m.material_id = tm.material_id WHERE tm.task_id = $1 ORDER BY tm.sort`, [taskId])).rows;
  const people = (await tx.query(
    `SELECT DISTINCT d.user_id AS "userId", d.user_name AS "userName", d.shop_name AS "shopName" FROM sys_video_task_user_det d WHERE d.task_id = $1 ORDER BY d.user_id`,
    [taskId])).rows;
  return { ...task, courses, people };
}

/** What a new task may choose: courses the caller sees, active people, roles, the caller's shops. */
export async function taskOptions(tx: Queryable, auth: AuthContext) {
  const g = grantedGroupSql(auth, 'm.group_id', 1);
  const [materials, users, roles, shops] = await Promise.all([
    tx.query(`SELECT m.material_id AS "materialId", m.title, g.group_name AS "groupName", m.duration_seconds AS "durationSeconds"
                FROM video_material m JOIN video_material_group g ON g.group_id = m.group_id WHERE ${g.sql} ORDER BY g.sort, m.material_id`, [g.value]),
    tx.query(`SELECT id AS "userId", name AS "userName", user_name AS "loginName" FROM sys_user WHERE status = 1 ORDER BY id`),
    tx.query(`SELECT id AS "roleId", name AS "roleName" FROM sys_role ORDER BY id`),
    tx.query(`SELECT shop_id AS "shopId", shop_name AS "shopName" FROM shop_base WHERE status = 1 AND app_in_scope(shop_id) ORDER BY shop_id`),
  ].map((p) => p.then((r) => r.rows)));
  return { materials, users, roles, shops };
}

/** The statistics screens' filters: recent tasks, the caller's shops, the groups. */
export const statisticsFilters = (tx: Queryable) => Promise.all([
  tx.query(`SELECT task_id AS "taskId", task_name AS "taskName" FROM sys_video_task ORDER BY task_id DESC LIMIT 500`),
  // The caller's shops (app_in_scope): a 店长 filters by his own.
  tx.query(`SELECT shop_id AS "shopId", shop_name AS "shopName" FROM shop_base WHERE status = 1 AND app_in_scope(shop_id) ORDER BY shop_id`),
  tx.query(`SELECT group_id AS "groupId", group_name AS "groupName" FROM video_material_group ORDER BY sort, group_id`),
].map((p) => p.then((r) => r.rows))).then(([tasks, shops, groups]) => ({ tasks, shops, groups }));
