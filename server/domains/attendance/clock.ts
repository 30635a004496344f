import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { dateParam, idField } from '../../http/fields.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { checkPictures } from '../pettyCash/index.ts';

/**
 * 打卡 (attn-clock): a person clocks in (上班) or out (下班) at a shop from the h5 clock page with a photo taken
 * there (an image uploaded through the file service; its object key is kept). The time is the server's, never
 * the phone's. The same clock twice within a minute is a double tap: 409, one row. A shop's people are its
 * salary profiles (fd-fdPersonalPc) and whoever clocked in there; inspection and distribution staff can be left out.
 */

export const CLOCK_TYPES: Record<number, string> = { 1: '上班', 2: '下班' };
const DOUBLE_TAP_SECONDS = 60;
const MAX_RANGE_DAYS = 31;

interface ClockBody {
  shopId: number;
  clockType: number;
  photoKey: string;
  remark?: string | null;
}

export async function clockIn(tx: Queryable, who: { userId: number; userName: string }, b: ClockBody) {
  const shop = (await tx.query<{ shop_name: string; status: number }>(`SELECT shop_name, status FROM shop_base WHERE shop_id = $1`, [b.shopId])).rows[0];
  if (!shop) throw new ApiError('BAD_REQUEST', '门店（shopId）不存在');
  if (Number(shop.status) !== 1) throw new ApiError('BAD_REQUEST', `门店“${shop.shop_name}”已停用，不能打卡`);
  const photo = await checkPictures(tx, b.photoKey, true, '打卡照片', 1);
  // One person's clocks are decided one at a time, so two taps at the same moment still make one row.
  await tx.query(`SELECT pg_advisory_xact_lock(7101, $1)`, [who.userId]);
  const recent = await tx.query(
    `SELECT 1 FROM attn_clock WHERE user_id = $1 AND clock_type = $2 AND clock_time > now() - make_interval(secs => $3)`,
    [who.userId, b.clockType, DOUBLE_TAP_SECONDS],
  );
  if (recent.rows.length) throw new ApiError('CONFLICT', `1分钟内已${CLOCK_TYPES[b.clockType]}打卡，请勿重复打卡`);
  const user = (await tx.query<{ name: string }>(`SELECT name FROM sys_user WHERE id = $1`, [who.userId])).rows[0];
  const r = await tx.query<{ clockId: number; clockTime: string; clockDate: string }>(
    `INSERT INTO attn_clock (tenant_id, user_id, user_name, shop_id, shop_name, clock_type, photo_key, remark)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7)
     RETURNING clock_id AS "clockId", to_char(clock_time, 'YYYY-MM-DD HH24:MI:SS') AS "clockTime", to_char(clock_date, 'YYYY-MM-DD') AS "clockDate"`,
    [who.userId, (user?.name ?? who.userName).slice(0, 24), b.shopId, shop.shop_name, b.clockType, photo, b.remark?.trim() || null],
  );
  return { ...r.rows[0], shopId: b.shopId, shopName: shop.shop_name, clockType: b.clockType, clockTypeName: CLOCK_TYPES[b.clockType], photoKey: photo };
}

export interface ClockListFilter {
  shopId: number;
  isFilterInspection: number;
  isFilterDistribution: number;
  startDate: string;
  endDate: string;
}

/** The shop's people with their clock-ins of the days asked (a person per row, their clocks in time order). */
export async function clocksByUser(tx: Queryable, f: ClockListFilter) {
  const r = await tx.query(
    `WITH people AS (
       SELECT user_id FROM fd_personal_pc WHERE shop_id = $1 AND status = 1
       UNION
       SELECT DISTINCT user_id FROM attn_clock WHERE shop_id = $1 AND clock_date BETWEEN $2::date AND $3::date)
     SELECT u.id AS "userId", u.name AS "userName", $1::int AS "shopId", s.shop_name AS "shopName",
            p.position_name AS "positionName", coalesce(p.is_inspection, 0) AS "isInspection", coalesce(p.is_distribution, 0) AS "isDistribution",
            count(c.clock_id)::int AS "clockCount", count(DISTINCT c.clock_date)::int AS "workDays",
            to_char(min(c.clock_time), 'YYYY-MM-DD HH24:MI:SS') AS "firstClockTime", to_char(max(c.clock_time), 'YYYY-MM-DD HH24:MI:SS') AS "lastClockTime",
            coalesce(json_agg(json_build_object('clockId', c.clock_id, 'clockType', c.clock_type,
                       'clockTypeName', CASE c.clock_type WHEN 1 THEN '上班' ELSE '下班' END,
                       'clockTime', to_char(c.clock_time, 'YYYY-MM-DD HH24:MI:SS'), 'photoKey', c.photo_key) ORDER BY c.clock_time)
                     FILTER (WHERE c.clock_id IS NOT NULL), '[]') AS clocks
       FROM people x
       JOIN sys_user u ON u.id = x.user_id
       JOIN shop_base s ON s.shop_id = $1
       LEFT JOIN fd_personal_pc p ON p.user_id = u.id
       LEFT JOIN attn_clock c ON c.user_id = u.id AND c.shop_id = $1 AND c.clock_date BETWEEN $2::date AND $3::date
      WHERE ($4 = 0 OR coalesce(p.is_inspection, 0) = 0) AND ($5 = 0 OR coalesce(p.is_distribution, 0) = 0)
      GROUP BY u.id, u.name, s.shop_name, p.position_name, p.is_inspection, p.is_distribution
      ORDER BY u.name, u.id`,
    [f.shopId, f.startDate, f.endDate, f.isFilterInspection, f.isFilterDistribution],
  );
  return r.rows;
}

const flag = (title: string) => ({ type: 'integer', enum: [0, 1], title });

registerCustomRoute('attendance.clockIn', {
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['shopId', 'clockType', 'photoKey'],
      properties: {
        shopId: idField('门店'),
        clockType: { type: 'integer', enum: [1, 2], title: '打卡类型' },
        photoKey: { type: 'string', minLength: 1, maxLength: 64, title: '打卡照片' },
        remark: { type: ['string', 'null'], maxLength: 100, title: '备注' },
      },
    },
  },
  handler: async (req: Req) => {
    const auth = req.auth!;
    const row = await req.tenantTx((tx) => clockIn(tx, { userId: auth.userId, userName: auth.displayName ?? auth.userName }, req.body as unknown as ClockBody)).catch(asCallerError);
    return ok(row, `${row.clockTypeName}打卡成功（${row.clockTime.slice(11, 16)}）`);
  },
});

registerCustomRoute('attendance.clockList', {
  schema: {
    params: {
      type: 'object',
      required: ['shopId', 'isFilterInspection', 'isFilterDistribution'],
      properties: { shopId: idField('门店'), isFilterInspection: flag('是否过滤巡店人员'), isFilterDistribution: flag('是否过滤配送人员') },
    },
    querystring: { type: 'object', properties: { startDate: dateParam('开始日期'), endDate: dateParam('结束日期') } },
  },
  handler: async (req: Req) => {
    const p = req.params as unknown as { shopId: number; isFilterInspection: number; isFilterDistribution: number };
    const q = (req.query ?? {}) as { startDate?: string; endDate?: string };
    const rows = await req
      .tenantTx(async (tx) => {
        const d = (await tx.query<{ today: string; span: number | null; shop: boolean }>(
          `SELECT to_char(current_date, 'YYYY-MM-DD') AS today, ($2::date - $1::date) AS span, EXISTS (SELECT 1 FROM shop_base WHERE shop_id = $3) AS shop`,
          [q.startDate ?? q.endDate ?? null, q.endDate ?? q.startDate ?? null, p.shopId],
        )).rows[0];
        if (!d.shop) throw new ApiError('BAD_REQUEST', '门店（shopId）不存在');
        const startDate = q.startDate ?? q.endDate ?? d.today;
        const endDate = q.endDate ?? q.startDate ?? d.today;
        if (d.span !== null && d.span < 0) throw new ApiError('BAD_REQUEST', '结束日期不能早于开始日期');
        if (d.span !== null && d.span >= MAX_RANGE_DAYS) throw new ApiError('BAD_REQUEST', `查询日期范围不能超过${MAX_RANGE_DAYS}天`);
        return clocksByUser(tx, { ...p, startDate, endDate });
      })
      .catch(asCallerError);
    return ok(rows);
  },
});

registerCustomRoute('attendance.myToday', {
  schema: {},
  handler: async (req: Req) => {
    const rows = await req.tenantTx(async (tx) =>
      (
        await tx.query(
          `SELECT clock_id AS "clockId", shop_id AS "shopId", shop_name AS "shopName", clock_type AS "clockType",
                  CASE clock_type WHEN 1 THEN '上班' ELSE '下班' END AS "clockTypeName",
                  to_char(clock_time, 'YYYY-MM-DD HH24:MI:SS') AS "clockTime", photo_key AS "photoKey"
             FROM attn_clock WHERE user_id = $1 AND clock_date = current_date ORDER BY clock_time, clock_id`,
          [req.auth!.userId],
        )
      ).rows,
    );
    return ok(rows);
  },
});
