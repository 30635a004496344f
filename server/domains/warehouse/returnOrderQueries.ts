import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';

/**
 * 退货 (return-order)'s reads and writes, the SQL behind returnOrder.ts's document functions and routes: the transfer
 * a return goes back along (locked), what each of its SKUs may still return, the return's header and costs taken
 * from the transfer, its audit stamp, and the statistics by returning warehouse. Stock moves are returnOrder.ts's.
 */

const ALLOCATION_RECEIVED = 3;

export interface ReturnedAllocation {
  allocation_id: number;
  allocation_no: string;
  status: number;
  out_wh_id: number;
  out_wh_name: string;
  in_wh_id: number;
  in_wh_name: string;
}

/** The received transfer a return goes back along, locked so two returns audited at once are checked one after the other. */
export async function lockAllocation(tx: Queryable, allocationId: unknown): Promise<ReturnedAllocation> {
  const r = await tx.query<ReturnedAllocation>(
    `SELECT allocation_id, allocation_no, status, out_wh_id, out_wh_name, in_wh_id, in_wh_name FROM wh_allocation WHERE allocation_id = $1 FOR UPDATE`,
    [allocationId],
  );
  if (!r.rows[0]) throw new ApiError('BAD_REQUEST', '调拨单不存在');
  if (Number(r.rows[0].status) !== ALLOCATION_RECEIVED) throw new ApiError('CONFLICT', `调拨单 ${r.rows[0].allocation_no} 尚未收货，不能退货`);
  return r.rows[0];
}

export interface ReturnableRow {
  sku_id: number;
  sku_code: string;
  sku_name: string;
  barcode: string;
  spec: string;
  unit: string;
  received: string;
  returned: string;
  unit_cost: string;
}

/** Per SKU of a transfer: what it received, and what audited returns (other than `exceptReturnId`) took back. */
export async function returnable(tx: Queryable, allocationId: number, exceptReturnId: number | null): Promise<ReturnableRow[]> {
  return (
    await tx.query<ReturnableRow>(
      `SELECT d.sku_id, d.sku_code, d.sku_name, d.barcode, d.spec, d.unit, coalesce(d.in_quantity, 0) AS received, d.unit_cost,
              coalesce((SELECT sum(r.quantity) FROM return_order_det r JOIN return_order h ON h.return_id = r.return_id
                         WHERE h.allocation_id = d.allocation_id AND h.status = 2 AND r.sku_id = d.sku_id AND h.return_id IS DISTINCT FROM $2), 0) AS returned
         FROM wh_allocation_det d WHERE d.allocation_id = $1 ORDER BY d.line_no`,
      [allocationId, exceptReturnId],
    )
  ).rows;
}

/** A return's lines checked against what the transfer may still return; answers the transfer's SKUs. */
export async function checkLines(tx: Queryable, returnId: number, allocationId: number): Promise<Map<number, ReturnableRow>> {
  const left = new Map((await returnable(tx, allocationId, returnId)).map((r) => [Number(r.sku_id), r]));
  const lines = (await tx.query<{ line_no: number; sku_id: number; sku_name: string; quantity: string }>(`SELECT line_no, sku_id, sku_name, quantity FROM return_order_det WHERE return_id = $1 ORDER BY line_no`, [returnId])).rows;
  for (const l of lines) {
    const r = left.get(Number(l.sku_id));
    if (!r) throw new ApiError('BAD_REQUEST', `第${l.line_no}行：${l.sku_name} 不在该调拨单中`);
    const can = Number(r.received) - Number(r.returned);
    if (Number(l.quantity) > can) throw new ApiError('BAD_REQUEST', `第${l.line_no}行：${l.sku_name} 实收 ${Number(r.received)}，已退 ${Number(r.returned)}，最多还能退 ${can}`);
  }
  return left;
}

/** A saved return goes back along its transfer: from the transfer's destination to its source. */
export async function takeAllocation(tx: Queryable, returnId: number, a: ReturnedAllocation): Promise<void> {
  await tx.query(
    `UPDATE return_order SET allocation_no = $2, out_wh_id = $3, out_wh_name = $4, in_wh_id = $5, in_wh_name = $6 WHERE return_id = $1`,
    [returnId, a.allocation_no, a.in_wh_id, a.in_wh_name, a.out_wh_id, a.out_wh_name],
  );
}

/** The return's lines cost what the transfer's did; its total follows. */
export async function costLines(tx: Queryable, returnId: number, left: Map<number, ReturnableRow>): Promise<void> {
  await tx.query(`UPDATE return_order_det d SET unit_cost = x.c FROM unnest($2::int[], $3::numeric[]) AS x(sku, c) WHERE d.return_id = $1 AND d.sku_id = x.sku`, [
    returnId,
    [...left.keys()],
    [...left.values()].map((r) => r.unit_cost),
  ]);
  await tx.query(`UPDATE return_order SET total_amount = (SELECT coalesce(sum(amount), 0) FROM return_order_det WHERE return_id = $1) WHERE return_id = $1`, [returnId]);
}

/** Who audited the return and when (null, null: un-audited). */
export async function stampAudit(tx: Queryable, returnId: number, userName: string | null): Promise<void> {
  if (userName === null) await tx.query(`UPDATE return_order SET audit_user_name = NULL, audit_time = NULL WHERE return_id = $1`, [returnId]);
  else await tx.query(`UPDATE return_order SET audit_user_name = $2, audit_time = now() WHERE return_id = $1`, [returnId, userName]);
}

/** What a transfer's SKUs may still return (any transfer status), for a new return's lines. */
export async function returnableLines(tx: Queryable, allocationId: number) {
  const a = await tx.query(`SELECT 1 FROM wh_allocation WHERE allocation_id = $1`, [allocationId]);
  if (!a.rows.length) throw new ApiError('NOT_FOUND', '调拨单不存在');
  return (await returnable(tx, allocationId, null)).map((r) => ({
    skuId: r.sku_id, skuCode: r.sku_code, skuName: r.sku_name, barcode: r.barcode, spec: r.spec, unit: r.unit,
    receivedQuantity: Number(r.received), returnedQuantity: Number(r.returned), returnableQuantity: Number(r.received) - Number(r.returned), unitCost: Number(r.unit_cost),
  }));
}

export interface ReturnStatisticsFilter {
  outWhId?: number | null;
  inWhId?: number | null;
  createTimeStart?: string | null;
  createTimeEnd?: string | null;
}

/** Returns per returning warehouse: how many, how many audited, and the audited quantity and cost. */
export async function returnStatistics(tx: Queryable, b: ReturnStatisticsFilter) {
  return (
    await tx.query(
      `SELECT h.out_wh_id AS "outWhId", max(h.out_wh_name) AS "outWhName", count(*)::int AS "orderCount", count(*) FILTER (WHERE h.status = 2)::int AS "auditedCount",
              sum(h.total_quantity) FILTER (WHERE h.status = 2)::float8 AS "returnedQuantity", sum(h.total_amount) FILTER (WHERE h.status = 2)::float8 AS "returnedAmount"
         FROM return_order h
        WHERE ($1::int IS NULL OR h.out_wh_id = $1) AND ($2::int IS NULL OR h.in_wh_id = $2)
          AND ($3::text IS NULL OR h.create_time >= $3::timestamp) AND ($4::text IS NULL OR h.create_time < $4::timestamp + interval '1 second')
        GROUP BY h.out_wh_id ORDER BY "outWhName"`,
      [b.outWhId ?? null, b.inWhId ?? null, b.createTimeStart || null, b.createTimeEnd || null],
    )
  ).rows;
}
