import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok, pageParamsSchema, pageSchema } from '../http/envelope.ts';
import { idField, MAX_LENGTH, nullableIdField, passwordField, phoneField, plainText, urlField } from '../http/fields.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserTokens } from '../auth/tokens.ts';
import { clearAttempts, failedAttempt, LOCK_MINUTES, LOCK_THRESHOLD, reserveAttempt } from '../auth/login.ts';
import {
  addUser, currentUserInfo, editUser, type NewUser, passwordHashOf, resetPasswordHash, setPasswordHash, setUserLimits, unlockUser, updateProfile,
  userConflict, type UserEdit, userFormOptions, userLimits, userPage, userRow, usersByNo,
} from './userQueries.ts';

/** 用户管理 and the personal centre (wxy-system-server): the routes; the SQL is userQueries.ts's. */

/** A user's 查询时间限制 per subject: their own limit (own) where set, else the tenant's, with the tenant's dates. */
const userLimitSchema = {
  type: 'object',
  required: ['subjectId', 'timeLimit', 'own', 'beginTime', 'endTime'],
  properties: {
    subjectId: { type: 'integer' },
    timeLimit: { type: ['integer', 'null'] },
    own: { type: 'boolean' },
    beginTime: { type: ['string', 'null'] },
    endTime: { type: ['string', 'null'] },
  },
};

const userInfoSchema = {
  type: 'object',
  required: [
    'id', 'userId', 'userNo', 'userName', 'name', 'phone', 'headPortrait', 'roles', 'roleNames', 'menuVOList', 'searchTimeLimitList', 'fieldPermissionNames', 'totalMessage',
  ],
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
    searchTimeLimitList: { type: 'array', items: userLimitSchema },
    fieldPermissionNames: { type: 'array', items: { type: 'string' } },
    totalMessage: { type: 'integer' },
  },
};

const userRowSchema = {
  type: 'object',
  required: ['id', 'userNo', 'userName', 'name', 'phone', 'roles', 'roleIds', 'deptId', 'deptName', 'shopIds', 'shopNames', 'status', 'locked'],
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

const option = (extra: Record<string, object> = {}) => ({
  type: 'object',
  required: ['value', 'label', ...Object.keys(extra)],
  properties: { value: { type: 'integer' }, label: { type: 'string' }, ...extra },
});

/** What the user form offers (userFormOptions): roles (with their code), departments by their path, the caller's shops, enabled users. */
const userOptionsSchema = {
  type: 'object',
  required: ['roles', 'departments', 'shops', 'users'],
  properties: {
    roles: { type: 'array', items: option({ code: { type: 'string' } }) },
    departments: { type: 'array', items: option() },
    shops: { type: 'array', items: option() },
    users: { type: 'array', items: option() },
  },
};

const userLinkProperties = {
  roleIds: { type: 'array', title: '角色', maxItems: 50, uniqueItems: true, items: idField('角色') },
  deptId: nullableIdField('部门'),
  shopIds: { type: 'array', title: '所属门店', maxItems: 2000, uniqueItems: true, items: idField('门店') },
} as const;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, title: '用户ID' } } } as const;

export const userRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const { db } = services;

  app.get('/user/permissions', { config: { anyUser: true }, schema: { tags: ['system'], summary: '当前用户信息、菜单与权限', response: { 200: envelopeSchema(userInfoSchema) } } }, async (req) => {
    const auth = req.auth!;
    return ok(await req.tenantTx((tx) => currentUserInfo(tx, auth)));
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
      const hashNow = await req.tenantTx((tx) => passwordHashOf(tx, auth.userId));
      if (!hashNow) throw new ApiError('NOT_FOUND', '用户不存在');
      const attempt = await req.tenantTx((tx) => reserveAttempt(tx, auth.userId));
      if (attempt instanceof ApiError) throw attempt;
      if (!(await verifyPassword(oldPassword, hashNow))) {
        const locked = await req.tenantTx((tx) => failedAttempt(tx, auth.userId, attempt));
        throw locked.code === 4013 ? locked : new ApiError('BAD_REQUEST', `原密码不正确，再错${LOCK_THRESHOLD - attempt}次账户将被锁定${LOCK_MINUTES}分钟`);
      }
      await req.tenantTx((tx) => clearAttempts(tx, auth.userId));
      if (oldPassword === newPassword) throw new ApiError('BAD_REQUEST', '新密码不能与原密码相同');
      const hash = await hashPassword(newPassword);
      await req.tenantTx((tx) => setPasswordHash(tx, auth.userId, hash));
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
      await req.tenantTx((tx) => updateProfile(tx, auth.userId, name, req.body.headPortrait ?? null));
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
    async (req) => ok(await req.tenantTx((tx) => usersByNo(tx, req.body.userNos))),
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
      return ok(await req.tenantTx((tx) => userPage(tx, req.query.keyword, pageNum, pageSize)));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/user/info/:id',
    { config: { perm: 'system:user:list' }, schema: { tags: ['system'], summary: '用户详情', params: idParams, response: { 200: envelopeSchema(userRowSchema) } } },
    async (req) => {
      const row = await req.tenantTx((tx) => userRow(tx, req.params.id));
      if (!row) throw new ApiError('NOT_FOUND', '用户不存在');
      return ok(row);
    },
  );

  app.post<{ Body: NewUser & { password: string } }>(
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
      const id = await req.tenantTx((tx) => addUser(tx, b, hash)).catch(userConflict);
      return ok({ id }, '新增成功');
    },
  );

  app.put<{ Params: { id: number }; Body: UserEdit }>(
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
      const { status } = req.body;
      if (id === auth.userId && status === 0) throw new ApiError('BAD_REQUEST', '不能停用当前登录的账户');
      const updated = await req.tenantTx((tx) => editUser(tx, id, req.body));
      if (!updated) throw new ApiError('NOT_FOUND', '用户不存在');
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
      const found = await req.tenantTx((tx) => resetPasswordHash(tx, req.params.id, hash));
      if (!found) throw new ApiError('NOT_FOUND', '用户不存在');
      // Everyone logged in as that user is logged out, the admin who reset their own password too but this session.
      await revokeUserTokens(db, auth.tenantId, req.params.id, 'password-reset', req.params.id === auth.userId ? auth.tokenHash : undefined);
      return ok(null, '密码已重置');
    },
  );

  // What the user form offers: roles, departments (by their path) and shops, each with its name.
  app.get(
    '/user/options',
    { config: { perm: 'system:user:list' }, schema: { tags: ['system'], summary: '用户表单的可选角色、部门与门店', response: { 200: envelopeSchema(userOptionsSchema) } } },
    async (req) => ok(await req.tenantTx(userFormOptions)),
  );

  app.get<{ Params: { id: number } }>(
    '/user/limit/:id',
    {
      config: { perm: 'system:user:editLimit' },
      schema: { tags: ['system'], summary: '用户的查询时间限制', params: idParams, response: { 200: envelopeSchema({ type: 'array', items: userLimitSchema }) } },
    },
    async (req) => {
      return ok(await req.tenantTx((tx) => userLimits(tx, req.params.id)));
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
      await req.tenantTx((tx) => setUserLimits(tx, req.params.id, req.body.limits));
      return ok(null, '保存成功');
    },
  );

  app.put<{ Params: { id: number } }>(
    '/user/unlock/:id',
    { config: { perm: 'system:user:unlock' }, schema: { tags: ['system'], summary: '解除账户锁定', params: idParams, response: { 200: envelopeSchema({ type: 'null' }) } } },
    async (req) => {
      const found = await req.tenantTx((tx) => unlockUser(tx, req.params.id));
      if (!found) throw new ApiError('NOT_FOUND', '用户不存在');
      return ok(null, '已解除锁定');
    },
  );
};
