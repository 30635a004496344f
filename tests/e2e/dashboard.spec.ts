import { expect, logIn, openFromSidebar, pageApi, test } from './support';

/**
 * 工作台 and 数据统计 in Chromium against the real server and its demo data: admin logs in and finds today's sales
 * and orders of every shop (the figures the server computes from the orders), the trend and hour charts, the top
 * shops; then opens 门店销售 and finds the same shop ranking with its chart.
 */
const O = 'api/wxy-order-server';
const money = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('the 工作台 shows today’s sales with its charts, and 门店销售 lists the shops', async ({ page }) => {
  await logIn(page, 'admin', 'admin123');
  const { request, headers } = await pageApi(page);
  const dash = (await (await request.get(`${O}/statistics/dashboard`, { headers })).json()).data;
  expect(dash.todaySales.saleAmount, 'the demo sold today').toBeGreaterThan(0);

  const bench = page.getByTestId('workbench');
  await expect(bench).toBeVisible();
  await expect(page.getByTestId('dash-today-sales')).toHaveText(money(dash.todaySales.saleAmount));
  await expect(page.getByTestId('dash-today-orders')).toHaveText(String(dash.todaySales.orderCount));
  // The charts are drawn (recharts SVG), the ranking names the best shop.
  await expect(page.getByTestId('dash-trend').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('dash-hours').locator('.recharts-bar-rectangle path').first()).toBeVisible();
  await expect(page.getByTestId('dash-top-shops')).toContainText(dash.topShops[0].shopName);
  await expect(page.getByTestId('dash-tasks')).toContainText('待我审批');

  await openFromSidebar(page, '/dataStatistics', '/dataStatistics/shopSale');
  const screen = page.getByTestId('screen-stat-shop-sale');
  await expect(screen).toBeVisible();
  await page.getByRole('button', { name: '今天' }).click();
  const table = page.getByTestId('stat-shop-sale-shop-table');
  await expect(table).toContainText(dash.topShops[0].shopName);
  await expect(page.getByTestId('stat-shop-sale-shop-summary-saleAmount')).toHaveText(money(dash.todaySales.saleAmount));
  await expect(page.getByTestId('stat-shop-sale-shop-chart-sales').locator('svg.recharts-surface')).toBeVisible();
  await expect(table).toContainText('毛利率');
});
