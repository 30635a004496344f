import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { DocRef } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { postLots, type LotOptions } from './lots.ts';
import { formatQty, mergeMoves, type KeyedMoves, type StockMove } from './moves.ts';

export type { StockMove } from './moves.ts';

/**
 * Posts stock moves of one document: the only way stock changes (ARCHITECTURE §3).
 *
 * Set-based, whatever the number of lines, and one statement once the balance rows exist: the balance rows are
 * locked in key order (warehouse, SKU) by a SELECT … FOR UPDATE, so two postings never wait on each other in
 * opposite orders (no deadlock); one guarded UPDATE changes them all (on_hand, reserved and in_transit never
 * below zero, available = on_hand - reserved never below zero; inbound moves with a cost move the moving
 * average); one INSERT writes a ledger row per move with the balance after it. The guards read the rows as
 * locked (the newest version), not as the statement's snapshot saw them, so stock that arrived while waiting
 * counts. Posting is the last thing a document does before COMMIT, and each round trip between the lock and
 * COMMIT is time the other registers wait, hence one statement. A refused key throws 409 库存不足 naming the SKU
 * and the quantities; the caller's transaction rolls the whole document back. The same statement answers which SKUs are
 * 批次管理: their moves then go to their lots (postLots, one read and one write more), so Σ lot on_hand = on_hand.
 * A move may name its own ledger doc_type (a transfer's 调拨短少 rows, same doc_id and doc_no) and a move out of
 * transit that reaches no on-hand may carry a cost: its row's amount is then the value lost (moves.ts).
 */
export async function postStock(tx: Queryable, auth: AuthContext, ref: DocRef, moves: StockMove[], lotOptions?: LotOptions): Promise<void> {
  if (!moves.length) return;
  const keys = mergeMoves(moves);
  // One ledger row per move (per document line), in key order (mergeMoves sorts the keys the way they are locked).
  const rows = keys.flatMap((k) => k.moves.map((m) => ({ k, m })));
  const post = () => tx.query<{ wh: number[] | null; sku: number[] | null; lot_skus: number[] | null; present_wh: number[] | null; present_sku: number[] | null }>(
    `WITH k AS (
       SELECT * FROM unnest($1::int[], $2::int[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])
                  AS k(wh_id, sku_id, qty, reserved, in_transit, amount, uncosted)),
     p AS MATERIALIZED (SELECT b.wh_id, b.sku_id FROM stock_balance b JOIN k ON b.wh_id = k.wh_id AND b.sku_id = k.sku_id),
     l AS MATERIALIZED (
       SELECT b.wh_id, b.sku_id, b.on_hand, b.reserved, b.in_transit FROM stock_balance b JOIN k ON b.wh_id = k.wh_id AND b.sku_id = k.sku_id
        WHERE (SELECT count(*) FROM p) = $21
        ORDER BY b.wh_id, b.sku_id FOR UPDATE OF b),
     up AS (
       UPDATE stock_balance b SET
          avg_cost = CASE WHEN k.qty > 0 AND k.amount IS NOT NULL AND greatest(b.on_hand, 0) + k.qty > 0
                          THEN round((greatest(b.on_hand, 0) * b.avg_cost + k.amount + k.uncosted * b.avg_cost) / (greatest(b.on_hand, 0) + k.qty), 4)
                          ELSE b.avg_cost END,
          on_hand = b.on_hand + k.qty, reserved = b.reserved + k.reserved, in_transit = b.in_transit + k.in_transit, update_time = now()
         FROM l JOIN k ON k.wh_id = l.wh_id AND k.sku_id = l.sku_id
        WHERE b.wh_id = l.wh_id AND b.sku_id = l.sku_id
          AND l.on_hand + k.qty >= 0 AND l.reserved + k.reserved >= 0 AND l.in_transit + k.in_transit >= 0 AND l.on_hand + k.qty - (l.reserved + k.reserved) >= 0
          AND (SELECT count(*) FROM l) = $21
        RETURNING b.wh_id, b.sku_id, b.on_hand, b.avg_cost, b.wh_name, b.sku_code, b.sku_name, k.qty AS net),
     m AS (
       SELECT * FROM unnest($8::int[], $9::int[], $10::bigint[], $11::numeric[], $12::numeric[], $13::numeric[], $14::numeric[], $22::text[]) WITH ORDINALITY
                  AS m(wh_id, sku_id, line_id, qty, reserved, in_transit, unit_cost, doc_type, n)),
     led AS (
       INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, doc_type, doc_id, doc_no, line_id,
                                 qty, reserved_delta, in_transit_delta, unit_cost, amount, on_hand_after, create_user_id, create_user_name)
       SELECT $15, m.wh_id, m.sku_id, up.wh_name, up.sku_code, up.sku_name, coalesce(m.doc_type, $16), $17, $18, m.line_id, m.qty, m.reserved, m.in_transit,
              coalesce(m.unit_cost, up.avg_cost),
              round(CASE WHEN m.qty = 0 AND m.unit_cost IS NOT NULL THEN m.in_transit ELSE m.qty END * coalesce(m.unit_cost, up.avg_cost), 2),
              up.on_hand - up.net + sum(m.qty) OVER (PARTITION BY m.wh_id, m.sku_id ORDER BY m.n), $19, $20
         FROM m JOIN up ON up.wh_id = m.wh_id AND up.sku_id = m.sku_id
        WHERE (SELECT count(*) FROM up) = $21
        ORDER BY m.n)
     SELECT array_agg(up.wh_id) AS wh, array_agg(up.sku_id) AS sku, array_agg(up.sku_id) FILTER (WHERE s.lot_managed) AS lot_skus,
            (SELECT array_agg(wh_id) FROM p) AS present_wh, (SELECT array_agg(sku_id) FROM p) AS present_sku
       FROM up JOIN pd_sku s ON s.sku_id = up.sku_id`,
    [
      keys.map((k) => k.whId),
      keys.map((k) => k.skuId),
      keys.map((k) => k.qty),
      keys.map((k) => k.reserved),
      keys.map((k) => k.inTransit),
      keys.map((k) => k.inboundAmount),
      keys.map((k) => k.inboundUncosted),
      rows.map((r) => r.k.whId),
      rows.map((r) => r.k.skuId),
      rows.map((r) => r.m.lineId ?? null),
      rows.map((r) => r.m.qty),
      rows.map((r) => r.m.reserved ?? 0),
      rows.map((r) => r.m.inTransit ?? 0),
      rows.map((r) => ((r.m.qty > 0 || (r.m.qty === 0 && (r.m.inTransit ?? 0) !== 0)) && r.m.unitCost !== undefined ? r.m.unitCost : null)),
      auth.tenantId,
      ref.docType,
      ref.docId,
      ref.docNo,
      auth.userId,
      auth.displayName ?? auth.userName,
      keys.length,
      rows.map((r) => r.m.docType ?? null),
    ],
    { prepare: true },
  );
  const keyed = (wh: number[] | null, sku: number[] | null) => new Set((wh ?? []).map((w, i) => `${w}:${sku![i]}`));
  let posted = await post();
  // Nothing is locked or moved unless every key has its balance row. Rows that do not exist yet (first receipt of a
  // SKU in a warehouse) are then made, with the names copied, and the posting runs again: a round trip more only
  // when one is missing; rows are made before any is locked, in key order, as the locks are taken (no deadlock).
  // A key that takes stock out cannot succeed on a new (empty) row: it is refused below either way, so no row is made.
  const creatable = keys.filter((k) => k.qty >= 0 && k.reserved >= 0 && k.inTransit >= 0);
  let present = keyed(posted.rows[0]?.present_wh ?? null, posted.rows[0]?.present_sku ?? null);
  if (present.size < keys.length && creatable.some((k) => !present.has(`${k.whId}:${k.skuId}`))) {
    await tx.query(
      `INSERT INTO stock_balance (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, barcode, spu_id, spu_name, spec, unit)
       SELECT $1, k.wh_id, k.sku_id, w.wh_name, s.sku_code, s.sku_name, s.barcode, s.spu_id, s.spu_name, s.spec, s.unit
         FROM unnest($2::int[], $3::int[]) AS k(wh_id, sku_id)
         JOIN wh_base_info w ON w.wh_id = k.wh_id
         JOIN pd_sku s ON s.sku_id = k.sku_id
        WHERE NOT EXISTS (SELECT 1 FROM stock_balance b WHERE b.wh_id = k.wh_id AND b.sku_id = k.sku_id)
       ORDER BY k.wh_id, k.sku_id
       ON CONFLICT (tenant_id, wh_id, sku_id) DO NOTHING`,
      [auth.tenantId, creatable.map((k) => k.whId), creatable.map((k) => k.skuId)],
      { prepare: true },
    );
    posted = await post();
    present = keyed(posted.rows[0]?.present_wh ?? null, posted.rows[0]?.present_sku ?? null);
  }
  const done = keyed(posted.rows[0]?.wh ?? null, posted.rows[0]?.sku ?? null);
  // A key without a balance row is the refusal when there is one (the others were not tried).
  const refused = keys.find((k) => !present.has(`${k.whId}:${k.skuId}`)) ?? keys.find((k) => !done.has(`${k.whId}:${k.skuId}`));
  if (refused) throw await shortage(tx, refused);
  const lotSkus = new Set(posted.rows[0]?.lot_skus ?? []);
  if (lotSkus.size) await postLots(tx, auth, ref, moves.filter((m) => lotSkus.has(m.skuId) && m.qty !== 0), lotOptions);
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
