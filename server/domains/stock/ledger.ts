import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { DocRef } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { formatQty, mergeMoves, type KeyedMoves, type StockMove } from './moves.ts';

export type { StockMove } from './moves.ts';

/**
 * Posts stock moves of one document: the only way stock changes (ARCHITECTURE §3).
 *
 * Per (warehouse, SKU), in key order so two postings never wait on each other in opposite orders (no
 * deadlock): a guarded UPDATE of the balance row (on_hand, reserved and in_transit never below zero,
 * available = on_hand - reserved never below zero after an outbound move; inbound moves with a cost move
 * the moving average), then one ledger row per move with the balance after it. A refused move throws 409
 * 库存不足 naming the SKU and the quantities; the caller's transaction rolls the whole document back.
 */
export async function postStock(tx: Queryable, auth: AuthContext, ref: DocRef, moves: StockMove[]): Promise<void> {
  if (!moves.length) return;
  const keys = mergeMoves(moves);
  // Balance rows that do not exist yet (first receipt of a SKU in a warehouse), with the names copied.
  await tx.query(
    `INSERT INTO stock_balance (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, barcode, spu_id, spu_name, spec, unit)
     SELECT $1, k.wh_id, k.sku_id, w.wh_name, s.sku_code, s.sku_name, s.barcode, s.spu_id, s.spu_name, s.spec, s.unit
       FROM unnest($2::int[], $3::int[]) AS k(wh_id, sku_id)
       JOIN wh_base_info w ON w.wh_id = k.wh_id
       JOIN pd_sku s ON s.sku_id = k.sku_id
     ORDER BY k.wh_id, k.sku_id
     ON CONFLICT (tenant_id, wh_id, sku_id) DO NOTHING`,
    [auth.tenantId, keys.map((k) => k.whId), keys.map((k) => k.skuId)],
  );
  for (const k of keys) {
    const res = await tx.query<{ on_hand: string; avg_cost: string; wh_name: string; sku_code: string; sku_name: string }>(
      `UPDATE stock_balance SET
          avg_cost = CASE WHEN $4::numeric > 0 AND $7::numeric IS NOT NULL AND greatest(on_hand, 0) + $4 > 0
                          THEN round((greatest(on_hand, 0) * avg_cost + $7::numeric + $8::numeric * avg_cost) / (greatest(on_hand, 0) + $4), 4)
                          ELSE avg_cost END,
          on_hand = on_hand + $4, reserved = reserved + $5, in_transit = in_transit + $6, update_time = now()
        WHERE tenant_id = $1 AND wh_id = $2 AND sku_id = $3
          AND on_hand + $4 >= 0 AND reserved + $5 >= 0 AND in_transit + $6 >= 0 AND on_hand + $4 - (reserved + $5) >= 0
        RETURNING on_hand, avg_cost, wh_name, sku_code, sku_name`,
      [auth.tenantId, k.whId, k.skuId, k.qty, k.reserved, k.inTransit, k.inboundAmount, k.inboundUncosted],
    );
    if (!res.rows.length) throw await shortage(tx, k);
    const after = res.rows[0];
    // One ledger row per move (per document line), balances after each in order.
    let onHand = Math.round((Number(after.on_hand) - k.qty) * 1000);
    const rows = k.moves.map((m) => {
      onHand += Math.round(m.qty * 1000);
      return { ...m, onHandAfter: onHand / 1000 };
    });
    await tx.query(
      `INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, doc_type, doc_id, doc_no, line_id,
                                 qty, reserved_delta, in_transit_delta, unit_cost, amount, on_hand_after, create_user_id, create_user_name)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, m.line_id, m.qty, m.reserved, m.in_transit,
              coalesce(m.unit_cost, $10::numeric), round(m.qty * coalesce(m.unit_cost, $10::numeric), 2), m.after, $11, $12
         FROM unnest($13::bigint[], $14::numeric[], $15::numeric[], $16::numeric[], $17::numeric[], $18::numeric[])
              AS m(line_id, qty, reserved, in_transit, unit_cost, after)`,
      [
        auth.tenantId,
        k.whId,
        k.skuId,
        after.wh_name,
        after.sku_code,
        after.sku_name,
        ref.docType,
        ref.docId,
        ref.docNo,
        after.avg_cost,
        auth.userId,
        auth.displayName ?? auth.userName,
        rows.map((m) => m.lineId ?? null),
        rows.map((m) => m.qty),
        rows.map((m) => m.reserved ?? 0),
        rows.map((m) => m.inTransit ?? 0),
        rows.map((m) => (m.qty > 0 && m.unitCost !== undefined ? m.unitCost : null)),
        rows.map((m) => m.onHandAfter),
      ],
    );
  }
}

/** 库存不足：可乐 330ml（上海嘉定中心仓）可用 3，需要 5 — read after the guarded update refused. */
async function shortage(tx: Queryable, k: KeyedMoves): Promise<ApiError> {
  const res = await tx.query<{ on_hand: string; reserved: string; in_transit: string; sku_name: string; wh_name: string }>(
    `SELECT b.on_hand, b.reserved, b.in_transit, coalesce(b.sku_name, s.sku_name) AS sku_name, coalesce(b.wh_name, w.wh_name) AS wh_name
       FROM (SELECT $1::int AS wh_id, $2::int AS sku_id) k
       LEFT JOIN stock_balance b ON b.wh_id = k.wh_id AND b.sku_id = k.sku_id
       LEFT JOIN pd_sku s ON s.sku_id = k.sku_id
       LEFT JOIN wh_base_info w ON w.wh_id = k.wh_id`,
    [k.whId, k.skuId],
  );
  const b = res.rows[0];
  const name = `${b?.sku_name ?? `SKU ${k.skuId}`}（${b?.wh_name ?? `仓库 ${k.whId}`}）`;
  if (!b?.sku_name || !b?.wh_name) return new ApiError('BAD_REQUEST', `商品或仓库不存在：${name}`);
  const onHand = Number(b.on_hand ?? 0);
  const reserved = Number(b.reserved ?? 0);
  if (k.inTransit < 0 && Number(b.in_transit ?? 0) + k.inTransit < 0) return new ApiError('CONFLICT', `在途库存不足：${name}在途 ${formatQty(Number(b.in_transit ?? 0))}，需要 ${formatQty(-k.inTransit)}`);
  const need = k.reserved - k.qty > 0 ? k.reserved - k.qty : -k.qty;
  return new ApiError('CONFLICT', `库存不足：${name}可用 ${formatQty(onHand - reserved)}，需要 ${formatQty(need)}`);
}
