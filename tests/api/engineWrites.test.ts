import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The generic resource routes on the demo data: writes take the date forms reads answer, database
 * refusals (foreign keys, unique keys, trigger checks) answer 400/409 naming the field, path-bound and
 * fixed filters, per-route field subsets, and the exact total of a page. One server for the file.
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
  const res = await s.call(method, `/api/${url}`, { token: admin, tenant: 1, body });
  return { status: res.statusCode, json: res.json() as Json };
};

describe('date and date-time fields', () => {
  const ex = (p: string) => `wxy-system-server/sys-exam/${p}`;

  it('saves back a record just loaded, and takes YYYY-MM-DD HH:mm and RFC 3339', async () => {
    const add = await A('POST', ex('add'), { examName: '日期往返', examType: 1, totalScore: 100, passScore: 60, duration: 60, startTime: '2026-12-01 09:00', endTime: '2026-12-03T10:30:00+08:00' });
    expect(add.status).toBe(200);
    const id = add.json.data.id;
    const loaded = (await A('GET', ex(`info/${id}`))).json.data;
    expect(loaded.startTime).toBe('2026-12-01 09:00:00');
    const saved = await A('PUT', ex('edit'), { ...loaded, examName: '日期往返（改）' });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({ examName: '日期往返（改）', startTime: loaded.startTime, endTime: loaded.endTime });
    const again = await A('PUT', ex('edit'), { id, startTime: '2026-12-02 08:15:30' });
    expect(again.json.data.startTime).toBe('2026-12-02 08:15:30');
  });

  it('refuses dates that are no dates, naming the field', async () => {
    const base = { examName: '坏日期', examType: 1, totalScore: 100, passScore: 60, duration: 60 };
    for (const startTime of ['2026-02-30 09:00:00', '2026-12-01', '2026/12/01 09:00', '2026-12-01 25:00']) {
      const res = await A('POST', ex('add'), { ...base, startTime });
      expect(res.status, startTime).toBe(400);
      expect(res.json.msg).toBe('开始时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
    }
  });

  it('takes a date as answered and refuses a day that does not exist', async () => {
    const shop = (p: string) => `wxy-shop-server/shop-base/${p}`;
    const first = (await A('POST', shop('page/1/1'), {})).json.data.records[0];
    const loaded = (await A('GET', shop(`info/${first.shopId}`))).json.data;
    expect((await A('PUT', shop('edit'), { ...loaded, openDate: '2026-02-28' })).json.data.openDate).toBe('2026-02-28');
    const bad = await A('PUT', shop('edit'), { shopId: first.shopId, openDate: '2026-02-29' });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('开业日期格式不正确，应为 YYYY-MM-DD');
  });
});

describe('database refusals answer in Chinese naming the field', () => {
  const spu = (p: string) => `wxy-production-server/pd-spu/${p}`;
  const sku = (p: string) => `wxy-production-server/pd-sku/${p}`;
  let spuId: number;
  let skuId: number;
  beforeAll(async () => {
    spuId = (await A('POST', spu('save'), { spuCode: 'SPU-ERR', spuName: '错误映射饼干', category: 1, unit: '袋' })).json.data.spuId;
    skuId = (await A('POST', sku('save'), { spuId, skuCode: 'SKU-ERR1', skuName: '错误映射 100g', unit: '袋', retailPrice: 5, barcode: '6901234567892' })).json.data.skuId;
  });

  it('a reference to a row that does not exist, on insert and on update, names the field', async () => {
    const ins = await A('POST', sku('save'), { spuId, skuCode: 'SKU-ERR2', skuName: '无此供应商', unit: '袋', retailPrice: 1, supplierId: 987654 });
    expect(ins.status).toBe(400);
    expect(ins.json.msg).toBe('供应商不存在');
    const upd = await A('PUT', sku(`update/${skuId}`), { spuId: 987654 });
    expect(upd.status).toBe(400);
    expect(upd.json.msg).toBe('所属商品不存在');
    expect((await A('GET', sku(`get/${skuId}`))).json.data.spuId).toBe(spuId);
  });

  it('deleting a row others still reference is refused as referenced', async () => {
    const del = await A('DELETE', spu(`deleteById/${spuId}`));
    expect(del.status).toBe(409);
    expect(del.json.msg).toBe('该商品已被引用，不能删除');
  });

  it('a unique clash names the field', async () => {
    const dup = await A('POST', sku('save'), { spuId, skuCode: 'SKU-ERR3', skuName: '重复条码', unit: '袋', retailPrice: 1, barcode: '6901234567892' });
    expect(dup.json).toMatchObject({ code: 4090, msg: '条形码已存在' });
    const other = (await A('POST', sku('save'), { spuId, skuCode: 'SKU-ERR5', skuName: '另一个', unit: '袋', retailPrice: 1 })).json.data.skuId;
    expect((await A('PUT', sku(`update/${other}`), { skuCode: 'SKU-ERR1' })).json).toMatchObject({ code: 4090, msg: 'SKU编码已存在' });
  });

  it("a trigger's check passes its own message through as a 400, on create and update", async () => {
    const bad = await A('POST', sku('save'), { spuId, skuCode: 'SKU-ERR4', skuName: '校验位', unit: '袋', retailPrice: 1, barcode: '6901234567893' });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('条形码校验位不正确');
    const upd = await A('PUT', sku(`update/${skuId}`), { barcode: '6901234567893' });
    expect(upd.status).toBe(400);
    expect(upd.json.msg).toBe('条形码校验位不正确');
    expect((await A('GET', sku(`get/${skuId}`))).json.data.barcode).toBe('6901234567892');
  });
});

describe('route-declared filters and field subsets', () => {
  it('answers a dictionary code from the path in each service, shaped like ms-data-dictionary/findList/{code}', async () => {
    const ms = await A('GET', 'wxy-system-server/ms-data-dictionary/findList/enableStatus');
    expect(ms.json.data.length).toBeGreaterThan(0);
    for (const url of ['wxy-shop-server/shop-data-dictionary', 'wxy-production-server/pd-data-dictionary', 'wxy-warehouse-server/wh-data-dictionary']) {
      const res = await A('GET', `${url}/findList/enableStatus`);
      expect(res.status, url).toBe(200);
      expect(res.json.data, url).toEqual(ms.json.data);
      expect((await A('GET', `${url}/findList/whType`)).json.data).toEqual((await A('GET', 'wxy-system-server/ms-data-dictionary/findList/whType')).json.data);
      expect((await A('GET', `${url}/findList/noSuchCode`)).json.data).toEqual([]);
      const bad = await A('GET', `${url}/findList/a'b`);
      expect(bad.status).toBe(400);
      expect(bad.json.msg).toBe('字典编码格式不正确');
    }
  });

  it('keeps dictionaries per tenant', async () => {
    await s.db.tenant(1, (tx) => tx.query(`INSERT INTO sys_data_dictionary (tenant_id, code, label, value, sort) VALUES (1, 'whTestOnly', '仅租户1', '9', 1)`));
    const admin2 = await s.login('admin', 'admin123', 2);
    expect((await A('GET', 'wxy-warehouse-server/wh-data-dictionary/findList/whTestOnly')).json.data).toEqual([{ label: '仅租户1', value: '9', sort: 1 }]);
    const other = await s.call('GET', '/api/wxy-warehouse-server/wh-data-dictionary/findList/whTestOnly', { token: admin2, tenant: 2 });
    expect(other.json().data).toEqual([]);
  });

  it('lists only enabled distribution warehouses in pulldown/distribution, whatever the query asks', async () => {
    const wh = (p: string) => `wxy-warehouse-server/wh-base-info/${p}`;
    const off = (await A('POST', wh('add'), { whCode: 'WH-OFF', whName: '停用配送仓', whType: 1, isDistribution: 1, status: 0 })).json.data.whId;
    const front = (await A('POST', wh('add'), { whCode: 'WH-FRONT', whName: '启用前置仓', whType: 3, isDistribution: 0, status: 1 })).json.data.whId;
    const all = (await A('POST', wh('page/1/100'), {})).json.data.records as Json[];
    const expected = all.filter((w) => w.isDistribution === 1 && w.status === 1).map((w) => w.whId).sort();
    expect(expected.length).toBeGreaterThan(0);
    for (const q of ['', '?isDistribution=0', '?status=0']) {
      const pull = (await A('GET', wh(`pulldown/distribution${q}`))).json.data as Json[];
      expect(pull.map((p) => p.value).sort(), q).toEqual(q ? [] : expected);
    }
    const ids = ((await A('GET', wh('pulldown/distribution'))).json.data as Json[]).map((p) => p.value);
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(front);
  });

  it('updateDet writes only the settlement fields; update writes the rest', async () => {
    const sup = (p: string) => `wxy-production-server/pd-supplier/${p}`;
    const id = (await A('POST', sup('save'), { supplierNo: 'GYS-DET', supplierName: '结算测试', supplierType: 1, settleType: 1 })).json.data.id;
    const det = await A('PUT', sup(`updateDet/${id}`), { supplierName: '改名不该生效', shortName: '不该', bankName: '招商银行', paymentDays: 45, settleType: 2 });
    expect(det.status).toBe(200);
    expect(det.json.data).toMatchObject({ supplierName: '结算测试', shortName: null, bankName: '招商银行', paymentDays: 45, settleType: 2 });
    expect((await A('PUT', sup(`update/${id}`), { supplierName: '改名生效' })).json.data.supplierName).toBe('改名生效');
    expect((await A('PUT', sup(`updateDet/${id}`), { paymentDays: 400 })).json.msg).toBe('账期(天)不能大于365');
  });
});

describe('exact totals of pages', () => {
  const shop = (p: string) => `wxy-shop-server/shop-base/${p}`;
  /** The SQL statements a call runs (the server's own database handle, wrapped for the call). */
  async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const db = s.db as { tenant: typeof s.db.tenant };
    const original = db.tenant;
    db.tenant = ((id: number, fn: (tx: Queryable) => Promise<unknown>) =>
      original.call(s.db, id, (tx) => fn({ exec: (sql) => tx.exec(sql), query: (sql, params) => (seen.push(sql), tx.query(sql, params)) } as Queryable))) as typeof s.db.tenant;
    try {
      await call();
    } finally {
      db.tenant = original;
    }
    return seen;
  }
  /** The total's count statements (the page query counts its own rows too, inside the statement that reads them). */
  const counts = (sql: string[]) => sql.filter((q) => /^\s*SELECT count\(\*\)/i.test(q));

  it('a short page gives its total without waiting for a count; a full page counts the same filter without ORDER BY', async () => {
    const all = (await A('POST', shop('page/1/20'), {})).json.data.total as number;
    expect(all).toBeGreaterThan(20);
    let page: Json = {};
    const short = await statementsOf(async () => (page = (await A('POST', shop(`page/2/20`), {})).json.data));
    expect(page.total).toBe(all);
    expect(page.records).toHaveLength(all - 20);
    // PGlite (one connection) skips the count; PostgreSQL may have started it beside the page on a second connection.
    const pglite = s.db.kind === 'pglite';
    if (pglite) expect(counts(short)).toEqual([]);

    const firstOfMany = await statementsOf(async () => (page = (await A('POST', shop('page/1/20'), { regionName: '华东' })).json.data));
    expect(page.total).toBe(12);
    if (pglite) expect(counts(firstOfMany)).toEqual([]);

    const full = await statementsOf(async () => (page = (await A('POST', shop('page/1/5'), { regionName: '华东', sort: 'shopName', order: 'desc' })).json.data));
    expect(page.total).toBe(12);
    expect(counts(full)).toHaveLength(1);
    expect(counts(full)[0]).not.toMatch(/ORDER BY/i);

    const beyond = await statementsOf(async () => (page = (await A('POST', shop('page/9/20'), {})).json.data));
    expect(page).toMatchObject({ records: [], total: all });
    expect(counts(beyond)).toHaveLength(1);

    expect((await A('POST', shop('page/1/20'), { regionName: '无此区域' })).json.data).toMatchObject({ records: [], total: 0 });
  });

  it('a keyset continuation still answers the exact total', async () => {
    const first = (await A('POST', shop('page/1/25'), {})).json.data;
    const next = (await A('POST', shop('page/2/25'), { lastKey: first.lastKey })).json.data;
    expect(next.total).toBe(first.total);
    expect(next.records).toHaveLength(first.total - 25);
    expect((await A('POST', shop('page/1/25'), { searchCount: false })).json.data.total).toBe(-1);
  });
});

describe('Chinese names sort by pinyin where the database can', () => {
  const shop = (p: string) => `wxy-shop-server/shop-base/${p}`;
  const names = ['张记拼音店', '阿福拼音店', '王记拼音店', '李记拼音店', '赵记拼音店'];
  const byPinyin = ['阿福拼音店', '李记拼音店', '王记拼音店', '张记拼音店', '赵记拼音店'];

  it('orders 门店名称 by pinyin on a PostgreSQL server (code point order on PGlite), pages by lastKey in the same order, exports in it', async () => {
    for (const [i, shopName] of names.entries()) expect((await A('POST', shop('add'), { shopCode: `PY00${i}`, shopName, shopType: 1 })).status).toBe(200);
    const expected = s.db.kind === 'postgres' ? byPinyin : [...names].sort();
    expect(s.db.pinyinCollation).toBe(s.db.kind === 'postgres' ? 'zh-x-icu' : undefined);
    const page = (await A('POST', shop('page/1/20'), { shopName: '拼音店', sort: 'shopName', order: 'asc' })).json.data;
    expect(page.records.map((r: Json) => r.shopName)).toEqual(expected);
    // a keyset continuation compares under the same collation, so nothing is skipped or repeated
    const first = (await A('POST', shop('page/1/2'), { shopName: '拼音店', sort: 'shopName', order: 'desc' })).json.data;
    const rest = (await A('POST', shop('page/2/2'), { shopName: '拼音店', sort: 'shopName', order: 'desc', lastKey: first.lastKey })).json.data;
    const more = (await A('POST', shop('page/3/2'), { shopName: '拼音店', sort: 'shopName', order: 'desc', lastKey: rest.lastKey })).json.data;
    expect([...first.records, ...rest.records, ...more.records].map((r: Json) => r.shopName)).toEqual([...expected].reverse());
    const csv = await s.call('POST', `/api/${shop('export')}`, { token: admin, tenant: 1, body: { shopName: '拼音店', sort: 'shopName', order: 'asc' } });
    expect(csv.statusCode).toBe(200);
    const order = expected.map((n) => csv.body.indexOf(n));
    expect(order.every((p, i) => p > 0 && (i === 0 || p > order[i - 1]))).toBe(true);
  });
});
