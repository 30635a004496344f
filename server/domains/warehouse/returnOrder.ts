import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { postStock } from '../stock/index.ts';
import { dateParam } from '../../http/fields.ts';

/**
 * 退货 (return-order): a shop sends goods of a transfer it received back to the warehouse that sent them.
 * Auditing takes them out of the transfer's destination and into its source at the transfer line's cost; a
 * line never returns more than the transfer line received less what other audited returns already took back
 * (checked with the transfer row locked, so two returns audited at once cannot both pass).
 */

const ALLOCATION_RECEIVED = 3;

async function lockAllocation(tx: Queryable, allocationId: unknown) {
  const r = await tx.query<{ allocation_id: number; allocation_no: string; status: number; out_wh_id: number; out_wh_name: string; in_wh_id: number; in_wh_name: string }>(
    `SELECT allocation_id, allocation_no, status, out_wh_id, out_wh_name, in_wh_id, in_wh_name FROM wh_allocation WHERE allocation_id = $1 FOR UPDATE`,
    [allocationId],
  );
  if (!r.rows[0]) throw new ApiError('BAD_REQUEST', '调拨单不存在');
  if (Number(r.rows[0].status) !== ALLOCATION_RECEIVED) throw new ApiError('CONFLICT', `调拨单 ${r.rows[0].allocation_no} 尚未收货，不能退货`);
  return r.rows[0];
}

/** Per SKU of a transfer: what it received, and what audited returns (other than `exceptReturnId`) took back. */
async function returnable(tx: Queryable, allocationId: number, exceptReturnId: number | null) {
  return (
    await tx.query<{ sku_id: number; sku_code: string; sku_name: string; barcode: string; spec: string; unit: string; received: string; returned: string; unit_cost: string }>(
      `SELECT d.sku_id, d.sku_code, d.sku_name, d.barcode, d.spec, d.unit, coalesce(d.in_quantity, 0) AS received, d.unit_cost,
              coalesce((SELECT sum(r.quantity) FROM return_order_det r JOIN return_order h ON h.return_id = r.return_id
                         WHERE h.allocation_id = d.allocation_id AND h.status = 2 AND r.sku_id = d.sku_id AND h.return_id IS DISTINCT FROM $2), 0) AS returned
         FROM wh_allocation_det d WHERE d.allocation_id = $1 ORDER BY d.line_no`,
      [allocationId, exceptReturnId],
    )
  ).rows;
}

async function checkLines(tx: Queryable, returnId: number, allocationId: number) {
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

registerDocFn('returnOrder.save', async ({ tx, id, header }) => {
  const a = await lockAllocation(tx, header.allocationId);
  await tx.query(
    `UPDATE return_order SET allocation_no = $2, out_wh_id = $3, out_wh_name = $4, in_wh_id = $5, in_wh_name = $6 WHERE return_id = $1`,
    [id, a.allocation_no, a.in_wh_id, a.in_wh_name, a.out_wh_id, a.out_wh_name],
  );
  const left = await checkLines(tx, id, a.allocation_id);
  await tx.query(`UPDATE return_order_det d SET unit_cost = x.c FROM unnest($2::int[], $3::numeric[]) AS x(sku, c) WHERE d.return_id = $1 AND d.sku_id = x.sku`, [
    id,
    [...left.keys()],
    [...left.values()].map((r) => r.unit_cost),
  ]);
  await tx.query(`UPDATE return_order SET total_amount = (SELECT coalesce(sum(amount), 0) FROM return_order_det WHERE return_id = $1) WHERE return_id = $1`, [id]);
});

registerDocFn('returnOrder.audit', async ({ tx, auth, ref, header, lines, id }) => {
  const a = await lockAllocation(tx, header.allocationId);
  await checkLines(tx, id, a.allocation_id);
  await postStock(
    tx,
    auth,
    ref,
    lines.flatMap((l) => [
      { whId: a.in_wh_id, skuId: Number(l.skuId), qty: -Number(l.quantity), lineId: Number(l.detId) },
      { whId: a.out_wh_id, skuId: Number(l.skuId), qty: Number(l.quantity), unitCost: Number(l.unitCost ?? 0), lineId: Number(l.detId) },
    ]),
  );
  await tx.query(`UPDATE return_order SET audit_user_name = $2, audit_time = now() WHERE return_id = $1`, [id, auth.displayName ?? auth.userName]);
});

registerDocFn('returnOrder.unAudit', async ({ tx, auth, ref, header, lines, id }) => {
  await postStock(
    tx,
    auth,
    ref,
    lines.flatMap((l) => [
      { whId: Number(header.outWhId), skuId: Number(l.skuId), qty: Number(l.quantity), unitCost: Number(l.unitCost ?? 0), lineId: Number(l.detId) },
      { whId: Number(header.inWhId), skuId: Number(l.skuId), qty: -Number(l.quantity), lineId: Number(l.detId) },
    ]),
  );
  await tx.query(`UPDATE return_order SET audit_user_name = NULL, audit_time = NULL WHERE return_id = $1`, [id]);
});

const idSchema = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2147483647, title });

/** statistics and findDetListByAllocation (wxy-warehouse-server/return-order). */
export const returnOrderRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: { allocationId: number } }>('/return-order/findDetListByAllocation', {
    config: { perm: 'wh:return:add' },
    schema: { tags: ['wxy-warehouse-server'], summary: '调拨单可退的商品：实收、已退、可退数量与成本', body: { type: 'object', required: ['allocationId'], properties: { allocationId: idSchema('调拨单') } } },
  }, async (req) => {
    const rows = await req
      .tenantTx(async (tx) => {
        const a = await tx.query(`SELECT 1 FROM wh_allocation WHERE allocation_id = $1`, [req.body.allocationId]);
        if (!a.rows.length) throw new ApiError('NOT_FOUND', '调拨单不存在');
        return (await returnable(tx, req.body.allocationId, null)).map((r) => ({
          skuId: r.sku_id, skuCode: r.sku_code, skuName: r.sku_name, barcode: r.barcode, spec: r.spec, unit: r.unit,
          receivedQuantity: Number(r.received), returnedQuantity: Number(r.returned), returnableQuantity: Number(r.received) - Number(r.returned), unitCost: Number(r.unit_cost),
        }));
      })
      .catch(asCallerError);
    return ok(rows);
  });

  app.post<{ Body: { outWhId?: number | null; inWhId?: number | null; createTimeStart?: string | null; createTimeEnd?: string | null } }>('/return-order/statistics', {
    config: { perm: 'wh:return:list' },
    schema: {
      tags: ['wxy-warehouse-server'],
      summary: '退货统计：单数、已审核数、退货数量与成本金额，按退货仓库汇总',
      body: { type: ['object', 'null'], properties: { outWhId: { ...idSchema('退货仓库'), type: ['integer', 'null'] }, inWhId: { ...idSchema('收货仓库'), type: ['integer', 'null'] }, createTimeStart: dateParam('创建开始时间', 'date-time', { nullable: true }), createTimeEnd: dateParam('创建结束时间', 'date-time', { nullable: true }) } },
    },
  }, async (req) => {
    const b = req.body ?? {};
    const rows = await req
      .tenantTx(async (tx) =>
        (
          await tx.query(
            `SELECT h.out_wh_id AS "outWhId", max(h.out_wh_name) AS "outWhName", count(*)::int AS "orderCount", count(*) FILTER (WHERE h.status = 2)::int AS "auditedCount",
                    sum(h.total_quantity) FILTER (WHERE h.status = 2)::float8 AS "returnedQuantity", sum(h.total_amount) FILTER (WHERE h.status = 2)::float8 AS "returnedAmount"
               FROM return_order h
              WHERE ($1::int IS NULL OR h.out_wh_id = $1) AND ($2::int IS NULL OR h.in_wh_id = $2)
                AND ($3::text IS NULL OR h.create_time >= $3::timestamp) AND ($4::text IS NULL OR h.create_time < $4::timestamp + interval '1 second')
              GROUP BY h.out_wh_id ORDER BY "outWhName"`,
            [b.outWhId ?? null, b.inWhId ?? null, b.createTimeStart || null, b.createTimeEnd || null],
          )
        ).rows,
      )
      .catch(asCallerError);
    return ok(rows);
  });
};
