import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDescriptorDirs } from '../../server/resources/descriptorFiles.ts';
import { verifyTables } from '../../server/resources/index.ts';
import { pageStatements } from '../../server/resources/routes.ts';
import { fillBigramRows, planIndexes } from '../support/bigramRows.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * "Contains" searches typed in Chinese on shops, suppliers and products go through the two-character
 * (bigram) GIN indexes of migrations 035/036. What a user notices: the rows found are exactly those an
 * ILIKE of the typed text finds (% and _ literal, any case, one character, mixed ASCII and Chinese),
 * after adding, editing and importing too; and on a big table the list reads the index, not every row.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin', 'admin123', 1);
});
afterAll(async () => s?.stop());

type Json = Record<string, any>;
const A = async (method: string, url: string, body?: unknown) => {
  const res = await s.call(method, `/api/wxy-production-server/${url}`, { token: admin, tenant: 1, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};

/** Ids a list finds for `text` in filter `param`, all pages in one. */
async function found(resource: string, param: string, text: string): Promise<number[]> {
  const data = (await A('GET', `${resource}/findPage/1/100000?${new URLSearchParams({ [param]: text })}`)).data;
  expect(data.records).toHaveLength(data.total);
  const id = { 'pd-supplier': 'id', 'pd-spu': 'spuId', 'pd-sku': 'skuId' }[resource]!;
  return data.records.map((r: Json) => r[id]).sort((a: number, b: number) => a - b);
}

/** Ids ILIKE finds for the trimmed text matched literally (its \ % _ escaped), in tenant 1. */
async function ilike(table: string, id: string, column: string, text: string): Promise<number[]> {
  const rows = await s.db.tenant(1, (tx) =>
    tx.query<{ id: number }>(`SELECT ${id} AS id FROM ${table} WHERE ${column} ILIKE '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' ORDER BY 1`, [
      text.trim(),
    ]),
  );
  return rows.rows.map((r) => Number(r.id));
}

const SUPPLIERS = ['静安12号供应商', '上海静安贸易有限公司', '安静食品商行', '100%纯净水厂', '满100%返_利商行', 'a_b食品', 'AB静安12商贸', '静_安百货', 'ab%c五金', '静'];
// Texts a user types: two Chinese characters, one character, longer text, % and _ typed literally,
// mixed ASCII and Chinese in any case, a text straddling two pieces, spaces around, and no match.
const TEXTS = ['静安', '安', '静', '静安12', '%', '_', '0%', '%纯', '0%返_', 'a_b', 'ab', 'AB静安', 'ab静安1', 'Ab%C', '静_', '食品', '有限公司', '2号', ' 静安 ', '安静', '麒麟', '品有'];

describe('suppliers: supplierName', () => {
  beforeAll(async () => {
    for (const [i, supplierName] of SUPPLIERS.entries()) await A('POST', 'pd-supplier/save', { supplierNo: `BG-${i}`, supplierName, supplierType: 1, settleType: 1 });
  });

  it('finds exactly the suppliers ILIKE finds, for every kind of text typed', async () => {
    for (const text of TEXTS) expect(await found('pd-supplier', 'supplierName', text), text).toEqual(await ilike('pd_supplier', 'id', 'supplier_name', text));
    // Not vacuous: the texts do find the suppliers added here (and the demo's 食品 suppliers).
    expect(await found('pd-supplier', 'supplierName', '静安')).toHaveLength(3);
    expect(await found('pd-supplier', 'supplierName', '0%返_')).toHaveLength(1);
    expect((await found('pd-supplier', 'supplierName', '食品')).length).toBeGreaterThan(2);
  });

  it('finds a renamed supplier by its new name only, and an imported one', async () => {
    const id = (await A('GET', `pd-supplier/findPage/1/5?supplierNo=BG-0`)).data.records[0].id;
    await A('PUT', `pd-supplier/update/${id}`, { supplierName: '闵行麒麟供应商' });
    expect(await found('pd-supplier', 'supplierName', '麒麟')).toEqual([id]);
    expect(await found('pd-supplier', 'supplierName', '12号')).toEqual([]);

    const template = await s.call('GET', '/api/wxy-production-server/pd-supplier/download/supplier-template', { token: admin, tenant: 1 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as never);
    const ws = wb.worksheets[0];
    const titles = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const row: Json = { 供应商编号: 'BG-IMP', 供应商名称: '导入麒麟商贸', 供应商类型: '经销商', 结算方式: '月结' };
    ws.addRow(titles.map((t) => row[t] ?? null));
    const imported = await s.app.inject({
      method: 'POST',
      url: '/api/wxy-production-server/pd-supplier/importSupplier',
      headers: { authorization: `Bearer ${admin}`, 'x-tenant-id': '1', 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      payload: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await found('pd-supplier', 'supplierName', '麒麟')).toHaveLength(2);
    expect(await found('pd-supplier', 'supplierName', '入麒')).toHaveLength(1);
  });
});

describe('products: spuName, skuName and brandName', () => {
  let spuId: number;
  let skuId: number;
  beforeAll(async () => {
    spuId = (await A('POST', 'pd-spu/save', { spuCode: 'BG-SPU1', spuName: '静安12%_特浓咖啡', category: 2, brandName: 'AB静安', unit: '盒' })).data.spuId;
    skuId = (await A('POST', 'pd-sku/save', { spuId, skuCode: 'BG-SKU1', skuName: '静安12%_特浓咖啡 Ab装', spec: '12袋', unit: '盒', retailPrice: 39.9, purchasePrice: 25, costPrice: 25 })).data.skuId;
  });

  it('finds exactly the SPUs and SKUs ILIKE finds, on the 5,000 demo SKUs and the ones added', async () => {
    const texts = [...TEXTS, '饼干', '牛奶', '纯牛', '%_', '2%', '咖啡 A', 'ab装', '特浓'];
    for (const text of texts) {
      expect(await found('pd-spu', 'spuName', text), `spuName ${text}`).toEqual(await ilike('pd_spu', 'spu_id', 'spu_name', text));
      expect(await found('pd-spu', 'brandName', text), `spu brandName ${text}`).toEqual(await ilike('pd_spu', 'spu_id', 'brand_name', text));
      expect(await found('pd-sku', 'skuName', text), `skuName ${text}`).toEqual(await ilike('pd_sku', 'sku_id', 'sku_name', text));
      expect(await found('pd-sku', 'brandName', text), `sku brandName ${text}`).toEqual(await ilike('pd_sku', 'sku_id', 'brand_name', text));
    }
    expect(await found('pd-sku', 'skuName', '12%_特')).toEqual([skuId]);
    expect(await found('pd-sku', 'brandName', 'ab静')).toEqual([skuId]);
    expect((await found('pd-sku', 'skuName', '牛奶')).length).toBeGreaterThan(10);
  });

  it('a brand renamed on the SPU is found on its SKUs under the new brand only', async () => {
    await A('PUT', `pd-spu/update/${spuId}`, { brandName: '麒麟牌' });
    expect(await found('pd-spu', 'brandName', '麒麟')).toEqual([spuId]);
    expect(await found('pd-sku', 'brandName', '麒麟')).toEqual([skuId]);
    expect(await found('pd-sku', 'brandName', 'AB静安')).toEqual([]);
  });
});

describe('the list can read the bigram index (row-level security on)', () => {
  // Small data, with sequential scans discouraged in the EXPLAIN: the check is that the page's and the count's statements
  // are ones the GIN index can serve (its expression, operator class and the policy's predicate line up). That the planner
  // also prefers it on a big table (20,000 rows of each) is measured by `BENCH_ONLY=bigrams npm run bench`.
  const { set } = loadDescriptorDirs([path.join(import.meta.dirname, '../../schemas')]);
  const ROWS = 1_000;
  const RARE = 100;
  beforeAll(() => fillBigramRows(s.db, ROWS, RARE));

  /** Index names in the plan for the statement, run as the application role of tenant 2, seqscans discouraged. */
  const indexesOf = (sql: string, params: unknown[]) => planIndexes(s.db, sql, params, { noSeqscan: true });

  it.each([
    ['pd-supplier', 'supplierName', '麒麟', 'pd_supplier_name_bigrams'],
    ['pd-spu', 'spuName', '麒麟', 'pd_spu_name_bigrams'],
    ['pd-spu', 'brandName', '貔貅', 'pd_spu_brand_bigrams'],
    ['pd-sku', 'skuName', '麒麟', 'pd_sku_name_bigrams'],
    ['pd-sku', 'brandName', '貔貅', 'pd_sku_brand_bigrams'],
    ['shop-base', 'shopName', '麒麟', 'shop_base_name_bigrams'],
    ['shop-base', 'regionName', '貔貅', 'shop_base_region_bigrams'],
  ])('%s %s=%s: the page and its count use %s', async (resource, param, text, index) => {
    const r = set.resources.get(resource)!;
    const route = r.routes.find((x) => x.action === 'page')!;
    // A caller (admin of tenant 2): the shop list's row scope is part of what the page runs.
    const statements = pageStatements(r, route, { input: { [param]: text }, pathValues: {}, tenantId: 2, userId: 1, hidden: new Set(), pageNum: 1, pageSize: 20 });
    expect(await indexesOf(statements.sql, statements.params)).toContain(index);
    expect(await indexesOf(statements.countSql, statements.countParams)).toContain(index);
    // And the page answers the rows: 10 of 1,000 hold the rare text.
    const res = await s.call(route.method, `/api/${r.service}/${r.basePath}/${route.path.replace('{pageNum}', '1').replace('{pageSize}', '50')}${route.method === 'GET' ? `?${param}=${encodeURIComponent(text)}` : ''}`, {
      token: await s.login('admin', 'admin123', 2),
      tenant: 2,
      body: route.method === 'POST' ? { [param]: text } : undefined,
    });
    expect(res.json().data.total, res.body).toBe(ROWS / RARE);
  });
});

describe('start-up refuses a bigram filter the database cannot serve', () => {
  it('names a missing GIN index, and a pieces column not generated from the text', async () => {
    const { set } = loadDescriptorDirs([path.join(import.meta.dirname, '../../schemas')]);
    expect(await verifyTables(s.db, set)).toEqual([]);
    const site = set.resources.get('shop-site')!;
    const i = site.filters!.findIndex((f) => f.field === 'siteName');
    site.filters![i] = { ...site.filters![i], index: 'bigram' };
    const file = `${set.files.get(site)}#/filters/${i}/index`;
    expect(await verifyTables(s.db, set)).toEqual([expect.stringMatching(new RegExp(`^${file} no GIN index on site_name_bigrams in table "shop_site"`))]);
    // A plain column with an index: nothing keeps it up to date, so searches would miss rows.
    await s.db.system((tx) => tx.exec('ALTER TABLE shop_site ADD COLUMN site_name_bigrams text[]; CREATE INDEX shop_site_name_bigrams ON shop_site USING gin (site_name_bigrams);'));
    expect(await verifyTables(s.db, set)).toEqual([
      expect.stringMatching(new RegExp(`^${file} column site_name_bigrams of table "shop_site" is not generated from text_bigrams\\(site_name\\)`)),
    ]);
  });
});
