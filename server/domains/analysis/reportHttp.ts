import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { dbToday } from '../../db/calendar.ts';
import { ApiError } from '../../errors.ts';
import { offsetOf } from '../../http/envelope.ts';
import { fieldPermissionNames } from '../../permissions.ts';
import { reportPeriod, type Period } from './period.ts';
import { dateParam, idField, nullableIdField } from '../../http/fields.ts';
import { Params } from '../../resources/params.ts';

/**
 * What the analysis reports share: their filter fields (JSON Schema with Chinese titles), the period, paging over
 * an aggregate, the field permissions that hide cost and margin (进价总金额, 成本总金额, 毛利率) and CSV export.
 */

export type Row = Record<string, unknown>;

export const nullableText = (title: string, maxLength: number) => ({
  type: ['string', 'null'], title, maxLength, pattern: '^(?!.*(--|/\\*))[^<>;]*$', 'x-msg': `${title}不能包含 < > ; -- /* 等特殊字符`,
});
export const dayField = (title: string) => dateParam(title, 'date', { nullable: true });

/** Filters every analysis report takes: the period, where (region, shops) and what (SKU, SPU, keyword, supplier). */
export const SCOPE_PROPS = {
  dateStart: dayField('开始日期'),
  dateEnd: dayField('结束日期'),
  regionName: nullableText('区域', 24),
  shopId: nullableIdField('门店'),
  shopIds: { type: ['array', 'null'], title: '门店', maxItems: 1000, items: idField('门店') },
  skuId: nullableIdField('SKU'),
  spuId: nullableIdField('商品'),
  supplierId: nullableIdField('供应商'),
  keyword: nullableText('商品关键字', 48),
} as const;

export interface Scope {
  dateStart?: string | null;
  dateEnd?: string | null;
  regionName?: string | null;
  shopId?: number | null;
  shopIds?: number[] | null;
  skuId?: number | null;
  spuId?: number | null;
  supplierId?: number | null;
  keyword?: string | null;
}

/**
 * The period of a report's filters, checked with the shops they name: a shop of no one's, or of another tenant
 * (which RLS hides), is 门店不存在 — the same answer for both, so nothing tells another tenant's ids apart.
 */
export async function periodOf(tx: Queryable, f: Scope): Promise<Period> {
  const per = reportPeriod(f, await dbToday(tx));
  const asked = [...(f.shopId ? [f.shopId] : []), ...(f.shopIds ?? [])];
  if (asked.length) {
    const found = await tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_base WHERE shop_id = ANY($1::int[])`, [asked]);
    const known = new Set(found.rows.map((x) => Number(x.shop_id)));
    const missing = asked.filter((id) => !known.has(id));
    if (missing.length) throw new ApiError('BAD_REQUEST', `门店不存在（门店ID ${missing.slice(0, 5).join('、')}）`);
  }
  return per;
}

export { Params };

export const likeOf = (s: string) => `%${s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The shops a report covers (enabled ones, narrowed by region and shop): SQL over shop_base `alias`. */
export function shopWhere(f: Scope, p: Params, alias = 'sb'): string {
  const w = [`${alias}.status = 1`];
  if (f.regionName?.trim()) w.push(`${alias}.region_name = ${p.add(f.regionName.trim())}`);
  if (f.shopId) w.push(`${alias}.shop_id = ${p.add(f.shopId)}`);
  if (f.shopIds?.length) w.push(`${alias}.shop_id = ANY(${p.add(f.shopIds)}::int[])`);
  return w.join(' AND ');
}

/** The SKUs a report covers, over pd_sku `alias`; null when every SKU counts (no join needed). */
export function skuWhere(f: Scope, p: Params, alias = 'k'): string | null {
  const w: string[] = [];
  if (f.skuId) w.push(`${alias}.sku_id = ${p.add(f.skuId)}`);
  if (f.spuId) w.push(`${alias}.spu_id = ${p.add(f.spuId)}`);
  if (f.supplierId) w.push(`${alias}.supplier_id = ${p.add(f.supplierId)}`);
  if (f.keyword?.trim()) {
    const exact = p.add(f.keyword.trim());
    const like = p.add(likeOf(f.keyword));
    w.push(`(${alias}.sku_code = ${exact} OR ${alias}.barcode = ${exact} OR ${alias}.sku_name ILIKE ${like} OR ${alias}.spu_name ILIKE ${like})`);
  }
  return w.length ? w.join(' AND ') : null;
}

/**
 * The sale lines of a period, as every analysis report counts them: lines of the orders sold in it (已完成 or
 * later 已退款 or 部分退款; practice left out) and, negative, the lines of orders refunded in it and the lines of each 部分退款
 * made in it (a refund counts on its day).
 * Columns: order_id, order_no, shop_id, shop_name, cashier_name, member_id, t, kind (销售/退款), sku_id, sku_code,
 * sku_name, quantity, unit_price, amount, cost. `shopScope` is a condition on `o`, `start`/`end` parameters,
 * `skuCond` a condition on pd_sku `k` (or null).
 *
 * Period bounds are cast to timestamptz (`$n::date::timestamptz`, `($n::date + 1)::timestamptz`), never compared
 * as a date with a timestamptz column: the timestamptz-date operators are not leakproof, so under row-level
 * security the planner ignores the column's statistics for them and guesses half the table (a million-row ledger
 * scanned instead of its time index); timestamptz with timestamptz is leakproof. Same instant, same answer.
 */
export function saleLinesSql(shopScope: string, start: string, end: string, skuCond: string | null): string {
  const k = skuCond ? `AND ${skuCond}` : '';
  return `
    SELECT o.order_id, o.order_no, o.shop_id, o.shop_name, o.cashier_name, o.member_id, o.create_time AS t, '销售' AS kind, d.sku_id, d.sku_code, d.sku_name,
           d.quantity, d.unit_price, d.amount, round(d.quantity * d.unit_cost, 2) AS cost
      FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id JOIN pd_sku k ON k.sku_id = d.sku_id
     WHERE ${shopScope} AND NOT o.is_practice AND o.status IN (1, 2, 4)
       AND o.create_time >= ${start}::date::timestamptz AND o.create_time < (${end}::date + 1)::timestamptz ${k}
    UNION ALL
    SELECT o.order_id, o.order_no, o.shop_id, o.shop_name, o.refund_user_name, o.member_id, o.refund_time, '退款', d.sku_id, d.sku_code, d.sku_name,
           -d.quantity, d.unit_price, -d.amount, -round(d.quantity * d.unit_cost, 2)
      FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id JOIN pd_sku k ON k.sku_id = d.sku_id
     WHERE ${shopScope} AND NOT o.is_practice AND o.status = 2
       AND o.refund_time >= ${start}::date::timestamptz AND o.refund_time < (${end}::date + 1)::timestamptz ${k}
    UNION ALL
    SELECT o.order_id, o.order_no, o.shop_id, o.shop_name, e.user_name, o.member_id, e.create_time, '退款', d.sku_id, d.sku_code, d.sku_name,
           -d.quantity, d.unit_price, -d.amount, -round(d.quantity * d.unit_cost, 2)
      FROM po_order_exchange e JOIN po_order o ON o.order_id = e.order_id JOIN po_order_exchange_det d ON d.exchange_id = e.exchange_id JOIN pd_sku k ON k.sku_id = d.sku_id
     WHERE ${shopScope} AND e.kind = 2
       AND e.create_time >= ${start}::date::timestamptz AND e.create_time < (${end}::date + 1)::timestamptz ${k}`;
}

/** One page of an aggregate query with its exact total (count(*) OVER the grouped rows, one statement). */
export async function aggregatePage(tx: Queryable, sql: string, p: Params, orderBy: string, pageNum: number, pageSize: number): Promise<{ records: Row[]; total: number }> {
  const res = await tx.query<Row & { __total: number }>(
    `SELECT *, count(*) OVER () AS "__total" FROM (${sql}) g ORDER BY ${orderBy} LIMIT ${p.add(pageSize)} OFFSET ${p.add(offsetOf(pageNum, pageSize))}`,
    p.values,
  );
  let total = Number(res.rows[0]?.__total ?? 0);
  if (!res.rows.length && pageNum > 1) total = Number((await tx.query<{ n: number }>(`SELECT count(*) AS n FROM (${sql}) g`, p.values.slice(0, -2))).rows[0].n);
  return { records: res.rows.map(({ __total: _t, ...r }) => r), total };
}

/** Field permission name -> the answer fields it reveals; callers without it never receive them. */
export type FieldGuards = Partial<Record<'进价总金额' | '成本总金额' | '零售价' | '供应商' | '毛利率', string[]>>;

export async function hiddenByGuards(tx: Queryable, auth: AuthContext, guards: FieldGuards): Promise<Set<string>> {
  const granted = new Set(await fieldPermissionNames(tx, auth));
  const hidden = new Set<string>();
  for (const [name, fields] of Object.entries(guards)) if (!granted.has(name)) for (const f of fields ?? []) hidden.add(f);
  return hidden;
}

export function withoutFields<T extends Row>(rows: T[], hidden: Set<string>): T[] {
  if (!hidden.size) return rows;
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !hidden.has(k))) as T);
}

/** Quantities come back from SQL as text (numeric) or float8, with 3 decimals (amounts: core/money.ts yuanOf). */
export const qty = (v: unknown): number => Math.round(Number(v ?? 0) * 1000) / 1000;
