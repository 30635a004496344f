import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok, offsetOf, pageParamsSchema, pageSchema } from '../http/envelope.ts';
import { MAX_LENGTH, passwordField, phoneField, plainText, urlField } from '../http/fields.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserTokens } from '../auth/tokens.ts';
import { clearAttempts, failedAttempt, LOCK_MINUTES, LOCK_THRESHOLD, reserveAttempt } from '../auth/login.ts';
import { fieldPermissionNames } from '../permissions.ts';
import { menuTreeFor } from './menus.ts';
import { unreadCount } from '../messages/messageService.ts';

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
    status: { type: 'integer' },
    locked: { type: 'boolean' },
  },
};

/** One row of the admin user list (userRowSchema), shared by the list and the detail. */
const USER_ROW_SELECT = `SELECT u.id, u.user_no AS "userNo", u.user_name AS "userName", u.name, u.phone, u.status,
       coalesce(u.locked_until > now(), false) AS locked,
       array(SELECT r.name FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.name) AS roles
  FROM sys_user u`;

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
          `SELECT subject_id AS "subjectId", time_limit AS "timeLimit", to_char(begin_time, 'YYYY-MM-DD') AS "beginTime",
                  to_char(end_time, 'YYYY-MM-DD') AS "endTime" FROM sys_search_time_limit ORDER BY subject_id`,
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

  app.put<{ Params: { id: number }; Body: { name: string; phone?: string; status: number } }>(
    '/user/edit/:id',
    {
      config: { perm: 'system:user:edit' },
      schema: {
        tags: ['system'],
        summary: '编辑用户（姓名、手机、状态）',
        params: idParams,
        body: {
          type: 'object',
          required: ['name', 'status'],
          properties: { name: plainText('姓名', MAX_LENGTH.name, 1), phone: phoneField(), status: { type: 'integer', title: '状态', enum: [0, 1] } },
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
        return tx.query(`UPDATE sys_user SET name = $2, phone = nullif($3, ''), status = $4 WHERE id = $1`, [id, name.trim(), phone ?? '', status]);
      });
      if (!updated.rowCount) throw new ApiError('NOT_FOUND', '用户不存在');
      if (status === 0) await revokeUserTokens(db, auth.tenantId, id, 'disabled');
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
