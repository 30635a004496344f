import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import { ok } from '../../http/envelope.ts';

/**
 * 报表设置: the chain's counting rules of shop reports (shop-report-base-config info/save; defaults until saved)
 * and the names and visibility of each report's columns (shop-report-defined-config, a descriptor; the defaults
 * below are seeded per tenant and a column renamed back to empty takes its default name again).
 */

export const REPORT_COLUMNS: [report: string, reportName: string, field: string, name: string][] = [
  ['shopSale', '门店销售', 'shopName', '门店'],
  ['shopSale', '门店销售', 'saleAmount', '销售额'],
  ['shopSale', '门店销售', 'orderCount', '客单数'],
  ['shopSale', '门店销售', 'avgPrice', '客单价'],
  ['shopSale', '门店销售', 'onlineAmount', '线上销售额'],
  ['shopSale', '门店销售', 'grossProfit', '毛利'],
  ['shopSale', '门店销售', 'grossMargin', '毛利率'],
  ['shopSale', '门店销售', 'targetReach', '目标达成率'],
  ['sellerSale', '导购销售', 'userName', '导购'],
  ['sellerSale', '导购销售', 'saleAmount', '销售额'],
  ['sellerSale', '导购销售', 'orderCount', '成交笔数'],
  ['sellerSale', '导购销售', 'targetReach', '个人达成率'],
];

export async function seedReportColumns(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, (tx) =>
    tx.query(
      `INSERT INTO shop_report_defined_config (tenant_id, report_code, report_name, field_name, default_name, display_name, sort)
       SELECT app_current_tenant(), r, rn, f, n, n, i FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS u(r, rn, f, n, i)
       ON CONFLICT (tenant_id, report_code, field_name) DO NOTHING`,
      [REPORT_COLUMNS.map((c) => c[0]), REPORT_COLUMNS.map((c) => c[1]), REPORT_COLUMNS.map((c) => c[2]), REPORT_COLUMNS.map((c) => c[3])],
    ),
  );
}

const COLUMNS = `business_day_start AS "businessDayStart", cost_basis AS "costBasis", include_online AS "includeOnline", week_start AS "weekStart",
  update_user_name AS "updateUserName", to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"`;
const DEFAULTS = { businessDayStart: 0, costBasis: 1, includeOnline: true, weekStart: 1, updateUserName: null, updateTime: null };

export const reportConfigRoutes = async (app: FastifyInstance) => {
  const tags = ['wxy-shop-server'];
  app.get('/shop-report-base-config/info', { config: { perm: 'shop:reportConfig:list' }, schema: { tags, summary: '报表基础设置：营业日开始时间、毛利成本口径、是否含线上订单、每周第一天（未设置时为默认值）' } }, async (req) =>
    ok(await req.tenantTx(async (tx) => (await tx.query(`SELECT ${COLUMNS} FROM shop_report_base_config`)).rows[0] ?? DEFAULTS)),
  );
  app.post<{ Body: { businessDayStart: number; costBasis: number; includeOnline: boolean; weekStart: number } }>(
    '/shop-report-base-config/save',
    {
      config: { perm: 'shop:reportConfig:edit' },
      schema: {
        tags,
        summary: '保存报表基础设置',
        body: {
          type: 'object', additionalProperties: false, required: ['businessDayStart', 'costBasis', 'includeOnline', 'weekStart'],
          properties: {
            businessDayStart: { type: 'integer', minimum: 0, maximum: 6, title: '营业日开始时间（点）' },
            costBasis: { type: 'integer', enum: [1, 2], title: '毛利成本口径' },
            includeOnline: { type: 'boolean', title: '含线上订单' },
            weekStart: { type: 'integer', enum: [1, 7], title: '每周第一天' },
          },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const auth = req.auth!;
      const saved = await req.tenantTx(async (tx) => (await tx.query(
        `INSERT INTO shop_report_base_config (tenant_id, business_day_start, cost_basis, include_online, week_start, update_user_name)
         VALUES (app_current_tenant(), $1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id) DO UPDATE SET business_day_start = EXCLUDED.business_day_start, cost_basis = EXCLUDED.cost_basis, include_online = EXCLUDED.include_online,
           week_start = EXCLUDED.week_start, update_user_name = EXCLUDED.update_user_name, update_time = now()
         RETURNING ${COLUMNS}`,
        [b.businessDayStart, b.costBasis, b.includeOnline, b.weekStart, auth.displayName ?? auth.userName],
      )).rows[0]);
      return ok(saved, '报表设置已保存');
    },
  );
};
