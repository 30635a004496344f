import type { Queryable, Statement } from './db/index.ts';
import type { AuthContext } from './context.ts';

/** Every permission string and menu path the caller's roles grant (admin: every node of the tenant). */
export async function grantedMenuKeys(tx: Queryable, auth: AuthContext): Promise<Set<string>> {
  const st = grantedMenuKeysStatement(auth);
  return menuKeysOf((await tx.query<{ perms: string | null; path: string }>(st.sql, st.params)).rows);
}

/** The statement grantedMenuKeys runs, for a caller that sends it in a batch. */
export function grantedMenuKeysStatement(auth: AuthContext): Statement {
  return auth.isAdmin
    ? { sql: `SELECT perms, path FROM sys_menu`, params: [] }
    : {
        sql: `SELECT DISTINCT m.perms, m.path FROM sys_menu m
           JOIN sys_role_menu rm ON rm.menu_id = m.id
           JOIN sys_user_role ur ON ur.role_id = rm.role_id
          WHERE ur.user_id = $1`,
        params: [auth.userId],
      };
}

/** The keys of grantedMenuKeysStatement's rows. */
export function menuKeysOf(rows: readonly Record<string, unknown>[]): Set<string> {
  const keys = new Set<string>();
  for (const r of rows as { perms: string | null; path: string }[]) {
    if (r.perms) keys.add(r.perms);
    if (r.path) keys.add(r.path);
  }
  return keys;
}

export const FIELD_PERMISSION_NAMES = ['进价总金额', '成本总金额', '零售价', '供应商', '毛利率'] as const;

export async function fieldPermissionNames(tx: Queryable, auth: AuthContext): Promise<string[]> {
  if (auth.isAdmin) return [...FIELD_PERMISSION_NAMES];
  const rows = await tx.query<{ name: string }>(
    `SELECT DISTINCT f.name FROM sys_role_field_permission f JOIN sys_user_role ur ON ur.role_id = f.role_id WHERE ur.user_id = $1 ORDER BY f.name`,
    [auth.userId],
  );
  return rows.rows.map((r) => r.name);
}

/**
 * Enabled users of the tenant who may do what `perm` allows (their roles grant it, or they are admins): whom a notice
 * goes to. The SELECT of their ids, `perm` read from parameter `$<param>`, for a statement that writes to them directly.
 */
export const permHoldersSql = (param: number) =>
  `SELECT DISTINCT u.id FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
    WHERE u.status = 1 AND (r.code = 'admin' OR EXISTS (SELECT 1 FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id WHERE rm.role_id = r.id AND m.perms = $${param}))`;

/** The users permHoldersSql selects, by id. */
export async function usersWithPerm(tx: Queryable, perm: string): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(`${permHoldersSql(1)} ORDER BY u.id`, [perm], { prepare: true });
  return rows.rows.map((r) => r.id);
}
