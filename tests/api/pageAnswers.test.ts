import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idParamOf, listFields, routeUrl } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';
import { loadDescriptorDirs } from '../../server/resources/descriptorFiles.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { grantShopStaff } from './resourceCalls.ts';

/**
 * A page's records are built as JSON by the database (routes.ts pageSql), a record's detail by the
 * response serializer: for every resource with both, each listed record must carry exactly the listed
 * fields the caller may see, in the same order, with the values its detail answers, odd text included.
 */
let s: TestServer;
let admin: string;
let shop01: string;
let resources: ResourceDescriptor[];
beforeAll(async () => {
  s = await startTestServer();
  [admin, shop01] = await Promise.all([s.login('admin', 'admin123', 1), s.login('shop01', 'shop123', 1)]);
  resources = [...loadDescriptorDirs(s.config.schemaDirs).set.resources.values()];
  // shop01 lists SKUs (without 进价总金额 and 成本总金额); suppliers too once an administrator grants them.
  await grantShopStaff(s, 'pd:supplier:list');
});
afterAll(async () => s?.stop());

type Json = Record<string, unknown>;
type PageAnswer = { records: Json[]; total: number; lastKey: unknown[] | null };

/** Text a JSON encoder must escape or pass through exactly: quotes, backslashes, control characters, emoji, Chinese. */
const ODD = ['引号"双"\'单\'', '反斜杠\\n\\', '换行\n回车\r制表\t', '😀表情🀄', '\u0001\u001f\u007f', '\u2028\u2029'];
/** Text the write routes refuse but an older import or another tool may have stored. */
const MARKUP = '</script><b>&amp;;--/*';

const byName = (name: string) => resources.find((r) => r.name === name)!;
const routeOf = (r: ResourceDescriptor, action: RouteDecl['action']) => r.routes.find((x) => x.action === action)!;

async function call(token: string, method: string, url: string, body?: unknown) {
  const res = await s.call(method, url, { token, tenant: 1, body });
  return res;
}

async function create(name: string, body: Json): Promise<Json> {
  const r = byName(name);
  const res = await call(admin, routeOf(r, 'create').method, routeUrl(r, routeOf(r, 'create')), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** One page through a page route: filters in the query for GET, in the body for POST. */
async function page(token: string, r: ResourceDescriptor, route: RouteDecl, pageNum: number, pageSize: number, input: Json = {}) {
  const url = routeUrl(r, route).replace('{pageNum}', String(pageNum)).replace('{pageSize}', String(pageSize));
  const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
  const res = route.method === 'GET' ? await call(token, 'GET', query ? `${url}?${query}` : url) : await call(token, route.method, url, input);
  return res;
}

const detailUrl = (r: ResourceDescriptor, id: unknown) => {
  const get = routeOf(r, 'get');
  return routeUrl(r, get).replace(`{${idParamOf(get)}}`, String(id));
};

/** Compares every record of a page with its detail answer, field by field. */
async function expectRecordsMatchDetails(token: string, r: ResourceDescriptor, records: Json[]): Promise<void> {
  for (const rec of records) {
    const detail = await call(token, 'GET', detailUrl(r, rec[r.primaryKey]));
    expect(detail.statusCode, detail.body).toBe(200);
    const d = detail.json().data as Json;
    // The listed fields the caller may see (the detail hides the same), in the descriptor's order; no key columns.
    expect(Object.keys(rec), r.name).toEqual(listFields(r).filter((f) => f in d));
    for (const f of Object.keys(rec)) expect(rec[f], `${r.name}.${f} of ${String(rec[r.primaryKey])}`).toStrictEqual(d[f]);
  }
}

describe('page records as the database builds them', () => {
  it('answer the same fields and values as each record’s detail, for every resource and for a user with hidden fields', async () => {
    // Odd values where they can be stored: text with quotes, backslashes, newlines, emoji and Chinese,
    // empty dates, decimals that have no exact binary form, and large whole numbers.
    const shops = [
      await create('shop-base', { shopCode: 'ODD-1', shopName: ODD[0], shopType: 1, regionName: ODD[1], contactName: ODD[3], address: ODD.join(''), area: 0.1, minCost: 12.35, openDate: null }),
      await create('shop-base', { shopCode: 'ODD-2', shopName: '大数', shopType: 2, contactName: ODD[2], address: ODD[4] + ODD[5], area: 9999999999, minCost: 999999999999, openDate: '2026-02-28' }),
      await create('shop-base', { shopCode: 'ODD-3', shopName: '零', shopType: 3, area: 0, minCost: 0.07 }),
    ];
    await s.db.tenant(1, (tx) => tx.query(`UPDATE shop_base SET shop_name = $1, address = $1 WHERE shop_code = 'ODD-3'`, [MARKUP]));
    expect(shops[0]).toMatchObject({ shopName: ODD[0], address: ODD.join(''), area: 0.1, minCost: 12.35, openDate: null });
    const supplier = await create('pd-supplier', { supplierNo: 'ODD-S1', supplierName: ODD.slice(0, 3).join(''), shortName: ODD[3], supplierType: 1, settleType: 2, paymentDays: 365, address: ODD.join('') });
    const spuRoute = byName('pd-spu');
    const spuId = (await page(admin, spuRoute, routeOf(spuRoute, 'page'), 1, 1)).json().data.records[0].spuId;
    const sku = await create('pd-sku', { spuId, skuCode: 'ODD-K1', skuName: ODD.slice(0, 4).join(''), spec: ODD[2], unit: '瓶', supplierId: supplier.id, retailPrice: 9999999999, purchasePrice: 0.1, costPrice: 12.35 });
    expect(sku).toMatchObject({ retailPrice: 9999999999, purchasePrice: 0.1, costPrice: 12.35 });

    let compared = 0;
    for (const r of resources) {
      const get = r.routes.find((x) => x.action === 'get');
      for (const route of r.routes.filter((x) => x.action === 'page')) {
        if (!get || route.pathFilters || (route.path.match(/\{/g) ?? []).length !== 2) continue;
        for (const token of [admin, shop01]) {
          const res = await page(token, r, route, 1, 25);
          if (token === shop01 && res.statusCode === 403) continue;
          expect(res.statusCode, `${r.name} ${route.path}: ${res.body}`).toBe(200);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          const body = res.json() as { code: number; msg: string; data: PageAnswer };
          expect(Object.keys(body)).toEqual(['code', 'msg', 'data']);
          expect(body).toMatchObject({ code: 200, msg: '操作成功' });
          expect(Object.keys(body.data)).toEqual(['records', 'total', 'lastKey']);
          await expectRecordsMatchDetails(token, r, body.data.records);
          compared += body.data.records.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);

    // The odd rows themselves, and what shop01 may not see.
    const shopR = byName('shop-base');
    const odd = (await page(admin, shopR, routeOf(shopR, 'page'), 1, 10, { shopCode: 'ODD-1' })).json().data as PageAnswer;
    expect(odd.records).toEqual([expect.objectContaining({ shopName: ODD[0], regionName: ODD[1], contactName: ODD[3], address: ODD.join(''), area: 0.1, minCost: 12.35, openDate: null })]);
    const markup = (await page(admin, shopR, routeOf(shopR, 'page'), 1, 10, { shopCode: 'ODD-3' })).json().data as PageAnswer;
    expect(markup.records).toEqual([expect.objectContaining({ shopName: MARKUP, address: MARKUP, area: 0, minCost: 0.07 })]);
    const staffShops = (await page(shop01, shopR, routeOf(shopR, 'page'), 1, 5)).json().data as PageAnswer;
    // shop01's shops only (the shop list's row scope): the first demo shop.
    expect(staffShops.records.map((r) => r.shopId)).toEqual([1]);
    for (const rec of staffShops.records) expect(rec).not.toHaveProperty('minCost');
    const skuR = byName('pd-sku');
    const staffSkus = (await page(shop01, skuR, routeOf(skuR, 'page'), 1, 5)).json().data as PageAnswer;
    expect(staffSkus.records[0]).toMatchObject({ skuId: sku.skuId, skuName: ODD.slice(0, 4).join(''), retailPrice: 9999999999 });
    for (const rec of staffSkus.records) {
      expect(rec).not.toHaveProperty('purchasePrice');
      expect(rec).not.toHaveProperty('costPrice');
    }
  });

  it('continue by lastKey exactly where one long page goes on, with totals, under every sort and with empty dates', async () => {
    const r = byName('shop-base');
    const route = routeOf(r, 'page');
    for (const sort of [{}, { sort: 'openDate', order: 'asc' }, { sort: 'openDate', order: 'desc' }, { sort: 'area', order: 'desc' }, { sort: 'shopName', order: 'asc' }]) {
      const whole = (await page(admin, r, route, 1, 1000, sort)).json().data as PageAnswer;
      expect(whole.total).toBe(whole.records.length);
      const walked: Json[] = [];
      let lastKey: unknown = undefined;
      for (let i = 1; ; i++) {
        const res = await page(admin, r, route, i, 7, { ...sort, ...(lastKey ? { lastKey } : {}) });
        const p = res.json().data as PageAnswer;
        expect(p.total, JSON.stringify(sort)).toBe(whole.total);
        if (!p.records.length) {
          expect(p.lastKey).toBeNull();
          break;
        }
        const last = p.records.at(-1)!;
        // The key is the sort value as PostgreSQL writes it (text, null for an empty date) and the id.
        if (sort.sort === 'openDate') expect(p.lastKey).toEqual([last.openDate ?? null, last.shopId]);
        else if (!sort.sort) expect(p.lastKey).toEqual([last.shopId]);
        else expect(p.lastKey).toEqual([expect.any(String), last.shopId]);
        walked.push(...p.records);
        lastKey = p.lastKey;
      }
      expect(walked, JSON.stringify(sort)).toEqual(whole.records);
    }
    const none = (await page(admin, r, route, 1, 20, { shopCode: 'NO-SUCH' })).json().data;
    expect(none).toEqual({ records: [], total: 0, lastKey: null });
    const uncounted = (await page(admin, r, route, 2, 3, { searchCount: false })).json().data as PageAnswer;
    expect(uncounted.total).toBe(-1);
    expect(uncounted.records.length).toBe(3);
  });
});
