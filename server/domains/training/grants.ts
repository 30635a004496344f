import type { Queryable } from '../../db/index.ts';
import type { AuthContext } from '../../context.ts';

/**
 * Who may see what in 视频培训, decided here and in the database functions of migration 315, so every call asks the
 * same question:
 * - a **group** (and so its courses, for managing them) is seen by admin, and by a person one of whose roles is related
 *   to it or to any group above it: a parent group's roles are inherited by its child groups (`video_group_granted`);
 * - a **course** may be watched (listed, played, streamed range by range, its progress recorded) by whoever sees its
 *   group, and by a person a learning task assigns it to while that task is open: started and its deadline not passed
 *   (`video_material_watchable`). An assignment grants only its own courses, only while open.
 * Each helper answers an SQL condition with its one parameter; admin's parameter is referenced too (a placeholder
 * nobody mentions has no type) and is null.
 */
export function grantedGroupSql(auth: AuthContext, groupColumn: string, param: number): { sql: string; value: number | null } {
  if (auth.isAdmin) return { sql: `$${param}::int IS NULL`, value: null };
  return { sql: `video_group_granted(${groupColumn}, $${param}::int)`, value: auth.userId };
}

/** The one rule of watching a course (listing, play, stream, progress): group seen, or an open assignment. */
export function watchableSql(auth: AuthContext, materialColumn: string, param: number): { sql: string; value: number | null } {
  if (auth.isAdmin) return { sql: `$${param}::int IS NULL`, value: null };
  return { sql: `video_material_watchable(${materialColumn}, $${param}::int)`, value: auth.userId };
}

/** Whether this person may watch this course now (false for a course that is not there). */
export async function mayWatchMaterial(tx: Queryable, who: Pick<AuthContext, 'isAdmin' | 'userId'>, materialId: number): Promise<boolean> {
  const w = watchableSql(who as AuthContext, 'm.material_id', 2);
  return (await tx.query(`SELECT 1 FROM video_material m WHERE m.material_id = $1 AND ${w.sql}`, [materialId, w.value])).rows.length > 0;
}
