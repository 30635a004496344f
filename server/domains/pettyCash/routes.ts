import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { availableOf } from './ledger.ts';
import { BILLING_CYCLES, periodOf, recentPeriods } from './periods.ts';
import { generateReconciliations } from './reconciliation.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { dateParam, idField, nullableIdField } from '../../http/fields.ts';
import { dbToday } from '../../db/calendar.ts';
import { addDays, isDay } from '../../../core/calendar.ts';

/**
 * The petty-cash calls that are not a descriptor's list, form or document action: the tenant's settings and
 * billing periods, one shop's float with what it can still spend, the usage pulldown by shop type, the figures
 * of the records (statistics, per usage, last spend of a usage, records of given orders) and generating a
 * period's reconciliations. Lists, exports, records, transfers and audits are descriptors
 * (schemas/resources/petty-cash-*.json, shop-petty-cash-*.json).
 */

const day = (title: string) => dateParam(title, 'date', { nullable: true });

const recordFilter = {
  type: ['object', 'null'],
  properties: {
    shopId: nullableIdField('门店'),
    usageId: nullableIdField('费用用途'),
    status: { type: ['integer', 'null'], enum: [1, 2, 3, null], title: '状态' },
    occurDateStart: day('发生日期开始'),
    occurDateEnd: day('发生日期结束'),
  },
} as const;

interface RecordFilter {
  shopId?: number | null;
  usageId?: number | null;
  status?: number | null;
  occurDateStart?: string | null;
  occurDateEnd?: string | null;
}

/** WHERE of the record figures: the same filters as the list's. */
function recordWhere(f: RecordFilter | null | undefined): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conds: string[] = [];
  const add = (cond: string, v: unknown) => {
    params.push(v);
    conds.push(cond.replace('?', `$${params.length}`));
  };
  if (f?.shopId) add('r.shop_id = ?', f.shopId);
  if (f?.usageId) add('r.usage_id = ?', f.usageId);
  if (f?.status) add('r.status = ?', f.status);
  if (f?.occurDateStart) add('r.occur_date >= ?::date', f.occurDateStart);
  if (f?.occurDateEnd) add('r.occur_date <= ?::date', f.occurDateEnd);
  return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
}

const RECORD_COLUMNS = `r.record_id AS "recordId", r.record_no AS "recordNo", r.shop_id AS "shopId", r.shop_name AS "shopName",
  r.usage_id AS "usageId", r.usage_name AS "usageName", r.usage_type AS "usageType", r.amount::float8 AS amount,
  to_char(r.occur_date, 'YYYY-MM-DD') AS "occurDate", r.order_no AS "orderNo", r.pictures, r.status, r.remark,
  r.audit_user_name AS "auditUserName", to_char(r.audit_time, 'YYYY-MM-DD HH24:MI:SS') AS "auditTime", r.audit_remark AS "auditRemark",
  r.create_user_name AS "createUserName", to_char(r.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"`;

async function configOf(tx: Queryable) {
  const res = await tx.query<{ billing_cycle: number; allow_overdraft: boolean; need_picture: boolean; update_user_name: string | null; update_time: string | null }>(
    `SELECT billing_cycle, allow_overdraft, need_picture, update_user_name, to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS update_time FROM petty_cash_config`,
  );
  const c = res.rows[0];
  const billingCycle = Number(c?.billing_cycle ?? 1);
  return {
    billingCycle,
    billingCycleName: BILLING_CYCLES[billingCycle],
    allowOverdraft: c?.allow_overdraft ?? false,
    needPicture: c?.need_picture ?? true,
    updateUserName: c?.update_user_name ?? null,
    updateTime: c?.update_time ?? null,
  };
}

export const pettyCashRoutes = async (app: FastifyInstance) => {
  const tags = ['wxy-shop-server'];

  // ---------------------------------------------------------------- settings and periods
  app.get('/petty-cash-config/get', { config: { anyUser: true }, schema: { tags, summary: '备用金设置：对账周期、是否允许透支、支出是否必须上传票据' } }, async (req) =>
    ok(await req.tenantTx((tx) => configOf(tx))),
  );

  app.get<{ Querystring: { date?: string } }>(
    '/petty-cash-config/getBillingCycle',
    {
      config: { anyUser: true },
      schema: { tags, summary: '对账周期与账期：?date= 所在账期（默认今天）及之前共 12 个账期', querystring: { type: 'object', properties: { date: dateParam('日期') } } },
    },
    async (req) => {
      const { cfg, today } = await req.tenantTx(async (tx) => ({ cfg: await configOf(tx), today: await dbToday(tx) }));
      const date = req.query.date ?? today;
      if (!isDay(date)) throw new ApiError('BAD_REQUEST', '日期格式应为 YYYY-MM-DD');
      return ok({ billingCycle: cfg.billingCycle, billingCycleName: cfg.billingCycleName, current: periodOf(cfg.billingCycle, date), periods: recentPeriods(cfg.billingCycle, date, 12) });
    },
  );

  // ---------------------------------------------------------------- one shop's float
  app.get<{ Params: { shopId: number } }>(
    '/petty-cash-shop-config/get/:shopId',
    { config: { perm: 'pettyCash:record:list' }, schema: { tags, summary: '门店备用金：额度、审核人、余额、待审核支出与可用金额', params: { type: 'object', required: ['shopId'], properties: { shopId: idField('门店') } } } },
    async (req) => {
      const data = await req.tenantTx(async (tx) => {
        const cfg = await tx.query<Record<string, unknown>>(
          `SELECT config_id AS "configId", shop_id AS "shopId", shop_name AS "shopName", shop_type AS "shopType", float_amount::float8 AS "floatAmount",
                  overdraft_limit::float8 AS "overdraftLimit", audit_user_id AS "auditUserId", audit_user_name AS "auditUserName", balance::float8 AS balance
             FROM petty_cash_shop_list WHERE shop_id = $1`,
          [req.params.shopId],
        );
        if (!cfg.rows[0]) throw new ApiError('NOT_FOUND', '门店不存在');
        const a = (await availableOf(tx, req.params.shopId))!;
        return { ...cfg.rows[0], pendingAmount: Number(a.pending), availableAmount: Number(a.available) };
      });
      return ok(data);
    },
  );

  // ---------------------------------------------------------------- usages
  app.get<{ Params: { usageType: number; scopeType: number } }>(
    '/shop-petty-cash-usage-config/pulldown/:usageType/:scopeType',
    {
      config: { anyUser: true },
      schema: {
        tags,
        summary: '可选的费用用途：收支类型 usageType（1 支出、2 收入），scopeType 为门店类型（0 不限）；只答启用的，按排序',
        params: { type: 'object', required: ['usageType', 'scopeType'], properties: { usageType: { type: 'integer', enum: [1, 2], title: '收支类型' }, scopeType: { type: 'integer', enum: [0, 1, 2, 3], title: '适用门店' } } },
      },
    },
    async (req) => {
      const rows = await req.tenantTx((tx) =>
        tx.query(
          `SELECT usage_id AS value, usage_name AS label, usage_id AS "usageId", usage_name AS "usageName", usage_type AS "usageType", scope_type AS "scopeType", max_amount::float8 AS "maxAmount"
             FROM shop_petty_cash_usage_config
            WHERE status = 1 AND usage_type = $1 AND ($2 = 0 OR scope_type IN (0, $2))
            ORDER BY sort, usage_id`,
          [req.params.usageType, req.params.scopeType],
        ),
      );
      return ok(rows.rows);
    },
  );

  // ---------------------------------------------------------------- record figures
  app.post<{ Body: RecordFilter | null }>(
    '/petty-cash-record/statistics',
    { config: { perm: 'pettyCash:record:list' }, schema: { tags, summary: '备用金记录合计：笔数、已审核支出与收入、待审核笔数与金额（与列表相同的筛选）', body: recordFilter } },
    async (req) => {
      const w = recordWhere(req.body);
      const data = await req.tenantTx(async (tx) => {
        const r = await tx.query<Record<string, unknown>>(
          `SELECT count(*)::int AS "count",
                  coalesce(sum(amount) FILTER (WHERE status = 2 AND usage_type = 1), 0)::float8 AS "spendAmount",
                  coalesce(sum(amount) FILTER (WHERE status = 2 AND usage_type = 2), 0)::float8 AS "incomeAmount",
                  count(*) FILTER (WHERE status = 1)::int AS "pendingCount",
                  coalesce(sum(amount) FILTER (WHERE status = 1), 0)::float8 AS "pendingAmount",
                  count(*) FILTER (WHERE status = 3)::int AS "rejectedCount"
             FROM petty_cash_record r ${w.sql}`,
          w.params,
        );
        return r.rows[0];
      });
      return ok(data);
    },
  );

  app.post<{ Body: { ids: number[] } }>(
    '/petty-cash-record/findListByIds',
    {
      config: { perm: 'pettyCash:record:list' },
      schema: { tags, summary: '按 ID 取备用金记录（批量打印、核对）', body: { type: 'object', additionalProperties: false, required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, title: '记录ID列表', items: idField('记录ID') } } } },
    },
    async (req) => {
      const rows = await req.tenantTx((tx) => tx.query(`SELECT ${RECORD_COLUMNS} FROM petty_cash_record r WHERE r.record_id = ANY($1::int[]) ORDER BY r.record_id`, [req.body.ids]));
      return ok(rows.rows);
    },
  );

  app.post<{ Body: RecordFilter | null }>(
    '/petty-cash-record/usageStats',
    { config: { perm: 'pettyCash:record:list' }, schema: { tags, summary: '按费用用途汇总已审核的备用金：笔数与金额，金额从大到小', body: recordFilter } },
    async (req) => {
      const w = recordWhere({ ...(req.body ?? {}), status: 2 });
      const rows = await req.tenantTx((tx) =>
        tx.query(
          `SELECT r.usage_id AS "usageId", max(r.usage_name) AS "usageName", max(r.usage_type) AS "usageType", count(*)::int AS "count", sum(r.amount)::float8 AS amount
             FROM petty_cash_record r ${w.sql} GROUP BY r.usage_id ORDER BY sum(r.amount) DESC, r.usage_id`,
          w.params,
        ),
      );
      return ok(rows.rows);
    },
  );

  app.get<{ Querystring: { shopId: number; usageId: number } }>(
    '/petty-cash-record/getLastDateByUsage',
    {
      config: { perm: 'pettyCash:record:list' },
      schema: {
        tags,
        summary: '某门店某用途最近一次记录（待审核或已审核）：提交前提醒是否重复报销',
        querystring: { type: 'object', required: ['shopId', 'usageId'], properties: { shopId: idField('门店'), usageId: idField('费用用途') } },
      },
    },
    async (req) => {
      const rows = await req.tenantTx((tx) =>
        tx.query(`SELECT ${RECORD_COLUMNS} FROM petty_cash_record r WHERE r.shop_id = $1 AND r.usage_id = $2 AND r.status IN (1, 2) ORDER BY r.occur_date DESC, r.record_id DESC LIMIT 1`, [
          req.query.shopId,
          req.query.usageId,
        ]),
      );
      const last = rows.rows[0] as { occurDate: string } | undefined;
      return ok(last ? { lastDate: last.occurDate, record: last } : null);
    },
  );

  app.post<{ Body: { orderNos: string[] } }>(
    '/petty-cash-record/existOrderList',
    {
      config: { perm: 'pettyCash:record:list' },
      schema: {
        tags,
        summary: '哪些单号已有备用金记录（未驳回的）：同一单据不重复报销',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['orderNos'],
          properties: { orderNos: { type: 'array', minItems: 1, maxItems: 1000, title: '关联单号列表', items: { type: 'string', minLength: 1, maxLength: 32, title: '关联单号' } } },
        },
      },
    },
    async (req) => {
      const rows = await req.tenantTx((tx) =>
        tx.query(`SELECT ${RECORD_COLUMNS} FROM petty_cash_record r WHERE r.order_no = ANY($1::text[]) AND r.status IN (1, 2) ORDER BY r.order_no, r.record_id`, [req.body.orderNos]),
      );
      return ok(rows.rows);
    },
  );

};

/**
 * shop-petty-cash-reconciliation/generate (a descriptor route, "custom"): the period of `date` (default: the last
 * finished one), for the named shops or (shopIds left out; null or [] are refused) all; unaudited ones are recomputed, audited ones left alone.
 */
registerCustomRoute('pettyCash.generateReconciliations', {
  schema: {
    body: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { date: day('账期内任一日期'), shopIds: { type: 'array', minItems: 1, maxItems: 5000, title: '门店', items: idField('门店') } },
    },
  },
  handler: async (req) => {
    const auth = req.auth!;
    const body = req.body as { date?: string | null; shopIds?: number[] | null } | null | undefined;
    const result = await req
      .tenantTx(async (tx) => {
        const cfg = await configOf(tx);
        const today = await dbToday(tx);
        const current = periodOf(cfg.billingCycle, today);
        const date = body?.date ?? addDays(current.beginDate, -1);
        if (!isDay(date)) throw new ApiError('BAD_REQUEST', '日期格式应为 YYYY-MM-DD');
        const period = periodOf(cfg.billingCycle, date);
        if (period.endDate >= today) throw new ApiError('BAD_REQUEST', `账期 ${period.label}（${period.beginDate} 至 ${period.endDate}）尚未结束，不能生成对账单`);
        const shopIds = body?.shopIds?.length ? [...new Set(body.shopIds)] : null;
        if (shopIds) {
          const found = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM petty_cash_shop_config WHERE shop_id = ANY($1::int[])`, [shopIds]);
          if (found.rows[0].n !== shopIds.length) throw new ApiError('BAD_REQUEST', '门店不存在');
        }
        // One generate per tenant at a time: a second click waits here and then finds the first one's rows.
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('petty-cash-generate'), app_current_tenant())`);
        return { ...(await generateReconciliations(tx, auth, period, shopIds)), label: period.label };
      })
      .catch(asCallerError);
    const parts = [result.created && `新生成 ${result.created} 张`, result.refreshed && `重新计算 ${result.refreshed} 张`, result.skipped && `${result.skipped} 张已审核未变`].filter(Boolean);
    const message = `${result.label}对账单：${parts.join('，') || '没有门店'}`;
    return ok({ ...result, message }, message);
  },
});
