/**
 * 报表 bench (issue 16 "Performance"): BENCH_REPORT_ROWS order lines (default 1,000,000; 3 a order) over 100 shops
 * and the two months before this one, and as many stock-ledger rows over the shops' warehouses, on the PostgreSQL
 * server (a throwaway database) and on PGlite (BENCH_REPORT_PGLITE_ROWS, default the same; smaller where generating
 * a million rows in the embedded database takes too long). Times, through the API:
 * - a month's collect (月度贡献 with its days, 门店月度贡献, 星级评定): the job from the call to done;
 * - every report page (p50/p99 of BENCH_REPORT_SAMPLES calls, default 10): the snapshot pages and the reports
 *   computed on read (铺货/动销/卖点/会员/门店销售/时段/订单/店员/工作台);
 * each against the plain aggregate SQL answering the same question (the month's sales per shop and seller from the
 * orders; the period's ledger movement per SKU) run through the same driver in the same run. Printed, never asserted.
 * With a built SPA and Chromium: the 工作台's first paint after login (submit to today's figure shown).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ServerConfig } from '../../server/config.ts';
import { startServer } from '../../server/start.ts';
import { onPglite, onPostgresServer } from './backends.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const PORT = Number(process.env.BENCH_PORT || 18188);
const SHOPS = 100;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const f1 = (n: number) => n.toFixed(1);

type Server = Awaited<ReturnType<typeof startServer>>;

const monthBefore = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const k = y * 12 + (m - 1) - n;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
};

/**
 * Shops with a warehouse each, five sellers, orders of 3 lines over two months (2% refunded), ledger rows over the
 * shops' warehouses. A line's SKU is a hash of the order and line (not order * line modulo the SKUs, which with
 * shop = order modulo 100 gave each shop a handful of SKUs and flattered anything summed per shop and SKU).
 */
export async function seedReports(server: Server, lines: number, months: [string, string]): Promise<void> {
  const orders = Math.ceil(lines / 3);
  await server.db.tenant(1, async (tx) => {
    await tx.query(`INSERT INTO shop_base (tenant_id, shop_code, shop_name, region_name, status) SELECT 1, 'BR' || lpad(i::text, 4, '0'), '报表压测店' || i, '压测区', 1 FROM generate_series(1, $1) i`, [SHOPS]);
    await tx.query(
      `INSERT INTO wh_base_info (tenant_id, wh_code, wh_name, wh_type, status, shop_id)
       SELECT 1, 'BRW' || lpad(i::text, 4, '0'), '报表压测店' || i || '仓', 2, 1, s.shop_id FROM generate_series(1, $1) i JOIN shop_base s ON s.shop_code = 'BR' || lpad(i::text, 4, '0')`,
      [SHOPS],
    );
    await tx.query(`INSERT INTO sys_user (tenant_id, user_no, user_name, name, password_hash) SELECT 1, 'BRU' || i, 'rbench' || i, '报表店员' || i, 'x' FROM generate_series(1, 5) i`);
  });
  const ids = async (sql: string) => (await server.db.tenant(1, (tx) => tx.query<{ id: number }>(sql))).rows.map((r) => Number(r.id));
  const shops = await ids(`SELECT shop_id AS id FROM shop_base WHERE shop_code LIKE 'BR%' ORDER BY 1`);
  const sellers = await ids(`SELECT id FROM sys_user WHERE user_name LIKE 'rbench%' ORDER BY 1`);
  const skus = await ids(`SELECT sku_id AS id FROM pd_sku ORDER BY 1 LIMIT 200`);
  const whs = await ids(`SELECT wh_id AS id FROM wh_base_info WHERE wh_code LIKE 'BRW%' ORDER BY 1`);
  const start = `${months[0]}-01`;
  const seconds = 59 * 24 * 3600;
  await server.db.tenant(1, (tx) => tx.query(
    `INSERT INTO po_order (tenant_id, order_no, client_uuid, shop_id, shop_name, is_practice, status, total_quantity, total_amount, pay_amount, paid_amount,
                           cashier_user_id, cashier_name, create_time, refund_amount, refund_time)
     SELECT 1, 'BRN' || i, gen_random_uuid(), s.shop_id, '报表压测店', false, CASE WHEN i % 50 = 0 THEN 2 ELSE 1 END, 3, a, a, a,
            ($3::int[])[1 + i % 5], '报表店员', t, CASE WHEN i % 50 = 0 THEN a ELSE 0 END, CASE WHEN i % 50 = 0 THEN t + interval '1 hour' END
       FROM generate_series(1, $1) i
       CROSS JOIN LATERAL (SELECT ($2::int[])[1 + i % array_length($2::int[], 1)] AS shop_id, round((10 + (i * 37) % 300)::numeric, 2) AS a,
                                  $4::timestamptz + ((i::bigint * 7919) % $5) * interval '1 second' AS t) s`,
    [orders, shops, sellers, start, seconds],
  ));
  await server.db.system((tx) => tx.query('ANALYZE po_order'));
  await server.db.tenant(1, (tx) => tx.query(
    `INSERT INTO po_order_det (tenant_id, order_id, line_no, sku_id, quantity, unit_price, unit_cost)
     SELECT 1, o.order_id, n, ($1::int[])[1 + abs(hashint4(o.order_id * 3 + n)) % array_length($1::int[], 1)], 1, round(o.pay_amount / 3, 2), round(o.pay_amount / 5, 2)
       FROM po_order o CROSS JOIN generate_series(1, 3) n WHERE o.order_no LIKE 'BRN%'`,
    [skus],
  ));
  // Ledger rows: receipts and sales of the shops' warehouses over the same days, with balances to match their sum.
  await server.db.tenant(1, (tx) => tx.query(
    `INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, doc_type, doc_id, doc_no, qty, unit_cost, amount, on_hand_after, create_time, create_user_name)
     SELECT 1, w, k.sku_id, '报表压测仓', k.sku_code, k.sku_name, CASE WHEN i % 4 = 0 THEN 'receipt' ELSE 'sale' END, i, 'BRL' || i,
            CASE WHEN i % 4 = 0 THEN 3 ELSE -1 END, 5, CASE WHEN i % 4 = 0 THEN 15 ELSE -5 END, 0, $4::timestamptz + ((i::bigint * 104729) % $5) * interval '1 second', '压测'
       FROM generate_series(1, $1) i
       CROSS JOIN LATERAL (SELECT ($2::int[])[1 + i % array_length($2::int[], 1)] AS w, ($3::int[])[1 + (i / 7) % array_length($3::int[], 1)] AS sku) x
       JOIN pd_sku k ON k.sku_id = x.sku`,
    [lines, whs, skus, start, seconds],
  ));
  await server.db.tenant(1, (tx) => tx.query(
    `INSERT INTO stock_balance (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, spu_id, spu_name, unit, on_hand, avg_cost)
     SELECT 1, l.wh_id, l.sku_id, max(l.wh_name), k.sku_code, k.sku_name, k.spu_id, k.spu_name, k.unit, greatest(sum(l.qty), 0), 5
       FROM stock_ledger l JOIN pd_sku k ON k.sku_id = l.sku_id WHERE l.doc_no LIKE 'BRL%' GROUP BY l.wh_id, l.sku_id, k.sku_code, k.sku_name, k.spu_id, k.spu_name, k.unit
     ON CONFLICT DO NOTHING`,
  ));
  await server.db.system((tx) => tx.query('ANALYZE'));
}

async function run(label: string, config: ServerConfig, lines: number, samples: number, firstPaint: boolean): Promise<void> {
  const server = await startServer(config, { logger: false });
  try {
    const today = (await server.db.tenant(1, (tx) => tx.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))).rows[0].d;
    const months: [string, string] = [monthBefore(today.slice(0, 7), 2), monthBefore(today.slice(0, 7), 1)];
    const month = months[1];
    const t0 = performance.now();
    await seedReports(server, lines, months);
    const loadS = (performance.now() - t0) / 1000;
    const login = await fetch(`${server.url}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' };
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = (await res.json()) as { code: number; msg: string; data: any };
      if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
      return json.data;
    };
    const until = async (job: { jobId: number }) => {
      for (;;) {
        const j = await api('GET', `wxy-system-server/bg-job/info/${job.jobId}`);
        if (j.status === 'done') return;
        if (j.status === 'failed') throw new Error(j.error);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const ledgerRows = Number((await server.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM stock_ledger`))).rows[0].n);
    console.log(`\n## Reports on ${lines.toLocaleString('en')} order lines and ${ledgerRows.toLocaleString('en')} ledger rows, ${SHOPS} shops x 2 months (${label}; generated in ${f1(loadS)} s)`);

    // Baselines: the same questions as plain aggregate SQL through the same driver.
    const days = { from: `${month}-01`, to: `${month}-${new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate()}` };
    const plainMonth = () => server.db.tenant(1, (tx) => tx.query(
      `SELECT o.shop_id, o.cashier_user_id, count(*), sum(o.pay_amount), sum(c.cost) FROM po_order o
         JOIN LATERAL (SELECT sum(d.quantity * d.unit_cost) AS cost FROM po_order_det d WHERE d.order_id = o.order_id) c ON true
        WHERE NOT o.is_practice AND o.status IN (1, 2) AND o.create_time >= $1::date AND o.create_time < $2::date + 1 GROUP BY 1, 2`,
      [days.from, days.to],
    ));
    const plainLedger = () => server.db.tenant(1, (tx) => tx.query(
      `SELECT sku_id, sum(qty) FILTER (WHERE qty > 0), sum(-qty) FILTER (WHERE qty < 0) FROM stock_ledger WHERE create_time >= $1::date AND create_time < $2::date + 1 GROUP BY 1`,
      [days.from, days.to],
    ));
    const time = async (fn: () => Promise<unknown>, n = samples) => {
      await fn();
      const xs: number[] = [];
      for (let i = 0; i < n; i++) {
        const s = performance.now();
        await fn();
        xs.push(performance.now() - s);
      }
      return xs;
    };
    const baseMonth = pct(await time(plainMonth), 50);
    const baseLedger = pct(await time(plainLedger), 50);
    console.log(`baseline: plain SQL, the month's sales and cost per shop and seller     p50 ${f1(baseMonth)} ms`);
    console.log(`baseline: plain SQL, the month's ledger in/out per SKU                  p50 ${f1(baseLedger)} ms`);

    const R = 'wxy-report-server';
    const O = 'wxy-order-server';
    const collects: [string, string][] = [
      ['月度贡献 (with its days)', `${R}/report-monthly-contribution/collect`],
      ['门店月度贡献', `${R}/report-monthly-shop-contribution/collect`],
      ['星级评定', `${R}/report-monthly-star-rating/collect`],
      ['人员星级汇总', `${R}/star-rating-user-det/merger`],
      ['客流转化', `${O}/access/report/refresh`],
    ];
    for (const [name, url] of collects) {
      const s = performance.now();
      await until(await api('POST', url, { reportMonth: month }));
      const t = performance.now() - s;
      console.log(`collect ${month} ${name.padEnd(22)} ${f1(t / 1000)} s  (${f1(t / baseMonth)}x the plain month SQL; target < 10 s)`);
    }

    const period = { dateStart: days.from, dateEnd: days.to };
    const stat = { startDate: days.from, endDate: days.to };
    const pages: [string, string, string, unknown, number][] = [
      ['每日贡献 findPage 20', 'POST', `${R}/report-daily-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: month }, baseMonth],
      ['每日贡献 day-trend (chart)', 'POST', `${R}/report-daily-contribution/day-trend`, { reportMonth: month }, baseMonth],
      ['月度贡献 findPage 20', 'POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: month }, baseMonth],
      ['月度贡献 top 15 by sales (chart)', 'POST', `${R}/report-monthly-contribution/findPage`, { pageNum: 1, pageSize: 15, reportMonth: month, sort: 'finalSaleAmount', order: 'desc' }, baseMonth],
      ['门店月度贡献 findPage 20', 'POST', `${R}/report-monthly-shop-contribution/findPage`, { pageNum: 1, pageSize: 20, reportMonth: month }, baseMonth],
      ['每日贡献 findPage 999999', 'POST', `${R}/report-daily-contribution/findPage`, { pageNum: 1, pageSize: 999999, reportMonth: month }, baseMonth],
      ['星级评定 findPage 20', 'POST', `${R}/report-monthly-star-rating/findPage`, { pageNum: 1, pageSize: 20, reportMonth: month }, baseMonth],
      ['星级分布 (chart)', 'POST', `${R}/report-monthly-star-rating/distribution`, { reportMonth: month }, baseMonth],
      ['客流转化 page 20', 'POST', `${O}/access/report/page`, { pageNum: 1, pageSize: 20, reportMonth: month }, baseMonth],
      ['铺货分析 list 1/20 (month)', 'POST', `${R}/put-stock-analyse/list/page/1/20`, period, baseLedger],
      ['库存动销 list 1/20 (month)', 'POST', `${R}/stock-pin-analyse/list/page/1/20`, period, baseLedger],
      ['商品卖点 findPage 20 (month)', 'POST', `${R}/report_common_selling_points/findPage`, { ...period, pageNum: 1, pageSize: 20 }, baseMonth],
      ['会员消费 findPage 20 (month)', 'POST', `${R}/report-member-info/findPage`, { ...period, pageNum: 1, pageSize: 20 }, baseMonth],
      ['门店销售 po-shop-sale/list (month)', 'POST', `${O}/po-shop-sale/list`, stat, baseMonth],
      ['时段销售 po-sell-store-hour (month)', 'POST', `${O}/po-sell-store-hour/findPage`, { ...stat, pageNum: 1, pageSize: 20 }, baseMonth],
      ['订单销售 po-order-sales (month)', 'POST', `${O}/po-order-sales/order/sales`, stat, baseMonth],
      ['店员销售 statistics/salesman (month)', 'POST', `${O}/statistics/salesman/list`, stat, baseMonth],
      ['工作台 statistics/dashboard (30 days)', 'GET', `${O}/statistics/dashboard?days=30`, undefined, baseMonth],
    ];
    for (const [name, method, url, body, base] of pages) {
      try {
        const xs = await time(() => api(method, url, body));
        const p50 = pct(xs, 50);
        const p99 = pct(xs, 99);
        console.log(`${name.padEnd(40)} p50 ${f1(p50).padStart(7)} ms  p99 ${f1(p99).padStart(7)} ms  (${(p50 / base).toFixed(2)}x plain SQL; target < 1000 ms)`);
      } catch (e) {
        console.log(`${name.padEnd(40)} failed: ${(e as Error).message}`);
      }
    }
    if (firstPaint) await benchFirstPaint(server.url);
  } finally {
    await server.close();
  }
}

/** Login submit to the 工作台's today figure on screen, in Chromium (median of 3, a new context each). */
async function benchFirstPaint(url: string): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/index.html')) || !existsSync('/usr/bin/chromium')) return console.log('工作台 first paint: skipped (no built SPA or no Chromium)');
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const xs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(`${url}/login`);
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill('admin123');
      const tenant = page.getByTestId('login-tenant');
      if (await tenant.count()) await tenant.fill('1');
      const s = performance.now();
      await page.getByTestId('login-submit').click();
      await page.getByTestId('dash-today-sales').waitFor({ timeout: 60_000 });
      xs.push(performance.now() - s);
      await context.close();
    }
    console.log(`工作台 first paint after login (submit to today's figure, Chromium)  median ${f1(pct(xs, 50))} ms, worst ${f1(Math.max(...xs))} ms; target < 1500 ms`);
  } finally {
    await browser.close();
  }
}

export async function benchReports(): Promise<void> {
  const lines = Number(process.env.BENCH_REPORT_ROWS || 1_000_000);
  const samples = Number(process.env.BENCH_REPORT_SAMPLES || 10);
  const staticDir = existsSync(path.join(ROOT, 'dist/index.html')) ? path.join(ROOT, 'dist') : undefined;
  // BENCH_REPORT_PG=0 runs only PGlite; the PostgreSQL run also serves the built pages for the 工作台's first paint.
  if (process.env.BENCH_REPORT_PG !== '0') {
    await onPostgresServer('reports', PORT, (config) => run('PostgreSQL server', { ...config, staticDir }, lines, samples, true));
  }
  if (process.env.BENCH_REPORT_PGLITE === '0') return;
  const liteLines = Number(process.env.BENCH_REPORT_PGLITE_ROWS || lines);
  await onPglite('reports', PORT + 1, (config) =>
    run(`PGlite${liteLines < lines ? `, BENCH_REPORT_PGLITE_ROWS=${liteLines.toLocaleString('en')}` : ''}`, config, liteLines, samples, false));
}
