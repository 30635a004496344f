import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.ts';
import { envelopeSchema, ok, pageParamsSchema } from '../../http/envelope.ts';
import { dateParam, idField, nullableIdField, nullableString } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { countableAnswer, dailyFormAnswer, dailyPageAnswer, savedAnswer, shopMeetingInitAnswer, shopMeetingPageAnswer, shopSalesSchema, userDayTargetsAnswer, weeklyMeetingAnswer, weeklyPageAnswer, weeklyPrefillAnswer } from './answers.ts';
import { shopOfTenant, today } from '../targets/index.ts';
import {
  dailyFigures, dailyMeetingById, dailyMeetingOf, findInventory, inventoryOf, meetingDay, saveCounts, saveDailyMeeting, updateDailyDetail, updateDailyMeeting,
  type CountInput, type DailyInput,
} from './dailyMeeting.ts';
import { addShopMeeting, initShopMeeting, shopMeetingById, shopMeetingOf, shopSales, userDayTargets, type ShopMeetingInput } from './shopMeeting.ts';
import { saveWeeklyMeeting, updatePersonalTargets, updateWeeklyMeeting, weekOfText, weeklyFigures, weeklyMeetingById, weeklyMeetingOf, type PersonalTarget, type WeeklyInput } from './weeklyMeeting.ts';

/**
 * 会议管理 (wxy-shop-server): shop-daily-meeting, shop-weekly-meeting and shop-meeting. The figures come from the
 * orders and the targets (server/domains/targets); a meeting already held for the shop and day (week, type) is a
 * 409 with a clear message, backed by a unique constraint.
 */

export const MEETING_PERMS = {
  list: 'shop:meeting:list',
  daily: 'shop:meeting:daily',
  weekly: 'shop:meeting:weekly',
  shop: 'shop:meeting:shop',
  delete: 'shop:meeting:delete',
} as const;

const tags = ['wxy-shop-server'];
const SHOP_ID = idField('门店');
const DATE = dateParam('会议日期', 'date', { nullable: true });
const WEEK_DATE = dateParam('周日期', 'date', { msg: '周日期格式不正确，应为 YYYY-MM-DD（该周任一天）' });
const AMOUNT = (title: string) => ({ type: ['number', 'null'], title, minimum: 0, maximum: 99999999999 }) as const;
const USER_ID = nullableIdField('人员');
const COUNTS = {
  type: 'array', title: '盘点商品', minItems: 1, maxItems: 500,
  items: {
    type: 'object', required: ['skuId', 'countedQuantity'], additionalProperties: false,
    properties: { skuId: idField('商品'), countedQuantity: { type: 'number', title: '实盘数量', minimum: 0, maximum: 99999999999 }, remark: nullableString('备注', 200) },
  },
} as const;
const DAILY_DET = {
  type: ['array', 'null'], title: '人员', maxItems: 200,
  items: { type: 'object', required: ['userId'], additionalProperties: false, properties: { userId: USER_ID, todayGoal: AMOUNT('今日目标'), remark: nullableString('备注', 200) } },
} as const;
const WEEKLY_DET = {
  type: ['array', 'null'], title: '人员', maxItems: 200,
  items: { type: 'object', required: ['userId'], additionalProperties: false, properties: { userId: USER_ID, nextWeekTarget: AMOUNT('下周目标'), remark: nullableString('备注', 200) } },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: idField('会议') } } as const;
const shopParams = { type: 'object', required: ['id'], properties: { id: SHOP_ID } } as const;
const dayQuery = { type: 'object', properties: { date: { ...DATE, title: '日期' } } } as const;

/** A count of more than 3 decimals or a JSON null where a number is required (ajv would coerce it to 0). */
function refuseNullCounts(list: CountInput[]): void {
  list.forEach((c, i) => {
    if ((c as { countedQuantity: unknown }).countedQuantity === null) throw new ApiError('BAD_REQUEST', `第${i + 1}行：实盘数量不能为空`);
  });
}

export const meetingRoutes = async (app: FastifyInstance) => {
  // ---- 日会 shop-daily-meeting ------------------------------------------------------------------------------------
  app.get<{ Params: { shopId: number }; Querystring: { meetingDate?: string | null } }>('/shop-daily-meeting/canInsert/:shopId', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '该门店今天（或 meetingDate）能否新建日会：已召开时返回其 meetingId',
      params: { type: 'object', required: ['shopId'], properties: { shopId: SHOP_ID } }, querystring: { type: 'object', properties: { meetingDate: DATE } },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const shop = await shopOfTenant(tx, req.params.shopId);
    const day = await meetingDay(tx, req.query.meetingDate);
    const id = await dailyMeetingOf(tx, shop.shopId, day);
    return ok({ canInsert: !id, meetingId: id, meetingDate: day, shopName: shop.shopName }, id ? `门店「${shop.shopName}」${day} 的日会已召开` : '可以召开日会');
  }).catch(asCallerError));

  app.get<{ Querystring: { meetingId?: number; shopId?: number; meetingDate?: string | null } }>('/shop-daily-meeting/selectOnUpdate', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '日会表单：meetingId 或 门店+日期；已召开的返回会议记录，未召开的返回预填（昨日各人员目标与实际销售、今日目标，来自订单与绩效目标）',
      querystring: { type: 'object', properties: { meetingId: idField('会议'), shopId: SHOP_ID, meetingDate: DATE } },
      response: { 200: dailyFormAnswer },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    if (req.query.meetingId) return ok(await dailyMeetingById(tx, req.query.meetingId));
    if (!req.query.shopId) throw new ApiError('BAD_REQUEST', '门店不能为空');
    const shop = await shopOfTenant(tx, req.query.shopId);
    const day = await meetingDay(tx, req.query.meetingDate);
    const id = await dailyMeetingOf(tx, shop.shopId, day);
    if (id) return ok(await dailyMeetingById(tx, id));
    const fig = await dailyFigures(tx, shop.shopId, day);
    return ok({
      meetingId: null, shopId: shop.shopId, shopName: shop.shopName, meetingDate: day, yesterday: fig.yesterday, hasWarehouse: Boolean(shop.whId),
      ...fig.totals, yesterdayReachRate: fig.totals.yesterdayTarget > 0 ? Math.round((fig.totals.yesterdayActual / fig.totals.yesterdayTarget) * 10000) / 100 : null,
      summary: null, todayPlan: null, detList: fig.persons, inventoryList: [],
    });
  }).catch(asCallerError));

  app.post<{ Body: DailyInput }>('/shop-daily-meeting/save', {
    config: { perm: MEETING_PERMS.daily },
    schema: {
      tags, summary: '召开日会（每店每天一次，重复 409）：人员的昨日目标与销售由服务器按订单计算；可带今日目标、备注与库存盘点', response: { 200: savedAnswer },
      body: {
        type: 'object', required: ['shopId'], additionalProperties: false,
        properties: {
          shopId: SHOP_ID, meetingDate: DATE, hostName: nullableString('主持人', 48), summary: nullableString('会议纪要', 1000), todayPlan: nullableString('今日计划', 1000),
          detList: DAILY_DET, inventoryList: { ...COUNTS, type: ['array', 'null'], minItems: 0 },
        },
      },
    },
  }, async (req) => {
    if ((req.body as { shopId: unknown }).shopId === null) throw new ApiError('BAD_REQUEST', '门店不能为空');
    refuseNullCounts(req.body.inventoryList ?? []);
    const id = await req.tenantTx((tx) => saveDailyMeeting(tx, req.auth!, req.body)).catch(asCallerError);
    return ok({ meetingId: id }, '日会已保存');
  });

  app.put<{ Body: { meetingId: number; hostName?: string | null; summary?: string | null; todayPlan?: string | null } }>('/shop-daily-meeting/update', {
    config: { perm: MEETING_PERMS.daily },
    schema: {
      tags, summary: '修改日会的主持人、会议纪要与今日计划（数字来自订单，不可改）',
      body: { type: 'object', required: ['meetingId'], additionalProperties: false, properties: { meetingId: idField('会议'), hostName: nullableString('主持人', 48), summary: nullableString('会议纪要', 1000), todayPlan: nullableString('今日计划', 1000) } },
    },
  }, async (req) => {
    await req.tenantTx((tx) => updateDailyMeeting(tx, req.auth!, req.body)).catch(asCallerError);
    return ok(null, '修改成功');
  });

  app.put<{ Body: { meetingId: number; detList: { userId: number | null; todayGoal?: number | null; remark?: string | null }[] } }>('/shop-daily-meeting/updateDetail', {
    config: { perm: MEETING_PERMS.daily },
    schema: {
      tags, summary: '修改日会中各人员的今日目标与备注',
      body: { type: 'object', required: ['meetingId', 'detList'], additionalProperties: false, properties: { meetingId: idField('会议'), detList: { ...DAILY_DET, type: 'array', minItems: 1 } } },
    },
  }, async (req) => {
    await req.tenantTx((tx) => updateDailyDetail(tx, req.auth!, req.body.meetingId, req.body.detList)).catch(asCallerError);
    return ok(null, '修改成功');
  });

  app.post<{ Body: { shopId: number; keyword?: string | null; skuIds?: number[] | null; limit?: number | null } }>('/shop-daily-meeting/meetingFindInventory', {
    config: { perm: MEETING_PERMS.daily },
    schema: {
      tags, summary: '日会盘点选品：门店仓的商品与账面库存（按编码、名称、条码搜索，或给定 skuIds；不传时为有库存的商品）', response: { 200: countableAnswer },
      body: {
        type: 'object', required: ['shopId'], additionalProperties: false,
        properties: {
          shopId: SHOP_ID, keyword: nullableString('关键字', 48),
          skuIds: { type: ['array', 'null'], title: '商品', maxItems: 500, items: idField('商品') },
          limit: { type: ['integer', 'null'], title: '条数', minimum: 1, maximum: 500 },
        },
      },
    },
  }, async (req) => ok(await req.tenantTx((tx) => findInventory(tx, req.body.shopId, req.body.keyword?.trim() || null, req.body.skuIds ?? null, req.body.limit ?? 50)).catch(asCallerError)));

  app.post<{ Body: { meetingId: number; list: CountInput[] } }>('/shop-daily-meeting/meetingInventorySave', {
    config: { perm: MEETING_PERMS.daily },
    schema: {
      tags, summary: '保存日会盘点：各商品的实盘数量（账面数取保存时门店仓的库存），同一商品再次保存则覆盖',
      body: { type: 'object', required: ['meetingId', 'list'], additionalProperties: false, properties: { meetingId: idField('会议'), list: COUNTS } },
    },
  }, async (req) => {
    refuseNullCounts(req.body.list);
    const list = await req.tenantTx(async (tx) => {
      await saveCounts(tx, req.auth!, req.body.meetingId, req.body.list);
      return inventoryOf(tx, req.body.meetingId);
    }).catch(asCallerError);
    return ok(list, '盘点已保存');
  });

  app.get<{ Params: { id: number } }>('/shop-daily-meeting/findInventoryByMeetingId/:id', {
    config: { perm: MEETING_PERMS.list },
    schema: { tags, summary: '日会的盘点记录：账面数、实盘数与差异', params: idParams },
  }, async (req) => req.tenantTx(async (tx) => {
    await dailyMeetingById(tx, req.params.id);
    return ok(await inventoryOf(tx, req.params.id));
  }).catch(asCallerError));

  app.post<{ Params: { pageNum: number; pageSize: number }; Body: { shopId?: number | null; startDate?: string | null; endDate?: string | null } | null }>('/shop-daily-meeting/findPage/:pageNum/:pageSize', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '日会记录分页（按门店、日期范围）', params: pageParamsSchema, response: { 200: dailyPageAnswer },
      body: { type: ['object', 'null'], additionalProperties: false, properties: { shopId: { ...SHOP_ID, type: ['integer', 'null'] }, startDate: { ...DATE, title: '开始日期' }, endDate: { ...DATE, title: '结束日期' } } },
    },
  }, async (req) => {
    const f = req.body ?? {};
    return req.tenantTx(async (tx) => {
      const where = `($1::int IS NULL OR shop_id = $1) AND ($2::date IS NULL OR meeting_date >= $2::date) AND ($3::date IS NULL OR meeting_date <= $3::date)`;
      const params = [f.shopId ?? null, f.startDate || null, f.endDate || null];
      const records = (await tx.query(
        `SELECT m.meeting_id AS "meetingId", m.shop_id AS "shopId", m.shop_name AS "shopName", to_char(m.meeting_date, 'YYYY-MM-DD') AS "meetingDate", m.host_name AS "hostName",
                m.summary, m.yesterday_target::float8 AS "yesterdayTarget", m.yesterday_actual::float8 AS "yesterdayActual", m.today_target::float8 AS "todayTarget",
                (SELECT count(*)::int FROM shop_daily_meeting_inventory i WHERE i.meeting_id = m.meeting_id) AS "inventoryCount",
                m.create_user_name AS "createUserName", to_char(m.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
           FROM shop_daily_meeting m WHERE ${where} ORDER BY m.meeting_date DESC, m.meeting_id DESC LIMIT $4 OFFSET $5`,
        [...params, req.params.pageSize, (req.params.pageNum - 1) * req.params.pageSize],
      )).rows;
      const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_daily_meeting WHERE ${where}`, params)).rows[0].n;
      return ok({ records, total });
    }).catch(asCallerError);
  });

  // ---- 周会 shop-weekly-meeting -----------------------------------------------------------------------------------
  app.get<{ Params: { weekDateStr: string } }>('/shop-weekly-meeting/getWeekNum/:weekDateStr', {
    config: { perm: MEETING_PERMS.list },
    schema: { tags, summary: '某天所在的周（ISO 8601：周一至周日，含 1 月 4 日的周为第 1 周）', params: { type: 'object', required: ['weekDateStr'], properties: { weekDateStr: WEEK_DATE } } },
  }, async (req) => ok(await req.tenantTx((tx) => weekOfText(tx, req.params.weekDateStr))));

  app.get<{ Params: { shopId: number }; Querystring: { weekDateStr?: string } }>('/shop-weekly-meeting/checkMeetingExist/:shopId', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '该门店某周（weekDateStr 所在周，默认本周）是否已召开周会',
      params: { type: 'object', required: ['shopId'], properties: { shopId: SHOP_ID } }, querystring: { type: 'object', properties: { weekDateStr: WEEK_DATE } },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const shop = await shopOfTenant(tx, req.params.shopId);
    const week = await weekOfText(tx, req.query.weekDateStr);
    const id = await weeklyMeetingOf(tx, shop.shopId, week);
    return ok({ exists: Boolean(id), meetingId: id, ...week }, id ? `门店「${shop.shopName}」${week.year}年第${week.weekNum}周的周会已召开` : '本周尚未召开周会');
  }).catch(asCallerError));

  app.get<{ Querystring: { shopId: number; weekDateStr?: string } }>('/shop-weekly-meeting/selectOnInsert', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '新建周会的预填：该周各人员目标与实际销售（订单）、达成率，以及下周目标建议（按月目标的日拆分）',
      querystring: { type: 'object', required: ['shopId'], properties: { shopId: SHOP_ID, weekDateStr: WEEK_DATE } },
      response: { 200: weeklyPrefillAnswer },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const shop = await shopOfTenant(tx, req.query.shopId);
    const week = await weekOfText(tx, req.query.weekDateStr);
    const existing = await weeklyMeetingOf(tx, shop.shopId, week);
    const fig = await weeklyFigures(tx, shop.shopId, week);
    return ok({
      meetingId: existing, shopId: shop.shopId, shopName: shop.shopName, weekYear: week.year, weekNum: week.weekNum, weekStart: week.weekStart, weekEnd: week.weekEnd, label: week.label,
      weekTarget: fig.weekTarget, weekActual: fig.weekActual, reachRate: fig.reachRate, detList: fig.persons.map((p) => ({ ...p, nextWeekTarget: p.suggestedNextWeekTarget })),
    }, existing ? '本周周会已召开' : '操作成功');
  }).catch(asCallerError));

  app.post<{ Body: WeeklyInput }>('/shop-weekly-meeting/save', {
    config: { perm: MEETING_PERMS.weekly },
    schema: {
      tags, summary: '召开周会（每店每周一次，重复 409）：本周数字由服务器按订单计算；可带各人员下周目标', response: { 200: savedAnswer },
      body: {
        type: 'object', required: ['shopId', 'weekDateStr'], additionalProperties: false,
        properties: { shopId: SHOP_ID, weekDateStr: WEEK_DATE, hostName: nullableString('主持人', 48), summary: nullableString('本周总结', 2000), nextWeekPlan: nullableString('下周计划', 2000), detList: WEEKLY_DET },
      },
    },
  }, async (req) => {
    if ((req.body as { shopId: unknown }).shopId === null) throw new ApiError('BAD_REQUEST', '门店不能为空');
    const id = await req.tenantTx((tx) => saveWeeklyMeeting(tx, req.auth!, req.body)).catch(asCallerError);
    return ok({ meetingId: id }, '周会已保存');
  });

  app.get<{ Params: { id: number } }>('/shop-weekly-meeting/get/:id', {
    config: { perm: MEETING_PERMS.list },
    schema: { tags, summary: '周会详情（含各人员本周目标、实际与下周目标）', params: idParams, response: { 200: weeklyMeetingAnswer } },
  }, async (req) => ok(await req.tenantTx((tx) => weeklyMeetingById(tx, req.params.id)).catch(asCallerError)));

  app.put<{ Params: { id: number }; Body: { hostName?: string | null; summary?: string | null; nextWeekPlan?: string | null } }>('/shop-weekly-meeting/update/:id', {
    config: { perm: MEETING_PERMS.weekly },
    schema: {
      tags, summary: '修改周会的主持人、本周总结与下周计划', params: idParams,
      body: { type: 'object', additionalProperties: false, properties: { hostName: nullableString('主持人', 48), summary: nullableString('本周总结', 2000), nextWeekPlan: nullableString('下周计划', 2000) } },
    },
  }, async (req) => {
    await req.tenantTx((tx) => updateWeeklyMeeting(tx, req.auth!, req.params.id, req.body)).catch(asCallerError);
    return ok(null, '修改成功');
  });

  app.put<{ Body: { meetingId: number; list: PersonalTarget[] } }>('/shop-weekly-meeting/personalTarget/update', {
    config: { perm: MEETING_PERMS.weekly },
    schema: {
      tags, summary: '修改周会中各人员的下周目标',
      body: { type: 'object', required: ['meetingId', 'list'], additionalProperties: false, properties: { meetingId: idField('会议'), list: { ...WEEKLY_DET, type: 'array', minItems: 1 } } },
    },
  }, async (req) => {
    await req.tenantTx((tx) => updatePersonalTargets(tx, req.auth!, req.body.meetingId, req.body.list)).catch(asCallerError);
    return ok(null, '修改成功');
  });

  app.route<{ Params: { id: number } }>({
    method: ['DELETE', 'POST'], url: '/shop-weekly-meeting/deleteById/:id',
    config: { perm: MEETING_PERMS.delete },
    schema: { tags, summary: '删除周会', params: idParams },
    handler: async (req) => {
      const n = await req.tenantTx((tx) => tx.query(`DELETE FROM shop_weekly_meeting WHERE meeting_id = $1`, [req.params.id]));
      if (!n.rowCount) throw new ApiError('NOT_FOUND', '周会不存在或已被删除');
      return ok(null, '删除成功');
    },
  });

  app.post<{ Params: { pageNum: number; pageSize: number }; Body: { shopId?: number | null; weekYear?: number | null } | null }>('/shop-weekly-meeting/findPage/:pageNum/:pageSize', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '周会分页（按门店、年份）', params: pageParamsSchema, response: { 200: weeklyPageAnswer },
      body: { type: ['object', 'null'], additionalProperties: false, properties: { shopId: { ...SHOP_ID, type: ['integer', 'null'] }, weekYear: { type: ['integer', 'null'], title: '年份', minimum: 2000, maximum: 2100 } } },
    },
  }, async (req) => {
    const f = req.body ?? {};
    return req.tenantTx(async (tx) => {
      const where = `($1::int IS NULL OR shop_id = $1) AND ($2::int IS NULL OR week_year = $2)`;
      const params = [f.shopId ?? null, f.weekYear ?? null];
      const records = (await tx.query(
        `SELECT meeting_id AS "meetingId", shop_id AS "shopId", shop_name AS "shopName", week_year AS "weekYear", week_num AS "weekNum",
                to_char(week_start, 'YYYY-MM-DD') AS "weekStart", to_char(week_end, 'YYYY-MM-DD') AS "weekEnd", host_name AS "hostName", summary,
                week_target::float8 AS "weekTarget", week_actual::float8 AS "weekActual", create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
           FROM shop_weekly_meeting WHERE ${where} ORDER BY week_start DESC, meeting_id DESC LIMIT $3 OFFSET $4`,
        [...params, req.params.pageSize, (req.params.pageNum - 1) * req.params.pageSize],
      )).rows;
      const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_weekly_meeting WHERE ${where}`, params)).rows[0].n;
      return ok({ records, total });
    }).catch(asCallerError);
  });

  // ---- 店会 shop-meeting ------------------------------------------------------------------------------------------
  app.post<{ Params: { pageNum: number; pageSize: number }; Body: { shopId?: number | null; meetingType?: number | null; startDate?: string | null; endDate?: string | null } | null }>('/shop-meeting/findPage/:pageNum/:pageSize', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '店会分页（按门店、类型、日期范围）', params: pageParamsSchema, response: { 200: shopMeetingPageAnswer },
      body: {
        type: ['object', 'null'], additionalProperties: false,
        properties: { shopId: { ...SHOP_ID, type: ['integer', 'null'] }, meetingType: { type: ['integer', 'null'], title: '会议类型', minimum: 1, maximum: 9 }, startDate: { ...DATE, title: '开始日期' }, endDate: { ...DATE, title: '结束日期' } },
      },
    },
  }, async (req) => {
    const f = req.body ?? {};
    return req.tenantTx(async (tx) => {
      const where = `($1::int IS NULL OR shop_id = $1) AND ($2::int IS NULL OR meeting_type = $2) AND ($3::date IS NULL OR meeting_date >= $3::date) AND ($4::date IS NULL OR meeting_date <= $4::date)`;
      const params = [f.shopId ?? null, f.meetingType ?? null, f.startDate || null, f.endDate || null];
      const records = (await tx.query(
        `SELECT meeting_id AS "meetingId", shop_id AS "shopId", shop_name AS "shopName", to_char(meeting_date, 'YYYY-MM-DD') AS "meetingDate", meeting_type AS "meetingType",
                title, attendees, host_name AS "hostName", month_target::float8 AS "monthTarget", month_actual::float8 AS "monthActual",
                create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
           FROM shop_meeting WHERE ${where} ORDER BY meeting_date DESC, meeting_id DESC LIMIT $5 OFFSET $6`,
        [...params, req.params.pageSize, (req.params.pageNum - 1) * req.params.pageSize],
      )).rows;
      const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_meeting WHERE ${where}`, params)).rows[0].n;
      return ok({ records, total });
    }).catch(asCallerError);
  });

  app.route<{ Params: { id: number } }>({
    method: ['DELETE', 'POST'], url: '/shop-meeting/delete/:id',
    config: { perm: MEETING_PERMS.delete },
    schema: { tags, summary: '删除店会', params: idParams },
    handler: async (req) => {
      const n = await req.tenantTx((tx) => tx.query(`DELETE FROM shop_meeting WHERE meeting_id = $1`, [req.params.id]));
      if (!n.rowCount) throw new ApiError('NOT_FOUND', '店会不存在或已被删除');
      return ok(null, '删除成功');
    },
  });

  app.get<{ Params: { id: number }; Querystring: { date?: string | null } }>('/shop-meeting/query/init/:id', {
    config: { perm: MEETING_PERMS.list, shopPathParam: 'id' },
    schema: { tags, summary: '新建店会的初始数据：{id} 为门店ID；会议类型、参会人员（本月有目标的人员）', params: shopParams, querystring: dayQuery, response: { 200: shopMeetingInitAnswer } },
  }, async (req) => req.tenantTx(async (tx) => ok(await initShopMeeting(tx, req.params.id, await meetingDay(tx, req.query.date)))).catch(asCallerError));

  app.get<{ Params: { id: number }; Querystring: { date?: string | null } }>('/shop-meeting/query/sale/:id', {
    config: { perm: MEETING_PERMS.list, shopPathParam: 'id' },
    schema: { tags, summary: '店会的销售数据：{id} 为门店ID；当日与本月至今的目标、实际销售（订单）、达成率、时间进度', params: shopParams, querystring: dayQuery, response: { 200: envelopeSchema(shopSalesSchema) } },
  }, async (req) => req.tenantTx(async (tx) => {
    await shopOfTenant(tx, req.params.id);
    return ok(await shopSales(tx, req.params.id, await meetingDay(tx, req.query.date)));
  }).catch(asCallerError));

  app.get<{ Params: { id: number }; Querystring: { date?: string | null } }>('/shop-meeting/query/user-day-target/:id', {
    config: { perm: MEETING_PERMS.list, shopPathParam: 'id' },
    schema: { tags, summary: '店会的人员目标：{id} 为门店ID；各人员当日与本月的目标、实际销售、达成率', params: shopParams, querystring: dayQuery, response: { 200: userDayTargetsAnswer } },
  }, async (req) => req.tenantTx(async (tx) => {
    await shopOfTenant(tx, req.params.id);
    return ok(await userDayTargets(tx, req.params.id, await meetingDay(tx, req.query.date)));
  }).catch(asCallerError));

  app.post<{ Body: ShopMeetingInput }>('/shop-meeting/add', {
    config: { perm: MEETING_PERMS.shop },
    schema: {
      tags, summary: '召开店会（每店每天每类一次，重复 409）；本月目标与实际销售由服务器按订单记录', response: { 200: savedAnswer },
      body: {
        type: 'object', required: ['shopId', 'title'], additionalProperties: false,
        properties: {
          shopId: SHOP_ID, meetingDate: DATE, meetingType: { type: ['integer', 'null'], title: '会议类型', enum: [1, 2, 3, null] },
          title: { type: 'string', title: '会议主题', minLength: 1, maxLength: 100 }, content: nullableString('会议内容', 4000), attendees: nullableString('参会人员', 500), hostName: nullableString('主持人', 48),
        },
      },
    },
  }, async (req) => {
    if ((req.body as { shopId: unknown }).shopId === null) throw new ApiError('BAD_REQUEST', '门店不能为空');
    const id = await req.tenantTx((tx) => addShopMeeting(tx, req.auth!, req.body)).catch(asCallerError);
    return ok({ meetingId: id }, '店会已保存');
  });

  app.get<{ Params: { id: number } }>('/shop-meeting/info/:id', {
    config: { perm: MEETING_PERMS.list },
    schema: { tags, summary: '店会详情：会议记录与当日各人员目标、实际销售', params: idParams },
  }, async (req) => ok(await req.tenantTx((tx) => shopMeetingById(tx, req.params.id)).catch(asCallerError)));

  app.get<{ Querystring: { shopId: number; date?: string | null } }>('/shop-meeting/display/actual', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '店会展示：门店当日与本月实际销售对目标，及各人员明细',
      querystring: { type: 'object', required: ['shopId'], properties: { shopId: SHOP_ID, date: { ...DATE, title: '日期' } } },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    await shopOfTenant(tx, req.query.shopId);
    const day = await meetingDay(tx, req.query.date);
    return ok({ ...(await shopSales(tx, req.query.shopId, day)), users: await userDayTargets(tx, req.query.shopId, day) });
  }).catch(asCallerError));

  app.get<{ Querystring: { shopId: number; date?: string | null; meetingType?: number | null } }>('/shop-meeting/display/exists', {
    config: { perm: MEETING_PERMS.list },
    schema: {
      tags, summary: '门店当日（或 date）是否已召开店会（可按类型）',
      querystring: { type: 'object', required: ['shopId'], properties: { shopId: SHOP_ID, date: { ...DATE, title: '日期' }, meetingType: { type: ['integer', 'null'], title: '会议类型', minimum: 1, maximum: 9 } } },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    await shopOfTenant(tx, req.query.shopId);
    const day = req.query.date || (await today(tx));
    const found = await shopMeetingOf(tx, req.query.shopId, day, req.query.meetingType ?? null);
    return ok({ exists: found.length > 0, meetings: found, date: day });
  }).catch(asCallerError));
};
