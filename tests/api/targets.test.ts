import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { reportWorld, saleOn as sharedSaleOn, type ReportWorld } from './reportFixtures.ts';
import { callerFor, uploadXlsx, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * 绩效目标 (wxy-shop-server shop-performance-target, shop-user-performance-target, shop-user-performance-daily-target):
 * a month's target split to sellers and days; reach computed from the orders (practice left out, refunds subtracted
 * on their day).
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let adminToken: string;
let shopId: number;
let shopCode: string;
let otherShopId: number;
let adminId: number;
let staffId: number;
let skus: { skuId: number; retailPrice: number }[];

const S = 'wxy-shop-server';
const MONTH = '2026-03';

/** A sale through the real settlement, then moved to `day` (and to `cashier`) as if it had been made then. */
let world: ReportWorld;
const saleOn = (day: string, skuIdx: number, qty: number, opts: { cashier?: number; practice?: boolean } = {}) => sharedSaleOn(s, admin, world, day, skuIdx, qty, opts);

async function count(sql: string): Promise<number> {
  return (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(sql))).rows[0].n;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const sales: { a10: number; a11: number; staff11: number; refunded: number } = { a10: 0, a11: 0, staff11: 0, refunded: 0 };

beforeAll(async () => {
  s = await startTestServer();
  adminToken = await s.login('admin', 'admin123');
  admin = callerFor(s, adminToken);
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number; shop_code: string }>(
    `SELECT w.wh_id, w.shop_id, s.shop_code FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 ORDER BY w.wh_id LIMIT 1`,
  ))).rows[0];
  shopId = wh.shop_id;
  shopCode = wh.shop_code;
  otherShopId = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_base WHERE shop_id <> $1 ORDER BY shop_id LIMIT 1`, [shopId]))).rows[0].shop_id;
  const users = (await s.db.tenant(1, (tx) => tx.query<{ id: number; user_name: string }>(`SELECT id, user_name FROM sys_user`))).rows;
  adminId = users.find((u) => u.user_name === 'admin')!.id;
  staffId = users.find((u) => u.user_name === 'shop01')!.id;
  // shop01 sells at this file's shop: one of the shops it works at (its reads of targets and reach are bounded by them).
  await worksAt(s, 'shop01', shopId);
  // The demo's sales, targets and meetings moved out of the way: the figures below are only this file's.
  await s.db.tenant(1, async (tx) => {
    await tx.query(`UPDATE po_order SET create_time = '2020-01-15 10:00' WHERE is_practice = false`);
    await tx.query(`DELETE FROM shop_performance_target`);
  });
  world = await reportWorld(s);
  skus = world.skus;
  // 10 March: admin sells twice; 11 March: admin once, shop01 once; a practice sale; one of admin's sales of the 10th refunded on the 12th.
  const a = await saleOn(`${MONTH}-10`, 0, 2);
  const b = await saleOn(`${MONTH}-10`, 1, 1);
  const c = await saleOn(`${MONTH}-11`, 0, 1);
  const d = await saleOn(`${MONTH}-11`, 1, 3, { cashier: staffId });
  await saleOn(`${MONTH}-11`, 0, 5, { practice: true });
  const refund = await admin('PUT', 'wxy-order-server/order-pay/refund', { orderNo: b.orderNo, reason: '测试退款' });
  expect(refund.status, refund.body).toBe(200);
  await s.db.tenant(1, (tx) => tx.query(`UPDATE po_order SET refund_time = $2::date + time '15:00' WHERE order_no = $1`, [b.orderNo, `${MONTH}-12`]));
  sales.a10 = round2(a.amount + b.amount);
  sales.a11 = c.amount;
  sales.staff11 = d.amount;
  sales.refunded = b.amount;
}, 180_000);
afterAll(async () => s?.stop());

describe('门店月度目标', () => {
  it('adds a target split to its sellers and days; a second one for the shop and month is a 409 and writes nothing', async () => {
    const r = await admin('POST', `${S}/shop-performance-target/add`, {
      shopId, targetMoonTime: MONTH, targetAmount: 3100, remark: '三月目标', userTargets: [{ userId: adminId, targetAmount: 2000 }, { userId: staffId, targetAmount: 1100 }],
    });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.targetId).toBeGreaterThan(0);
    const again = await admin('POST', `${S}/shop-performance-target/add`, { shopId, targetMoonTime: MONTH, targetAmount: 10 });
    expect(again.status).toBe(409);
    expect(again.json.msg).toMatch(/2026-03 的绩效目标已存在/);
    expect(await count(`SELECT count(*)::int AS n FROM shop_performance_target`)).toBe(1);
    expect(await count(`SELECT round(sum(target_amount))::int AS n FROM shop_performance_target`)).toBe(3100);
    // 31 days, even split: 2000 → 64.51 or 64.52 a day, the days adding up to the share exactly.
    expect(await count(`SELECT count(*)::int AS n FROM shop_user_performance_daily_target`)).toBe(62);
    expect(await count(`SELECT (sum(target_amount) * 100)::int AS n FROM shop_user_performance_daily_target WHERE user_id = ${adminId}`)).toBe(200_000);
  });

  it('refuses a wrong month, a missing amount, shares that do not add up, an unknown seller or shop — in Chinese, nothing written', async () => {
    const before = await count(`SELECT count(*)::int AS n FROM shop_performance_target`);
    for (const [body, msg] of [
      [{ shopId, targetMoonTime: '2026-3', targetAmount: 1 }, '目标月份格式不正确，应为 YYYY-MM（如 2026-11）'],
      [{ shopId, targetMoonTime: '2026-13', targetAmount: 1 }, '目标月份格式不正确，应为 YYYY-MM（如 2026-11）'],
      [{ shopId, targetMoonTime: '2026/04', targetAmount: 1 }, '目标月份格式不正确，应为 YYYY-MM（如 2026-11）'],
      [{ shopId, targetMoonTime: '2026-04', targetAmount: null }, '目标金额不能为空'],
      [{ shopId, targetMoonTime: '2026-04' }, '目标金额不能为空'],
      [{ shopId, targetMoonTime: '2026-04', targetAmount: -1 }, '目标金额不能小于0'],
      [{ shopId, targetMoonTime: '2026-04', targetAmount: 1.005 }, '目标金额最多保留两位小数'],
      [{ shopId, targetMoonTime: '2026-04', targetAmount: 100, userTargets: [{ userId: adminId, targetAmount: 60 }] }, '人员目标合计 60.00 元与门店目标金额 100.00 元不一致'],
      [{ shopId, targetMoonTime: '2026-04', targetAmount: 100, userTargets: [{ userId: 999999, targetAmount: 100 }] }, '人员不存在（用户ID 999999）'],
      [{ shopId: 999999, targetMoonTime: '2026-04', targetAmount: 100 }, '门店不存在（门店ID 999999）'],
    ] as const) {
      const r = await admin('POST', `${S}/shop-performance-target/add`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.msg).toBe(msg);
    }
    const badPath = await admin('GET', `${S}/shop-performance-target/detail/${shopId}/2026-3`);
    expect(badPath.status).toBe(400);
    expect(badPath.json.msg).toBe('目标月份格式不正确，应为 YYYY-MM（如 2026-11）');
    expect(await count(`SELECT count(*)::int AS n FROM shop_performance_target`)).toBe(before);
  });

  it('computes reach from the orders: practice left out, the refund subtracted on its day, per seller', async () => {
    const r = await admin('GET', `${S}/shop-performance-target/reach/info?shopId=${shopId}&targetMoonTime=${MONTH}`);
    expect(r.status, r.body).toBe(200);
    const info = r.json.data;
    const net = round2(sales.a10 + sales.a11 + sales.staff11 - sales.refunded);
    expect(info).toMatchObject({ shopId, targetMoonTime: MONTH, targetAmount: 3100, actualAmount: net, refundAmount: sales.refunded, orderCount: 4, daysInMonth: 31, daysElapsed: 31, timeProgress: 100 });
    expect(info.reachRate).toBe(round2((net / 3100) * 100));
    const byUser = Object.fromEntries(info.users.map((u: Json) => [u.userId, u]));
    expect(byUser[adminId]).toMatchObject({ userName: '系统管理员', targetAmount: 2000, actualAmount: round2(sales.a10 + sales.a11 - sales.refunded) });
    expect(byUser[staffId]).toMatchObject({ userName: '门店店员01', targetAmount: 1100, actualAmount: sales.staff11, reachRate: round2((sales.staff11 / 1100) * 100) });

    const days = (await admin('GET', `${S}/shop-performance-target/reach/list-day?shopId=${shopId}&targetMoonTime=${MONTH}`)).json.data;
    expect(days).toHaveLength(31);
    expect(days[9]).toMatchObject({ date: '2026-03-10', actualAmount: sales.a10, orderCount: 2 });
    // Each seller's share is split to the fen (64.52 + 35.49 or so): a day's total is 100 give or take a fen.
    expect(days[9].targetAmount).toBeCloseTo(100, 1);
    expect(days[11]).toMatchObject({ date: '2026-03-12', actualAmount: -sales.refunded, refundAmount: sales.refunded });
    expect(days[30]).toMatchObject({ cumulativeTarget: 3100, cumulativeActual: net });

    const page = (await admin('POST', `${S}/shop-performance-target/list/1/10`, { targetMoonTime: MONTH })).json.data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ shopId, targetMoonTime: MONTH, targetAmount: 3100, actualAmount: net, userCount: 2, remark: '三月目标' });

    const detail = (await admin('GET', `${S}/shop-performance-target/detail/${shopId}/${MONTH}`)).json.data;
    expect(detail).toMatchObject({ exists: true, targetAmount: 3100, actualAmount: net, remark: '三月目标', createUserName: expect.any(String), updateTime: expect.any(String) });
    expect(detail.userTargets.map((u: Json) => [u.userId, u.targetAmount])).toEqual([[adminId, 2000], [staffId, 1100]]);
  });

  it('a month without a target answers the shop’s empty target to start from', async () => {
    const r = await admin('GET', `${S}/shop-performance-target/detail/${shopId}/2026-01`);
    expect(r.json.msg).toBe('该门店本月尚未设置绩效目标');
    expect(r.json.data).toEqual({ exists: false, targetId: null, shopId, shopName: expect.any(String), targetMoonTime: '2026-01', targetAmount: 0, remark: null, actualAmount: expect.any(Number), reachRate: null, userTargets: [] });
  });

  it('edits: without shares the sellers keep their proportion; the day targets follow', async () => {
    const id = (await admin('GET', `${S}/shop-performance-target/detail/${shopId}/${MONTH}`)).json.data.targetId;
    const r = await admin('PUT', `${S}/shop-performance-target/edit`, { targetId: id, shopId, targetMoonTime: MONTH, targetAmount: 6200 });
    expect(r.status, r.body).toBe(200);
    const detail = (await admin('GET', `${S}/shop-performance-target/detail/${shopId}/${MONTH}`)).json.data;
    expect(detail.userTargets.map((u: Json) => u.targetAmount)).toEqual([4000, 2200]);
    expect(await count(`SELECT (sum(target_amount) * 100)::int AS n FROM shop_user_performance_daily_target`)).toBe(620_000);
    const missing = await admin('PUT', `${S}/shop-performance-target/edit`, { targetId: 999999, shopId, targetMoonTime: MONTH, targetAmount: 1 });
    expect(missing.status).toBe(404);
  });

  it('lists sellers’ targets with their sales and the day targets, and exports them', async () => {
    const page = (await admin('POST', `${S}/shop-user-performance-target/list/1/20`, { targetMoonTime: MONTH, shopId })).json.data;
    expect(page.total).toBe(2);
    expect(page.records.find((x: Json) => x.userId === staffId)).toMatchObject({ targetAmount: 2200, actualAmount: sales.staff11, orderCount: 1 });
    expect((await admin('POST', `${S}/shop-user-performance-target/list/1/20`, { targetMoonTime: '03-2026' })).json.msg).toBe('目标月份格式不正确，应为 YYYY-MM（如 2026-11）');

    const daily = (await admin('POST', `${S}/shop-user-performance-daily-target/findList`, { shopId, targetMoonTime: MONTH, userId: staffId })).json.data;
    expect(daily).toHaveLength(31);
    expect(daily[10]).toMatchObject({ date: '2026-03-11', userName: '门店店员01', actualAmount: sales.staff11, orderCount: 1 });
    expect(round2(daily.reduce((a: number, d: Json) => a + d.targetAmount, 0))).toBe(2200);

    const x = await admin('POST', `${S}/shop-user-performance-daily-target/excel`, { shopId, targetMoonTime: MONTH });
    expect(x.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.raw as never);
    expect(wb.worksheets[0].getRow(1).values).toContain('日目标（元）');
    expect(wb.worksheets[0].rowCount).toBe(1 + 31 * 2);
  });

  it('weights weekends by the report config after a refresh', async () => {
    expect((await admin('GET', `${S}/shop-performance-target/report-config/get`)).json.data).toMatchObject({ warnRate: 80, goodRate: 100, weekendWeight: 1 });
    const bad = await admin('POST', `${S}/shop-performance-target/report-config/save`, { warnRate: 120, goodRate: 100, weekendWeight: 2 });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('预警达成率不能大于达标达成率');
    expect((await admin('POST', `${S}/shop-performance-target/report-config/save`, { warnRate: 60, goodRate: 100, weekendWeight: 2 })).status).toBe(200);
    const r = await admin('POST', `${S}/shop-user-performance-target/refresh`, { targetMoonTime: MONTH, shopId });
    expect(r.json.data).toMatchObject({ targets: 1, days: 62 });
    const daily = (await admin('POST', `${S}/shop-user-performance-daily-target/findList`, { shopId, targetMoonTime: MONTH, userId: adminId })).json.data;
    // March 2026: 9 weekend days, 22 weekdays → 40 shares of 100 yuan.
    expect(daily.find((d: Json) => d.date === '2026-03-07').targetAmount).toBe(200); // Saturday
    expect(daily.find((d: Json) => d.date === '2026-03-09').targetAmount).toBe(100); // Monday
    expect((await admin('GET', `${S}/shop-performance-target/reach/info?shopId=${shopId}&targetMoonTime=${MONTH}`)).json.data.level).toBe('warn');
  });

  it('merges a batch (all or nothing) and imports a sheet with a per-row report', async () => {
    const bad = await admin('POST', `${S}/shop-performance-target/mergeNew`, { list: [{ shopId: otherShopId, targetMoonTime: '2026-04', targetAmount: 500 }, { shopId, targetMoonTime: '2026-4', targetAmount: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('第2行：目标月份格式不正确，应为 YYYY-MM（如 2026-11）');
    expect(await count(`SELECT count(*)::int AS n FROM shop_performance_target WHERE target_moon_time = '2026-04'`)).toBe(0);
    const r = await admin('POST', `${S}/shop-performance-target/mergeNew`, { list: [{ shopId: otherShopId, targetMoonTime: '2026-04', targetAmount: 500 }, { shopId, targetMoonTime: MONTH, targetAmount: 6200 }] });
    expect(r.status, r.body).toBe(200);
    expect(await count(`SELECT count(*)::int AS n FROM shop_performance_target`)).toBe(2);

    const template = await admin('GET', `${S}/shop-performance-target/template`);
    expect(template.status).toBe(200);
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('绩效目标');
      ws.addRow(['门店编码', '目标月份', '目标金额', '备注']);
      for (const row of rows) ws.addRow(row);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const refused = await uploadXlsx(s, adminToken, `${S}/shop-performance-target/import`, await sheet([[shopCode, '2026-05', 800, '五月'], ['NO-SUCH', '2026-05', 1], [shopCode, '2026-5', 'abc']]));
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().data.errors;
    expect(errors).toEqual(expect.arrayContaining([
      { row: 3, field: '门店编码', message: '门店编码「NO-SUCH」不存在' },
      { row: 4, field: '目标月份', message: '目标月份格式不正确，应为 YYYY-MM（如 2026-11）' },
      { row: 4, field: '目标金额', message: '目标金额应为数字' },
    ]));
    expect(await count(`SELECT count(*)::int AS n FROM shop_performance_target WHERE target_moon_time = '2026-05'`)).toBe(0);
    const done = await uploadXlsx(s, adminToken, `${S}/shop-performance-target/import`, await sheet([[shopCode, '2026-05', 800, '五月'], [shopCode, '2026-06', 900.5]]));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ total: 2, imported: 2 });
    expect(await count(`SELECT round(sum(target_amount) * 10)::int AS n FROM shop_performance_target WHERE target_moon_time IN ('2026-05', '2026-06')`)).toBe(17005);
  });

  it('deletes with its sellers’ and day targets', async () => {
    const page = (await admin('POST', `${S}/shop-performance-target/list/1/10`, { targetMoonTime: '2026-06' })).json.data;
    const r = await admin('DELETE', `${S}/shop-performance-target/delete`, { ids: [page.records[0].targetId] });
    expect(r.status, r.body).toBe(200);
    expect(await count(`SELECT count(*)::int AS n FROM shop_performance_target WHERE target_moon_time = '2026-06'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM shop_user_performance_target WHERE target_moon_time = '2026-06'`)).toBe(0);
    expect((await admin('DELETE', `${S}/shop-performance-target/delete`, { ids: [page.records[0].targetId] })).status).toBe(404);
  });
});

describe('绩效目标的权限与租户隔离', () => {
  it('shop01’s menus hold 绩效目标 to read and export and 会议管理 with the daily meeting, nothing more', async () => {
    const d = (await shop('GET', 'wxy-system-server/user/permissions')).json.data;
    const shopManage = d.menuVOList.find((m: Json) => m.path === '/shopManage');
    const perms = (path: string) => (shopManage.childList.find((c: Json) => c.path === path)?.childList ?? []).map((b: Json) => b.perms).sort();
    expect(perms('/shopManage/performanceTarget')).toEqual(['shop:target:export', 'shop:target:list']);
    expect(perms('/shopManage/meeting')).toEqual(['shop:meeting:daily', 'shop:meeting:list']);
  });

  it('two managers adding the same shop-month at once: one target, the other a 409', async () => {
    const body = { shopId: otherShopId, targetMoonTime: '2026-07', targetAmount: 700 };
    const [a, b] = await Promise.all([admin('POST', `${S}/shop-performance-target/add`, body), admin('POST', `${S}/shop-performance-target/add`, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await count(`SELECT count(*)::int AS n FROM shop_performance_target WHERE target_moon_time = '2026-07'`)).toBe(1);
  });

  it('shop01 reads targets and reach but may not add, edit, delete, import or configure', async () => {
    expect((await shop('POST', `${S}/shop-performance-target/list/1/10`, {})).status).toBe(200);
    expect((await shop('GET', `${S}/shop-performance-target/reach/info?shopId=${shopId}&targetMoonTime=${MONTH}`)).status).toBe(200);
    const before = await count(`SELECT count(*)::int AS n FROM shop_performance_target`);
    for (const [method, url, body] of [
      ['POST', 'shop-performance-target/add', { shopId, targetMoonTime: '2026-08', targetAmount: 1 }],
      ['PUT', 'shop-performance-target/edit', { targetId: 1, shopId, targetMoonTime: '2026-08', targetAmount: 1 }],
      ['POST', 'shop-performance-target/mergeNew', { list: [{ shopId, targetMoonTime: '2026-08', targetAmount: 1 }] }],
      ['DELETE', 'shop-performance-target/delete', { ids: [1] }],
      ['POST', 'shop-performance-target/report-config/save', { warnRate: 1, goodRate: 2, weekendWeight: 1 }],
      ['POST', 'shop-user-performance-target/refresh', { targetMoonTime: MONTH }],
      ['POST', 'shop-performance-target/import', {}],
    ] as const) {
      const r = await shop(method, `${S}/${url}`, body);
      expect(r.status, url).toBe(403);
    }
    expect(await count(`SELECT count(*)::int AS n FROM shop_performance_target`)).toBe(before);
  });

  it('another tenant sees none of it and cannot reach tenant 1’s shop', async () => {
    expect((await other('POST', `${S}/shop-performance-target/list/1/10`, {})).json.data).toEqual({ records: [], total: 0 });
    const r = await other('GET', `${S}/shop-performance-target/reach/info?shopId=${shopId}&targetMoonTime=${MONTH}`);
    expect(r.status).toBe(400);
    expect(r.json.msg).toBe(`门店不存在（门店ID ${shopId}）`);
    const add = await other('POST', `${S}/shop-performance-target/add`, { shopId, targetMoonTime: MONTH, targetAmount: 1 });
    expect(add.status).toBe(400);
    expect(await s.db.tenant(2, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_performance_target`)).then((x) => x.rows[0].n)).toBe(0);
  });
});
