import type { Queryable } from '../db/index.ts';

/** The rows of saved list views (sys_list_view, migration 396); the rules are in listViews.ts. */
export interface ListViewRow {
  viewId: number;
  screen: string;
  name: string;
  ownerId: number;
  ownerName: string;
  roleId: number | null;
  roleCode: string | null;
  roleName: string | null;
  isDefault: boolean;
  state: unknown;
}

const SELECT = `SELECT v.view_id AS "viewId", v.screen, v.name, v.owner_id AS "ownerId", u.name AS "ownerName",
                       v.role_id AS "roleId", r.code AS "roleCode", r.name AS "roleName", v.is_default AS "isDefault", v.state
                  FROM sys_list_view v JOIN sys_user u ON u.id = v.owner_id LEFT JOIN sys_role r ON r.id = v.role_id`;

/** A screen's views the user sees: their own, then those shared with one of their roles; by name. */
export async function viewsOf(tx: Queryable, userId: number, screen: string): Promise<ListViewRow[]> {
  const rows = await tx.query<ListViewRow>(
    `${SELECT}
      WHERE v.screen = $2 AND (v.owner_id = $1 OR v.role_id IN (SELECT role_id FROM sys_user_role WHERE user_id = $1))
      ORDER BY v.owner_id <> $1, v.name`,
    [userId, screen],
  );
  return rows.rows;
}

export async function viewById(tx: Queryable, viewId: number): Promise<ListViewRow | undefined> {
  return (await tx.query<ListViewRow>(`${SELECT} WHERE v.view_id = $1`, [viewId])).rows[0];
}

/** The role of that code the user may share with: one they hold, any of the tenant's for an administrator. */
export async function shareableRole(tx: Queryable, userId: number, isAdmin: boolean, code: string): Promise<number | undefined> {
  const rows = await tx.query<{ id: number }>(
    isAdmin ? `SELECT id FROM sys_role WHERE code = $1` : `SELECT r.id FROM sys_role r JOIN sys_user_role ur ON ur.role_id = r.id WHERE r.code = $1 AND ur.user_id = $2`,
    isAdmin ? [code] : [code, userId],
  );
  return rows.rows[0]?.id;
}

export async function nameTaken(tx: Queryable, userId: number, screen: string, name: string, exceptId?: number): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM sys_list_view WHERE owner_id = $1 AND screen = $2 AND name = $3 AND view_id <> $4`, [userId, screen, name, exceptId ?? 0]);
  return rows.rows.length > 0;
}

/** Only one default per owner and screen: the others stop being it. */
export async function clearDefaults(tx: Queryable, userId: number, screen: string, exceptId: number): Promise<void> {
  await tx.query(`UPDATE sys_list_view SET is_default = false WHERE owner_id = $1 AND screen = $2 AND view_id <> $3 AND is_default`, [userId, screen, exceptId]);
}

export async function insertView(tx: Queryable, v: { tenantId: number; screen: string; name: string; ownerId: number; roleId: number | null; isDefault: boolean; state: unknown }): Promise<number> {
  const rows = await tx.query<{ view_id: number }>(
    `INSERT INTO sys_list_view (tenant_id, screen, name, owner_id, role_id, is_default, state) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING view_id`,
    [v.tenantId, v.screen, v.name, v.ownerId, v.roleId, v.isDefault, JSON.stringify(v.state)],
  );
  return rows.rows[0].view_id;
}

export async function updateView(tx: Queryable, viewId: number, v: { name: string; roleId: number | null; isDefault: boolean; state: unknown }): Promise<void> {
  await tx.query(
    `UPDATE sys_list_view SET name = $2, role_id = $3, is_default = $4, state = $5, update_time = now() WHERE view_id = $1`,
    [viewId, v.name, v.roleId, v.isDefault, JSON.stringify(v.state)],
  );
}

export async function deleteView(tx: Queryable, viewId: number): Promise<void> {
  await tx.query(`DELETE FROM sys_list_view WHERE view_id = $1`, [viewId]);
}

/** The roles a user may share a view with: their own, every role of the tenant for an administrator. */
export async function shareableRoles(tx: Queryable, userId: number, isAdmin: boolean): Promise<{ code: string; name: string }[]> {
  const rows = await tx.query<{ code: string; name: string }>(
    isAdmin ? `SELECT code, name FROM sys_role ORDER BY id` : `SELECT r.code, r.name FROM sys_role r JOIN sys_user_role ur ON ur.role_id = r.id WHERE ur.user_id = $1 ORDER BY r.id`,
    isAdmin ? [] : [userId],
  );
  return rows.rows;
}
