import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { figuresByPerson, reachInfo, shopOfTenant, uniqueAsConflict, userTargetsOf } from '../targets/index.ts';
import { reachRate } from '../targets/index.ts';
import { salesByDayAndSeller } from '../targets/index.ts';
import { fenOf, amountText } from '../../../core/money.ts';
import { meetingDay } from './dailyMeeting.ts';
import { daysOfMonth } from '../../../core/calendar.ts';

/**
 * 店会 (shop-meeting): a shop's meeting on a topic (经营分析会, 培训会, 专题会), one per shop, day and type. It
 * shows the month's sales against target and each seller's day target and sales, from the targets and orders.
 */

export const SHOP_MEETING_TYPES: Record<number, string> = { 1: '经营分析会', 2: '培训会', 3: '专题会' };

/** The day's and the month-to-date's target and sales of a shop (display/actual, query/sale). */
export async function shopSales(tx: Queryable, shopId: number, day: string) {
  const month = day.slice(0, 7);
  const info = await reachInfo(tx, shopId, month);
  const sales = await salesByDayAndSeller(tx, shopId, `${month}-01`, daysOfMonth(month).at(-1)!);
  const d = await figuresByPerson(tx, shopId, day, day, sales);
  const toDate = await figuresByPerson(tx, shopId, `${month}-01`, day, sales);
  return {
    shopId, shopName: info.shopName, date: day, month,
    dayTarget: d.targetFen / 100, dayActual: d.actualFen / 100, dayReachRate: reachRate(d.actualFen, d.targetFen),
    monthTarget: info.targetAmount, monthActual: info.actualAmount, monthReachRate: info.reachRate,
    monthToDateTarget: toDate.targetFen / 100, monthToDateActual: toDate.actualFen / 100, monthToDateReachRate: reachRate(toDate.actualFen, toDate.targetFen),
    timeProgress: info.timeProgress, level: info.level,
  };
}

/** Each seller's target and sales of the day and of the month so far (query/user-day-target). */
export async function userDayTargets(tx: Queryable, shopId: number, day: string) {
  const month = day.slice(0, 7);
  const last = daysOfMonth(month).at(-1)!;
  const sales = await salesByDayAndSeller(tx, shopId, `${month}-01`, last);
  const d = await figuresByPerson(tx, shopId, day, day, sales);
  const m = await figuresByPerson(tx, shopId, `${month}-01`, last, sales);
  const monthOf = new Map(m.persons.map((p) => [p.userId, p]));
  const ids = new Set([...d.persons.map((p) => p.userId), ...m.persons.map((p) => p.userId)]);
  return [...ids].map((userId) => {
    const dp = d.persons.find((p) => p.userId === userId);
    const mp = monthOf.get(userId);
    return {
      userId, userName: dp?.userName ?? mp?.userName ?? '',
      dayTarget: dp?.targetAmount ?? 0, dayActual: dp?.actualAmount ?? 0, dayReachRate: dp?.reachRate ?? null,
      monthTarget: mp?.targetAmount ?? 0, monthActual: mp?.actualAmount ?? 0, monthReachRate: mp?.reachRate ?? null,
    };
  });
}

export async function initShopMeeting(tx: Queryable, shopId: number, day: string) {
  const shop = await shopOfTenant(tx, shopId);
  const persons = await userTargetsOf(tx, shopId, day.slice(0, 7));
  return {
    shopId, shopName: shop.shopName, meetingDate: day, meetingTypes: Object.entries(SHOP_MEETING_TYPES).map(([value, label]) => ({ value: Number(value), label })),
    attendees: persons.map((p) => p.userName).join('、'), persons: persons.map((p) => ({ userId: p.userId, userName: p.userName, monthTarget: p.fen / 100 })),
  };
}

export interface ShopMeetingInput {
  shopId: number;
  meetingDate?: string | null;
  meetingType?: number | null;
  title: string;
  content?: string | null;
  attendees?: string | null;
  hostName?: string | null;
}

export async function shopMeetingOf(tx: Queryable, shopId: number, day: string, type: number | null): Promise<{ meetingId: number; meetingType: number }[]> {
  return (await tx.query<{ meetingId: number; meetingType: number }>(
    `SELECT meeting_id AS "meetingId", meeting_type AS "meetingType" FROM shop_meeting WHERE shop_id = $1 AND meeting_date = $2::date AND ($3::int IS NULL OR meeting_type = $3) ORDER BY meeting_type`,
    [shopId, day, type],
  )).rows;
}

export async function addShopMeeting(tx: Queryable, auth: AuthContext, input: ShopMeetingInput): Promise<number> {
  const shop = await shopOfTenant(tx, input.shopId);
  const day = await meetingDay(tx, input.meetingDate);
  const type = input.meetingType ?? 1;
  if (!SHOP_MEETING_TYPES[type]) throw new ApiError('BAD_REQUEST', '会议类型取值不在允许范围内');
  if (!input.title.trim()) throw new ApiError('BAD_REQUEST', '会议主题不能为空');
  const dup = `门店「${shop.shopName}」${day} 的${SHOP_MEETING_TYPES[type]}已召开，不能重复创建`;
  if ((await shopMeetingOf(tx, shop.shopId, day, type)).length) throw new ApiError('CONFLICT', dup);
  const sales = await shopSales(tx, shop.shopId, day);
  const who = auth.displayName ?? auth.userName;
  const r = await tx.query<{ meeting_id: number }>(
    `INSERT INTO shop_meeting (tenant_id, shop_id, shop_name, meeting_date, meeting_type, title, content, attendees, host_name, month_target, month_actual, create_user_name)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING meeting_id`,
    [shop.shopId, shop.shopName, day, type, input.title.trim(), input.content ?? null, input.attendees ?? null, input.hostName || who,
      amountText(sales.monthTarget), amountText(sales.monthToDateActual), who],
  ).catch(uniqueAsConflict(dup));
  return r.rows[0].meeting_id;
}

export async function shopMeetingById(tx: Queryable, id: number) {
  const h = (await tx.query<Record<string, unknown>>(
    `SELECT meeting_id AS "meetingId", shop_id AS "shopId", shop_name AS "shopName", to_char(meeting_date, 'YYYY-MM-DD') AS "meetingDate",
            meeting_type AS "meetingType", title, content, attendees, host_name AS "hostName", month_target::float8 AS "monthTarget",
            month_actual::float8 AS "monthActual", create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
       FROM shop_meeting WHERE meeting_id = $1`,
    [id],
  )).rows[0];
  if (!h) throw new ApiError('NOT_FOUND', '店会不存在或已被删除');
  return {
    ...h, meetingTypeName: SHOP_MEETING_TYPES[Number(h.meetingType)] ?? '',
    monthReachRate: reachRate(fenOf(h.monthActual), fenOf(h.monthTarget)),
    users: await userDayTargets(tx, Number(h.shopId), String(h.meetingDate)),
  };
}
