import { sendCsv } from '../../http/sendCsv.ts';
import type { FastifyInstance } from 'fastify';
import type { AppServices, AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { envelopeSchema, ok, pageParamsSchema } from '../../http/envelope.ts';
import { paged } from '../../db/paged.ts';
import { nullableIdField, plainText } from '../../http/fields.ts';
import { fieldPermissionNames } from '../../permissions.ts';
import { asCallerError } from '../../resources/dbErrors.ts';

/**
 * Stock seen from above (wxy-warehouse-server): totals per warehouse, per SKU across warehouses and per SPU,
 * the SKUs a warehouse can give in an exchange, stock against sales (turnover), and the costing method.
 * Read-only views over stock_balance and stock_ledger (the per warehouse x SKU rows are the wh-stock resource).
 * Cost figures need the field permission 成本总金额.
 */

type Row = Record<string, unknown>;
type PageQuery = { pageNum: number; pageSize: number };

const keyword = plainText('关键字', 48);

async function seesCost(tx: Queryable, auth: AuthContext): Promise<boolean> {
  return (await fieldPermissionNames(tx, auth)).includes('成本总金额');
}

function withoutCost(rows: Row[], cost: boolean): Row[] {
  if (cost) return rows;
  return rows.map(({ costAmount: _c, avgCost: _a, ...rest }) => rest);
}

/** `a.sku_name ILIKE %kw% OR code/barcode = kw`, or TRUE without a keyword. */
function keywordWhere(kw: unknown, params: unknown[], alias = 'b'): string {
  if (typeof kw !== 'string' || !kw.trim()) return 'TRUE';
  params.push(kw.trim());
  const p = `$${params.length}`;
  params.push(`%${kw.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return `(${alias}.sku_code = ${p} OR ${alias}.barcode = ${p} OR ${alias}.sku_name ILIKE $${params.length})`;
}

function whWhere(whId: unknown, params: unknown[], alias = 'b'): string {
  if (whId === undefined || whId === null || whId === '') return 'TRUE';
  params.push(Number(whId));
  return `${alias}.wh_id = $${params.length}`;
}

const STOCK_PERM = 'wh:stock:list';

export function stockViewRoutes(_services: AppServices) {
  return async (app: FastifyInstance) => {
    const tags = ['wxy-warehouse-server'];

    app.get<{ Params: PageQuery; Querystring: { whName?: string; whType?: number } }>('/wh-stock/wh/page/:pageNum/:pageSize', {
      config: { perm: STOCK_PERM },
      schema: {
        tags,
        summary: '按仓库汇总库存：SKU 数、实际/可用/在途库存、成本总金额、低于安全库存的 SKU 数',
        params: pageParamsSchema,
        querystring: { type: 'object', properties: { whName: plainText('仓库名称', 24), whType: { type: ['integer', 'null'], enum: [1, 2, 3, null], title: '仓库类型' } } },
      },
    }, async (req) => {
      const auth = req.auth!;
      const page = await req
        .tenantTx(async (tx) => {
          const params: unknown[] = [];
          // The caller's warehouses (its shops'; a central warehouse is head office's): wh_base_info is master data.
          const where = ['w.status = 1', 'app_in_scope(w.shop_id) IS TRUE'];
          if (req.query.whName) {
            params.push(`%${req.query.whName}%`);
            where.push(`w.wh_name ILIKE $${params.length}`);
          }
          if (req.query.whType) {
            params.push(req.query.whType);
            where.push(`w.wh_type = $${params.length}`);
          }
          const sql = `SELECT w.wh_id AS "whId", w.wh_code AS "whCode", w.wh_name AS "whName", w.wh_type AS "whType",
                              count(b.sku_id) FILTER (WHERE b.on_hand > 0)::int AS "skuCount",
                              coalesce(sum(b.on_hand), 0)::float8 AS "onHand", coalesce(sum(b.available), 0)::float8 AS "available",
                              coalesce(sum(b.in_transit), 0)::float8 AS "inTransit", coalesce(sum(b.cost_amount), 0)::float8 AS "costAmount",
                              count(b.sku_id) FILTER (WHERE b.safety_stock IS NOT NULL AND b.available < b.safety_stock)::int AS "belowSafety"
                         FROM wh_base_info w LEFT JOIN stock_balance b ON b.wh_id = w.wh_id
                        WHERE ${where.join(' AND ')} GROUP BY w.wh_id ORDER BY w.wh_id`;
          const result = await paged(tx, sql, params, req.params.pageNum, req.params.pageSize);
          return { ...result, records: withoutCost(result.records, await seesCost(tx, auth)) };
        })
        .catch(asCallerError);
      return ok(page);
    });

    app.get<{ Params: PageQuery; Querystring: { keyword?: string; whId?: number } }>('/wh-stock/pd/page/:pageNum/:pageSize', {
      config: { perm: STOCK_PERM },
      schema: { tags, summary: '按 SKU 汇总各仓库存', params: pageParamsSchema, querystring: { type: 'object', properties: { keyword, whId: nullableIdField('仓库') } } },
    }, async (req) => {
      const auth = req.auth!;
      const page = await req
        .tenantTx(async (tx) => {
          const params: unknown[] = [];
          const sql = `SELECT b.sku_id AS "skuId", max(b.sku_code) AS "skuCode", max(b.sku_name) AS "skuName", max(b.barcode) AS "barcode",
                              max(b.spec) AS "spec", max(b.unit) AS "unit", max(b.spu_name) AS "spuName", count(*)::int AS "whCount",
                              sum(b.on_hand)::float8 AS "onHand", sum(b.available)::float8 AS "available", sum(b.in_transit)::float8 AS "inTransit",
                              sum(b.cost_amount)::float8 AS "costAmount"
                         FROM stock_balance b WHERE ${keywordWhere(req.query.keyword, params)} AND ${whWhere(req.query.whId, params)}
                        GROUP BY b.sku_id ORDER BY b.sku_id`;
          const result = await paged(tx, sql, params, req.params.pageNum, req.params.pageSize);
          return { ...result, records: withoutCost(result.records, await seesCost(tx, auth)) };
        })
        .catch(asCallerError);
      return ok(page);
    });

    app.get<{ Params: PageQuery; Querystring: { keyword?: string; whId?: number } }>('/wh-stock/spu/page/:pageNum/:pageSize', {
      config: { perm: STOCK_PERM },
      schema: { tags, summary: '按商品（SPU）汇总库存', params: pageParamsSchema, querystring: { type: 'object', properties: { keyword, whId: nullableIdField('仓库') } } },
    }, async (req) => {
      const auth = req.auth!;
      const page = await req
        .tenantTx(async (tx) => {
          const params: unknown[] = [];
          let kw = 'TRUE';
          if (req.query.keyword?.trim()) {
            params.push(`%${req.query.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
            kw = `b.spu_name ILIKE $${params.length}`;
          }
          const sql = `SELECT b.spu_id AS "spuId", max(b.spu_name) AS "spuName", count(DISTINCT b.sku_id)::int AS "skuCount",
                              sum(b.on_hand)::float8 AS "onHand", sum(b.available)::float8 AS "available", sum(b.in_transit)::float8 AS "inTransit",
                              sum(b.cost_amount)::float8 AS "costAmount"
                         FROM stock_balance b WHERE ${kw} AND ${whWhere(req.query.whId, params)}
                        GROUP BY b.spu_id ORDER BY b.spu_id`;
          const result = await paged(tx, sql, params, req.params.pageNum, req.params.pageSize);
          return { ...result, records: withoutCost(result.records, await seesCost(tx, auth)) };
        })
        .catch(asCallerError);
      return ok(page);
    });

    app.get<{ Params: PageQuery; Querystring: { keyword?: string; whId?: number; shopId?: number } }>('/wh-stock/sku/exchange/page/:pageNum/:pageSize', {
      config: { perm: STOCK_PERM },
      schema: {
        tags,
        summary: '可换货的 SKU：该仓库（或门店的门店仓）可用库存大于 0 的 SKU 及零售价',
        params: pageParamsSchema,
        querystring: { type: 'object', properties: { keyword, whId: nullableIdField('仓库'), shopId: nullableIdField('门店') } },
      },
    }, async (req) => {
      const page = await req
        .tenantTx(async (tx) => {
          const params: unknown[] = [];
          let wh = whWhere(req.query.whId, params);
          if (wh === 'TRUE' && req.query.shopId) {
            params.push(req.query.shopId);
            wh = `b.wh_id IN (SELECT wh_id FROM wh_base_info WHERE shop_id = $${params.length})`;
          }
          if (wh === 'TRUE') throw new ApiError('BAD_REQUEST', '请选择仓库或门店');
          const sql = `SELECT b.wh_id AS "whId", b.wh_name AS "whName", b.sku_id AS "skuId", b.sku_code AS "skuCode", b.sku_name AS "skuName", b.barcode,
                              b.spec, b.unit, b.available::float8 AS "available", s.retail_price::float8 AS "retailPrice"
                         FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
                        WHERE ${wh} AND ${keywordWhere(req.query.keyword, params)} AND b.available > 0 AND s.status = 1
                        ORDER BY b.sku_code, b.wh_id`;
          return paged(tx, sql, params, req.params.pageNum, req.params.pageSize);
        })
        .catch(asCallerError);
      return ok(page);
    });

    const saleBody = {
      type: ['object', 'null'],
      properties: { whId: nullableIdField('仓库'), keyword, days: { type: ['integer', 'null'], minimum: 1, maximum: 365, title: '统计天数' } },
    };
    type SaleBody = { whId?: number; keyword?: string; days?: number } | null;
    /** Stock against the sales of the last `days` (sale minus refund rows of the ledger): how many days it lasts. */
    const stockSaleSql = (body: SaleBody, params: unknown[]) => {
      params.push(body?.days ?? 30);
      const days = `$${params.length}`;
      return `SELECT b.wh_id AS "whId", b.wh_name AS "whName", b.sku_id AS "skuId", b.sku_code AS "skuCode", b.sku_name AS "skuName", b.barcode, b.unit,
                     b.on_hand::float8 AS "onHand", b.available::float8 AS "available", coalesce(s.sold, 0)::float8 AS "saleQuantity", ${days}::int AS "days",
                     CASE WHEN coalesce(s.sold, 0) > 0 THEN round(b.on_hand / (s.sold / ${days}::numeric), 1)::float8 END AS "turnoverDays",
                     b.cost_amount::float8 AS "costAmount"
                FROM stock_balance b
                LEFT JOIN LATERAL (SELECT -sum(l.qty) AS sold FROM stock_ledger l
                                    WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id AND l.doc_type IN ('sale', 'saleRefund')
                                      AND l.create_time >= now() - make_interval(days => ${days}::int)) s ON TRUE
               WHERE ${whWhere(body?.whId, params)} AND ${keywordWhere(body?.keyword, params)}
               ORDER BY b.wh_id, b.sku_id`;
    };

    app.post<{ Params: PageQuery; Body: SaleBody }>('/wh-stock-sale/wh/page/:pageNum/:pageSize', {
      config: { perm: STOCK_PERM },
      schema: { tags, summary: '库存与销售：近 N 天销量与可售天数（按仓库 x SKU）', params: pageParamsSchema, body: saleBody },
    }, async (req) => {
      const auth = req.auth!;
      const page = await req
        .tenantTx(async (tx) => {
          const params: unknown[] = [];
          const result = await paged(tx, stockSaleSql(req.body, params), params, req.params.pageNum, req.params.pageSize);
          return { ...result, records: withoutCost(result.records, await seesCost(tx, auth)) };
        })
        .catch(asCallerError);
      return ok(page);
    });

    app.post<{ Body: SaleBody }>('/wh-stock-sale/export', {
      config: { perm: 'wh:stock:export' },
      schema: { tags, summary: '导出库存与销售（CSV）', body: saleBody },
    }, async (req, reply) => {
      const auth = req.auth!;
      const { rows, cost } = await req
        .tenantTx(async (tx) => {
          const params: unknown[] = [];
          const r = await tx.query<Row>(`${stockSaleSql(req.body, params)} LIMIT 1000000`, params);
          return { rows: r.rows, cost: await seesCost(tx, auth) };
        })
        .catch(asCallerError);
      const cols: [string, string][] = [
        ['whName', '仓库'], ['skuCode', 'SKU编码'], ['skuName', '商品名称'], ['barcode', '条形码'], ['unit', '单位'], ['onHand', '实际库存'],
        ['available', '可用库存'], ['saleQuantity', '销量'], ['days', '统计天数'], ['turnoverDays', '可售天数'], ...(cost ? ([['costAmount', '成本总金额']] as [string, string][]) : []),
      ];
      return sendCsv(reply, '库存与销售', cols, rows);
    });

    app.get('/wh-stock-cost-config/info', {
      config: { perm: STOCK_PERM },
      schema: { tags, summary: '库存成本核算方式（1 移动加权平均）', response: { 200: envelopeSchema({ type: 'object', properties: { costMethod: { type: 'integer' }, costMethodName: { type: 'string' }, updateTime: { type: ['string', 'null'] } } }) } },
    }, async (req) => {
      const row = await req.tenantTx(async (tx) => (await tx.query<Row>(`SELECT cost_method AS "costMethod", to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime" FROM wh_stock_cost_config`)).rows[0]);
      return ok({ costMethod: 1, updateTime: null, ...row, costMethodName: '移动加权平均' });
    });

    app.post<{ Body: { costMethod: number } }>('/wh-stock-cost-config/save', {
      config: { perm: 'wh:stock:costConfig' },
      schema: { tags, summary: '保存库存成本核算方式（目前只支持 1 移动加权平均）', body: { type: 'object', required: ['costMethod'], properties: { costMethod: { type: 'integer', enum: [1], title: '核算方式' } } } },
    }, async (req) => {
      const auth = req.auth!;
      await req.tenantTx((tx) =>
        tx.query(
          `INSERT INTO wh_stock_cost_config (tenant_id, cost_method) VALUES ($1, $2) ON CONFLICT (tenant_id) DO UPDATE SET cost_method = EXCLUDED.cost_method, update_time = now()`,
          [auth.tenantId, req.body.costMethod],
        ),
      );
      return ok(null, '保存成功');
    });
  };
}
