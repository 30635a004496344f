import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { offsetOf } from '../../http/envelope.ts';
import { lockWarehouseCounts, refuseOverlap, UNCOUNTED } from './stocktake.ts';

/**
 * 盘点 (wh-inventory) beyond its document routes, the SQL behind stocktakeRoutes.ts: a stocktake by key, its lines by
 * SKU and by SPU, status counts, remark edits, lines added or removed while counting, the difference preview,
 * differences across posted stocktakes and the counting config. The document's actions are stocktake.ts's.
 */

type Row = Record<string, unknown>;

const LINE_COLUMNS = `d.det_id AS "detId", d.inventory_id AS "inventoryId", d.line_no AS "lineNo", d.sku_id AS "skuId", d.sku_code AS "skuCode", d.sku_name AS "skuName",
  d.barcode, d.spec, d.unit, d.spu_id AS "spuId", d.spu_name AS "spuName", d.book_quantity::float8 AS "bookQuantity", d.quantity::float8 AS quantity,
  d.book_at_count::float8 AS "bookAtCount", d.diff_quantity::float8 AS "diffQuantity", d.unit_cost::float8 AS "unitCost", d.diff_amount::float8 AS "diffAmount",
  to_char(d.count_time, 'YYYY-MM-DD HH24:MI:SS') AS "countTime", d.remark`;

export async function idByKey(tx: Queryable, key: string): Promise<number> {
  const r = await tx.query<{ inventory_id: number }>(`SELECT inventory_id FROM wh_inventory WHERE inventory_key = $1`, [key]);
  if (!r.rows[0]) throw new ApiError('NOT_FOUND', '盘点单不存在');
  return r.rows[0].inventory_id;
}

async function mustExist(tx: Queryable, id: number): Promise<{ status: number; wh_id: number }> {
  const r = await tx.query<{ status: number; wh_id: number }>(`SELECT status, wh_id FROM wh_inventory WHERE inventory_id = $1 FOR UPDATE`, [id]);
  if (!r.rows[0]) throw new ApiError('NOT_FOUND', '盘点单不存在');
  return r.rows[0];
}

export interface LineQuery { inventoryId: number; keyword?: string; counted?: 0 | 1; pageNum?: number; pageSize?: number }

/** A stocktake's lines by SKU: a keyword matches barcode, code or name (LIKE wildcards taken literally); counted=0 the uncounted. */
export async function linePage(tx: Queryable, q: LineQuery) {
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 100;
  const kw = q.keyword?.trim() ? `%${q.keyword.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  await mustExist(tx, q.inventoryId);
  const where = `d.inventory_id = $1 AND ($2::text IS NULL OR d.sku_name ILIKE $2 OR d.sku_code ILIKE $2 OR d.barcode ILIKE $2)
                 AND ($3::int IS NULL OR ($3 = 1) = (d.quantity IS NOT NULL))`;
  const total = Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wh_inventory_det d WHERE ${where}`, [q.inventoryId, kw, q.counted ?? null])).rows[0].n);
  const records = (await tx.query(`SELECT ${LINE_COLUMNS} FROM wh_inventory_det d WHERE ${where} ORDER BY d.line_no LIMIT $4 OFFSET $5`, [q.inventoryId, kw, q.counted ?? null, pageSize, offsetOf(pageNum, pageSize)])).rows;
  return { records, total };
}

/** A stocktake's lines per SPU: SKUs, counted, book, counted quantity, difference. */
export async function spuLines(tx: Queryable, id: number) {
  await mustExist(tx, id);
  return (
    await tx.query(
      `SELECT d.spu_id AS "spuId", coalesce(max(d.spu_name), '未归类') AS "spuName", count(*)::int AS "skuCount", count(d.quantity)::int AS "countedCount",
              sum(d.book_quantity)::float8 AS "bookQuantity", sum(d.quantity)::float8 AS quantity, coalesce(sum(d.diff_quantity), 0)::float8 AS "diffQuantity"
         FROM wh_inventory_det d WHERE d.inventory_id = $1 GROUP BY d.spu_id ORDER BY "spuName"`,
      [id],
    )
  ).rows;
}

/** How many stocktakes each status holds (the status tabs). */
export async function statusCounts(tx: Queryable) {
  const rows = (
    await tx.query<{ value: number; count: number }>(
      `SELECT s.value, count(h.inventory_id)::int AS count FROM unnest(ARRAY[1, 2, 3]) AS s(value) LEFT JOIN wh_inventory h ON h.status = s.value GROUP BY s.value ORDER BY s.value`,
    )
  ).rows;
  const labels: Record<number, string> = { 1: '盘点中', 2: '已复核', 3: '已过账' };
  return rows.map((r) => ({ value: r.value, label: labels[r.value], count: r.count }));
}

/** The remark, while counting. */
export async function editRemark(tx: Queryable, id: number, remark: string | null): Promise<void> {
  const h = await mustExist(tx, id);
  if (h.status !== 1) throw new ApiError('CONFLICT', '盘点单已复核，不能修改');
  await tx.query(`UPDATE wh_inventory SET remark = $2 WHERE inventory_id = $1`, [id, remark]);
}

/**
 * Lines added (active SKUs, their book as the stock is now; a SKU another open stocktake of the warehouse counts is
 * refused) or removed while counting; the header's totals follow.
 */
export async function adjustLines(tx: Queryable, inventoryId: number, addSkuIds: number[], removeDetIds: number[]) {
  const h = await mustExist(tx, inventoryId);
  if (h.status !== 1) throw new ApiError('CONFLICT', '盘点单已复核，不能增删商品');
  if (addSkuIds.length) {
    const bad = await tx.query<{ id: number }>(`SELECT x.id FROM unnest($1::int[]) AS x(id) LEFT JOIN pd_sku s ON s.sku_id = x.id AND s.status = 1 WHERE s.sku_id IS NULL LIMIT 1`, [addSkuIds]);
    if (bad.rows[0]) throw new ApiError('BAD_REQUEST', `商品 ${bad.rows[0].id} 不存在或已停用`);
  }
  if (addSkuIds.length) await lockWarehouseCounts(tx, h.wh_id);
  const removed = removeDetIds.length ? (await tx.query(`DELETE FROM wh_inventory_det WHERE inventory_id = $1 AND det_id = ANY($2::int[])`, [inventoryId, removeDetIds])).rowCount : 0;
  const added = addSkuIds.length
    ? (
        await tx.query(
          `INSERT INTO wh_inventory_det (tenant_id, inventory_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, spu_id, spu_name, book_quantity, unit_cost)
           SELECT app_current_tenant(), $1, (SELECT coalesce(max(line_no), 0) FROM wh_inventory_det WHERE inventory_id = $1) + row_number() OVER (ORDER BY s.sku_id),
                  s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, s.spu_id, s.spu_name, coalesce(b.on_hand, 0), coalesce(b.avg_cost, 0)
             FROM pd_sku s LEFT JOIN stock_balance b ON b.wh_id = $2 AND b.sku_id = s.sku_id
            WHERE s.sku_id = ANY($3::int[])
           ON CONFLICT (tenant_id, inventory_id, sku_id) DO NOTHING`,
          [inventoryId, h.wh_id, addSkuIds],
        )
      ).rowCount
    : 0;
  if (added) await refuseOverlap(tx, inventoryId, h.wh_id, false);
  await tx.query(
    `UPDATE wh_inventory h SET total_lines = t.n, counted_lines = t.c, total_quantity = t.q
       FROM (SELECT count(*)::int n, count(quantity)::int c, coalesce(sum(quantity), 0) q FROM wh_inventory_det WHERE inventory_id = $1) t WHERE h.inventory_id = $1`,
    [inventoryId],
  );
  return { added, removed };
}

/** Differences of one stocktake as they would post now (counted lines against their book at count). */
export async function differencePreview(tx: Queryable, id: number) {
  const cfg = await tx.query<{ uncounted_as: number }>(`SELECT uncounted_as FROM wh_inventory_config`);
  const zero = Number(cfg.rows[0]?.uncounted_as ?? UNCOUNTED.skip) === UNCOUNTED.zero;
  const h = await mustExist(tx, id);
  const rows = (
    await tx.query<Row>(
      `SELECT d.det_id AS "detId", d.sku_id AS "skuId", d.sku_code AS "skuCode", d.sku_name AS "skuName",
              coalesce(d.book_at_count, b.on_hand, 0)::float8 AS book, d.quantity::float8 AS counted,
              CASE WHEN d.quantity IS NOT NULL THEN (d.quantity - coalesce(d.book_at_count, 0))::float8
                   WHEN $2 THEN (0 - coalesce(b.on_hand, 0))::float8 END AS diff,
              coalesce(b.avg_cost, d.unit_cost)::float8 AS "unitCost"
         FROM wh_inventory_det d LEFT JOIN stock_balance b ON b.wh_id = $3 AND b.sku_id = d.sku_id
        WHERE d.inventory_id = $1 ORDER BY d.line_no`,
      [id, zero, h.wh_id],
    )
  ).rows;
  const lines = rows.map((r) => ({ ...r, diff: r.diff as number | null, diffAmount: r.diff === null ? null : Math.round(Number(r.diff) * Number(r.unitCost) * 100) / 100 }));
  const changed = lines.filter((l) => l.diff !== null && Number(l.diff) !== 0);
  return {
    uncountedAs: zero ? UNCOUNTED.zero : UNCOUNTED.skip,
    lines,
    diffLines: changed.length,
    gainQuantity: changed.reduce((a, l) => a + Math.max(0, Number(l.diff)), 0),
    lossQuantity: changed.reduce((a, l) => a + Math.max(0, -Number(l.diff)), 0),
    diffAmount: Math.round(changed.reduce((a, l) => a + Number(l.diffAmount), 0) * 100) / 100,
  };
}

/** A stocktake's lines whose difference is not 0. */
export async function differenceLines(tx: Queryable, id: number) {
  await mustExist(tx, id);
  return (await tx.query(`SELECT ${LINE_COLUMNS} FROM wh_inventory_det d WHERE d.inventory_id = $1 AND d.diff_quantity <> 0 ORDER BY d.line_no`, [id])).rows;
}

/** A stocktake's differences per SPU. */
export async function differencesBySpu(tx: Queryable, id: number) {
  await mustExist(tx, id);
  return (
    await tx.query(
      `SELECT d.spu_id AS "spuId", coalesce(max(d.spu_name), '未归类') AS "spuName", count(*)::int AS "skuCount",
              sum(d.diff_quantity)::float8 AS "diffQuantity", sum(d.diff_amount)::float8 AS "diffAmount"
         FROM wh_inventory_det d WHERE d.inventory_id = $1 AND d.diff_quantity <> 0 GROUP BY d.spu_id ORDER BY "spuName"`,
      [id],
    )
  ).rows;
}

/** Differences across posted stocktakes: by warehouse, SKU name and posting time. */
export type DiffQuery = { whId?: number | null; skuName?: string | null; submitTimeStart?: string | null; submitTimeEnd?: string | null; pageNum?: number; pageSize?: number };
const diffWhere = (b: DiffQuery): [string, unknown[]] => [
  `h.status = 3 AND d.diff_quantity <> 0 AND ($1::int IS NULL OR h.wh_id = $1) AND ($2::text IS NULL OR d.sku_name ILIKE '%' || $2 || '%')
   AND ($3::text IS NULL OR h.submit_time >= $3::timestamp) AND ($4::text IS NULL OR h.submit_time < $4::timestamp + interval '1 second')`,
  [b.whId ?? null, b.skuName?.trim() || null, b.submitTimeStart || null, b.submitTimeEnd || null],
];

/** The differing lines of posted stocktakes, newest posting first, a page of them. */
export async function postedDifferencePage(tx: Queryable, b: DiffQuery) {
  const [where, params] = diffWhere(b);
  const pageNum = b.pageNum ?? 1;
  const pageSize = b.pageSize ?? 20;
  const total = Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wh_inventory_det d JOIN wh_inventory h ON h.inventory_id = d.inventory_id WHERE ${where}`, params)).rows[0].n);
  const records = (
    await tx.query(
      `SELECT ${LINE_COLUMNS}, h.inventory_no AS "inventoryNo", h.wh_name AS "whName", to_char(h.submit_time, 'YYYY-MM-DD HH24:MI:SS') AS "submitTime"
         FROM wh_inventory_det d JOIN wh_inventory h ON h.inventory_id = d.inventory_id WHERE ${where}
        ORDER BY h.submit_time DESC, d.line_no LIMIT $5 OFFSET $6`,
      [...params, pageSize, offsetOf(pageNum, pageSize)],
    )
  ).rows;
  return { records, total };
}

/** The differences of posted stocktakes merged per SKU: gain, loss, net and amount, the largest amounts first. */
export async function postedDifferencesBySku(tx: Queryable, b: DiffQuery) {
  const [where, params] = diffWhere(b);
  return (
    await tx.query(
      `SELECT d.sku_id AS "skuId", max(d.sku_code) AS "skuCode", max(d.sku_name) AS "skuName", count(DISTINCT d.inventory_id)::int AS "inventoryCount",
              sum(greatest(d.diff_quantity, 0))::float8 AS "gainQuantity", sum(greatest(-d.diff_quantity, 0))::float8 AS "lossQuantity",
              sum(d.diff_quantity)::float8 AS "diffQuantity", sum(d.diff_amount)::float8 AS "diffAmount"
         FROM wh_inventory_det d JOIN wh_inventory h ON h.inventory_id = d.inventory_id WHERE ${where}
        GROUP BY d.sku_id ORDER BY abs(sum(d.diff_amount)) DESC NULLS LAST, "skuCode" LIMIT 1000`,
      params,
    )
  ).rows;
}

/** What posting does with uncounted lines (UNCOUNTED): skip them, or count them as 0. */
export async function uncountedAs(tx: Queryable): Promise<number> {
  const row = (await tx.query<{ uncounted_as: number }>(`SELECT uncounted_as FROM wh_inventory_config`)).rows[0];
  return Number(row?.uncounted_as ?? UNCOUNTED.skip);
}

export async function setUncountedAs(tx: Queryable, value: number): Promise<void> {
  await tx.query(
    `INSERT INTO wh_inventory_config (tenant_id, uncounted_as) VALUES (app_current_tenant(), $1)
     ON CONFLICT (tenant_id) DO UPDATE SET uncounted_as = EXCLUDED.uncounted_as, update_time = now()`,
    [value],
  );
}
