import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, registerJob } from '../../server/jobs/jobs.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { reportWorld, saleOn as sharedSaleOn, untilDone as untilJobDone, type ReportWorld } from './reportFixtures.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 每日贡献, 月度贡献, 门店月度贡献 (wxy-report-server): snapshots a background job computes from the orders
 * (sold through the real settlement, a refund, a practice sale) and the targets; the figures equal a plain-SQL
 * recomputation; corrections keep the computed value beside them and are logged; reading never recomputes.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let adminId: number;
let staffId: number;
let skus: { skuId: number; retailPrice: number }[];

const R = 'wxy-report-server';
const MONTH = '2026-03';

let world: ReportWorld;
const saleOn = (day: string, skuIdx: number, qty: number, opts: { cashier?: number; practice?: boolean } = {}) => sharedSaleOn(s, admin, world, day, skuIdx, qty, opts);

async function rows<T = Json>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await s.db.tenant(1, (tx) => tx.query(sql, params))).rows as T[];
}

const untilDone = (jobId: number, caller: Caller = admin): Promise<Json> => untilJobDone(caller, jobId);

// Holds the job runner (one job at a time per process) so a collect stays queued while a second click arrives.
let release: (() => void) | null = null;
registerJob('test-hold-runner', { title: () => '占住任务执行器', run: () => new Promise<void>((res) => (release = res)) });

/** Starts a collect and waits for its job. */
async function collect(path: string, month = MONTH, caller: Caller = admin): Promise<Json> {
  const a = await caller('POST', `${R}/${path}`, { reportMonth: month });
  expect(a.status, a.body).toBe(200);
  expect(a.json.data).toMatchObject({ jobId: expect.any(Number), status: expect.stringMatching(/queued|running|done/), progress: expect.any(Number) });
  return untilDone(a.json.data.jobId, caller);
}

/**
 * The same figures by plain SQL, written independently of the job: per seller of the shop in the month, sold orders
 * minus refunds made in the month, cost of their lines, the target share.
 */
const PLAIN_MONTH = `
  SELECT u.user_id,
         coalesce((SELECT sum(pay_amount) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND coalesce(cashier_user_id, 0) = u.user_id
                    AND to_char(create_time, 'YYYY-MM') = $2), 0)
       - coalesce((SELECT sum(refund_amount) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND coalesce(cashier_user_id, 0) = u.user_id
                    AND to_char(refund_time, 'YYYY-MM') = $2), 0) AS sale,
         round(coalesce((SELECT sum(d.quantity * d.unit_cost) FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id
                          WHERE o.shop_id = $1 AND NOT o.is_practice AND o.status IN (1, 2) AND coalesce(o.cashier_user_id, 0) = u.user_id AND to_char(o.create_time, 'YYYY-MM') = $2), 0)
             - coalesce((SELECT sum(d.quantity * d.unit_cost) FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id
                          WHERE o.shop_id = $1 AND NOT o.is_practice AND coalesce(o.cashier_user_id, 0) = u.user_id AND to_char(o.refund_time, 'YYYY-MM') = $2), 0), 2) AS cost,
         (SELECT count(*) FROM po_order WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND coalesce(cashier_user_id, 0) = u.user_id AND to_char(create_time, 'YYYY-MM') = $2)::int AS orders,
         coalesce((SELECT target_amount FROM shop_user_performance_target WHERE shop_id = $1 AND target_moon_time = $2 AND user_id = u.user_id), 0) AS target
    FROM (SELECT DISTINCT coalesce(cashier_user_id, 0) AS user_id FROM po_order WHERE shop_id = $1 AND NOT is_practice AND (to_char(create_time, 'YYYY-MM') = $2 OR to_char(refund_time, 'YYYY-MM') = $2)
          UNION SELECT user_id FROM shop_user_performance_target WHERE shop_id = $1 AND target_moon_time = $2) u
   ORDER BY u.user_id`;

interface Plain { user_id: number; sale: string; cost: string; orders: number; target: string }
const n = (v: string | number) => Number(v);
const reach = (sale: number, target: number) => (target > 0 ? Math.round((sale * 100 * 100) / target) / 100 : null);

let sales: { a: number; b: number; c: number; d: number };

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  world = await reportWorld(s);
  ({ shopId, adminId, staffId, skus } = world);
  // 10 March: admin sells twice; 11 March: admin once, shop01 once; a practice sale; one of admin's sales of the 10th refunded on the 12th.
  const a = await saleOn(`${MONTH}-10`, 0, 2);
  const b = await saleOn(`${MONTH}-10`, 1, 1);
  const c = await saleOn(`${MONTH}-11`, 0, 1);
  const d = await saleOn(`${MONTH}-11`, 1, 3, { cashier: staffId });
  await saleOn(`${MONTH}-11`, 0, 5, { practice: true });
  const refund = await admin('PUT', 'wxy-order-server/order-pay/refund', { orderNo: b.orderNo, reason: '测试退款' });
  expect(refund.status, refund.body).toBe(200);
  await s.db.tenant(1, (tx) => tx.query(`UPDATE po_order SET refund_time = $2::date + time '15:00' WHERE order_no = $1`, [b.orderNo, `${MONTH}-12`]));
  sales = { a: a.amount, b: b.amount, c: c.amount, d: d.amount };
  const t = await admin('POST', 'wxy-shop-server/shop-performance-target/add', {
    shopId, targetMoonTime: MONTH, targetAmount: 3100, userTargets: [{ userId: adminId, targetAmount: 2000 }, { userId: staffId, targetAmount: 1100 }],
  });
  expect(t.status, t.body).toBe(200);
}, 180_000);
afterAll(async () => s?.stop());

describe('月度贡献 (report-monthly-contribution)', () => {
  it('answers no computation before the first collect; reading does not compute', async () => {
    const last = await admin('POST', `${R}/report-monthly-contribution/lastDate`, { reportMonth: MONTH });
    expect(last.status, last.body).toBe(200);
    expect(last.json.data).toMatchObject({ reportMonth: MONTH, lastDate: null, lastJobId: null });
    const page = await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH });
    expect(page.json.data).toMatchObject({ total: 0, records: [] });
  });

  it('a collect job writes each seller\'s month equal to the plain-SQL recomputation; a second click answers the same job', async () => {
    const hold = await s.db.tenant(1, (tx) => enqueueJob(tx, { tenantId: 1, userId: null }, 'test-hold-runner', 'hold'));
    for (let i = 0; i < 200 && !release; i++) await new Promise((res) => setTimeout(res, 25));
    expect(release, 'the runner took the holding job').not.toBeNull();
    const clicks = await Promise.all([1, 2].map(() => admin('POST', `${R}/report-monthly-contribution/collect`, { reportMonth: MONTH })));
    expect(clicks.map((c) => c.status)).toEqual([200, 200]);
    expect(clicks[1].json.data.jobId).toBe(clicks[0].json.data.jobId);
    expect(clicks[0].json.data).toMatchObject({ status: 'queued', statusName: '排队中', title: `月度贡献 ${MONTH}` });
    release!();
    await untilDone(hold.job.jobId);
    const job = await untilDone(clicks[0].json.data.jobId);
    expect(job).toMatchObject({ status: 'done', title: `月度贡献 ${MONTH}`, createUserName: '系统管理员' });
    const plain = await rows<Plain>(PLAIN_MONTH, [shopId, MONTH]);
    expect(plain.map((p) => p.user_id)).toEqual([adminId, staffId].sort((x, y) => x - y));
    const page = (await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH, shopId })).json.data;
    expect(page.total).toBe(plain.length);
    for (const p of plain) {
      const row = page.records.find((r: Json) => r.userId === p.user_id);
      const cost = n(p.cost);
      expect(row, `user ${p.user_id}`).toMatchObject({
        reportMonth: MONTH, shopId, orderCount: p.orders, saleAmount: n(p.sale), finalSaleAmount: n(p.sale), costAmount: cost,
        grossProfit: Math.round((n(p.sale) - cost) * 100) / 100, targetAmount: n(p.target), reachRate: reach(n(p.sale), n(p.target)), editSaleAmount: null,
      });
      expect(row.calcTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    // And the figures a person knows from the tills: admin sold a and c (b was taken back), shop01 sold d.
    const mine = page.records.find((r: Json) => r.userId === adminId);
    expect(mine).toMatchObject({ userName: '系统管理员', saleAmount: Math.round((sales.a + sales.c) * 100) / 100, orderCount: 3, targetAmount: 2000 });
    expect(page.records.find((r: Json) => r.userId === staffId)).toMatchObject({ userName: '门店店员01', saleAmount: sales.d, orderCount: 1 });
    expect(mine.costAmount).toBeGreaterThan(0);
    expect(mine.grossMargin).toBe(Math.round((mine.grossProfit * 100 * 100) / mine.saleAmount) / 100);

    const last = (await admin('POST', `${R}/report-monthly-contribution/lastDate`, { reportMonth: MONTH })).json.data;
    expect(last).toMatchObject({ reportMonth: MONTH, lastJobId: job.jobId, lastDate: job.finishTime, lastUserName: '系统管理员', running: null });
  });

  it('the month\'s collect refreshes its days: task details per day add up to the month', async () => {
    const row = (await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH, userName: '系统管理员' })).json.data.records[0];
    const sales1 = await admin('GET', `${R}/report-monthly-contribution/task-det/find-list/${row.id}/1`);
    expect(sales1.status, sales1.body).toBe(200);
    expect(sales1.json.data).toHaveLength(31);
    const sum = (xs: Json[], k: string) => Math.round(xs.reduce((a, x) => a + x[k], 0) * 100) / 100;
    expect(sum(sales1.json.data, 'saleAmount')).toBe(row.saleAmount);
    expect(sum(sales1.json.data, 'targetAmount')).toBe(2000);
    expect(sales1.json.data[11]).toMatchObject({ reportDate: `${MONTH}-12`, saleAmount: -sales.b, orderCount: 0 });
    const margin = (await admin('GET', `${R}/report-monthly-contribution/task-det/find-list/${row.id}/2`)).json.data;
    expect(sum(margin, 'costAmount')).toBeCloseTo(row.costAmount, 2);
    const bad = await admin('GET', `${R}/report-monthly-contribution/task-det/find-list/${row.id}/3`);
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('任务类型');
    expect((await admin('GET', `${R}/report-monthly-contribution/task-det/find-list/99999999/1`)).status).toBe(404);
  });

  it('a correction keeps the computed value beside it, is logged, and survives a recompute that moves the computed figure', async () => {
    const row = (await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH, userName: '门店店员01' })).json.data.records[0];
    for (const [body, status, msg] of [
      [{ id: row.id, editSaleAmount: 1000 }, 400, '修改原因不能为空'],
      [{ id: row.id, editSaleAmount: 1.005, editRemark: '补录' }, 400, '销售额最多2位小数'],
      [{ id: row.id, editSaleAmount: 'x', editRemark: '补录' }, 400, '销售额'],
      [{ id: row.id, editRemark: '补录' }, 400, '没有修改任何数值'],
      [{ id: 99999999, editSaleAmount: 1, editRemark: '补录' }, 404, '该报表记录不存在或已被删除'],
    ] as const) {
      const r = await admin('PUT', `${R}/report-monthly-contribution/edit`, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json.msg).toContain(msg);
    }
    const edit = await admin('PUT', `${R}/report-monthly-contribution/edit`, { id: row.id, editSaleAmount: 1000, editRemark: '补录线下团购' });
    expect(edit.status, edit.body).toBe(200);
    const after = (await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH, userName: '门店店员01' })).json.data.records[0];
    expect(after).toMatchObject({ saleAmount: row.saleAmount, editSaleAmount: 1000, finalSaleAmount: 1000, reachRate: reach(1000, 1100), editRemark: '补录线下团购', editUserName: '系统管理员' });
    const log = (await admin('GET', `${R}/report-monthly-contribution/editLog?id=${row.id}`)).json.data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ rowId: row.id, period: MONTH, userName: '门店店员01', fieldTitle: '销售额', beforeValue: String(row.saleAmount), afterValue: '1000', remark: '补录线下团购', editUserName: '系统管理员' });
    expect(log[0].editTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // Another sale by shop01 in March, then a recompute: the computed figure moves, the correction stays beside it.
    const e = await saleOn(`${MONTH}-20`, 0, 1, { cashier: staffId });
    const before = (await admin('POST', `${R}/report-monthly-contribution/lastDate`, { reportMonth: MONTH })).json.data;
    const job = await collect('report-monthly-contribution/collect');
    const again = (await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH, userName: '门店店员01' })).json.data.records[0];
    expect(again).toMatchObject({ id: row.id, saleAmount: Math.round((row.saleAmount + e.amount) * 100) / 100, editSaleAmount: 1000, finalSaleAmount: 1000, orderCount: 2 });
    const last = (await admin('POST', `${R}/report-monthly-contribution/lastDate`, { reportMonth: MONTH })).json.data;
    expect(last.lastJobId).toBe(job.jobId);
    expect(last.lastJobId).not.toBe(before.lastJobId);
    expect(last.lastDate >= before.lastDate).toBe(true);
    // Clearing the correction goes back to the computed value, and is logged too.
    expect((await admin('PUT', `${R}/report-monthly-contribution/edit`, { id: row.id, editSaleAmount: null, editRemark: '撤销补录' })).status).toBe(200);
    const cleared = (await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH, userName: '门店店员01' })).json.data.records[0];
    expect(cleared.finalSaleAmount).toBe(again.saleAmount);
    expect((await admin('GET', `${R}/report-monthly-contribution/editLog?id=${row.id}`)).json.data[0]).toMatchObject({ beforeValue: '1000', afterValue: String(again.saleAmount), remark: '撤销补录' });
  });

  it('refuses a malformed or future month naming the field, and writes no job', async () => {
    const jobsBefore = (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM bg_job`))[0].n;
    for (const [month, msg] of [['2026-13', '统计月份格式不正确，应为 YYYY-MM（如 2026-11）'], ['2026/03', '统计月份格式不正确'], ['2099-01', '统计月份不能晚于本月']] as const) {
      for (const path of ['report-monthly-contribution/collect', 'report-daily-contribution/merge', 'report-monthly-shop-contribution/collect', 'report-monthly-contribution/lastDate']) {
        const r = await admin('POST', `${R}/${path}`, { reportMonth: month });
        expect(r.status, `${path} ${month}`).toBe(400);
        expect(r.json.msg).toContain(msg);
      }
    }
    const missing = await admin('POST', `${R}/report-monthly-contribution/collect`, {});
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toContain('统计月份');
    expect((await rows<{ n: number }>(`SELECT count(*)::int AS n FROM bg_job`))[0].n).toBe(jobsBefore);
  });
});

describe('每日贡献 (report-daily-contribution)', () => {
  it('merge writes each seller\'s days equal to plain SQL; a day correction is found by findUpdateRemark', async () => {
    await collect('report-daily-contribution/merge');
    const plain = await rows<{ day: string; user_id: number; sale: string; cost: string; target: string }>(
      `WITH m AS (
         SELECT create_time::date AS day, coalesce(cashier_user_id, 0) AS user_id, pay_amount AS sale, order_id FROM po_order
          WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND to_char(create_time, 'YYYY-MM') = $2
         UNION ALL
         SELECT refund_time::date, coalesce(cashier_user_id, 0), -refund_amount, -order_id FROM po_order
          WHERE shop_id = $1 AND NOT is_practice AND to_char(refund_time, 'YYYY-MM') = $2)
       SELECT to_char(m.day, 'YYYY-MM-DD') AS day, m.user_id, sum(m.sale) AS sale,
              round(sum((CASE WHEN m.order_id > 0 THEN 1 ELSE -1 END) * (SELECT sum(d.quantity * d.unit_cost) FROM po_order_det d WHERE d.order_id = abs(m.order_id))), 2) AS cost,
              coalesce((SELECT sum(target_amount) FROM shop_user_performance_daily_target t WHERE t.shop_id = $1 AND t.target_date = m.day AND t.user_id = m.user_id), 0) AS target
         FROM m GROUP BY m.day, m.user_id ORDER BY 1, 2`,
      [shopId, MONTH],
    );
    expect(plain.length).toBeGreaterThanOrEqual(4);
    const page = (await admin('POST', `${R}/report-daily-contribution/findPage`, { pageNum: 1, pageSize: 200, reportMonth: MONTH, shopId })).json.data;
    // A row for every seller with a target on every day of March (sold or not).
    expect(page.total).toBe(62);
    for (const p of plain) {
      const row = page.records.find((r: Json) => r.reportDate === p.day && r.userId === p.user_id);
      expect(row, `${p.day} ${p.user_id}`).toMatchObject({ saleAmount: n(p.sale), costAmount: n(p.cost), targetAmount: n(p.target), reachRate: reach(n(p.sale), n(p.target)) });
    }
    const range = (await admin('POST', `${R}/report-daily-contribution/findPage`, { pageNum: 1, pageSize: 200, reportDateStart: `${MONTH}-10`, reportDateEnd: `${MONTH}-12`, userName: '系统管理员' })).json.data;
    expect(range.records.map((r: Json) => r.reportDate)).toEqual([`${MONTH}-12`, `${MONTH}-11`, `${MONTH}-10`]);

    const day = range.records[2];
    const edit = await admin('POST', `${R}/report-daily-contribution/updateDailyContributionById`, { id: day.id, editSaleAmount: 88.8, editGrossProfit: 20, editRemark: '收银机离线补单' });
    expect(edit.status, edit.body).toBe(200);
    const remarks = (await admin('POST', `${R}/report-daily-contribution/findUpdateRemark/${day.id}`)).json.data;
    expect(remarks.map((r: Json) => [r.fieldTitle, r.beforeValue, r.afterValue, r.remark])).toEqual(
      expect.arrayContaining([['销售额', String(day.saleAmount), '88.8', '收银机离线补单'], ['毛利额', String(day.grossProfit), '20', '收银机离线补单']]),
    );
    const fixed = (await admin('POST', `${R}/report-daily-contribution/findPage`, { pageNum: 1, pageSize: 5, reportDateStart: `${MONTH}-10`, reportDateEnd: `${MONTH}-10`, userName: '系统管理员' })).json.data.records[0];
    expect(fixed).toMatchObject({ saleAmount: day.saleAmount, finalSaleAmount: 88.8, grossProfit: day.grossProfit, finalGrossProfit: 20, grossMargin: Math.round((20 * 10000) / 88.8) / 100 });
  });
});

describe('门店月度贡献 (report-monthly-shop-contribution)', () => {
  it('collect writes the shop\'s month equal to plain SQL; find-list, edit and editLog', async () => {
    await collect('report-monthly-shop-contribution/collect');
    const plain = await rows<Plain>(PLAIN_MONTH, [shopId, MONTH]);
    const sale = plain.reduce((a, p) => a + n(p.sale), 0);
    const costExact = (await rows<{ c: string }>(
      `SELECT round(coalesce((SELECT sum(d.quantity * d.unit_cost) FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id WHERE o.shop_id = $1 AND NOT o.is_practice AND o.status IN (1, 2) AND to_char(o.create_time, 'YYYY-MM') = $2), 0)
             - coalesce((SELECT sum(d.quantity * d.unit_cost) FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id WHERE o.shop_id = $1 AND NOT o.is_practice AND to_char(o.refund_time, 'YYYY-MM') = $2), 0), 2) AS c`,
      [shopId, MONTH],
    ))[0].c;
    const page = (await admin('POST', `${R}/report-monthly-shop-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH })).json.data;
    expect(page.total).toBe(1);
    const row = page.records[0];
    expect(row).toMatchObject({ shopId, sellerCount: 2, orderCount: plain.reduce((a, p) => a + p.orders, 0), saleAmount: Math.round(sale * 100) / 100, costAmount: n(costExact), targetAmount: 3100, reachRate: reach(sale, 3100) });
    const list = (await admin('GET', `${R}/report-monthly-shop-contribution/find-list?reportMonth=${MONTH}`)).json.data;
    expect(list).toEqual([expect.objectContaining({ id: row.id, saleAmount: row.saleAmount, costAmount: row.costAmount })]);
    expect((await admin('PUT', `${R}/report-monthly-shop-contribution/edit`, { id: row.id, editGrossProfit: 123.45, editRemark: '成本调整' })).status).toBe(200);
    const log = (await admin('GET', `${R}/report-monthly-shop-contribution/editLog?id=${row.id}`)).json.data;
    expect(log[0]).toMatchObject({ fieldTitle: '毛利额', beforeValue: String(row.grossProfit), afterValue: '123.45', remark: '成本调整', userName: null });
    // The corrections of every report are also readable in one list (报表修改日志).
    const all = (await admin('POST', `${R}/report-edit-log/page/1/50`, { reportType: 'shopContribution' })).json.data;
    expect(all.records[0]).toMatchObject({ rowId: row.id, fieldTitle: '毛利额', afterValue: '123.45' });
    // Its chart: corrections per day and report over the last 30 days, today's equal to the log's.
    const trend = (await admin('POST', `${R}/report-edit-log/trend`, { days: 30 })).json.data.days as Json[];
    expect(trend.length).toBe(30);
    const today = (await s.db.tenant(1, (tx) => tx.query<Json>(
      `SELECT to_char(current_date, 'YYYY-MM-DD') AS d, count(*) FILTER (WHERE report_type = 'shopContribution')::int AS shop, count(*) FILTER (WHERE report_type = 'monthlyContribution')::int AS monthly
         FROM report_edit_log WHERE edit_time >= current_date`))).rows[0];
    expect(trend.at(-1)).toMatchObject({ date: today.d, shopContribution: today.shop, monthlyContribution: today.monthly });
    expect(today.shop).toBeGreaterThan(0);
    expect((await admin('POST', `${R}/report-edit-log/trend`, { days: 9 })).status).toBe(400);
  });
});

describe('permissions and isolation', () => {
  it("shop01 reads the reports without cost and margin, in answers, task details and the shop list, and may not collect or correct", async () => {
    const page = await shop('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH });
    expect(page.status, page.body).toBe(200);
    expect(page.json.data.total).toBe(2);
    for (const r of page.json.data.records) {
      expect(r.finalSaleAmount).toEqual(expect.any(Number));
      for (const k of ['costAmount', 'grossProfit', 'editGrossProfit', 'finalGrossProfit', 'grossMargin']) expect(r, k).not.toHaveProperty(k);
    }
    const daily = (await shop('POST', `${R}/report-daily-contribution/findPage`, { pageNum: 1, pageSize: 5, reportMonth: MONTH })).json.data.records[0];
    expect(daily).not.toHaveProperty('costAmount');
    expect(daily).not.toHaveProperty('grossMargin');
    const id = page.json.data.records[0].id;
    const task = (await shop('GET', `${R}/report-monthly-contribution/task-det/find-list/${id}/1`)).json.data;
    expect(task.length).toBe(31);
    expect((await shop('GET', `${R}/report-monthly-contribution/task-det/find-list/${id}/2`)).status).toBe(403);
    const list = (await shop('GET', `${R}/report-monthly-shop-contribution/find-list?reportMonth=${MONTH}`)).json.data;
    expect(list[0]).not.toHaveProperty('costAmount');
    expect(list[0]).not.toHaveProperty('grossMargin');
    const shopLog = (await shop('GET', `${R}/report-monthly-shop-contribution/editLog`)).json.data;
    expect(shopLog.every((l: Json) => l.fieldName !== 'editGrossProfit')).toBe(true);
    expect((await shop('POST', `${R}/report-monthly-contribution/collect`, { reportMonth: MONTH })).status).toBe(403);
    expect((await shop('PUT', `${R}/report-monthly-contribution/edit`, { id, editSaleAmount: 1, editRemark: 'x' })).status).toBe(403);
    expect((await shop('POST', `${R}/report-monthly-contribution/export`, { reportMonth: MONTH })).status).toBe(403);
    expect((await shop('POST', `${R}/report-edit-log/page/1/10`, {})).status).toBe(403);
  });

  it('the export carries cost and margin for who may see them', async () => {
    const csv = await admin('POST', `${R}/report-monthly-contribution/export`, { reportMonth: MONTH });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('成本总金额');
    expect(csv.body).toContain('毛利率(%)');
  });

  it('another tenant sees none of it, cannot correct it, and computes its own (empty) month', async () => {
    const id = (await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 1, reportMonth: MONTH })).json.data.records[0].id;
    expect((await other('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH })).json.data.total).toBe(0);
    expect((await other('PUT', `${R}/report-monthly-contribution/edit`, { id, editSaleAmount: 1, editRemark: '越权' })).status).toBe(404);
    expect((await other('GET', `${R}/report-monthly-contribution/editLog?id=${id}`)).json.data).toEqual([]);
    expect((await other('GET', `${R}/report-monthly-contribution/task-det/find-list/${id}/1`)).status).toBe(404);
    expect((await other('POST', `${R}/report-monthly-contribution/lastDate`, { reportMonth: MONTH })).json.data.lastDate).toBeNull();
    const job = await collect('report-monthly-contribution/collect', MONTH, other);
    expect(job.result).toMatchObject({ shops: 0, rows: 0 });
    expect((await other('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH })).json.data.total).toBe(0);
    // Tenant 1's snapshot is untouched by tenant 2's job.
    expect((await admin('POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: MONTH })).json.data.total).toBe(2);
  });
});
