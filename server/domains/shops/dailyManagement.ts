import { sendCsv } from '../../http/sendCsv.ts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { dateParam } from '../../http/fields.ts';
import { dayRange, shopDayPage, shopDayRows, shopDayTotals, type ShopDayFilter as Filter, uncommittedShops } from './shopDays.ts';

/**
 * 门店日常管理 (shop-daily-management): each shop's day at a glance, from what the shop really did — the daily
 * meeting held (and its stock check), the cashiers' shifts handed over with their over/short, the petty-cash
 * spends recorded. A shop has "committed" its day when its daily meeting was held; shop/uncommitted names those
 * that have not (so a regional manager can call them). The handlers validate and call shopDays.ts.
 */

const PERM = 'shop:dailyManagement:list';
const tags = ['wxy-shop-server'];
const day = (title: string) => dateParam(title, 'date', { nullable: true });

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

export const dailyManagementRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: (Filter & { pageNum?: number | null; pageSize?: number | null }) | null }>(
    '/shop-daily-management/findPage',
    { config: { perm: PERM }, schema: { tags, summary: '门店日常管理：每店每天的日会（含盘点）、收银交班（长短款）、备用金支出；committed = 当天日会已开', body: filterSchema } },
    async (req) => {
      const f = req.body;
      const pageSize = f?.pageSize ?? 20;
      const pageNum = f?.pageNum ?? 1;
      const data = await req.tenantTx(async (tx) => shopDayPage(tx, await dayRange(tx, f), f, pageNum, pageSize));
      return ok(data);
    },
  );

  app.post<{ Body: Filter | null }>(
    '/shop-daily-management/statistics',
    { config: { perm: PERM }, schema: { tags, summary: '门店日常管理汇总：应提交、已提交、未提交、提交率，交班长短款合计，备用金支出合计', body: filterSchema } },
    async (req) => {
      const data = await req.tenantTx(async (tx) => {
        const r = await dayRange(tx, req.body);
        const row = await shopDayTotals(tx, r, req.body);
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
        const r = await dayRange(tx, { ...(req.body ?? {}), dateStart: req.body?.date ?? req.body?.dateStart ?? null, dateEnd: null });
        return uncommittedShops(tx, r, req.body);
      });
      return ok(data);
    },
  );

  app.post<{ Body: Filter | null }>(
    '/shop-daily-management/export',
    { config: { perm: PERM }, schema: { tags, summary: '导出门店日常管理（CSV，UTF-8 BOM）', body: filterSchema } },
    async (req, reply) => {
      const rows = await req.tenantTx(async (tx) => shopDayRows(tx, await dayRange(tx, req.body), req.body));
      const cols: [string, string][] = [['date', '日期'], ['shopCode', '门店编码'], ['shopName', '门店名称'], ['committed', '日会'], ['meetingTime', '日会时间'], ['stockCheckCount', '盘点商品数'],
        ['shiftCount', '交班次数'], ['shiftDifference', '交班长短款'], ['pettyCashCount', '备用金笔数'], ['pettyCashAmount', '备用金支出']];
      // 日会 reads 已开/未开 in the file, as on the page.
      const shown = rows.map((r) => ({ ...r, committed: r.committed === true ? '已开' : r.committed === false ? '未开' : r.committed }));
      return sendCsv(reply, '门店日常管理', cols, shown);
    },
  );
};
