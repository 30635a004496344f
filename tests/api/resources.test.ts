import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessTz, startTestServer, zoneText, type TestServer } from './harness.ts';
import { grantShopStaff, worksAt } from './resourceCalls.ts';
import { XLSX_MAX_DATA_ROWS, refuseOverSheetLimit } from '../../server/resources/exporter.ts';
import { sqlLiteral } from '../../server/resources/params.ts';

let s: TestServer;
let admin: string;
let shop01: string;
let admin2: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, shop01, admin2] = await Promise.all([s.login('admin', 'admin123', 1), s.login('shop01', 'shop123', 1), s.login('admin', 'admin123', 2)]);
});
afterAll(async () => s?.stop());

const api = (path: string) => `/api/wxy-shop-server/shop-base/${path}`;
const as = (token: string, tenant = 1) => ({
  call: (method: string, path: string, body?: unknown) => s.call(method, api(path), { token, tenant, body }),
});

const shop = (code: string, extra: Record<string, unknown> = {}) => ({
  shopCode: code,
  shopName: `门店${code}`,
  shopType: 1,
  regionName: '华东',
  phone: '13912345678',
  area: 120.5,
  minCost: 3000,
  openDate: '2025-03-01',
  ...extra,
});

/** An xlsx file of rows under the given header titles. */
async function xlsx(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('门店');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'shops.xlsx'): { body: Buffer; type: string } {
  const boundary = '----wxyboundary7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

const page = async (token: string, body: Record<string, unknown> = {}, p = '1/20', tenant = 1) => {
  const res = await as(token, tenant).call('POST', `page/${p}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { records: Record<string, unknown>[]; total: number; lastKey: unknown[] };
};

describe('shop-base CRUD', () => {
  it('adds, reads, edits, switches state and deletes a shop', async () => {
    const a = as(admin);
    const created = await a.call('POST', 'add', shop('CRUD1', { address: '上海市徐汇区漕溪北路1号', remark: '旗舰店' }));
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({ shopCode: 'CRUD1', shopName: '门店CRUD1', status: 1, area: 120.5, minCost: 3000, openDate: '2025-03-01', remark: '旗舰店' });
    expect(row.shopId).toBeGreaterThan(0);
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const info = await a.call('GET', `info/${row.shopId}`);
    expect(info.json().data).toMatchObject({ shopId: row.shopId, address: '上海市徐汇区漕溪北路1号' });

    const edited = await a.call('PUT', 'edit', { shopId: row.shopId, shopName: '徐汇旗舰店', area: 99.99, remark: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ shopName: '徐汇旗舰店', area: 99.99, remark: null, shopCode: 'CRUD1' });

    expect((await a.call('PUT', 'edit-state', { shopId: row.shopId, status: 0 })).statusCode).toBe(200);
    expect((await a.call('GET', `info/${row.shopId}`)).json().data.status).toBe(0);
    const badState = await a.call('PUT', 'edit-state', { shopId: row.shopId, status: 7 });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().msg).toBe('状态取值不在允许范围内');

    expect((await a.call('DELETE', `delete/${row.shopId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    const gone = await a.call('GET', `info/${row.shopId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('门店不存在');
    expect((await a.call('DELETE', `delete/${row.shopId}`)).statusCode).toBe(404);
  });

  it('answers validation errors naming the field in Chinese and writes nothing', async () => {
    const a = as(admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ shopCode: 'V1', shopType: 1 }, '门店名称不能为空'],
      [shop('V2', { shopName: '名'.repeat(25) }), '门店名称长度不能超过24个字符'],
      [shop('V3', { phone: '12345' }), '手机号码有误，请重填!'],
      [shop('V4', { area: 1.234 }), '营业面积最多2位小数'],
      [shop('V5', { openDate: '2025-13-45' }), '开业日期格式不正确，应为 YYYY-MM-DD'],
      [shop('V6', { shopType: 9 }), '门店类型取值不在允许范围内'],
      [shop('V7', { shopName: '<script>' }), '门店名称不能包含 < > ; -- /* 等特殊字符'],
      [shop('V 8'), '门店编码只能包含字母、数字、下划线或短横线'],
      [shop('V9', { area: -1 }), '营业面积不能小于0'],
    ];
    for (const [body, msg] of cases) {
      const res = await a.call('POST', 'add', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
    expect((await page(admin, { shopCode: 'V2' })).total).toBe(0);
    const dup = await a.call('POST', 'add', shop('DUP1'));
    expect(dup.statusCode).toBe(200);
    const again = await a.call('POST', 'add', shop('DUP1'));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('门店编码已存在');
    const blankEdit = await a.call('PUT', 'edit', { shopId: dup.json().data.shopId, shopName: null });
    expect(blankEdit.json().msg).toBe('门店名称不能为空');
    expect((await a.call('PUT', 'edit', { shopName: 'x' })).json().msg).toBe('门店ID不能为空');
  });

  it('refuses calls the caller has no permission for (shop01 may only look)', async () => {
    const u = as(shop01);
    expect((await u.call('POST', 'add', shop('P1'))).statusCode).toBe(403);
    expect((await u.call('PUT', 'edit', { shopId: 1, shopName: 'x' })).statusCode).toBe(403);
    expect((await u.call('DELETE', 'delete/1')).statusCode).toBe(403);
    expect((await u.call('POST', 'export', {})).statusCode).toBe(403);
    expect((await u.call('GET', 'template')).json()).toEqual({ code: 4030, msg: '您无权限执行该操作', data: null });
    expect((await u.call('POST', 'page/1/20', {})).statusCode).toBe(200);
    expect((await s.call('POST', api('page/1/20'), { tenant: 1, body: {} })).statusCode).toBe(401);
  });

  it('keeps tenants apart: another tenant neither sees nor changes these shops', async () => {
    const mine = (await as(admin).call('POST', 'add', shop('T1ONLY'))).json().data;
    const other = as(admin2, 2);
    expect((await page(admin2, { shopCode: 'T1ONLY' }, '1/20', 2)).total).toBe(0);
    expect((await other.call('GET', `info/${mine.shopId}`)).statusCode).toBe(404);
    expect((await other.call('PUT', 'edit', { shopId: mine.shopId, shopName: '被改了' })).statusCode).toBe(404);
    expect((await other.call('DELETE', `delete/${mine.shopId}`)).statusCode).toBe(404);
    // The same code is free in tenant 2 (uniqueness is per tenant).
    expect((await other.call('POST', 'add', shop('T1ONLY'))).statusCode).toBe(200);
    expect((await as(admin).call('GET', `info/${mine.shopId}`)).json().data.shopName).toBe('门店T1ONLY');
  });

  it('strips fields guarded by 成本总金额 for shop01 in pages, details and lists', async () => {
    const row = (await as(admin).call('POST', 'add', shop('FP1', { minCost: 4321.5 }))).json().data;
    const adminRow = (await page(admin, { shopCode: 'FP1' })).records[0];
    expect(adminRow.minCost).toBe(4321.5);
    // A shop not shop01's is not in its list nor its details (the shop list's row scope); once it works there, it is.
    expect((await page(shop01, { shopCode: 'FP1' })).records).toEqual([]);
    expect((await as(shop01).call('GET', `info/${row.shopId}`)).json().msg).toBe('无权查看门店「门店FP1」的数据');
    await worksAt(s, 'shop01', row.shopId);
    const staffRow = (await page(shop01, { shopCode: 'FP1' })).records[0];
    expect(staffRow.shopName).toBe('门店FP1');
    expect(staffRow).not.toHaveProperty('minCost');
    const staffInfo = (await as(shop01).call('GET', `info/${row.shopId}`)).json().data;
    expect(staffInfo).not.toHaveProperty('minCost');
    expect(staffInfo.shopCode).toBe('FP1');
  });
});

describe('shop-base batch status switch (PUT edit-state/batch)', () => {
  const statuses = async (ids: number[], token = admin, tenant = 1) =>
    Promise.all(ids.map(async (id) => (await as(token, tenant).call('GET', `info/${id}`)).json().data.status as number));
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (let i = 1; i <= 5; i++) {
      const res = await as(admin).call('POST', 'add', shop(`BSW${i}`));
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.shopId);
    }
  });

  it('switches exactly the given shops, all in one call, and answers how many', async () => {
    const off = await as(admin).call('PUT', 'edit-state/batch', { ids: [ids[0], ids[2], ids[4]], status: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ code: 200, msg: '操作成功', data: { updated: 3 } });
    expect(await statuses(ids)).toEqual([0, 1, 0, 1, 0]);
    // A repeated id counts once.
    const on = await as(admin).call('PUT', 'edit-state/batch', { ids: [ids[0], ids[0], ids[2]], status: 1 });
    expect(on.json()).toEqual({ code: 200, msg: '操作成功', data: { updated: 2 } });
    expect(await statuses(ids)).toEqual([1, 1, 1, 1, 0]);
    expect((await as(admin).call('PUT', 'edit-state/batch', { ids: [ids[4]], status: 1 })).statusCode).toBe(200);
  });

  it('refuses a value outside the allowed ones, a missing value and an empty or oversized id list, naming the field', async () => {
    const a = as(admin);
    const cases: [unknown, string][] = [
      [{ ids: [ids[0]], status: 7 }, '状态取值不在允许范围内'],
      [{ ids: [ids[0]] }, '状态不能为空'],
      [{ ids: [], status: 0 }, '门店ID列表不能为空'],
      [{ status: 0 }, '门店ID列表不能为空'],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1), status: 0 }, '门店ID列表最多1000项'],
      [{ ids: ['abc'], status: 0 }, '门店ID应为整数'],
    ];
    for (const [body, msg] of cases) {
      const res = await a.call('PUT', 'edit-state/batch', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
    expect(await statuses(ids)).toEqual([1, 1, 1, 1, 1]);
  });

  it('changes nothing when one id is unknown or another tenant\'s: 404 naming 门店', async () => {
    const theirs = (await as(admin2, 2).call('POST', 'add', shop('BSWT2'))).json().data.shopId as number;
    const mixed = await as(admin).call('PUT', 'edit-state/batch', { ids: [ids[0], ids[1], theirs], status: 0 });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ code: 4040, msg: `门店不存在（门店ID ${theirs}），未修改任何记录`, data: null });
    expect(await statuses(ids)).toEqual([1, 1, 1, 1, 1]);
    expect(await statuses([theirs], admin2, 2)).toEqual([1]);
    // The other way round: tenant 2 cannot switch tenant 1's shops either.
    const fromOther = await as(admin2, 2).call('PUT', 'edit-state/batch', { ids: [theirs, ids[3]], status: 0 });
    expect(fromOther.statusCode).toBe(404);
    expect(await statuses([theirs], admin2, 2)).toEqual([1]);
    expect(await statuses(ids)).toEqual([1, 1, 1, 1, 1]);
    const unknown = await as(admin).call('PUT', 'edit-state/batch', { ids: [ids[0], 99999991], status: 0 });
    expect(unknown.json().msg).toBe('门店不存在（门店ID 99999991），未修改任何记录');
    expect(await statuses(ids)).toEqual([1, 1, 1, 1, 1]);
  });

  it('needs shop:base:edit like edit-state: shop01 is refused both and nothing changes', async () => {
    const u = as(shop01);
    const single = await u.call('PUT', 'edit-state', { shopId: ids[0], status: 0 });
    const batch = await u.call('PUT', 'edit-state/batch', { ids: [ids[0], ids[1]], status: 0 });
    expect(single.statusCode).toBe(403);
    expect(batch.statusCode).toBe(403);
    expect(batch.json()).toEqual({ code: 4030, msg: '您无权限执行该操作', data: null });
    expect(await statuses(ids)).toEqual([1, 1, 1, 1, 1]);
    expect((await s.call('PUT', api('edit-state/batch'), { tenant: 1, body: { ids: [ids[0]], status: 0 } })).statusCode).toBe(401);
  });
});

describe('shop-base filters, sorting and paging', () => {
  beforeAll(async () => {
    const a = as(admin);
    for (let i = 1; i <= 25; i++) {
      const res = await a.call(
        'POST',
        'add',
        shop(`F${String(i).padStart(3, '0')}`, {
          shopName: i % 5 === 0 ? `静安${i}号店` : `浦东${i}号店`,
          shopType: (i % 3) + 1,
          area: i * 10,
          openDate: `2024-01-${String(i).padStart(2, '0')}`,
          regionName: i <= 10 ? 'F北' : 'F南',
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('filters by contains, equals, in, date range and number range', async () => {
    // regionName F: only the shops this file made (the demo data has a 上海静安店 too).
    expect((await page(admin, { shopName: '静安', regionName: 'F' })).total).toBe(5);
    expect((await page(admin, { shopCode: 'F007' })).records.map((r) => r.shopName)).toEqual(['浦东7号店']);
    // shopType is (i % 3) + 1: type 3 for i = 2, 5, ..., 23 (8 shops), so 17 are type 1 or 2.
    const types = (await page(admin, { regionName: 'F', shopTypes: [1, 2] }, '1/100')).records;
    expect(types.length).toBe(17);
    expect(types.every((r) => r.shopType === 1 || r.shopType === 2)).toBe(true);
    const dates = await page(admin, { openDateStart: '2024-01-05', openDateEnd: '2024-01-09' });
    expect(dates.records.map((r) => r.openDate).sort()).toEqual(['2024-01-05', '2024-01-06', '2024-01-07', '2024-01-08', '2024-01-09']);
    const areas = await page(admin, { areaMin: 200, areaMax: 230, regionName: 'F' });
    expect(areas.records.map((r) => r.area).sort()).toEqual([200, 210, 220, 230]);
    // % and _ are literal characters, not wildcards.
    expect((await page(admin, { shopName: '%' })).total).toBe(0);
    // Through the two-character index: longer texts, texts straddling pieces, one character, any case.
    expect((await page(admin, { shopName: '静安1', regionName: 'F' })).records.map((r) => r.shopName).sort()).toEqual(['静安10号店', '静安15号店']);
    expect((await page(admin, { shopName: '0号', regionName: 'F' })).records.map((r) => r.shopName).sort()).toEqual(['静安10号店', '静安20号店']);
    expect((await page(admin, { shopName: '安', regionName: 'F' })).total).toBe(5);
    expect((await page(admin, { shopName: '静安', regionName: 'f北' })).records.map((r) => r.shopName).sort()).toEqual(['静安10号店', '静安5号店']);
  });

  it('sorts by whitelisted fields only and refuses others naming them', async () => {
    const asc = await page(admin, { regionName: 'F', sort: 'area', order: 'asc' }, '1/5');
    expect(asc.records.map((r) => r.area)).toEqual([10, 20, 30, 40, 50]);
    const desc = await page(admin, { regionName: 'F', sort: 'openDate', order: 'desc' }, '1/3');
    expect(desc.records.map((r) => r.openDate)).toEqual(['2024-01-25', '2024-01-24', '2024-01-23']);
    const bad = await as(admin).call('POST', 'page/1/20', { sort: 'phone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('不支持按联系电话排序');
    const badDate = await as(admin).call('POST', 'page/1/20', { openDateStart: '昨天' });
    expect(badDate.json().msg).toBe('开业日期(openDateStart)日期格式不正确');
  });

  it('pages with totals, and a lastKey continues exactly where OFFSET would', async () => {
    const filter = { regionName: 'F', sort: 'area', order: 'desc' };
    const p1 = await page(admin, filter, '1/10');
    const p2 = await page(admin, filter, '2/10');
    const p3 = await page(admin, filter, '3/10');
    expect(p1.total).toBe(25);
    expect([...p1.records, ...p2.records, ...p3.records].map((r) => r.area)).toEqual(Array.from({ length: 25 }, (_, i) => (25 - i) * 10));
    const k2 = await page(admin, { ...filter, lastKey: p1.lastKey, searchCount: false }, '2/10');
    expect(k2.records).toEqual(p2.records);
    expect(k2.total).toBe(-1);
    const k3 = await page(admin, { ...filter, lastKey: k2.lastKey }, '3/10');
    expect(k3.records).toEqual(p3.records);
    const beyond = await page(admin, filter, '9/10');
    expect(beyond).toMatchObject({ records: [], total: 25, lastKey: null });
    expect((await as(admin).call('POST', 'page/1/20', { lastKey: ['x', 'y'], sort: 'area' })).json().msg).toBe('请求参数格式不正确');
    expect((await as(admin).call('POST', 'page/0/20', {})).statusCode).toBe(400);
  });

  it('answers list and the region tree of shops', async () => {
    const list = (await as(admin).call('POST', 'list', { regionName: 'F北' })).json().data;
    expect(list.length).toBe(10);
    expect(Object.keys(list[0]).sort()).toEqual(['regionName', 'shopCode', 'shopId', 'shopName', 'status']);
    const tree = (await as(admin).call('GET', 'tree/contains/shop?regionName=F')).json().data;
    expect(tree.map((n: { label: string }) => n.label).sort()).toEqual(['F北', 'F南']);
    expect(tree.find((n: { label: string }) => n.label === 'F南').children).toHaveLength(15);
  });
});

describe('shop-base export and import', () => {
  it('exports the filtered query as CSV with a BOM, titles, labels and quoting; shop01 never gets 参考最低成本', async () => {
    const exp1 = (await as(admin).call('POST', 'add', shop('EXP1', { shopName: '导出店', address: '北京市,朝阳区"三里屯"', regionName: '导出区' }))).json().data;
    const res = await s.call('POST', api('export'), { token: admin, tenant: 1, body: { regionName: '导出区' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('门店列表_'));
    const text = res.body;
    expect(text.startsWith('\uFEFF门店ID,门店编码,门店名称,门店类型,所属区域,联系人,联系电话,门店地址,营业面积,参考最低成本,开业日期,状态,创建时间\r\n')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"EXP1","导出店","直营店","导出区",,"13912345678","北京市,朝阳区""三里屯""",120.50,3000.00,2025-03-01,"启用",');

    await grantShopStaff(s, 'shop:base:export');
    await worksAt(s, 'shop01', exp1.shopId);
    const staff = await s.call('POST', api('export'), { token: shop01, tenant: 1, body: { regionName: '导出区' } });
    expect(staff.statusCode).toBe(200);
    expect(staff.body).not.toContain('参考最低成本');
    expect(staff.body).not.toContain('3000.00');
    expect(staff.body.split('\r\n')[0]).toContain('营业面积,开业日期');
  });

  it('refuses an xlsx export past the sheet row limit before sending anything, counting only as far as the limit', async () => {
    expect(XLSX_MAX_DATA_ROWS).toBe(1_048_575);
    // The same check with a small limit on tenant 1's shops (loading a million rows here would take minutes).
    const plan = { where: ['t.tenant_id = $1'], params: [1] };
    const shops = Number((await s.db.tenant(1, (tx) => tx.query<{ n: string }>(`SELECT count(*) AS n FROM shop_base`))).rows[0].n);
    await expect(refuseOverSheetLimit(s.db, 1, { table: 'shop_base' }, plan, shops)).resolves.toBeUndefined();
    await expect(refuseOverSheetLimit(s.db, 1, { table: 'shop_base' }, plan, shops - 1)).rejects.toMatchObject({
      status: 400,
      message: `导出数据超过 Excel 单表上限 ${(shops - 1).toLocaleString('en-US')} 行，请增加筛选条件或导出 CSV`,
    });
  });

  it('exports every row of a filter spanning several keyset batches, once and in order (CSV and xlsx)', async () => {
    // Batches of 50 rows here (the default is 10,000): the same keyset walk across batch edges, with few rows to write.
    // Exports of a million rows are measured by `npm run bench` (tests/bench/resources.ts).
    const EXPORT_BATCH = 50;
    process.env.EXPORT_BATCH = String(EXPORT_BATCH);
    const n = EXPORT_BATCH + 7;
    await s.db.tenant(1, (tx) =>
      tx.query(`INSERT INTO shop_base (tenant_id, shop_code, shop_name, region_name) SELECT 1, 'M' || g, '批量' || g || '号店', '批量区' FROM generate_series(1, $1::int) g`, [n]),
    );
    try {
      const body = { regionName: '批量区', sort: 'shopCode', order: 'desc' };
      const csv = await s.call('POST', api('export'), { token: admin, tenant: 1, body });
      const codes = csv.body.trim().split('\r\n').slice(1).map((l) => l.split(',')[1].replace(/"/g, ''));
      expect(codes).toHaveLength(n);
      expect(new Set(codes).size).toBe(n);
      expect(codes).toEqual([...codes].sort().reverse());
      const xl = await s.call('POST', api('export?format=xlsx'), { token: admin, tenant: 1, body });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xl.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws.rowCount).toBe(n + 1);
      // Row numbers continue across batches: the first row of the second batch is sheet row EXPORT_BATCH + 2.
      for (const i of [0, EXPORT_BATCH - 1, EXPORT_BATCH, n - 1]) expect(ws.getRow(i + 2).getCell(2).value).toBe(codes[i]);
    } finally {
      delete process.env.EXPORT_BATCH;
      await s.db.tenant(1, (tx) => tx.query(`DELETE FROM shop_base WHERE region_name = '批量区'`));
    }
  });

  it('exports awkward text exactly (quotes, commas, backslashes, line breaks, emoji), with filters holding quotes and backslashes, the same on PGlite and a PostgreSQL server', async () => {
    // Written directly, as legacy data or another system might have left them: every character a CSV
    // writer or an SQL literal can get wrong. On a PostgreSQL server this export is one COPY.
    const ids = await s.db.tenant(1, async (tx) => {
      const res = await tx.query<{ shop_id: number; code: string; ct: string }>(
        `INSERT INTO shop_base (tenant_id, shop_code, shop_name, shop_type, region_name, contact_name, phone, address, area, min_cost, open_date, status) VALUES
           (1, 'Q1', 'it''s "好" 店', 1, '对照区', NULL, '', E'一行\n二行', 10.5, NULL, NULL, 1),
           (1, 'Q2', E'back\\\\slash, 逗号', 2, '对照区', '张三', '13900000000', E'CR\r\nLF 🏪', 0, 99999.99, '2024-02-29', 0)
         RETURNING shop_id, shop_code AS code, to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS ct`,
      );
      return Object.fromEntries(res.rows.map((r) => [r.code, r]));
    });
    const q1 = `${ids.Q1.shop_id},"Q1","it's ""好"" 店","直营店","对照区",,"","一行\n二行",10.50,,,"启用",${ids.Q1.ct}\r\n`;
    const q2 = `${ids.Q2.shop_id},"Q2","back\\slash, 逗号","加盟店","对照区","张三","13900000000","CR\r\nLF 🏪",0.00,99999.99,2024-02-29,"停用",${ids.Q2.ct}\r\n`;
    const header = '\uFEFF门店ID,门店编码,门店名称,门店类型,所属区域,联系人,联系电话,门店地址,营业面积,参考最低成本,开业日期,状态,创建时间\r\n';
    const exported = async (body: Record<string, unknown>) => {
      const res = await s.call('POST', api('export'), { token: admin, tenant: 1, body });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    try {
      expect(await exported({ regionName: '对照区', sort: 'shopCode', order: 'asc' })).toBe(header + q1 + q2);
      expect(await exported({ regionName: '对照区', sort: 'shopCode', order: 'desc', shopTypes: [1, 2], areaMin: 0 })).toBe(header + q2 + q1);
      expect(await exported({ regionName: '对照区', shopName: `it's "好"` })).toBe(header + q1);
      expect(await exported({ regionName: '对照区', shopName: 'back\\slash' })).toBe(header + q2);
      const injected = await s.call('POST', api('export'), { token: admin, tenant: 1, body: { regionName: '对照区', shopName: "'); DELETE FROM shop_base; --" } });
      expect(injected.json()).toMatchObject({ msg: '暂无数据' });
      expect(await exported({ regionName: '对照区', openDateStart: '2024-02-29', openDateEnd: '2024-02-29' })).toBe(header + q2);
      expect(await exported({ regionName: '对照区', status: 0 })).toBe(header + q2);
    } finally {
      await s.db.tenant(1, (tx) => tx.query(`DELETE FROM shop_base WHERE region_name = '对照区'`));
    }
  });

  it('refuses a bad export request with a 400 naming the problem before sending any file (PGlite batches and PostgreSQL COPY alike)', async () => {
    const refused = async (token: string, path: string, body: Record<string, unknown>) => {
      const res = await s.call('POST', api(path), { token, tenant: 1, body });
      expect(res.headers['content-type'], res.body).toContain('application/json');
      return res.json();
    };
    expect(await refused(admin, 'export', { sort: 'remark' })).toMatchObject({ code: 400, msg: '不支持按备注排序' });
    expect(await refused(admin, 'export', { sort: 'shopCode', order: 'sideways' })).toMatchObject({ code: 400, msg: '排序方向只能是 asc 或 desc' });
    expect(await refused(admin, 'export', { openDateStart: '2025-02-30x' })).toMatchObject({ code: 400 });
    expect((await refused(admin, 'export', { areaMin: 'abc' })).code).toBe(400);
    expect(await refused(admin, 'export?format=pdf', {})).toMatchObject({ code: 400 });
    // A guarded field cannot be used to order an export either (minCost is not sortable for anyone).
    expect(await refused(admin, 'export', { sort: 'minCost' })).toMatchObject({ code: 400, msg: '不支持按参考最低成本排序' });
  });

  it('reads back every value written into a COPY statement as a literal exactly as the parameter it replaces', async () => {
    const texts = ["it's", 'a\\b', '"q"', "'); DELETE FROM shop_base; --", 'x{y}z,w', '', '静安 🏪', 'E\'\\\''];
    const same = await s.db.tenant(1, (tx) =>
      tx.query<{ t: boolean; a: boolean; n: boolean }>(
        `SELECT ${texts.map((t, i) => `${sqlLiteral(t)}::text = $${i + 1}::text`).join(' AND ')} AS t,
                ${sqlLiteral(texts)}::text[] = $${texts.length + 1}::text[] AS a,
                ${sqlLiteral([1, -2.5])}::numeric[] = ARRAY[1, -2.5]::numeric[] AS n`,
        [...texts, texts],
      ),
    );
    expect(same.rows[0]).toEqual({ t: true, a: true, n: true });
  });

  it.skipIf(!process.env.DATABASE_URL)('PostgreSQL server: an export whose reader goes away ends its COPY and gives its connection back', async () => {
    const copy = s.db.copyOut!;
    const running = () =>
      s.db.system(async (tx) => Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (SELECT repeat(%'`)).rows[0].n));
    // 200 MB each, far more than socket buffers hold, so each COPY is still sending when its reader leaves.
    // More abandoned exports than the pool has connections: a leaked connection would hang the page call below.
    for (let i = 0; i < 12; i++) {
      const stream = await copy(1, `COPY (SELECT repeat('x', 1000) FROM generate_series(1, 200000)) TO STDOUT`);
      const first = await stream[Symbol.asyncIterator]().next();
      expect(first.done).toBe(false);
      stream.destroy();
    }
    for (let i = 0; i < 100 && (await running()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await running()).toBe(0);
    expect((await page(admin)).records.length).toBeGreaterThan(0);
  });

  it('exports xlsx on request', async () => {
    const res = await s.call('POST', api('export?format=xlsx'), { token: admin, tenant: 1, body: { regionName: '导出区' } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(2).value).toBe('门店编码');
    expect(ws.getRow(2).getCell(2).value).toBe('EXP1');
    expect(ws.getRow(2).getCell(4).value).toBe('直营店');
    // Text keeps commas and quotes; numbers are numbers; dates read as written; empty cells stay empty.
    expect(ws.getRow(2).getCell(8).value).toBe('北京市,朝阳区"三里屯"');
    expect(ws.getRow(2).getCell(9).value).toBe(120.5);
    expect(ws.getRow(2).getCell(11).value).toBe('2025-03-01');
    expect(ws.getRow(2).getCell(6).value).toBe(null);
    expect(ws.rowCount).toBe(2);
  });

  it('an export of nothing answers 暂无数据 (CSV and xlsx) instead of a file holding only its header; files are named 标题_时间', async () => {
    for (const format of ['csv', 'xlsx']) {
      const none = await s.call('POST', `${api('export')}?format=${format}`, { token: admin, tenant: 1, body: { regionName: '没有这个区域' } });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ msg: '暂无数据' });
      expect(none.headers['content-disposition']).toBeUndefined();
    }
    const before = zoneText(Date.now()).replace(/\D/g, '');
    const some = await s.call('POST', api('export'), { token: admin, tenant: 1, body: {} });
    const stamp = /门店列表_(\d{14})\.csv$/.exec(decodeURIComponent(String(some.headers['content-disposition'])))?.[1];
    // The time in the name is the shops' clock (BUSINESS_TZ), not UTC.
    expect(stamp! >= before && stamp! <= zoneText(Date.now()).replace(/\D/g, ''), `${stamp} read in ${businessTz()}`).toBe(true);
  });

  it('serves an xlsx template with the writable fields', async () => {
    const res = await s.call('GET', api('template'), { token: admin, tenant: 1 });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['门店编码', '门店名称', '门店类型', '所属区域', '联系人', '联系电话', '门店地址', '营业面积', '参考最低成本', '开业日期', '状态', '备注', '陈列面积', '货架数', '橱窗数']);
    expect(wb.worksheets[1].name).toBe('填写说明');
  });

  it('imports all rows or none: a bad row is reported and nothing is written; a good file is imported', async () => {
    const header = ['门店编码', '门店名称', '门店类型', '所属区域', '联系电话', '营业面积', '开业日期', '状态'];
    const before = (await page(admin, { regionName: '导入区' })).total;
    const bad = await xlsx(header, [
      ['IMP1', '导入一店', '直营店', '导入区', '13900000001', 50, new Date(Date.UTC(2025, 0, 2)), '启用'],
      ['IMP2', '', '加盟店', '导入区', '1390000000x', 60.555, '2025-01-03', '停用'],
      ['IMP3', '导入三店', '直营店', '导入区', '139', 70, '2025-01-04', '启用'],
      ['IMP1', '导入四店', 2, '导入区', '', 80.125, '2025-01-05', 1],
    ]);
    const res = await s.call('POST', api('import'), { token: admin, tenant: 1, body: bad, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
    expect(res.statusCode).toBe(400);
    const report = res.json();
    expect(report.msg).toContain('未写入任何数据');
    // Every problem of a row, not only its first.
    expect(report.data.errors).toEqual([
      { row: 3, field: '门店名称', message: '门店名称不能为空' },
      { row: 3, field: '联系电话', message: '手机号码有误，请重填!' },
      { row: 3, field: '营业面积', message: '营业面积最多2位小数' },
      { row: 4, field: '联系电话', message: '手机号码有误，请重填!' },
      { row: 5, field: '营业面积', message: '营业面积最多2位小数' },
      { row: 5, field: '门店编码', message: '门店编码“IMP1”与第2行重复' },
    ]);
    expect((await page(admin, { regionName: '导入区' })).total).toBe(before);

    const good = await xlsx(header, [
      ['IMP1', '导入一店', '直营店', '导入区', '13900000001', 50, new Date(Date.UTC(2025, 0, 2)), '启用'],
      ['IMP2', '导入二店', '加盟店', '导入区', '', 60.5, '2025-01-03', '停用'],
    ]);
    const form = multipart(good);
    const ok = await s.call('POST', api('import'), { token: admin, tenant: 1, body: form.body, headers: { 'content-type': form.type } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ total: 2, imported: 2, errors: [] });
    const rows = (await page(admin, { regionName: '导入区', sort: 'shopCode', order: 'asc' })).records;
    expect(rows.map((r) => [r.shopCode, r.shopName, r.shopType, r.status, r.openDate, r.area])).toEqual([
      ['IMP1', '导入一店', 1, 1, '2025-01-02', 50],
      ['IMP2', '导入二店', 2, 0, '2025-01-03', 60.5],
    ]);
    // Importing the same codes again: each row reported as existing, still nothing written.
    const again = await s.call('POST', api('import'), { token: admin, tenant: 1, body: good, headers: { 'content-type': 'application/octet-stream' } });
    expect(again.json().data.errors.map((e: { row: number; message: string }) => [e.row, e.message])).toEqual([
      [2, '门店编码“IMP1”已存在'],
      [3, '门店编码“IMP2”已存在'],
    ]);
    const notXlsx = await s.call('POST', api('import'), { token: admin, tenant: 1, body: Buffer.from('hello'), headers: { 'content-type': 'application/octet-stream' } });
    expect(notXlsx.json()).toMatchObject({ code: 400, msg: '文件不是有效的 xlsx 文件' });
  });
});

describe('custom-title-config (设置显示字段)', () => {
  const sys = (p: string) => `/api/wxy-system-server/custom-title-config/${p}`;
  it('saves the caller’s columns and reads them back grouped under their parent', async () => {
    const fileConfigs = [
      { fieldName: '门店编码', fieldId: 'shopCode', isSort: 1, titleParent: null, wide: 120 },
      { fieldName: '联系人', fieldId: 'contactName', isSort: 0, titleParent: '联系信息', wide: 100 },
      { fieldName: '门店名称', fieldId: 'shopName', isSort: 1 },
      { fieldName: '联系电话', fieldId: 'phone', isSort: 0, titleParent: '联系信息', wide: 130 },
    ];
    const saved = await s.call('POST', sys('save'), { token: shop01, tenant: 1, body: { title: 'shop_base', fileConfigs } });
    expect(saved.statusCode, saved.body).toBe(200);
    const got = (await s.call('GET', sys('query?title=shop_base'), { token: shop01, tenant: 1 })).json().data;
    expect(got).toHaveLength(1);
    expect(got[0].columns).toEqual([
      { prop: 'shopCode', name: '门店编码', width: 120, sortable: true },
      {
        name: '联系信息',
        children: [
          { prop: 'contactName', name: '联系人', width: 100, sortable: false },
          { prop: 'phone', name: '联系电话', width: 130, sortable: false },
        ],
      },
      { prop: 'shopName', name: '门店名称', width: null, sortable: true },
    ]);
    // Per user: admin has nothing saved for this table.
    expect((await s.call('GET', sys('query?title=shop_base'), { token: admin, tenant: 1 })).json().data).toEqual([]);
  });

  it('refuses unknown fields, hidden fields and another user’s config', async () => {
    const bad = await s.call('POST', sys('save'), { token: admin, tenant: 1, body: { title: 'shop_base', fileConfigs: [{ fieldName: '密码', fieldId: 'password', isSort: 0 }] } });
    expect(bad.json()).toMatchObject({ code: 400, msg: '字段“密码”不属于门店' });
    const hidden = await s.call('POST', sys('save'), { token: shop01, tenant: 1, body: { title: 'shop_base', fileConfigs: [{ fieldName: '参考最低成本', fieldId: 'minCost', isSort: 0 }] } });
    expect(hidden.statusCode).toBe(403);
    const other = await s.call('POST', sys('save'), { token: shop01, tenant: 1, body: { userId: 1, title: 'shop_base', fileConfigs: [{ fieldName: '门店编码', fieldId: 'shopCode', isSort: 0 }] } });
    expect(other.statusCode).toBe(403);
    const empty = await s.call('POST', sys('save'), { token: admin, tenant: 1, body: { title: 'shop_base', fileConfigs: [] } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the descriptor routes with their field schemas', async () => {
    const doc = (await s.call('GET', '/api/docs/json')).json();
    const pageDoc = doc.paths['/api/wxy-shop-server/shop-base/page/{pageNum}/{pageSize}'].post;
    expect(pageDoc.summary).toBe('门店分页');
    // The page answer is sent as JSON text the database built, yet documented like every other answer.
    const pageData = pageDoc.responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(pageData.properties)).toEqual(['records', 'total', 'lastKey']);
    expect(pageData.properties.records.items.properties.shopName).toMatchObject({ title: '门店名称' });
    expect(pageData.properties.records.items.properties.openDate).toMatchObject({ format: 'date' });
    const add = doc.paths['/api/wxy-shop-server/shop-base/add'].post.requestBody.content['application/json'].schema;
    expect(add.required).toEqual(['shopCode', 'shopName', 'shopType']);
    expect(add.properties.shopName).toMatchObject({ title: '门店名称', maxLength: 24 });
    expect(doc.paths['/api/wxy-system-server/custom-title-config/save']).toBeDefined();
    const batch = doc.paths['/api/wxy-shop-server/shop-base/edit-state/batch'].put;
    expect(batch.summary).toBe('批量启用或停用门店（全部成功或全部不改）');
    const body = batch.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['ids', 'status']);
    expect(body.properties.ids).toMatchObject({ type: 'array', title: '门店ID列表', minItems: 1, maxItems: 1000 });
    expect(body.properties.status).toMatchObject({ type: 'integer', title: '状态', enum: [0, 1] });
  });
});
