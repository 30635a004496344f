import type { Period } from './period.ts';
import { grossMarginRate, sellThroughRate } from './period.ts';
import { Params, qty, saleLinesSql, shopWhere, skuWhere, type Row, type Scope } from './reportHttp.ts';
import { fenOf, yuanOf } from '../../../core/money.ts';

/**
 * 铺货分析 (put-stock-analyse): per SKU (or SPU) over a period, what was put into the shops and what became of it.
 *
 * - 区域调拨 (regionAllot): sent out (调拨 confirmed out, status 2 or 3) in the period to a warehouse of no shop
 *   (中心仓 / 前置仓), narrowed by the region of that warehouse.
 * - 铺货数量 / 铺货成本 (shopAllot): what came into the warehouses of the shops in scope in the period as 铺货 (SHOP_INFLOWS
 *   in the stock ledger: 调拨 received, 其他入库, 采购入库, net of their reversals and of 调拨 between those shops), so
 *   a shop that sold or holds the SKU shows what it was stocked with however the goods came (新品分析 counts the same).
 * - 销量 (sale): sold at those shops' registers in the period (practice left out), less the orders refunded in
 *   the period (a refund counts on its day, as everywhere else); amounts at the sold price, cost at the cost the
 *   goods left at (rounded per line). Read from the daily per-shop-and-SKU sums (po_sales_day_sku, migration 306,
 *   kept by triggers with every order write; tests/api/putStockAnalyse.test.ts checks them against the lines).
 * - 库存 (stock): on hand in the shops' warehouses at the end of the period (the balance less the ledger after it).
 * - A shop carries the SKU (铺货门店) when it was sent some in the period, held some at the end or sold some;
 *   动销门店 sold some, 未动销门店 carried it without selling, 未铺货门店 are the shops in scope that did not carry it.
 * - 售罄率 = sold / shop allot.
 *
 * Every figure is computed on read from the documents, the orders and the ledger; each has a detail call
 * (det/...) listing the rows it is made of.
 */

/**
 * What came into a shop's warehouse as 铺货 (the stock ledger's doc types): 调拨 received, 其他入库 (a shop's opening
 * stock), 采购入库 delivered to the shop, net of their reversals (反审核, 作废) and of 调拨 between the shops in scope.
 * Not a sale's refund nor a stocktake's gain. 铺货分析 and 新品分析 both count it.
 */
export const SHOP_INFLOWS = `'allocation', 'otherStockIn', 'receipt'`;

export type Dimension = 'sku' | 'spu';
export interface PutStockFilter extends Scope {
  dimension?: Dimension | null;
  sort?: string | null;
  order?: 'asc' | 'desc' | null;
}

export const PUT_STOCK_SORTS = ['code', 'saleQuantity', 'saleAmount', 'shopAllotQuantity', 'stockQuantity', 'putShopCount', 'saleShopCount'] as const;

/** The common CTEs: shops in scope (s), their warehouses (w), moves per shop and SKU (moves) and per shop and key (sk). */
function scopeCtes(f: PutStockFilter, per: Period, p: Params): string {
  const start = p.add(per.start);
  const end = p.add(per.end);
  const sw = shopWhere(f, p);
  const kw = skuWhere(f, p);
  const skuIn = (col: string) => (kw ? `AND ${col} IN (SELECT k.sku_id FROM pd_sku k WHERE ${kw})` : '');
  const key = f.dimension === 'spu' ? 'k.spu_id' : 'k.sku_id';
  return `
  s AS (SELECT sb.shop_id, sb.shop_code, sb.shop_name, sb.region_name FROM shop_base sb WHERE ${sw}),
  w AS (SELECT wb.wh_id, wb.wh_name, wb.shop_id FROM wh_base_info wb JOIN s ON s.shop_id = wb.shop_id),
  moves AS (
    SELECT w.shop_id, l.sku_id, l.qty AS put_qty, l.amount AS put_amt, 0::numeric AS sale_qty, 0::numeric AS sale_amt, 0::numeric AS sale_cost, 0::numeric AS stock_qty
      FROM stock_ledger l JOIN w ON w.wh_id = l.wh_id
     WHERE l.doc_type IN (${SHOP_INFLOWS}) AND l.qty <> 0
       AND l.create_time >= ${start}::date::timestamptz AND l.create_time < (${end}::date + 1)::timestamptz ${skuIn('l.sku_id')}
    UNION ALL
    SELECT x.shop_id, x.sku_id, 0, 0, x.sign * x.qty, x.sign * x.amount, x.sign * x.cost, 0
      FROM po_sales_day_sku x
     WHERE x.tenant_id = app_current_tenant() AND x.shop_id = ANY(ARRAY(SELECT shop_id FROM s)) AND x.n <> 0 AND (x.sign = 1 OR x.status = 2)
       AND x.day >= ${start}::date AND x.day <= ${end}::date ${skuIn('x.sku_id')}
    UNION ALL
    SELECT w.shop_id, b.sku_id, 0, 0, 0, 0, 0, b.on_hand FROM stock_balance b JOIN w ON w.wh_id = b.wh_id WHERE b.on_hand <> 0 ${skuIn('b.sku_id')}
    UNION ALL
    SELECT w.shop_id, l.sku_id, 0, 0, 0, 0, 0, -l.qty FROM stock_ledger l JOIN w ON w.wh_id = l.wh_id
     WHERE l.create_time >= (${end}::date + 1)::timestamptz ${skuIn('l.sku_id')}),
  sk AS (
    SELECT m.shop_id, ${key} AS key_id, sum(m.put_qty) AS put_qty, sum(m.put_amt) AS put_amt, sum(m.sale_qty) AS sale_qty,
           sum(m.sale_amt) AS sale_amt, sum(m.sale_cost) AS sale_cost, sum(m.stock_qty) AS stock_qty,
           (sum(m.put_qty) > 0 OR sum(m.stock_qty) > 0 OR sum(m.sale_qty) > 0) AS carried
      FROM moves m JOIN pd_sku k ON k.sku_id = m.sku_id GROUP BY 1, 2),
  ra AS (
    SELECT ${key} AS key_id, sum(d.quantity) AS qty, sum(d.amount) AS amt
      FROM wh_allocation a JOIN wh_base_info iw ON iw.wh_id = a.in_wh_id AND iw.shop_id IS NULL
      JOIN wh_allocation_det d ON d.allocation_id = a.allocation_id JOIN pd_sku k ON k.sku_id = d.sku_id
     WHERE a.status IN (2, 3) AND a.out_time >= ${start}::date::timestamptz AND a.out_time < (${end}::date + 1)::timestamptz
       ${f.regionName?.trim() ? `AND iw.region_name = ${p.add(f.regionName.trim())}` : ''} ${kw ? `AND ${kw}` : ''}
     GROUP BY 1)`;
}

/** The list: one row per SKU (or SPU) with any figure in scope. */
export function putStockListSql(f: PutStockFilter, per: Period, p: Params): string {
  const spu = f.dimension === 'spu';
  const names = spu
    ? `sp.spu_id AS "spuId", sp.spu_code AS "code", sp.spu_code AS "spuCode", sp.spu_name AS "spuName", sp.brand_name AS "brandName"`
    : `k.sku_id AS "skuId", k.sku_code AS "code", k.sku_code AS "skuCode", k.sku_name AS "skuName", k.barcode, k.spec, k.unit, k.spu_id AS "spuId",
       k.spu_name AS "spuName", k.supplier_name AS "supplierName", k.retail_price::float8 AS "retailPrice"`;
  const join = spu ? 'JOIN pd_spu sp ON sp.spu_id = keys.key_id' : 'JOIN pd_sku k ON k.sku_id = keys.key_id';
  return `WITH ${scopeCtes(f, per, p)},
  agg AS (
    SELECT key_id, sum(put_qty) AS put_qty, sum(put_amt) AS put_amt, sum(sale_qty) AS sale_qty, sum(sale_amt) AS sale_amt, sum(sale_cost) AS sale_cost,
           sum(stock_qty) AS stock_qty, count(*) FILTER (WHERE carried)::int AS put_shops, count(*) FILTER (WHERE sale_qty > 0)::int AS sale_shops,
           count(*) FILTER (WHERE carried AND NOT sale_qty > 0)::int AS unsale_shops
      FROM sk GROUP BY key_id),
  keys AS (SELECT key_id FROM agg WHERE put_qty <> 0 OR sale_qty <> 0 OR stock_qty <> 0 OR sale_amt <> 0 UNION SELECT key_id FROM ra)
  SELECT ${names},
         coalesce(ra.qty, 0)::float8 AS "regionAllotQuantity", coalesce(ra.amt, 0)::float8 AS "regionAllotAmount",
         coalesce(a.put_qty, 0)::float8 AS "shopAllotQuantity", coalesce(a.put_amt, 0)::float8 AS "shopAllotAmount",
         coalesce(a.sale_qty, 0)::float8 AS "saleQuantity", coalesce(a.sale_amt, 0)::float8 AS "saleAmount", coalesce(a.sale_cost, 0)::float8 AS "saleCostAmount",
         coalesce(a.stock_qty, 0)::float8 AS "stockQuantity",
         coalesce(a.put_shops, 0) AS "putShopCount", (SELECT count(*) FROM s)::int - coalesce(a.put_shops, 0) AS "notPutShopCount",
         coalesce(a.sale_shops, 0) AS "saleShopCount", coalesce(a.unsale_shops, 0) AS "unsaleShopCount"
    FROM keys ${join} LEFT JOIN agg a ON a.key_id = keys.key_id LEFT JOIN ra ON ra.key_id = keys.key_id`;
}

export function putStockOrder(f: PutStockFilter): string {
  const col = f.sort && (PUT_STOCK_SORTS as readonly string[]).includes(f.sort) ? f.sort : 'code';
  const dir = f.order === 'desc' ? 'DESC' : 'ASC';
  return `"${col}" ${dir}, "code"`;
}

/** Figures computed in TypeScript from the sums: rates (pure rules in period.ts) and rounding. */
export function finishPutStockRow(r: Row): Row {
  return {
    ...r,
    regionAllotQuantity: qty(r.regionAllotQuantity),
    regionAllotAmount: yuanOf(r.regionAllotAmount),
    shopAllotQuantity: qty(r.shopAllotQuantity),
    shopAllotAmount: yuanOf(r.shopAllotAmount),
    saleQuantity: qty(r.saleQuantity),
    saleAmount: yuanOf(r.saleAmount),
    saleCostAmount: yuanOf(r.saleCostAmount),
    stockQuantity: qty(r.stockQuantity),
    sellThroughRate: sellThroughRate(Number(r.saleQuantity), Number(r.shopAllotQuantity)),
    grossProfitRate: grossMarginRate(fenOf(r.saleAmount), fenOf(r.saleCostAmount)),
  };
}

/** Cost and margin need their field permissions; the supplier and the retail price theirs. */
export const PUT_STOCK_GUARDS = {
  成本总金额: ['regionAllotAmount', 'shopAllotAmount', 'saleCostAmount', 'costAmount', 'unitCost'],
  毛利率: ['grossProfitRate'],
  供应商: ['supplierName'],
  零售价: ['retailPrice'],
};

export const PUT_STOCK_COLUMNS: [string, string][] = [
  ['code', '编码'], ['skuName', 'SKU名称'], ['spuName', '商品名称'], ['barcode', '条形码'], ['spec', '规格'], ['supplierName', '供应商'], ['retailPrice', '零售价'],
  ['regionAllotQuantity', '区域调拨数量'], ['regionAllotAmount', '区域调拨成本'], ['shopAllotQuantity', '铺货数量'], ['shopAllotAmount', '铺货成本'],
  ['saleQuantity', '销量'], ['saleAmount', '销售额'], ['saleCostAmount', '销售成本'], ['grossProfitRate', '毛利率(%)'], ['stockQuantity', '期末库存'],
  ['putShopCount', '铺货门店数'], ['notPutShopCount', '未铺货门店数'], ['saleShopCount', '动销门店数'], ['unsaleShopCount', '未动销门店数'], ['sellThroughRate', '售罄率(%)'],
];

// ---- detail calls: the rows behind one figure -----------------------------------------------------------------

export const PUT_STOCK_DETAILS = ['region-allot', 'shop-allot', 'sale', 'stock', 'put', 'not-put', 'period-sale', 'sale-shop', 'unsale-shop'] as const;
export type PutStockDetail = (typeof PUT_STOCK_DETAILS)[number];

const shopCols = `s.shop_id AS "shopId", s.shop_code AS "shopCode", s.shop_name AS "shopName", s.region_name AS "regionName"`;
const perShop = `coalesce(x.put_qty, 0)::float8 AS "shopAllotQuantity", coalesce(x.sale_qty, 0)::float8 AS "saleQuantity",
                 coalesce(x.sale_amt, 0)::float8 AS "saleAmount", coalesce(x.stock_qty, 0)::float8 AS "stockQuantity"`;

/** SQL and order of one detail list; `f` carries the row's key (skuId or spuId). */
export function putStockDetailSql(detail: PutStockDetail, f: PutStockFilter, per: Period, p: Params): { sql: string; orderBy: string } {
  const ctes = scopeCtes(f, per, p);
  const kw = () => skuWhere(f, p);
  switch (detail) {
    case 'stock':
      return {
        sql: `WITH ${ctes} SELECT ${shopCols}, (SELECT string_agg(w.wh_name, '、' ORDER BY w.wh_id) FROM w WHERE w.shop_id = s.shop_id) AS "whName", ${perShop}
                FROM sk x JOIN s ON s.shop_id = x.shop_id WHERE x.stock_qty <> 0`,
        orderBy: '"stockQuantity" DESC, "shopCode"',
      };
    case 'put':
      return { sql: `WITH ${ctes} SELECT ${shopCols}, ${perShop} FROM sk x JOIN s ON s.shop_id = x.shop_id WHERE x.carried`, orderBy: '"shopCode"' };
    case 'sale-shop':
      return { sql: `WITH ${ctes} SELECT ${shopCols}, ${perShop} FROM sk x JOIN s ON s.shop_id = x.shop_id WHERE x.sale_qty > 0`, orderBy: '"saleQuantity" DESC, "shopCode"' };
    case 'unsale-shop':
      return { sql: `WITH ${ctes} SELECT ${shopCols}, ${perShop} FROM sk x JOIN s ON s.shop_id = x.shop_id WHERE x.carried AND NOT x.sale_qty > 0`, orderBy: '"shopCode"' };
    case 'not-put':
      return { sql: `WITH ${ctes} SELECT ${shopCols} FROM s WHERE NOT EXISTS (SELECT 1 FROM sk x WHERE x.shop_id = s.shop_id AND x.carried)`, orderBy: '"shopCode"' };
    case 'shop-allot': {
      // The ledger rows 铺货数量 is the sum of: what came into the shops' warehouses (SHOP_INFLOWS) in the period.
      const start = p.add(per.start);
      const end = p.add(per.end);
      const k = kw();
      return {
        sql: `WITH ${ctes}
              SELECT CASE l.doc_type WHEN 'allocation' THEN '调拨' WHEN 'otherStockIn' THEN '其他入库' ELSE '采购入库' END AS "detTypeName",
                     l.doc_no AS "docNo", l.wh_name AS "whName", s.shop_name AS "shopName", to_char(l.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "time",
                     l.sku_id AS "skuId", l.sku_code AS "skuCode", l.sku_name AS "skuName", l.qty::float8 AS quantity, l.amount::float8 AS "costAmount"
                FROM stock_ledger l JOIN w ON w.wh_id = l.wh_id JOIN s ON s.shop_id = w.shop_id JOIN pd_sku k ON k.sku_id = l.sku_id
               WHERE l.doc_type IN (${SHOP_INFLOWS}) AND l.qty <> 0
                 AND l.create_time >= ${start}::date::timestamptz AND l.create_time < (${end}::date + 1)::timestamptz ${k ? `AND ${k}` : ''}`,
        orderBy: '"time" DESC, "docNo", "skuCode"',
      };
    }
    case 'region-allot': {
      const start = p.add(per.start);
      const end = p.add(per.end);
      const where = `iw.shop_id IS NULL ${f.regionName?.trim() ? `AND iw.region_name = ${p.add(f.regionName.trim())}` : ''}`;
      const k = kw();
      return {
        sql: `WITH ${ctes}
              SELECT a.allocation_id AS "allocationId", a.allocation_no AS "allocationNo", a.status, a.out_wh_name AS "outWhName", a.in_wh_name AS "inWhName",
                     iw.region_name AS "regionName", NULL::text AS "shopName",
                     to_char(a.out_time, 'YYYY-MM-DD HH24:MI:SS') AS "outTime", d.sku_id AS "skuId", d.sku_code AS "skuCode", d.sku_name AS "skuName",
                     d.quantity::float8 AS quantity, d.in_quantity::float8 AS "inQuantity", d.unit_cost::float8 AS "unitCost", d.amount::float8 AS "costAmount"
                FROM wh_allocation a JOIN wh_base_info iw ON iw.wh_id = a.in_wh_id JOIN wh_allocation_det d ON d.allocation_id = a.allocation_id
                JOIN pd_sku k ON k.sku_id = d.sku_id
               WHERE a.status IN (2, 3) AND a.out_time >= ${start}::date::timestamptz AND a.out_time < (${end}::date + 1)::timestamptz AND ${where} ${k ? `AND ${k}` : ''}`,
        orderBy: '"outTime" DESC, "allocationNo", "skuCode"',
      };
    }
    case 'sale':
    case 'period-sale': {
      const start = p.add(per.start);
      const end = p.add(per.end);
      const k = kw();
      const lines = saleLinesSql('o.shop_id = ANY(ARRAY(SELECT shop_id FROM s))', start, end, k);
      if (detail === 'sale')
        return {
          sql: `WITH ${ctes}, l AS (${lines})
                SELECT l.order_id AS "orderId", l.order_no AS "orderNo", l.kind AS "type", l.shop_id AS "shopId", l.shop_name AS "shopName", l.cashier_name AS "cashierName",
                       to_char(l.t, 'YYYY-MM-DD HH24:MI:SS') AS "time", l.sku_id AS "skuId", l.sku_code AS "skuCode", l.sku_name AS "skuName",
                       l.quantity::float8 AS quantity, l.unit_price::float8 AS "unitPrice", l.amount::float8 AS amount, l.cost::float8 AS "costAmount"
                  FROM l`,
          orderBy: '"time" DESC, "orderNo", "type", "skuCode"',
        };
      return {
        sql: `WITH ${ctes}, l AS (${lines})
              SELECT to_char(l.t, 'YYYY-MM-DD') AS "date", sum(l.quantity)::float8 AS "saleQuantity", sum(l.amount)::float8 AS "saleAmount",
                     sum(l.cost)::float8 AS "costAmount", count(DISTINCT l.order_id) FILTER (WHERE l.kind = '销售')::int AS "orderCount",
                     count(DISTINCT l.shop_id)::int AS "shopCount"
                FROM l GROUP BY 1`,
        orderBy: '"date"',
      };
    }
  }
}

/** Rounds the sums of a detail row. */
export function finishDetailRow(r: Row): Row {
  const out: Row = { ...r };
  for (const k of ['quantity', 'inQuantity', 'saleQuantity', 'stockQuantity', 'shopAllotQuantity']) if (k in out && out[k] !== null) out[k] = qty(out[k]);
  for (const k of ['saleAmount', 'amount', 'costAmount', 'unitPrice']) if (k in out && out[k] !== null) out[k] = yuanOf(out[k]);
  if ('shopAllotQuantity' in out && 'saleQuantity' in out) out.sellThroughRate = sellThroughRate(Number(out.saleQuantity), Number(out.shopAllotQuantity));
  return out;
}

// ---- the regional heat view: sell-through by region -----------------------------------------------------------

/** How many SKUs (or SPUs) the heat grid shows as columns: the most put into the shops in the period. */
export const HEAT_KEYS = 12;

/**
 * Per region of the shops in scope (a shop without one is 未分区): shop allot and sales of the period over every
 * SKU, and of each of the HEAT_KEYS SKUs (SPUs) most put into the shops; the same sums the list's rows are made of.
 */
export function putStockRegionHeatSql(f: PutStockFilter, per: Period, p: Params): string {
  const spu = f.dimension === 'spu';
  const name = spu ? `(SELECT sp.spu_code || ' ' || sp.spu_name FROM pd_spu sp WHERE sp.spu_id = c.key_id)` : `(SELECT k.sku_code || ' ' || k.sku_name FROM pd_sku k WHERE k.sku_id = c.key_id)`;
  return `WITH ${scopeCtes(f, per, p)},
  r AS (SELECT coalesce(s.region_name, '未分区') AS region, x.key_id, x.put_qty, x.sale_qty FROM sk x JOIN s ON s.shop_id = x.shop_id),
  top AS (SELECT key_id FROM r GROUP BY key_id HAVING sum(put_qty) > 0 ORDER BY sum(put_qty) DESC, key_id LIMIT ${HEAT_KEYS}),
  c AS (SELECT region, key_id, sum(put_qty) AS put_qty, sum(sale_qty) AS sale_qty FROM r WHERE key_id IN (SELECT key_id FROM top) GROUP BY 1, 2)
  SELECT region, NULL::int AS "keyId", NULL::text AS "keyName", sum(put_qty)::float8 AS "shopAllotQuantity", sum(sale_qty)::float8 AS "saleQuantity" FROM r GROUP BY region
  UNION ALL
  SELECT c.region, c.key_id, ${name}, c.put_qty::float8, c.sale_qty::float8 FROM c`;
}
