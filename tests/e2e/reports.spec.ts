import { randomUUID } from 'node:crypto';
import { expect, logIn, openFromSidebar, openPage, pageApi, test } from './support';

/**
 * 报表中心 → 门店月度贡献 in Chromium against the real server (issue 16): a month never computed says so and is
 * computed from its button (progress bar); a sale made now is in the month's figure once the month is collected
 * again from the toolbar, in its ranking chart and in the 工作台's today; a correction of the figure is found in
 * 报表修改日志. It sells one unit in a shop no other spec reads by its absolute figures, and corrects only that
 * shop's row of this month.
 */
const R = 'wxy-report-server/report-monthly-shop-contribution';
/** The report table shows amounts plain (4185.20); the 工作台 groups thousands (4,185.20). */
const money = (n: number) => n.toFixed(2);
const grouped = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SCREEN = 'report-monthly-shop-contribution';

test('门店月度贡献: collect a month, see a sale in the report, its chart and the 工作台, correct it and find the log', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const api = async <T = any>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> => {
    const json = await (await request.fetch(`api/${url}`, { method, headers, data })).json();
    expect(json.code, `${url}: ${json.msg}`).toBe(200);
    return json.data as T;
  };
  const month = (await api<{ now: string }>('GET', 'wxy-system-server/sys-date/now')).now.slice(0, 7);
  const [y, m] = month.split('-').map(Number);
  const older = m > 2 ? `${y}-${String(m - 2).padStart(2, '0')}` : `${y - 1}-${String(m + 10).padStart(2, '0')}`;
  // The demo computes this month at start-up: wait for it, so the figure before the sale is settled.
  await expect.poll(async () => {
    const last = await api('POST', `${R}/lastDate`, { reportMonth: month });
    return Boolean(last.lastDate) && !last.running;
  }, { timeout: 60_000 }).toBe(true);

  // A shop warehouse with stock: sell one unit there, paid in cash.
  // From the tenth active shop on (the first ones are other specs'), the first with its own warehouse: the full suite
  // adds shops without one (engine.spec).
  const active = (await api<{ shopId: number; shopName: string; status: number }[]>('GET', 'wxy-order-server/statistics/shops')).filter((x) => x.status === 1).sort((a, b) => a.shopId - b.shopId).slice(9);
  const warehouses = (await api('POST', 'wxy-warehouse-server/wh-base-info/page/1/100', {})).records as { whId: number; whName: string }[];
  const shop = active.find((x) => warehouses.some((w) => w.whName === `${x.shopName}仓`))!;
  const wh = warehouses.find((w) => w.whName === `${shop.shopName}仓`)!;
  const stock = (await api('POST', 'wxy-warehouse-server/wh-stock/stock/page/1/50', { whId: wh.whId })).records.find((b: { available: number }) => b.available >= 2);
  const rowOf = async () => (await api('POST', `${R}/findPage`, { pageNum: 1, pageSize: 1, reportMonth: month, shopId: shop.shopId })).records[0];
  const beforeRow = await rowOf();
  const before = Number(beforeRow?.finalSaleAmount ?? 0);
  const todayBefore = (await api('GET', 'wxy-order-server/statistics/dashboard')).todaySales.saleAmount as number;
  const sale = await api('POST', 'wxy-order-server/order/settlement', { uuid: randomUUID(), shopId: shop.shopId, lines: [{ skuId: stock.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 100000 }] });
  const amount = Number(sale.payAmount);
  expect(amount).toBeGreaterThan(0);

  await openPage(page, '/reportCenter/shopContribution');
  const filter = page.getByTestId(`${SCREEN}-filters`).getByTestId('filter-reportMonth');
  // A month nobody computed: the list says so and offers to compute it; the job's progress shows until it ends.
  await filter.fill(older);
  await page.getByTestId(`${SCREEN}-search`).click();
  const notice = page.getByTestId(`${SCREEN}-not-collected`);
  await expect(notice).toContainText(`${older} 的门店月度贡献尚未计算`);
  await page.getByTestId(`${SCREEN}-collect-month`).click();
  await expect(page.getByTestId('job-progress').first()).toBeVisible();
  await expect(notice).toHaveCount(0, { timeout: 30_000 });

  // This month, collected again from the toolbar: the sale is in the shop's figure.
  await filter.fill(month);
  await page.getByTestId(`${SCREEN}-search`).click();
  const table = page.getByTestId(`${SCREEN}-table`);
  const row = table.locator('tr', { hasText: shop.shopName });
  // Reading never recomputes: before the collect the sale is not in the month (a shop without sales yet has no row).
  await expect(table).toContainText('门店');
  if (beforeRow) await expect(row).toContainText(money(before));
  else await expect(row).toHaveCount(0);
  await page.getByTestId(`${SCREEN}-toolbar-collect`).click();
  await page.getByTestId(`${SCREEN}-form`).getByTestId('field-reportMonth').fill(month);
  await page.getByTestId(`${SCREEN}-form-submit`).click();
  await expect(page.getByTestId('job-progress').first()).toBeVisible();
  const after = Math.round((before + amount) * 100) / 100;
  await expect(row).toContainText(money(after), { timeout: 30_000 });
  expect(Number((await rowOf()).finalSaleAmount)).toBe(after);
  // Its chart: the month's shops ranked by sales.
  const chart = page.getByTestId(`${SCREEN}-chart-shopRanking`);
  await expect(chart).toContainText(month);
  await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();

  // The 工作台 counts the sale in today's figure (computed from the orders).
  const todayAfter = (await api('GET', 'wxy-order-server/statistics/dashboard')).todaySales.saleAmount as number;
  expect(Math.round((todayAfter - todayBefore) * 100) / 100).toBeGreaterThanOrEqual(amount);
  await page.goto('/home/index');
  await expect(page.getByTestId('dash-today-sales')).toHaveText(grouped(todayAfter));
  await expect(page.getByTestId('dash-trend').locator('svg.recharts-surface')).toBeVisible();

  // A correction keeps the computed value beside it and is written to 报表修改日志.
  await openFromSidebar(page, '/reportCenter', '/reportCenter/shopContribution');
  await expect(row).toContainText(money(after));
  await row.getByTestId('row-action-edit').click();
  const form = page.getByTestId(`${SCREEN}-form`);
  const corrected = Math.round((after + 12.34) * 100) / 100;
  await form.getByTestId('field-editSaleAmount').fill(String(corrected));
  await form.getByTestId('field-editRemark').fill('e2e 补录线下销售');
  await page.getByTestId(`${SCREEN}-form-submit`).click();
  await expect(row).toContainText(money(corrected));
  await openFromSidebar(page, '/reportCenter', '/reportCenter/reportEditLog');
  const log = page.getByTestId('report-edit-log-table').locator('tr', { hasText: 'e2e 补录线下销售' }).first();
  await expect(log).toContainText(shop.shopName);
  await expect(log).toContainText(String(after));
  await expect(log).toContainText(String(corrected));
});

test('每日贡献: the day-trend chart draws the computed month, day by day, as its call answers', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, 'admin', 'admin123');
  const { request, headers } = await pageApi(page);
  const api = async <T = any>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> => {
    const json = await (await request.fetch(`api/${url}`, { method, headers, data })).json();
    expect(json.code, `${url}: ${json.msg}`).toBe(200);
    return json.data as T;
  };
  const D = 'wxy-report-server/report-daily-contribution';
  const month = (await api<{ now: string }>('GET', 'wxy-system-server/sys-date/now')).now.slice(0, 7);
  // The demo computes this month at start-up (月度贡献 with its days): wait for it.
  await expect.poll(async () => {
    const last = await api('POST', 'wxy-report-server/report-monthly-contribution/lastDate', { reportMonth: month });
    return Boolean(last.lastDate) && !last.running;
  }, { timeout: 60_000 }).toBe(true);
  const days = (await api<{ days: { reportDate: string; saleAmount: number; grossProfit?: number }[] }>('POST', `${D}/day-trend`, { reportMonth: month })).days;
  expect(days.length, 'the demo sold this month').toBeGreaterThan(0);

  await openFromSidebar(page, '/reportCenter', '/reportCenter/dailyContribution');
  const chart = page.getByTestId('report-daily-contribution-chart-dayTrend');
  await expect(chart).toContainText(month);
  // The lines drawn, one point per computed day, the last computed day on the x axis.
  const line = chart.locator('.recharts-line').first();
  await expect(line.locator('.recharts-line-curve')).toBeVisible();
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText('销售额');
  // A dot per day on each line (销售额, 目标, and 毛利额 for those who may see it).
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(days.length * ('grossProfit' in days[0] ? 3 : 2));
  await expect(chart.locator('.recharts-cartesian-axis-tick-value', { hasText: days.at(-1)!.reportDate.slice(8) }).first()).toBeVisible();
});
