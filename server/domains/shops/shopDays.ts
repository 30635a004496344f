import { daysBetween } from '../../../core/calendar.ts';
import { dbToday } from '../../db/calendar.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';

/**
 * Each enabled shop's day (门店日常管理), the SQL behind dailyManagement.ts: from what the shop really did — the
 * daily meeting held (and its stock check), the cashiers' shifts handed over with their over/short, the petty-cash
 * spends recorded. A shop has "committed" its day when its daily meeting was held.
 */

const MAX_DAYS = 62;

export interface ShopDayFilter {
  date?: string | null;
  dateStart?: string | null;
  dateEnd?: string | null;
  shopId?: number | null;
  shopName?: string | null;
  committed?: boolean | null;
}

export interface DayRange {
  start: string;
  end: string;
}

/** The filter's days: one date, or a range of at most MAX_DAYS starting no later than today (default today). */
export async function dayRange(tx: Queryable, f: ShopDayFilter | null | undefined): Promise<DayRange> {
  const today = await dbToday(tx);
  const start = f?.date ?? f?.dateStart ?? today;
  const end = f?.date ?? f?.dateEnd ?? start;
  if (end < start) throw new ApiError('BAD_REQUEST', '结束日期不能早于开始日期');
  const days = daysBetween(start, end) + 1;
  if (days > MAX_DAYS) throw new ApiError('BAD_REQUEST', `一次最多查询${MAX_DAYS}天`);
  if (start > today) throw new ApiError('BAD_REQUEST', '开始日期不能晚于今天');
  return { start, end };
}

/** One row per enabled shop and day of the range, with the day's figures; SQL over the domains' own tables. */
function daysSql(where: string): string {
  return `
    WITH d AS (SELECT generate_series($1::date, $2::date, interval '1 day')::date AS day),
    s AS (SELECT shop_id, shop_code, shop_name, contact_name, phone FROM shop_base
           WHERE status = 1 AND app_in_scope(shop_id) AND ($3::int IS NULL OR shop_id = $3) AND ($4::text IS NULL OR shop_name LIKE '%' || $4 || '%')),
    rows AS (
      SELECT s.shop_id AS "shopId", s.shop_code AS "shopCode", s.shop_name AS "shopName", s.contact_name AS "contactName", s.phone,
             to_char(d.day, 'YYYY-MM-DD') AS "date",
             m.meeting_id IS NOT NULL AS committed,
             to_char(m.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "meetingTime",
             coalesce((SELECT count(*) FROM shop_daily_meeting_inventory i WHERE i.meeting_id = m.meeting_id), 0)::int AS "stockCheckCount",
             coalesce((SELECT count(*) FROM shop_class_record c WHERE c.shop_id = s.shop_id AND c.status = 2 AND NOT c.is_practice
                        AND c.start_time >= d.day AND c.start_time < d.day + 1), 0)::int AS "shiftCount",
             coalesce((SELECT sum(c.difference_amount) FROM shop_class_record c WHERE c.shop_id = s.shop_id AND c.status = 2 AND NOT c.is_practice
                        AND c.start_time >= d.day AND c.start_time < d.day + 1), 0)::float8 AS "shiftDifference",
             coalesce((SELECT count(*) FROM petty_cash_record r WHERE r.shop_id = s.shop_id AND r.occur_date = d.day AND r.status <> 3), 0)::int AS "pettyCashCount",
             coalesce((SELECT sum(r.amount) FROM petty_cash_record r WHERE r.shop_id = s.shop_id AND r.occur_date = d.day AND r.status <> 3 AND r.usage_type = 1), 0)::float8 AS "pettyCashAmount"
        FROM s CROSS JOIN d LEFT JOIN shop_daily_meeting m ON m.shop_id = s.shop_id AND m.meeting_date = d.day)
    SELECT * FROM rows ${where}`;
}

const params = (r: DayRange, f: ShopDayFilter | null | undefined) => [r.start, r.end, f?.shopId ?? null, f?.shopName?.trim() || null, f?.committed ?? null];
const committedWhere = `WHERE ($5::boolean IS NULL OR committed = $5)`;

/** A page of shop days, the latest day first. */
export async function shopDayPage(tx: Queryable, r: DayRange, f: ShopDayFilter | null | undefined, pageNum: number, pageSize: number) {
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${daysSql(committedWhere)}) x`, params(r, f))).rows[0].n;
  const records = (await tx.query(`${daysSql(committedWhere)} ORDER BY "date" DESC, "shopCode" LIMIT $6 OFFSET $7`, [...params(r, f), pageSize, (pageNum - 1) * pageSize])).rows;
  return { records, total };
}

/** Every shop day of the filter, the latest day first (the export). */
export async function shopDayRows(tx: Queryable, r: DayRange, f: ShopDayFilter | null | undefined) {
  return (await tx.query<Record<string, unknown>>(`${daysSql(committedWhere)} ORDER BY "date" DESC, "shopCode"`, params(r, f))).rows;
}

/** Shop days expected and committed, shift over/short and petty-cash spends over the range (committed filter ignored). */
export async function shopDayTotals(tx: Queryable, r: DayRange, f: ShopDayFilter | null | undefined) {
  return (
    await tx.query<{ expected: number; committed: number; shift_difference: number; petty_cash_amount: number }>(
      `SELECT count(*)::int AS expected, count(*) FILTER (WHERE committed)::int AS committed,
              coalesce(sum("shiftDifference"), 0)::float8 AS shift_difference, coalesce(sum("pettyCashAmount"), 0)::float8 AS petty_cash_amount
         FROM (${daysSql('')}) x`,
      params(r, f).slice(0, 4),
    )
  ).rows[0];
}

/** The shops that have not held their daily meeting on the range's days, with contact and phone. */
export async function uncommittedShops(tx: Queryable, r: DayRange, f: ShopDayFilter | null | undefined) {
  return (
    await tx.query(`SELECT "shopId", "shopCode", "shopName", "contactName", phone, "date" FROM (${daysSql('WHERE NOT committed')}) x ORDER BY "shopCode"`, params(r, f).slice(0, 4))
  ).rows;
}
