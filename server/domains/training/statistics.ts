import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';

/**
 * 大学统计 (per shop or department) and 课程统计 (per course), read straight from the progress rows: one SQL
 * aggregate each, filtered by task, shop / group, title and the tasks' start dates.
 */
export interface UniversityFilter { groupBy?: 'shop' | 'dept' | null; taskId?: number | null; shopId?: number | null; startDate?: string | null; endDate?: string | null }
export interface CourseFilter { taskId?: number | null; groupId?: number | null; title?: string | null; startDate?: string | null; endDate?: string | null }

export interface UniversityRow { name: string; peopleCount: number; assignedCount: number; completedCount: number; completionRate: number; overdueCount: number }
export interface CourseRow {
  materialId: number; title: string; groupName: string; durationSeconds: number;
  assignedCount: number; startedCount: number; completedCount: number; completionRate: number; avgWatchedPercent: number;
}

function dates(f: { startDate?: string | null; endDate?: string | null }): [string | null, string | null] {
  const from = f.startDate || null;
  const to = f.endDate || null;
  if (from && to && to < from) throw new ApiError('BAD_REQUEST', '结束日期 endDate 不能早于开始日期 startDate');
  return [from, to];
}

export async function universityStatistics(tx: Queryable, f: UniversityFilter): Promise<UniversityRow[]> {
  const [from, to] = dates(f);
  const name = f.groupBy === 'dept' ? `coalesce(d.dept_name, '未分配部门')` : `coalesce(d.shop_name, '未分配门店')`;
  return (await tx.query<UniversityRow>(
    `SELECT ${name} AS name, count(DISTINCT d.user_id)::int AS "peopleCount", count(*)::int AS "assignedCount",
            count(*) FILTER (WHERE d.completed)::int AS "completedCount",
            round(count(*) FILTER (WHERE d.completed) * 100.0 / count(*), 1)::float8 AS "completionRate",
            count(*) FILTER (WHERE NOT d.completed AND t.deadline < now())::int AS "overdueCount"
       FROM sys_video_task_user_det d JOIN sys_video_task t ON t.task_id = d.task_id
      WHERE ($1::int IS NULL OR d.task_id = $1) AND ($2::int IS NULL OR d.shop_id = $2)
        AND ($3::date IS NULL OR t.start_time >= $3::date) AND ($4::date IS NULL OR t.start_time < $4::date + 1)
        AND app_in_scope(d.shop_id) IS TRUE -- a 店长 counts his shops' people (a head-office caller every shop's)
      GROUP BY 1 ORDER BY "completionRate" DESC, name`,
    [f.taskId ?? null, f.shopId ?? null, from, to],
  )).rows;
}

export async function courseStatistics(tx: Queryable, f: CourseFilter): Promise<CourseRow[]> {
  const [from, to] = dates(f);
  return (await tx.query<CourseRow>(
    `SELECT m.material_id AS "materialId", m.title, g.group_name AS "groupName", m.duration_seconds AS "durationSeconds",
            count(*)::int AS "assignedCount", count(*) FILTER (WHERE d.watched_seconds > 0)::int AS "startedCount",
            count(*) FILTER (WHERE d.completed)::int AS "completedCount",
            round(count(*) FILTER (WHERE d.completed) * 100.0 / count(*), 1)::float8 AS "completionRate",
            round(avg(d.watched_seconds * 100.0 / d.duration_seconds), 1)::float8 AS "avgWatchedPercent"
       FROM sys_video_task_user_det d JOIN sys_video_task t ON t.task_id = d.task_id
       JOIN video_material m ON m.material_id = d.material_id JOIN video_material_group g ON g.group_id = m.group_id
      WHERE ($1::int IS NULL OR d.task_id = $1) AND ($2::int IS NULL OR m.group_id = $2) AND ($3::text IS NULL OR m.title ILIKE '%' || $3 || '%')
        AND ($4::date IS NULL OR t.start_time >= $4::date) AND ($5::date IS NULL OR t.start_time < $5::date + 1)
        AND app_in_scope(d.shop_id) IS TRUE -- a 店长 counts his shops' people (a head-office caller every shop's)
      GROUP BY m.material_id, g.group_name ORDER BY m.material_id`,
    [f.taskId ?? null, f.groupId ?? null, f.title?.trim() || null, from, to],
  )).rows;
}
