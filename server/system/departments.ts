import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { idField, plainText } from '../http/fields.ts';
import { uniqueViolation } from '../resources/dbErrors.ts';

/**
 * 部门管理 (wxy-system-server sys-department): the organisation as a tree. A department has a head (负责人), the
 * approver of a process step assigned to "${deptHead}"; a shop's own department names its shop, so
 * batch-parent/tree/shop answers, for a batch of shops, the chain of departments above each (总部 › 华东大区 › 上海徐汇店).
 */
export const DEPT_PERMS = { list: 'system:dept:list', edit: 'system:dept:edit', remove: 'system:dept:delete' };

export interface DeptNode {
  deptId: number;
  parentId: number | null;
  deptName: string;
  leaderUserId: number | null;
  leaderName: string | null;
  shopId: number | null;
  shopName: string | null;
  sort: number;
  userCount: number;
  children: DeptNode[];
}

const DEPT_SELECT = `SELECT d.dept_id AS "deptId", d.parent_id AS "parentId", d.dept_name AS "deptName", d.leader_user_id AS "leaderUserId",
    coalesce(nullif(u.name, ''), u.user_name) AS "leaderName", d.shop_id AS "shopId", s.shop_name AS "shopName", d.sort,
    (SELECT count(*)::int FROM sys_user x WHERE x.dept_id = d.dept_id) AS "userCount"
  FROM sys_department d LEFT JOIN sys_user u ON u.id = d.leader_user_id LEFT JOIN shop_base s ON s.shop_id = d.shop_id`;

/** Rows (any order) to a forest ordered by sort and name; a row whose parent is not among them is a root. */
export function buildTree(rows: Omit<DeptNode, 'children'>[]): DeptNode[] {
  const byId = new Map<number, DeptNode>(rows.map((r) => [r.deptId, { ...r, children: [] }]));
  const roots: DeptNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: DeptNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.deptName.localeCompare(b.deptName, 'zh-CN') || a.deptId - b.deptId);
    list.forEach((n) => order(n.children));
  };
  order(roots);
  return roots;
}

/**
 * The head who approves for `userId`: the head of their department, or of the nearest department above it that
 * has one; a head applying is approved by the head above them.
 */
export async function departmentHeadOf(tx: Queryable, userId: number): Promise<{ id: number; name: string } | null> {
  const r = await tx.query<{ id: number; name: string }>(
    `WITH RECURSIVE chain AS (
       SELECT d.dept_id, d.parent_id, d.leader_user_id, 0 AS depth FROM sys_department d JOIN sys_user u ON u.dept_id = d.dept_id WHERE u.id = $1
       UNION ALL
       SELECT p.dept_id, p.parent_id, p.leader_user_id, c.depth + 1 FROM sys_department p JOIN chain c ON p.dept_id = c.parent_id WHERE c.depth < 32)
     SELECT u.id, coalesce(nullif(u.name, ''), u.user_name) AS name FROM chain c JOIN sys_user u ON u.id = c.leader_user_id AND u.status = 1
      WHERE c.leader_user_id <> $1 ORDER BY c.depth LIMIT 1`,
    [userId],
  );
  return r.rows[0] ?? null;
}

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

interface DeptBody {
  deptName: string;
  parentId?: number | null;
  leaderUserId?: number | null;
  shopId?: number | null;
  sort?: number;
}

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

async function checkReferences(tx: Queryable, b: DeptBody, selfId: number | null): Promise<void> {
  if (b.parentId) {
    const parent = await tx.query(`SELECT 1 FROM sys_department WHERE dept_id = $1`, [b.parentId]);
    if (!parent.rows.length) throw new ApiError('BAD_REQUEST', '上级部门不存在');
    if (selfId !== null) {
      // A department cannot move under itself or under one of its own sub-departments.
      const loop = await tx.query(
        `WITH RECURSIVE up AS (SELECT dept_id, parent_id, 0 AS depth FROM sys_department WHERE dept_id = $1
           UNION ALL SELECT d.dept_id, d.parent_id, u.depth + 1 FROM sys_department d JOIN up u ON d.dept_id = u.parent_id WHERE u.depth < 64)
         SELECT 1 FROM up WHERE dept_id = $2`,
        [b.parentId, selfId],
      );
      if (loop.rows.length) throw new ApiError('BAD_REQUEST', '上级部门不能是本部门或其下级部门');
    }
  }
  if (b.leaderUserId) {
    const leader = await tx.query(`SELECT 1 FROM sys_user WHERE id = $1 AND status = 1`, [b.leaderUserId]);
    if (!leader.rows.length) throw new ApiError('BAD_REQUEST', '负责人不存在或已停用');
  }
  if (b.shopId) {
    const shop = await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [b.shopId]);
    if (!shop.rows.length) throw new ApiError('BAD_REQUEST', '门店不存在');
  }
}

const refusals: Record<string, string> = {
  sys_department_sibling_name: '同一上级部门下已有同名部门',
  sys_department_tenant_id_shop_id_key: '该门店已属于另一个部门',
};

const refusal = (err: unknown): never => uniqueViolation(err, (c) => refusals[c]);

export const departmentRoutes = async (app: FastifyInstance) => {
  app.addSchema(deptNodeSchema);
  app.get(
    '/sys-department/tree',
    { config: { perm: DEPT_PERMS.list }, schema: { tags: ['system'], summary: '部门树', response: { 200: envelopeSchema({ type: 'array', items: nodeSchema }) } } },
    async (req) => ok(buildTree((await req.tenantTx((tx) => tx.query<Omit<DeptNode, 'children'>>(DEPT_SELECT))).rows)),
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
    async (req) => {
      const rows = await req.tenantTx((tx) =>
        tx.query<Omit<DeptNode, 'children'>>(
          `WITH RECURSIVE up AS (
             SELECT dept_id, parent_id, 0 AS depth FROM sys_department WHERE shop_id = ANY($1::int[])
             UNION SELECT d.dept_id, d.parent_id, u.depth + 1 FROM sys_department d JOIN up u ON d.dept_id = u.parent_id WHERE u.depth < 32)
           ${DEPT_SELECT} WHERE d.dept_id IN (SELECT dept_id FROM up)`,
          [req.body.shopIds],
        ),
      );
      return ok(buildTree(rows.rows));
    },
  );

  app.post<{ Body: DeptBody }>(
    '/sys-department/add',
    { config: { perm: DEPT_PERMS.edit }, schema: { tags: ['system'], summary: '新增部门', body: deptBody, response: { 200: envelopeSchema({ type: 'object', properties: { deptId: { type: 'integer' } } }) } } },
    async (req) => {
      const b = req.body;
      const id = await req
        .tenantTx(async (tx) => {
          await checkReferences(tx, b, null);
          const r = await tx.query<{ dept_id: number }>(
            `INSERT INTO sys_department (tenant_id, parent_id, dept_name, leader_user_id, shop_id, sort) VALUES (app_current_tenant(), $1, $2, $3, $4, $5) RETURNING dept_id`,
            [b.parentId ?? null, b.deptName.trim(), b.leaderUserId ?? null, b.shopId ?? null, b.sort ?? 0],
          );
          return r.rows[0].dept_id;
        })
        .catch(refusal);
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
      const n = await req
        .tenantTx(async (tx) => {
          await checkReferences(tx, b, req.params.deptId);
          const r = await tx.query(`UPDATE sys_department SET parent_id = $2, dept_name = $3, leader_user_id = $4, shop_id = $5, sort = $6 WHERE dept_id = $1`, [
            req.params.deptId, b.parentId ?? null, b.deptName.trim(), b.leaderUserId ?? null, b.shopId ?? null, b.sort ?? 0,
          ]);
          return r.rowCount;
        })
        .catch(refusal);
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
      await req.tenantTx(async (tx) => {
        const d = (await tx.query<{ name: string; children: number; users: number }>(
          `SELECT dept_name AS name, (SELECT count(*)::int FROM sys_department c WHERE c.parent_id = d.dept_id) AS children,
                  (SELECT count(*)::int FROM sys_user u WHERE u.dept_id = d.dept_id) AS users
             FROM sys_department d WHERE dept_id = $1 FOR UPDATE`,
          [req.params.deptId],
        )).rows[0];
        if (!d) throw new ApiError('NOT_FOUND', '部门不存在');
        if (d.children) throw new ApiError('CONFLICT', `部门「${d.name}」下还有 ${d.children} 个下级部门，请先删除或移走`);
        if (d.users) throw new ApiError('CONFLICT', `部门「${d.name}」下还有 ${d.users} 名用户，请先调整他们的部门`);
        await tx.query(`DELETE FROM sys_department WHERE dept_id = $1`, [req.params.deptId]);
      });
      return ok(null, '删除成功');
    },
  );
};
