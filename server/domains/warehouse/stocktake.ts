import { actorName } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { usersWithPerm } from '../../permissions.ts';
import { postStock } from '../stock/index.ts';

/**
 * 盘点 (wh-inventory) — the counting rule, precisely. For one line (warehouse W, SKU s) let
 * L(t) = Σ stock_ledger.qty of (W, s) committed before t; postStock keeps stock_balance.on_hand = L(t).
 *
 *  - t0, the snapshot: the stocktake is created (or the line added by adjust-det). book_quantity = L(t0).
 *  - tc, the count: the line's count C is entered (check-num, or add_check with the count). Re-entering moves tc.
 *    book_at_count = L(tc) = book_quantity + Σ ledger moves of (W, s) between t0 and tc.
 *  - ts, the submit (过账).
 *
 * The difference is D = C - book_at_count = C - (snapshot + ledger moves since the snapshot, up to the count):
 * the count is compared with the book as it was when the goods were counted. Submit posts D as one ledger row
 * (a relative move, through postStock), so after it on_hand = L(ts) + D = C + (moves between tc and ts): the
 * counted quantity plus whatever moved after it was counted. Counting never freezes the warehouse; a receipt or
 * an issue during the count is neither lost (it stays in the book) nor taken as a gain or loss.
 *
 * book_at_count is read from stock_balance when the count is entered rather than recomputed from the ledger at
 * submit: the same number (on_hand = Σ ledger), one indexed read per line instead of a ledger scan since t0.
 * The count statement reads committed balances, so a posting running at the same time is wholly before the
 * count (in book_at_count) or wholly after it (only in L(ts)), never half.
 *
 * Lines nobody counted follow the tenant's config (updateInventoryConfig): 1 = left alone (no ledger row),
 * 2 = counted as zero at submit (tc = ts, D = -L(ts)). 复核 (check) closes the counting; 过账 (submit) posts once
 * (the action's compare-and-set on the status: a second submit is 409).
 *
 * A SKU is in at most one open (盘点中 / 已复核) stocktake of a warehouse: two open stocktakes counting the same
 * goods would each post the same difference.
 */

export const UNCOUNTED = { skip: 1, zero: 2 } as const;


async function refreshHeader(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    `UPDATE wh_inventory h SET total_lines = t.n, counted_lines = t.c, total_quantity = t.q, diff_quantity = t.d, diff_amount = t.a
       FROM (SELECT count(*)::int AS n, count(quantity)::int AS c, coalesce(sum(quantity), 0) AS q,
                    sum(diff_quantity) AS d, sum(diff_amount) AS a
               FROM wh_inventory_det WHERE inventory_id = $1) t
      WHERE h.inventory_id = $1`,
    [id],
  );
}

/** Book quantity and cost of the lines as the stock is now: counts entered now are measured against it. */
async function stampBook(tx: Queryable, id: number, whId: number, detIds: number[] | null): Promise<void> {
  await tx.query(
    `UPDATE wh_inventory_det d SET book_at_count = coalesce(b.on_hand, 0), unit_cost = coalesce(b.avg_cost, 0), count_time = now()
       FROM wh_inventory_det x LEFT JOIN stock_balance b ON b.wh_id = $2 AND b.sku_id = x.sku_id
      WHERE d.det_id = x.det_id AND d.inventory_id = $1 AND d.quantity IS NOT NULL AND ($3::int[] IS NULL OR d.det_id = ANY($3::int[]))`,
    [id, whId, detIds],
  );
}

/**
 * Serialises the stocktakes of one warehouse (creating one, adding lines) for the rest of the transaction, so two
 * callers starting overlapping counts at the same moment cannot both pass refuseOverlap.
 */
export async function lockWarehouseCounts(tx: Queryable, whId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(130, $1::int)`, [whId]);
}

/**
 * A SKU is in at most one open stocktake of a warehouse: 409 naming the first line of stocktake `id` that another
 * open (盘点中 / 已复核) stocktake of the warehouse already counts. `numbered` prefixes 第N行 (lines the caller chose).
 */
export async function refuseOverlap(tx: Queryable, id: number, whId: number, numbered: boolean): Promise<void> {
  // The other open stocktakes of the warehouse first (usually none: nothing more to read). Then one grouping of
  // their lines and ours by SKU: a hash or sort, never a nested loop over 10,000 x 10,000 lines, whatever the
  // planner believes of lines written in this transaction.
  const open = await tx.query<{ inventory_id: number }>(`SELECT inventory_id FROM wh_inventory WHERE wh_id = $1 AND status IN (1, 2) AND inventory_id <> $2`, [whId, id]);
  if (!open.rows.length) return;
  const r = await tx.query<{ line_no: number; sku_name: string; other_id: number }>(
    `SELECT min(line_no) FILTER (WHERE inventory_id = $1) AS line_no, max(sku_name) FILTER (WHERE inventory_id = $1) AS sku_name,
            max(inventory_id) FILTER (WHERE inventory_id <> $1) AS other_id
       FROM wh_inventory_det WHERE inventory_id = ANY($2::int[])
      GROUP BY sku_id HAVING count(*) FILTER (WHERE inventory_id = $1) > 0 AND count(*) FILTER (WHERE inventory_id <> $1) > 0
      ORDER BY 1 LIMIT 1`,
    [id, [id, ...open.rows.map((o) => o.inventory_id)]],
  );
  const hit = r.rows[0];
  if (!hit) return;
  const no = (await tx.query<{ inventory_no: string }>(`SELECT inventory_no FROM wh_inventory WHERE inventory_id = $1`, [hit.other_id])).rows[0].inventory_no;
  throw new ApiError('CONFLICT', `${numbered ? `第${hit.line_no}行：` : ''}商品「${hit.sku_name}」已在进行中的盘点单 ${no} 中，不能重复盘点`);
}

/**
 * Create / add_check: the warehouse's name, the book quantity of every line at the start; no lines given means
 * the whole warehouse (every SKU with a stock record there). Lines created with a count (add_check) are
 * measured against the book now.
 */
registerDocFn('inventory.save', async ({ tx, id, header, lines }) => {
  const wh = await tx.query<{ wh_name: string; status: number }>(`SELECT wh_name, status FROM wh_base_info WHERE wh_id = $1`, [header.whId]);
  if (!wh.rows[0]) throw new ApiError('BAD_REQUEST', '盘点仓库不存在');
  if (Number(wh.rows[0].status) !== 1) throw new ApiError('BAD_REQUEST', `盘点仓库「${wh.rows[0].wh_name}」已停用`);
  await lockWarehouseCounts(tx, Number(header.whId));
  const open = await tx.query<{ inventory_no: string }>(
    `SELECT inventory_no FROM wh_inventory WHERE wh_id = $1 AND status IN (1, 2) AND inventory_id <> $2 AND scope = 1 AND $3::int = 1 LIMIT 1`,
    [header.whId, id, lines.length ? 2 : 1],
  );
  if (open.rows[0]) throw new ApiError('CONFLICT', `仓库「${wh.rows[0].wh_name}」已有进行中的全仓盘点 ${open.rows[0].inventory_no}`);
  await tx.query(`UPDATE wh_inventory SET wh_name = $2 WHERE inventory_id = $1`, [id, wh.rows[0].wh_name]);
  if (!lines.length) {
    const filled = await tx.query(
      `INSERT INTO wh_inventory_det (tenant_id, inventory_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, spu_id, spu_name, book_quantity, unit_cost)
       SELECT app_current_tenant(), $1, row_number() OVER (ORDER BY b.sku_code, b.sku_id), b.sku_id, b.sku_code, b.sku_name, b.barcode, b.spec, b.unit, b.spu_id, b.spu_name, b.on_hand, b.avg_cost
         FROM stock_balance b WHERE b.wh_id = $2`,
      [id, header.whId],
    );
    if (!filled.rowCount) throw new ApiError('BAD_REQUEST', `仓库「${wh.rows[0].wh_name}」还没有库存记录，请选择要盘点的商品`);
    await tx.query(`UPDATE wh_inventory SET scope = 1 WHERE inventory_id = $1`, [id]);
  } else {
    await tx.query(
      `UPDATE wh_inventory_det d SET book_quantity = coalesce(b.on_hand, 0), unit_cost = coalesce(b.avg_cost, 0), spu_id = s.spu_id, spu_name = s.spu_name
         FROM wh_inventory_det x JOIN pd_sku s ON s.sku_id = x.sku_id LEFT JOIN stock_balance b ON b.wh_id = $2 AND b.sku_id = x.sku_id
        WHERE d.det_id = x.det_id AND d.inventory_id = $1`,
      [id, header.whId],
    );
    await stampBook(tx, id, Number(header.whId), null);
    await tx.query(`UPDATE wh_inventory SET scope = 2 WHERE inventory_id = $1`, [id]);
  }
  await refuseOverlap(tx, id, Number(header.whId), lines.length > 0);
  await refreshHeader(tx, id);
});

/** 录入实盘数 (check-num): counts of lines, each measured against the book at this moment. */
registerDocFn(
  'inventory.count',
  async ({ tx, id, header, body }) => {
    const given = (body.detList as { detId: number; quantity?: number | null }[] | null | undefined) ?? [];
    if (!given.length) throw new ApiError('BAD_REQUEST', '请录入盘点数量');
    const ids = given.map((g) => Number(g.detId));
    const qty = given.map((g) => (g.quantity === undefined ? null : g.quantity));
    const seen = new Map<number, number>();
    ids.forEach((d, i) => {
      if (seen.has(d)) throw new ApiError('BAD_REQUEST', `第${i + 1}行：明细 ${d} 与第${seen.get(d)! + 1}行重复`);
      seen.set(d, i);
    });
    // The lines are checked in SQL (one anti-join), not by loading all of a 10,000-line stocktake first.
    const stray = await tx.query<{ n: number; id: number }>(
      `SELECT x.n::int AS n, x.id FROM unnest($2::int[]) WITH ORDINALITY AS x(id, n)
        WHERE NOT EXISTS (SELECT 1 FROM wh_inventory_det d WHERE d.inventory_id = $1 AND d.det_id = x.id) ORDER BY x.n LIMIT 1`,
      [id, ids],
    );
    if (stray.rows[0]) throw new ApiError('BAD_REQUEST', `第${stray.rows[0].n}行：明细 ${stray.rows[0].id} 不属于该盘点单`);
    await tx.query(
      `UPDATE wh_inventory_det d SET quantity = x.q, book_at_count = NULL, count_time = NULL FROM unnest($2::int[], $3::numeric[]) AS x(id, q) WHERE d.det_id = x.id AND d.inventory_id = $1`,
      [id, ids, qty],
    );
    await stampBook(tx, id, Number(header.whId), ids);
    await refreshHeader(tx, id);
    const counted = qty.filter((q) => q !== null).length;
    return { note: `录入 ${counted} 个商品的盘点数` };
  },
  { lines: false },
);

registerDocFn('inventory.check', async ({ tx, auth, id, ref, header }) => {
  const h = await tx.query<{ counted_lines: number }>(`SELECT counted_lines FROM wh_inventory WHERE inventory_id = $1`, [id]);
  if (!Number(h.rows[0]?.counted_lines)) throw new ApiError('BAD_REQUEST', '还没有录入任何盘点数量，不能复核');
  await tx.query(`UPDATE wh_inventory SET check_user_name = $2, check_time = now() WHERE inventory_id = $1`, [id, actorName(auth)]);
  // Notice 3 (inventoryDetail): whoever posts stocktakes has one to look at.
  const posters = await usersWithPerm(tx, 'wh:inventory:submit');
  if (posters.length)
    await notifyUsersInTx(tx, auth.tenantId, posters, {
      businessType: 3,
      businessId: id,
      messageTypeInfo: '盘点待过账',
      noticeTemplateInfo: `盘点单 ${ref.docNo}（${String(header.whName)}）已复核，请核对差异后过账。`,
    });
}, { lines: false });

/** 反复核: back to counting (say a loss no longer fits the stock when posting); counts are kept, re-entering measures again. */
registerDocFn(
  'inventory.uncheck',
  async ({ tx, id }) => {
    await tx.query(`UPDATE wh_inventory SET check_user_name = NULL, check_time = NULL WHERE inventory_id = $1`, [id]);
  },
  { lines: false },
);

registerDocFn('inventory.submit', async ({ tx, auth, id, ref, header }) => {
  const whId = Number(header.whId);
  const cfg = await tx.query<{ uncounted_as: number }>(`SELECT uncounted_as FROM wh_inventory_config`);
  if (Number(cfg.rows[0]?.uncounted_as ?? UNCOUNTED.skip) === UNCOUNTED.zero) {
    await tx.query(`UPDATE wh_inventory_det SET quantity = 0 WHERE inventory_id = $1 AND quantity IS NULL`, [id]);
    await tx.query(
      `UPDATE wh_inventory_det d SET book_at_count = coalesce(b.on_hand, 0), unit_cost = coalesce(b.avg_cost, 0), count_time = now()
         FROM wh_inventory_det x LEFT JOIN stock_balance b ON b.wh_id = $2 AND b.sku_id = x.sku_id
        WHERE d.det_id = x.det_id AND d.inventory_id = $1 AND d.book_at_count IS NULL`,
      [id, whId],
    );
  }
  const diffs = await tx.query<{ det_id: number; sku_id: number; diff: string; unit_cost: string }>(
    `SELECT det_id, sku_id, diff_quantity AS diff, unit_cost FROM wh_inventory_det WHERE inventory_id = $1 AND diff_quantity <> 0 ORDER BY line_no`,
    [id],
  );
  await postStock(
    tx,
    auth,
    ref,
    // A 批次管理 SKU's loss leaves first-expiry-first-out; its surplus joins the freshest lot (counts are per SKU).
    diffs.rows.map((d) => ({ whId, skuId: Number(d.sku_id), qty: Number(d.diff), unitCost: Number(d.unit_cost), lineId: Number(d.det_id), lotFallback: 'freshest' as const })),
  );
  await refreshHeader(tx, id);
  await tx.query(`UPDATE wh_inventory SET submit_user_name = $2, submit_time = now() WHERE inventory_id = $1`, [id, actorName(auth)]);
  const listeners = await usersWithPerm(tx, 'wh:inventory:list');
  if (listeners.length)
    await notifyUsersInTx(tx, auth.tenantId, listeners, {
      businessType: 18,
      businessId: id,
      messageTypeInfo: '盘点已过账',
      noticeTemplateInfo: `盘点单 ${ref.docNo}（${String(header.whName)}）已过账：${diffs.rows.length} 个商品有差异。`,
    });
  return { note: `过账 ${diffs.rows.length} 个差异商品` };
}, { lines: false });
