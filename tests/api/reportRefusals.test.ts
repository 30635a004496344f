import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * Bad input to the reports and statistics (issue 16 "Bad input"): a period in the wrong format or in the future, a
 * malformed month, another tenant's shop or supplier, 客流目标 with a bad shop, month or negative figure. Each is a
 * 400 whose message names the field in Chinese — never a 500, never an empty file or list that looks like an answer —
 * and writes nothing.
 */
let s: TestServer;
let admin: Caller;
let other: Caller;
let myShop: number;
let theirShop: number;
let theirSupplier: number;
const O = 'wxy-order-server';
const R = 'wxy-report-server';

const q = async <T = Json>(sql: string, params: unknown[] = [], tenant = 1) => (await s.db.tenant(tenant, (tx) => tx.query(sql, params))).rows as T[];

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  myShop = (await q<{ id: number }>(`SELECT shop_id AS id FROM shop_base ORDER BY shop_id LIMIT 1`))[0].id;
  theirShop = (await q<{ id: number }>(`SELECT shop_id AS id FROM shop_base ORDER BY shop_id LIMIT 1`, [], 2))[0].id;
  theirSupplier = (await q<{ id: number }>(`SELECT id FROM pd_supplier ORDER BY id LIMIT 1`, [], 2))[0].id;
}, 180_000);
afterAll(async () => {
  await s?.stop();
});

const expect400 = (r: { status: number; body: string; json: Json }, msg: string | RegExp, what: string) => {
  expect(r.status, `${what}: ${r.body.slice(0, 200)}`).toBe(400);
  expect(r.json.msg, what).toMatch(msg);
};

describe('客流目标 (access/target): bad shop, month and figures', () => {
  it('save and update refuse them naming the field, and write nothing', async () => {
    const count = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM access_target`))[0].n;
    const n = await count();
    const ok = { shopId: myShop, targetMonth: '2026-08', visitorTarget: 100, conversionTarget: 5 };
    const cases: [Json, string | RegExp][] = [
      [{ ...ok, shopId: 99999999 }, '门店不存在'],
      [{ ...ok, shopId: theirShop }, '门店不存在'],
      [{ ...ok, shopId: null }, /门店/],
      [{ ...ok, targetMonth: '2026-8' }, '目标月份格式不正确'],
      [{ ...ok, targetMonth: '2026/08' }, '目标月份格式不正确'],
      [{ ...ok, targetMonth: undefined }, /目标月份/],
      [{ ...ok, visitorTarget: -1 }, /客流目标/],
      [{ ...ok, visitorTarget: 1.5 }, /客流目标/],
      [{ ...ok, conversionTarget: -0.01 }, /转化率目标/],
      [{ ...ok, conversionTarget: 'abc' }, /转化率目标/],
    ];
    for (const [body, msg] of cases) expect400(await admin('POST', `${O}/access/target/save`, body), msg, `save ${JSON.stringify(body)}`);
    expect(await count()).toBe(n);

    const saved = await admin('POST', `${O}/access/target/save`, ok);
    expect(saved.status, saved.body).toBe(200);
    const id = (await q<{ id: number }>(`SELECT id FROM access_target WHERE shop_id = $1 AND target_month = '2026-08'`, [myShop]))[0].id;
    // An update may leave a field out (it keeps its value); every other bad value is refused the same way.
    for (const [body, msg] of cases.filter(([b]) => b.targetMonth !== undefined)) {
      expect400(await admin('PUT', `${O}/access/target/update`, { ...body, id }), msg, `update ${JSON.stringify(body)}`);
    }
    expect((await q<Json>(`SELECT shop_id, target_month, visitor_target, conversion_target::float8 AS c FROM access_target WHERE id = $1`, [id]))[0])
      .toEqual({ shop_id: myShop, target_month: '2026-08', visitor_target: 100, c: 5 });
    // Another tenant can neither change it nor point its own target at it.
    expect((await other('PUT', `${O}/access/target/update`, { ...ok, id, shopId: theirShop })).status).toBe(404);
  });
});

describe('stat/scan-code periods', () => {
  it('a malformed, impossible or future day, or an end before the start, is a 400 naming the field', async () => {
    const cases: [Json, string | RegExp][] = [
      [{ startDate: '2026/01/01' }, /^开始日期格式不正确/],
      [{ startDate: '2026-02-30' }, /^开始日期格式不正确/],
      [{ endDate: '20260101' }, /^结束日期格式不正确/],
      [{ startDate: '2999-01-01', endDate: '2999-01-02' }, /不能晚于今天/],
      [{ startDate: '2026-03-10', endDate: '2026-03-01' }, /结束日期不能早于开始日期|开始日期不能晚于结束日期/],
    ];
    for (const path of ['page', 'merge', 'trend-list', 'dept-list', 'shop-num', 'export']) {
      for (const [body, msg] of cases) expect400(await admin('POST', `${O}/stat/scan-code/${path}`, body), msg, `${path} ${JSON.stringify(body)}`);
    }
  });
});

describe('supplier statement with another tenant\'s supplier', () => {
  it('is 供应商不存在 on every call, never an empty statement', async () => {
    const ST = `${O}/supplier/reconciliation-stat/v2`;
    const AD = `${O}/supplier/account-det`;
    for (const [method, url, body] of [
      ['POST', `${ST}/page`, { supplierId: theirSupplier }],
      ['POST', `${ST}/page`, { pdSupplierId: theirSupplier }],
      ['POST', `${ST}/summary`, { supplierId: theirSupplier }],
      ['POST', `${ST}/export`, { supplierId: theirSupplier }],
      ['GET', `${ST}/detail/${theirSupplier}`, undefined],
      ['POST', `${AD}/list`, { supplierId: theirSupplier }],
      ['POST', `${AD}/export`, { supplierId: theirSupplier }],
      ['GET', `${AD}/last-balance?supplierId=${theirSupplier}`, undefined],
      ['POST', `${AD}/add-payment-order`, { supplierId: theirSupplier, amount: 1 }],
    ] as const) {
      expect400(await admin(method, url, body), '供应商不存在', `${method} ${url}`);
    }
  });
});

describe('every report export with a bad period', () => {
  const FUTURE_DAY = '2999-01-01';
  const exports: [string, Json, string | RegExp][] = [
    // Snapshot reports: a month.
    ...['report-daily-contribution', 'report-monthly-contribution', 'report-monthly-shop-contribution', 'report-monthly-star-rating', 'star-rating-user-det']
      .flatMap((r) => [
        [`${R}/${r}/export`, { reportMonth: '2026-13' }, /统计月份格式不正确/],
        [`${R}/${r}/export`, { reportMonth: '2999-01' }, /统计月份不能晚于本月/],
      ] as [string, Json, RegExp][]),
    [`${O}/access/report/export`, { reportMonth: '2026-13' }, /统计月份格式不正确/],
    [`${O}/access/report/export`, { reportMonth: '2999-01' }, /统计月份不能晚于本月/],
    // Reports computed on read: a day range.
    ...['put-stock-analyse', 'stock-pin-analyse', 'report-member-info'].flatMap((r) => [
      [`${R}/${r}/export`, { dateStart: '2026/01/01' }, /^开始日期格式不正确/],
      [`${R}/${r}/export`, { dateEnd: '2026-02-30' }, /^结束日期格式不正确/],
      [`${R}/${r}/export`, { dateStart: FUTURE_DAY }, /不能晚于今天/],
    ] as [string, Json, RegExp][]),
    ...['po-shop-sale/export', 'statistics/salesman/export', 'stat/scan-code/export'].flatMap((r) => [
      [`${O}/${r}`, { startDate: '2026-13-01' }, /^开始日期格式不正确/],
      [`${O}/${r}`, { endDate: 'yesterday' }, /^结束日期格式不正确/],
      [`${O}/${r}`, { startDate: FUTURE_DAY }, /不能晚于今天/],
    ] as [string, Json, RegExp][]),
    ...['supplier/reconciliation-stat/v2/export', 'supplier/account-det/export'].flatMap((r) => [
      [`${O}/${r}`, { dateStart: '2026/01/01' }, /^开始日期格式不正确/],
      [`${O}/${r}`, { dateStart: FUTURE_DAY }, /不能晚于今天/],
    ] as [string, Json, RegExp][]),
  ];
  it('is a 400 naming the field, never a file', async () => {
    const failures: string[] = [];
    for (const [url, body, msg] of exports) {
      const r = await admin('POST', url, body);
      if (r.status !== 400 || !msg.toString() || !(typeof msg === 'string' ? r.json?.msg?.includes(msg) : msg.test(r.json?.msg ?? ''))) {
        failures.push(`${url} ${JSON.stringify(body)} -> ${r.status} ${r.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
