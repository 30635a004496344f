import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { reportWorld, runJob, saleOn, type ReportWorld } from './reportFixtures.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * Bad input on every report that takes a period (issue 16 "Bad input"): a malformed month or day is a 400 naming
 * the field in Chinese (never an empty page), a future period a clear refusal, a month no job computed an empty
 * page that says so (notCollected) until it is collected, pageSize 999999 answered, another tenant's shop an
 * answer that tells nothing of it.
 */
let s: TestServer;
let admin: Caller;
let other: Caller;
let w: ReportWorld;
let today: string;
let month: string;
let foreignShopId: number;

const R = 'wxy-report-server';
const O = 'wxy-order-server';
const MONTH_MSG = '统计月份格式不正确，应为 YYYY-MM（如 2026-11）';

/** The snapshot reports' pages (descriptor `snapshot`): the month filter, the shop filter (where they have one). */
const SNAPSHOT_PAGES: { url: string; collect: string; shop: boolean; title: string }[] = [
  { url: `${R}/report-daily-contribution/findPage`, collect: `${R}/report-daily-contribution/merge`, shop: true, title: '每日贡献' },
  { url: `${R}/report-monthly-contribution/findPage`, collect: `${R}/report-monthly-contribution/collect`, shop: true, title: '月度贡献' },
  { url: `${R}/report-monthly-shop-contribution/findPage`, collect: `${R}/report-monthly-shop-contribution/collect`, shop: true, title: '门店月度贡献' },
  { url: `${R}/report-monthly-star-rating/findPage`, collect: `${R}/report-monthly-star-rating/collect`, shop: true, title: '' },
  { url: `${R}/star-rating-user-det/findPage`, collect: `${R}/star-rating-user-det/merger`, shop: false, title: '' },
  { url: `${O}/access/report/page`, collect: `${O}/access/report/refresh`, shop: true, title: '' },
];

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  w = await reportWorld(s);
  today = (await s.db.tenant(1, (tx) => tx.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))).rows[0].d;
  month = today.slice(0, 7);
  foreignShopId = (await s.db.tenant(2, (tx) => tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_base ORDER BY shop_id LIMIT 1`))).rows[0].shop_id;
  await saleOn(s, admin, w, today, 0, 1);
}, 300_000);

afterAll(async () => s?.stop());

describe('a snapshot report page (contribution, star rating, access report)', () => {
  it('refuses a month in the wrong format naming the field, in the page and the export', async () => {
    for (const page of SNAPSHOT_PAGES) {
      for (const bad of ['2026-13', 'abc', '2026-1', '202611']) {
        const r = await admin('POST', page.url, { pageNum: 1, pageSize: 20, reportMonth: bad });
        expect(r.status, `${page.url} ${bad}`).toBe(400);
        expect(r.json.msg).toBe(MONTH_MSG);
      }
    }
    const exp = await admin('POST', `${R}/report-daily-contribution/export`, { reportMonth: '2026-13' });
    expect(exp.status).toBe(400);
    expect(exp.json.msg).toBe(MONTH_MSG);
  });

  it('refuses a month after this one', async () => {
    for (const page of SNAPSHOT_PAGES) {
      const r = await admin('POST', page.url, { pageNum: 1, pageSize: 20, reportMonth: '2099-01' });
      expect(r.status, page.url).toBe(400);
      expect(r.json.msg).toBe(`统计月份不能晚于本月（${month}）`);
    }
  });

  it('says a month was never computed, then shows it once collected', async () => {
    for (const page of SNAPSHOT_PAGES) {
      const r = await admin('POST', page.url, { pageNum: 1, pageSize: 20, reportMonth: '2020-01' });
      expect(r.status, page.url).toBe(200);
      expect(r.json.data.records).toEqual([]);
      expect(r.json.data.notCollected).toMatchObject({ reportMonth: '2020-01', running: null });
      expect(r.json.data.notCollected.message).toMatch(/^2020-01 的.+尚未计算，请先计算该月$/);
      if (page.title) expect(r.json.data.notCollected.message).toContain(page.title);
    }
    // A month the demo never computed (two before this one): said so until its collect ran.
    const daily = SNAPSHOT_PAGES[0];
    const [y, m] = month.split('-').map(Number);
    const older = m > 2 ? `${y}-${String(m - 2).padStart(2, '0')}` : `${y - 1}-${String(m + 10).padStart(2, '0')}`;
    const before = await admin('POST', daily.url, { pageNum: 1, pageSize: 20, reportMonth: older });
    expect(before.json.data.notCollected?.reportMonth).toBe(older);
    await runJob(admin, 'POST', daily.collect, { reportMonth: older });
    expect((await admin('POST', daily.url, { pageNum: 1, pageSize: 20, reportMonth: older })).json.data.notCollected).toBeUndefined();
    // This month was computed by 月度贡献's job at start-up (the demo), which writes the days too: no notice.
    const current = await admin('POST', daily.url, { pageNum: 1, pageSize: 20, reportMonth: month });
    expect(current.json.data.notCollected).toBeUndefined();
    expect(current.json.data.total).toBeGreaterThan(0);
    expect((await admin('POST', `${R}/report-daily-contribution/lastDate`, { reportMonth: month })).json.data.lastDate).toEqual(expect.any(String));
    // Without a month the page reads every computed month: nothing to say.
    expect((await admin('POST', daily.url, { pageNum: 1, pageSize: 20 })).json.data.notCollected).toBeUndefined();
  });

  it('answers pageSize 999999 at once', async () => {
    for (const page of SNAPSHOT_PAGES) {
      const r = await admin('POST', page.url, { pageNum: 1, pageSize: 999999 });
      expect(r.status, page.url).toBe(200);
      expect(Array.isArray(r.json.data.records)).toBe(true);
    }
    expect((await admin('POST', SNAPSHOT_PAGES[0].url, { pageNum: 1, pageSize: 1000000 })).status).toBe(400);
  });

  it("answers another tenant's shop as an unknown one, and shows nothing of it", async () => {
    for (const page of SNAPSHOT_PAGES.filter((p) => p.shop)) {
      const r = await admin('POST', page.url, { pageNum: 1, pageSize: 20, shopId: foreignShopId });
      expect(r.status, page.url).toBe(400);
      expect(r.json.msg).toMatch(/^门店不存在/);
      const none = await admin('POST', page.url, { pageNum: 1, pageSize: 20, shopId: 99999999 });
      expect(none.json.msg).toBe(r.json.msg.replace(String(foreignShopId), '99999999'));
    }
    // The other tenant reads its own (empty) reports: none of tenant 1's rows.
    const theirs = await other('POST', SNAPSHOT_PAGES[0].url, { pageNum: 1, pageSize: 999999 });
    expect(theirs.json.data.records.some((x: Json) => x.shopId === w.shopId)).toBe(false);
  });
});

describe('the reports computed on read (analysis, statistics)', () => {
  const analysis: [string, Json][] = [
    [`${R}/put-stock-analyse/list/page/1/20`, {}],
    [`${R}/stock-pin-analyse/list/page/1/20`, {}],
    [`${R}/report_common_selling_points/findPage`, { pageNum: 1, pageSize: 20 }],
    [`${R}/report-member-info/findPage`, { pageNum: 1, pageSize: 20 }],
    [`${R}/pd-new-product/findPage`, { pageNum: 1, pageSize: 20 }],
  ];
  const stats: [string, Json][] = [
    [`${O}/po-shop-sale/list`, {}],
    [`${O}/po-shop-sale/order/list`, { pageNum: 1, pageSize: 20 }],
    [`${O}/po-sell-store-hour/findPage`, { pageNum: 1, pageSize: 20 }],
    [`${O}/po-order-sales/order/sales`, {}],
    [`${O}/statistics/salesman/list`, {}],
  ];

  it('refuses a malformed or future day naming the field (dateStart/dateEnd as the analysis screens send them)', async () => {
    for (const [url, body] of analysis) {
      const bad = await admin('POST', url, { ...body, dateStart: 'abc' });
      expect(bad.status, url).toBe(400);
      expect(bad.json.msg).toBe('开始日期格式不正确，应为 YYYY-MM-DD');
      const month13 = await admin('POST', url, { ...body, dateStart: '2026-13-01' });
      expect(month13.json.msg).toBe('开始日期格式不正确，应为 YYYY-MM-DD');
      const future = await admin('POST', url, { ...body, dateStart: today, dateEnd: '2099-01-01' });
      expect(future.status, url).toBe(400);
      expect(future.json.msg).toBe('结束日期不能晚于今天');
    }
  });

  it('refuses a malformed or future day naming the field (startDate/endDate as the statistics screens send them)', async () => {
    for (const [url, body] of stats) {
      const bad = await admin('POST', url, { ...body, startDate: 'abc', endDate: today });
      expect(bad.status, url).toBe(400);
      expect(bad.json.msg).toBe('开始日期格式不正确，应为 YYYY-MM-DD');
      const future = await admin('POST', url, { ...body, startDate: today, endDate: '2099-01-01' });
      expect(future.json.msg).toBe('结束日期不能晚于今天');
      const reversed = await admin('POST', url, { ...body, startDate: today, endDate: '2020-01-01' });
      expect(reversed.json.msg).toBe('结束日期不能早于开始日期');
    }
  });

  it("answers another tenant's shop as an unknown one", async () => {
    for (const [url, body] of analysis) {
      const r = await admin('POST', url, { ...body, shopId: foreignShopId });
      expect(r.status, url).toBe(400);
      expect(r.json.msg).toBe(`门店不存在（门店ID ${foreignShopId}）`);
      expect((await admin('POST', url, { ...body, shopIds: [w.shopId, foreignShopId] })).json.msg).toBe(`门店不存在（门店ID ${foreignShopId}）`);
    }
    for (const [url, body] of stats) {
      const r = await admin('POST', url, { ...body, shopId: foreignShopId });
      expect(r.status, url).toBe(400);
      expect(r.json.msg).toBe('门店不存在');
    }
  });

  it('answers pageSize 999999', async () => {
    for (const [url, body] of [...analysis, ...stats]) {
      const paged = url.endsWith('/page/1/20') ? url.replace('/page/1/20', '/page/1/999999') : url;
      const r = await admin('POST', paged, { ...body, ...('pageSize' in body ? { pageSize: 999999 } : {}) });
      expect(r.status, paged).toBe(200);
    }
  });
});
