import { sendCsv } from '../../http/sendCsv.ts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { dbToday } from '../../db/calendar.ts';
import { dateParam } from '../../http/fields.ts';
import { daysBetween } from '../../../core/calendar.ts';

/**
 * 门店日常管理 (shop-daily-management): each shop's day at a glance, from what the shop really did — the daily
 * meeting held (and its stock check), the cashiers' shifts handed over with their over/short, the petty-cash
 * spends recorded. A shop has "committed" its day when its daily meeting was held; shop/uncommitted names those
 * that have not (so a regional manager can call them).
 */

const PERM = 'shop:dailyManagement:list';
const tags = ['wxy-shop-server'];
const day = (title: string) => dateParam(title, 'date', { nullable: true });
const MAX_DAYS = 62;

interface Filter {
  date?: string | null;
  dateStart?: string | null;
  dateEnd?: string | null;
  shopId?: number | null;
  shopName?: string | null;
  committed?: boolean | null;
}

const filterSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    pageNum: { type: ['integer', 'null'], minimum: 1, maximum: 100000, title: '页码' },
    pageSize: { type: ['integer', 'null'], minimum: 1, maximum: 1000, title: '每页条数' },
    date: day('日期'),
    dateStart: day('开始日期'),
    dateEnd: day('结束日期'),
    shopId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, title: '门店' },
    shopName: { type: ['string', 'null'], maxLength: 24, title: '门店名称' },
    committed: { type: ['boolean', 'null'], title: '是否已提交' },
  },
};

async function range(tx: Queryable, f: Filter | null | undefined): Promise<{ start: string; end: string }> {
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

const params = (r: { start: string; end: string }, f: Filter | null | undefined) => [r.start, r.end, f?.shopId ?? null, f?.shopName?.trim() || null, f?.committed ?? null];
const committedWhere = `WHERE ($5::boolean IS NULL OR committed = $5)`;

export const dailyManagementRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: (Filter & { pageNum?: number | null; pageSize?: number | null }) | null }>(
    '/shop-daily-management/findPage',
    { config: { perm: PERM }, schema: { tags, summary: '门店日常管理：每店每天的日会（含盘点）、收银交班（长短款）、备用金支出；committed = 当天日会已开', body: filterSchema } },
    async (req) => {
      const f = req.body;
      const pageSize = f?.pageSize ?? 20;
      const pageNum = f?.pageNum ?? 1;
      const data = await req.tenantTx(async (tx) => {
        const r = await range(tx, f);
        const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${daysSql(committedWhere)}) x`, params(r, f))).rows[0].n;
        const records = (await tx.query(`${daysSql(committedWhere)} ORDER BY "date" DESC, "shopCode" LIMIT $6 OFFSET $7`, [...params(r, f), pageSize, (pageNum - 1) * pageSize])).rows;
        return { records, total };
      });
      return ok(data);
    },
  );

  app.post<{ Body: Filter | null }>(
    '/shop-daily-management/statistics',
    { config: { perm: PERM }, schema: { tags, summary: '门店日常管理汇总：应提交、已提交、未提交、提交率，交班长短款合计，备用金支出合计', body: filterSchema } },
    async (req) => {
      const data = await req.tenantTx(async (tx) => {
        const r = await range(tx, req.body);
        const row = (await tx.query<{ expected: number; committed: number; shift_difference: number; petty_cash_amount: number }>(
          `SELECT count(*)::int AS expected, count(*) FILTER (WHERE committed)::int AS committed,
                  coalesce(sum("shiftDifference"), 0)::float8 AS shift_difference, coalesce(sum("pettyCashAmount"), 0)::float8 AS petty_cash_amount
             FROM (${daysSql('')}) x`,
          params(r, req.body).slice(0, 4),
        )).rows[0];
        return {
          dateStart: r.start,
          dateEnd: r.end,
          expected: row.expected,
          committed: row.committed,
          uncommitted: row.expected - row.committed,
          committedRate: row.expected ? Math.round((row.committed / row.expected) * 10000) / 100 : 0,
          shiftDifference: Math.round(row.shift_difference * 100) / 100,
          pettyCashAmount: Math.round(row.petty_cash_amount * 100) / 100,
        };
      });
      return ok(data);
    },
  );

  app.post<{ Body: Filter | null }>(
    '/shop-daily-management/shop/uncommitted',
    { config: { perm: PERM }, schema: { tags, summary: '某天（默认今天）还没开日会的门店，带联系人和电话', body: filterSchema } },
    async (req) => {
      const data = await req.tenantTx(async (tx) => {
        const r = await range(tx, { ...(req.body ?? {}), dateStart: req.body?.date ?? req.body?.dateStart ?? null, dateEnd: null });
        return (await tx.query(`SELECT "shopId", "shopCode", "shopName", "contactName", phone, "date" FROM (${daysSql('WHERE NOT committed')}) x ORDER BY "shopCode"`, params(r, req.body).slice(0, 4))).rows;
      });
      return ok(data);
    },
  );

  app.post<{ Body: Filter | null }>(
    '/shop-daily-management/export',
    { config: { perm: PERM }, schema: { tags, summary: '导出门店日常管理（CSV，UTF-8 BOM）', body: filterSchema } },
    async (req, reply) => {
      const rows = await req.tenantTx(async (tx) => {
        const r = await range(tx, req.body);
        return (await tx.query<Record<string, unknown>>(`${daysSql(committedWhere)} ORDER BY "date" DESC, "shopCode"`, params(r, req.body))).rows;
      });
      const cols: [string, string][] = [['date', '日期'], ['shopCode', '门店编码'], ['shopName', '门店名称'], ['committed', '日会'], ['meetingTime', '日会时间'], ['stockCheckCount', '盘点商品数'],
        ['shiftCount', '交班次数'], ['shiftDifference', '交班长短款'], ['pettyCashCount', '备用金笔数'], ['pettyCashAmount', '备用金支出']];
      // 日会 reads 已开/未开 in the file, as on the page.
      const shown = rows.map((r) => ({ ...r, committed: r.committed === true ? '已开' : r.committed === false ? '未开' : r.committed }));
      return sendCsv(reply, '门店日常管理', cols, shown);
    },
  );
};
