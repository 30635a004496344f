import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { idField, plainText } from '../http/fields.ts';
import { FIELD_PERMISSION_NAMES } from '../permissions.ts';
import { ADMIN_CODE, addRole, deleteRole, editRole, menuNodes, type RoleBody, roleConflict, roleInfo, roleList } from './roleQueries.ts';

/**
 * 角色管理 (wxy-system-server role): a role grants menu nodes (pages and their buttons) and field permissions
 * (进价总金额, 成本总金额, 零售价, 供应商, 毛利率). The server's permission checks read these rows on every call
 * (permissions.ts), so a change applies at the next click of everyone holding the role. The admin role sees
 * everything by its code and is not edited here. The handlers validate and call roleQueries.ts.
 */
export const ROLE_PERMS = { list: 'system:role:list', edit: 'system:role:edit', remove: 'system:role:delete' };

const roleBody = {
  type: 'object',
  required: ['name', 'code', 'menuIds', 'fieldPermissionNames'],
  properties: {
    name: plainText('角色名称', 48, 1),
    code: { type: 'string', title: '角色编码', minLength: 1, maxLength: 48, pattern: '^[A-Za-z][A-Za-z0-9_]*$', 'x-msg': '角色编码只能包含字母、数字和下划线，且以字母开头' },
    remark: plainText('备注', 200),
    menuIds: { type: 'array', title: '菜单权限', maxItems: 5000, uniqueItems: true, items: idField('菜单') },
    fieldPermissionNames: { type: 'array', title: '字段权限', uniqueItems: true, items: { type: 'string', title: '字段权限', enum: [...FIELD_PERMISSION_NAMES] } },
    allShops: { type: 'boolean', title: '数据范围：全部门店' },
  },
} as const;

const roleIdParams = { type: 'object', required: ['roleId'], properties: { roleId: idField('角色ID') } } as const;
const names = { type: 'array', items: { type: 'string', enum: [...FIELD_PERMISSION_NAMES] } } as const;

/** A row of 角色管理 (every key it answers: a response schema drops what it does not list). */
const roleRowSchema = {
  type: 'object',
  required: ['roleId', 'code', 'name', 'remark', 'createTime', 'isAdmin', 'userCount', 'pageCount', 'buttonCount', 'fieldPermissionNames', 'allShops'],
  properties: {
    roleId: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' }, remark: { type: ['string', 'null'] }, createTime: { type: 'string' },
    isAdmin: { type: 'boolean' }, userCount: { type: 'integer' }, pageCount: { type: 'integer', title: '页面数' }, buttonCount: { type: 'integer', title: '按钮数' },
    fieldPermissionNames: names, allShops: { type: 'boolean', title: '数据范围：全部门店（管理员总是）' },
  },
} as const;

const roleDetailSchema = {
  type: 'object',
  required: ['roleId', 'code', 'name', 'remark', 'isAdmin', 'allShops', 'menuIds', 'fieldPermissionNames'],
  properties: {
    roleId: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' }, remark: { type: ['string', 'null'] }, isAdmin: { type: 'boolean' },
    allShops: { type: 'boolean' }, menuIds: { type: 'array', items: { type: 'integer' } }, fieldPermissionNames: names,
  },
} as const;

/** A node of the grantable menu tree (pages and their buttons), its children nested. */
const roleMenuNodeSchema = {
  $id: 'RoleMenuNode',
  type: 'object',
  required: ['id', 'parentId', 'name', 'menuType', 'perms', 'sort', 'children'],
  properties: {
    id: { type: 'integer' }, parentId: { type: 'integer' }, name: { type: 'string' }, menuType: { type: 'integer', title: '0 目录 1 页面 2 按钮' },
    perms: { type: ['string', 'null'] }, sort: { type: 'integer' }, children: { type: 'array', items: { $ref: 'RoleMenuNode#' } },
  },
} as const;

export const roleRoutes = async (app: FastifyInstance) => {
  app.addSchema(roleMenuNodeSchema);
  app.get(
    '/role/list',
    { config: { perm: ROLE_PERMS.list }, schema: { tags: ['system'], summary: '角色列表', response: { 200: envelopeSchema({ type: 'array', items: roleRowSchema }) } } },
    async (req) => ok(await req.tenantTx(roleList)),
  );

  // The whole menu tree with buttons, for the role's checkboxes.
  app.get(
    '/role/menu-tree',
    { config: { perm: ROLE_PERMS.list }, schema: { tags: ['system'], summary: '可分配的菜单与按钮', response: { 200: envelopeSchema({ type: 'array', items: { $ref: 'RoleMenuNode#' } }) } } },
    async (req) => {
      const rows = await req.tenantTx(menuNodes);
      type Node = (typeof rows)[number] & { children: Node[] };
      const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
      const roots: Node[] = [];
      for (const n of byId.values()) (byId.get(n.parentId)?.children ?? roots).push(n);
      return ok(roots);
    },
  );

  app.get<{ Params: { roleId: number } }>(
    '/role/info/:roleId',
    { config: { perm: ROLE_PERMS.list }, schema: { tags: ['system'], summary: '角色详情（菜单与字段权限）', params: roleIdParams, response: { 200: envelopeSchema(roleDetailSchema) } } },
    async (req) => {
      const role = await req.tenantTx((tx) => roleInfo(tx, req.params.roleId));
      if (!role) throw new ApiError('NOT_FOUND', '角色不存在');
      return ok(role);
    },
  );

  app.post<{ Body: RoleBody }>(
    '/role/add',
    { config: { perm: ROLE_PERMS.edit }, schema: { tags: ['system'], summary: '新增角色', body: roleBody, response: { 200: envelopeSchema({ type: 'object', properties: { roleId: { type: 'integer' } } }) } } },
    async (req) => {
      const b = req.body;
      if (b.code === ADMIN_CODE) throw new ApiError('BAD_REQUEST', '角色编码 admin 为系统保留');
      const roleId = await req.tenantTx((tx) => addRole(tx, b)).catch(roleConflict);
      return ok({ roleId }, '新增成功');
    },
  );

  app.put<{ Params: { roleId: number }; Body: RoleBody }>(
    '/role/edit/:roleId',
    { config: { perm: ROLE_PERMS.edit }, schema: { tags: ['system'], summary: '编辑角色（名称、菜单、字段权限、数据范围）', params: roleIdParams, body: roleBody, response: { 200: envelopeSchema({ type: 'null' }) } } },
    async (req) => {
      const b = req.body;
      await req.tenantTx((tx) => editRole(tx, req.params.roleId, b)).catch(roleConflict);
      return ok(null, '保存成功');
    },
  );

  app.delete<{ Params: { roleId: number } }>(
    '/role/delete/:roleId',
    { config: { perm: ROLE_PERMS.remove }, schema: { tags: ['system'], summary: '删除角色', params: roleIdParams, response: { 200: envelopeSchema({ type: 'null' }) } } },
    async (req) => {
      await req.tenantTx((tx) => deleteRole(tx, req.params.roleId));
      return ok(null, '删除成功');
    },
  );
};
