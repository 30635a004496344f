import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { uniqueViolation } from '../../resources/dbErrors.ts';
import { grantedGroupSql } from './grants.ts';
import { ts } from './sql.ts';

/** video_material_group: the course groups, a tree, and the roles that may see each group (grants.ts). */
export interface GroupBody { groupId?: number; parentId?: number | null; groupName: string; sort?: number | null; remark?: string | null; roleIds?: number[] | null }

/** The group exists and the caller sees it. */
export async function groupExists(tx: Queryable, auth: AuthContext, groupId: number): Promise<void> {
  const g = grantedGroupSql(auth, 'g.group_id', 2);
  const r = await tx.query(`SELECT 1 FROM video_material_group g WHERE g.group_id = $1 AND ${g.sql}`, [groupId, g.value]);
  if (!r.rows.length) throw new ApiError('BAD_REQUEST', '视频分组 groupId 不存在或无权查看');
}

async function setGroupRoles(tx: Queryable, groupId: number, roleIds: number[] | null | undefined): Promise<void> {
  const ids = [...new Set(roleIds ?? [])];
  if (ids.length) {
    const found = (await tx.query<{ id: number }>(`SELECT id FROM sys_role WHERE id = ANY($1::int[])`, [ids])).rows.length;
    if (found !== ids.length) throw new ApiError('BAD_REQUEST', '可见角色 roleIds 中有不存在的角色');
  }
  await tx.query(`DELETE FROM video_material_group_role WHERE group_id = $1`, [groupId]);
  if (ids.length) {
    await tx.query(`INSERT INTO video_material_group_role (tenant_id, group_id, role_id) SELECT app_current_tenant(), $1, unnest($2::int[])`, [groupId, ids]);
  }
}

const groupUnique = (err: unknown): never => uniqueViolation(err, (c) => (c === 'video_material_group_name' ? '同一上级下已有同名分组' : undefined));

/** The groups the caller sees, as a tree, each with its roles and its number of courses. */
export async function groupTree(tx: Queryable, auth: AuthContext): Promise<unknown[]> {
  const g = grantedGroupSql(auth, 'g.group_id', 1);
  const rows = (await tx.query<{ groupId: number; parentId: number | null; children?: unknown[] }>(
    `SELECT g.group_id AS "groupId", g.parent_id AS "parentId", g.group_name AS "groupName", g.sort, g.remark,
            coalesce(array_agg(r.id ORDER BY r.id) FILTER (WHERE r.id IS NOT NULL), '{}') AS "roleIds",
            coalesce(string_agg(r.name, '、' ORDER BY r.id), '') AS "roleNames",
            (SELECT count(*)::int FROM video_material m WHERE m.group_id = g.group_id) AS "materialCount",
            ${ts('g.create_time')} AS "createTime"
       FROM video_material_group g
       LEFT JOIN video_material_group_role gr ON gr.group_id = g.group_id LEFT JOIN sys_role r ON r.id = gr.role_id
      WHERE ${g.sql}
      GROUP BY g.group_id ORDER BY g.sort, g.group_id`,
    [g.value],
  )).rows;
  const byId = new Map(rows.map((r) => [r.groupId, { ...r, children: [] as unknown[] }]));
  const roots: unknown[] = [];
  for (const r of byId.values()) {
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(r);
  }
  return roots;
}

export async function addGroup(tx: Queryable, auth: AuthContext, b: GroupBody): Promise<number> {
  if (b.parentId) await groupExists(tx, auth, b.parentId);
  const id = (await tx.query<{ group_id: number }>(
    `INSERT INTO video_material_group (tenant_id, parent_id, group_name, sort, remark, create_user_name)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5) RETURNING group_id`,
    [b.parentId ?? null, b.groupName.trim(), b.sort ?? 0, b.remark ?? null, auth.displayName ?? auth.userName],
  ).catch(groupUnique)).rows[0].group_id;
  await setGroupRoles(tx, id, b.roleIds);
  return id;
}

export async function updateGroup(tx: Queryable, auth: AuthContext, b: GroupBody & { groupId: number }): Promise<void> {
  await groupExists(tx, auth, b.groupId);
  if (b.parentId) {
    await groupExists(tx, auth, b.parentId);
    // Not under itself or one of its own descendants.
    const loop = (await tx.query(
      `WITH RECURSIVE up AS (SELECT group_id, parent_id FROM video_material_group WHERE group_id = $1
         UNION ALL SELECT g.group_id, g.parent_id FROM video_material_group g JOIN up ON g.group_id = up.parent_id)
       SELECT 1 FROM up WHERE group_id = $2`, [b.parentId, b.groupId])).rows.length;
    if (loop) throw new ApiError('BAD_REQUEST', '上级分组 parentId 不能是本分组或其下级');
  }
  await tx.query(`UPDATE video_material_group SET parent_id = $2, group_name = $3, sort = $4, remark = $5 WHERE group_id = $1`,
    [b.groupId, b.parentId ?? null, b.groupName.trim(), b.sort ?? 0, b.remark ?? null]).catch(groupUnique);
  await setGroupRoles(tx, b.groupId, b.roleIds);
}

/** The roles a group may be made visible to. */
export async function roleChoices(tx: Queryable) {
  return (await tx.query(`SELECT id AS "roleId", name AS "roleName" FROM sys_role ORDER BY id`)).rows;
}
