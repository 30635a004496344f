import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { uniqueViolation } from '../resources/dbErrors.ts';

/**
 * 部门管理's reads and writes of sys_department: the SQL behind departments.ts's routes, the tree and the chain
 * above shops, and the department head who approves a process step (process/instances.ts).
 */

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

export interface DeptBody {
  deptName: string;
  parentId?: number | null;
  leaderUserId?: number | null;
  shopId?: number | null;
  sort?: number;
}

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

export const deptRefusal = (err: unknown): never => uniqueViolation(err, (c) => refusals[c]);

/** The whole tree. */
export async function departmentTree(tx: Queryable): Promise<DeptNode[]> {
  return buildTree((await tx.query<Omit<DeptNode, 'children'>>(DEPT_SELECT)).rows);
}

/** The departments of the given shops and every department above them, as a tree. */
export async function shopChainTree(tx: Queryable, shopIds: number[]): Promise<DeptNode[]> {
  const rows = await tx.query<Omit<DeptNode, 'children'>>(
    `WITH RECURSIVE up AS (
       SELECT dept_id, parent_id, 0 AS depth FROM sys_department WHERE shop_id = ANY($1::int[])
       UNION SELECT d.dept_id, d.parent_id, u.depth + 1 FROM sys_department d JOIN up u ON d.dept_id = u.parent_id WHERE u.depth < 32)
     ${DEPT_SELECT} WHERE d.dept_id IN (SELECT dept_id FROM up)`,
    [shopIds],
  );
  return buildTree(rows.rows);
}

export async function addDepartment(tx: Queryable, b: DeptBody): Promise<number> {
  await checkReferences(tx, b, null);
  const r = await tx.query<{ dept_id: number }>(
    `INSERT INTO sys_department (tenant_id, parent_id, dept_name, leader_user_id, shop_id, sort) VALUES (app_current_tenant(), $1, $2, $3, $4, $5) RETURNING dept_id`,
    [b.parentId ?? null, b.deptName.trim(), b.leaderUserId ?? null, b.shopId ?? null, b.sort ?? 0],
  );
  return r.rows[0].dept_id;
}

/** The number of departments changed: 0 when there is none with that id. */
export async function editDepartment(tx: Queryable, deptId: number, b: DeptBody): Promise<number | null> {
  await checkReferences(tx, b, deptId);
  const r = await tx.query(`UPDATE sys_department SET parent_id = $2, dept_name = $3, leader_user_id = $4, shop_id = $5, sort = $6 WHERE dept_id = $1`, [
    deptId, b.parentId ?? null, b.deptName.trim(), b.leaderUserId ?? null, b.shopId ?? null, b.sort ?? 0,
  ]);
  return r.rowCount;
}

/** Deletes a department with neither sub-departments nor users. */
export async function deleteDepartment(tx: Queryable, deptId: number): Promise<void> {
  const d = (await tx.query<{ name: string; children: number; users: number }>(
    `SELECT dept_name AS name, (SELECT count(*)::int FROM sys_department c WHERE c.parent_id = d.dept_id) AS children,
            (SELECT count(*)::int FROM sys_user u WHERE u.dept_id = d.dept_id) AS users
       FROM sys_department d WHERE dept_id = $1 FOR UPDATE`,
    [deptId],
  )).rows[0];
  if (!d) throw new ApiError('NOT_FOUND', '部门不存在');
  if (d.children) throw new ApiError('CONFLICT', `部门「${d.name}」下还有 ${d.children} 个下级部门，请先删除或移走`);
  if (d.users) throw new ApiError('CONFLICT', `部门「${d.name}」下还有 ${d.users} 名用户，请先调整他们的部门`);
  await tx.query(`DELETE FROM sys_department WHERE dept_id = $1`, [deptId]);
}
