import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';

/** 库位 (wh_location) beyond its generic routes: the picker of many at once, a location's count, the totals. */

/** Sets the picker of every location named; all of them must exist. */
export async function setPickingUser(tx: Queryable, ids: number[], pickingUserId: number | null): Promise<number | null> {
  const res = await tx.query(`UPDATE wh_location SET picking_user_id = $1 WHERE location_id = ANY($2::int[])`, [pickingUserId, ids]);
  if (res.rowCount !== new Set(ids).size) throw new ApiError('NOT_FOUND', '库位不存在，未修改任何记录');
  return res.rowCount;
}

/** A location's count: the locations of one SKU in one warehouse together hold no more than its stock on hand. */
export async function setLocationStockCount(tx: Queryable, locationId: number, stockCount: number): Promise<void> {
  const loc = (await tx.query<{ wh_id: number; sku_id: number | null; sku_name: string }>(`SELECT wh_id, sku_id, sku_name FROM wh_location WHERE location_id = $1 FOR UPDATE`, [locationId])).rows[0];
  if (!loc) throw new ApiError('NOT_FOUND', '库位不存在');
  if (!loc.sku_id) throw new ApiError('BAD_REQUEST', '该库位未设置存放商品，不能设置数量');
  const r = (
    await tx.query<{ on_hand: string | null; others: string }>(
      `SELECT (SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2) AS on_hand,
              (SELECT coalesce(sum(stock_count), 0) FROM wh_location WHERE wh_id = $1 AND sku_id = $2 AND location_id <> $3) AS others`,
      [loc.wh_id, loc.sku_id, locationId],
    )
  ).rows[0];
  const onHand = Number(r.on_hand ?? 0);
  if (Number(r.others) + stockCount > onHand)
    throw new ApiError('BAD_REQUEST', `库位数量合计超过实际库存：${loc.sku_name} 实际库存 ${onHand}，其他库位已放 ${Number(r.others)}`);
  await tx.query(`UPDATE wh_location SET stock_count = $1 WHERE location_id = $2`, [stockCount, locationId]);
}

/** 库位合计: locations, used, empty, and the counts they hold (of one warehouse, or all). */
export async function locationTotals(tx: Queryable, whId: number | null) {
  return (
    await tx.query(
      `SELECT count(*)::int AS "locationCount", count(sku_id)::int AS "usedCount", (count(*) - count(sku_id))::int AS "emptyCount", coalesce(sum(stock_count), 0)::float8 AS "stockCount"
         FROM wh_location WHERE ($1::int IS NULL OR wh_id = $1)`,
      [whId],
    )
  ).rows[0];
}
