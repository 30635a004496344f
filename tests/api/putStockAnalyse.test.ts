import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, grantShopStaff, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * 铺货分析 (put-stock-analyse): goods sent to a shop and to a regional warehouse, sold and refunded at the register
 * through the API; every figure of the list is recomputed here by plain SQL over the documents, orders and ledger,
 * and each detail call adds up to its figure.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let central: Json;
let regional: Json;
let shopWh: Json;
let sku: Json;
let today: string;

const R = 'wxy-report-server/put-stock-analyse';
const A = 'wxy-warehouse-server/wh-allocation';
const O = 'wxy-order-server';

const sql = async <T extends Json>(q: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(q, params))).rows;
const list = (body: Json = {}, page = '1/999999') => admin('POST', `${R}/list/page/${page}`, { dateStart: today, dateEnd: today, ...body });
const rowOf = async (skuId: number, body: Json = {}) => ((await list({ skuId, ...body })).json.data.records as Json[])[0];
const det = (name: string, body: Json) => admin('POST', `${R}/det/${name}/page/1/999999`, { dateStart: today, dateEnd: today, ...body });

async function allocate(inWhId: number, quantity: number, confirmIn: boolean) {
  const d = (await admin('POST', `${A}/add`, { outWhId: central.whId, inWhId, detList: [{ skuId: sku.skuId, quantity }] })).json.data;
  expect((await admin('PUT', `${A}/confirm-out/${d.allocationId}`, {})).status).toBe(200);
  if (confirmIn) expect((await admin('PUT', `${A}/confirm-in/${d.allocationId}`, {})).status).toBe(200);
  return d;
}

/** 其他入库 straight into a warehouse (a shop's opening stock), confirmed. */
async function stockIn(whId: number, quantity: number) {
  const d = (await admin('POST', 'wxy-warehouse-server/wh-other-stock-in/add', { whId, reason: 2, remark: '铺货测试', detList: [{ skuId: sku.skuId, quantity, unitCost: 2 }] })).json.data;
  expect((await admin('PUT', `wxy-warehouse-server/wh-other-stock-in/confirm/${d.stockInId}`, {})).status).toBe(200);
}

const sell = async (quantity: number) => {
  const r = await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId: shopWh.shopId, lines: [{ skuId: sku.skuId, quantity }], payments: [{ payType: 1, amount: 100000 }] });
  expect(r.status, r.body).toBe(200);
  return r.json.data;
};

/**
 * The report recomputed in plain SQL for one day range: per SKU, sums over allocations, orders and the ledger;
 * stock at the end is the ledger's sum up to the end (not the balance), so the two ways must agree.
 */
async function plainSql(start: string, end: string): Promise<Map<number, Json>> {
  const rows = await sql<Json>(
    `WITH shops AS (SELECT shop_id FROM shop_base WHERE status = 1),
          shop_wh AS (SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IN (SELECT shop_id FROM shops)),
          per_shop AS (
            SELECT shop_id, sku_id, sum(put) AS put, sum(sold) AS sold, sum(stock) AS stock FROM (
              -- 铺货: what came into the shops' warehouses (调拨 received, 其他入库, 采购入库, net of reversals).
              SELECT w.shop_id, l.sku_id, l.qty AS put, 0 AS sold, 0 AS stock
                FROM stock_ledger l JOIN shop_wh w ON w.wh_id = l.wh_id
               WHERE l.doc_type IN ('allocation', 'otherStockIn', 'receipt') AND l.create_time::date BETWEEN $1 AND $2
              UNION ALL
              SELECT o.shop_id, d.sku_id, 0, d.quantity, 0 FROM po_order o JOIN po_order_det d USING (order_id)
               WHERE o.shop_id IN (SELECT shop_id FROM shops) AND NOT o.is_practice AND o.status IN (1, 2) AND o.create_time::date BETWEEN $1 AND $2
              UNION ALL
              SELECT o.shop_id, d.sku_id, 0, -d.quantity, 0 FROM po_order o JOIN po_order_det d USING (order_id)
               WHERE o.shop_id IN (SELECT shop_id FROM shops) AND NOT o.is_practice AND o.status = 2 AND o.refund_time::date BETWEEN $1 AND $2
              UNION ALL
              -- 换货: its replacements sold, its returned lines back, on its day.
              SELECT e.shop_id, x.sku_id, 0, CASE WHEN x.direction = 2 THEN x.quantity ELSE -x.quantity END, 0 FROM po_order_exchange e JOIN po_order_exchange_det x USING (exchange_id)
               WHERE e.shop_id IN (SELECT shop_id FROM shops) AND e.create_time::date BETWEEN $1 AND $2
              UNION ALL
              SELECT w.shop_id, l.sku_id, 0, 0, l.qty FROM stock_ledger l JOIN shop_wh w ON w.wh_id = l.wh_id WHERE l.create_time::date <= $2) x
            GROUP BY 1, 2),
          region AS (
            SELECT d.sku_id, sum(d.quantity) AS qty FROM wh_allocation a JOIN wh_allocation_det d USING (allocation_id) JOIN wh_base_info w ON w.wh_id = a.in_wh_id
             WHERE w.shop_id IS NULL AND a.status IN (2, 3) AND a.out_time::date BETWEEN $1 AND $2 GROUP BY 1)
     SELECT coalesce(p.sku_id, r.sku_id) AS sku_id, coalesce(p.put, 0)::float8 AS put, coalesce(p.sold, 0)::float8 AS sold, coalesce(p.stock, 0)::float8 AS stock,
            coalesce(r.qty, 0)::float8 AS region, coalesce(p.carried, 0)::int AS carried, coalesce(p.sold_shops, 0)::int AS sold_shops
       FROM (SELECT sku_id, sum(put) AS put, sum(sold) AS sold, sum(stock) AS stock,
                    count(*) FILTER (WHERE put > 0 OR stock > 0 OR sold > 0) AS carried, count(*) FILTER (WHERE sold > 0) AS sold_shops
               FROM per_shop GROUP BY sku_id) p
       FULL JOIN region r ON r.sku_id = p.sku_id`,
    [start, end],
  );
  return new Map(rows.filter((r) => r.put || r.sold || r.stock || r.region).map((r) => [r.sku_id, r]));
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  today = (await sql<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;
  const whs = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/100', {})).json.data.records as Json[];
  central = whs.find((w) => w.whType === 1)!;
  regional = whs.find((w) => w.whType !== 2 && w.whId !== central.whId)!;
  const shopWhRow = (await sql<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))[0];
  shopWh = { whId: shopWhRow.wh_id, shopId: shopWhRow.shop_id };
  sku = (await sql<Json>(
    `SELECT s.sku_id AS "skuId", s.spu_id AS "spuId" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.available >= 50 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id DESC LIMIT 1`, [central.whId]))[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('铺货分析', () => {
  it('counts what was sent, sold, refunded and is left, and the whole list equals plain SQL', async () => {
    const before = (await rowOf(sku.skuId)) ?? { shopAllotQuantity: 0, regionAllotQuantity: 0, saleQuantity: 0, stockQuantity: 0 };
    await allocate(shopWh.whId, 8, true);
    await allocate(regional.whId, 5, false);
    // Stock a shop gets without a transfer (its opening stock by 其他入库) is put into it too: what it sells of it
    // shows as sold from something it was stocked with, never 动销 with nothing put.
    await stockIn(shopWh.whId, 4);
    await sell(3);
    const back = await sell(1);
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: back.orderNo, reason: '退货' })).status).toBe(200);
    const row = await rowOf(sku.skuId);
    expect(row.shopAllotQuantity - before.shopAllotQuantity).toBe(12);
    expect(row.regionAllotQuantity - before.regionAllotQuantity).toBe(5);
    expect(row.saleQuantity - before.saleQuantity).toBe(3);
    expect(row.stockQuantity - before.stockQuantity).toBe(9);
    expect(row.sellThroughRate).toBe(Math.round((row.saleQuantity / row.shopAllotQuantity) * 10000) / 100);
    expect(row.grossProfitRate).toBe(Math.round(((row.saleAmount - row.saleCostAmount) / row.saleAmount) * 10000) / 100);

    // Every row of the day's list, against the plain SQL (pageSize 999999: one page, answered).
    const all = await list();
    expect(all.status).toBe(200);
    const expected = await plainSql(today, today);
    const got = all.json.data.records as Json[];
    expect(all.json.data.total).toBe(expected.size);
    expect(got.length).toBe(expected.size);
    const shops = Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base WHERE status = 1`))[0].n);
    for (const r of got) {
      const e = expected.get(r.skuId)!;
      expect(e, `sku ${r.skuId}`).toBeTruthy();
      expect([r.shopAllotQuantity, r.saleQuantity, r.stockQuantity, r.regionAllotQuantity, r.putShopCount, r.saleShopCount], `sku ${r.skuId}`)
        .toEqual([e.put, e.sold, e.stock, e.region, e.carried, e.sold_shops]);
      expect(r.notPutShopCount).toBe(shops - e.carried);
      expect(r.unsaleShopCount).toBe(e.carried - e.sold_shops);
    }
  });

  it('region-heat: per region put and sold add up to the list, sell-through = sold / put, the top SKUs by region', async () => {
    const heat = await admin('POST', `${R}/region-heat`, { dateStart: today, dateEnd: today });
    expect(heat.status, heat.body).toBe(200);
    const rows = (await list()).json.data.records as Json[];
    const sum = (xs: Json[], f: string) => Math.round(xs.reduce((a, x) => a + Number(x[f]), 0) * 1000) / 1000;
    const { regions, keys, cells } = heat.json.data;
    expect(sum(regions, 'shopAllotQuantity')).toBe(sum(rows, 'shopAllotQuantity'));
    expect(sum(regions, 'saleQuantity')).toBe(sum(rows, 'saleQuantity'));
    for (const r of regions) expect(r.sellThroughRate).toBe(r.shopAllotQuantity > 0 ? Math.round((r.saleQuantity / r.shopAllotQuantity) * 10000) / 100 : null);
    // The most-put SKU of the day is the first column; its cells add up to its row.
    expect(keys.length).toBeLessThanOrEqual(12);
    const top = Math.max(...rows.map((r) => r.shopAllotQuantity));
    const row = rows.find((r) => r.shopAllotQuantity === top && keys.some((k: Json) => k.keyId === r.skuId))!;
    expect(row, 'a most-put SKU is a column').toBeTruthy();
    const mine = cells.filter((c: Json) => c.keyId === row.skuId);
    expect(mine.length).toBeGreaterThan(0);
    expect([sum(mine, 'shopAllotQuantity'), sum(mine, 'saleQuantity')]).toEqual([row.shopAllotQuantity, row.saleQuantity]);
    expect((await admin('POST', `${R}/region-heat`, { dateStart: '2999-01-01' })).status).toBe(400);
    const theirs = await other('POST', `${R}/region-heat`, { dateStart: today, dateEnd: today });
    expect(theirs.json.data.keys.filter((k: Json) => k.keyId === sku.skuId)).toEqual([]);
  });

  it('an earlier period ends with the stock the ledger had then', async () => {
    const start = (await sql<{ d: string }>(`SELECT to_char(current_date - 20, 'YYYY-MM-DD') AS d`))[0].d;
    const end = (await sql<{ d: string }>(`SELECT to_char(current_date - 1, 'YYYY-MM-DD') AS d`))[0].d;
    const r = await admin('POST', `${R}/list/page/1/999999`, { dateStart: start, dateEnd: end });
    expect(r.json.data).toMatchObject({ dateStart: start, dateEnd: end });
    const expected = await plainSql(start, end);
    expect(r.json.data.total).toBe(expected.size);
    for (const x of r.json.data.records as Json[]) {
      const e = expected.get(x.skuId)!;
      expect([x.shopAllotQuantity, x.saleQuantity, x.stockQuantity, x.putShopCount], `sku ${x.skuId}`).toEqual([e.put, e.sold, e.stock, e.carried]);
    }
  });

  it('each figure opens the rows it is made of', async () => {
    const row = await rowOf(sku.skuId);
    const key = { skuId: sku.skuId };
    const sum = (rows: Json[], f: string) => Math.round(rows.reduce((a, r) => a + r[f], 0) * 1000) / 1000;
    const shopAllot = (await det('shop-allot', key)).json.data.records as Json[];
    expect(sum(shopAllot, 'quantity')).toBe(row.shopAllotQuantity);
    expect(shopAllot.every((l) => l.shopName && l.docNo && l.whName)).toBe(true);
    expect(new Set(shopAllot.map((l) => l.detTypeName))).toEqual(new Set(['调拨', '其他入库']));
    expect(sum((await det('region-allot', key)).json.data.records, 'quantity')).toBe(row.regionAllotQuantity);
    const sales = (await det('sale', key)).json.data.records as Json[];
    expect(sum(sales, 'quantity')).toBe(row.saleQuantity);
    expect(sales.some((l) => l.type === '退款' && l.quantity === -1)).toBe(true);
    expect(sum((await det('period-sale', key)).json.data.records, 'saleQuantity')).toBe(row.saleQuantity);
    expect(sum((await det('stock', key)).json.data.records, 'stockQuantity')).toBe(row.stockQuantity);
    expect((await det('put', key)).json.data.total).toBe(row.putShopCount);
    expect((await det('not-put', key)).json.data.total).toBe(row.notPutShopCount);
    expect((await det('sale-shop', key)).json.data.total).toBe(row.saleShopCount);
    expect((await det('unsale-shop', key)).json.data.total).toBe(row.unsaleShopCount);
    const mine = ((await det('put', key)).json.data.records as Json[]).find((r) => r.shopId === shopWh.shopId)!;
    expect(mine.sellThroughRate).toBe(Math.round((mine.saleQuantity / mine.shopAllotQuantity) * 10000) / 100);
    // Narrowed to one shop, the figures are that shop's.
    const one = await rowOf(sku.skuId, { shopId: shopWh.shopId });
    expect([one.shopAllotQuantity, one.saleQuantity, one.stockQuantity, one.putShopCount + one.notPutShopCount]).toEqual([mine.shopAllotQuantity, mine.saleQuantity, mine.stockQuantity, 1]);
  });

  it('sums a product (SPU) over its SKUs and pages without overlap', async () => {
    const skuRows = ((await list({ spuId: sku.spuId })).json.data.records as Json[]);
    const spuRow = ((await list({ spuId: sku.spuId, dimension: 'spu' })).json.data.records as Json[])[0];
    expect(spuRow.spuId).toBe(sku.spuId);
    expect(spuRow.saleQuantity).toBe(skuRows.reduce((a, r) => a + r.saleQuantity, 0));
    expect(spuRow.shopAllotQuantity).toBe(skuRows.reduce((a, r) => a + r.shopAllotQuantity, 0));
    const p1 = (await list({}, '1/5')).json.data;
    const p2 = (await list({}, '2/5')).json.data;
    expect(p1.records).toHaveLength(5);
    expect(p2.total).toBe(p1.total);
    const codes = [...p1.records, ...p2.records].map((r: Json) => r.skuCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    const bySale = (await list({ sort: 'saleQuantity', order: 'desc' }, '1/3')).json.data.records as Json[];
    expect(bySale[0].saleQuantity).toBeGreaterThanOrEqual(bySale[1].saleQuantity);
  });

  it('hides cost and margin from shop01, in the list, the details and the export; refuses without the permission', async () => {
    expect((await shop('POST', `${R}/list/page/1/10`, {})).status).toBe(403);
    await grantShopStaff(s, 'report:putStock:list');
    await grantShopStaff(s, 'report:putStock:export');
    // A clerk's report covers its shops: shop01 works at the shop that sold the SKU from here on.
    await worksAt(s, 'shop01', shopWh.shopId);
    const r = await shop('POST', `${R}/list/page/1/10`, { dateStart: today, dateEnd: today, skuId: sku.skuId });
    expect(r.status).toBe(200);
    const row = r.json.data.records[0];
    expect(row.saleQuantity).toBeGreaterThan(0);
    expect(row).toHaveProperty('retailPrice');
    expect(row).toHaveProperty('supplierName');
    for (const f of ['saleCostAmount', 'grossProfitRate', 'shopAllotAmount', 'regionAllotAmount']) expect(row).not.toHaveProperty(f);
    const lines = (await shop('POST', `${R}/det/sale/page/1/10`, { dateStart: today, dateEnd: today, skuId: sku.skuId })).json.data.records as Json[];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).not.toHaveProperty('costAmount');
    const csv = (await shop('POST', `${R}/export`, { dateStart: today, dateEnd: today })).body;
    expect(csv.split('\r\n')[0]).toContain('销量');
    expect(csv).not.toContain('销售成本');
    expect(csv).not.toContain('毛利率');
    expect((await admin('POST', `${R}/export`, { dateStart: today, dateEnd: today })).body.split('\r\n')[0]).toContain('毛利率');
  });

  it('another tenant sees none of it', async () => {
    const r = await other('POST', `${R}/list/page/1/999999`, { dateStart: today, dateEnd: today, skuId: sku.skuId });
    expect(r.json.data.total).toBe(0);
    const t2 = (await other('POST', `${R}/list/page/1/999999`, {})).json.data.records as Json[];
    const mine = new Set((await s.db.tenant(2, (tx) => tx.query<{ sku_id: number }>(`SELECT sku_id FROM pd_sku`))).rows.map((x) => x.sku_id));
    expect(t2.every((x) => mine.has(x.skuId))).toBe(true);
    expect((await other('POST', `${R}/det/sale/page/1/10`, { dateStart: today, dateEnd: today, skuId: sku.skuId })).json.data.total).toBe(0);
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: [Json, string | RegExp][] = [
      [{ dateStart: '2026-13-01' }, '开始日期格式不正确，应为 YYYY-MM-DD'],
      [{ dateStart: today, dateEnd: '2999-01-01' }, '结束日期不能晚于今天'],
      [{ dateStart: '2020-01-01', dateEnd: today }, '开始日期至结束日期不能超过 366 天'],
      [{ dimension: 'brand' }, /统计维度/],
      [{ shopId: 'x' }, /门店/],
      [{ keyword: 'a;b' }, /商品关键字/],
    ];
    for (const [body, msg] of cases) {
      const r = await admin('POST', `${R}/list/page/1/10`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.msg).toMatch(msg);
    }
    expect((await admin('POST', `${R}/list/page/0/10`, {})).json.msg).toMatch(/页码/);
    const noKey = await admin('POST', `${R}/det/sale/page/1/10`, {});
    expect(noKey.status).toBe(400);
    expect(noKey.json.msg).toBe('SKU不能为空');
    expect((await admin('POST', `${R}/det/sale/page/1/10`, { dimension: 'spu' })).json.msg).toBe('商品不能为空');
  });
});
