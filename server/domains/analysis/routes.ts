import { ApiError } from '../../errors.ts';
import { ok, pageParamsSchema } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import {
  finishDetailRow, finishPutStockRow, HEAT_KEYS, PUT_STOCK_COLUMNS, PUT_STOCK_DETAILS, PUT_STOCK_GUARDS, PUT_STOCK_SORTS, putStockDetailSql, putStockListSql, putStockOrder, putStockRegionHeatSql,
  type PutStockFilter,
} from './putStock.ts';
import { sellThroughRate } from './period.ts';
import { sendCsv } from '../../http/sendCsv.ts';
import { aggregatePage, dayField, hiddenByGuards, nullableText, Params, periodOf, qty, SCOPE_PROPS, withoutFields, type Row } from './reportHttp.ts';
import {
  companions, finishMemberRow, finishStockPinRow, MEMBER_COLUMNS, MEMBER_SORTS, memberInfoOrder, memberInfoSql, newProductFigures, newProductSql, SELLING_POINT_SORTS,
  sellingPointsOrder, sellingPointsSql, STOCK_PIN_COLUMNS, STOCK_PIN_SORTS, stockPinOrder, stockPinSql,
  type MemberInfoFilter, type NewProductFilter, type SellingPointsFilter, type StockPinFilter,
} from './reports.ts';
import { dbToday } from '../../db/calendar.ts';
import type { Queryable } from '../../db/index.ts';
import { dateParam, idField, nullableIdField } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { isDay } from '../../../core/calendar.ts';

/** The analysis reports of wxy-report-server, computed on read from the documents, orders and ledgers. */

const PAGE_IN_BODY = {
  pageNum: { type: ['integer', 'null'], minimum: 1, maximum: 1000000, title: '页码' },
  pageSize: { type: ['integer', 'null'], minimum: 1, maximum: 999999, title: '每页条数' },
} as const;
const ORDER = { type: ['string', 'null'], enum: ['asc', 'desc', null], title: '排序方向' } as const;
const sortOf = (values: readonly string[]) => ({ type: ['string', 'null'], enum: [...values, null], title: '排序字段' });

const STOCK_PIN_BODY = {
  type: ['object', 'null'], additionalProperties: false,
  properties: {
    ...SCOPE_PROPS,
    whId: nullableIdField('仓库'),
    slowDays: { type: ['integer', 'null'], minimum: 1, maximum: 365, title: '滞销天数' },
    pinStatus: { type: ['integer', 'null'], enum: [1, 2, null], title: '动销状态' },
    sort: sortOf(STOCK_PIN_SORTS),
    order: ORDER,
  },
} as const;
const SELLING_POINTS_BODY = { type: ['object', 'null'], additionalProperties: false, properties: { ...SCOPE_PROPS, ...PAGE_IN_BODY, sort: sortOf(SELLING_POINT_SORTS), order: ORDER } } as const;
const MEMBER_BODY = {
  type: ['object', 'null'], additionalProperties: false,
  properties: {
    ...SCOPE_PROPS, ...PAGE_IN_BODY,
    phoneNumber: { type: ['string', 'null'], title: '手机号码', maxLength: 11, pattern: '^[0-9]*$', 'x-msg': '手机号码只能是数字' },
    memberName: nullableText('会员姓名', 24),
    memberLevel: { type: ['integer', 'null'], minimum: 1, maximum: 99, title: '会员等级' },
    minOrderCount: { type: ['integer', 'null'], minimum: 1, maximum: 100000, title: '最少消费次数' },
    sort: sortOf(MEMBER_SORTS),
    order: ORDER,
  },
} as const;
const NEW_PRODUCT_BODY = {
  type: ['object', 'null'], additionalProperties: false,
  properties: { ...SCOPE_PROPS, ...PAGE_IN_BODY, launchDateStart: dayField('上市开始日期'), launchDateEnd: dayField('上市结束日期') },
} as const;
const NEW_PRODUCT_MERGE = {
  type: 'object', required: ['launchDate'], additionalProperties: false,
  properties: {
    skuId: nullableIdField('SKU'),
    skuIds: { type: ['array', 'null'], title: 'SKU', maxItems: 500, items: idField('SKU') },
    launchDate: dateParam('上市日期'),
    observeWeeks: { type: ['integer', 'null'], minimum: 1, maximum: 12, title: '跟踪周数' },
    isNew: { type: ['integer', 'null'], enum: [0, 1, null], title: '是否新品' },
    remark: nullableText('备注', 200),
  },
} as const;
type NewProductMerge = { skuId?: number | null; skuIds?: number[] | null; launchDate: string; observeWeeks?: number | null; isNew?: 0 | 1 | null; remark?: string | null };

/** A date filter of a report given as text: a real day or nothing. */
function assertDay(v: string | null | undefined, title: string): void {
  if (v && !isDay(v)) throw new ApiError('BAD_REQUEST', `${title}格式不正确，应为 YYYY-MM-DD`);
}

const STOCK_PIN_GUARDS = { 成本总金额: ['costAmount'] };
const NEW_PRODUCT_GUARDS = { 供应商: ['supplierName'], 零售价: ['retailPrice'] };

async function stockPinRows(tx: Queryable, f: StockPinFilter, all: boolean, pageNum = 1, pageSize = 999999) {
  const per = await periodOf(tx, f);
  const today = await dbToday(tx);
  const p = new Params();
  const sql = stockPinSql(f, per, p);
  const page = all
    ? { records: (await tx.query<Row>(`SELECT * FROM (${sql}) g ORDER BY ${stockPinOrder(f)}`, p.values)).rows, total: -1 }
    : await aggregatePage(tx, sql, p, stockPinOrder(f), pageNum, pageSize);
  return { ...page, records: page.records.map((r) => finishStockPinRow(r, per, today, f.slowDays ?? 30)), per };
}

async function memberRows(tx: Queryable, f: MemberInfoFilter, pageNum: number, pageSize: number) {
  const per = await periodOf(tx, f);
  const p = new Params();
  const page = await aggregatePage(tx, memberInfoSql(f, per, p), p, memberInfoOrder(f), pageNum, pageSize);
  return { ...page, records: page.records.map(finishMemberRow), dateStart: per.start, dateEnd: per.end };
}

// 库存动销, 商品卖点 and 会员消费 are computed report resources (schemas/resources/report-stock-pin.json,
// report-selling-points.json, report-member-info.json): their routes, permissions and screens are the descriptors'; the
// figures are these handlers'.
registerCustomRoute('analysis.stockPin.page', {
  schema: { params: pageParamsSchema, body: STOCK_PIN_BODY },
  handler: async (req) => {
    const f = (req.body ?? {}) as StockPinFilter;
    const { pageNum, pageSize } = req.params as unknown as PageParams;
    return ok(await req.tenantTx(async (tx) => {
      const { records, total, per } = await stockPinRows(tx, f, false, pageNum, pageSize);
      return { records: withoutFields(records, await hiddenByGuards(tx, req.auth!, STOCK_PIN_GUARDS)), total, dateStart: per.start, dateEnd: per.end };
    }).catch(asCallerError));
  },
});

registerCustomRoute('analysis.stockPin.export', {
  schema: { body: STOCK_PIN_BODY },
  handler: async (req, reply) => {
    const f = (req.body ?? {}) as StockPinFilter;
    const { rows, hidden } = await req.tenantTx(async (tx) => ({
      rows: (await stockPinRows(tx, f, true)).records,
      hidden: await hiddenByGuards(tx, req.auth!, STOCK_PIN_GUARDS),
    })).catch(asCallerError);
    return sendCsv(reply, '库存动销分析', STOCK_PIN_COLUMNS, rows, hidden);
  },
});

registerCustomRoute('analysis.sellingPoints.page', {
  schema: { body: SELLING_POINTS_BODY },
  handler: async (req) => {
    const f = (req.body ?? {}) as SellingPointsFilter;
    return ok(await req.summaryTx(async (tx) => {
      const per = await periodOf(tx, f);
      const p = new Params();
      const page = await aggregatePage(tx, sellingPointsSql(f, per, p), p, sellingPointsOrder(f), f.pageNum ?? 1, f.pageSize ?? 20);
      const comp = await companions(tx, f, per, page.records.map((r) => Number(r.skuId)));
      const records = page.records.map((r) => ({
        ...r,
        companionSkuName: comp.get(Number(r.skuId))?.skuName ?? null,
        companionRate: comp.get(Number(r.skuId))?.rate ?? null,
      }));
      return { records, total: page.total, dateStart: per.start, dateEnd: per.end };
    }).catch(asCallerError));
  },
});

registerCustomRoute('analysis.memberInfo.page', {
  schema: { body: MEMBER_BODY },
  handler: async (req) => {
    const f = (req.body ?? {}) as MemberInfoFilter;
    return ok(await req.tenantTx((tx) => memberRows(tx, f, f.pageNum ?? 1, f.pageSize ?? 20)).catch(asCallerError));
  },
});

registerCustomRoute('analysis.memberInfo.export', {
  schema: { body: MEMBER_BODY },
  handler: async (req, reply) => {
    const f = (req.body ?? {}) as MemberInfoFilter;
    const rows = await req.tenantTx(async (tx) => (await memberRows(tx, f, 1, 999999)).records).catch(asCallerError);
    return sendCsv(reply, '会员消费分析', MEMBER_COLUMNS, rows, new Set());
  },
});

// 新品分析 is a computed report resource too (schemas/resources/report-new-product.json): the list and 设置新品.
registerCustomRoute('analysis.newProduct.page', {
  schema: { body: NEW_PRODUCT_BODY },
  handler: async (req) => {
    const f = (req.body ?? {}) as NewProductFilter;
    assertDay(f.launchDateStart, '上市开始日期');
    assertDay(f.launchDateEnd, '上市结束日期');
    return ok(await req.tenantTx(async (tx) => {
      // The weeks follow each SKU's launch; the period and shops of the filters are checked like every report's.
      await periodOf(tx, f);
      const today = await dbToday(tx);
      const p = new Params();
      const page = await aggregatePage(tx, newProductSql(f, p), p, '"launchDate" DESC, "skuCode"', f.pageNum ?? 1, f.pageSize ?? 20);
      const records = await newProductFigures(tx, f, page.records, today);
      return { records: withoutFields(records, await hiddenByGuards(tx, req.auth!, NEW_PRODUCT_GUARDS)), total: page.total };
    }).catch(asCallerError));
  },
});

registerCustomRoute('analysis.newProduct.merge', {
  schema: { body: NEW_PRODUCT_MERGE },
  handler: async (req) => {
    const b = req.body as unknown as NewProductMerge;
    const ids = [...new Set([...(b.skuIds ?? []), ...(b.skuId ? [b.skuId] : [])])];
    if (!ids.length) throw new ApiError('BAD_REQUEST', 'SKU不能为空');
    assertDay(b.launchDate, '上市日期');
    const auth = req.auth!;
    return ok(await req.tenantTx(async (tx) => {
      const today = await dbToday(tx);
      if (b.launchDate > addYear(today)) throw new ApiError('BAD_REQUEST', '上市日期不能晚于一年以后');
      const known = await tx.query<{ sku_id: number }>(`SELECT sku_id FROM pd_sku WHERE sku_id = ANY($1::int[])`, [ids]);
      if (known.rows.length !== ids.length) throw new ApiError('BAD_REQUEST', 'SKU不存在');
      const who = auth.displayName ?? auth.userName;
      const r = await tx.query<{ id: number; sku_id: number; inserted: boolean }>(
        `INSERT INTO pd_new_product (tenant_id, sku_id, launch_date, observe_weeks, is_new, remark, create_user_name, update_user_name)
         SELECT app_current_tenant(), x, $2::date, coalesce($3, 4), coalesce($4, 1), $5, $6, $6 FROM unnest($1::int[]) AS x
         ON CONFLICT (tenant_id, sku_id) DO UPDATE SET launch_date = EXCLUDED.launch_date, observe_weeks = coalesce($3, pd_new_product.observe_weeks),
                is_new = EXCLUDED.is_new, remark = coalesce(EXCLUDED.remark, pd_new_product.remark), update_user_name = $6, update_time = now()
         RETURNING id, sku_id, (xmax = 0) AS inserted`,
        [ids, b.launchDate, b.observeWeeks ?? null, b.isNew ?? null, b.remark?.trim() || null, who],
      );
      return { saved: r.rows.length, created: r.rows.filter((x) => x.inserted).length, ids: r.rows.map((x) => x.id) };
    }).catch(asCallerError), '新品已保存');
  },
});

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


// 铺货分析 is a computed report resource (schemas/resources/report-put-stock.json): its list, regional heat, export and
// the nine detail lists its figures open are the descriptor's routes; the figures are these handlers'.
registerCustomRoute('analysis.putStock.page', {
  schema: { params: pageParamsSchema, body: PUT_STOCK_BODY },
  handler: async (req) => {
    const f = (req.body ?? {}) as PutStockFilter;
    const { pageNum, pageSize } = req.params as unknown as PageParams;
    const page = await req.summaryTx(async (tx) => {
      const per = await periodOf(tx, f);
      const p = new Params();
      const sql = putStockListSql(f, per, p);
      const result = await aggregatePage(tx, sql, p, putStockOrder(f), pageNum, pageSize);
      const hidden = await hiddenByGuards(tx, req.auth!, PUT_STOCK_GUARDS);
      return { ...result, records: withoutFields(result.records.map(finishPutStockRow), hidden), dateStart: per.start, dateEnd: per.end };
    }).catch(asCallerError);
    return ok(page);
  },
});

registerCustomRoute('analysis.putStock.heat', {
  schema: { body: PUT_STOCK_BODY },
  handler: async (req) => {
    const f = (req.body ?? {}) as PutStockFilter;
    return ok(await req.summaryTx(async (tx) => {
      const per = await periodOf(tx, f);
      const p = new Params();
      const rows = (await tx.query<{ region: string; keyId: number | null; keyName: string | null; shopAllotQuantity: number; saleQuantity: number }>(putStockRegionHeatSql(f, per, p), p.values)).rows;
      const rate = (x: { shopAllotQuantity: number; saleQuantity: number }) => sellThroughRate(Number(x.saleQuantity), Number(x.shopAllotQuantity));
      const regions = rows.filter((x) => x.keyId === null).map((x) => ({ regionName: x.region, shopAllotQuantity: qty(x.shopAllotQuantity), saleQuantity: qty(x.saleQuantity), sellThroughRate: rate(x) }))
        .sort((a, b) => a.regionName.localeCompare(b.regionName, 'zh-CN'));
      const cells = rows.filter((x) => x.keyId !== null);
      const keys = [...new Map(cells.map((x) => [Number(x.keyId), x.keyName ?? String(x.keyId)]))].map(([keyId, name]) => ({ keyId, name }));
      return {
        dateStart: per.start, dateEnd: per.end, regions, keys,
        cells: cells.map((x) => ({ regionName: x.region, keyId: Number(x.keyId), shopAllotQuantity: qty(x.shopAllotQuantity), saleQuantity: qty(x.saleQuantity), sellThroughRate: rate(x) })),
      };
    }).catch(asCallerError));
  },
});

registerCustomRoute('analysis.putStock.export', {
  schema: { body: PUT_STOCK_BODY },
  handler: async (req, reply) => {
    const f = (req.body ?? {}) as PutStockFilter;
    const { rows, hidden } = await req.summaryTx(async (tx) => {
      const per = await periodOf(tx, f);
      const p = new Params();
      const r = await tx.query(`SELECT * FROM (${putStockListSql(f, per, p)}) g ORDER BY ${putStockOrder(f)}`, p.values);
      return { rows: r.rows.map(finishPutStockRow), hidden: await hiddenByGuards(tx, req.auth!, PUT_STOCK_GUARDS) };
    }).catch(asCallerError);
    const cols = f.dimension === 'spu' ? PUT_STOCK_COLUMNS.filter(([c]) => !['skuName', 'barcode', 'spec', 'supplierName', 'retailPrice'].includes(c)) : PUT_STOCK_COLUMNS;
    return sendCsv(reply, '铺货分析', cols, rows, hidden);
  },
});

for (const detail of PUT_STOCK_DETAILS) {
  registerCustomRoute(`analysis.putStock.det.${detail}`, {
    schema: { params: pageParamsSchema, body: PUT_STOCK_BODY },
    handler: async (req) => {
      const f = (req.body ?? {}) as PutStockFilter;
      const { pageNum, pageSize } = req.params as unknown as PageParams;
      if (f.dimension === 'spu' ? !f.spuId : !f.skuId) throw new ApiError('BAD_REQUEST', f.dimension === 'spu' ? '商品不能为空' : 'SKU不能为空');
      const page = await req.summaryTx(async (tx) => {
        const per = await periodOf(tx, f);
        const p = new Params();
        const { sql, orderBy } = putStockDetailSql(detail, f, per, p);
        const result = await aggregatePage(tx, sql, p, orderBy, pageNum, pageSize);
        const hidden = await hiddenByGuards(tx, req.auth!, PUT_STOCK_GUARDS);
        return { ...result, records: withoutFields(result.records.map(finishDetailRow), hidden), dateStart: per.start, dateEnd: per.end };
      }).catch(asCallerError);
      return ok(page);
    },
  });
}

const addYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
