import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { idField, plainText } from '../http/fields.ts';
import { addDepartment, type DeptBody, deleteDepartment, departmentTree, deptRefusal, editDepartment, shopChainTree } from './departmentQueries.ts';

/**
 * 部门管理 (wxy-system-server sys-department): the organisation as a tree. A department has a head (负责人), the
 * approver of a process step assigned to "${deptHead}"; a shop's own department names its shop, so
 * batch-parent/tree/shop answers, for a batch of shops, the chain of departments above each (总部 › 华东大区 › 上海徐汇店).
 * The handlers validate and call departmentQueries.ts.
 */
export const DEPT_PERMS = { list: 'system:dept:list', edit: 'system:dept:edit', remove: 'system:dept:delete' };

const deptBody = {
  type: 'object',
  required: ['deptName'],
  properties: {
    deptName: plainText('部门名称', 48, 1),
    parentId: { ...idField('上级部门'), type: ['integer', 'null'] },
    leaderUserId: { ...idField('负责人'), type: ['integer', 'null'] },
    shopId: { ...idField('门店'), type: ['integer', 'null'] },
    sort: { type: 'integer', title: '排序', minimum: 0, maximum: 9999 },
  },
} as const;

/** A department of the tree with its sub-departments: a shared schema, so the answer's type can name itself. */
const deptNodeSchema = {
  $id: 'DeptNode',
  type: 'object',
  required: ['deptId', 'parentId', 'deptName', 'leaderUserId', 'leaderName', 'shopId', 'shopName', 'sort', 'userCount', 'children'],
  properties: {
    deptId: { type: 'integer' },
    parentId: { type: 'integer', nullable: true },
    deptName: { type: 'string' },
    leaderUserId: { type: 'integer', nullable: true },
    leaderName: { type: 'string', nullable: true },
    shopId: { type: 'integer', nullable: true },
    shopName: { type: 'string', nullable: true },
    sort: { type: 'integer' },
    userCount: { type: 'integer' },
    children: { type: 'array', items: { $ref: 'DeptNode#' } },
  },
} as const;
const nodeSchema = { $ref: 'DeptNode#' } as const;

export const departmentRoutes = async (app: FastifyInstance) => {
  app.addSchema(deptNodeSchema);
  app.get(
    '/sys-department/tree',
    { config: { perm: DEPT_PERMS.list }, schema: { tags: ['system'], summary: '部门树', response: { 200: envelopeSchema({ type: 'array', items: nodeSchema }) } } },
    async (req) => ok(await req.tenantTx(departmentTree)),
  );

  // Every logged-in user may read the chain above shops (a shop's region and area on their own screens).
  app.post<{ Body: { shopIds: number[] } }>(
    '/sys-department/batch-parent/tree/shop',
    {
      config: { anyUser: true },
      schema: {
        tags: ['system'],
        summary: '门店的上级部门树（批量）',
        body: { type: 'object', required: ['shopIds'], properties: { shopIds: { type: 'array', title: '门店', minItems: 1, maxItems: 1000, items: idField('门店') } } },
        response: { 200: envelopeSchema({ type: 'array', items: nodeSchema }) },
      },
    },
    async (req) => ok(await req.tenantTx((tx) => shopChainTree(tx, req.body.shopIds))),
  );

  app.post<{ Body: DeptBody }>(
    '/sys-department/add',
    { config: { perm: DEPT_PERMS.edit }, schema: { tags: ['system'], summary: '新增部门', body: deptBody, response: { 200: envelopeSchema({ type: 'object', properties: { deptId: { type: 'integer' } } }) } } },
    async (req) => {
      const b = req.body;
      const id = await req.tenantTx((tx) => addDepartment(tx, b)).catch(deptRefusal);
      return ok({ deptId: id }, '新增成功');
    },
  );

  app.put<{ Params: { deptId: number }; Body: DeptBody }>(
    '/sys-department/edit/:deptId',
    {
      config: { perm: DEPT_PERMS.edit },
      schema: { tags: ['system'], summary: '编辑部门', params: { type: 'object', required: ['deptId'], properties: { deptId: idField('部门ID') } }, body: deptBody, response: { 200: envelopeSchema({ type: 'null' }) } },
    },
    async (req) => {
      const b = req.body;
      const n = await req.tenantTx((tx) => editDepartment(tx, req.params.deptId, b)).catch(deptRefusal);
      if (!n) throw new ApiError('NOT_FOUND', '部门不存在');
      return ok(null, '保存成功');
    },
  );

  app.delete<{ Params: { deptId: number } }>(
    '/sys-department/delete/:deptId',
    {
      config: { perm: DEPT_PERMS.remove },
      schema: { tags: ['system'], summary: '删除部门', params: { type: 'object', required: ['deptId'], properties: { deptId: idField('部门ID') } }, response: { 200: envelopeSchema({ type: 'null' }) } },
    },
    async (req) => {
      await req.tenantTx((tx) => deleteDepartment(tx, req.params.deptId));
      return ok(null, '删除成功');
    },
  );
};
