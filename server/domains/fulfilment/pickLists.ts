import type { Queryable } from '../../db/index.ts';

/** 拣货单 (wh_picking_order) read for picking: those waiting for a task, one order's lines, SKU totals in walking order. */

type Row = Record<string, unknown>;

/** SKU totals of some picking orders, with the warehouse's locations of each SKU, in walking order (location code). */
async function skuPickList(tx: Queryable, where: string, params: unknown[]) {
  return (
    await tx.query(
      `SELECT d.sku_id AS "skuId", max(d.sku_code) AS "skuCode", max(d.sku_name) AS "skuName", max(d.barcode) AS barcode, max(d.spec) AS spec, max(d.unit) AS unit,
              sum(d.quantity)::float8 AS quantity, count(DISTINCT d.picking_id)::int AS "orderCount",
              (SELECT string_agg(l.location_code, '、' ORDER BY l.location_code) FROM wh_location l WHERE l.wh_id = max(p.wh_id) AND l.sku_id = d.sku_id AND l.status = 1) AS locations
         FROM wh_picking_order_det d JOIN wh_picking_order p ON p.picking_id = d.picking_id
        WHERE ${where}
        GROUP BY d.sku_id
        ORDER BY locations NULLS LAST, "skuCode"`,
      params,
    )
  ).rows;
}

export const skuPickListOfOrders = (tx: Queryable, pickingIds: number[]) => skuPickList(tx, 'p.picking_id = ANY($1::int[])', [pickingIds]);
export const skuPickListOfTask = (tx: Queryable, taskId: number) => skuPickList(tx, 'p.task_id = $1', [taskId]);

/** The orders waiting for a picking task (of one warehouse, or one order by its number), each with its lines. */
export async function waitingPickingOrders(tx: Queryable, whId: number | null, keyword: string | null) {
  const heads = (
    await tx.query(
      `SELECT picking_id AS "pickingId", picking_no AS "pickingNo", wh_id AS "whId", wh_name AS "whName", platform_order_no AS "platformOrderNo", buyer_name AS "buyerName",
              total_quantity::float8 AS "totalQuantity", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
         FROM wh_picking_order WHERE status = 1 AND task_id IS NULL AND ($1::int IS NULL OR wh_id = $1)
          AND ($2::text IS NULL OR picking_no = $2 OR platform_order_no = $2)
        ORDER BY picking_id LIMIT 1000`,
      [whId, keyword],
    )
  ).rows;
  const lines = (
    await tx.query<Row & { pickingId: number }>(
      `SELECT picking_id AS "pickingId", sku_code AS "skuCode", sku_name AS "skuName", quantity::float8 AS quantity FROM wh_picking_order_det WHERE picking_id = ANY($1::int[]) ORDER BY picking_id, line_no`,
      [heads.map((h) => h.pickingId)],
    )
  ).rows;
  return heads.map((h) => ({ ...h, detList: lines.filter((l) => l.pickingId === h.pickingId) }));
}

/** One picking order of a warehouse with its lines, each with its locations, in walking order; undefined when absent. */
export async function pickingOrderDetail(tx: Queryable, pickingId: number, whId: number) {
  const head = (await tx.query(`SELECT picking_id AS "pickingId", picking_no AS "pickingNo", wh_name AS "whName", platform_order_no AS "platformOrderNo", buyer_name AS "buyerName", status, task_id AS "taskId" FROM wh_picking_order WHERE picking_id = $1 AND wh_id = $2`, [pickingId, whId])).rows[0];
  if (!head) return undefined;
  const lines = await tx.query(
    `SELECT d.line_no AS "lineNo", d.sku_id AS "skuId", d.sku_code AS "skuCode", d.sku_name AS "skuName", d.barcode, d.spec, d.unit, d.quantity::float8 AS quantity, d.picked_quantity::float8 AS "pickedQuantity",
            (SELECT string_agg(l.location_code, '、' ORDER BY l.location_code) FROM wh_location l WHERE l.wh_id = $2 AND l.sku_id = d.sku_id AND l.status = 1) AS locations
       FROM wh_picking_order_det d WHERE d.picking_id = $1 ORDER BY locations NULLS LAST, d.line_no`,
    [pickingId, whId],
  );
  return { ...head, detList: lines.rows };
}

/** The warehouse a picking order ships from. */
export async function pickingOrderWarehouse(tx: Queryable, pickingId: number) {
  return (await tx.query(`SELECT wh_id AS "whId", wh_name AS "whName" FROM wh_picking_order WHERE picking_id = $1`, [pickingId])).rows[0];
}

/** The orders a picking task holds. */
export async function ordersOfTask(tx: Queryable, taskId: number) {
  return (await tx.query(`SELECT picking_id AS "pickingId", picking_no AS "pickingNo", platform_order_no AS "platformOrderNo", buyer_name AS "buyerName", status FROM wh_picking_order WHERE task_id = $1 ORDER BY picking_id`, [taskId])).rows;
}
