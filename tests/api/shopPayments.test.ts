import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, grantShopStaff, uploadPng, uploadXlsx, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * A shop's payment side: terminals (shop-merchant) and merchant accounts whose keys are stored sealed, never
 * answered by lists, downloaded only with their own permission and logged (shop-jh-mcht-config).
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let adminToken: string;
let shops: { shop_id: number; shop_code: string; shop_name: string }[];

const P = 'wxy-shop-server';
const KEY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7demo';

beforeAll(async () => {
  s = await startTestServer();
  adminToken = await s.login('admin', 'admin123');
  admin = callerFor(s, adminToken);
  await grantShopStaff(s, 'shop:jhMcht:list');
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  shops = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number; shop_code: string; shop_name: string }>(`SELECT shop_id, shop_code, shop_name FROM shop_base ORDER BY shop_id LIMIT 3 OFFSET 10`))).rows;
}, 180_000);
afterAll(async () => s?.stop());

describe('支付终端', () => {
  it('adds terminals in a batch, all or none; checks a shop; moves a terminal to another shop', async () => {
    const add = await admin('POST', `${P}/shop-merchant/add-batch`, { shopId: shops[0].shop_id, merchantType: 1, merchantNo: 'M898310000001', terminalNos: ['T0001', 'T0002'] });
    expect(add.status, add.body).toBe(200);
    expect(add.json.msg).toBe(`已为${shops[0].shop_name}添加 2 台终端`);
    const dup = await admin('POST', `${P}/shop-merchant/add-batch`, { shopId: shops[1].shop_id, merchantType: 1, merchantNo: 'M898310000002', terminalNos: ['T0003', 'T0002'] });
    expect([dup.status, dup.json.msg]).toEqual([409, `终端号 T0002 已绑定在门店“${shops[0].shop_name}”，请用“绑定终端”改绑`]);
    const bad = await admin('POST', `${P}/shop-merchant/add-batch`, { shopId: shops[1].shop_id, merchantType: 1, merchantNo: 'M 1', terminalNos: ['T9'] });
    expect([bad.status, bad.json.msg]).toEqual([400, '商户号只能包含字母、数字、下划线或短横线，最多32位']);
    expect((await admin('POST', `${P}/shop-merchant/page`, { pageNum: 1, pageSize: 10, terminalNo: 'T0003' })).json.data.total).toBe(0);
    const check = (await admin('GET', `${P}/shop-merchant/check-rel-shop/${shops[0].shop_id}/1`)).json.data;
    expect(check).toMatchObject({ related: true });
    expect(check.records.map((r: Json) => r.terminalNo)).toEqual(['T0001', 'T0002']);
    expect((await admin('GET', `${P}/shop-merchant/check-rel-shop/${shops[0].shop_id}/2`)).json.data.related).toBe(false);
    const moved = await admin('PUT', `${P}/shop-merchant/shop-bind-terminal/${shops[1].shop_id}/T0002`);
    expect(moved.json.msg).toBe(`终端 T0002 已从${shops[0].shop_name}改绑到${shops[1].shop_name}`);
    expect((await admin('GET', `${P}/shop-merchant/check-rel-shop/${shops[1].shop_id}/1`)).json.data.records.map((r: Json) => r.terminalNo)).toEqual(['T0002']);
    expect((await admin('PUT', `${P}/shop-merchant/shop-bind-terminal/${shops[1].shop_id}/NOPE`)).status).toBe(404);
    // A shop with terminals keeps them: it cannot be deleted until they are unbound.
    const fresh = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(`INSERT INTO shop_base (tenant_id, shop_code, shop_name) VALUES (1, 'TST901', '测试删除店') RETURNING shop_id`))).rows[0].shop_id;
    await admin('PUT', `${P}/shop-merchant/shop-bind-terminal/${fresh}/T0001`);
    const del = await admin('DELETE', `wxy-shop-server/shop-base/delete/${fresh}`);
    expect([del.status, del.json.msg]).toEqual([400, '门店“测试删除店”还有支付终端或商户配置，请先解绑后再删除']);
    await admin('PUT', `${P}/shop-merchant/shop-bind-terminal/${shops[0].shop_id}/T0001`);
    expect((await admin('DELETE', `wxy-shop-server/shop-base/delete/${fresh}`)).status).toBe(200);
    expect((await other('POST', `${P}/shop-merchant/page`, { pageNum: 1, pageSize: 10, terminalNo: 'T0001' })).json.data.total).toBe(0);
    expect((await shop('POST', `${P}/shop-merchant/page`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
  });

  it('imports terminals by shop code; a bad or taken terminal is reported by row, nothing written', async () => {
    const tpl = (await admin('GET', `${P}/shop-merchant/template`)).raw;
    const bad = await uploadXlsx(s, adminToken, `${P}/shop-merchant/import`, await fillTemplate(tpl, [
      { 门店编码: shops[2].shop_code, 商户类型: '聚合扫码', 商户号: 'M1', 终端号: 'T0100' },
      { 门店编码: shops[2].shop_code, 商户类型: '刷脸', 商户号: 'M1', 终端号: 'T0101' },
      { 门店编码: shops[2].shop_code, 商户类型: '银联POS', 商户号: 'M1', 终端号: 'T0001' },
    ]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([
      { row: 3, field: '商户类型', message: '商户类型应为 银联POS、聚合扫码、其他 之一' },
      { row: 4, field: '终端号', message: `终端号 T0001 已绑定在门店“${shops[0].shop_name}”` },
    ]);
    const good = await uploadXlsx(s, adminToken, `${P}/shop-merchant/import`, await fillTemplate(tpl, [{ 门店编码: shops[2].shop_code, 商户类型: '聚合扫码', 商户号: 'M1', 终端号: 'T0100' }]));
    expect(good.statusCode, good.body).toBe(200);
    expect((await admin('GET', `${P}/shop-merchant/check-rel-shop/${shops[2].shop_id}/2`)).json.data.records).toHaveLength(1);
  });
});

describe('商户配置与密钥', () => {
  it('keeps the key sealed, never lists it, downloads it only with its permission and logs every download', async () => {
    const saved = await admin('POST', `${P}/shop-jh-mcht-config/save`, { shopId: shops[0].shop_id, channel: 3, mchtNo: 'JH10001', appId: 'app.demo_1', secretKey: KEY });
    expect(saved.status, saved.body).toBe(200);
    const id = saved.json.data.id;
    const stored = (await s.db.tenant(1, (tx) => tx.query<{ key_sealed: string; key_hint: string }>(`SELECT key_sealed, key_hint FROM shop_jh_mcht_config WHERE id = $1`, [id]))).rows[0];
    expect(stored.key_sealed).not.toContain('MIIE');
    expect(stored.key_sealed).toMatch(/^v1:/);
    // The seal's key is not in the database: it is a file of the data dir, readable by its owner only.
    const keyFile = path.join(s.config.dataDir, 'secrets', 'merchant.key');
    expect(statSync(keyFile).mode & 0o077).toBe(0);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    // A clerk lists its shops' accounts: shop01 sees none of another shop's, then this one once it works there.
    expect((await shop('POST', `${P}/shop-jh-mcht-config/findPage`, { pageNum: 1, pageSize: 10 })).json.data.total).toBe(0);
    await worksAt(s, 'shop01', shops[0].shop_id);
    const list = await shop('POST', `${P}/shop-jh-mcht-config/findPage`, { pageNum: 1, pageSize: 10 });
    expect(list.status).toBe(200);
    expect(list.body).not.toContain('MIIE');
    expect(list.body).not.toContain('v1:');
    expect(list.json.data.records[0]).toMatchObject({ mchtNo: 'JH10001', keyHint: stored.key_hint, downloadCount: 0 });
    expect((await admin('GET', `${P}/shop-jh-mcht-config/getByShopId/${shops[0].shop_id}`)).body).not.toContain('MIIE');
    // shop01 may list but not download.
    expect((await shop('GET', `${P}/shop-jh-mcht-config/downloadKey/${id}`)).status).toBe(403);
    const dl = await admin('GET', `${P}/shop-jh-mcht-config/downloadKey/${id}`);
    expect(dl.status).toBe(200);
    expect(dl.body).toBe(KEY);
    expect(String(dl.raw.length)).toBeTruthy();
    const after = (await admin('POST', `${P}/shop-jh-mcht-config/findPage`, { pageNum: 1, pageSize: 10 })).json.data.records[0];
    expect(after).toMatchObject({ downloadCount: 1, lastDownloadUser: '系统管理员' });
    const log = (await s.db.tenant(1, (tx) => tx.query<{ action: string; user_name: string }>(`SELECT action, user_name FROM shop_jh_mcht_key_log WHERE config_id = $1 ORDER BY log_id`, [id]))).rows;
    expect(log).toEqual([{ action: 'create', user_name: '系统管理员' }, { action: 'download', user_name: '系统管理员' }]);
    // A new key replaces the old one; the fingerprint changes; a second account for the same shop and channel is refused.
    const rotated = await admin('PUT', `${P}/shop-jh-mcht-config/updateKey/${id}`, { secretKey: `${KEY}-2026` });
    expect(rotated.json.data.keyHint).not.toBe(stored.key_hint);
    expect((await admin('GET', `${P}/shop-jh-mcht-config/downloadKey/${id}`)).body).toBe(`${KEY}-2026`);
    const twice = await admin('POST', `${P}/shop-jh-mcht-config/save`, { shopId: shops[0].shop_id, channel: 3, mchtNo: 'JH2', secretKey: KEY });
    expect([twice.status, twice.json.msg]).toEqual([409, '该门店在这个支付渠道已有商户配置，请修改原配置']);
    expect((await admin('POST', `${P}/shop-jh-mcht-config/save`, { shopId: shops[0].shop_id, channel: 1, mchtNo: 'JH2', secretKey: 'short' })).status).toBe(400);
    // Editing the account never touches its key.
    expect((await admin('PUT', `${P}/shop-jh-mcht-config/update/${id}`, { mchtNo: 'JH10002', secretKey: 'x'.repeat(20) })).status).toBe(200);
    expect((await admin('GET', `${P}/shop-jh-mcht-config/downloadKey/${id}`)).body).toBe(`${KEY}-2026`);
    // Another tenant neither lists nor downloads it.
    expect((await other('GET', `${P}/shop-jh-mcht-config/downloadKey/${id}`)).status).toBe(404);
    expect((await other('POST', `${P}/shop-jh-mcht-config/findPage`, { pageNum: 1, pageSize: 10 })).json.data.total).toBe(0);
  });

  it('imports accounts with their keys sealed; a bad row is reported and nothing written', async () => {
    const tpl = (await admin('GET', `${P}/shop-jh-mcht-config/template`)).raw;
    const bad = await uploadXlsx(s, adminToken, `${P}/shop-jh-mcht-config/import`, await fillTemplate(tpl, [
      { 门店编码: shops[1].shop_code, 支付渠道: '微信', 商户号: 'WX1', 商户密钥: KEY },
      { 门店编码: shops[1].shop_code, 支付渠道: '支付宝', 商户号: 'ZFB1', 商户密钥: 'short' },
    ]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([{ row: 3, field: '商户密钥', message: '商户密钥长度应为16到4096个字符' }]);
    const good = await uploadXlsx(s, adminToken, `${P}/shop-jh-mcht-config/import`, await fillTemplate(tpl, [{ 门店编码: shops[1].shop_code, 支付渠道: '微信', 商户号: 'WX1', 商户密钥: KEY }]));
    expect(good.statusCode, good.body).toBe(200);
    const row = (await s.db.tenant(1, (tx) => tx.query<{ id: number; key_sealed: string }>(`SELECT id, key_sealed FROM shop_jh_mcht_config WHERE mcht_no = 'WX1'`))).rows[0];
    expect(row.key_sealed).not.toContain('MIIE');
    expect((await admin('GET', `${P}/shop-jh-mcht-config/downloadKey/${row.id}`)).body).toBe(KEY);
  });
});

describe('支付终端（单台）', () => {
  it('adds one terminal from the screen’s form; a taken terminal number is a clear 409', async () => {
    const one = await admin('POST', `${P}/shop-merchant/add`, { shopId: shops[2].shop_id, merchantType: 1, merchantNo: 'M3', terminalNo: 'T0300' });
    expect(one.status, one.body).toBe(200);
    expect(one.json.data).toMatchObject({ shopName: shops[2].shop_name, terminalNo: 'T0300' });
    const again = await admin('POST', `${P}/shop-merchant/add`, { shopId: shops[1].shop_id, merchantType: 1, merchantNo: 'M3', terminalNo: 'T0300' });
    expect([again.status, again.json.msg]).toEqual([409, '终端号已存在']);
    expect((await admin('POST', `${P}/shop-merchant/add`, { shopId: 999999, merchantType: 1, merchantNo: 'M3', terminalNo: 'T0301' })).json.msg).toBe('门店不存在');
  });
});

describe('门店二维码、门店仓、参考保底成本、区域门店', () => {
  it('a shop’s QR code as PNG, many in a ZIP named by code and name', async () => {
    const png = await admin('GET', `${P}/shop-base/qr-code/${shops[0].shop_id}`);
    expect(png.status).toBe(200);
    expect(png.raw.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(decodeURIComponent(String((await s.call('GET', `/api/${P}/shop-base/qr-code/${shops[0].shop_id}`, { token: adminToken, tenant: 1 })).headers['content-disposition']))).toContain(`门店二维码_${shops[0].shop_code}_${shops[0].shop_name}.png`);
    const zip = await admin('POST', `${P}/shop-base/qr-code/download`, { ids: [shops[0].shop_id, shops[1].shop_id] });
    expect(zip.status).toBe(200);
    const JSZip = (await import('jszip')).default;
    const files = Object.keys((await JSZip.loadAsync(zip.raw)).files);
    expect(files).toEqual([shops[0], shops[1]].map((x) => `${x.shop_code}_${x.shop_name}.png`).sort());
    expect((await other('GET', `${P}/shop-base/qr-code/${shops[0].shop_id}`)).status).toBe(404);
    // Head office hands QR codes out: shop staff who may read shops may not download them.
    expect((await shop('GET', `${P}/shop-base/qr-code/${shops[0].shop_id}`)).status).toBe(403);
  });

  it('the shop’s warehouse; a reference minimum cost from its region’s shops; a shop’s region path and a region’s shops', async () => {
    const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
    expect((await admin('POST', `${P}/shop-base/selectWhIdByShopId`, { shopId: wh.shop_id })).json.data.whId).toBe(wh.wh_id);
    expect((await admin('POST', `${P}/shop-base/selectWhIdByShopId`, { shopId: 999999 })).status).toBe(404);
    // Three peers of the region at 100, 200 and 900 yuan per m²: the median (200) times this shop's 50 m².
    const region = (await s.db.tenant(1, (tx) => tx.query<{ region_name: string; ids: number[] }>(
      `SELECT region_name, (array_agg(shop_id ORDER BY shop_id))[1:4] AS ids FROM shop_base WHERE region_name IS NOT NULL GROUP BY region_name HAVING count(*) >= 4 ORDER BY region_name LIMIT 1`,
    ))).rows[0];
    await s.db.tenant(1, async (tx) => {
      await tx.query(`UPDATE shop_base SET area = NULL, min_cost = NULL WHERE region_name = $1`, [region.region_name]);
      await tx.query(`UPDATE shop_base SET area = 10, min_cost = v FROM unnest($1::int[], $2::numeric[]) AS x(id, v) WHERE shop_id = x.id`, [region.ids.slice(1), [1000, 2000, 9000]]);
      await tx.query(`UPDATE shop_base SET area = 50 WHERE shop_id = $1`, [region.ids[0]]);
    });
    const ref = (await admin('GET', `${P}/shop-base/ref-min-cost/${region.ids[0]}`)).json.data;
    expect(ref).toMatchObject({ regionName: region.region_name, sampleShops: 3, costPerSqm: 200, refMinCost: 10000, area: 50 });
    const info = (await admin('GET', `${P}/shop-region/shop/info?shopId=${region.ids[0]}`)).json.data;
    expect(info.regionPath.at(-1).regionName).toBe(region.region_name);
    const regionId = (await s.db.tenant(1, (tx) => tx.query<{ region_id: number }>(`SELECT region_id FROM shop_region WHERE region_name = $1`, [region.region_name]))).rows[0].region_id;
    const page = (await admin('POST', `${P}/shop-region/shop/page/1/2`, { regionId })).json.data;
    expect(page.total).toBe((await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM shop_base WHERE region_name = $1`, [region.region_name]))).rows.length);
    expect(page.records).toHaveLength(2);
    expect((await admin('POST', `${P}/shop-region/shop/page/1/2`, { regionId: 999999 })).status).toBe(404);
  });
});

describe('线上订单', () => {
  it('merge keeps one row per shop, platform and day; import by shop code updates a day; a future day is refused', async () => {
    const day = '2026-11-01';
    const shopId = shops[2].shop_id;
    const first = await admin('POST', `${P}/shop-online-order/merge`, { shopId, platform: 1, orderDate: day, orderCount: 12, orderAmount: 345.6 });
    expect([first.status, first.json.msg]).toEqual([200, '已新增']);
    const second = await admin('POST', `${P}/shop-online-order/merge`, { shopId, platform: 1, orderDate: day, orderCount: 13, orderAmount: 400, refundAmount: 20 });
    expect(second.json.msg).toBe('已更新当天的数据');
    const rows = (await admin('POST', `${P}/shop-online-order/list`, { pageNum: 1, pageSize: 10, shopId, orderDateStart: day, orderDateEnd: day })).json.data.records;
    expect(rows).toEqual([expect.objectContaining({ platform: 1, orderCount: 13, orderAmount: 400, refundAmount: 20, shopName: shops[2].shop_name })]);
    expect((await admin('POST', `${P}/shop-online-order/merge`, { shopId, platform: 1, orderDate: '2999-01-01', orderCount: 1, orderAmount: 1 })).json.msg).toBe('日期不能晚于今天');
    expect((await admin('POST', `${P}/shop-online-order/merge`, { shopId, platform: 2, orderDate: day, orderCount: 1, orderAmount: 1, refundAmount: 2 })).json.msg).toBe('退款金额不能大于订单金额');
    const dup = await admin('POST', `${P}/shop-online-order/add`, { shopId, platform: 1, orderDate: day, orderCount: 1, orderAmount: 1 });
    expect(dup.status).toBe(409);
    const tpl = (await admin('GET', `${P}/shop-online-order/template`)).raw;
    const bad = await uploadXlsx(s, adminToken, `${P}/shop-online-order/import`, await fillTemplate(tpl, [
      { 门店编码: shops[2].shop_code, 平台: '美团', 日期: day, 订单数: 20, 订单金额: 500 },
      { 门店编码: shops[2].shop_code, 平台: '美团', 日期: day, 订单数: 21, 订单金额: 501 },
      { 门店编码: shops[2].shop_code, 平台: '拼多多', 日期: day, 订单数: 1, 订单金额: 1 },
    ]));
    expect(bad.json().data.errors).toEqual([
      { row: 3, field: '日期', message: '与第2行是同一门店、平台和日期' },
      { row: 4, field: '平台', message: '平台应为 美团、饿了么、京东到家、抖音 之一' },
    ]);
    const good = await uploadXlsx(s, adminToken, `${P}/shop-online-order/import`, await fillTemplate(tpl, [
      { 门店编码: shops[2].shop_code, 平台: '美团', 日期: day, 订单数: 20, 订单金额: 500 },
      { 门店编码: shops[2].shop_code, 平台: '饿了么', 日期: day, 订单数: 5, 订单金额: 99.5 },
    ]));
    expect(good.json().msg).toBe('导入成功：新增 1 条，更新 1 条');
    const after = (await admin('POST', `${P}/shop-online-order/list`, { pageNum: 1, pageSize: 10, shopId, orderDateStart: day, orderDateEnd: day })).json.data.records as Json[];
    expect(after.map((r) => [r.platform, r.orderCount, r.orderAmount]).sort()).toEqual([[1, 20, 500], [2, 5, 99.5]]);
    expect((await shop('POST', `${P}/shop-online-order/list`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
  });
});

describe('门店档案', () => {
  it('links uploaded pictures to a shop, answers fresh links, lists floor plans and how complete each profile is', async () => {
    const upload = (name: string) => uploadPng(s, adminToken, name);
    const shopId = shops[1].shop_id;
    const door = await upload('门头.png');
    const added = await admin('POST', `${P}/shop-multimedia/upload`, { shopId, mediaType: 1, ...door });
    expect(added.status, added.body).toBe(200);
    expect(added.json.data).toMatchObject({ mediaTypeName: '门头照', fileName: '门头.png', shopName: shops[1].shop_name });
    expect(added.json.data.url).toContain('/api/wxy-file-server/video/downSeeding');
    expect((await admin('POST', `${P}/shop-multimedia/upload`, { shopId, mediaType: 1, ...door })).json.msg).toBe('该文件已在门店档案中');
    expect((await admin('POST', `${P}/shop-multimedia/upload`, { shopId, mediaType: 4, ...door })).json.msg).toBe('视频请上传 mp4 或 ogg 文件');
    expect((await admin('POST', `${P}/shop-multimedia/upload`, { shopId, mediaType: 1, videoObjectKey: '202611/nope.png', videoBucketName: 'image' })).json.msg).toBe('文件不存在，请重新上传');
    const plan = (await admin('POST', `${P}/shop-multimedia/upload`, { shopId, mediaType: 2, ...(await upload('平面图.png')) })).json.data;
    const dl = (await admin('GET', `${P}/shop-multimedia/download/${plan.id}`)).json.data;
    expect(dl.downloadUrl).toContain('/api/wxy-file-server/video/downloadFile');
    // An image link opens with the page's session (its cookie), as in <img src>.
    expect((await s.app.inject({ method: 'GET', url: dl.url, headers: { cookie: `Admin-Token=${adminToken}` } })).headers['content-type']).toBe('image/png');
    const plans = (await admin('POST', `${P}/shop-rel-planar-pic-multimedia/page/ding`, { shopId })).json.data;
    expect(plans.records.map((r: Json) => r.fileName)).toEqual(['平面图.png']);
    const before = (await admin('POST', `${P}/shop-base/page/profile`, { shopName: shops[1].shop_name })).json.data.records[0];
    expect(before).toMatchObject({ doorPhotos: 1, planarPics: 1, complete: false });
    expect((await admin('POST', `${P}/shop-profile/add`, { shopId, businessHours: '09:00-22:00', description: '社区店' })).status).toBe(200);
    expect((await admin('POST', `${P}/shop-base/page/profile`, { shopName: shops[1].shop_name })).json.data.records[0]).toMatchObject({ businessHours: '09:00-22:00', complete: true });
    expect((await other('GET', `${P}/shop-multimedia/download/${plan.id}`)).status).toBe(404);
    expect((await shop('POST', `${P}/shop-multimedia/upload`, { shopId, mediaType: 1, ...door })).status).toBe(403);
  });
});

describe('平台门店匹配', () => {
  it('matches the platform stores whose name carries one shop’s name, one to one; counts the shops left; imports and matches by hand', async () => {
    const unmatchedBefore = (await admin('GET', `${P}/shop-rel-poi/findUnmatchShopCount/1`)).json.data;
    const auto = await admin('POST', `${P}/shop-rel-poi/relevanceReachMate`, { platformType: 1 });
    expect(auto.status, auto.body).toBe(200);
    expect(auto.json.data.matched).toBeGreaterThanOrEqual(5);
    const matched = (await admin('POST', `${P}/shop-rel-poi/findPage`, { pageNum: 1, pageSize: 50, platformType: 1, matchType: 1 })).json.data.records as Json[];
    for (const m of matched) expect(m.poiName).toContain(String(m.shopName).replace(/店$/, ''));
    expect(((await admin('POST', `${P}/shop-rel-poi/findPage`, { pageNum: 1, pageSize: 50, poiName: '测试门店' })).json.data.records as Json[])[0].matchType).toBe(0);
    const after = (await admin('GET', `${P}/shop-rel-poi/findUnmatchShopCount/1`)).json.data;
    expect(after.unmatched).toBe(unmatchedBefore.unmatched - auto.json.data.matched);
    // Import a 饿了么 store with its shop code: matched by hand; the same shop twice on one platform is refused.
    const tpl = (await admin('GET', `${P}/shop-rel-poi/template`)).raw;
    const good = await uploadXlsx(s, adminToken, `${P}/shop-rel-poi/import`, await fillTemplate(tpl, [{ 平台: '饿了么', 平台门店ID: 'ELM001', 平台门店名称: '某店', 门店编码: shops[0].shop_code }]));
    expect(good.statusCode, good.body).toBe(200);
    const row = ((await admin('POST', `${P}/shop-rel-poi/findPage`, { pageNum: 1, pageSize: 5, platformType: 2 })).json.data.records as Json[])[0];
    expect(row).toMatchObject({ poiId: 'ELM001', shopName: shops[0].shop_name, matchType: 2 });
    const twice = await uploadXlsx(s, adminToken, `${P}/shop-rel-poi/import`, await fillTemplate(tpl, [{ 平台: '饿了么', 平台门店ID: 'ELM002', 平台门店名称: '某店2', 门店编码: shops[0].shop_code }]));
    expect([twice.statusCode, twice.json().msg]).toEqual([409, '同一个门店在一个平台只能对应一个平台门店，请检查“门店编码”列']);
    expect((await admin('PUT', `${P}/shop-rel-poi/edit`, { id: row.id, shopId: null })).json.data).toMatchObject({ shopId: null, matchType: 0 });
    expect((await shop('POST', `${P}/shop-rel-poi/findPage`, { pageNum: 1, pageSize: 5 })).status).toBe(403);
  });
});

describe('报表设置', () => {
  it('the counting rules start at their defaults and are saved; report columns are renamed (empty gives the default back) or hidden', async () => {
    expect((await admin('GET', `${P}/shop-report-base-config/info`)).json.data).toMatchObject({ businessDayStart: 0, costBasis: 1, includeOnline: true, weekStart: 1 });
    const saved = await admin('POST', `${P}/shop-report-base-config/save`, { businessDayStart: 4, costBasis: 2, includeOnline: false, weekStart: 7 });
    expect(saved.json.data).toMatchObject({ businessDayStart: 4, costBasis: 2, includeOnline: false, weekStart: 7, updateUserName: '系统管理员' });
    expect((await admin('POST', `${P}/shop-report-base-config/save`, { businessDayStart: 9, costBasis: 2, includeOnline: false, weekStart: 7 })).status).toBe(400);
    expect((await other('GET', `${P}/shop-report-base-config/info`)).json.data.businessDayStart).toBe(0);
    const cols = (await admin('POST', `${P}/shop-report-defined-config/findPage`, { pageNum: 1, pageSize: 50, reportCode: 'shopSale' })).json.data.records as Json[];
    const margin = cols.find((c) => c.fieldName === 'grossMargin')!;
    expect(margin).toMatchObject({ defaultName: '毛利率', displayName: '毛利率', visible: true });
    expect((await admin('PUT', `${P}/shop-report-defined-config/edit`, { id: margin.id, displayName: '毛利%', visible: false })).json.data).toMatchObject({ displayName: '毛利%', visible: false });
    expect((await admin('PUT', `${P}/shop-report-defined-config/edit`, { id: margin.id, displayName: ' ' })).json.data.displayName).toBe('毛利率');
    expect((await shop('GET', `${P}/shop-report-base-config/info`)).status).toBe(403);
  });
});

describe('门店成本与陈列导入', () => {
  const costOf = async (id: number) =>
    (await s.db.tenant(1, (tx) => tx.query<{ area: string | null; min_cost: string | null; display_area: string | null; shelf_count: number | null; window_count: number | null }>(
      `SELECT area, min_cost, display_area, shelf_count, window_count FROM shop_base WHERE shop_id = $1`, [id]))).rows[0];

  it('imports cost data by shop code: blanks keep the value, a bad file is reported cell by cell and writes nothing', async () => {
    const tpl = (await admin('GET', `${P}/shop-base/cost/template`)).raw;
    const before = await costOf(shops[1].shop_id);
    const bad = await uploadXlsx(s, adminToken, `${P}/shop-base/cost/import`, await fillTemplate(tpl, [
      { 门店编码: shops[0].shop_code, 营业面积: 88.5, 参考最低成本: 12000 },
      { 门店编码: shops[1].shop_code, 营业面积: 1.234 },
      { 门店编码: 'NO-SUCH-SHOP', 营业面积: 10 },
      { 门店编码: shops[0].shop_code, 参考最低成本: '很多' },
      { 门店编码: shops[2].shop_code },
    ]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([
      { row: 3, field: '营业面积', message: '营业面积最多2位小数' },
      { row: 4, field: '门店编码', message: '门店编码“NO-SUCH-SHOP”不存在' },
      { row: 5, field: '门店编码', message: `门店编码“${shops[0].shop_code}”与第2行重复` },
      { row: 5, field: '参考最低成本', message: '参考最低成本应为0到999999999999之间的数字' },
      { row: 6, field: '营业面积', message: '至少填写营业面积、参考最低成本中的一项' },
    ]);
    expect(bad.json().msg).toContain('未写入任何数据');
    expect(await costOf(shops[0].shop_id)).toMatchObject({ area: expect.not.stringMatching(/^88\.50$/) });
    const good = await uploadXlsx(s, adminToken, `${P}/shop-base/cost/import`, await fillTemplate(tpl, [
      { 门店编码: shops[0].shop_code, 营业面积: 88.5, 参考最低成本: 12000 },
      { 门店编码: shops[1].shop_code, 参考最低成本: '3500.25' },
    ]));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().msg).toBe('导入成功，共2条');
    expect(await costOf(shops[0].shop_id)).toMatchObject({ area: '88.50', min_cost: '12000.00' });
    expect(await costOf(shops[1].shop_id)).toMatchObject({ area: before.area, min_cost: '3500.25' });
    expect((await admin('GET', `${P}/shop-base/info/${shops[0].shop_id}`)).json.data).toMatchObject({ area: 88.5, minCost: 12000 });
  });

  it('imports display data; shows it in the shop’s detail; shop01 and another tenant change nothing', async () => {
    const tpl = (await admin('GET', `${P}/shop-base/display/template`)).raw;
    const bad = await uploadXlsx(s, adminToken, `${P}/shop-base/display/import`, await fillTemplate(tpl, [
      { 门店编码: shops[0].shop_code, 陈列面积: 30, 货架数: 12, 橱窗数: 2 },
      { 门店编码: shops[1].shop_code, 货架数: 2.5, 橱窗数: -1 },
    ]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([
      { row: 3, field: '货架数', message: '货架数应为0到9999之间的整数' },
      { row: 3, field: '橱窗数', message: '橱窗数应为0到9999之间的整数' },
    ]);
    expect((await costOf(shops[0].shop_id)).shelf_count).toBeNull();
    const file = await fillTemplate(tpl, [{ 门店编码: shops[0].shop_code, 陈列面积: 30.5, 货架数: 12, 橱窗数: 2 }, { 门店编码: shops[1].shop_code, 货架数: 4 }]);
    expect((await uploadXlsx(s, adminToken, `${P}/shop-base/display/import`, file)).statusCode).toBe(200);
    expect((await admin('GET', `${P}/shop-base/info/${shops[0].shop_id}`)).json.data).toMatchObject({ displayArea: 30.5, shelfCount: 12, windowCount: 2 });
    expect(await costOf(shops[1].shop_id)).toMatchObject({ shelf_count: 4, window_count: null });
    // shop01 may read shops but not import; another tenant's import never reaches tenant 1's shops.
    const shopToken = await s.login('shop01', 'shop123');
    const refused = await uploadXlsx(s, shopToken, `${P}/shop-base/display/import`, await fillTemplate(tpl, [{ 门店编码: shops[0].shop_code, 货架数: 99 }]));
    expect(refused.statusCode).toBe(403);
    const otherToken = await s.login('admin', 'admin123', 2);
    await uploadXlsx(s, otherToken, `${P}/shop-base/display/import`, await fillTemplate(tpl, [{ 门店编码: shops[0].shop_code, 货架数: 99 }]), 2);
    expect((await costOf(shops[0].shop_id)).shelf_count).toBe(12);
  });
});
