import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { docContext } from '../../documents/context.ts';
import { runDocAction } from '../../documents/actions.ts';
import { ApiError } from '../../errors.ts';
import { paged } from '../../db/paged.ts';
import { ordersOfTask, skuPickListOfTask } from './pickLists.ts';

/**
 * 拣货任务 (wh_picking_task): a picker's task over one order (按单) or several (汇总); listed and totalled with one
 * filter, read with its orders and SKU list, and completed (every order picked: stock out) or cancelled in batches.
 */
const TASK_COLUMNS = `task_id AS "taskId", task_no AS "taskNo", wh_id AS "whId", wh_name AS "whName", task_type AS "taskType", picker_id AS "pickerId", picker_name AS "pickerName",
  status, order_count AS "orderCount", total_quantity::float8 AS "totalQuantity", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", to_char(finish_time, 'YYYY-MM-DD HH24:MI:SS') AS "finishTime"`;

export type TaskFilter = { status?: number | null; taskType?: number | null; pickerId?: number | null; whId?: number | null; pageNum?: number | null; pageSize?: number | null; beginDate?: string | null; endDate?: string | null } | null;

const taskWhere = (f: TaskFilter, fixed = 'TRUE') => ({
  sql: `${fixed} AND ($1::int IS NULL OR status = $1) AND ($2::int IS NULL OR task_type = $2) AND ($3::int IS NULL OR picker_id = $3) AND ($4::int IS NULL OR wh_id = $4)
        AND ($5::date IS NULL OR coalesce(finish_time, create_time) >= $5::date) AND ($6::date IS NULL OR coalesce(finish_time, create_time) < $6::date + 1)`,
  params: [f?.status ?? null, f?.taskType ?? null, f?.pickerId ?? null, f?.whId ?? null, f?.beginDate ?? null, f?.endDate ?? null],
});

/** Tasks matching the filter (and the fixed condition: every task, or the completed ones), a page of them. */
export function taskPage(tx: Queryable, f: TaskFilter, fixed: string) {
  const w = taskWhere(f, fixed);
  return paged(tx, `SELECT ${TASK_COLUMNS} FROM wh_picking_task WHERE ${w.sql} ORDER BY task_id DESC`, w.params, f?.pageNum ?? 1, f?.pageSize ?? 20);
}

/** 汇总拣货 tasks, a page of them. */
export function sumTaskPage(tx: Queryable, status: number | null, whId: number | null, pageNum: number, pageSize: number) {
  return paged(tx, `SELECT ${TASK_COLUMNS} FROM wh_picking_task WHERE task_type = 2 AND ($1::int IS NULL OR status = $1) AND ($2::int IS NULL OR wh_id = $2) ORDER BY task_id DESC`,
    [status, whId], pageNum, pageSize);
}

/** Totals of the matching tasks by status, and per picker. */
export async function taskTotals(tx: Queryable, f: TaskFilter, fixed: string) {
  const w = taskWhere(f, fixed);
  const totals = (
    await tx.query(
      `SELECT count(*)::int AS "taskCount", coalesce(sum(order_count), 0)::int AS "orderCount", coalesce(sum(total_quantity), 0)::float8 AS "totalQuantity",
              count(*) FILTER (WHERE status = 1)::int AS "waitingCount", count(*) FILTER (WHERE status = 2)::int AS "doneCount", count(*) FILTER (WHERE status = 9)::int AS "cancelledCount"
         FROM wh_picking_task WHERE ${w.sql}`,
      w.params,
    )
  ).rows[0];
  const byPicker = (
    await tx.query(
      `SELECT picker_id AS "pickerId", max(picker_name) AS "pickerName", count(*)::int AS "taskCount", sum(order_count)::int AS "orderCount", sum(total_quantity)::float8 AS "totalQuantity"
         FROM wh_picking_task WHERE ${w.sql} GROUP BY picker_id ORDER BY "totalQuantity" DESC`,
      w.params,
    )
  ).rows;
  return { ...totals, byPicker };
}

/** A task of a warehouse with its SKU list (walking order) and its orders; undefined when absent. */
export async function sumTaskDetail(tx: Queryable, taskId: number, whId: number) {
  const task = (await tx.query(`SELECT ${TASK_COLUMNS} FROM wh_picking_task WHERE task_id = $1 AND wh_id = $2`, [taskId, whId])).rows[0];
  if (!task) return undefined;
  const orders = await ordersOfTask(tx, taskId);
  return { ...task, skuList: await skuPickListOfTask(tx, taskId), orderList: orders };
}

/** A task with its orders and its SKU list (walking order); undefined when absent. */
export async function pickingTaskInfo(tx: Queryable, taskId: number) {
  const task = (await tx.query(`SELECT ${TASK_COLUMNS} FROM wh_picking_task WHERE task_id = $1`, [taskId])).rows[0];
  if (!task) return undefined;
  const orders = await ordersOfTask(tx, taskId);
  return { ...task, orderList: orders, skuList: await skuPickListOfTask(tx, taskId) };
}

/** Picking one order: the wh-picking document's pick action (its declared stock out), as the generic action route runs it. */
export type PickOrder = (tx: Queryable, auth: AuthContext, pickingId: number, note: string) => Promise<unknown>;
export function orderPicker(resources: ReadonlyMap<string, ResourceDescriptor>): PickOrder {
  const picking = docContext(resources.get('wh-picking')!, resources);
  const pickAction = picking.doc.actions.find((a) => a.id === 'pick')!;
  return (tx, auth, pickingId, note) => runDocAction(tx, auth, picking, pickAction, pickingId, { note });
}

export interface TaskOutcome { taskId: number; taskNo: string | null; ok: boolean; msg: string }
type TenantTx = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

/**
 * Completes (status 2: every waiting order picked, stock out) or cancels (status 9: the orders back to waiting) each
 * task in a transaction of its own; a task that cannot is reported with its reason, the others go through.
 */
export async function modifyTasks(tenantTx: TenantTx, auth: AuthContext, pickOrder: PickOrder, ids: number[], status: 2 | 9 | number): Promise<TaskOutcome[]> {
  const results: TaskOutcome[] = [];
  for (const taskId of ids) {
    let taskNo: string | null = null;
    try {
      await tenantTx(async (tx) => {
        const task = (await tx.query<{ task_no: string; status: number }>(`SELECT task_no, status FROM wh_picking_task WHERE task_id = $1 FOR UPDATE`, [taskId])).rows[0];
        if (!task) throw new ApiError('NOT_FOUND', '拣货任务不存在');
        taskNo = task.task_no;
        if (task.status !== 1) throw new ApiError('CONFLICT', '单据状态已变更，请刷新后重试');
        const orders = (await tx.query<{ picking_id: number; status: number }>(`SELECT picking_id, status FROM wh_picking_order WHERE task_id = $1 ORDER BY picking_id`, [taskId])).rows;
        if (status === 2) for (const o of orders.filter((x) => x.status === 1)) await pickOrder(tx, auth, o.picking_id, `拣货任务 ${task.task_no}`);
        else await tx.query(`UPDATE wh_picking_order SET task_id = NULL WHERE task_id = $1 AND status = 1`, [taskId]);
        await tx.query(`UPDATE wh_picking_task SET status = $2, finish_time = now() WHERE task_id = $1`, [taskId, status]);
      });
      results.push({ taskId, taskNo, ok: true, msg: '成功' });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      results.push({ taskId, taskNo, ok: false, msg: err.message });
    }
  }
  return results;
}
