import type { FastifyInstance } from 'fastify';
import { GROUP_UNITS, groupKindOf } from '../../core/descriptors/grouping.ts';
import type { DescriptorSet, ScreenDescriptor } from '../../core/descriptors/types.ts';
import type { Queryable } from '../db/index.ts';
import type { AuthContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { plainText } from '../http/fields.ts';
import { grantedMenuKeys } from '../permissions.ts';
import { clearDefaults, deleteView, insertView, nameTaken, shareableRole, shareableRoles, type ListViewRow, updateView, viewById, viewsOf } from './listViewQueries.ts';

/**
 * Saved views of a list (issue 31): a named set of filters, shown columns, sort, page size and group-by of one screen,
 * private to its owner or shared with one of the owner's roles (an administrator: any role); one of a user's views of a
 * screen may be the default the list opens with (a shared default serves the role's members who have none).
 * Only the owner changes or deletes a view; a view is kept only for a screen the caller may open, and names only
 * that screen's filters, columns and groupable fields.
 */
export interface ListViewState {
  filters: Record<string, unknown>;
  sorting: { id: string; desc: boolean }[];
  size: number;
  columns?: string[];
  group?: { field: string; unit?: (typeof GROUP_UNITS)[number] } | null;
}

interface ViewBody {
  screen: string;
  name: string;
  roleCode?: string | null;
  isDefault?: boolean;
  state: ListViewState;
}

const stateSchema = {
  type: 'object',
  title: '视图内容',
  required: ['filters', 'sorting', 'size'],
  additionalProperties: false,
  properties: {
    filters: { type: 'object', title: '筛选条件', maxProperties: 60, additionalProperties: true },
    sorting: { type: 'array', title: '排序', maxItems: 1, items: { type: 'object', required: ['id', 'desc'], additionalProperties: false, properties: { id: { type: 'string', title: '排序字段', maxLength: 64 }, desc: { type: 'boolean', title: '倒序' } } } },
    size: { type: 'integer', title: '每页条数', minimum: 1, maximum: 1000 },
    columns: { type: 'array', title: '显示字段', maxItems: 300, items: { type: 'string', title: '显示字段', maxLength: 64 } },
    group: { anyOf: [{ type: 'null' }, { type: 'object', required: ['field'], additionalProperties: false, properties: { field: { type: 'string', title: '分组字段', maxLength: 64 }, unit: { type: 'string', title: '日期分组单位', enum: [...GROUP_UNITS] } } }] },
  },
};

const viewSchema = {
  type: 'object',
  required: ['viewId', 'screen', 'name', 'mine', 'ownerName', 'isDefault', 'state'],
  properties: {
    viewId: { type: 'integer' }, screen: { type: 'string' }, name: { type: 'string' }, mine: { type: 'boolean', title: '是否本人的视图' },
    ownerName: { type: 'string', title: '创建人' }, roleCode: { type: ['string', 'null'], title: '共享角色编码' }, roleName: { type: ['string', 'null'], title: '共享角色' },
    isDefault: { type: 'boolean' }, state: { type: 'object', additionalProperties: true },
  },
};

const screenField = { type: 'string', title: '列表', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_\\-]+$', 'x-msg': '列表格式不正确' };
const bodyProperties = {
  name: plainText('视图名称', 32, 1),
  roleCode: { type: ['string', 'null'], title: '共享角色', maxLength: 48 },
  isDefault: { type: 'boolean', title: '默认视图' },
  state: stateSchema,
};

/** The names a view's state may use are the screen's own: its filters, columns, sortable and groupable fields. */
function checkState(set: DescriptorSet, screen: ScreenDescriptor, state: ListViewState): void {
  const resource = set.resources.get(screen.resource)!;
  const filters = new Set((screen.filters ?? []).map((f) => f.filter));
  for (const key of Object.keys(state.filters)) if (!filters.has(key)) throw new ApiError('BAD_REQUEST', `筛选条件“${key}”不属于此列表(state.filters)`);
  const columns = new Set(screen.columns.map((c) => c.field));
  for (const c of state.columns ?? []) if (!columns.has(c)) throw new ApiError('BAD_REQUEST', `显示字段“${c}”不属于此列表(state.columns)`);
  if (state.columns && !state.columns.length) throw new ApiError('BAD_REQUEST', '请至少选择一个显示字段(state.columns)');
  for (const s of state.sorting) if (!(resource.sortable ?? []).includes(s.id)) throw new ApiError('BAD_REQUEST', `不能按“${s.id}”排序(state.sorting)`);
  if (state.group && !(columns.has(state.group.field) && groupKindOf(resource, state.group.field))) throw new ApiError('BAD_REQUEST', `不能按“${state.group.field}”分组(state.group)`);
}

const answer = ({ roleId: _roleId, ...row }: ListViewRow, userId: number) => ({ ...row, mine: row.ownerId === userId });

export const listViewRoutes = (set: DescriptorSet) => async (app: FastifyInstance) => {
  const screens = new Map([...set.screens.values()].map((s) => [s.name, s]));
  /** The screen of that name, when the caller may open its page. */
  const openable = async (tx: Queryable, auth: AuthContext, name: string): Promise<ScreenDescriptor> => {
    const screen = screens.get(name);
    if (!screen) throw new ApiError('BAD_REQUEST', `列表“${name}”不存在(screen)`);
    if (screen.route && !(await grantedMenuKeys(tx, auth)).has(screen.route)) throw new ApiError('FORBIDDEN', '您无权访问该页面');
    return screen;
  };
  const roleOf = async (tx: Queryable, auth: AuthContext, code: string | null | undefined): Promise<number | null> => {
    if (!code) return null;
    const id = await shareableRole(tx, auth.userId, auth.isAdmin, code);
    if (!id) throw new ApiError('BAD_REQUEST', `只能共享给自己所属的角色(roleCode)`);
    return id;
  };
  const mineOr404 = async (tx: Queryable, auth: AuthContext, viewId: number): Promise<ListViewRow> => {
    const row = await viewById(tx, viewId);
    if (!row || (row.ownerId !== auth.userId && !(await viewsOf(tx, auth.userId, row.screen)).some((v) => v.viewId === viewId))) throw new ApiError('NOT_FOUND', '视图不存在');
    if (row.ownerId !== auth.userId) throw new ApiError('FORBIDDEN', '只能修改自己创建的视图');
    return row;
  };

  app.get<{ Querystring: { screen: string } }>(
    '/list-view/list',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'], summary: '一个列表的已保存视图：本人的与共享给本人角色的',
        querystring: { type: 'object', required: ['screen'], properties: { screen: screenField } },
        response: { 200: envelopeSchema({ type: 'array', items: viewSchema }) },
      } },
    async (req) => {
      const auth = req.auth!;
      const rows = await req.tenantTx(async (tx) => {
        await openable(tx, auth, req.query.screen);
        return viewsOf(tx, auth.userId, req.query.screen);
      });
      return ok(rows.map((r) => answer(r, auth.userId)));
    },
  );

  app.get(
    '/list-view/roles',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'], summary: '可共享视图的角色：本人所属的角色（管理员：全部角色）',
        response: { 200: envelopeSchema({ type: 'array', items: { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string' }, name: { type: 'string' } } } }) },
      } },
    async (req) => {
      const auth = req.auth!;
      return ok(await req.tenantTx((tx) => shareableRoles(tx, auth.userId, auth.isAdmin)));
    },
  );

  app.post<{ Body: ViewBody }>(
    '/list-view/add',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'], summary: '保存当前列表设置为视图（名称在本人的同一列表中唯一）',
        body: { type: 'object', required: ['screen', 'name', 'state'], additionalProperties: false, properties: { screen: screenField, ...bodyProperties } },
        response: { 200: envelopeSchema(viewSchema) },
      } },
    async (req) => {
      const auth = req.auth!;
      const b = req.body;
      const row = await req.tenantTx(async (tx) => {
        const screen = await openable(tx, auth, b.screen);
        checkState(set, screen, b.state);
        const name = b.name.trim();
        if (await nameTaken(tx, auth.userId, b.screen, name)) throw new ApiError('BAD_REQUEST', `视图名称“${name}”已存在(name)`);
        const roleId = await roleOf(tx, auth, b.roleCode);
        const viewId = await insertView(tx, { tenantId: auth.tenantId, screen: b.screen, name, ownerId: auth.userId, roleId, isDefault: b.isDefault === true, state: b.state });
        if (b.isDefault) await clearDefaults(tx, auth.userId, b.screen, viewId);
        return (await viewById(tx, viewId))!;
      });
      return ok(answer(row, auth.userId), '视图已保存');
    },
  );

  app.put<{ Params: { viewId: number }; Body: Partial<Omit<ViewBody, 'screen'>> }>(
    '/list-view/edit/:viewId',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'], summary: '修改本人的视图（名称、共享、默认、内容）',
        params: { type: 'object', required: ['viewId'], properties: { viewId: { type: 'integer', minimum: 1, maximum: 2147483647, title: '视图ID' } } },
        body: { type: 'object', additionalProperties: false, properties: bodyProperties },
        response: { 200: envelopeSchema(viewSchema) },
      } },
    async (req) => {
      const auth = req.auth!;
      const b = req.body;
      const row = await req.tenantTx(async (tx) => {
        const old = await mineOr404(tx, auth, req.params.viewId);
        const screen = await openable(tx, auth, old.screen);
        const state = (b.state ?? old.state) as ListViewState;
        if (b.state) checkState(set, screen, b.state);
        const name = b.name?.trim() ?? old.name;
        if (name !== old.name && (await nameTaken(tx, auth.userId, old.screen, name, old.viewId))) throw new ApiError('BAD_REQUEST', `视图名称“${name}”已存在(name)`);
        const roleId = b.roleCode === undefined ? old.roleId : await roleOf(tx, auth, b.roleCode);
        const isDefault = b.isDefault ?? old.isDefault;
        await updateView(tx, old.viewId, { name, roleId, isDefault, state });
        if (isDefault) await clearDefaults(tx, auth.userId, old.screen, old.viewId);
        return (await viewById(tx, old.viewId))!;
      });
      return ok(answer(row, auth.userId), '视图已保存');
    },
  );

  app.delete<{ Params: { viewId: number } }>(
    '/list-view/delete/:viewId',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'], summary: '删除本人的视图',
        params: { type: 'object', required: ['viewId'], properties: { viewId: { type: 'integer', minimum: 1, maximum: 2147483647, title: '视图ID' } } },
      } },
    async (req) => {
      const auth = req.auth!;
      await req.tenantTx(async (tx) => deleteView(tx, (await mineOr404(tx, auth, req.params.viewId)).viewId));
      return ok(null, '视图已删除');
    },
  );
};
