import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { figuresByPerson, shopOfTenant, today, uniqueAsConflict } from '../targets/index.ts';
import { reachRate } from '../targets/index.ts';
import { fenOf, amountText } from '../../../core/money.ts';
import { addDays, parseDay } from '../../../core/calendar.ts';

/**
 * 日会 (shop-daily-meeting): one meeting per shop and day. Its figures — yesterday's target and sales per seller,
 * today's target — come from the targets and the orders when it is opened and are kept as its minutes when it is
 * saved; the manager types the summary, today's plan, each seller's goal and the counted stock of chosen SKUs.
 */

export interface DailyPerson {
  userId: number | null;
  userName: string;
  yesterdayTarget: number;
  yesterdayActual: number;
  yesterdayOrders: number;
  yesterdayReachRate: number | null;
  todayTarget: number;
  todayGoal: number | null;
  remark: string | null;
}

export async function meetingDay(tx: Queryable, day: string | null | undefined): Promise<string> {
  const now = await today(tx);
  if (!day) return now;
  if (!parseDay(day)) throw new ApiError('BAD_REQUEST', '会议日期格式不正确，应为 YYYY-MM-DD');
  if (day > now) throw new ApiError('BAD_REQUEST', '会议日期不能晚于今天');
  return day;
}

/** Yesterday's target and sales and today's target, per seller, from the targets and the orders. */
export async function dailyFigures(tx: Queryable, shopId: number, day: string): Promise<{ persons: DailyPerson[]; yesterday: string; totals: { yesterdayTarget: number; yesterdayActual: number; todayTarget: number } }> {
  const yesterday = addDays(day, -1);
  const y = await figuresByPerson(tx, shopId, yesterday, yesterday);
  const t = await figuresByPerson(tx, shopId, day, day);
  const todayOf = new Map(t.persons.map((p) => [p.userId, p.targetAmount]));
  const persons: DailyPerson[] = y.persons.map((p) => ({
    userId: p.userId, userName: p.userName, yesterdayTarget: p.targetAmount, yesterdayActual: p.actualAmount, yesterdayOrders: p.orderCount,
    yesterdayReachRate: p.reachRate, todayTarget: todayOf.get(p.userId) ?? 0, todayGoal: null, remark: null,
  }));
  // Sellers with a target today only (a target that starts today).
  for (const p of t.persons) {
    if (p.userId !== null && p.targetAmount > 0 && !persons.some((x) => x.userId === p.userId)) {
      persons.push({ userId: p.userId, userName: p.userName, yesterdayTarget: 0, yesterdayActual: 0, yesterdayOrders: 0, yesterdayReachRate: null, todayTarget: p.targetAmount, todayGoal: null, remark: null });
    }
  }
  return { persons, yesterday, totals: { yesterdayTarget: y.targetFen / 100, yesterdayActual: y.actualFen / 100, todayTarget: t.targetFen / 100 } };
}

const HEADER = `SELECT meeting_id AS "meetingId", shop_id AS "shopId", shop_name AS "shopName", to_char(meeting_date, 'YYYY-MM-DD') AS "meetingDate",
  host_name AS "hostName", summary, today_plan AS "todayPlan", yesterday_target::float8 AS "yesterdayTarget", yesterday_actual::float8 AS "yesterdayActual",
  today_target::float8 AS "todayTarget", create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
  update_user_name AS "updateUserName", to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime" FROM shop_daily_meeting`;

export async function dailyMeetingById(tx: Queryable, id: number): Promise<Record<string, unknown>> {
  const h = (await tx.query<Record<string, unknown>>(`${HEADER} WHERE meeting_id = $1`, [id])).rows[0];
  if (!h) throw new ApiError('NOT_FOUND', '日会不存在或已被删除');
  const det = await tx.query<Record<string, unknown>>(
    `SELECT det_id AS "detId", user_id AS "userId", user_name AS "userName", yesterday_target::float8 AS "yesterdayTarget", yesterday_actual::float8 AS "yesterdayActual",
            yesterday_orders AS "yesterdayOrders", today_target::float8 AS "todayTarget", today_goal::float8 AS "todayGoal", remark
       FROM shop_daily_meeting_det WHERE meeting_id = $1 ORDER BY sort, det_id`,
    [id],
  );
  const detList = det.rows.map((d) => ({ ...d, yesterdayReachRate: reachRate(fenOf(d.yesterdayActual), fenOf(d.yesterdayTarget)) }));
  const yt = fenOf(h.yesterdayTarget), ya = fenOf(h.yesterdayActual);
  return {
    ...h, yesterday: addDays(String(h.meetingDate), -1), yesterdayReachRate: reachRate(ya, yt), detList,
    inventoryList: await inventoryOf(tx, id),
  };
}

export async function dailyMeetingOf(tx: Queryable, shopId: number, day: string): Promise<number | null> {
  const r = await tx.query<{ meeting_id: number }>(`SELECT meeting_id FROM shop_daily_meeting WHERE shop_id = $1 AND meeting_date = $2::date`, [shopId, day]);
  return r.rows[0]?.meeting_id ?? null;
}

export interface DailyInput {
  shopId: number;
  meetingDate?: string | null;
  hostName?: string | null;
  summary?: string | null;
  todayPlan?: string | null;
  detList?: { userId: number | null; todayGoal?: number | null; remark?: string | null }[] | null;
  inventoryList?: CountInput[] | null;
}

export interface CountInput {
  skuId: number;
  countedQuantity: number;
  remark?: string | null;
}

const dupMessage = (shopName: string, day: string) => `门店「${shopName}」${day} 的日会已召开，不能重复创建（请在原日会上修改）`;

export async function saveDailyMeeting(tx: Queryable, auth: AuthContext, input: DailyInput): Promise<number> {
  const shop = await shopOfTenant(tx, input.shopId);
  const day = await meetingDay(tx, input.meetingDate);
  if (await dailyMeetingOf(tx, shop.shopId, day)) throw new ApiError('CONFLICT', dupMessage(shop.shopName, day));
  const fig = await dailyFigures(tx, shop.shopId, day);
  const typed = new Map((input.detList ?? []).map((d) => [d.userId ?? null, d]));
  for (const id of typed.keys()) {
    if (!fig.persons.some((p) => p.userId === id)) throw new ApiError('BAD_REQUEST', `人员（用户ID ${id}）不在本店昨日销售或今日目标名单中`);
  }
  const who = auth.displayName ?? auth.userName;
  const ins = await tx.query<{ meeting_id: number }>(
    `INSERT INTO shop_daily_meeting (tenant_id, shop_id, shop_name, meeting_date, host_name, summary, today_plan, yesterday_target, yesterday_actual, today_target, create_user_name, update_user_name)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING meeting_id`,
    [shop.shopId, shop.shopName, day, input.hostName || who, input.summary ?? null, input.todayPlan ?? null,
      amountText(fig.totals.yesterdayTarget), amountText(fig.totals.yesterdayActual), amountText(fig.totals.todayTarget), who],
  ).catch(uniqueAsConflict(dupMessage(shop.shopName, day)));
  const id = ins.rows[0].meeting_id;
  const p = fig.persons;
  await tx.query(
    `INSERT INTO shop_daily_meeting_det (tenant_id, meeting_id, user_id, user_name, yesterday_target, yesterday_actual, yesterday_orders, today_target, today_goal, remark, sort)
     SELECT app_current_tenant(), $1, u, n, yt, ya, yo, tt, g, r, s
       FROM unnest($2::int[], $3::text[], $4::numeric[], $5::numeric[], $6::int[], $7::numeric[], $8::numeric[], $9::text[], $10::int[]) AS x(u, n, yt, ya, yo, tt, g, r, s)`,
    [id, p.map((x) => x.userId), p.map((x) => x.userName), p.map((x) => x.yesterdayTarget), p.map((x) => x.yesterdayActual), p.map((x) => x.yesterdayOrders),
      p.map((x) => x.todayTarget), p.map((x) => typed.get(x.userId)?.todayGoal ?? null), p.map((x) => typed.get(x.userId)?.remark ?? null), p.map((_, i) => i + 1)],
  );
  if (input.inventoryList?.length) await saveCounts(tx, auth, id, input.inventoryList);
  return id;
}

/** Locks a daily meeting for a change; refuses one that is gone. */
async function lockMeeting(tx: Queryable, id: number): Promise<{ shop_id: number }> {
  const r = await tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_daily_meeting WHERE meeting_id = $1 FOR UPDATE`, [id]);
  if (!r.rows[0]) throw new ApiError('NOT_FOUND', '日会不存在或已被删除');
  return r.rows[0];
}

export async function updateDailyMeeting(tx: Queryable, auth: AuthContext, input: { meetingId: number; hostName?: string | null; summary?: string | null; todayPlan?: string | null }): Promise<void> {
  await lockMeeting(tx, input.meetingId);
  await tx.query(
    `UPDATE shop_daily_meeting SET host_name = coalesce($2, host_name), summary = $3, today_plan = $4, update_user_name = $5, update_time = now() WHERE meeting_id = $1`,
    [input.meetingId, input.hostName || null, input.summary ?? null, input.todayPlan ?? null, auth.displayName ?? auth.userName],
  );
}

export async function updateDailyDetail(tx: Queryable, auth: AuthContext, meetingId: number, list: { userId: number | null; todayGoal?: number | null; remark?: string | null }[]): Promise<void> {
  await lockMeeting(tx, meetingId);
  const known = new Set((await tx.query<{ user_id: number | null }>(`SELECT user_id FROM shop_daily_meeting_det WHERE meeting_id = $1`, [meetingId])).rows.map((r) => r.user_id));
  list.forEach((d, i) => {
    if (!known.has(d.userId ?? null)) throw new ApiError('BAD_REQUEST', `第${i + 1}行：该人员不在本次日会中`);
  });
  await tx.query(
    `UPDATE shop_daily_meeting_det d SET today_goal = x.g, remark = x.r FROM unnest($2::int[], $3::numeric[], $4::text[]) AS x(u, g, r)
      WHERE d.meeting_id = $1 AND coalesce(d.user_id, 0) = coalesce(x.u, 0)`,
    [meetingId, list.map((d) => d.userId ?? null), list.map((d) => d.todayGoal ?? null), list.map((d) => d.remark ?? null)],
  );
  await tx.query(`UPDATE shop_daily_meeting SET update_user_name = $2, update_time = now() WHERE meeting_id = $1`, [meetingId, auth.displayName ?? auth.userName]);
}

/**
 * SKUs of the shop's warehouse to count, with the book quantity: the given ids (a SKU the warehouse never held
 * counts from 0), else the warehouse's SKUs by code, name or barcode, else those it has on hand.
 */
export async function findInventory(tx: Queryable, shopId: number, keyword: string | null, skuIds: number[] | null, limit: number) {
  const shop = await shopOfTenant(tx, shopId);
  if (!shop.whId) throw new ApiError('BAD_REQUEST', `门店「${shop.shopName}」没有启用的门店仓，无法盘点库存`);
  const r = skuIds
    ? await tx.query(
      `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.barcode, s.spec, s.unit, coalesce(b.on_hand, 0)::float8 AS "bookQuantity"
         FROM pd_sku s LEFT JOIN stock_balance b ON b.wh_id = $1 AND b.sku_id = s.sku_id
        WHERE s.sku_id = ANY($2::int[]) AND s.status = 1 ORDER BY s.sku_code, s.sku_id LIMIT $3`,
      [shop.whId, skuIds, limit],
    )
    // Only the warehouse's rows are read (unique key tenant, warehouse, SKU), whatever the size of the catalogue.
    : await tx.query(
      `SELECT b.sku_id AS "skuId", b.sku_code AS "skuCode", b.sku_name AS "skuName", b.barcode, b.spec, b.unit, b.on_hand::float8 AS "bookQuantity"
         FROM stock_balance b
        WHERE b.wh_id = $1
          AND ($2::text IS NULL OR b.sku_code ILIKE '%' || $2 || '%' OR b.sku_name ILIKE '%' || $2 || '%' OR b.barcode = $2)
          AND ($2::text IS NOT NULL OR b.on_hand > 0)
        ORDER BY b.sku_code, b.sku_id LIMIT $3`,
      [shop.whId, keyword, limit],
    );
  return { whId: shop.whId, list: r.rows };
}

export async function saveCounts(tx: Queryable, auth: AuthContext, meetingId: number, list: CountInput[]): Promise<void> {
  const m = await lockMeeting(tx, meetingId);
  const shop = await shopOfTenant(tx, m.shop_id);
  if (!shop.whId) throw new ApiError('BAD_REQUEST', `门店「${shop.shopName}」没有启用的门店仓，无法盘点库存`);
  const ids = list.map((c) => c.skuId);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) throw new ApiError('BAD_REQUEST', `第${dup + 1}行：商品重复`);
  list.forEach((c, i) => {
    if (Math.abs(c.countedQuantity * 1000 - Math.round(c.countedQuantity * 1000)) > 1e-6) throw new ApiError('BAD_REQUEST', `第${i + 1}行：实盘数量最多保留三位小数`);
  });
  const found = await tx.query<{ sku_id: number }>(`SELECT sku_id FROM pd_sku WHERE sku_id = ANY($1::int[]) AND status = 1`, [ids]);
  const have = new Set(found.rows.map((r) => r.sku_id));
  const missing = ids.findIndex((id) => !have.has(id));
  if (missing >= 0) throw new ApiError('BAD_REQUEST', `第${missing + 1}行：商品不存在或已停用（SKU ID ${ids[missing]}）`);
  await tx.query(
    `INSERT INTO shop_daily_meeting_inventory (tenant_id, meeting_id, wh_id, sku_id, sku_code, sku_name, spec, unit, book_quantity, counted_quantity, remark, count_user_name)
     SELECT app_current_tenant(), $1, $2, s.sku_id, s.sku_code, s.sku_name, s.spec, s.unit, coalesce(b.on_hand, 0), x.q, x.r, $6
       FROM unnest($3::int[], $4::numeric[], $5::text[]) AS x(sku, q, r) JOIN pd_sku s ON s.sku_id = x.sku
       LEFT JOIN stock_balance b ON b.wh_id = $2 AND b.sku_id = x.sku
     ON CONFLICT (tenant_id, meeting_id, sku_id) DO UPDATE SET book_quantity = EXCLUDED.book_quantity, counted_quantity = EXCLUDED.counted_quantity,
       remark = EXCLUDED.remark, count_user_name = EXCLUDED.count_user_name, count_time = now()`,
    [meetingId, shop.whId, ids, list.map((c) => c.countedQuantity), list.map((c) => c.remark ?? null), auth.displayName ?? auth.userName],
  );
}

export async function inventoryOf(tx: Queryable, meetingId: number) {
  return (await tx.query(
    `SELECT id, sku_id AS "skuId", sku_code AS "skuCode", sku_name AS "skuName", spec, unit, book_quantity::float8 AS "bookQuantity",
            counted_quantity::float8 AS "countedQuantity", diff_quantity::float8 AS "diffQuantity", remark, count_user_name AS "countUserName",
            to_char(count_time, 'YYYY-MM-DD HH24:MI:SS') AS "countTime"
       FROM shop_daily_meeting_inventory WHERE meeting_id = $1 ORDER BY sku_code, sku_id`,
    [meetingId],
  )).rows;
}
