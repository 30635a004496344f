import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { figuresByPerson, shopOfTenant, today, uniqueAsConflict } from '../targets/index.ts';
import { reachRate } from '../targets/index.ts';
import { fenOf, amountText } from '../../../core/money.ts';
import { addDays, parseDay, weekOf, type WeekOfYear } from '../../../core/calendar.ts';

/**
 * 周会 (shop-weekly-meeting): one per shop and ISO week. It reviews the week's target and sales per seller (from
 * the targets and the orders, kept as its minutes when saved) and sets each seller's personal target for next week.
 */

export async function weekOfText(tx: Queryable, weekDateStr: string | null | undefined): Promise<WeekOfYear> {
  const day = weekDateStr || (await today(tx));
  if (!parseDay(day)) throw new ApiError('BAD_REQUEST', '周日期格式不正确，应为 YYYY-MM-DD（该周任一天）');
  return weekOf(day);
}

export interface WeeklyPerson {
  userId: number | null;
  userName: string;
  weekTarget: number;
  weekActual: number;
  weekOrders: number;
  reachRate: number | null;
  /** Next week's target from the month targets' day split: a suggestion for the personal target. */
  suggestedNextWeekTarget: number;
  nextWeekTarget: number | null;
  remark: string | null;
}

export async function weeklyFigures(tx: Queryable, shopId: number, week: WeekOfYear) {
  const w = await figuresByPerson(tx, shopId, week.weekStart, week.weekEnd);
  const next = await figuresByPerson(tx, shopId, addDays(week.weekStart, 7), addDays(week.weekEnd, 7));
  const nextOf = new Map(next.persons.map((p) => [p.userId, p.targetAmount]));
  const persons: WeeklyPerson[] = w.persons.map((p) => ({
    userId: p.userId, userName: p.userName, weekTarget: p.targetAmount, weekActual: p.actualAmount, weekOrders: p.orderCount, reachRate: p.reachRate,
    suggestedNextWeekTarget: nextOf.get(p.userId) ?? 0, nextWeekTarget: null, remark: null,
  }));
  for (const p of next.persons) {
    if (p.userId !== null && p.targetAmount > 0 && !persons.some((x) => x.userId === p.userId)) {
      persons.push({ userId: p.userId, userName: p.userName, weekTarget: 0, weekActual: 0, weekOrders: 0, reachRate: null, suggestedNextWeekTarget: p.targetAmount, nextWeekTarget: null, remark: null });
    }
  }
  return { persons, weekTarget: w.targetFen / 100, weekActual: w.actualFen / 100, reachRate: reachRate(w.actualFen, w.targetFen) };
}

export async function weeklyMeetingOf(tx: Queryable, shopId: number, week: WeekOfYear): Promise<number | null> {
  const r = await tx.query<{ meeting_id: number }>(`SELECT meeting_id FROM shop_weekly_meeting WHERE shop_id = $1 AND week_year = $2 AND week_num = $3`, [shopId, week.year, week.weekNum]);
  return r.rows[0]?.meeting_id ?? null;
}

export interface WeeklyInput {
  shopId: number;
  weekDateStr: string;
  hostName?: string | null;
  summary?: string | null;
  nextWeekPlan?: string | null;
  detList?: PersonalTarget[] | null;
}

export interface PersonalTarget {
  userId: number | null;
  nextWeekTarget?: number | null;
  remark?: string | null;
}

const dupMessage = (shopName: string, w: WeekOfYear) => `门店「${shopName}」${w.year}年第${w.weekNum}周的周会已召开，不能重复创建`;

function checkAmounts(list: PersonalTarget[]): void {
  list.forEach((d, i) => {
    const v = d.nextWeekTarget;
    if (v === null || v === undefined) return;
    if (v < 0) throw new ApiError('BAD_REQUEST', `第${i + 1}行：下周目标不能小于0`);
    if (Math.abs(v * 100 - Math.round(v * 100)) > 1e-6) throw new ApiError('BAD_REQUEST', `第${i + 1}行：下周目标最多保留两位小数`);
  });
}

export async function saveWeeklyMeeting(tx: Queryable, auth: AuthContext, input: WeeklyInput): Promise<number> {
  const shop = await shopOfTenant(tx, input.shopId);
  const week = await weekOfText(tx, input.weekDateStr);
  if (week.weekStart > (await today(tx))) throw new ApiError('BAD_REQUEST', '不能为尚未开始的周召开周会');
  if (await weeklyMeetingOf(tx, shop.shopId, week)) throw new ApiError('CONFLICT', dupMessage(shop.shopName, week));
  checkAmounts(input.detList ?? []);
  const fig = await weeklyFigures(tx, shop.shopId, week);
  const typed = new Map((input.detList ?? []).map((d) => [d.userId ?? null, d]));
  for (const id of typed.keys()) if (!fig.persons.some((p) => p.userId === id)) throw new ApiError('BAD_REQUEST', `人员（用户ID ${id}）不在本周会的人员名单中`);
  const who = auth.displayName ?? auth.userName;
  const ins = await tx.query<{ meeting_id: number }>(
    `INSERT INTO shop_weekly_meeting (tenant_id, shop_id, shop_name, week_year, week_num, week_start, week_end, host_name, summary, next_week_plan, week_target, week_actual, create_user_name, update_user_name)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING meeting_id`,
    [shop.shopId, shop.shopName, week.year, week.weekNum, week.weekStart, week.weekEnd, input.hostName || who, input.summary ?? null, input.nextWeekPlan ?? null,
      amountText(fig.weekTarget), amountText(fig.weekActual), who],
  ).catch(uniqueAsConflict(dupMessage(shop.shopName, week)));
  const id = ins.rows[0].meeting_id;
  const p = fig.persons;
  await tx.query(
    `INSERT INTO shop_weekly_meeting_det (tenant_id, meeting_id, user_id, user_name, week_target, week_actual, week_orders, next_week_target, remark, sort)
     SELECT app_current_tenant(), $1, u, n, wt, wa, wo, nt, r, s FROM unnest($2::int[], $3::text[], $4::numeric[], $5::numeric[], $6::int[], $7::numeric[], $8::text[], $9::int[]) AS x(u, n, wt, wa, wo, nt, r, s)`,
    [id, p.map((x) => x.userId), p.map((x) => x.userName), p.map((x) => x.weekTarget), p.map((x) => x.weekActual), p.map((x) => x.weekOrders),
      p.map((x) => { const t = typed.get(x.userId); return t && t.nextWeekTarget !== undefined ? t.nextWeekTarget : x.suggestedNextWeekTarget; }),
      p.map((x) => typed.get(x.userId)?.remark ?? null), p.map((_, i) => i + 1)],
  );
  return id;
}

export async function weeklyMeetingById(tx: Queryable, id: number) {
  const h = (await tx.query<Record<string, unknown>>(
    `SELECT meeting_id AS "meetingId", shop_id AS "shopId", shop_name AS "shopName", week_year AS "weekYear", week_num AS "weekNum",
            to_char(week_start, 'YYYY-MM-DD') AS "weekStart", to_char(week_end, 'YYYY-MM-DD') AS "weekEnd", host_name AS "hostName", summary,
            next_week_plan AS "nextWeekPlan", week_target::float8 AS "weekTarget", week_actual::float8 AS "weekActual",
            create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
            update_user_name AS "updateUserName", to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
       FROM shop_weekly_meeting WHERE meeting_id = $1`,
    [id],
  )).rows[0];
  if (!h) throw new ApiError('NOT_FOUND', '周会不存在或已被删除');
  const det = (await tx.query<Record<string, unknown>>(
    `SELECT det_id AS "detId", user_id AS "userId", user_name AS "userName", week_target::float8 AS "weekTarget", week_actual::float8 AS "weekActual",
            week_orders AS "weekOrders", next_week_target::float8 AS "nextWeekTarget", remark
       FROM shop_weekly_meeting_det WHERE meeting_id = $1 ORDER BY sort, det_id`,
    [id],
  )).rows.map((d) => ({ ...d, reachRate: reachRate(fenOf(d.weekActual), fenOf(d.weekTarget)) }));
  return {
    ...h, label: weekOf(String(h.weekStart)).label, reachRate: reachRate(fenOf(h.weekActual), fenOf(h.weekTarget)), detList: det,
  };
}

async function lockWeekly(tx: Queryable, id: number): Promise<void> {
  const r = await tx.query(`SELECT 1 FROM shop_weekly_meeting WHERE meeting_id = $1 FOR UPDATE`, [id]);
  if (!r.rows[0]) throw new ApiError('NOT_FOUND', '周会不存在或已被删除');
}

export async function updateWeeklyMeeting(tx: Queryable, auth: AuthContext, id: number, input: { hostName?: string | null; summary?: string | null; nextWeekPlan?: string | null }): Promise<void> {
  await lockWeekly(tx, id);
  await tx.query(
    `UPDATE shop_weekly_meeting SET host_name = coalesce($2, host_name), summary = $3, next_week_plan = $4, update_user_name = $5, update_time = now() WHERE meeting_id = $1`,
    [id, input.hostName || null, input.summary ?? null, input.nextWeekPlan ?? null, auth.displayName ?? auth.userName],
  );
}

export async function updatePersonalTargets(tx: Queryable, auth: AuthContext, id: number, list: PersonalTarget[]): Promise<void> {
  await lockWeekly(tx, id);
  checkAmounts(list);
  const known = new Set((await tx.query<{ user_id: number | null }>(`SELECT user_id FROM shop_weekly_meeting_det WHERE meeting_id = $1`, [id])).rows.map((r) => r.user_id));
  list.forEach((d, i) => {
    if (!known.has(d.userId ?? null)) throw new ApiError('BAD_REQUEST', `第${i + 1}行：该人员不在本次周会中`);
  });
  await tx.query(
    `UPDATE shop_weekly_meeting_det d SET next_week_target = x.t, remark = coalesce(x.r, d.remark) FROM unnest($2::int[], $3::numeric[], $4::text[]) AS x(u, t, r)
      WHERE d.meeting_id = $1 AND coalesce(d.user_id, 0) = coalesce(x.u, 0)`,
    [id, list.map((d) => d.userId ?? null), list.map((d) => d.nextWeekTarget ?? null), list.map((d) => d.remark ?? null)],
  );
  await tx.query(`UPDATE shop_weekly_meeting SET update_user_name = $2, update_time = now() WHERE meeting_id = $1`, [id, auth.displayName ?? auth.userName]);
}
