import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { idField, plainText } from '../http/fields.ts';
import { FIELD_PERMISSION_NAMES } from '../permissions.ts';
import { uniqueViolation } from '../resources/dbErrors.ts';

/**
 * 角色管理 (wxy-system-server role): a role grants menu nodes (pages and their buttons) and field permissions
 * (进价总金额, 成本总金额, 零售价, 供应商, 毛利率). The server's permission checks read these rows on every call
 * (permissions.ts), so a change applies at the next click of everyone holding the role. The admin role sees
 * everything by its code and is not edited here.
 */
export const ROLE_PERMS = { list: 'system:role:list', edit: 'system:role:edit', remove: 'system:role:delete' };
const ADMIN_CODE = 'admin';

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

interface RoleBody {
  name: string;
  code: string;
  remark?: string;
  menuIds: number[];
  fieldPermissionNames: string[];
  /** 数据范围 全部门店 (head office): its holders reach every shop; otherwise only their own (migration 350). */
  allShops?: boolean;
}

const roleIdParams = { type: 'object', required: ['roleId'], properties: { roleId: idField('角色ID') } } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;

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

const conflict = (err: unknown): never => uniqueViolation(err, () => '角色编码已存在');

export const roleRoutes = async (app: FastifyInstance) => {
  app.get(
    '/role/list',
    { config: { perm: ROLE_PERMS.list }, schema: { tags: ['system'], summary: '角色列表', response: { 200: envelopeSchema({ type: 'array', items: anyObject }) } } },
    async (req) =>
      ok(
        (
          await req.tenantTx((tx) =>
            tx.query(
              `SELECT r.id AS "roleId", r.code, r.name, r.remark, to_char(r.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
                      r.code = '${ADMIN_CODE}' AS "isAdmin",
                      (SELECT count(*)::int FROM sys_user_role ur WHERE ur.role_id = r.id) AS "userCount",
                      (SELECT count(*)::int FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id WHERE rm.role_id = r.id AND m.menu_type = 1) AS "pageCount",
                      (SELECT count(*)::int FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id WHERE rm.role_id = r.id AND m.menu_type = 2) AS "buttonCount",
                      array(SELECT f.name FROM sys_role_field_permission f WHERE f.role_id = r.id ORDER BY f.name) AS "fieldPermissionNames",
                      r.code = '${ADMIN_CODE}' OR r.all_shops AS "allShops"
                 FROM sys_role r ORDER BY r.code = '${ADMIN_CODE}' DESC, r.id`,
            ),
          )
        ).rows,
      ),
  );

  // The whole menu tree with buttons, for the role's checkboxes.
  app.get(
    '/role/menu-tree',
    { config: { perm: ROLE_PERMS.list }, schema: { tags: ['system'], summary: '可分配的菜单与按钮', response: { 200: envelopeSchema({ type: 'array', items: anyObject }) } } },
    async (req) => {
      const rows = (
        await req.tenantTx((tx) =>
          tx.query<{ id: number; parentId: number; name: string; menuType: number; perms: string | null; sort: number }>(
            `SELECT id, parent_id AS "parentId", menu_name AS name, menu_type AS "menuType", perms, sort FROM sys_menu ORDER BY sort, id`,
          ),
        )
      ).rows;
      type Node = (typeof rows)[number] & { children: Node[] };
      const byId = new Map<number, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
      const roots: Node[] = [];
      for (const n of byId.values()) (byId.get(n.parentId)?.children ?? roots).push(n);
      return ok(roots);
    },
  );

  app.get<{ Params: { roleId: number } }>(
    '/role/info/:roleId',
    { config: { perm: ROLE_PERMS.list }, schema: { tags: ['system'], summary: '角色详情（菜单与字段权限）', params: roleIdParams, response: { 200: envelopeSchema(anyObject) } } },
    async (req) => {
      const role = await req.tenantTx(async (tx) => {
        const r = (await tx.query(`SELECT id AS "roleId", code, name, remark, code = '${ADMIN_CODE}' AS "isAdmin", code = '${ADMIN_CODE}' OR all_shops AS "allShops" FROM sys_role WHERE id = $1`, [req.params.roleId])).rows[0];
        if (!r) return null;
        const menus = await tx.query<{ id: number }>(`SELECT menu_id AS id FROM sys_role_menu WHERE role_id = $1 ORDER BY menu_id`, [req.params.roleId]);
        const fields = await tx.query<{ name: string }>(`SELECT name FROM sys_role_field_permission WHERE role_id = $1 ORDER BY name`, [req.params.roleId]);
        return { ...r, menuIds: menus.rows.map((m) => m.id), fieldPermissionNames: fields.rows.map((f) => f.name) };
      });
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
      const roleId = await req
        .tenantTx(async (tx) => {
          const r = await tx.query<{ id: number }>(`INSERT INTO sys_role (tenant_id, code, name, remark, all_shops) VALUES (app_current_tenant(), $1, $2, $3, $4) RETURNING id`, [
            b.code, b.name.trim(), b.remark?.trim() || null, b.allShops ?? false,
          ]);
          await writeGrants(tx, r.rows[0].id, b);
          return r.rows[0].id;
        })
        .catch(conflict);
      return ok({ roleId }, '新增成功');
    },
  );

  app.put<{ Params: { roleId: number }; Body: RoleBody }>(
    '/role/edit/:roleId',
    { config: { perm: ROLE_PERMS.edit }, schema: { tags: ['system'], summary: '编辑角色（名称、菜单、字段权限、数据范围）', params: roleIdParams, body: roleBody, response: { 200: envelopeSchema({ type: 'null' }) } } },
    async (req) => {
      const b = req.body;
      await req
        .tenantTx(async (tx) => {
          const r = (await tx.query<{ code: string }>(`SELECT code FROM sys_role WHERE id = $1 FOR UPDATE`, [req.params.roleId])).rows[0];
          if (!r) throw new ApiError('NOT_FOUND', '角色不存在');
          if (r.code === ADMIN_CODE) throw new ApiError('BAD_REQUEST', '管理员角色拥有全部权限，不能修改');
          if (b.code === ADMIN_CODE) throw new ApiError('BAD_REQUEST', '角色编码 admin 为系统保留');
          await tx.query(`UPDATE sys_role SET code = $2, name = $3, remark = $4, all_shops = coalesce($5, all_shops) WHERE id = $1`, [
            req.params.roleId, b.code, b.name.trim(), b.remark?.trim() || null, b.allShops ?? null,
          ]);
          await writeGrants(tx, req.params.roleId, b);
        })
        .catch(conflict);
      return ok(null, '保存成功');
    },
  );

  app.delete<{ Params: { roleId: number } }>(
    '/role/delete/:roleId',
    { config: { perm: ROLE_PERMS.remove }, schema: { tags: ['system'], summary: '删除角色', params: roleIdParams, response: { 200: envelopeSchema({ type: 'null' }) } } },
    async (req) => {
      await req.tenantTx(async (tx) => {
        const r = (await tx.query<{ code: string; name: string; users: number }>(
          `SELECT code, name, (SELECT count(*)::int FROM sys_user_role ur WHERE ur.role_id = r.id) AS users FROM sys_role r WHERE id = $1 FOR UPDATE`,
          [req.params.roleId],
        )).rows[0];
        if (!r) throw new ApiError('NOT_FOUND', '角色不存在');
        if (r.code === ADMIN_CODE) throw new ApiError('BAD_REQUEST', '管理员角色不能删除');
        if (r.users) throw new ApiError('CONFLICT', `角色「${r.name}」下还有 ${r.users} 名用户，请先取消他们的该角色`);
        await tx.query(`DELETE FROM sys_role WHERE id = $1`, [req.params.roleId]);
      });
      return ok(null, '删除成功');
    },
  );
};
