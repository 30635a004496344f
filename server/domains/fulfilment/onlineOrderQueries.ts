import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { offsetOf } from '../../http/envelope.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { EC_STATUS } from './picking.ts';
import { toFen, yuanText } from '../../../core/money.ts';

/**
 * Online orders' reads and writes (ec_order, ec_order_det, ec_order_import_audit), the SQL behind onlineOrders.ts:
 * online best sellers, orders ready to pack, parcels, and the orders an import file makes.
 */

/** One checked row of an import file (one order line). */
export interface ImportRow {
  row: number;
  platform: number;
  orderNo: string;
  orderTime: string | null;
  buyer: string | null;
  phone: string | null;
  address: string | null;
  whCode: string | null;
  sku: string;
  quantity: number;
  price: number;
}

export type PdtopFilter = { keyword?: string; platform?: number | null } | null;

/** SKUs sold online with their order count, quantity and amount, on a platform and keyword when given. */
const pdtopSql = (b: PdtopFilter) => ({
  sql: `SELECT d.sku_id AS "skuId", max(d.sku_code) AS "skuCode", max(d.sku_name) AS "skuName", s.spu_id AS "spuId", max(s.spu_name) AS "spuName",
               count(DISTINCT d.ec_order_id)::int AS "orderCount", sum(d.quantity)::float8 AS quantity, sum(d.quantity * d.price)::float8 AS amount
          FROM ec_order_det d JOIN ec_order o ON o.ec_order_id = d.ec_order_id JOIN pd_sku s ON s.sku_id = d.sku_id
         WHERE ($1::int IS NULL OR o.platform = $1) AND ($2::text IS NULL OR d.sku_name ILIKE '%' || $2 || '%' OR d.sku_code = $2)
         GROUP BY d.sku_id, s.spu_id`,
  params: [b?.platform ?? null, b?.keyword?.trim() || null],
});

/** ec-pdtop: a page of SKUs sold online, by quantity. */
export async function pdtopPage(tx: Queryable, b: PdtopFilter, pageNum: number, pageSize: number) {
  const { sql, params } = pdtopSql(b);
  const rows = (await tx.query(`SELECT *, count(*) OVER () AS "__total" FROM (${sql}) g ORDER BY quantity DESC, "skuId" LIMIT $3 OFFSET $4`, [...params, pageSize, offsetOf(pageNum, pageSize)])).rows;
  return { records: rows.map(({ __total: _t, ...r }) => r), total: Number(rows[0]?.__total ?? 0) };
}

export async function pdtopTotal(tx: Queryable, b: PdtopFilter) {
  const { sql, params } = pdtopSql(b);
  return (await tx.query(`SELECT count(*)::int AS "skuCount", coalesce(sum(quantity), 0)::float8 AS quantity, coalesce(sum(amount), 0)::float8 AS amount FROM (${sql}) g`, params)).rows[0];
}

/** Each SKU of an SPU with its online quantity and its available stock; none when the SPU has no SKU. */
export async function spuOnlineStock(tx: Queryable, spuId: number) {
  return (
    await tx.query(
      `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.spec,
              coalesce((SELECT sum(quantity) FROM ec_order_det d WHERE d.sku_id = s.sku_id), 0)::float8 AS "onlineQuantity",
              coalesce((SELECT sum(available) FROM stock_balance b WHERE b.sku_id = s.sku_id), 0)::float8 AS available
         FROM pd_sku s WHERE s.spu_id = $1 ORDER BY s.sku_id`,
      [spuId],
    )
  ).rows;
}

/** Orders picked and not yet packed, a buyer's together; an order number or part of the buyer's name narrows them. */
export async function preParcelList(tx: Queryable, keyword: string | null) {
  return (
    await tx.query(
      `SELECT ec_order_id AS "ecOrderId", platform, platform_order_no AS "platformOrderNo", buyer_name AS "buyerName", buyer_phone AS "buyerPhone", address,
              total_quantity::float8 AS "totalQuantity", parcel_no AS "parcelNo"
         FROM ec_order WHERE status = $1 AND ($2::text IS NULL OR platform_order_no = $2 OR buyer_name ILIKE '%' || $2 || '%')
        ORDER BY buyer_phone NULLS LAST, address, ec_order_id LIMIT 1000`,
      [EC_STATUS.picked, keyword],
    )
  ).rows;
}

/** Combines picked orders of one buyer and address into a parcel (its number answered) or unpacks them (null). */
export async function combineOrUnpack(tx: Queryable, auth: AuthContext, ids: number[], action: 'combine' | 'unpack'): Promise<string | null> {
  const rows = (await tx.query<{ id: number; status: number; phone: string | null; address: string | null; no: string }>(
    `SELECT ec_order_id AS id, status, buyer_phone AS phone, address, platform_order_no AS no FROM ec_order WHERE ec_order_id = ANY($1::int[]) FOR UPDATE`,
    [ids],
  )).rows;
  if (rows.length !== ids.length) throw new ApiError('NOT_FOUND', '订单不存在');
  const wrong = rows.find((r) => r.status !== EC_STATUS.picked);
  if (wrong) throw new ApiError('CONFLICT', `订单 ${wrong.no} 不是待打包状态`);
  if (action === 'unpack') {
    await tx.query(`UPDATE ec_order SET parcel_no = NULL WHERE ec_order_id = ANY($1::int[])`, [ids]);
    return null;
  }
  if (new Set(rows.map((r) => `${r.phone}|${r.address}`)).size > 1) throw new ApiError('BAD_REQUEST', '只能合并同一买家、同一收货地址的订单');
  const no = await nextDocNo(tx, auth.tenantId, 'BG');
  await tx.query(`UPDATE ec_order SET parcel_no = $2 WHERE ec_order_id = ANY($1::int[])`, [ids, no]);
  return no;
}

type RowError = { row: number; message: string };

/**
 * The orders of checked rows (grouped by platform + order number; one already imported is skipped), unless a row
 * names an unknown SKU or warehouse: then the errors, added to those given, and nothing imported.
 */
export async function importOrders(tx: Queryable, auth: AuthContext, rows: ImportRow[], errors: RowError[]) {
  const skuRows = (
    await tx.query<{ key: string; sku_id: number; sku_code: string; sku_name: string }>(
      `SELECT k AS key, s.sku_id, s.sku_code, s.sku_name FROM unnest($1::text[]) k JOIN pd_sku s ON (s.sku_code = k OR s.barcode = k) AND s.status = 1`,
      [[...new Set(rows.map((r) => r.sku))]],
    )
  ).rows;
  const skus = new Map(skuRows.map((s) => [s.key, s]));
  // A row naming no warehouse ships from its platform's configured one (ec-order-wh-config).
  const byPlatform = new Map((await tx.query<{ platform: number; wh_id: number }>(`SELECT platform::int AS platform, wh_id FROM ec_order_wh_config`)).rows.map((r) => [r.platform, r.wh_id]));
  const whs = new Map(
    (await tx.query<{ wh_code: string; wh_id: number }>(`SELECT wh_code, wh_id FROM wh_base_info WHERE wh_code = ANY($1::text[]) AND status = 1`, [[...new Set(rows.flatMap((r) => (r.whCode ? [r.whCode] : [])))]])).rows.map((w) => [w.wh_code, w.wh_id]),
  );
  for (const r of rows) {
    if (!skus.has(r.sku)) errors.push({ row: r.row, message: `商品 ${r.sku} 不存在或已停用` });
    if (r.whCode && !whs.has(r.whCode)) errors.push({ row: r.row, message: `发货仓库 ${r.whCode} 不存在或已停用` });
  }
  if (errors.length) return { errors, created: 0, skipped: 0, rows: 0 };
  const orders = new Map<string, ImportRow[]>();
  for (const r of rows) {
    const key = `${r.platform}|${r.orderNo}`;
    if (!orders.has(key)) orders.set(key, []);
    orders.get(key)!.push(r);
  }
  let created = 0;
  let skipped = 0;
  for (const lines of orders.values()) {
    const h = lines[0];
    const ins = await tx.query<{ id: number }>(
      `INSERT INTO ec_order (tenant_id, platform, platform_order_no, wh_id, buyer_name, buyer_phone, address, order_time, status, total_quantity, total_amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9, $10, $11)
       ON CONFLICT (tenant_id, platform, platform_order_no) DO NOTHING RETURNING ec_order_id AS id`,
      [auth.tenantId, h.platform, h.orderNo, h.whCode ? whs.get(h.whCode) : (byPlatform.get(h.platform) ?? null), h.buyer, h.phone, h.address, h.orderTime, EC_STATUS.waiting,
        lines.reduce((a, l) => a + l.quantity, 0), yuanText(lines.reduce((a, l) => a + toFen(l.price) * l.quantity, 0))],
    );
    if (!ins.rows[0]) {
      skipped++;
      continue;
    }
    created++;
    await tx.query(
      `INSERT INTO ec_order_det (tenant_id, ec_order_id, sku_id, sku_code, sku_name, quantity, price)
       SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::numeric[], $7::numeric[])`,
      [auth.tenantId, ins.rows[0].id, lines.map((l) => skus.get(l.sku)!.sku_id), lines.map((l) => skus.get(l.sku)!.sku_code), lines.map((l) => skus.get(l.sku)!.sku_name), lines.map((l) => l.quantity), lines.map((l) => l.price)],
    );
  }
  return { errors: undefined, created, skipped, rows: rows.length };
}

/** The ec-order-import-audit row every import leaves, a refused one too. */
export async function recordImportAudit(
  tx: Queryable,
  auth: AuthContext,
  r: { result: 1 | 2; rows: number; created: number; skipped: number; errors: number; message: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO ec_order_import_audit (tenant_id, result, row_count, created_count, skipped_count, error_count, message, user_name) VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7)`,
    [r.result, r.rows, r.created, r.skipped, r.errors, r.message.slice(0, 500), auth.displayName ?? auth.userName],
  );
}
