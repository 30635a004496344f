import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok, offsetOf, pageParamsSchema, pageSchema } from '../http/envelope.ts';
import { MAX_LENGTH, passwordField, phoneField, plainText, urlField } from '../http/fields.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserTokens } from '../auth/tokens.ts';
import { clearAttempts, failedAttempt, LOCK_MINUTES, LOCK_THRESHOLD, reserveAttempt } from '../auth/login.ts';
import { fieldPermissionNames } from '../permissions.ts';
import { menuTreeFor } from './menus.ts';
import { unreadCount } from '../messages/messageService.ts';
import { uniqueViolation } from '../resources/dbErrors.ts';

const userInfoSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userId: { type: 'integer' },
    userNo: { type: 'string' },
    userName: { type: 'string' },
    name: { type: 'string' },
    phone: { type: ['string', 'null'] },
    headPortrait: { type: ['string', 'null'] },
    roles: { type: 'array', items: { type: 'string' } },
    /** The roles' names (系统管理员, 店长) where people read them; roles are their codes. */
    roleNames: { type: 'array', items: { type: 'string' } },
    menuVOList: { type: 'array', items: { type: 'object', additionalProperties: true } },
    searchTimeLimitList: { type: 'array', items: { type: 'object', additionalProperties: true } },
    fieldPermissionNames: { type: 'array', items: { type: 'string' } },
    totalMessage: { type: 'integer' },
  },
};

const userRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userNo: { type: 'string' },
    userName: { type: 'string' },
    name: { type: 'string' },
    phone: { type: ['string', 'null'] },
    roles: { type: 'array', items: { type: 'string' } },
    roleIds: { type: 'array', items: { type: 'integer' } },
    deptId: { type: ['integer', 'null'] },
    deptName: { type: ['string', 'null'] },
    shopIds: { type: 'array', items: { type: 'integer' } },
    shopNames: { type: 'array', items: { type: 'string' } },
    status: { type: 'integer' },
    locked: { type: 'boolean' },
  },
};

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
interface UserLinks {
  roleIds?: number[];
  deptId?: number | null;
  shopIds?: number[];
}

const userLinkProperties = {
  roleIds: { type: 'array', title: '角色', maxItems: 50, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 2147483647, title: '角色' } },
  deptId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, title: '部门' },
  shopIds: { type: 'array', title: '所属门店', maxItems: 2000, uniqueItems: true, items: { type: 'integer', minimum: 1, maximum: 2147483647, title: '门店' } },
} as const;

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

const userConflict = (err: unknown): never =>
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

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, title: '用户ID' } } } as const;

export const userRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const { db } = services;

  app.get('/user/permissions', { config: { anyUser: true }, schema: { tags: ['system'], summary: '当前用户信息、菜单与权限', response: { 200: envelopeSchema(userInfoSchema) } } }, async (req) => {
    const auth = req.auth!;
    return ok(
      await req.tenantTx(async (tx) => {
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
      }),
    );
  });

  app.put<{ Body: { oldPassword: string; newPassword: string } }>(
    '/user/password',
    { config: { anyUser: true },
      schema: {
        tags: ['system'],
        summary: '修改密码（作废该用户的其他登录）',
        body: {
          type: 'object',
          required: ['oldPassword', 'newPassword'],
          properties: { oldPassword: passwordField('原密码'), newPassword: { ...passwordField('新密码'), minLength: 6 } },
        },
        response: { 200: envelopeSchema({ type: 'null' }) },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const { oldPassword, newPassword } = req.body;
      // The old password is guessed under the login's lock-out: an attempt is taken before it is checked.
      const row = await req.tenantTx(async (tx) => (await tx.query<{ password_hash: string }>(`SELECT password_hash FROM sys_user WHERE id = $1`, [auth.userId])).rows[0]);
      if (!row) throw new ApiError('NOT_FOUND', '用户不存在');
      const attempt = await req.tenantTx((tx) => reserveAttempt(tx, auth.userId));
      if (attempt instanceof ApiError) throw attempt;
      if (!(await verifyPassword(oldPassword, row.password_hash))) {
        const locked = await req.tenantTx((tx) => failedAttempt(tx, auth.userId, attempt));
        throw locked.code === 4013 ? locked : new ApiError('BAD_REQUEST', `原密码不正确，再错${LOCK_THRESHOLD - attempt}次账户将被锁定${LOCK_MINUTES}分钟`);
      }
      await req.tenantTx((tx) => clearAttempts(tx, auth.userId));
      if (oldPassword === newPassword) throw new ApiError('BAD_REQUEST', '新密码不能与原密码相同');
      const hash = await hashPassword(newPassword);
      await req.tenantTx((tx) => tx.query(`UPDATE sys_user SET password_hash = $2 WHERE id = $1`, [auth.userId, hash]));
      await revokeUserTokens(db, auth.tenantId, auth.userId, 'password-changed', auth.tokenHash);
      return ok(null, '密码修改成功');
    },
  );

  app.put<{ Body: { name: string; headPortrait?: string } }>(
    '/user/profile',
    { config: { anyUser: true },
      schema: {
        tags: ['system'],
        summary: '修改个人资料（姓名、头像）',
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: plainText('姓名', MAX_LENGTH.name, 1), headPortrait: urlField('头像') },
        },
        response: { 200: envelopeSchema({ type: 'null' }) },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const name = req.body.name.trim();
      if (!name) throw new ApiError('BAD_REQUEST', '姓名不能为空');
      await req.tenantTx((tx) =>
        tx.query(`UPDATE sys_user SET name = $2, head_portrait = coalesce($3, head_portrait) WHERE id = $1`, [auth.userId, name, req.body.headPortrait ?? null]),
      );
      return ok(null, '保存成功');
    },
  );

  app.post<{ Body: { userNos: string[] } }>(
    '/user/batch/user-no',
    { config: { anyUser: true },
      schema: {
        tags: ['system'],
        summary: '按工号批量查询用户',
        body: {
          type: 'object',
          required: ['userNos'],
          properties: { userNos: { type: 'array', title: '工号列表', maxItems: 1000, items: { type: 'string', title: '工号', maxLength: MAX_LENGTH.default } } },
        },
      },
    },
    async (req) =>
      ok(
        (
          await req.tenantTx((tx) =>
            tx.query(`SELECT id AS "userId", user_no AS "userNo", user_name AS "userName", name FROM sys_user WHERE user_no = ANY($1::text[]) ORDER BY user_no`, [
              req.body.userNos,
            ]),
          )
        ).rows,
      ),
  );

  app.get<{ Params: { pageNum: number; pageSize: number }; Querystring: { keyword?: string } }>(
    '/user/findPage/:pageNum/:pageSize',
    {
      config: { perm: 'system:user:list' },
      schema: {
        tags: ['system'],
        summary: '用户列表（分页）',
        params: pageParamsSchema,
        querystring: { type: 'object', properties: { keyword: plainText('关键字', MAX_LENGTH.input) } },
        response: { 200: envelopeSchema(pageSchema(userRowSchema)) },
      },
    },
    async (req) => {
      const { pageNum, pageSize } = req.params;
      const kw = req.query.keyword?.trim() ? `%${req.query.keyword.trim()}%` : null;
      return ok(
        await req.tenantTx(async (tx) => {
          const where = `WHERE ($1::text IS NULL OR u.user_name ILIKE $1 OR u.name ILIKE $1 OR u.phone ILIKE $1 OR u.user_no ILIKE $1)`;
          const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_user u ${where}`, [kw])).rows[0].n;
          const records = (
            await tx.query(
              `${USER_ROW_SELECT} ${where} ORDER BY u.id LIMIT $2 OFFSET $3`,
              [kw, pageSize, offsetOf(pageNum, pageSize)],
            )
          ).rows;
          return { records, total };
        }),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/user/info/:id',
    { config: { perm: 'system:user:list' }, schema: { tags: ['system'], summary: '用户详情', params: idParams, response: { 200: envelopeSchema(userRowSchema) } } },
    async (req) => {
      const row = await req.tenantTx(async (tx) =>
        (
          await tx.query(
            `${USER_ROW_SELECT} WHERE u.id = $1`,
            [req.params.id],
          )
        ).rows[0],
      );
      if (!row) throw new ApiError('NOT_FOUND', '用户不存在');
      return ok(row);
    },
  );

  app.post<{ Body: UserLinks & { userNo: string; userName: string; name: string; phone?: string; password: string; status?: number } }>(
    '/user/add',
    {
      config: { perm: 'system:user:add' },
      schema: {
        tags: ['system'],
        summary: '新增用户（角色、部门、门店）',
        body: {
          type: 'object',
          required: ['userNo', 'userName', 'name', 'password', 'roleIds'],
          properties: {
            userNo: { type: 'string', title: '工号', minLength: 1, maxLength: MAX_LENGTH.default, pattern: '^[A-Za-z0-9_-]+$', 'x-msg': '工号只能包含字母、数字、下划线和横线' },
            userName: { type: 'string', title: '登录账号', minLength: 2, maxLength: MAX_LENGTH.default, pattern: '^[A-Za-z0-9_.@-]+$', 'x-msg': '登录账号只能包含字母、数字和 _ . @ -' },
            name: plainText('姓名', MAX_LENGTH.name, 1),
            phone: phoneField(),
            password: { ...passwordField('初始密码'), minLength: 6 },
            status: { type: 'integer', title: '状态', enum: [0, 1] },
            ...userLinkProperties,
          },
        },
        response: { 200: envelopeSchema({ type: 'object', properties: { id: { type: 'integer' } } }) },
      },
    },
    async (req) => {
      const b = req.body;
      const hash = await hashPassword(b.password);
      const id = await req
        .tenantTx(async (tx) => {
          if (b.phone) {
            const clash = await tx.query(`SELECT 1 FROM sys_user WHERE phone = $1`, [b.phone]);
            if (clash.rows.length) throw new ApiError('CONFLICT', '手机号码已被其他用户使用');
          }
          const r = await tx.query<{ id: number }>(
            `INSERT INTO sys_user (tenant_id, user_no, user_name, name, phone, password_hash, status) VALUES (app_current_tenant(), $1, $2, $3, nullif($4, ''), $5, $6) RETURNING id`,
            [b.userNo, b.userName, b.name.trim(), b.phone ?? '', hash, b.status ?? 1],
          );
          await writeUserLinks(tx, r.rows[0].id, b);
          return r.rows[0].id;
        })
        .catch(userConflict);
      return ok({ id }, '新增成功');
    },
  );

  app.put<{ Params: { id: number }; Body: UserLinks & { name: string; phone?: string; status: number } }>(
    '/user/edit/:id',
    {
      config: { perm: 'system:user:edit' },
      schema: {
        tags: ['system'],
        summary: '编辑用户（姓名、手机、状态；给出时：角色、部门、门店）',
        params: idParams,
        body: {
          type: 'object',
          required: ['name', 'status'],
          properties: { name: plainText('姓名', MAX_LENGTH.name, 1), phone: phoneField(), status: { type: 'integer', title: '状态', enum: [0, 1] }, ...userLinkProperties },
        },
        response: { 200: envelopeSchema({ type: 'null' }) },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const { id } = req.params;
      const { name, phone, status } = req.body;
      if (id === auth.userId && status === 0) throw new ApiError('BAD_REQUEST', '不能停用当前登录的账户');
      const updated = await req.tenantTx(async (tx) => {
        if (phone) {
          const clash = await tx.query(`SELECT 1 FROM sys_user WHERE phone = $1 AND id <> $2`, [phone, id]);
          if (clash.rows.length) throw new ApiError('CONFLICT', '手机号码已被其他用户使用');
        }
        const r = await tx.query(`UPDATE sys_user SET name = $2, phone = nullif($3, ''), status = $4 WHERE id = $1`, [id, name.trim(), phone ?? '', status]);
        if (r.rowCount) {
          await writeUserLinks(tx, id, req.body);
          await keepAnAdmin(tx);
        }
        return r;
      });
      if (!updated.rowCount) throw new ApiError('NOT_FOUND', '用户不存在');
      if (status === 0) await revokeUserTokens(db, auth.tenantId, id, 'disabled');
      return ok(null, '保存成功');
    },
  );

  app.put<{ Params: { id: number }; Body: { password: string } }>(
    '/user/reset-password/:id',
    {
      config: { perm: 'system:user:resetPwd' },
      schema: {
        tags: ['system'],
        summary: '重置密码（作废该用户的全部登录，并解除锁定）',
        params: idParams,
        body: { type: 'object', required: ['password'], properties: { password: { ...passwordField('新密码'), minLength: 6 } } },
        response: { 200: envelopeSchema({ type: 'null' }) },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const hash = await hashPassword(req.body.password);
      const r = await req.tenantTx((tx) =>
        tx.query(`UPDATE sys_user SET password_hash = $2, locked_until = NULL, fail_count = 0, fail_window_start = NULL WHERE id = $1`, [req.params.id, hash]),
      );
      if (!r.rowCount) throw new ApiError('NOT_FOUND', '用户不存在');
      // Everyone logged in as that user is logged out, the admin who reset their own password too but this session.
      await revokeUserTokens(db, auth.tenantId, req.params.id, 'password-reset', req.params.id === auth.userId ? auth.tokenHash : undefined);
      return ok(null, '密码已重置');
    },
  );

  // What the user form offers: roles, departments (by their path) and shops, each with its name.
  app.get(
    '/user/options',
    { config: { perm: 'system:user:list' }, schema: { tags: ['system'], summary: '用户表单的可选角色、部门与门店', response: { 200: envelopeSchema({ type: 'object', additionalProperties: true }) } } },
    async (req) =>
      ok(
        await req.tenantTx(async (tx) => ({
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
        })),
      ),
  );

  app.get<{ Params: { id: number } }>(
    '/user/limit/:id',
    {
      config: { perm: 'system:user:editLimit' },
      schema: { tags: ['system'], summary: '用户的查询时间限制', params: idParams, response: { 200: envelopeSchema({ type: 'array', items: { type: 'object', additionalProperties: true } }) } },
    },
    async (req) => {
      const rows = await req.tenantTx(async (tx) => {
        if (!(await tx.query(`SELECT 1 FROM sys_user WHERE id = $1`, [req.params.id])).rows.length) throw new ApiError('NOT_FOUND', '用户不存在');
        return (await tx.query(`${LIMITS_SELECT} ORDER BY t."subjectId"`, [req.params.id])).rows;
      });
      return ok(rows);
    },
  );

  // editLimit: a user's own limits; a subject sent with timeLimit null goes back to the tenant's limit.
  app.put<{ Params: { id: number }; Body: { limits: { subjectId: number; timeLimit: number | null }[] } }>(
    '/user/editLimit/:id',
    {
      config: { perm: 'system:user:editLimit' },
      schema: {
        tags: ['system'],
        summary: '设置用户的查询时间限制',
        params: idParams,
        body: {
          type: 'object',
          required: ['limits'],
          properties: {
            limits: {
              type: 'array', title: '查询时间限制', maxItems: 7,
              items: {
                type: 'object', required: ['subjectId', 'timeLimit'],
                properties: { subjectId: { type: 'integer', title: '查询科目', minimum: 1, maximum: 7 }, timeLimit: { type: ['integer', 'null'], title: '时间限制', minimum: 0, maximum: 120 } },
              },
            },
          },
        },
        response: { 200: envelopeSchema({ type: 'null' }) },
      },
    },
    async (req) => {
      const subjects = req.body.limits.map((l) => l.subjectId);
      if (new Set(subjects).size !== subjects.length) throw new ApiError('BAD_REQUEST', '查询科目重复');
      await req.tenantTx(async (tx) => {
        if (!(await tx.query(`SELECT 1 FROM sys_user WHERE id = $1 FOR UPDATE`, [req.params.id])).rows.length) throw new ApiError('NOT_FOUND', '用户不存在');
        for (const l of req.body.limits) {
          if (l.timeLimit === null) await tx.query(`DELETE FROM sys_user_search_time_limit WHERE user_id = $1 AND subject_id = $2`, [req.params.id, l.subjectId]);
          else
            await tx.query(
              `INSERT INTO sys_user_search_time_limit (tenant_id, user_id, subject_id, time_limit) VALUES (app_current_tenant(), $1, $2, $3)
               ON CONFLICT (tenant_id, user_id, subject_id) DO UPDATE SET time_limit = EXCLUDED.time_limit`,
              [req.params.id, l.subjectId, l.timeLimit],
            );
        }
      });
      return ok(null, '保存成功');
    },
  );

  app.put<{ Params: { id: number } }>(
    '/user/unlock/:id',
    { config: { perm: 'system:user:unlock' }, schema: { tags: ['system'], summary: '解除账户锁定', params: idParams, response: { 200: envelopeSchema({ type: 'null' }) } } },
    async (req) => {
      const r = await req.tenantTx((tx) =>
        tx.query(`UPDATE sys_user SET locked_until = NULL, fail_count = 0, fail_window_start = NULL WHERE id = $1`, [req.params.id]),
      );
      if (!r.rowCount) throw new ApiError('NOT_FOUND', '用户不存在');
      return ok(null, '已解除锁定');
    },
  );
};
