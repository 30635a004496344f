import type { Database } from '../index.ts';

/**
 * Lots demo (issue 29): two dated SKUs of the dairy and bakery shelf (a 鲜牛奶 and a 吐司面包) become 批次管理 + 保质期管理,
 * and what each warehouse holds of them is split into two lots: an older one that is 临期 (expires in 2 days; in shop
 * warehouses the milk's is already past, so the register refuses it) and a fresh one. The 临期/过期批次 report, the
 * 工作台 and first-expiry-first-out at the register then show something real. Runs once: a tenant with lots keeps them.
 * Posted as lot-ledger rows of type 'lotOpening', so Σ lot ledger = Σ lot on_hand = on_hand from the start.
 */
export async function seedLotDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    await tx.query(`INSERT INTO wh_lot_config (tenant_id) VALUES (app_current_tenant()) ON CONFLICT DO NOTHING`);
    if ((await tx.query(`SELECT 1 FROM stock_lot_balance LIMIT 1`)).rows.length) return;
    const skus = (await tx.query<{ sku_id: number; shelf: number; kind: string }>(
      `SELECT DISTINCT ON (kind) sku_id, shelf, kind FROM (
         SELECT s.sku_id, CASE WHEN s.sku_name LIKE '%鲜牛奶%' THEN 7 ELSE 5 END AS shelf, CASE WHEN s.sku_name LIKE '%鲜牛奶%' THEN 'milk' ELSE 'bread' END AS kind
           FROM pd_sku s WHERE s.status = 1 AND (s.sku_name LIKE '%鲜牛奶%' OR s.sku_name LIKE '%吐司面包%')
            AND EXISTS (SELECT 1 FROM stock_balance b JOIN wh_base_info w ON w.wh_id = b.wh_id WHERE b.sku_id = s.sku_id AND b.on_hand >= 2 AND w.wh_type = 2)) x
        ORDER BY kind, sku_id`,
    )).rows;
    if (!skus.length) return;
    await tx.query(
      `WITH k AS (SELECT * FROM unnest($1::int[], $2::int[], $3::text[]) AS k(sku_id, shelf, kind)),
       b AS (SELECT b.wh_id, b.sku_id, b.on_hand, k.shelf, k.kind, w.wh_type FROM stock_balance b JOIN k ON k.sku_id = b.sku_id JOIN wh_base_info w ON w.wh_id = b.wh_id WHERE b.on_hand > 0),
       lots AS (
         -- The older lot: a third of the stock (at least 1), expiring in 2 days (the milk in shop warehouses: yesterday).
         SELECT wh_id, sku_id, greatest(floor(on_hand / 3), 1) AS qty,
                CASE WHEN kind = 'milk' AND wh_type = 2 THEN current_date - 1 ELSE current_date + 2 END AS expiry, shelf FROM b
         UNION ALL
         SELECT wh_id, sku_id, on_hand - greatest(floor(on_hand / 3), 1), current_date + shelf - 1, shelf FROM b WHERE on_hand > 1),
       named AS (SELECT *, 'L' || to_char(expiry - shelf, 'YYYYMMDD') AS lot_no, expiry - shelf AS made FROM lots WHERE qty > 0),
       put AS (
         INSERT INTO stock_lot_balance (tenant_id, wh_id, sku_id, lot_no, production_date, expiry_date, on_hand)
         SELECT app_current_tenant(), wh_id, sku_id, lot_no, made, expiry, qty FROM named ORDER BY wh_id, sku_id, lot_no
         RETURNING wh_id, sku_id, lot_no, production_date, expiry_date, on_hand)
       INSERT INTO stock_lot_ledger (tenant_id, wh_id, sku_id, lot_no, production_date, expiry_date, doc_type, doc_id, doc_no, qty, on_hand_after)
       SELECT app_current_tenant(), wh_id, sku_id, lot_no, production_date, expiry_date, 'lotOpening', sku_id, '期初批次', on_hand, on_hand FROM put`,
      [skus.map((s) => s.sku_id), skus.map((s) => s.shelf), skus.map((s) => s.kind)],
    );
    // Flagged after the lots exist: the trigger's 期初 lot takes only what no lot holds (nothing here).
    await tx.query(
      `UPDATE pd_sku s SET lot_managed = true, expiry_managed = true, shelf_life_days = k.shelf, near_expiry_days = 3
         FROM unnest($1::int[], $2::int[]) AS k(sku_id, shelf) WHERE s.sku_id = k.sku_id`,
      [skus.map((s) => s.sku_id), skus.map((s) => s.shelf)],
    );
  });
}
