import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.ts';
import { ok, pageParamsSchema } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import {
  finishDetailRow, finishPutStockRow, PUT_STOCK_COLUMNS, PUT_STOCK_DETAILS, PUT_STOCK_GUARDS, PUT_STOCK_SORTS, putStockDetailSql, putStockListSql, putStockOrder,
  type PutStockDetail, type PutStockFilter,
} from './putStock.ts';
import { aggregatePage, hiddenByGuards, Params, periodOf, SCOPE_PROPS, sendCsv, withoutFields } from './reportHttp.ts';

/** The analysis reports of wxy-report-server, computed on read from the documents, orders and ledgers. */

export const ANALYSIS_PERMS = {
  putStock: 'report:putStock:list',
  putStockExport: 'report:putStock:export',
} as const;

const tags = ['wxy-report-server'];
type PageParams = { pageNum: number; pageSize: number };

const PUT_STOCK_BODY = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    ...SCOPE_PROPS,
    dimension: { type: ['string', 'null'], enum: ['sku', 'spu', null], title: '统计维度' },
    sort: { type: ['string', 'null'], enum: [...PUT_STOCK_SORTS, null], title: '排序字段' },
    order: { type: ['string', 'null'], enum: ['asc', 'desc', null], title: '排序方向' },
  },
} as const;

const DETAIL_TITLES: Record<PutStockDetail, string> = {
  'region-allot': '区域调拨明细：期间内调出到区域仓（非门店仓）的调拨单行',
  'shop-allot': '门店调拨（铺货）明细：期间内调出到门店仓的调拨单行',
  sale: '销售明细：期间内门店的销售单行与退款（负数）',
  stock: '库存明细：期末各门店库存',
  put: '铺货门店明细：期间内调入、期末有库存或有销售的门店',
  'not-put': '未铺货门店明细：范围内没有该商品的门店',
  'period-sale': '期间销售明细：逐日销量、销售额与订单数',
  'sale-shop': '动销门店明细：期间内卖出该商品的门店',
  'unsale-shop': '未动销门店明细：铺了货却没有卖出的门店',
};

export const analysisRoutes = async (app: FastifyInstance) => {
  // ---- put-stock-analyse (铺货分析) -----------------------------------------------------------------------------
  app.post<{ Params: PageParams; Body: PutStockFilter | null }>('/put-stock-analyse/list/page/:pageNum/:pageSize', {
    config: { perm: ANALYSIS_PERMS.putStock },
    schema: {
      tags, params: pageParamsSchema, body: PUT_STOCK_BODY,
      summary: '铺货分析：每个 SKU（dimension=spu 时每个商品）期间内的区域调拨、铺货数量、销量、期末库存、铺货/未铺货/动销/未动销门店数、售罄率（销量/铺货数量）',
    },
  }, async (req) => {
    const f = req.body ?? {};
    const page = await req.tenantTx(async (tx) => {
      const per = await periodOf(tx, f);
      const p = new Params();
      const sql = putStockListSql(f, per, p);
      const result = await aggregatePage(tx, sql, p, putStockOrder(f), req.params.pageNum, req.params.pageSize);
      const hidden = await hiddenByGuards(tx, req.auth!, PUT_STOCK_GUARDS);
      return { ...result, records: withoutFields(result.records.map(finishPutStockRow), hidden), dateStart: per.start, dateEnd: per.end };
    }).catch(asCallerError);
    return ok(page);
  });

  app.post<{ Body: PutStockFilter | null }>('/put-stock-analyse/export', {
    config: { perm: ANALYSIS_PERMS.putStockExport },
    schema: { tags, body: PUT_STOCK_BODY, summary: '导出铺货分析（CSV，UTF-8 BOM；无权限的成本、毛利、供应商、零售价列不导出）' },
  }, async (req, reply) => {
    const f = req.body ?? {};
    const { rows, hidden } = await req.tenantTx(async (tx) => {
      const per = await periodOf(tx, f);
      const p = new Params();
      const r = await tx.query(`SELECT * FROM (${putStockListSql(f, per, p)}) g ORDER BY ${putStockOrder(f)}`, p.values);
      return { rows: r.rows.map(finishPutStockRow), hidden: await hiddenByGuards(tx, req.auth!, PUT_STOCK_GUARDS) };
    }).catch(asCallerError);
    const cols = f.dimension === 'spu' ? PUT_STOCK_COLUMNS.filter(([c]) => !['skuName', 'barcode', 'spec', 'supplierName', 'retailPrice'].includes(c)) : PUT_STOCK_COLUMNS;
    return sendCsv(reply, '铺货分析', cols, rows, hidden);
  });

  for (const detail of PUT_STOCK_DETAILS) {
    app.post<{ Params: PageParams; Body: PutStockFilter | null }>(`/put-stock-analyse/det/${detail}/page/:pageNum/:pageSize`, {
      config: { perm: ANALYSIS_PERMS.putStock },
      schema: { tags, params: pageParamsSchema, body: PUT_STOCK_BODY, summary: `铺货分析 · ${DETAIL_TITLES[detail]}；body 同列表并带 skuId（按商品统计时 spuId）` },
    }, async (req) => {
      const f = req.body ?? {};
      if (f.dimension === 'spu' ? !f.spuId : !f.skuId) throw new ApiError('BAD_REQUEST', f.dimension === 'spu' ? '商品不能为空' : 'SKU不能为空');
      const page = await req.tenantTx(async (tx) => {
        const per = await periodOf(tx, f);
        const p = new Params();
        const { sql, orderBy } = putStockDetailSql(detail, f, per, p);
        const result = await aggregatePage(tx, sql, p, orderBy, req.params.pageNum, req.params.pageSize);
        const hidden = await hiddenByGuards(tx, req.auth!, PUT_STOCK_GUARDS);
        return { ...result, records: withoutFields(result.records.map(finishDetailRow), hidden), dateStart: per.start, dateEnd: per.end };
      }).catch(asCallerError);
      return ok(page);
    });
  }
};
