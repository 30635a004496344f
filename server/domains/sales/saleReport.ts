import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { SummaryTx } from '../../db/salesSummaries.ts';
import { dbToday } from '../../db/calendar.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { dateParam, idField } from '../../http/fields.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { paymentsByType, salesByHour, salesBySeller, salesByShop, topSkus } from '../stats/index.ts';
import { shopsOfCall } from '../../auth/callerShops.ts';
import { hourRecord, netFigures } from '../stats/index.ts';
import { PAY_TYPES } from './pricing.ts';
import { toYuan } from '../../../core/money.ts';
import { isDay } from '../../../core/calendar.ts';

/**
 * 销售日报 (/orderInfo/saleReport): one shop's one business day — net sales, orders, 客单价, refunds, money per payment
 * method, sales per hour, the 10 best-selling SKUs and each cashier's sales — read from the sales summaries through the
 * statistics queries (the figures of 门店销售统计 for that shop and day). The shop's first 交班 of a day records the
 * report (po_sale_report, once per shop and day) and tells the shop's manager(s) and the tenant's admins (notice 11,
 * whose businessId is the report id).
 */

export const SALE_REPORT_NOTICE = 11;
export const SALE_REPORT_PERM = 'order:saleReport:view';
const NO_COST = { cost: false, margin: false } as const;

/**
 * Records the shop-day's report at a 交班 and, the first time that day, sends notice 11 「<门店> <日期> 销售日报」 to the
 * shop's managers (wf_shop_manager; 店长 working at the shop) and the tenant's admins, in the hand-over's transaction.
 */
export async function recordSaleReport(tx: Queryable, auth: AuthContext, shopId: number, shopName: string): Promise<number | null> {
  const day = await dbToday(tx);
  const r = await tx.query<{ report_id: string }>(
    `INSERT INTO po_sale_report (tenant_id, shop_id, day) VALUES (app_current_tenant(), $1, $2::date)
     ON CONFLICT (tenant_id, shop_id, day) DO NOTHING RETURNING report_id::text`,
    [shopId, day],
  );
  if (!r.rows[0]) return null;
  const reportId = Number(r.rows[0].report_id);
  const users = (await tx.query<{ id: number }>(
    `SELECT DISTINCT u.id FROM sys_user u
      WHERE u.status = 1 AND (
        EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role ro ON ro.id = ur.role_id WHERE ur.user_id = u.id AND ro.code = 'admin')
        OR EXISTS (SELECT 1 FROM wf_shop_manager m WHERE m.shop_id = $1 AND m.user_id = u.id)
        OR EXISTS (SELECT 1 FROM sys_user_shop us JOIN sys_user_role ur ON ur.user_id = us.user_id JOIN sys_role ro ON ro.id = ur.role_id
                    WHERE us.user_id = u.id AND us.shop_id = $1 AND ro.code = 'shop_manager'))
      ORDER BY u.id`,
    [shopId],
  )).rows.map((x) => x.id);
  if (users.length)
    await notifyUsersInTx(tx, auth.tenantId, users, {
      businessType: SALE_REPORT_NOTICE,
      businessId: reportId,
      messageTypeInfo: '销售日报',
      noticeTemplateInfo: `${shopName} ${day} 销售日报`,
    });
  return reportId;
}

/** The report of a shop and day, within the caller's shops (another shop is 403 by name). */
export async function saleReport(tx: SummaryTx, auth: AuthContext, shopId: number, day: string, reportId: number | null) {
  const shops = await shopsOfCall(tx, auth, shopId);
  const p = { from: day, to: day, days: 1 };
  const shop = (await salesByShop(tx, p, shops))[0];
  const shopName = shop?.shopName ?? (await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [shopId])).rows[0]?.shop_name ?? '';
  const hours = await salesByHour(tx, p, shops);
  const payments = await paymentsByType(tx, p, shops);
  const skus = await topSkus(tx, p, shops, 10);
  const sellers = await salesBySeller(tx, p, shops);
  const zero = { soldFen: 0, refundFen: 0, orderCount: 0, refundCount: 0, itemQty: 0, costFen: 0 };
  return {
    reportId,
    shopId,
    shopName,
    day,
    ...netFigures(shop ?? zero, NO_COST),
    payments: payments.map((x) => ({ payType: x.payType, payName: PAY_TYPES[x.payType] ?? String(x.payType), amount: toYuan(x.amountFen) })),
    hours: hourRecord(shopId, shopName, hours.filter((h) => h.shopId === shopId)).hours,
    topSkus: skus.map((s) => ({ skuId: s.skuId, skuCode: s.skuCode, skuName: s.skuName, qty: s.qty, amount: toYuan(s.amountFen) })),
    cashiers: sellers.map((s) => ({ userId: s.userId, userName: s.userName ?? '（未知）', ...netFigures(s, NO_COST) })),
  };
}

const tags = ['wxy-order-server'];

export const saleReportRoutes = async (app: FastifyInstance) => {
  app.get<{ Params: { id: number } }>('/sale-report/:id', {
    config: { perm: SALE_REPORT_PERM },
    schema: { tags, summary: '销售日报（通知 11 打开）：按日报 ID 读一个门店一个营业日的销售', params: { type: 'object', required: ['id'], properties: { id: idField('销售日报') } } },
  }, async (req) => ok(await req.summaryTx(async (tx) => {
    const r = (await tx.query<{ shop_id: number; day: string }>(`SELECT shop_id, to_char(day, 'YYYY-MM-DD') AS day FROM po_sale_report WHERE report_id = $1`, [req.params.id])).rows[0];
    if (!r) throw new ApiError('NOT_FOUND', '销售日报不存在');
    return saleReport(tx, req.auth!, Number(r.shop_id), r.day, req.params.id);
  }).catch(asCallerError)));

  app.get<{ Querystring: { shopId: number; day: string } }>('/sale-report', {
    config: { perm: SALE_REPORT_PERM },
    schema: {
      tags, summary: '销售日报：所选门店（本人可查看的门店）某一营业日的销售',
      querystring: { type: 'object', required: ['shopId', 'day'], additionalProperties: false, properties: { shopId: idField('门店'), day: dateParam('日期') } },
    },
  }, async (req) => ok(await req.summaryTx(async (tx) => {
    if (!isDay(req.query.day)) throw new ApiError('BAD_REQUEST', '日期格式不正确');
    if (req.query.day > (await dbToday(tx))) throw new ApiError('BAD_REQUEST', '日期不能晚于今天');
    const id = (await tx.query<{ report_id: string }>(`SELECT report_id::text FROM po_sale_report WHERE shop_id = $1 AND day = $2::date`, [req.query.shopId, req.query.day])).rows[0];
    return saleReport(tx, req.auth!, req.query.shopId, req.query.day, id ? Number(id.report_id) : null);
  }).catch(asCallerError)));
};
