import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, registerJob } from '../../server/jobs/jobs.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';
import { reportWorld, runJob, saleOn, untilDone, type ReportWorld } from './reportFixtures.ts';

/**
 * 客流目标 and 客流转化 (wxy-order-server access/target, access/report): a shop's month targets, and per shop and day
 * the camera boxes' visitors, the real orders and conversion = orders / visitors, computed by a background job.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let w: ReportWorld;
const O = 'wxy-order-server';
const MONTH = '2026-05';

const q = async <T = Json>(sql: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query(sql, params))).rows as T[];

let release: (() => void) | null = null;
registerJob('test-hold-access', { title: () => '占住任务执行器', run: () => new Promise<void>((res) => (release = res)) });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  w = await reportWorld(s);
  await saleOn(s, admin, w, `${MONTH}-03`, 0, 1);
  await saleOn(s, admin, w, `${MONTH}-03`, 1, 1, { cashier: w.staffId });
  await saleOn(s, admin, w, `${MONTH}-04`, 0, 2);
  await saleOn(s, admin, w, `${MONTH}-04`, 0, 3, { practice: true });
  // The boxes' hourly counts (the business zone's hours, the sessions' zone), as the poll writes them: two channels on the 3rd, one on the 4th and 5th.
  await s.db.tenant(1, (tx) => tx.query(
    `INSERT INTO shop_passengers_count (tenant_id, shop_id, ai_box_id, channel_no, count_hour, count_date, in_count, out_count)
     VALUES (1, $1, 900001, 1, '${MONTH}-03 11:00', '${MONTH}-03', 40, 38), (1, $1, 900001, 2, '${MONTH}-03 11:00', '${MONTH}-03', 17, 15),
            (1, $1, 900001, 1, '${MONTH}-03 15:00', '${MONTH}-03', 23, 20), (1, $1, 900001, 1, '${MONTH}-04 12:00', '${MONTH}-04', 50, 50),
            (1, $1, 900001, 1, '${MONTH}-05 12:00', '${MONTH}-05', 30, 29)`,
    [w.shopId],
  ));
}, 180_000);
afterAll(async () => {
  release?.();
  await s?.stop();
});

describe('客流目标 (access/target)', () => {
  let id: number;
  it('saves, reads, updates a shop\'s month target; a second one for the shop and month and a bad month are refused', async () => {
    const r = await admin('POST', `${O}/access/target/save`, { shopId: w.shopId, targetMonth: MONTH, visitorTarget: 3100, conversionTarget: 5, remark: '五月' });
    expect(r.status, r.body).toBe(200);
    const page = (await admin('POST', `${O}/access/target/findPage`, { pageNum: 1, pageSize: 10, targetMonth: MONTH })).json.data;
    expect(page.total).toBe(1);
    id = page.records[0].id;
    expect(page.records[0]).toMatchObject({ shopId: w.shopId, shopName: expect.any(String), visitorTarget: 3100, conversionTarget: 5 });
    expect((await admin('POST', `${O}/access/target/save`, { shopId: w.shopId, targetMonth: MONTH, visitorTarget: 1, conversionTarget: 1 })).status).toBe(409);
    const bad = await admin('POST', `${O}/access/target/save`, { shopId: w.shopId, targetMonth: '2026-13', visitorTarget: 1, conversionTarget: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('目标月份格式不正确');
    const over = await admin('POST', `${O}/access/target/save`, { shopId: w.shopId, targetMonth: '2026-06', visitorTarget: 1, conversionTarget: 120 });
    expect(over.status).toBe(400);
    expect(over.json.msg).toContain('转化率目标');
    expect((await admin('PUT', `${O}/access/target/update`, { id, shopId: w.shopId, targetMonth: MONTH, visitorTarget: 3100, conversionTarget: 10 })).status).toBe(200);
    expect((await admin('GET', `${O}/access/target/get/${id}`)).json.data).toMatchObject({ id, conversionTarget: 10 });
    expect((await other('GET', `${O}/access/target/get/${id}`)).status).toBe(404);
    expect((await shop('POST', `${O}/access/target/save`, { shopId: w.shopId, targetMonth: '2026-07', visitorTarget: 1, conversionTarget: 1 })).status).toBe(403);
  });
});

describe('客流转化 (access/report)', () => {
  it('refresh/{month} is a background job (a second click answers it); per shop and day conversion equals plain SQL', async () => {
    expect((await admin('GET', `${O}/access/report/last-refresh-time?month=${MONTH}`)).json.data).toMatchObject({ lastDate: null });
    const hold = await s.db.tenant(1, (tx) => enqueueJob(tx, { tenantId: 1, userId: null }, 'test-hold-access', 'hold'));
    for (let i = 0; i < 200 && !release; i++) await new Promise((res) => setTimeout(res, 25));
    const clicks = await Promise.all([1, 2].map(() => admin('POST', `${O}/access/report/refresh/${MONTH}`)));
    expect(clicks.map((c) => c.status)).toEqual([200, 200]);
    expect(clicks[1].json.data.jobId).toBe(clicks[0].json.data.jobId);
    release!();
    await untilDone(admin, hold.job.jobId);
    const job = await untilDone(admin, clicks[0].json.data.jobId);
    expect(job.title).toBe(`客流转化 ${MONTH}`);

    const plain = await q<{ day: string; visitors: number; orders: number; sale: string }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day,
              coalesce((SELECT sum(in_count) FROM shop_passengers_count WHERE shop_id = $1 AND count_date = d), 0)::int AS visitors,
              (SELECT count(*) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND (create_time AT TIME ZONE current_setting('TimeZone'))::date = d)::int AS orders,
              coalesce((SELECT sum(pay_amount) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND (create_time AT TIME ZONE current_setting('TimeZone'))::date = d), 0) AS sale
         FROM generate_series('${MONTH}-01'::date, '${MONTH}-31'::date, interval '1 day') AS g(d)
        WHERE EXISTS (SELECT 1 FROM shop_passengers_count WHERE shop_id = $1 AND count_date = d)
           OR EXISTS (SELECT 1 FROM po_order WHERE shop_id = $1 AND NOT is_practice AND (create_time AT TIME ZONE current_setting('TimeZone'))::date = d)
        ORDER BY 1`, [w.shopId],
    );
    expect(plain.map((p) => [p.day, p.visitors, p.orders])).toEqual([[`${MONTH}-03`, 80, 2], [`${MONTH}-04`, 50, 1], [`${MONTH}-05`, 30, 0]]);
    const page = (await admin('POST', `${O}/access/report/page`, { pageNum: 1, pageSize: 50, reportMonth: MONTH, shopId: w.shopId })).json.data;
    expect(page.total).toBe(3);
    for (const p of plain) {
      expect(page.records.find((r: Json) => r.reportDate === p.day)).toMatchObject({
        visitorCount: p.visitors, orderCount: p.orders, saleAmount: Number(p.sale),
        conversionRate: Math.round((p.orders * 100 * 100) / p.visitors) / 100, targetConversion: 10, targetVisitors: 100,
      });
    }
    const last = (await admin('GET', `${O}/access/report/last-refresh-time?month=${MONTH}`)).json.data;
    expect(last).toMatchObject({ reportMonth: MONTH, lastJobId: job.jobId, lastDate: job.finishTime });
    // New counts are seen only after the next refresh: reading never recomputes.
    await s.db.tenant(1, (tx) => tx.query(`UPDATE shop_passengers_count SET in_count = in_count + 20 WHERE shop_id = $1 AND count_date = '${MONTH}-04'`, [w.shopId]));
    expect((await admin('POST', `${O}/access/report/page`, { pageNum: 1, pageSize: 50, reportDateStart: `${MONTH}-04`, reportDateEnd: `${MONTH}-04` })).json.data.records[0].visitorCount).toBe(50);
    const again = await runJob(admin, 'POST', `${O}/access/report/refresh`, { reportMonth: MONTH });
    expect(again.jobId).not.toBe(job.jobId);
    expect((await admin('POST', `${O}/access/report/page`, { pageNum: 1, pageSize: 50, reportDateStart: `${MONTH}-04`, reportDateEnd: `${MONTH}-04` })).json.data.records[0]).toMatchObject({ visitorCount: 70, conversionRate: 1.43 });
    expect((await admin('GET', `${O}/access/report/last-refresh-time?month=${MONTH}`)).json.data.lastJobId).toBe(again.jobId);
  });

  it('day-trend (the chart): per day visitors and orders equal the snapshot rows, conversion = orders / visitors', async () => {
    const r = await admin('POST', `${O}/access/report/day-trend`, { reportMonth: MONTH });
    expect(r.status, r.body).toBe(200);
    const rows = await q<{ d: string; v: number; o: number }>(
      `SELECT to_char(report_date, 'YYYY-MM-DD') AS d, sum(visitor_count)::int AS v, sum(order_count)::int AS o FROM access_report WHERE report_month = $1 GROUP BY 1 ORDER BY 1`, [MONTH]);
    expect(rows.length, 'refreshed above').toBeGreaterThan(0);
    expect(r.json.data.days).toEqual(rows.map((x) => ({ date: x.d, visitorCount: x.v, orderCount: x.o, conversionRate: x.v > 0 ? Math.round((x.o * 10000) / x.v) / 100 : null })));
    expect((await other('POST', `${O}/access/report/day-trend`, { reportMonth: MONTH })).json.data.days).toEqual([]);
    expect((await admin('POST', `${O}/access/report/day-trend`, { reportMonth: MONTH, shopId: 99999999 })).json.msg).toMatch(/门店不存在/);
  });

  it('day-trend without a month draws the latest month the list has rows of, and follows the list\'s 门店名称 filter', async () => {
    const [latest] = await q<{ m: string }>(`SELECT max(report_month) AS m FROM access_report`);
    const r = await admin('POST', `${O}/access/report/day-trend`, {});
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.reportMonth).toBe(latest.m);
    const [rows] = await q<{ n: number }>(`SELECT count(DISTINCT report_date)::int AS n FROM access_report WHERE report_month = $1`, [latest.m]);
    expect(r.json.data.days).toHaveLength(rows.n);
    // 门店名称 narrows the chart as it narrows the list: the sums of that shop's rows only.
    const [shop] = await q<{ shop_name: string; v: number; o: number }>(
      `SELECT shop_name, sum(visitor_count)::int AS v, sum(order_count)::int AS o FROM access_report WHERE report_month = $1 GROUP BY shop_name ORDER BY shop_name LIMIT 1`, [latest.m]);
    const one = await admin('POST', `${O}/access/report/day-trend`, { reportMonth: null, shopName: shop.shop_name });
    const days: { visitorCount: number; orderCount: number }[] = one.json.data.days;
    expect(days.reduce((a, d) => a + d.visitorCount, 0)).toBe(shop.v);
    expect(days.reduce((a, d) => a + d.orderCount, 0)).toBe(shop.o);
  });

  it('refuses a malformed or future month naming the field', async () => {
    for (const [url, msg] of [[`refresh/2026-13`, '统计月份格式不正确'], [`refresh/2099-01`, '统计月份不能晚于本月']] as const) {
      const r = await admin('POST', `${O}/access/report/${url}`);
      expect(r.status, url).toBe(400);
      expect(r.json.msg).toContain(msg);
    }
    expect((await admin('GET', `${O}/access/report/last-refresh-time?month=2026-13`)).status).toBe(400);
  });

  it('shop01 reads the report but may not refresh it; another tenant sees none of it', async () => {
    expect((await shop('POST', `${O}/access/report/page`, { pageNum: 1, pageSize: 50, reportMonth: MONTH })).json.data.total).toBe(3);
    expect((await shop('POST', `${O}/access/report/refresh/${MONTH}`)).status).toBe(403);
    expect((await other('POST', `${O}/access/report/page`, { pageNum: 1, pageSize: 50, reportMonth: MONTH })).json.data.total).toBe(0);
    const job = await runJob(other, 'POST', `${O}/access/report/refresh/${MONTH}`);
    expect(job.result).toMatchObject({ rows: 0 });
    expect((await admin('POST', `${O}/access/report/page`, { pageNum: 1, pageSize: 50, reportMonth: MONTH })).json.data.total).toBe(3);
  });
});
