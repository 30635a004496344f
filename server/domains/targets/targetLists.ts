import { daysOfMonth } from '../../../core/calendar.ts';
import { toFen } from '../../../core/money.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { netSalesOfPeriods, salesByDayAndSeller } from './sales.ts';
import { reachRate } from './split.ts';
import { assertMonth, dayTargets, shopOfTenant, userTargetsOf } from './targets.ts';

/**
 * 绩效目标's lists, the SQL behind targetRoutes.ts: shop targets and sellers' targets a page at a time with what they
 * reached (computed from the orders, refunds deducted), targets deleted, the users a target may be split to, and a
 * month's daily targets per seller against the day's sales. Writing a target is targets.ts's.
 */

export interface TargetFilters {
  shopId?: number | null;
  shopName?: string | null;
  targetMoonTime?: string | null;
  targetMoonTimeStart?: string | null;
  targetMoonTimeEnd?: string | null;
}

/** The page's total without a count when the page itself tells it (a short page that is not past the end). */
const pageTotal = async (rows: number, pageNum: number, pageSize: number, count: () => Promise<number>) =>
  rows < pageSize && (rows || pageNum === 1) ? (pageNum - 1) * pageSize + rows : count();

/** Shop month targets, the latest month first, each with its actual net sales and reach rate. */
export async function targetPage(tx: Queryable, f: TargetFilters, pageNum: number, pageSize: number) {
  const where = `($1::int IS NULL OR shop_id = $1) AND ($2::text IS NULL OR shop_name ILIKE '%' || $2 || '%') AND ($3::text IS NULL OR target_moon_time = $3)
    AND ($4::text IS NULL OR target_moon_time >= $4) AND ($5::text IS NULL OR target_moon_time <= $5)`;
  const params = [f.shopId ?? null, f.shopName || null, f.targetMoonTime || null, f.targetMoonTimeStart || null, f.targetMoonTimeEnd || null];
  const rows = (await tx.query<{ targetId: number; shopId: number; shopName: string; targetMoonTime: string; targetAmount: number; remark: string | null; userCount: number; createUserName: string; createTime: string; updateUserName: string; updateTime: string }>(
    `SELECT target_id AS "targetId", shop_id AS "shopId", shop_name AS "shopName", target_moon_time AS "targetMoonTime", target_amount::float8 AS "targetAmount",
            remark, (SELECT count(*)::int FROM shop_user_performance_target u WHERE u.target_id = t.target_id) AS "userCount",
            create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
            update_user_name AS "updateUserName", to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
       FROM shop_performance_target t WHERE ${where}
      ORDER BY target_moon_time DESC, shop_name, target_id LIMIT $6 OFFSET $7`,
    [...params, pageSize, (pageNum - 1) * pageSize],
  )).rows;
  const total = await pageTotal(rows.length, pageNum, pageSize, async () =>
    (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_performance_target WHERE ${where}`, params)).rows[0].n);
  const actual = await netSalesOfPeriods(tx, rows.map((r) => ({ shopId: r.shopId, from: `${r.targetMoonTime}-01`, to: daysOfMonth(r.targetMoonTime).at(-1)! })));
  const records = rows.map((r, i) => ({ ...r, actualAmount: actual[i] / 100, reachRate: reachRate(actual[i], toFen(r.targetAmount)) }));
  return { records, total };
}

/** Deletes the targets (their sellers' and daily targets go with them); all of them or none. Answers how many. */
export async function deleteTargets(tx: Queryable, ids: number[]): Promise<number> {
  const r = await tx.query(`DELETE FROM shop_performance_target WHERE target_id = ANY($1::int[])`, [ids]);
  if (r.rowCount !== new Set(ids).size) throw new ApiError('NOT_FOUND', '绩效目标不存在或已被删除，请刷新后重试');
  return r.rowCount;
}

/** The enabled users a target may be split to (at most 1000). */
export async function enabledUsers(tx: Queryable) {
  return (await tx.query<{ userId: number; userNo: string; name: string }>(`SELECT id AS "userId", user_no AS "userNo", name FROM sys_user WHERE status = 1 ORDER BY id LIMIT 1000`)).rows;
}

/** Sellers' month targets with what each sold in the month (orders they took as cashier, refunds deducted). */
export async function userTargetPage(tx: Queryable, f: { targetMoonTime: string; shopId?: number | null; userName?: string | null }, pageNum: number, pageSize: number) {
  const { targetMoonTime } = f;
  const days = daysOfMonth(targetMoonTime);
  const where = `t.target_moon_time = $1 AND ($2::int IS NULL OR t.shop_id = $2) AND ($3::text IS NULL OR coalesce(u.name, t.user_name) ILIKE '%' || $3 || '%')`;
  const params = [targetMoonTime, f.shopId ?? null, f.userName || null];
  // One grouped scan of the page's shops' orders for the month, sellers matched to their targets.
  const rows = (await tx.query<{ id: number; shopId: number; shopName: string; userId: number; userName: string; targetAmount: number; actual: number; orders: number }>(
    `WITH page AS (
       SELECT t.id, t.shop_id, s.shop_name, t.user_id, coalesce(u.name, t.user_name) AS user_name, t.target_amount
         FROM shop_user_performance_target t JOIN shop_performance_target s ON s.target_id = t.target_id LEFT JOIN sys_user u ON u.id = t.user_id
        WHERE ${where} ORDER BY s.shop_name, t.shop_id, t.id LIMIT $6 OFFSET $7),
     sold AS (
       SELECT o.shop_id, o.cashier_user_id AS user_id, sum(o.pay_amount) AS amount, count(*) AS orders FROM po_order o
        WHERE o.shop_id IN (SELECT shop_id FROM page) AND NOT o.is_practice AND o.status IN (1, 2, 4) AND o.create_time >= $4::date AND o.create_time < $5::date + 1
        GROUP BY 1, 2),
     refunded AS (
       SELECT shop_id, user_id, sum(amount) AS amount FROM (
         SELECT o.shop_id, o.cashier_user_id AS user_id, o.refund_amount AS amount FROM po_order o
          WHERE o.shop_id IN (SELECT shop_id FROM page) AND NOT o.is_practice AND o.refund_time >= $4::date AND o.refund_time < $5::date + 1
         UNION ALL -- 部分退款: each refund of lines in the month, for the order's seller
         SELECT e.shop_id, o.cashier_user_id, e.return_amount FROM po_order_exchange e JOIN po_order o ON o.order_id = e.order_id
          WHERE e.kind = 2 AND e.shop_id IN (SELECT shop_id FROM page) AND e.create_time >= $4::date AND e.create_time < $5::date + 1) x
        GROUP BY 1, 2)
     SELECT p.id, p.shop_id AS "shopId", p.shop_name AS "shopName", p.user_id AS "userId", p.user_name AS "userName", p.target_amount::float8 AS "targetAmount",
            round((coalesce(s.amount, 0) - coalesce(r.amount, 0)) * 100)::float8 AS actual, coalesce(s.orders, 0)::int AS orders
       FROM page p LEFT JOIN sold s ON s.shop_id = p.shop_id AND s.user_id = p.user_id LEFT JOIN refunded r ON r.shop_id = p.shop_id AND r.user_id = p.user_id
      ORDER BY p.shop_name, p.shop_id, p.id`,
    [...params, days[0], days.at(-1), pageSize, (pageNum - 1) * pageSize],
  )).rows;
  const total = await pageTotal(rows.length, pageNum, pageSize, async () =>
    (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_user_performance_target t LEFT JOIN sys_user u ON u.id = t.user_id WHERE ${where}`, params)).rows[0].n);
  const records = rows.map((r) => ({
    id: r.id, shopId: r.shopId, shopName: r.shopName, userId: r.userId, userName: r.userName, targetMoonTime,
    targetAmount: r.targetAmount, actualAmount: Number(r.actual) / 100, orderCount: r.orders, reachRate: reachRate(Number(r.actual), toFen(r.targetAmount)),
  }));
  return { records, total };
}

/** A shop's month, day by day and seller by seller (or one seller): the day's target against the day's net sales. */
export async function dailyRows(tx: Queryable, body: { shopId: number; targetMoonTime: string; userId?: number | null }) {
  assertMonth(body.targetMoonTime);
  await shopOfTenant(tx, body.shopId);
  const days = daysOfMonth(body.targetMoonTime);
  const targets = await dayTargets(tx, body.shopId, days[0], days.at(-1)!);
  const sales = await salesByDayAndSeller(tx, body.shopId, days[0], days.at(-1)!);
  const users = await userTargetsOf(tx, body.shopId, body.targetMoonTime);
  const people = new Map<number, string>(users.map((u) => [u.userId, u.userName]));
  for (const s of sales) if (s.userId !== null && !people.has(s.userId)) people.set(s.userId, s.userName ?? String(s.userId));
  const out: { date: string; userId: number; userName: string; targetAmount: number; actualAmount: number; reachRate: number | null; orderCount: number }[] = [];
  for (const day of days) {
    for (const [userId, userName] of people) {
      if (body.userId && body.userId !== userId) continue;
      const t = targets.get(`${userId}|${day}`) ?? 0;
      const s = sales.find((x) => x.day === day && x.userId === userId);
      out.push({ date: day, userId, userName, targetAmount: t / 100, actualAmount: (s?.netFen ?? 0) / 100, reachRate: reachRate(s?.netFen ?? 0, t), orderCount: s?.orderCount ?? 0 });
    }
  }
  return out;
}
