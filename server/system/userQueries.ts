import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { offsetOf } from '../http/envelope.ts';
import { fieldPermissionNames } from '../permissions.ts';
import { unreadCount } from '../messages/messageService.ts';
import { uniqueViolation } from '../resources/dbErrors.ts';
import { menuTreeFor } from './menus.ts';

/**
 * 用户管理 and the personal centre's reads and writes of sys_user and its links (roles, department, shops, 查询时间限制):
 * the SQL behind users.ts's routes. Passwords arrive hashed; revoking sessions is the caller's (auth/tokens.ts).
 */

/** One row of the admin user list (userRowSchema), shared by the list and the detail. */
const USER_ROW_SELECT = `SELECT u.id, u.user_no AS "userNo", u.user_name AS "userName", u.name, u.phone, u.status,
       coalesce(u.locked_until > now(), false) AS locked,
       array(SELECT r.name FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name) AS roles,
       array(SELECT ur.role_id FROM sys_user_role ur WHERE ur.user_id = u.id ORDER BY ur.role_id) AS "roleIds",
       u.dept_id AS "deptId", (SELECT d.dept_name FROM sys_department d WHERE d.dept_id = u.dept_id) AS "deptName",
       array(SELECT us.shop_id FROM sys_user_shop us WHERE us.user_id = u.id ORDER BY us.shop_id) AS "shopIds",
       array(SELECT s.shop_name FROM sys_user_shop us JOIN shop_base s ON s.shop_id = us.shop_id WHERE us.user_id = u.id ORDER BY us.shop_id) AS "shopNames"
  FROM sys_user u`;

/** Roles, department and shops of a user (用户管理): given ones replace what the user had; absent ones stay. */
export interface UserLinks {
  roleIds?: number[];
  deptId?: number | null;
  shopIds?: number[];
}

async function writeUserLinks(tx: Queryable, userId: number, links: UserLinks): Promise<void> {
  if (links.roleIds) {
    const found = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_role WHERE id = ANY($1::int[])`, [links.roleIds]);
    if (found.rows[0].n !== links.roleIds.length) throw new ApiError('BAD_REQUEST', '角色不存在');
    await tx.query(`DELETE FROM sys_user_role WHERE user_id = $1`, [userId]);
    await tx.query(`INSERT INTO sys_user_role (tenant_id, user_id, role_id) SELECT app_current_tenant(), $1, unnest($2::int[])`, [userId, links.roleIds]);
  }
  if (links.deptId !== undefined) {
    if (links.deptId !== null && !(await tx.query(`SELECT 1 FROM sys_department WHERE dept_id = $1`, [links.deptId])).rows.length) throw new ApiError('BAD_REQUEST', '部门不存在');
    await tx.query(`UPDATE sys_user SET dept_id = $2 WHERE id = $1`, [userId, links.deptId]);
  }
  if (links.shopIds) {
    const found = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base WHERE shop_id = ANY($1::int[])`, [links.shopIds]);
    if (found.rows[0].n !== links.shopIds.length) throw new ApiError('BAD_REQUEST', '所属门店不存在');
    await tx.query(`DELETE FROM sys_user_shop WHERE user_id = $1`, [userId]);
    await tx.query(`INSERT INTO sys_user_shop (tenant_id, user_id, shop_id) SELECT app_current_tenant(), $1, unnest($2::int[])`, [userId, links.shopIds]);
  }
}

/** A tenant never loses its last enabled administrator (nobody could grant anything again). */
async function keepAnAdmin(tx: Queryable): Promise<void> {
  const n = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id WHERE r.code = 'admin' AND u.status = 1`,
  );
  if (!n.rows[0].n) throw new ApiError('BAD_REQUEST', '至少要保留一名启用的管理员');
}

export const userConflict = (err: unknown): never =>
  uniqueViolation(err, (c) =>
    c.includes('user_no') ? '工号已存在' : c.includes('user_name') ? '登录账号已存在' : c.includes('phone') ? '手机号码已被其他用户使用' : undefined,
  );

/**
 * A user's 查询时间限制 per subject (spec 000 §5): the user's own limit (editLimit) where set, else the tenant's.
 * $1 is the user.
 */
const LIMITS_SELECT = `SELECT * FROM (
  SELECT s.subject_id AS "subjectId", coalesce(o.time_limit, s.time_limit) AS "timeLimit", o.subject_id IS NOT NULL AS "own",
         to_char(s.begin_time, 'YYYY-MM-DD') AS "beginTime", to_char(s.end_time, 'YYYY-MM-DD') AS "endTime"
    FROM sys_search_time_limit s LEFT JOIN sys_user_search_time_limit o ON o.subject_id = s.subject_id AND o.user_id = $1) t`;

/** The signed-in user as the shell reads it at start: who, roles, menus, limits, field permissions, unread messages. */
export async function currentUserInfo(tx: Queryable, auth: AuthContext) {
  const u = (
    await tx.query<{ id: number; user_no: string; user_name: string; name: string; phone: string | null; head_portrait: string | null }>(
      `SELECT id, user_no, user_name, name, phone, head_portrait FROM sys_user WHERE id = $1`,
      [auth.userId],
    )
  ).rows[0];
  const limits = await tx.query<{ subjectId: number; timeLimit: number | null; beginTime: string | null; endTime: string | null }>(
    `${LIMITS_SELECT} ORDER BY t."subjectId"`,
    [auth.userId],
  );
  return {
    id: u.id,
    userId: u.id,
    userNo: u.user_no,
    userName: u.user_name,
    name: u.name,
    phone: u.phone,
    headPortrait: u.head_portrait,
    roles: auth.roles,
    roleNames: (await tx.query<{ name: string }>(`SELECT name FROM sys_role WHERE code = ANY($1::text[]) ORDER BY code = 'admin' DESC, id`, [auth.roles])).rows.map((r) => r.name),
    menuVOList: await menuTreeFor(tx, auth),
    searchTimeLimitList: limits.rows,
    fieldPermissionNames: await fieldPermissionNames(tx, auth),
    totalMessage: await unreadCount(tx, auth.userId),
  };
}

export async function passwordHashOf(tx: Queryable, userId: number): Promise<string | undefined> {
  return (await tx.query<{ password_hash: string }>(`SELECT password_hash FROM sys_user WHERE id = $1`, [userId])).rows[0]?.password_hash;
}

export async function setPasswordHash(tx: Queryable, userId: number, hash: string): Promise<void> {
  await tx.query(`UPDATE sys_user SET password_hash = $2 WHERE id = $1`, [userId, hash]);
}

/** A reset password also lifts the lock-out; false when there is no such user. */
export async function resetPasswordHash(tx: Queryable, userId: number, hash: string): Promise<boolean> {
  const r = await tx.query(`UPDATE sys_user SET password_hash = $2, locked_until = NULL, fail_count = 0, fail_window_start = NULL WHERE id = $1`, [userId, hash]);
  return !!r.rowCount;
}

/** false when there is no such user. */
export async function unlockUser(tx: Queryable, userId: number): Promise<boolean> {
  const r = await tx.query(`UPDATE sys_user SET locked_until = NULL, fail_count = 0, fail_window_start = NULL WHERE id = $1`, [userId]);
  return !!r.rowCount;
}

/** One's own name and, when given, head portrait. */
export async function updateProfile(tx: Queryable, userId: number, name: string, headPortrait: string | null): Promise<void> {
  await tx.query(`UPDATE sys_user SET name = $2, head_portrait = coalesce($3, head_portrait) WHERE id = $1`, [userId, name, headPortrait]);
}

export async function usersByNo(tx: Queryable, userNos: string[]) {
  return (await tx.query(`SELECT id AS "userId", user_no AS "userNo", user_name AS "userName", name FROM sys_user WHERE user_no = ANY($1::text[]) ORDER BY user_no`, [userNos])).rows;
}

/** The admin user list: a keyword matches login, name, phone or 工号. */
export async function userPage(tx: Queryable, keyword: string | undefined, pageNum: number, pageSize: number) {
  const kw = keyword?.trim() ? `%${keyword.trim()}%` : null;
  const where = `WHERE ($1::text IS NULL OR u.user_name ILIKE $1 OR u.name ILIKE $1 OR u.phone ILIKE $1 OR u.user_no ILIKE $1)`;
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_user u ${where}`, [kw])).rows[0].n;
  const records = (await tx.query(`${USER_ROW_SELECT} ${where} ORDER BY u.id LIMIT $2 OFFSET $3`, [kw, pageSize, offsetOf(pageNum, pageSize)])).rows;
  return { records, total };
}

export async function userRow(tx: Queryable, userId: number) {
  return (await tx.query(`${USER_ROW_SELECT} WHERE u.id = $1`, [userId])).rows[0];
}

export interface NewUser extends UserLinks { userNo: string; userName: string; name: string; phone?: string; status?: number }

/** A new user with its links; a phone another user has is refused. Unique clashes are the caller's (userConflict). */
export async function addUser(tx: Queryable, b: NewUser, passwordHash: string): Promise<number> {
  if (b.phone) {
    const clash = await tx.query(`SELECT 1 FROM sys_user WHERE phone = $1`, [b.phone]);
    if (clash.rows.length) throw new ApiError('CONFLICT', '手机号码已被其他用户使用');
  }
  const r = await tx.query<{ id: number }>(
    `INSERT INTO sys_user (tenant_id, user_no, user_name, name, phone, password_hash, status) VALUES (app_current_tenant(), $1, $2, $3, nullif($4, ''), $5, $6) RETURNING id`,
    [b.userNo, b.userName, b.name.trim(), b.phone ?? '', passwordHash, b.status ?? 1],
  );
  await writeUserLinks(tx, r.rows[0].id, b);
  return r.rows[0].id;
}

export interface UserEdit extends UserLinks { name: string; phone?: string; status: number }

/** Edits a user and its given links, keeping an enabled administrator; false when there is no such user. */
export async function editUser(tx: Queryable, id: number, b: UserEdit): Promise<boolean> {
  if (b.phone) {
    const clash = await tx.query(`SELECT 1 FROM sys_user WHERE phone = $1 AND id <> $2`, [b.phone, id]);
    if (clash.rows.length) throw new ApiError('CONFLICT', '手机号码已被其他用户使用');
  }
  const r = await tx.query(`UPDATE sys_user SET name = $2, phone = nullif($3, ''), status = $4 WHERE id = $1`, [id, b.name.trim(), b.phone ?? '', b.status]);
  if (r.rowCount) {
    await writeUserLinks(tx, id, b);
    await keepAnAdmin(tx);
  }
  return !!r.rowCount;
}

/** What the user form offers: roles, departments (by their path), the caller's shops and the active users, each with its name. */
export async function userFormOptions(tx: Queryable) {
  return {
    roles: (await tx.query(`SELECT id AS value, name AS label, code FROM sys_role ORDER BY code = 'admin' DESC, id`)).rows,
    departments: (
      await tx.query(
        `WITH RECURSIVE p AS (SELECT dept_id, dept_name::text AS path, sort::text AS ord FROM sys_department WHERE parent_id IS NULL
           UNION ALL SELECT d.dept_id, p.path || ' / ' || d.dept_name, p.ord || '.' || lpad(d.sort::text, 4, '0') FROM sys_department d JOIN p ON d.parent_id = p.dept_id)
         SELECT dept_id AS value, path AS label FROM p ORDER BY ord, path`,
      )
    ).rows,
    // 所属门店 offers the caller's own shops (app_in_scope, migration 350): every shop to head office.
    shops: (await tx.query(`SELECT shop_id AS value, shop_name AS label FROM shop_base WHERE app_in_scope(shop_id) ORDER BY shop_id`)).rows,
    users: (await tx.query(`SELECT id AS value, coalesce(nullif(name, ''), user_name) || '（' || user_name || '）' AS label FROM sys_user WHERE status = 1 ORDER BY id`)).rows,
  };
}

export async function userLimits(tx: Queryable, userId: number) {
  if (!(await tx.query(`SELECT 1 FROM sys_user WHERE id = $1`, [userId])).rows.length) throw new ApiError('NOT_FOUND', '用户不存在');
  return (await tx.query(`${LIMITS_SELECT} ORDER BY t."subjectId"`, [userId])).rows;
}

/** A user's own limits; a subject sent with timeLimit null goes back to the tenant's limit. */
export async function setUserLimits(tx: Queryable, userId: number, limits: { subjectId: number; timeLimit: number | null }[]): Promise<void> {
  if (!(await tx.query(`SELECT 1 FROM sys_user WHERE id = $1 FOR UPDATE`, [userId])).rows.length) throw new ApiError('NOT_FOUND', '用户不存在');
  for (const l of limits) {
    if (l.timeLimit === null) await tx.query(`DELETE FROM sys_user_search_time_limit WHERE user_id = $1 AND subject_id = $2`, [userId, l.subjectId]);
    else
      await tx.query(
        `INSERT INTO sys_user_search_time_limit (tenant_id, user_id, subject_id, time_limit) VALUES (app_current_tenant(), $1, $2, $3)
         ON CONFLICT (tenant_id, user_id, subject_id) DO UPDATE SET time_limit = EXCLUDED.time_limit`,
        [userId, l.subjectId, l.timeLimit],
      );
  }
}
