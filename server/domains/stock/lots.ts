import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { DocRef } from '../../documents/registry.ts';
import { allocateLots, type LotHistory, type LotHolding, type LotMove, type LotRef, type LotSku } from './lotAllocation.ts';

export type { LotRef } from './lotAllocation.ts';

/** The lot a document line names (`lotNo`, and on receipts `productionDate` / `expiryDate`); none when it names none. */
export function lineLot(l: Record<string, unknown>): LotRef | null {
  if (typeof l.lotNo !== 'string' || !l.lotNo.trim()) return null;
  const date = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 10) : null);
  return { lotNo: l.lotNo.trim(), productionDate: date(l.productionDate), expiryDate: date(l.expiryDate) };
}

export interface LotOptions {
  /** The register: expired lots are skipped and a named expired lot is refused, when the chain says so. */
  sale?: boolean;
}

/**
 * Posts the lots of a posting's 批次管理 SKUs (stock_lot_balance, stock_lot_ledger), called by postStock right after
 * its statement, in its transaction. postStock has locked the (warehouse, SKU) balance rows of every move, so the lot
 * rows read here cannot change under us; they are locked too for whoever writes them otherwise. Which lot each move
 * takes is lotAllocation.ts's rule; this reads what it needs in one statement and writes in one.
 */
export async function postLots(tx: Queryable, auth: AuthContext, ref: DocRef, moves: LotMove[], opts: LotOptions = {}): Promise<void> {
  if (!moves.length) return;
  const keys = [...new Map(moves.map((m) => [`${m.whId}:${m.skuId}`, m])).values()].sort((a, b) => a.whId - b.whId || a.skuId - b.skuId);
  const sources = [{ docType: ref.docType, docId: ref.docId }, ...moves.flatMap((m) => (m.lotFrom ? [m.lotFrom] : []))];
  const named = moves.filter((m) => m.qty < 0 && m.lot?.lotNo);
  const read = await tx.query<{ holdings: Row[] | null; history: HistRow[] | null; skus: SkuRow[]; whs: { wh_id: number; wh_name: string }[]; elsewhere: Row[] | null; today: string; refuse: boolean }>(
    `WITH k AS (SELECT * FROM unnest($1::int[], $2::int[]) AS k(wh_id, sku_id)),
     held AS MATERIALIZED (
       SELECT l.wh_id, l.sku_id, l.lot_no, to_char(l.production_date, 'YYYY-MM-DD') AS production_date, to_char(l.expiry_date, 'YYYY-MM-DD') AS expiry_date, l.on_hand
         FROM stock_lot_balance l JOIN k ON k.wh_id = l.wh_id AND k.sku_id = l.sku_id
        ORDER BY l.wh_id, l.sku_id, l.lot_no FOR UPDATE OF l)
     SELECT (SELECT json_agg(held) FROM held) AS holdings,
            (SELECT json_agg(h) FROM (
               SELECT doc_type, doc_id, wh_id, sku_id, line_id, lot_no, to_char(production_date, 'YYYY-MM-DD') AS production_date,
                      to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date, sum(qty) AS qty
                 FROM stock_lot_ledger WHERE (doc_id, doc_type) IN (SELECT * FROM unnest($3::bigint[], $4::text[]))
                GROUP BY doc_type, doc_id, wh_id, sku_id, line_id, lot_no, production_date, expiry_date HAVING sum(qty) <> 0) h) AS history,
            (SELECT json_agg(json_build_object('sku_id', sku_id, 'sku_name', sku_name, 'expiry_managed', expiry_managed, 'shelf_life_days', shelf_life_days))
               FROM pd_sku WHERE sku_id = ANY($2::int[])) AS skus,
            (SELECT json_agg(json_build_object('wh_id', wh_id, 'wh_name', wh_name)) FROM wh_base_info WHERE wh_id = ANY($1::int[])) AS whs,
            (SELECT json_agg(json_build_object('wh_id', l.wh_id, 'sku_id', l.sku_id, 'lot_no', l.lot_no, 'wh_name', w.wh_name))
               FROM stock_lot_balance l JOIN wh_base_info w ON w.wh_id = l.wh_id
              WHERE l.on_hand > 0 AND (l.sku_id, l.lot_no) IN (SELECT * FROM unnest($5::int[], $6::text[]))) AS elsewhere,
            current_date::text AS today,
            coalesce((SELECT refuse_expired_sale FROM wh_lot_config), true) AS refuse`,
    [keys.map((k) => k.whId), keys.map((k) => k.skuId), sources.map((x) => x.docId), sources.map((x) => x.docType), named.map((m) => m.skuId), named.map((m) => m.lot!.lotNo)],
  );
  const r = read.rows[0];
  const skus = new Map(r.skus.map((s) => [Number(s.sku_id), { skuName: s.sku_name, expiryManaged: s.expiry_managed, shelfLifeDays: s.shelf_life_days } satisfies LotSku]));
  const whs = new Map((r.whs ?? []).map((w) => [Number(w.wh_id), w.wh_name]));
  const postings = allocateLots(moves, (r.holdings ?? []).map(holding), (r.history ?? []).map((h) => ({ ...holding(h), docType: h.doc_type, docId: Number(h.doc_id), lineId: h.line_id === null ? null : Number(h.line_id), qty: Number(h.qty) }) satisfies LotHistory), {
    docType: ref.docType,
    docId: ref.docId,
    today: r.today,
    refuseExpired: Boolean(opts.sale && r.refuse),
    sku: (id) => skus.get(id) ?? { skuName: `SKU ${id}`, expiryManaged: false, shelfLifeDays: null },
    whName: (id) => whs.get(id) ?? `仓库 ${id}`,
    elsewhere: (skuId, lotNo, whId) => (r.elsewhere ?? []).filter((e) => Number(e.sku_id) === skuId && e.lot_no === lotNo && Number(e.wh_id) !== whId).map((e) => e.wh_name!),
  });
  if (!postings.length) return;
  // Balances netted per lot (in key order), then one lot-ledger row per posting with the lot's balance after it.
  await tx.query(
    `WITH p AS (
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::date[], $5::date[], $6::bigint[], $7::numeric[]) WITH ORDINALITY
                  AS p(wh_id, sku_id, lot_no, production_date, expiry_date, line_id, qty, n)),
     net AS (
       SELECT wh_id, sku_id, lot_no, min(production_date) AS production_date, min(expiry_date) AS expiry_date, sum(qty) AS qty FROM p
        GROUP BY wh_id, sku_id, lot_no),
     taken AS (
       UPDATE stock_lot_balance b SET on_hand = b.on_hand + net.qty, update_time = now()
         FROM net WHERE net.qty < 0 AND b.wh_id = net.wh_id AND b.sku_id = net.sku_id AND b.lot_no = net.lot_no
       RETURNING b.wh_id, b.sku_id, b.lot_no, b.on_hand),
     -- Only what grows is upserted: an INSERT's CHECK (on_hand >= 0) is tested on the proposed row before the conflict.
     put AS (
       INSERT INTO stock_lot_balance AS b (tenant_id, wh_id, sku_id, lot_no, production_date, expiry_date, on_hand)
       SELECT $8, wh_id, sku_id, lot_no, production_date, expiry_date, qty FROM net WHERE qty >= 0 ORDER BY wh_id, sku_id, lot_no
       ON CONFLICT (tenant_id, wh_id, sku_id, lot_no) DO UPDATE SET on_hand = b.on_hand + EXCLUDED.on_hand, update_time = now()
       RETURNING b.wh_id, b.sku_id, b.lot_no, b.on_hand),
     up AS (SELECT * FROM taken UNION ALL SELECT * FROM put)
     INSERT INTO stock_lot_ledger (tenant_id, wh_id, sku_id, lot_no, production_date, expiry_date, doc_type, doc_id, doc_no, line_id, qty, on_hand_after)
     SELECT $8, p.wh_id, p.sku_id, p.lot_no, p.production_date, p.expiry_date, $9, $10, $11, p.line_id, p.qty,
            up.on_hand - net.qty + sum(p.qty) OVER (PARTITION BY p.wh_id, p.sku_id, p.lot_no ORDER BY p.n)
       FROM p JOIN up ON up.wh_id = p.wh_id AND up.sku_id = p.sku_id AND up.lot_no = p.lot_no
              JOIN net ON net.wh_id = p.wh_id AND net.sku_id = p.sku_id AND net.lot_no = p.lot_no
      ORDER BY p.n`,
    [
      postings.map((p) => p.whId),
      postings.map((p) => p.skuId),
      postings.map((p) => p.lotNo),
      postings.map((p) => p.productionDate),
      postings.map((p) => p.expiryDate),
      postings.map((p) => p.lineId),
      postings.map((p) => p.qty),
      auth.tenantId,
      ref.docType,
      ref.docId,
      ref.docNo,
    ],
  );
}

interface Row {
  wh_id: number;
  sku_id: number;
  lot_no: string;
  production_date?: string | null;
  expiry_date?: string | null;
  on_hand?: string | number;
  wh_name?: string;
}
interface HistRow extends Row {
  doc_type: string;
  doc_id: string | number;
  line_id: string | number | null;
  qty: string | number;
}
interface SkuRow {
  sku_id: number;
  sku_name: string;
  expiry_managed: boolean;
  shelf_life_days: number | null;
}

const holding = (h: Row): LotHolding => ({
  whId: Number(h.wh_id),
  skuId: Number(h.sku_id),
  lotNo: h.lot_no,
  productionDate: h.production_date ?? null,
  expiryDate: h.expiry_date ?? null,
  onHand: Number(h.on_hand ?? 0),
});
