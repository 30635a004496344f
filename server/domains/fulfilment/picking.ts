import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { registerDocFn, type DocRef } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { postStock } from '../stock/index.ts';

/**
 * Fulfilment of online orders: an imported order (ec_order) is synced into a 拣货单 (wh-picking, a document)
 * that reserves its stock; picking it takes the stock out (and releases the reservation), cancelling releases
 * the reservation and sends the order back to 待同步. Order statuses: 1 待同步, 3 已同步, 4 已拣货, 5 已打包.
 */
export const EC_STATUS = { waiting: 1, synced: 3, picked: 4, packed: 5 } as const;

type Line = Record<string, unknown>;

const moves = (header: Record<string, unknown>, lines: Line[], sign: 1 | -1, takeOut: boolean) =>
  lines.map((l) => ({
    whId: Number(header.whId),
    skuId: Number(l.skuId),
    qty: takeOut ? -Number(l.quantity) : 0,
    reserved: sign * Number(l.quantity),
    lineId: Number(l.detId),
  }));

registerDocFn('picking.pick', async ({ tx, auth, ref, header, lines, id }) => {
  await postStock(tx, auth, ref, moves(header, lines, -1, true));
  await tx.query(`UPDATE wh_picking_order_det SET picked_quantity = quantity WHERE picking_id = $1`, [id]);
  await tx.query(`UPDATE wh_picking_order SET pick_time = now() WHERE picking_id = $1`, [id]);
  await tx.query(`UPDATE ec_order SET status = $2 WHERE ec_order_id = $1`, [header.ecOrderId, EC_STATUS.picked]);
});

registerDocFn('picking.cancel', async ({ tx, auth, ref, header, lines, id }) => {
  await postStock(tx, auth, ref, moves(header, lines, -1, false));
  await tx.query(`UPDATE wh_picking_order SET task_id = NULL WHERE picking_id = $1`, [id]);
  await tx.query(`UPDATE ec_order SET status = $2, sync_time = NULL WHERE ec_order_id = $1`, [header.ecOrderId, EC_STATUS.waiting]);
});

export interface SyncResult {
  syncId: number;
  total: number;
  success: number;
  fail: number;
  exceptions: { ecOrderId: number; platformOrderNo: string; reason: string }[];
}

/**
 * Moves every 待同步 online order into picking: a 拣货单 per order with its stock reserved in the order's
 * warehouse (else the configured default). An order that cannot go (no warehouse, stock short, a SKU gone)
 * stays 待同步 and is recorded as an exception of the run; the others go. Idempotent: a synced order is never
 * picked twice (its status moved on, and one 拣货单 per order is a unique key).
 */
export async function syncOnlineOrders(tx: Queryable, auth: AuthContext): Promise<SyncResult> {
  const cfg = (await tx.query<{ default_wh_id: number | null }>(`SELECT default_wh_id FROM wh_ec_config`)).rows[0];
  const run = (await tx.query<{ id: number }>(`INSERT INTO wh_order_sync_rs (tenant_id, user_name) VALUES ($1, $2) RETURNING wh_order_sync_rs_id AS id`, [auth.tenantId, auth.displayName ?? auth.userName])).rows[0].id;
  const orders = (
    await tx.query<{ ec_order_id: number; platform_order_no: string; wh_id: number | null; buyer_name: string | null }>(
      `SELECT ec_order_id, platform_order_no, wh_id, buyer_name FROM ec_order WHERE status = $1 ORDER BY ec_order_id FOR UPDATE`,
      [EC_STATUS.waiting],
    )
  ).rows;
  const exceptions: SyncResult['exceptions'] = [];
  for (const o of orders) {
    await tx.query('SAVEPOINT sync_order');
    try {
      const whId = o.wh_id ?? cfg?.default_wh_id;
      if (!whId) throw new ApiError('BAD_REQUEST', '未设置发货仓库（订单未指定仓库，电商配置也没有默认发货仓库）');
      await tx.query(`DELETE FROM wh_picking_order WHERE ec_order_id = $1 AND status = 9`, [o.ec_order_id]);
      const no = await nextDocNo(tx, auth.tenantId, 'JH');
      const head = await tx.query<{ id: number; wh_name: string | null }>(
        `INSERT INTO wh_picking_order (tenant_id, picking_no, wh_id, wh_name, ec_order_id, platform_order_no, buyer_name, total_quantity)
         SELECT $1, $2, w.wh_id, w.wh_name, $4, $5, $6, (SELECT coalesce(sum(quantity), 0) FROM ec_order_det WHERE ec_order_id = $4)
           FROM wh_base_info w WHERE w.wh_id = $3 AND w.status = 1
         RETURNING picking_id AS id, wh_name`,
        [auth.tenantId, no, whId, o.ec_order_id, o.platform_order_no, o.buyer_name],
      );
      if (!head.rows[0]) throw new ApiError('BAD_REQUEST', '发货仓库不存在或已停用');
      const id = head.rows[0].id;
      const lines = await tx.query<{ det_id: number; sku_id: number; quantity: string }>(
        `INSERT INTO wh_picking_order_det (tenant_id, picking_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity)
         SELECT $1, $2, row_number() OVER (ORDER BY d.sku_id), d.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, sum(d.quantity)
           FROM ec_order_det d JOIN pd_sku s ON s.sku_id = d.sku_id WHERE d.ec_order_id = $3 GROUP BY d.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit
         RETURNING det_id, sku_id, quantity`,
        [auth.tenantId, id, o.ec_order_id],
      );
      if (!lines.rows.length) throw new ApiError('BAD_REQUEST', '订单没有商品明细');
      const ref: DocRef = { docType: 'picking', docId: id, docNo: no };
      await postStock(tx, auth, ref, lines.rows.map((l) => ({ whId, skuId: l.sku_id, qty: 0, reserved: Number(l.quantity), lineId: l.det_id })));
      await tx.query(`UPDATE ec_order SET status = $2, sync_time = now(), wh_id = $3 WHERE ec_order_id = $1`, [o.ec_order_id, EC_STATUS.synced, whId]);
      await recordDocEvent(tx, auth, { docType: 'picking', docId: id, action: 'create', actionLabel: '同步生成', fromStatus: null, toStatus: 1, note: `线上订单 ${o.platform_order_no}` });
      await tx.query('RELEASE SAVEPOINT sync_order');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      await tx.query('ROLLBACK TO SAVEPOINT sync_order');
      exceptions.push({ ecOrderId: o.ec_order_id, platformOrderNo: o.platform_order_no, reason: err.message });
    }
  }
  if (exceptions.length) {
    await tx.query(
      `INSERT INTO wh_order_sync_exc (tenant_id, wh_order_sync_rs_id, ec_order_id, platform_order_no, reason)
       SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[])`,
      [auth.tenantId, run, exceptions.map((e) => e.ecOrderId), exceptions.map((e) => e.platformOrderNo), exceptions.map((e) => e.reason.slice(0, 200))],
    );
  }
  const success = orders.length - exceptions.length;
  await tx.query(`UPDATE wh_order_sync_rs SET total_count = $2, success_count = $3, fail_count = $4 WHERE wh_order_sync_rs_id = $1`, [run, orders.length, success, exceptions.length]);
  return { syncId: run, total: orders.length, success, fail: exceptions.length, exceptions };
}

/**
 * Picking tasks for 待拣货 orders that no task holds yet: one per order (按单), or one for all (汇总).
 * An order already in a task, picked or cancelled is refused naming it; nothing is written then.
 */
export async function createPickingTasks(tx: Queryable, auth: AuthContext, pickingIds: number[], pickerId: number, sum: boolean): Promise<number[]> {
  const picker = (await tx.query<{ name: string }>(`SELECT name FROM sys_user WHERE id = $1 AND status = 1`, [pickerId])).rows[0];
  if (!picker) throw new ApiError('BAD_REQUEST', '拣货员不存在或已停用');
  const rows = (
    await tx.query<{ picking_id: number; picking_no: string; wh_id: number; wh_name: string; status: number; task_id: number | null; total_quantity: string }>(
      `SELECT picking_id, picking_no, wh_id, wh_name, status, task_id, total_quantity FROM wh_picking_order WHERE picking_id = ANY($1::int[]) ORDER BY picking_id FOR UPDATE`,
      [pickingIds],
    )
  ).rows;
  if (rows.length !== new Set(pickingIds).size) throw new ApiError('NOT_FOUND', '拣货单不存在');
  const busy = rows.find((r) => r.status !== 1 || r.task_id !== null);
  if (busy) throw new ApiError('CONFLICT', `拣货单 ${busy.picking_no} ${busy.status !== 1 ? '已拣货或已取消' : '已分配拣货任务'}，请刷新后重试`);
  if (sum && new Set(rows.map((r) => r.wh_id)).size > 1) throw new ApiError('BAD_REQUEST', '汇总拣货的拣货单必须属于同一仓库');
  const groups = sum ? [rows] : rows.map((r) => [r]);
  const ids: number[] = [];
  for (const g of groups) {
    const taskNo = await nextDocNo(tx, auth.tenantId, 'RW');
    const task = await tx.query<{ id: number }>(
      `INSERT INTO wh_picking_task (tenant_id, task_no, wh_id, wh_name, task_type, picker_id, picker_name, order_count, total_quantity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING task_id AS id`,
      [auth.tenantId, taskNo, g[0].wh_id, g[0].wh_name, sum ? 2 : 1, pickerId, picker.name, g.length, g.reduce((a, r) => a + Number(r.total_quantity), 0)],
    );
    ids.push(task.rows[0].id);
    await tx.query(`UPDATE wh_picking_order SET task_id = $1 WHERE picking_id = ANY($2::int[])`, [task.rows[0].id, g.map((r) => r.picking_id)]);
  }
  return ids;
}
