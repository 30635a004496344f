import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { uniqueViolation } from '../resources/dbErrors.ts';

/**
 * 角色管理's reads and writes of sys_role and its grants (sys_role_menu, sys_role_field_permission): the SQL behind
 * roles.ts's routes. The admin role (code admin) sees everything by its code and is neither edited nor deleted.
 */

export const ADMIN_CODE = 'admin';

export interface RoleBody {
  name: string;
  code: string;
  remark?: string;
  menuIds: number[];
  fieldPermissionNames: string[];
  /** 数据范围 全部门店 (head office): its holders reach every shop; otherwise only their own (migration 350). */
  allShops?: boolean;
}

/**
 * The menu ids to store: those asked for plus every ancestor of each (a button granted without its page would
 * be unreachable); unknown ids are refused by name.
 */
async function closedMenuIds(tx: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const known = await tx.query<{ id: number }>(`SELECT id FROM sys_menu WHERE id = ANY($1::int[])`, [ids]);
  if (known.rows.length !== new Set(ids).size) {
    const found = new Set(known.rows.map((r) => r.id));
    throw new ApiError('BAD_REQUEST', `菜单不存在：${ids.filter((i) => !found.has(i)).slice(0, 5).join('、')}`);
  }
  const closed = await tx.query<{ id: number }>(
    `WITH RECURSIVE up AS (SELECT id, parent_id, 0 AS depth FROM sys_menu WHERE id = ANY($1::int[])
       UNION SELECT m.id, m.parent_id, u.depth + 1 FROM sys_menu m JOIN up u ON m.id = u.parent_id WHERE u.depth < 16)
     SELECT DISTINCT id FROM up ORDER BY id`,
    [ids],
  );
  return closed.rows.map((r) => r.id);
}

async function writeGrants(tx: Queryable, roleId: number, b: RoleBody): Promise<void> {
  const menuIds = await closedMenuIds(tx, b.menuIds);
  await tx.query(`DELETE FROM sys_role_menu WHERE role_id = $1`, [roleId]);
  await tx.query(`INSERT INTO sys_role_menu (tenant_id, role_id, menu_id) SELECT app_current_tenant(), $1, unnest($2::int[])`, [roleId, menuIds]);
  await tx.query(`DELETE FROM sys_role_field_permission WHERE role_id = $1`, [roleId]);
  await tx.query(`INSERT INTO sys_role_field_permission (tenant_id, role_id, name) SELECT app_current_tenant(), $1, unnest($2::text[])`, [roleId, b.fieldPermissionNames]);
}

export const roleConflict = (err: unknown): never => uniqueViolation(err, () => '角色编码已存在');

/** Every role with its user, page and button counts and field permissions; admin first. */
export async function roleList(tx: Queryable) {
  return (
    await tx.query(
      `SELECT r.id AS "roleId", r.code, r.name, r.remark, to_char(r.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
              r.code = '${ADMIN_CODE}' AS "isAdmin",
              (SELECT count(*)::int FROM sys_user_role ur WHERE ur.role_id = r.id) AS "userCount",
              (SELECT count(*)::int FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id WHERE rm.role_id = r.id AND m.menu_type = 1) AS "pageCount",
              (SELECT count(*)::int FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id WHERE rm.role_id = r.id AND m.menu_type = 2) AS "buttonCount",
              array(SELECT f.name FROM sys_role_field_permission f WHERE f.role_id = r.id ORDER BY f.name) AS "fieldPermissionNames",
              r.code = '${ADMIN_CODE}' OR r.all_shops AS "allShops"
         FROM sys_role r ORDER BY r.code = '${ADMIN_CODE}' DESC, r.id`,
    )
  ).rows;
}

/** Every menu node and button, flat in display order (the route builds the tree). */
export async function menuNodes(tx: Queryable) {
  return (
    await tx.query<{ id: number; parentId: number; name: string; menuType: number; perms: string | null; sort: number }>(
      `SELECT id, parent_id AS "parentId", menu_name AS name, menu_type AS "menuType", perms, sort FROM sys_menu ORDER BY sort, id`,
    )
  ).rows;
}

/** A role with its granted menu ids and field permissions; null when there is none. */
export async function roleInfo(tx: Queryable, roleId: number) {
  const r = (await tx.query(`SELECT id AS "roleId", code, name, remark, code = '${ADMIN_CODE}' AS "isAdmin", code = '${ADMIN_CODE}' OR all_shops AS "allShops" FROM sys_role WHERE id = $1`, [roleId])).rows[0];
  if (!r) return null;
  const menus = await tx.query<{ id: number }>(`SELECT menu_id AS id FROM sys_role_menu WHERE role_id = $1 ORDER BY menu_id`, [roleId]);
  const fields = await tx.query<{ name: string }>(`SELECT name FROM sys_role_field_permission WHERE role_id = $1 ORDER BY name`, [roleId]);
  return { ...r, menuIds: menus.rows.map((m) => m.id), fieldPermissionNames: fields.rows.map((f) => f.name) };
}

export async function addRole(tx: Queryable, b: RoleBody): Promise<number> {
  const r = await tx.query<{ id: number }>(`INSERT INTO sys_role (tenant_id, code, name, remark, all_shops) VALUES (app_current_tenant(), $1, $2, $3, $4) RETURNING id`, [
    b.code, b.name.trim(), b.remark?.trim() || null, b.allShops ?? false,
  ]);
  await writeGrants(tx, r.rows[0].id, b);
  return r.rows[0].id;
}

/** Name, code, remark, data scope and grants; the admin role and the admin code are refused. */
export async function editRole(tx: Queryable, roleId: number, b: RoleBody): Promise<void> {
  const r = (await tx.query<{ code: string }>(`SELECT code FROM sys_role WHERE id = $1 FOR UPDATE`, [roleId])).rows[0];
  if (!r) throw new ApiError('NOT_FOUND', '角色不存在');
  if (r.code === ADMIN_CODE) throw new ApiError('BAD_REQUEST', '管理员角色拥有全部权限，不能修改');
  if (b.code === ADMIN_CODE) throw new ApiError('BAD_REQUEST', '角色编码 admin 为系统保留');
  await tx.query(`UPDATE sys_role SET code = $2, name = $3, remark = $4, all_shops = coalesce($5, all_shops) WHERE id = $1`, [
    roleId, b.code, b.name.trim(), b.remark?.trim() || null, b.allShops ?? null,
  ]);
  await writeGrants(tx, roleId, b);
}

/** Deletes a role nobody holds; the admin role stays. */
export async function deleteRole(tx: Queryable, roleId: number): Promise<void> {
  const r = (await tx.query<{ code: string; name: string; users: number }>(
    `SELECT code, name, (SELECT count(*)::int FROM sys_user_role ur WHERE ur.role_id = r.id) AS users FROM sys_role r WHERE id = $1 FOR UPDATE`,
    [roleId],
  )).rows[0];
  if (!r) throw new ApiError('NOT_FOUND', '角色不存在');
  if (r.code === ADMIN_CODE) throw new ApiError('BAD_REQUEST', '管理员角色不能删除');
  if (r.users) throw new ApiError('CONFLICT', `角色「${r.name}」下还有 ${r.users} 名用户，请先取消他们的该角色`);
  await tx.query(`DELETE FROM sys_role WHERE id = $1`, [roleId]);
}
