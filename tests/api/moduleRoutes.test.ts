import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, grantShopStaff, headerOf, uploadXlsx, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * The routes of the descriptor-only modules that modules.test.ts leaves out: the SPU pulldown, status
 * switch, export, template and import; SKU delete, template and import; shop sites and regions (CRUD,
 * validation, refusal, tenant isolation); the expansion resources' validation and imports. Every import
 * is all or nothing: a bad row gets a per-row report and writes nothing, a template without rows 暂无数据.
 */
let s: TestServer;
let A: Caller;
let A2: Caller;
let S: Caller;
let admin: string;
let shop01: string;
beforeAll(async () => {
  s = await startTestServer();
  let admin2: string;
  [admin, admin2, shop01] = await Promise.all([s.login('admin', 'admin123', 1), s.login('admin', 'admin123', 2), s.login('shop01', 'shop123', 1)]);
  [A, A2, S] = [callerFor(s, admin), callerFor(s, admin2, 2), callerFor(s, shop01)];
});
afterAll(async () => s?.stop());

const P = (p: string) => `wxy-production-server/${p}`;
const W = (p: string) => `wxy-warehouse-server/${p}`;
const SHOP = (p: string) => `wxy-shop-server/${p}`;
const q = (text: string) => encodeURIComponent(text);

/** Rows of a table in tenant 1: what every "nothing written" check compares. */
const rowCount = async (table: string) => Number((await s.db.tenant(1, (tx) => tx.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))).rows[0].n);

/** Downloads `base`'s template, fills it with `rows` and imports it as admin (or `token`). */
async function importRows(base: string, rows: Record<string, unknown>[], token = admin) {
  const template = await A('GET', `${base}/template`);
  expect(template.status, template.body).toBe(200);
  const res = await uploadXlsx(s, token, `${base}/import`, await fillTemplate(template.raw, rows));
  return { status: res.statusCode, json: res.json() as Json };
}

describe('pd-spu: pulldown, status switch, export, template, import', () => {
  const spu = (p: string) => P(`pd-spu/${p}`);
  let spuId: number;
  beforeAll(async () => {
    const saved = await A('POST', spu('save'), { spuCode: 'MR-SPU1', spuName: '模块路由牌苏打饼干', category: 1, brandName: '模块路由牌', unit: '袋' });
    expect(saved.status, saved.body).toBe(200);
    spuId = saved.json.data.spuId;
  });

  it('pulldown answers value and label of the matching SPUs, for anyone who may list them, in their own tenant only', async () => {
    const pull = await A('GET', spu(`pulldown?spuName=${q('模块路由牌')}`));
    expect(pull.status, pull.body).toBe(200);
    expect(pull.json.data).toEqual([{ spuId, spuCode: 'MR-SPU1', spuName: '模块路由牌苏打饼干', value: spuId, label: '模块路由牌苏打饼干' }]);
    expect((await S('GET', spu(`pulldown?spuName=${q('模块路由牌')}`))).json.data).toEqual(pull.json.data);
    expect((await A2('GET', spu(`pulldown?spuName=${q('模块路由牌')}`))).json.data).toEqual([]);
    expect((await A('GET', spu('pulldown'))).json.data.length).toBeGreaterThan(1);
  });

  it('update/status/{spuId}/{status} switches an SPU off and on; other values, shop01 and another tenant change nothing', async () => {
    const status = async () => (await A('GET', spu(`get/${spuId}`))).json.data.status;
    expect((await A('PUT', spu(`update/status/${spuId}/0`))).json).toEqual({ code: 200, msg: '操作成功', data: null });
    expect(await status()).toBe(0);
    expect((await A('GET', spu('findPage/1/5?spuCode=MR-SPU1&status=0'))).json.data.total).toBe(1);
    expect((await A('PUT', spu(`update/status/${spuId}/7`))).json).toEqual({ code: 400, msg: '状态取值不在允许范围内', data: null });
    expect((await S('PUT', spu(`update/status/${spuId}/1`))).json.code).toBe(4030);
    const other = await A2('PUT', spu(`update/status/${spuId}/1`));
    expect(other.status).toBe(404);
    expect(other.json.msg).toBe('商品不存在');
    expect(await status()).toBe(0);
    expect((await A('PUT', spu(`update/status/${spuId}/1`))).status).toBe(200);
    expect(await status()).toBe(1);
  });

  it('exports the filtered SPUs as CSV with dictionary labels; shop01 may not, another tenant gets 暂无数据', async () => {
    const csv = await A('POST', spu('export'), { spuCode: 'MR-SPU1' });
    expect(csv.status).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('商品ID,商品编码,商品名称,商品分类,品牌,单位,状态,创建时间');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${spuId},"MR-SPU1","模块路由牌苏打饼干","休闲零食","模块路由牌","袋","启用",\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$`));
    expect((await S('POST', spu('export'), {})).json.code).toBe(4030);
    expect((await A2('POST', spu('export'), { spuCode: 'MR-SPU1' })).json.msg).toBe('暂无数据');
  });

  it('serves a template of the writable fields to importers only', async () => {
    const template = await A('GET', spu('template'));
    expect(await headerOf(template.raw)).toEqual(['商品编码', '商品名称', '商品分类', '品牌', '单位', '状态', '备注']);
    expect((await S('GET', spu('template'))).json.code).toBe(4030);
    const staffImport = await uploadXlsx(s, shop01, spu('import'), await fillTemplate(template.raw, [{ 商品编码: 'MR-N1', 商品名称: '不允许', 商品分类: '酒水' }]));
    expect(staffImport.json()).toEqual({ code: 4030, msg: '您无权限执行该操作', data: null });
    expect((await A('GET', spu('findPage/1/5?spuCode=MR-N1'))).json.data.total).toBe(0);
  });

  it('imports all rows or none: bad rows are reported by Excel row and nothing is written; a good file is written', async () => {
    const before = await rowCount('pd_spu');
    const good = [
      { 商品编码: 'MR-IMP1', 商品名称: '导入牌薯片', 商品分类: '休闲零食', 品牌: '导入牌', 单位: '袋' },
      { 商品编码: 'MR-IMP2', 商品名称: '导入牌矿泉水', 商品分类: '饮料冲调', 单位: '瓶', 状态: '停用' },
    ];
    const bad = await importRows(P('pd-spu'), [
      ...good,
      { 商品编码: 'MR IMP3', 商品名称: '空格编码', 商品分类: '休闲零食' },
      { 商品编码: 'MR-IMP4', 商品分类: '休闲零食' },
      { 商品编码: 'MR-IMP1', 商品名称: '重复编码', 商品分类: '酒水' },
      { 商品编码: 'MR-IMP5', 商品名称: '无此分类', 商品分类: '家电' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('未写入任何数据');
    expect(bad.json.data.errors).toEqual([
      { row: 4, field: '商品编码', message: '商品编码只能包含字母、数字、下划线或短横线' },
      { row: 5, field: '商品名称', message: '商品名称不能为空' },
      { row: 6, field: '商品编码', message: '商品编码“MR-IMP1”与第2行重复' },
      { row: 7, field: '商品分类', message: '商品分类取值不在允许范围内（可选：休闲零食、饮料冲调、粮油调味、日用百货、个护清洁、生鲜果蔬、乳品烘焙、酒水）' },
    ]);
    expect(await rowCount('pd_spu')).toBe(before);

    const ok = await importRows(P('pd-spu'), good);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json).toEqual({ code: 200, msg: '导入成功，共2条', data: { total: 2, imported: 2, errors: [] } });
    const rows = (await A('GET', spu(`findPage/1/5?brandName=${q('导入牌')}&sort=spuCode&order=asc`))).json.data.records as Json[];
    expect(rows.map((r) => [r.spuCode, r.spuName, r.category, r.unit, r.status])).toEqual([['MR-IMP1', '导入牌薯片', 1, '袋', 1]]);
    expect((await A('GET', spu('findPage/1/5?spuCode=MR-IMP2'))).json.data.records[0]).toMatchObject({ spuName: '导入牌矿泉水', category: 2, unit: '瓶', status: 0 });
  });
});

describe('pd-sku: delete, template, import, field permissions', () => {
  const sku = (p: string) => P(`pd-sku/${p}`);
  let spuId: number;
  let supplierId: number;
  beforeAll(async () => {
    spuId = (await A('POST', P('pd-spu/save'), { spuCode: 'MR-SPU2', spuName: '模块路由牌咖啡', category: 2, brandName: '模块路由牌', unit: '盒' })).json.data.spuId;
    supplierId = (await A('GET', P('pd-supplier/findPage/1/1'))).json.data.records[0].id;
  });

  it('deleteById removes a SKU for admin only, in its own tenant', async () => {
    const saved = await A('POST', sku('save'), { spuId, skuCode: 'MR-DEL1', skuName: '待删咖啡', unit: '盒', retailPrice: 9.9 });
    expect(saved.status, saved.body).toBe(200);
    const id = saved.json.data.skuId;
    expect((await S('DELETE', sku(`deleteById/${id}`))).json.code).toBe(4030);
    expect((await A2('DELETE', sku(`deleteById/${id}`))).status).toBe(404);
    expect((await A('GET', sku(`get/${id}`))).status).toBe(200);
    expect((await A('DELETE', sku(`deleteById/${id}`))).json).toEqual({ code: 200, msg: '删除成功', data: null });
    const gone = await A('GET', sku(`get/${id}`));
    expect(gone.status).toBe(404);
    expect(gone.json.msg).toBe('SKU不存在');
    expect((await A('DELETE', sku(`deleteById/${id}`))).status).toBe(404);
  });

  it('imports all rows or none, the SKUs taking the SPU’s names; bad rows are reported and nothing is written', async () => {
    const template = await A('GET', sku('template'));
    expect(await headerOf(template.raw)).toEqual(['所属商品', 'SKU编码', '条形码', 'SKU名称', '规格', '单位', '供应商', '零售价', '进价', '成本价', '状态', '批次管理', '保质期管理', '保质期(天)', '临期预警(天)', '备注']);
    expect((await S('GET', sku('template'))).json.code).toBe(4030);
    const before = await rowCount('pd_sku');
    const good = [
      { 所属商品: spuId, SKU编码: 'MR-SKU1', 条形码: '6901234500011', SKU名称: '模块路由牌咖啡 12袋', 规格: '12袋', 单位: '盒', 供应商: supplierId, 零售价: 39.9, 进价: 25, 成本价: 26.5 },
      { 所属商品: spuId, SKU编码: 'MR-SKU2', SKU名称: '模块路由牌咖啡 24袋', 单位: '盒', 零售价: '69.00' },
    ];
    const bad = await importRows(P('pd-sku'), [
      ...good,
      { 所属商品: spuId, SKU编码: 'MR-SKU3', SKU名称: '缺零售价', 单位: '盒' },
      { 所属商品: spuId, SKU编码: 'MR-SKU4', 条形码: '69012345', SKU名称: '条码短', 单位: '盒', 零售价: 1 },
      { 所属商品: spuId, SKU编码: 'MR-SKU5', SKU名称: '三位小数', 单位: '盒', 零售价: 1.005 },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.json.data.errors).toEqual([
      { row: 4, field: '零售价', message: '零售价不能为空' },
      { row: 5, field: '条形码', message: '条形码须为13位数字(EAN-13)' },
      { row: 6, field: '零售价', message: '零售价最多2位小数' },
    ]);
    expect(await rowCount('pd_sku')).toBe(before);

    // Rows the database refuses (a wrong check digit, an SPU or supplier that does not exist) are found and reported by row too.
    const refused = await importRows(P('pd-sku'), [
      ...good,
      { 所属商品: spuId, SKU编码: 'MR-SKU6', 条形码: '6901234500012', SKU名称: '校验位错', 单位: '盒', 零售价: 1 },
      { 所属商品: 99999999, SKU编码: 'MR-SKU7', SKU名称: '无此商品', 单位: '盒', 零售价: 1 },
      { 所属商品: spuId, SKU编码: 'MR-SKU8', SKU名称: '无此供应商', 单位: '盒', 零售价: 1, 供应商: 99999999 },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toBe('导入失败，共3处错误，第4行：条形码校验位不正确；未写入任何数据');
    expect(refused.json.data).toEqual({
      total: 5,
      imported: 0,
      errors: [
        { row: 4, field: '条形码', message: '条形码校验位不正确' },
        { row: 5, field: '所属商品', message: '所属商品不存在' },
        { row: 6, field: '供应商', message: '供应商不存在' },
      ],
    });
    expect(await rowCount('pd_sku')).toBe(before);
    // A file refused on every row: the first 100 are listed, and the answer says there may be more.
    const orphans = Array.from({ length: 120 }, (_, i) => ({ 所属商品: 99999999, SKU编码: `MR-ORPHAN${i}`, SKU名称: '无此商品', 单位: '盒', 零售价: 1 }));
    const many = await importRows(P('pd-sku'), orphans);
    expect(many.json.msg).toBe('导入失败，错误较多，仅列出前100处，第2行：所属商品不存在；未写入任何数据');
    expect(many.json.data.errors).toHaveLength(100);
    expect(many.json.data.errors[99]).toEqual({ row: 101, field: '所属商品', message: '所属商品不存在' });
    expect(await rowCount('pd_sku')).toBe(before);

    const ok = await importRows(P('pd-sku'), good);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data).toEqual({ total: 2, imported: 2, errors: [] });
    const rows = (await A('GET', sku(`findPage/1/5?spuId=${spuId}&sort=skuCode&order=asc`))).json.data.records as Json[];
    expect(rows.map((r) => [r.skuCode, r.spuName, r.category, r.brandName, r.retailPrice, r.purchasePrice, r.costPrice, r.grossMargin])).toEqual([
      ['MR-SKU1', '模块路由牌咖啡', 2, '模块路由牌', 39.9, 25, 26.5, 37.34],
      ['MR-SKU2', '模块路由牌咖啡', 2, '模块路由牌', 69, 0, 0, 100],
    ]);
    expect(rows[0].supplierName).toBeTruthy();
  });

  it('shop01, once allowed to import, gets a template without 进价 and 成本价, and its import cannot write them', async () => {
    await grantShopStaff(s, 'pd:sku:import');
    const staffTemplate = await S('GET', sku('template'));
    expect(staffTemplate.status).toBe(200);
    const header = await headerOf(staffTemplate.raw);
    expect(header).toContain('零售价');
    expect(header).not.toContain('进价');
    expect(header).not.toContain('成本价');
    // The administrator's template, 进价 and 成本价 filled in, uploaded by shop01: those columns are ignored.
    const full = await A('GET', sku('template'));
    const file = await fillTemplate(full.raw, [{ 所属商品: spuId, SKU编码: 'MR-SKU-FP', SKU名称: '店员导入', 单位: '盒', 零售价: 10, 进价: 8, 成本价: 9 }]);
    const res = await uploadXlsx(s, shop01, sku('import'), file);
    expect(res.statusCode, res.body).toBe(200);
    const row = (await A('GET', sku('findPage/1/5?skuCode=MR-SKU-FP'))).json.data.records[0];
    expect(row).toMatchObject({ retailPrice: 10, purchasePrice: 0, costPrice: 0 });
  });
});

describe('shop-region: info, add, edit, delete', () => {
  const region = (p: string) => SHOP(`shop-region/${p}`);
  const east = async () => ((await A('POST', region('page/1/50'), { regionName: '华东' })).json.data.records as Json[]).find((r) => r.regionName === '华东')!;

  it('adds a region under a parent, shows, edits and deletes it; the tree follows', async () => {
    const parent = await east();
    const add = await A('POST', region('add'), { parentId: parent.regionId, regionCode: 'MR-SZ', regionName: '苏州', sort: 9 });
    expect(add.status, add.body).toBe(200);
    const id = add.json.data.regionId;
    expect(add.json.data).toMatchObject({ parentId: parent.regionId, regionCode: 'MR-SZ', regionName: '苏州', sort: 9, status: 1 });
    expect((await A('GET', region(`info/${id}`))).json.data).toMatchObject({ regionId: id, regionName: '苏州' });
    const edited = await A('PUT', region('edit'), { regionId: id, regionName: '苏州工业园', status: 0 });
    expect(edited.json.data).toMatchObject({ regionCode: 'MR-SZ', regionName: '苏州工业园', status: 0 });
    // Lists show the parent by name, and follow a rename of the parent.
    expect((await A('GET', region(`info/${id}`))).json.data.parentName).toBe('华东');
    await A('PUT', region('edit'), { regionId: parent.regionId, regionName: '华东区' });
    expect((await A('GET', region(`info/${id}`))).json.data.parentName).toBe('华东区');
    await A('PUT', region('edit'), { regionId: parent.regionId, regionName: '华东' });
    const tree = (await A('GET', region('tree/contain/shop'))).json.data as Json[];
    expect(tree.find((n) => n.regionId === parent.regionId)!.children.map((c: Json) => c.label)).toContain('苏州工业园');
    expect((await A('DELETE', region(`delete/${id}`))).json).toEqual({ code: 200, msg: '删除成功', data: null });
    const gone = await A('GET', region(`info/${id}`));
    expect(gone.status).toBe(404);
    expect(gone.json.msg).toBe('门店区域不存在');
  });

  it('answers bad input naming the field in Chinese and writes nothing', async () => {
    const before = await rowCount('shop_region');
    const cases: [Json, string][] = [
      [{ regionCode: 'MR-V1' }, '区域名称不能为空'],
      [{ regionName: '无编码' }, '区域编码不能为空'],
      [{ regionCode: 'MR V2', regionName: '空格' }, '区域编码只能包含字母、数字、下划线或短横线'],
      [{ regionCode: 'MR-V3', regionName: '排序', sort: 100000 }, '排序不能大于99999'],
      [{ regionCode: 'MR-V4', regionName: '名'.repeat(25) }, '区域名称长度不能超过24个字符'],
    ];
    for (const [body, msg] of cases) expect((await A('POST', region('add'), body)).json, JSON.stringify(body)).toEqual({ code: 400, msg, data: null });
    const code = (await east()).regionCode;
    expect((await A('POST', region('add'), { regionCode: code, regionName: '重复' })).json).toMatchObject({ code: 4090, msg: '区域编码已存在' });
    expect((await A('PUT', region('edit'), { regionName: '无ID' })).json.msg).toBe('区域ID不能为空');
    expect(await rowCount('shop_region')).toBe(before);
  });

  it('keeps regions a tree: no parent of another tenant, no loop, no deleting a region that still has sub-regions', async () => {
    const top = (await A('POST', region('add'), { regionCode: 'MR-T1', regionName: '树顶' })).json.data.regionId;
    const mid = (await A('POST', region('add'), { parentId: top, regionCode: 'MR-T2', regionName: '树中' })).json.data.regionId;
    const leaf = (await A('POST', region('add'), { parentId: mid, regionCode: 'MR-T3', regionName: '树叶' })).json.data.regionId;
    const otherTenants = (await A2('POST', region('add'), { regionCode: 'MR-T9', regionName: '别家' })).json.data.regionId;
    const before = await rowCount('shop_region');
    expect((await A('POST', region('add'), { parentId: otherTenants, regionCode: 'MR-T4', regionName: '挂别家' })).json).toEqual({ code: 400, msg: '上级区域不存在', data: null });
    expect(await rowCount('shop_region')).toBe(before);
    for (const parentId of [top, mid, leaf]) {
      expect((await A('PUT', region('edit'), { regionId: top, parentId })).json, `parent ${parentId}`).toEqual({ code: 400, msg: '上级区域不能是本门店区域或它的下级', data: null });
    }
    expect((await A('PUT', region('edit'), { regionId: leaf, parentId: otherTenants })).json.msg).toBe('上级区域不存在');
    // An edit that changes nothing answers the row as it is.
    expect((await A('PUT', region('edit'), { regionId: top })).json.data).toMatchObject({ regionId: top, parentId: 0, regionName: '树顶' });
    expect((await A('GET', region(`info/${top}`))).json.data.parentId).toBe(0);
    expect((await A('GET', region(`info/${leaf}`))).json.data.parentId).toBe(mid);
    // A leaf may move under any other branch, and back to the top level.
    expect((await A('PUT', region('edit'), { regionId: leaf, parentId: top })).json.data.parentId).toBe(top);
    expect((await A('PUT', region('edit'), { regionId: leaf, parentId: 0 })).json.data.parentId).toBe(0);
    expect((await A('PUT', region('edit'), { regionId: leaf, parentId: mid })).json.data.parentId).toBe(mid);

    expect((await A('DELETE', region(`delete/${mid}`))).json).toEqual({ code: 4090, msg: '该门店区域下还有下级门店区域，请先删除或移走下级', data: null });
    expect((await A('GET', region(`info/${mid}`))).json.data.regionName).toBe('树中');
    for (const id of [leaf, mid, top]) expect((await A('DELETE', region(`delete/${id}`))).json.msg).toBe('删除成功');
    expect((await A2('DELETE', region(`delete/${otherTenants}`))).json.msg).toBe('删除成功');
  });

  it('refuses shop01 every call but the tree', async () => {
    const id = (await east()).regionId;
    expect((await S('GET', region(`info/${id}`))).json.code).toBe(4030);
    expect((await S('POST', region('add'), { regionCode: 'MR-N1', regionName: '不允许' })).json.code).toBe(4030);
    expect((await S('PUT', region('edit'), { regionId: id, regionName: '不允许' })).json.code).toBe(4030);
    expect((await S('DELETE', region(`delete/${id}`))).json.code).toBe(4030);
    expect((await A('GET', region(`info/${id}`))).json.data.regionName).toBe('华东');
  });
});

describe('shop-site: info and validation', () => {
  const site = (p: string) => SHOP(`shop-site/${p}`);
  let shopId: number;
  beforeAll(async () => {
    shopId = (await A('POST', SHOP('shop-base/page/1/1'), { shopCode: 'S0003' })).json.data.records[0].shopId;
  });

  it('shows a site to admin, and to shop01 (who may list sites) once it works at the site\'s shop', async () => {
    const add = await A('POST', site('add'), { shopId, siteCode: 'MR-SITE1', siteName: '试吃区', siteType: 3, area: 8.25, remark: '周末开放' });
    expect(add.status, add.body).toBe(200);
    const id = add.json.data.shopSiteId;
    const expected = { shopSiteId: id, shopId, siteCode: 'MR-SITE1', siteName: '试吃区', siteType: 3, area: 8.25, status: 1, remark: '周末开放' };
    expect((await A('GET', site(`info/${id}`))).json.data).toMatchObject(expected);
    // Another shop's site is not within shop01's reach: the same answer as a site that never was.
    expect((await S('GET', site(`info/${id}`))).json).toEqual({ code: 4040, msg: '门店站点不存在', data: null });
    await worksAt(s, 'shop01', shopId);
    expect((await S('GET', site(`info/${id}`))).json.data).toMatchObject(expected);
    expect((await S('PUT', site('edit'), { shopSiteId: id, siteName: '店员改' })).json.code).toBe(4030);
    expect((await S('DELETE', site(`delete/${id}`))).json.code).toBe(4030);
    expect((await A('GET', site(`info/${id}`))).json.data.siteName).toBe('试吃区');
    expect((await A('GET', site('info/99999999'))).json).toEqual({ code: 4040, msg: '门店站点不存在', data: null });
  });

  it('a site shows its shop by name, is found by the shop’s name, and follows a rename', async () => {
    const shop = (await A('POST', SHOP('shop-base/page/1/1'), { shopCode: 'S0003' })).json.data.records[0];
    const id = (await A('POST', site('add'), { shopId, siteCode: 'MR-SITE9', siteName: '名称区', siteType: 1 })).json.data.shopSiteId;
    expect((await A('GET', site(`info/${id}`))).json.data.shopName).toBe(shop.shopName);
    const found = (await A('GET', site(`page/1/50?shopName=${encodeURIComponent(shop.shopName.slice(0, 2))}`))).json.data.records as Json[];
    expect(found.map((r) => r.shopSiteId)).toContain(id);
    await A('PUT', SHOP('shop-base/edit'), { shopId, shopName: '改名后的门店' });
    expect((await A('GET', site(`info/${id}`))).json.data.shopName).toBe('改名后的门店');
    await A('PUT', SHOP('shop-base/edit'), { shopId, shopName: shop.shopName });
  });

  it('answers bad input naming the field in Chinese and writes nothing', async () => {
    const before = await rowCount('shop_site');
    const cases: [Json, string][] = [
      [{ shopId, siteCode: 'MR-V1', siteType: 1 }, '站点名称不能为空'],
      [{ siteCode: 'MR-V2', siteName: '无门店', siteType: 1 }, '所属门店不能为空'],
      [{ shopId, siteCode: 'MR-V3', siteName: '面积', siteType: 1, area: 1.234 }, '面积最多2位小数'],
      [{ shopId, siteCode: 'MR V4', siteName: '编码', siteType: 1 }, '站点编码只能包含字母、数字、下划线或短横线'],
      [{ shopId: 99999999, siteCode: 'MR-V5', siteName: '无此门店', siteType: 1 }, '所属门店不存在'],
    ];
    for (const [body, msg] of cases) expect((await A('POST', site('add'), body)).json, JSON.stringify(body)).toEqual({ code: 400, msg, data: null });
    expect(await rowCount('shop_site')).toBe(before);
  });
});

describe('shop-site and shop-region: tenant isolation', () => {
  it('another tenant neither lists, reads, edits nor deletes tenant 1’s sites and regions, nor hangs a site on tenant 1’s shop', async () => {
    const shopId = (await A('POST', SHOP('shop-base/page/1/1'), { shopCode: 'S0004' })).json.data.records[0].shopId;
    const siteRow = (await A('POST', SHOP('shop-site/add'), { shopId, siteCode: 'MR-T1', siteName: '租户一站点', siteType: 1 })).json.data;
    const regionRow = (await A('POST', SHOP('shop-region/add'), { regionCode: 'MR-T1', regionName: '租户一区域' })).json.data;
    const cases: [string, string, number][] = [
      ['shop-site', 'shopSiteId', siteRow.shopSiteId],
      ['shop-region', 'regionId', regionRow.regionId],
    ];
    for (const [base, key, id] of cases) {
      expect((await A2('GET', SHOP(`${base}/info/${id}`))).status, base).toBe(404);
      expect((await A2('PUT', SHOP(`${base}/edit`), { [key]: id, siteName: '被改了', regionName: '被改了' })).status, base).toBe(404);
      expect((await A2('DELETE', SHOP(`${base}/delete/${id}`))).status, base).toBe(404);
    }
    const sites = (await A2('GET', SHOP('shop-site/page/1/100'))).json.data.records as Json[];
    expect(sites.some((r) => r.siteCode === 'MR-T1')).toBe(false);
    const regions = (await A2('POST', SHOP('shop-region/page/1/100'), {})).json.data.records as Json[];
    expect(regions.some((r) => r.regionCode === 'MR-T1')).toBe(false);
    const tree = JSON.stringify((await A2('GET', SHOP('shop-region/tree/contain/shop'))).json.data);
    expect(tree).not.toContain('租户一区域');
    expect((await A2('POST', SHOP('shop-site/add'), { shopId, siteCode: 'MR-T2', siteName: '越界站点', siteType: 1 })).json).toEqual({ code: 400, msg: '所属门店不存在', data: null });
    // Unchanged for tenant 1, and the same codes are free in tenant 2.
    expect((await A('GET', SHOP(`shop-site/info/${siteRow.shopSiteId}`))).json.data.siteName).toBe('租户一站点');
    expect((await A('GET', SHOP(`shop-region/info/${regionRow.regionId}`))).json.data.regionName).toBe('租户一区域');
    expect((await A2('POST', SHOP('shop-region/add'), { regionCode: 'MR-T1', regionName: '租户二区域' })).status).toBe(200);
  });
});

describe('expansion resources: validation naming the field', () => {
  it('refuses a bad value and a missing required field on each, writing nothing', async () => {
    const skuId = (await A('GET', P('pd-sku/findPage/1/1'))).json.data.records[0].skuId;
    const spuId = (await A('GET', P('pd-spu/findPage/1/1'))).json.data.records[0].spuId;
    const whId = (await A('POST', W('wh-base-info/page/1/1'), {})).json.data.records[0].whId;
    const definitions = [P('pdSpuExpand/save'), P('pdSkuExpand/save'), W('wh-expand/add'), W('wh-spu-expand/add'), W('wh-sku-expand/add')];
    for (const url of definitions) {
      expect((await A('POST', url, { expandCode: 'mrBad', expandName: '值类型错', valueType: 9 })).json, url).toEqual({ code: 400, msg: '值类型取值不在允许范围内', data: null });
      expect((await A('POST', url, { expandCode: 'mrBad', valueType: 1 })).json, url).toEqual({ code: 400, msg: '属性名称不能为空', data: null });
    }
    const long = 'x'.repeat(101);
    const values: [string, Json, string][] = [
      [P('pdRelSpuExpand/save'), { spuId, expandId: 1 }, '商品扩展属性'],
      [P('pdRelSkuExpand/save'), { skuId, expandId: 1 }, 'SKU扩展属性'],
      [W('wh-rel-expand/add'), { whId, expandId: 1 }, '仓库扩展属性'],
      [W('wh-rel-spu-expand/add'), { whId, spuId, expandId: 1 }, '仓库商品扩展属性'],
      [W('wh-rel-sku-expand/add'), { whId, skuId, expandId: 1 }, '仓库SKU扩展属性'],
    ];
    for (const [url, body, expandTitle] of values) {
      expect((await A('POST', url, { ...body, expandValue: long })).json, url).toEqual({ code: 400, msg: '属性值长度不能超过100个字符', data: null });
      expect((await A('POST', url, { ...body, expandId: undefined, expandValue: '1' })).json, url).toEqual({ code: 400, msg: `${expandTitle}不能为空`, data: null });
      expect((await A('POST', url, { ...body, expandId: 99999999, expandValue: '1' })).json, url).toEqual({ code: 400, msg: `${expandTitle}不存在`, data: null });
    }
    for (const table of ['pd_spu_expand', 'pd_sku_expand', 'wh_expand', 'wh_spu_expand', 'wh_sku_expand']) {
      const bad = await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM ${table} WHERE expand_code = 'mrBad'`));
      expect(bad.rows, table).toEqual([]);
    }
  });
});

describe('expansion imports: pdSpuExpand, pdSkuExpand, wh-rel-expand, wh-rel-sku-expand', () => {
  it('pdSpuExpand and pdSkuExpand import their template: a bad row is reported and nothing written, a good file is written', async () => {
    for (const [base, table] of [
      ['pdSpuExpand', 'pd_spu_expand'],
      ['pdSkuExpand', 'pd_sku_expand'],
    ]) {
      const before = await rowCount(table);
      expect((await S('GET', P(`${base}/template`))).json.code, base).toBe(4030);
      const good = { 属性编码: 'mrShelfLife', 属性名称: '模块路由保质期', 值类型: '数字', 是否必填: '是', 排序: 7 };
      const bad = await importRows(P(base), [good, { 属性编码: 'mr origin', 属性名称: '产地', 值类型: '文本' }, { 属性编码: 'mrOrigin', 属性名称: '产地', 值类型: '颜色' }]);
      expect(bad.status, base).toBe(400);
      expect(bad.json.data.errors, base).toEqual([
        { row: 3, field: '属性编码', message: '属性编码只能包含字母、数字、下划线或短横线' },
        { row: 4, field: '值类型', message: '值类型取值不在允许范围内（可选：文本、数字、日期、是否）' },
      ]);
      expect(await rowCount(table), base).toBe(before);
      const ok = await importRows(P(base), [good]);
      expect(ok.json, base).toEqual({ code: 200, msg: '导入成功，共1条', data: { total: 1, imported: 1, errors: [] } });
      const rows = (await A('GET', P(`${base}/findPage/1/50?expandName=${q('模块路由保质期')}`))).json.data.records as Json[];
      expect(rows.map((r) => [r.expandCode, r.valueType, r.isRequired, r.sort, r.status]), base).toEqual([['mrShelfLife', 2, 1, 7, 1]]);
    }
  });

  it('wh-rel-expand and wh-rel-sku-expand import values for warehouses: a bad row is reported and nothing written, a good file is written', async () => {
    const whId = (await A('POST', W('wh-base-info/page/1/1'), {})).json.data.records[0].whId;
    const skuId = (await A('GET', P('pd-sku/findPage/1/1'))).json.data.records[0].skuId;
    const whExpand = (await A('POST', W('wh-expand/add'), { expandCode: 'mrDock', expandName: '月台数', valueType: 2 })).json.data.id;
    const skuExpand = (await A('POST', W('wh-sku-expand/add'), { expandCode: 'mrMaxStock', expandName: '最高库存', valueType: 2 })).json.data.id;
    const cases: [string, string, string, Json, Json][] = [
      ['wh-rel-expand', 'wh_rel_expand', '仓库扩展属性', { 仓库: whId, 仓库扩展属性: whExpand, 属性值: '6' }, { whId, expandId: whExpand }],
      ['wh-rel-sku-expand', 'wh_rel_sku_expand', '仓库SKU扩展属性', { 仓库: whId, SKU: skuId, 仓库SKU扩展属性: skuExpand, 属性值: '500' }, { whId, skuId, expandId: skuExpand }],
    ];
    for (const [base, table, expand, good, filter] of cases) {
      const before = await rowCount(table);
      expect((await S('GET', W(`${base}/template`))).json.code, base).toBe(4030);
      expect((await uploadXlsx(s, shop01, W(`${base}/import`), await fillTemplate((await A('GET', W(`${base}/template`))).raw, [good]))).statusCode, base).toBe(403);
      const bad = await importRows(W(base), [good, { ...good, 仓库: null }, { ...good, 属性值: 'x'.repeat(101) }]);
      expect(bad.status, base).toBe(400);
      expect(bad.json.data.errors, base).toEqual([
        { row: 3, field: '仓库', message: '仓库不能为空' },
        { row: 4, field: '属性值', message: '属性值长度不能超过100个字符' },
      ]);
      expect(await rowCount(table), base).toBe(before);
      // The database's refusals, by row: the same warehouse and attribute twice, an attribute that does not exist.
      const refused = await importRows(W(base), [good, { ...good }, { ...good, [expand]: 99999999 }]);
      expect(refused.status, base).toBe(400);
      expect(refused.json.data.errors, base).toEqual([
        { row: 3, field: expand, message: `${expand}已存在` },
        { row: 4, field: expand, message: `${expand}不存在` },
      ]);
      expect(await rowCount(table), base).toBe(before);
      const ok = await importRows(W(base), [good]);
      expect(ok.json.data, base).toEqual({ total: 1, imported: 1, errors: [] });
      const rows = (await A('POST', W(`${base}/page/1/5`), filter)).json.data.records as Json[];
      expect(rows.map((r) => r.expandValue), base).toEqual([good.属性值]);
    }
  });
});

describe('import of a template without data rows', () => {
  it('answers 暂无数据 and writes nothing, on every import of these modules', async () => {
    const imports: [string, string][] = [
      [P('pd-spu'), 'pd_spu'],
      [P('pd-sku'), 'pd_sku'],
      [P('pdSpuExpand'), 'pd_spu_expand'],
      [P('pdSkuExpand'), 'pd_sku_expand'],
      [W('wh-rel-expand'), 'wh_rel_expand'],
      [W('wh-rel-sku-expand'), 'wh_rel_sku_expand'],
    ];
    for (const [base, table] of imports) {
      const before = await rowCount(table);
      const res = await importRows(base, []);
      expect(res.status, base).toBe(400);
      expect(res.json, base).toEqual({ code: 400, msg: '暂无数据', data: null });
      expect(await rowCount(table), base).toBe(before);
    }
  });
});
