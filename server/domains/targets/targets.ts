import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { netBySeller, salesByDayAndSeller, type SalesRow } from './sales.ts';
import { reachRate, splitMonthByDay } from './split.ts';
import { dbToday } from '../../db/calendar.ts';
import { isWholeFen, splitFen, toFen, toYuan, yuanText } from '../../../core/money.ts';
import { daysOfMonth, isMonth, isWeekend } from '../../../core/calendar.ts';

/**
 * 绩效目标 service: a shop's month target, its split to sellers and days, and what was reached (from the orders).
 * Every function runs inside the caller's tenant transaction.
 */

export interface ReportConfig {
  warnRate: number;
  goodRate: number;
  weekendWeight: number;
}

export const DEFAULT_REPORT_CONFIG: ReportConfig = { warnRate: 80, goodRate: 100, weekendWeight: 1 };

export async function reportConfig(tx: Queryable): Promise<ReportConfig & { updateUserName: string | null; updateTime: string | null }> {
  const r = await tx.query<{ warn_rate: string; good_rate: string; weekend_weight: string; update_user_name: string | null; update_time: string | null }>(
    `SELECT warn_rate, good_rate, weekend_weight, update_user_name, to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS update_time FROM shop_performance_report_config`,
  );
  const c = r.rows[0];
  if (!c) return { ...DEFAULT_REPORT_CONFIG, updateUserName: null, updateTime: null };
  return { warnRate: Number(c.warn_rate), goodRate: Number(c.good_rate), weekendWeight: Number(c.weekend_weight), updateUserName: c.update_user_name, updateTime: c.update_time };
}

export async function saveReportConfig(tx: Queryable, auth: AuthContext, c: ReportConfig): Promise<void> {
  if (c.warnRate > c.goodRate) throw new ApiError('BAD_REQUEST', '预警达成率不能大于达标达成率');
  await tx.query(
    `INSERT INTO shop_performance_report_config (tenant_id, warn_rate, good_rate, weekend_weight, update_user_name, update_time)
     VALUES (app_current_tenant(), $1, $2, $3, $4, now())
     ON CONFLICT (tenant_id) DO UPDATE SET warn_rate = EXCLUDED.warn_rate, good_rate = EXCLUDED.good_rate, weekend_weight = EXCLUDED.weekend_weight,
       update_user_name = EXCLUDED.update_user_name, update_time = now()`,
    [c.warnRate, c.goodRate, c.weekendWeight, auth.displayName ?? auth.userName],
  );
}

/** The shop of the caller's tenant (another tenant's is not found: row-level security). */
export async function shopOfTenant(tx: Queryable, shopId: number): Promise<{ shopId: number; shopName: string; whId: number | null }> {
  const r = await tx.query<{ shop_id: number; shop_name: string; wh_id: number | null }>(
    `SELECT s.shop_id, s.shop_name, (SELECT w.wh_id FROM wh_base_info w WHERE w.shop_id = s.shop_id AND w.status = 1 ORDER BY w.wh_id LIMIT 1) AS wh_id
       FROM shop_base s WHERE s.shop_id = $1`,
    [shopId],
  );
  if (!r.rows[0]) throw new ApiError('BAD_REQUEST', `门店不存在（门店ID ${shopId}）`);
  return { shopId: r.rows[0].shop_id, shopName: r.rows[0].shop_name, whId: r.rows[0].wh_id };
}

export function assertMonth(month: string, title = '目标月份'): void {
  if (!isMonth(month)) throw new ApiError('BAD_REQUEST', `${title}格式不正确，应为 YYYY-MM（如 2026-11）`);
}

/** Yuan with at most 2 decimals, 0 or more, as fen; a refusal names the field. */
export function amountFen(v: number, title: string): number {
  if (!Number.isFinite(v) || v < 0) throw new ApiError('BAD_REQUEST', `${title}不能小于0`);
  if (!isWholeFen(v)) throw new ApiError('BAD_REQUEST', `${title}最多保留两位小数`);
  if (v > 99_999_999_999) throw new ApiError('BAD_REQUEST', `${title}不能大于99999999999`);
  return toFen(v);
}

export interface TargetInput {
  shopId: number;
  targetMoonTime: string;
  targetAmount: number;
  remark?: string | null;
  /** The sellers' shares; absent: kept (edit) or split evenly among the shop's sellers of the last 90 days (add). */
  userTargets?: { userId: number; targetAmount: number }[] | null;
}

/** Who sold at the shop (non-practice orders) in the 90 days up to the month's end, by user id. */
export async function recentSellers(tx: Queryable, shopId: number, month: string): Promise<{ userId: number; userName: string }[]> {
  const days = daysOfMonth(month);
  const r = await tx.query<{ user_id: number; user_name: string }>(
    `SELECT u.id AS user_id, u.name AS user_name FROM sys_user u
      WHERE u.status = 1 AND EXISTS (SELECT 1 FROM po_order o WHERE o.shop_id = $1 AND NOT o.is_practice AND o.cashier_user_id = u.id
                                        AND o.create_time >= $2::date - 90 AND o.create_time < $2::date + 1)
      ORDER BY u.id`,
    [shopId, days.at(-1)],
  );
  return r.rows.map((x) => ({ userId: x.user_id, userName: x.user_name }));
}

async function usersByIds(tx: Queryable, ids: number[]): Promise<Map<number, string>> {
  const r = await tx.query<{ id: number; name: string }>(`SELECT id, name FROM sys_user WHERE id = ANY($1::int[])`, [ids]);
  return new Map(r.rows.map((x) => [x.id, x.name]));
}

/** Replaces the day targets of a target's sellers by an even split of their month share (weekends weighted). */
async function resplitDays(tx: Queryable, targetId: number, weekendWeight: number): Promise<number> {
  const users = await tx.query<{ id: number; shop_id: number; user_id: number; target_moon_time: string; target_amount: string }>(
    `SELECT id, shop_id, user_id, target_moon_time, target_amount FROM shop_user_performance_target WHERE target_id = $1 ORDER BY id`,
    [targetId],
  );
  await tx.query(`DELETE FROM shop_user_performance_daily_target WHERE user_target_id IN (SELECT id FROM shop_user_performance_target WHERE target_id = $1)`, [targetId]);
  const ids: number[] = [], shops: number[] = [], userIds: number[] = [], days: string[] = [], amounts: string[] = [];
  for (const u of users.rows) {
    for (const d of splitMonthByDay(toFen(u.target_amount), u.target_moon_time, weekendWeight)) {
      ids.push(u.id); shops.push(u.shop_id); userIds.push(u.user_id); days.push(d.day); amounts.push(yuanText(d.fen));
    }
  }
  if (ids.length) {
    await tx.query(
      `INSERT INTO shop_user_performance_daily_target (tenant_id, user_target_id, shop_id, user_id, target_date, target_amount)
       SELECT app_current_tenant(), a, b, c, d, e FROM unnest($1::int[], $2::int[], $3::int[], $4::date[], $5::numeric[]) AS x(a, b, c, d, e)`,
      [ids, shops, userIds, days, amounts],
    );
  }
  return ids.length;
}

/**
 * Writes a shop's month target: `add` refuses an existing one (409), `edit` needs it, `merge` does either. The
 * sellers' shares must add up to the shop's target; without them an add splits evenly among the recent sellers
 * and an edit rescales the present shares.
 */
export async function writeTarget(tx: Queryable, auth: AuthContext, input: TargetInput, mode: 'add' | 'edit' | 'merge', editId?: number): Promise<number> {
  assertMonth(input.targetMoonTime);
  const totalFen = amountFen(input.targetAmount, '目标金额');
  const shop = await shopOfTenant(tx, input.shopId);
  const who = auth.displayName ?? auth.userName;
  const existing = (editId !== undefined
    ? await tx.query<{ target_id: number }>(`SELECT target_id FROM shop_performance_target WHERE target_id = $1 FOR UPDATE`, [editId])
    : await tx.query<{ target_id: number }>(`SELECT target_id FROM shop_performance_target WHERE shop_id = $1 AND target_moon_time = $2 FOR UPDATE`, [input.shopId, input.targetMoonTime])
  ).rows[0];
  if (mode === 'add' && existing) throw new ApiError('CONFLICT', `门店「${shop.shopName}」${input.targetMoonTime} 的绩效目标已存在，请修改原目标`);
  if (mode === 'edit' && !existing) throw new ApiError('NOT_FOUND', '绩效目标不存在或已被删除');
  let targetId: number;
  if (existing) {
    targetId = existing.target_id;
    // An edit may move the target to another shop or month only where none exists yet (unique key).
    await tx.query(
      `UPDATE shop_performance_target SET shop_id = $2, shop_name = $3, target_moon_time = $4, target_amount = $5, remark = $6, update_user_name = $7, update_time = now()
        WHERE target_id = $1`,
      [targetId, shop.shopId, shop.shopName, input.targetMoonTime, yuanText(totalFen), input.remark ?? null, who],
    ).catch(uniqueAsConflict(`门店「${shop.shopName}」${input.targetMoonTime} 的绩效目标已存在`));
    await tx.query(`UPDATE shop_user_performance_target SET shop_id = $2, target_moon_time = $3 WHERE target_id = $1`, [targetId, shop.shopId, input.targetMoonTime]);
    await tx.query(`UPDATE shop_user_performance_daily_target d SET shop_id = $2 FROM shop_user_performance_target u WHERE u.id = d.user_target_id AND u.target_id = $1`, [targetId, shop.shopId]);
  } else {
    const ins = await tx.query<{ target_id: number }>(
      `INSERT INTO shop_performance_target (tenant_id, shop_id, shop_name, target_moon_time, target_amount, remark, create_user_name, update_user_name)
       VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $6) RETURNING target_id`,
      [shop.shopId, shop.shopName, input.targetMoonTime, yuanText(totalFen), input.remark ?? null, who],
    ).catch(uniqueAsConflict(`门店「${shop.shopName}」${input.targetMoonTime} 的绩效目标已存在，请修改原目标`));
    targetId = ins.rows[0].target_id;
  }

  let shares: { userId: number; userName: string; fen: number }[];
  if (input.userTargets) {
    const ids = input.userTargets.map((u) => u.userId);
    if (new Set(ids).size !== ids.length) throw new ApiError('BAD_REQUEST', '人员目标中有重复的人员');
    const names = await usersByIds(tx, ids);
    const missing = ids.find((id) => !names.has(id));
    if (missing !== undefined) throw new ApiError('BAD_REQUEST', `人员不存在（用户ID ${missing}）`);
    shares = input.userTargets.map((u, i) => ({ userId: u.userId, userName: names.get(u.userId)!, fen: amountFen(u.targetAmount, `第${i + 1}行：人员目标金额`) }));
    const sum = shares.reduce((a, s) => a + s.fen, 0);
    if (shares.length && sum !== totalFen) {
      throw new ApiError('BAD_REQUEST', `人员目标合计 ${yuanText(sum)} 元与门店目标金额 ${yuanText(totalFen)} 元不一致`);
    }
  } else if (existing) {
    const cur = await tx.query<{ user_id: number; user_name: string; target_amount: string }>(
      `SELECT user_id, user_name, target_amount FROM shop_user_performance_target WHERE target_id = $1 ORDER BY id`, [targetId],
    );
    const parts = splitFen(totalFen, cur.rows.map((u) => toFen(u.target_amount)));
    shares = cur.rows.map((u, i) => ({ userId: u.user_id, userName: u.user_name, fen: parts[i] }));
  } else {
    const sellers = await recentSellers(tx, shop.shopId, input.targetMoonTime);
    const parts = splitFen(totalFen, sellers.map(() => 1));
    shares = sellers.map((u, i) => ({ ...u, fen: parts[i] }));
  }
  await tx.query(`DELETE FROM shop_user_performance_target WHERE target_id = $1 AND NOT (user_id = ANY($2::int[]))`, [targetId, shares.map((s) => s.userId)]);
  if (shares.length) {
    await tx.query(
      `INSERT INTO shop_user_performance_target (tenant_id, target_id, shop_id, target_moon_time, user_id, user_name, target_amount)
       SELECT app_current_tenant(), $1, $2, $3, u, n, a FROM unnest($4::int[], $5::text[], $6::numeric[]) AS x(u, n, a)
       ON CONFLICT (tenant_id, target_id, user_id) DO UPDATE SET user_name = EXCLUDED.user_name, target_amount = EXCLUDED.target_amount`,
      [targetId, shop.shopId, input.targetMoonTime, shares.map((s) => s.userId), shares.map((s) => s.userName), shares.map((s) => yuanText(s.fen))],
    );
  }
  await resplitDays(tx, targetId, (await reportConfig(tx)).weekendWeight);
  return targetId;
}

/** Splits the day targets again (after the weekend weight changed) for a month's targets, of one shop or all. */
export async function refreshDayTargets(tx: Queryable, month: string, shopId: number | null): Promise<{ targets: number; days: number }> {
  assertMonth(month);
  const weight = (await reportConfig(tx)).weekendWeight;
  const ids = await tx.query<{ target_id: number }>(
    `SELECT target_id FROM shop_performance_target WHERE target_moon_time = $1 AND ($2::int IS NULL OR shop_id = $2) ORDER BY target_id FOR UPDATE`,
    [month, shopId],
  );
  let days = 0;
  for (const t of ids.rows) days += await resplitDays(tx, t.target_id, weight);
  return { targets: ids.rows.length, days };
}

export function uniqueAsConflict(msg: string) {
  return (e: unknown): never => {
    if ((e as { code?: string }).code === '23505') throw new ApiError('CONFLICT', msg);
    throw e;
  };
}

export interface TargetHeader {
  targetId: number;
  shopId: number;
  shopName: string;
  targetMoonTime: string;
  targetAmount: number;
  remark: string | null;
  createUserName: string | null;
  createTime: string;
  updateUserName: string | null;
  updateTime: string;
}

const HEADER_SQL = `SELECT target_id AS "targetId", shop_id AS "shopId", shop_name AS "shopName", target_moon_time AS "targetMoonTime",
  target_amount::float8 AS "targetAmount", remark, create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
  update_user_name AS "updateUserName", to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime" FROM shop_performance_target`;

export async function targetOf(tx: Queryable, shopId: number, month: string): Promise<TargetHeader | null> {
  return (await tx.query<TargetHeader>(`${HEADER_SQL} WHERE shop_id = $1 AND target_moon_time = $2`, [shopId, month])).rows[0] ?? null;
}

/** Per seller and day: the target of each day in [from, to] (fen), by `${userId}|${day}`. */
export async function dayTargets(tx: Queryable, shopId: number, from: string, to: string): Promise<Map<string, number>> {
  const r = await tx.query<{ user_id: number; day: string; fen: number }>(
    `SELECT user_id, to_char(target_date, 'YYYY-MM-DD') AS day, round(target_amount * 100)::float8 AS fen
       FROM shop_user_performance_daily_target WHERE shop_id = $1 AND target_date BETWEEN $2::date AND $3::date`,
    [shopId, from, to],
  );
  return new Map(r.rows.map((x) => [`${x.user_id}|${x.day}`, Number(x.fen)]));
}

/** The sellers of a shop with a target in the month (id, name, month share in fen). */
export async function userTargetsOf(tx: Queryable, shopId: number, month: string): Promise<{ userId: number; userName: string; fen: number }[]> {
  const r = await tx.query<{ user_id: number; user_name: string; fen: number }>(
    `SELECT user_id, coalesce(u.name, t.user_name) AS user_name, round(t.target_amount * 100)::float8 AS fen
       FROM shop_user_performance_target t LEFT JOIN sys_user u ON u.id = t.user_id
      WHERE t.shop_id = $1 AND t.target_moon_time = $2 ORDER BY t.id`,
    [shopId, month],
  );
  return r.rows.map((x) => ({ userId: x.user_id, userName: x.user_name, fen: Number(x.fen) }));
}

export interface PersonFigures {
  userId: number | null;
  userName: string;
  targetAmount: number;
  actualAmount: number;
  reachRate: number | null;
  orderCount: number;
}

/**
 * Target against sales per seller for the days [from, to] of a shop: sellers with a target first (in the target's
 * order), then anyone else who sold (no target), then sales without a cashier (未指定). Sums in fen.
 */
export async function figuresByPerson(
  tx: Queryable, shopId: number, from: string, to: string, monthSales?: SalesRow[],
): Promise<{ persons: PersonFigures[]; targetFen: number; actualFen: number }> {
  const targets = await dayTargets(tx, shopId, from, to);
  // Rows already read for a wider period (the month) serve any days inside it: one scan of the orders, not one per figure.
  const rows = monthSales ? monthSales.filter((r) => r.day >= from && r.day <= to) : await salesByDayAndSeller(tx, shopId, from, to);
  const sales = netBySeller(rows);
  const people = new Map<number | null, { userName: string; targetFen: number }>();
  const names = await tx.query<{ user_id: number; user_name: string }>(
    `SELECT DISTINCT ON (t.user_id) t.user_id, coalesce(u.name, t.user_name) AS user_name
       FROM shop_user_performance_target t LEFT JOIN sys_user u ON u.id = t.user_id
      WHERE t.shop_id = $1 AND t.target_moon_time BETWEEN $2 AND $3 ORDER BY t.user_id`,
    [shopId, from.slice(0, 7), to.slice(0, 7)],
  );
  for (const n of names.rows) people.set(n.user_id, { userName: n.user_name, targetFen: 0 });
  for (const [key, fen] of targets) {
    const id = Number(key.split('|')[0]);
    const p = people.get(id) ?? { userName: String(id), targetFen: 0 };
    p.targetFen += fen;
    people.set(id, p);
  }
  for (const [id, s] of sales) if (!people.has(id)) people.set(id, { userName: id === null ? '未指定' : s.userName ?? String(id), targetFen: 0 });
  const persons = [...people.entries()]
    .sort((a, b) => Number(b[1].targetFen > 0) - Number(a[1].targetFen > 0) || (a[0] ?? Infinity) - (b[0] ?? Infinity))
    .map(([userId, p]) => {
      const actual = sales.get(userId)?.netFen ?? 0;
      return { userId, userName: p.userName, targetAmount: toYuan(p.targetFen), actualAmount: toYuan(actual), reachRate: reachRate(actual, p.targetFen), orderCount: sales.get(userId)?.orderCount ?? 0 };
    });
  const targetFen = [...people.values()].reduce((a, p) => a + p.targetFen, 0);
  const actualFen = [...sales.values()].reduce((a, s) => a + s.netFen, 0);
  return { persons, targetFen, actualFen };
}

/** Today in the database session's calendar (the meetings and targets name it so). */
export const today = dbToday;

/**
 * 达成情况 of a shop's month: the target, what was sold (net of refunds), the reach, how far the month is
 * (time progress), and the same per seller.
 */
export async function reachInfo(tx: Queryable, shopId: number, month: string) {
  assertMonth(month);
  const shop = await shopOfTenant(tx, shopId);
  const target = await targetOf(tx, shopId, month);
  const days = daysOfMonth(month);
  const cfg = await reportConfig(tx);
  const sales = await salesByDayAndSeller(tx, shopId, days[0], days.at(-1)!);
  const fig = await figuresByPerson(tx, shopId, days[0], days.at(-1)!, sales);
  const now = await today(tx);
  const elapsed = now < days[0] ? 0 : now > days.at(-1)! ? days.length : days.indexOf(now) + 1;
  const targetFen = target ? toFen(target.targetAmount) : 0;
  const actualFen = sales.reduce((a, r) => a + r.netFen, 0);
  const rate = reachRate(actualFen, targetFen);
  return {
    shopId, shopName: shop.shopName, targetMoonTime: month, targetId: target?.targetId ?? null,
    targetAmount: toYuan(targetFen),
    actualAmount: toYuan(actualFen),
    soldAmount: toYuan(sales.reduce((a, r) => a + r.soldFen, 0)),
    refundAmount: toYuan(sales.reduce((a, r) => a + r.refundFen, 0)),
    orderCount: sales.reduce((a, r) => a + r.orderCount, 0),
    reachRate: rate,
    gapAmount: toYuan(Math.max(0, targetFen - actualFen)),
    daysInMonth: days.length, daysElapsed: elapsed,
    timeProgress: Math.round((elapsed / days.length) * 10000) / 100,
    level: rate === null ? null : rate >= cfg.goodRate ? 'good' : rate < cfg.warnRate ? 'warn' : 'normal',
    users: fig.persons,
  };
}

/** 每日达成: each day of the month: the day's target (sum of the sellers'), sold, net, reach, and cumulative. */
export async function reachByDay(tx: Queryable, shopId: number, month: string) {
  assertMonth(month);
  await shopOfTenant(tx, shopId);
  const days = daysOfMonth(month);
  const targets = await dayTargets(tx, shopId, days[0], days.at(-1)!);
  const sales = await salesByDayAndSeller(tx, shopId, days[0], days.at(-1)!);
  let cumTarget = 0, cumActual = 0;
  return days.map((day) => {
    let t = 0;
    for (const [k, fen] of targets) if (k.endsWith(`|${day}`)) t += fen;
    const rows = sales.filter((r) => r.day === day);
    const actual = rows.reduce((a, r) => a + r.netFen, 0);
    cumTarget += t;
    cumActual += actual;
    return {
      date: day, weekend: isWeekend(day), targetAmount: toYuan(t), actualAmount: toYuan(actual),
      refundAmount: toYuan(rows.reduce((a, r) => a + r.refundFen, 0)), orderCount: rows.reduce((a, r) => a + r.orderCount, 0),
      reachRate: reachRate(actual, t), cumulativeTarget: toYuan(cumTarget), cumulativeActual: toYuan(cumActual), cumulativeReachRate: reachRate(cumActual, cumTarget),
    };
  });
}
