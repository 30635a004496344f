import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, uploadXlsx, type Json } from './resourceCalls.ts';

/**
 * The modules built from descriptors alone (schemas/resources/*.json + migrations 025-031), driven
 * through the exact paths of spec 000 §7 / 001 §7 on the demo data: CRUD, validation naming the field,
 * refusal without permission (shop01), tenant isolation, field permissions and all-or-nothing import.
 * One server for the file.
 */
let s: TestServer;
let admin: string;
let admin2: string;
let shop01: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, admin2, shop01] = await Promise.all([s.login('admin', 'admin123', 1), s.login('admin', 'admin123', 2), s.login('shop01', 'shop123', 1)]);
});
afterAll(async () => s?.stop());

const as = (token: string, tenant = 1) => callerFor(s, token, tenant);
const A = (m: string, u: string, b?: unknown) => as(admin)(m, u, b);
const A2 = (m: string, u: string, b?: unknown) => as(admin2, 2)(m, u, b);
const S = (m: string, u: string, b?: unknown) => as(shop01)(m, u, b);
const upload = (url: string, file: Buffer) => uploadXlsx(s, admin, url, file);

describe('shops: shop-base, shop-site, shop-region', () => {
  const shop = (p: string) => `wxy-shop-server/shop-base/${p}`;
  const site = (p: string) => `wxy-shop-server/shop-site/${p}`;

  it('has the 30 demo shops, pages and lists them, and groups them by region', async () => {
    const page = await A('POST', shop('page/1/20'), {});
    expect(page.json.data.total).toBe(30);
    expect(page.json.data.records).toHaveLength(20);
    const east = await A('POST', shop('page/1/50'), { regionName: '华东' });
    expect(east.json.data.total).toBe(12);
    const tree = (await A('GET', shop('tree/contains/shop'))).json.data as { label: string; children: Json[] }[];
    expect(tree.map((n) => n.label).sort()).toEqual(['华东', '华北', '华南', '西南'].sort());
    expect(tree.find((n) => n.label === '华南')!.children.map((c) => c.label)).toContain('深圳南山店');
    // The spec's browser asks for the same tree with POST.
    expect((await A('POST', shop('tree/contains/shop'), {})).json.data).toEqual(tree);
  });

  it('adds, reads, edits, switches and deletes a shop with its own verbs', async () => {
    const add = await A('POST', shop('add'), { shopCode: 'T-001', shopName: '测试新店', shopType: 2, phone: '13912345678', area: 88.5, openDate: '2026-10-01' });
    expect(add.status, add.body).toBe(200);
    const id = add.json.data.shopId;
    expect((await A('GET', shop(`info/${id}`))).json.data).toMatchObject({ shopCode: 'T-001', shopName: '测试新店', area: 88.5, status: 1 });
    expect((await A('PUT', shop('edit'), { shopId: id, shopName: '测试新店(改)' })).json.data.shopName).toBe('测试新店(改)');
    expect((await A('PUT', shop('edit-state'), { shopId: id, status: 0 })).status).toBe(200);
    expect((await A('GET', shop(`info/${id}`))).json.data.status).toBe(0);
    expect((await A('DELETE', shop(`delete/${id}`))).status).toBe(200);
    expect((await A('GET', shop(`info/${id}`))).status).toBe(404);
  });

  it('answers validation errors naming the field in Chinese', async () => {
    expect((await A('POST', shop('add'), { shopCode: 'T-002', shopType: 1 })).json.msg).toBe('门店名称不能为空');
    expect((await A('POST', shop('add'), { shopCode: 'T 002', shopName: '空格', shopType: 1 })).json.msg).toBe('门店编码只能包含字母、数字、下划线或短横线');
    expect((await A('POST', shop('add'), { shopCode: 'S0001', shopName: '重复编码', shopType: 1 })).json).toMatchObject({ code: 4090, msg: '门店编码已存在' });
    expect((await A('POST', site('add'), { shopId: 1, siteCode: 'X1', siteName: '站点', siteType: 9 })).json.msg).toBe('站点类型取值不在允许范围内');
  });

  it('keeps sites per shop: page by shop, add, edit, delete; a shop with sites cannot be deleted', async () => {
    const shops = (await A('POST', shop('page/1/1'), { shopCode: 'S0002' })).json.data.records;
    const shopId = shops[0].shopId;
    const sites = await A('GET', site(`page/1/20?shopId=${shopId}`));
    expect(sites.json.data.records.map((r: Json) => r.siteName).sort()).toEqual(['仓储区', '收银区']);
    const add = await A('POST', site('add'), { shopId, siteCode: 'S0002-9', siteName: '展示区A', siteType: 3, area: 12.5 });
    expect(add.status, add.body).toBe(200);
    const id = add.json.data.shopSiteId;
    expect((await A('PUT', site('edit'), { shopSiteId: id, siteName: '展示区B' })).json.data.siteName).toBe('展示区B');
    expect((await A('DELETE', site(`delete/${id}`))).status).toBe(200);
    const refused = await A('DELETE', shop(`delete/${shopId}`));
    expect(refused.status).toBe(409);
  });

  it('builds the region tree from parent ids', async () => {
    const tree = (await A('GET', 'wxy-shop-server/shop-region/tree/contain/shop')).json.data as { label: string; children: Json[] }[];
    const east = tree.find((n) => n.label === '华东')!;
    expect(east.children.map((c) => c.label)).toEqual(expect.arrayContaining(['上海', '杭州', '南京']));
  });

  it('refuses shop01 the write calls and lets it read', async () => {
    expect((await S('POST', shop('page/1/5'), {})).status).toBe(200);
    expect((await S('POST', shop('add'), { shopCode: 'N1', shopName: '不允许', shopType: 1 })).json.code).toBe(4030);
    expect((await S('GET', site('page/1/5'))).status).toBe(200);
    expect((await S('POST', site('add'), { shopId: 1, siteCode: 'N1', siteName: '不允许', siteType: 1 })).json.code).toBe(4030);
    expect((await S('POST', 'wxy-shop-server/shop-region/page/1/5', {})).json.code).toBe(4030);
  });
});

describe('suppliers: pd-supplier', () => {
  const sup = (p: string) => `wxy-production-server/pd-supplier/${p}`;

  it('pages the 200 demo suppliers through findPage and findPage1, filtered and sorted', async () => {
    expect((await A('GET', sup('findPage/1/20'))).json.data.total).toBe(200);
    const byName = await A('GET', sup(`findPage1/1/50?supplierName=${encodeURIComponent('食品')}&sort=supplierNo&order=asc`));
    const rows = byName.json.data.records as Json[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.supplierName.includes('食品'))).toBe(true);
    expect(rows.map((r) => r.supplierNo)).toEqual([...rows.map((r) => r.supplierNo)].sort());
  });

  it('saves, gets, updates, updates details and deletes by id', async () => {
    const save = await A('POST', sup('save'), { supplierNo: 'GYS-T1', supplierName: '测试供应商有限公司', supplierType: 2, settleType: 2, phone: '13700000000', bankAccount: '6222020200001234' });
    expect(save.status, save.body).toBe(200);
    const id = save.json.data.id;
    expect((await A('GET', sup(`get/${id}`))).json.data).toMatchObject({ supplierName: '测试供应商有限公司', bankAccount: '6222020200001234', paymentDays: 30 });
    expect((await A('PUT', sup(`update/${id}`), { shortName: '测试' })).json.data.shortName).toBe('测试');
    expect((await A('PUT', sup(`updateDet/${id}`), { bankName: '招商银行', paymentDays: 45 })).json.data).toMatchObject({ bankName: '招商银行', paymentDays: 45 });
    expect((await A('DELETE', sup(`deleteById/${id}`))).status).toBe(200);
    expect((await A('GET', sup(`get/${id}`))).status).toBe(404);
  });

  it('names the field in validation errors', async () => {
    expect((await A('POST', sup('save'), { supplierNo: 'GYS-T2', supplierType: 1, settleType: 1 })).json.msg).toBe('供应商名称不能为空');
    expect((await A('POST', sup('save'), { supplierNo: 'GYS-T2', supplierName: '税号错', supplierType: 1, settleType: 1, taxNo: 'abc' })).json.msg).toBe('税号为15到20位数字或大写字母');
    expect((await A('PUT', sup('update/1'), { paymentDays: 400 })).json.msg).toBe('账期(天)不能大于365');
  });

  it('imports all rows or none from its template, with a per-row report', async () => {
    const template = await A('GET', sup('download/supplier-template'));
    expect(template.status).toBe(200);
    const good = { 供应商编号: 'IMP-001', 供应商名称: '导入一号商贸有限公司', 供应商类型: '经销商', 结算方式: '月结' };
    const bad = { 供应商编号: 'IMP-002', 供应商名称: '', 供应商类型: '经销商', 结算方式: '月结' };
    const refused = await upload(sup('importSupplier'), await fillTemplate(template.raw, [good, bad]));
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('供应商名称');
    expect((await A('GET', sup('findPage/1/5?supplierNo=IMP-001'))).json.data.total).toBe(0);
    const ok = await upload(sup('importSupplier'), await fillTemplate(template.raw, [good]));
    expect(ok.statusCode, ok.body).toBe(200);
    const row = (await A('GET', sup('findPage/1/5?supplierNo=IMP-001'))).json.data.records[0];
    expect(row).toMatchObject({ supplierName: '导入一号商贸有限公司', supplierType: 2, settleType: 2 });
  });

  it('is invisible to shop01 and to another tenant', async () => {
    expect((await S('GET', sup('findPage/1/5'))).json.code).toBe(4030);
    expect((await S('GET', sup('findPage1/1/5'))).json.code).toBe(4030);
    expect((await A2('GET', sup('findPage/1/5'))).json.data.total).toBe(10);
    expect((await A2('GET', sup('get/1'))).status).toBe(404);
  });
});

describe('product master: pd-spu and pd-sku', () => {
  const spu = (p: string) => `wxy-production-server/pd-spu/${p}`;
  const sku = (p: string) => `wxy-production-server/pd-sku/${p}`;
  let spuId: number;
  let supplierId: number;

  it('has 5,000 demo SKUs with valid EAN-13 barcodes and exact money', async () => {
    const page = await A('GET', sku('findPage/1/100'));
    expect(page.json.data.total).toBe(5000);
    for (const r of page.json.data.records as Json[]) {
      const d = String(r.barcode).split('').map(Number);
      const sum = d.slice(0, 12).reduce((a, x, i) => a + x * (i % 2 ? 3 : 1), 0);
      expect((10 - (sum % 10)) % 10, r.barcode).toBe(d[12]);
      expect(Math.round(r.retailPrice * 100) / 100).toBe(r.retailPrice);
      expect(r.supplierName).toBeTruthy();
    }
    const drinks = await A('GET', sku('findPage/1/20?categories=2&retailPriceMin=3&retailPriceMax=10&sort=retailPrice&order=asc'));
    const prices = (drinks.json.data.records as Json[]).map((r) => r.retailPrice);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p >= 3 && p <= 10)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('saves an SPU and its SKU; the SKU copies names and computes the gross margin', async () => {
    const a = await A('POST', spu('save'), { spuCode: 'SPU-T1', spuName: '测试牌苏打饼干', category: 1, brandName: '测试牌', unit: '袋' });
    expect(a.status, a.body).toBe(200);
    spuId = a.json.data.spuId;
    supplierId = (await A('GET', 'wxy-production-server/pd-supplier/findPage/1/1')).json.data.records[0].id;
    const b = await A('POST', sku('save'), {
      spuId, skuCode: 'SKU-T1', barcode: '6901234567892', skuName: '测试牌苏打饼干 400g', spec: '400g', unit: '袋', supplierId, retailPrice: 12.8, purchasePrice: 8, costPrice: 8.24,
    });
    expect(b.status, b.body).toBe(200);
    expect(b.json.data).toMatchObject({ spuName: '测试牌苏打饼干', category: 1, brandName: '测试牌', grossMargin: 37.5, retailPrice: 12.8, costPrice: 8.24 });
    expect(b.json.data.supplierName).toBeTruthy();
    const renamed = await A('PUT', spu(`update/${spuId}`), { spuName: '测试牌海盐苏打饼干' });
    expect(renamed.status).toBe(200);
    expect((await A('GET', sku(`get/${b.json.data.skuId}`))).json.data.spuName).toBe('测试牌海盐苏打饼干');
    expect((await A('PUT', sku(`update/status/${b.json.data.skuId}/0`))).status).toBe(200);
    expect((await A('GET', sku(`findPage/1/5?spuId=${spuId}&status=0`))).json.data.total).toBe(1);
  });

  it('refuses bad input naming the field, a wrong check digit, and deleting an SPU that has SKUs', async () => {
    expect((await A('POST', sku('save'), { spuId, skuCode: 'SKU-T2', skuName: '缺价', unit: '袋' })).json.msg).toBe('零售价不能为空');
    expect((await A('POST', sku('save'), { spuId, skuCode: 'SKU-T2', skuName: '负价', unit: '袋', retailPrice: -1 })).json.msg).toBe('零售价不能小于0');
    expect((await A('POST', sku('save'), { spuId, skuCode: 'SKU-T2', skuName: '条码', unit: '袋', retailPrice: 1, barcode: '69012345' })).json.msg).toBe('条形码须为13位数字(EAN-13)');
    const badCheck = await A('POST', sku('save'), { spuId, skuCode: 'SKU-T2', skuName: '校验位', unit: '袋', retailPrice: 1, barcode: '6901234567893' });
    expect(badCheck.status).toBe(400);
    expect((await A('GET', sku('findPage/1/5?skuCode=SKU-T2'))).json.data.total).toBe(0);
    expect((await A('POST', sku('save'), { spuId, skuCode: 'SKU-T3', skuName: '重码', unit: '袋', retailPrice: 1, barcode: '6901234567892' })).json).toMatchObject({ code: 4090, msg: '条形码已存在' });
    expect((await A('DELETE', spu(`deleteById/${spuId}`))).status).toBe(409);
  });

  it('strips 进价, 成本 and 毛利率 for shop01 in pages, details and exports, and refuses its writes', async () => {
    const page = await S('GET', sku('findPage/1/20'));
    expect(page.status).toBe(200);
    for (const r of page.json.data.records as Json[]) {
      expect(r).toHaveProperty('retailPrice');
      expect(r).not.toHaveProperty('grossMargin');
      expect(r).not.toHaveProperty('purchasePrice');
      expect(r).not.toHaveProperty('costPrice');
    }
    const one = await S('GET', sku(`get/${page.json.data.records[0].skuId}`));
    expect(one.json.data).not.toHaveProperty('purchasePrice');
    const header = (await S('POST', sku('export'), { skuCode: 'SKU0000001' })).body.split('\r\n')[0];
    expect(header).toContain('零售价');
    expect(header).not.toContain('进价');
    expect(header).not.toContain('成本价');
    expect(header).not.toContain('毛利率');
    expect((await A('POST', sku('export'), { skuCode: 'SKU0000001' })).body.split('\r\n')[0]).toContain('进价');
    expect((await S('POST', sku('save'), { spuId, skuCode: 'N1', skuName: '不行', unit: '袋', retailPrice: 1 })).json.code).toBe(4030);
    expect((await S('GET', spu('findPage/1/5'))).status).toBe(200);
    expect((await S('DELETE', spu(`deleteById/${spuId}`))).json.code).toBe(4030);
  });

  it('keeps tenants apart', async () => {
    expect((await A2('GET', sku('findPage/1/5'))).json.data.total).toBe(50);
    expect((await A2('GET', spu(`get/${spuId}`))).status).toBe(404);
    // A tenant-2 SKU cannot hang under a tenant-1 SPU: the foreign key carries tenant_id.
    const cross = await A2('POST', sku('save'), { spuId, skuCode: 'X-T1', skuName: '越界', unit: '袋', retailPrice: 1 });
    expect(cross.status).toBeGreaterThanOrEqual(400);
    expect(cross.status).toBeLessThan(500);
  });
});

describe('expansion resources of spec 001 §7, by their exact paths', () => {
  const P = (p: string) => `wxy-production-server/${p}`;
  const W = (p: string) => `wxy-warehouse-server/${p}`;

  it('pdSpuExpand and pdSkuExpand: findPage, save, update/{id}, deleteById/{id}', async () => {
    for (const base of ['pdSpuExpand', 'pdSkuExpand']) {
      const page = await A('GET', P(`${base}/findPage/1/20`));
      expect(page.json.data.total, base).toBeGreaterThan(0);
      const saved = await A('POST', P(`${base}/save`), { expandCode: 'tmpAttr', expandName: '临时属性', valueType: 1 });
      expect(saved.status, saved.body).toBe(200);
      const id = saved.json.data.id;
      expect((await A('PUT', P(`${base}/update/${id}`), { expandName: '临时属性2' })).json.data.expandName).toBe('临时属性2');
      expect((await A('DELETE', P(`${base}/deleteById/${id}`))).status).toBe(200);
      expect((await A('GET', P(`${base}/template`))).status).toBe(200);
    }
  });

  it('pdRelSpuExpand and pdRelSkuExpand: findPage, save, edit/batch', async () => {
    const origin = (await A('GET', P('pdSpuExpand/findPage/1/20'))).json.data.records.find((r: Json) => r.expandCode === 'origin');
    const rels = await A('GET', P(`pdRelSpuExpand/findPage/1/20?expandId=${origin.id}`));
    expect(rels.json.data.total).toBeGreaterThan(0);
    const rel = rels.json.data.records[0];
    expect((await A('PUT', P('pdRelSpuExpand/edit/batch'), { id: rel.id, expandValue: '法国' })).json.data.expandValue).toBe('法国');
    const weight = (await A('GET', P('pdSkuExpand/findPage/1/20'))).json.data.records.find((r: Json) => r.expandCode === 'weight');
    const skuId = (await A('GET', P('pd-sku/findPage/1/1'))).json.data.records[0].skuId;
    const saved = await A('POST', P('pdRelSkuExpand/save'), { skuId, expandId: weight.id, expandValue: '400' });
    expect(saved.status, saved.body).toBe(200);
    expect((await A('PUT', P('pdRelSkuExpand/edit/batch'), { id: saved.json.data.id, expandValue: '450' })).json.data.expandValue).toBe('450');
    expect((await A('GET', P(`pdRelSkuExpand/findPage/1/5?skuId=${skuId}`))).json.data.records[0].expandValue).toBe('450');
  });

  it('wh-spu-expand, wh-sku-expand, wh-expand: page, add, edit/{id}, delete/{id}', async () => {
    for (const base of ['wh-spu-expand', 'wh-sku-expand', 'wh-expand']) {
      expect((await A('GET', W(`${base}/page/1/20`))).json.data.total, base).toBeGreaterThan(0);
      const added = await A('POST', W(`${base}/add`), { expandCode: 'tmpAttr', expandName: '临时属性', valueType: 2 });
      expect(added.status, added.body).toBe(200);
      const id = added.json.data.id;
      expect((await A('PUT', W(`${base}/edit/${id}`), { isRequired: 1 })).json.data.isRequired).toBe(1);
      expect((await A('DELETE', W(`${base}/delete/${id}`))).status).toBe(200);
    }
  });

  it('wh-rel-expand, wh-rel-spu-expand, wh-rel-sku-expand: page (POST), add, edit, batch edits, template', async () => {
    const whId = (await A('POST', W('wh-base-info/page/1/1'), {})).json.data.records[0].whId;
    const cold = (await A('GET', W('wh-expand/page/1/20'))).json.data.records.find((r: Json) => r.expandCode === 'coldChain');
    const rel = await A('POST', W('wh-rel-expand/add'), { whId, expandId: cold.id, expandValue: '常温' });
    expect(rel.status, rel.body).toBe(200);
    expect((await A('PUT', W('wh-rel-expand/edit'), { id: rel.json.data.id, expandValue: '冷藏' })).json.data.expandValue).toBe('冷藏');
    expect((await A('PUT', W('wh-rel-expand/batchEdit'), { id: rel.json.data.id, expandValue: '冷冻' })).json.data.expandValue).toBe('冷冻');
    expect((await A('POST', W('wh-rel-expand/page/1/20'), { whId })).json.data.records[0].expandValue).toBe('冷冻');
    expect((await A('GET', W('wh-rel-expand/template'))).status).toBe(200);

    const zone = (await A('GET', W('wh-spu-expand/page/1/20'))).json.data.records.find((r: Json) => r.expandCode === 'zone');
    const spuId = (await A('GET', 'wxy-production-server/pd-spu/findPage/1/1')).json.data.records[0].spuId;
    const relSpu = await A('POST', W('wh-rel-spu-expand/add'), { whId, spuId, expandId: zone.id, expandValue: 'A区' });
    expect(relSpu.status, relSpu.body).toBe(200);
    expect((await A('PUT', W('wh-rel-spu-expand/edit'), { id: relSpu.json.data.id, expandValue: 'B区' })).json.data.expandValue).toBe('B区');
    expect((await A('POST', W('wh-rel-spu-expand/page/1/20'), { whId, spuId })).json.data.total).toBe(1);

    const safety = (await A('GET', W('wh-sku-expand/page/1/20'))).json.data.records.find((r: Json) => r.expandCode === 'safetyStock');
    const skuId = (await A('GET', 'wxy-production-server/pd-sku/findPage/1/1')).json.data.records[0].skuId;
    const relSku = await A('POST', W('wh-rel-sku-expand/add'), { whId, skuId, expandId: safety.id, expandValue: '20' });
    expect(relSku.status, relSku.body).toBe(200);
    expect((await A('PUT', W('wh-rel-sku-expand/edit/batch'), { id: relSku.json.data.id, expandValue: '30' })).json.data.expandValue).toBe('30');
    expect((await A('POST', W('wh-rel-sku-expand/page/1/20'), { skuId })).json.data.records[0].expandValue).toBe('30');
    expect((await A('GET', W('wh-rel-sku-expand/template'))).status).toBe(200);
  });

  it('refuses shop01 and other tenants', async () => {
    expect((await S('GET', P('pdSpuExpand/findPage/1/5'))).json.code).toBe(4030);
    expect((await S('POST', W('wh-rel-sku-expand/page/1/5'), {})).json.code).toBe(4030);
    expect((await A2('POST', W('wh-rel-expand/page/1/5'), {})).json.data.total).toBe(0);
  });
});

describe('warehouses: wh-base-info and wh-region', () => {
  const wh = (p: string) => `wxy-warehouse-server/wh-base-info/${p}`;

  it('pages, adds, edits, shows and deletes warehouses; the pulldown lists distribution centres', async () => {
    // 5 demo warehouses (one of them 南京江宁店's) plus a shop warehouse (门店仓) for every other demo shop.
    expect((await A('POST', wh('page/1/20'), {})).json.data.total).toBe(34);
    expect((await A('POST', wh('page/1/20'), { whType: 2 })).json.data.total).toBe(30);
    const add = await A('POST', wh('add'), { whCode: 'WH-T1', whName: '苏州测试仓', whType: 3, isDistribution: 1, phone: '13812345678' });
    expect(add.status, add.body).toBe(200);
    const id = add.json.data.whId;
    expect((await A('PUT', wh('edit'), { whId: id, whName: '苏州相城仓' })).json.data.whName).toBe('苏州相城仓');
    expect((await A('GET', wh(`detail/${id}`))).json.data).toMatchObject({ whCode: 'WH-T1', whName: '苏州相城仓', isDistribution: 1 });
    const pull = (await A('GET', wh('pulldown/distribution?isDistribution=1'))).json.data as Json[];
    expect(pull.map((p) => p.label)).toEqual(expect.arrayContaining(['上海嘉定中心仓', '苏州相城仓']));
    expect(pull.every((p) => p.isDistribution === 1)).toBe(true);
    expect((await A('DELETE', wh(`delete/${id}`))).status).toBe(200);
    expect((await A('POST', wh('add'), { whCode: 'WH-T2', whName: '电话错', whType: 1, phone: '12345' })).json.msg).toBe('手机号码有误，请重填!');
  });

  it('builds the warehouse region tree, refuses shop01 and keeps tenants apart', async () => {
    const tree = (await A('GET', 'wxy-warehouse-server/wh-region/tree/contains/warehouse')).json.data as Json[];
    expect(tree.map((n) => n.label)).toEqual(expect.arrayContaining(['华东', '华南', '华北']));
    expect((await S('POST', wh('page/1/5'), {})).json.code).toBe(4030);
    expect((await A2('POST', wh('page/1/5'), {})).json.data.total).toBe(4);
  });
});

describe('warehouse regions stay a tree', () => {
  const wr = (p: string) => `wxy-warehouse-server/wh-region/${p}`;

  it('refuses a parent of another tenant, a loop, and deleting a region that has sub-regions', async () => {
    const top = (await A('POST', wr('add'), { regionCode: 'WR-T1', regionName: '仓顶' })).json.data.regionId;
    const leaf = (await A('POST', wr('add'), { parentId: top, regionCode: 'WR-T2', regionName: '仓叶' })).json.data.regionId;
    const foreign = (await A2('POST', wr('add'), { regionCode: 'WR-T9', regionName: '别家仓区' })).json.data.regionId;
    expect((await A('POST', wr('add'), { parentId: foreign, regionCode: 'WR-T3', regionName: '挂别家' })).json).toEqual({ code: 400, msg: '上级区域不存在', data: null });
    expect((await A('PUT', wr('edit'), { regionId: top, parentId: leaf })).json).toEqual({ code: 400, msg: '上级区域不能是本仓库区域或它的下级', data: null });
    expect((await A('DELETE', wr(`delete/${top}`))).json).toEqual({ code: 4090, msg: '该仓库区域下还有下级仓库区域，请先删除或移走下级', data: null });
    const tree = (await A('GET', wr('tree/contains/warehouse'))).json.data as Json[];
    expect(tree.find((n) => n.regionId === top)!.children.map((c: Json) => c.label)).toEqual(['仓叶']);
    for (const id of [leaf, top]) expect((await A('DELETE', wr(`delete/${id}`))).json.msg).toBe('删除成功');
    expect((await A2('DELETE', wr(`delete/${foreign}`))).json.msg).toBe('删除成功');
  });
});

describe('exams: sys-exam', () => {
  const ex = (p: string) => `wxy-system-server/sys-exam/${p}`;

  it('adds a draft, pages, shows, edits, publishes and deletes it', async () => {
    const add = await A('POST', ex('add'), { examName: '收银新规测验', examType: 2, totalScore: 100, passScore: 80, duration: 30, startTime: '2026-12-01T09:00:00+08:00' });
    expect(add.status, add.body).toBe(200);
    const id = add.json.data.id;
    expect(add.json.data.status).toBe(0);
    expect((await A('GET', ex(`findPage/1/20?examName=${encodeURIComponent('收银新规')}`))).json.data.total).toBe(1);
    expect((await A('PUT', ex('edit'), { id, duration: 45 })).json.data.duration).toBe(45);
    // Publishing needs questions adding up to the total (tests/api/exams.test.ts).
    expect((await A('PUT', ex(`questions/${id}`), { questions: [{ questionType: 3, stem: '新规已执行', answer: ['A'], score: 100 }] })).status).toBe(200);
    expect((await A('PUT', ex(`edit/status/${id}/1`))).status).toBe(200);
    expect((await A('GET', ex(`info/${id}`))).json.data.status).toBe(1);
    expect((await A('PUT', ex(`edit/status/${id}/7`))).json.msg).toBe('状态取值不在允许范围内');
    // Status is switched only by its own call, never through edit.
    await A('PUT', ex('edit'), { id, status: 0 });
    expect((await A('GET', ex(`info/${id}`))).json.data.status).toBe(1);
    expect((await A('DELETE', ex(`delete/${id}`))).status).toBe(200);
  });

  it('names the field on bad input and refuses shop01', async () => {
    expect((await A('POST', ex('add'), { examType: 1, totalScore: 100, passScore: 60, duration: 60 })).json.msg).toBe('考试名称不能为空');
    expect((await A('POST', ex('add'), { examName: '超时', examType: 1, totalScore: 100, passScore: 60, duration: 900 })).json.msg).toBe('考试时长(分钟)不能大于600');
    expect((await S('GET', ex('findPage/1/5'))).json.code).toBe(4030);
    // Tenant 2's own exams only (its two demo exams and the demo's open exam), none of tenant 1's.
    expect((await A2('GET', ex('findPage/1/20'))).json.data.total).toBe(3);
  });

  it('refuses a pass mark above the total and an end not after the start, on add and on edit, writing nothing', async () => {
    const high = await A('POST', ex('add'), { examName: '及格分过高', examType: 1, totalScore: 50, passScore: 60, duration: 30 });
    expect(high.status).toBe(400);
    expect(high.json.msg).toBe('及格分（60）不能高于总分（50）');
    const backwards = await A('POST', ex('add'), { examName: '时间颠倒', examType: 1, totalScore: 100, passScore: 60, duration: 30, startTime: '2026-12-02T09:00:00+08:00', endTime: '2026-12-01T09:00:00+08:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.json.msg).toBe('结束时间必须晚于开始时间');
    expect((await A('GET', ex(`findPage/1/20?examName=${encodeURIComponent('及格分过高')}`))).json.data.total).toBe(0);
    const ok = await A('POST', ex('add'), { examName: '规则测验', examType: 1, totalScore: 100, passScore: 60, duration: 30 });
    const edited = await A('PUT', ex('edit'), { id: ok.json.data.id, totalScore: 40 });
    expect(edited.status).toBe(400);
    expect((await A('GET', ex(`info/${ok.json.data.id}`))).json.data.totalScore).toBe(100);
    await A('DELETE', ex(`delete/${ok.json.data.id}`));
  });
});
