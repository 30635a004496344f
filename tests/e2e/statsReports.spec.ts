import { expect, logIn, openPage, pageApi, test, zoneDay } from './support';

/**
 * 数据统计 on the engine's report screen, in Chromium against the real server and its demo data: admin opens each
 * report, picks 近30天 and finds the rows, the summary over all rows and the charts the API answers for the same
 * period; a shop's 客单数 opens that shop's orders, an order row opens its detail, and 导出 saves the server's file.
 */
const O = 'api/wxy-order-server';
const money = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const period = { startDate: zoneDay(-29), endDate: zoneDay() };

test('门店销售: shops, summary and chart of the period; a shop\'s orders; the order tab and its detail; export', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const api = (await (await request.post(`${O}/po-shop-sale/list`, { headers, data: period })).json()).data;
  const shop = (api.records as { shopId: number; shopName: string; orderCount: number }[]).find((r) => r.orderCount > 0)!;
  expect(shop, 'a shop sold in the demo period').toBeTruthy();
  const orders = (await (await request.post(`${O}/po-shop-sale/order/list`, { headers, data: { ...period, shopId: shop.shopId, pageNum: 1, pageSize: 50 } })).json()).data;

  await openPage(page, '/dataStatistics/shopSale');
  await page.getByTestId('stat-shop-sale-last-30').click();
  const table = page.getByTestId('stat-shop-sale-shop-table');
  await expect(page.getByTestId('stat-shop-sale-shop-summary-saleAmount')).toHaveText(money(api.summary.saleAmount));
  await expect(page.getByTestId('stat-shop-sale-shop-summary-orderCount')).toHaveText(String(api.summary.orderCount));
  await expect(table).toContainText(shop.shopName);
  await expect(page.getByTestId('stat-shop-sale-shop-chart-sales').locator('svg.recharts-surface')).toBeVisible();

  // 客单数 opens the shop's orders of the same period.
  await table.locator('tr', { hasText: shop.shopName }).getByTestId('drill-orderCount').click();
  await expect(page.getByTestId('stat-shop-sale-shop-drill-total')).toHaveText(`共 ${orders.total} 条`);
  await expect(page.getByTestId('stat-shop-sale-shop-drill-table')).toContainText(orders.records[0].orderNo);
  await page.keyboard.press('Escape');

  // The 订单 tab keeps the period; an order opens its detail.
  await page.getByTestId('stat-shop-sale-tab-order').click();
  const all = (await (await request.post(`${O}/po-shop-sale/order/list`, { headers, data: { ...period, pageNum: 1, pageSize: 20 } })).json()).data;
  await expect(page.getByTestId('stat-shop-sale-order-total')).toHaveText(`共 ${all.total} 条`);
  const first = page.getByTestId('stat-shop-sale-order-table-row').first();
  await expect(first).toContainText(all.records[0].orderNo);
  await first.getByTestId('row-action-detail').click();
  await expect(page.getByRole('dialog')).toContainText(all.records[0].orderNo);
  await page.keyboard.press('Escape');

  // 商品构成 draws its chart; 导出 saves the server's file of the tab.
  await page.getByTestId('stat-shop-sale-tab-compose').click();
  await expect(page.getByTestId('stat-shop-sale-compose-chart-sales').locator('svg.recharts-surface')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('stat-shop-sale-compose-export').click();
  expect((await downloading).suggestedFilename()).toMatch(/^销售商品构成.*\.xlsx$/);
});

test('时段销售, 订单销售汇总, 导购销售 and 扫码统计 show the API\'s figures, charts and tabs', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const post = async (url: string, data: object = period) => (await (await request.post(`${O}/${url}`, { headers, data })).json()).data;

  const hours = await post('po-sell-store-hour/findPage', { ...period, pageNum: 1, pageSize: 20 });
  await openPage(page, '/dataStatistics/storeHour');
  await page.getByTestId('stat-store-hour-last-30').click();
  await expect(page.getByTestId('stat-store-hour-summary-saleAmount')).toHaveText(money(hours.summary.saleAmount));
  await expect(page.getByTestId('stat-store-hour-table')).toContainText(hours.records[0].shopName);
  await expect(page.getByTestId('stat-store-hour-chart-hours').locator('.recharts-bar-rectangle path').first()).toBeVisible();

  const sums = await post('po-order-sales/order/sales');
  await openPage(page, '/dataStatistics/orderSales');
  await page.getByTestId('stat-order-sales-last-30').click();
  await expect(page.getByTestId('stat-order-sales-summary-saleAmount')).toHaveText(money(sums.saleAmount));
  await expect(page.getByTestId('stat-order-sales-summary')).toContainText(sums.payments[0].payTypeName);
  await expect(page.getByTestId('stat-order-sales-total')).toHaveText(`共 ${sums.days.length} 条`);
  await expect(page.getByTestId('stat-order-sales-chart-days').locator('svg.recharts-surface')).toBeVisible();

  const sellers = await post('statistics/salesman/list');
  await openPage(page, '/dataStatistics/salesman');
  await page.getByTestId('stat-salesman-last-30').click();
  await expect(page.getByTestId('stat-salesman-summary-saleAmount')).toHaveText(money(sellers.summary.saleAmount));
  await expect(page.getByTestId('stat-salesman-table')).toContainText(sellers.records[0].userName);
  await expect(page.getByTestId('stat-salesman-table')).toContainText('毛利率');

  // 扫码统计: 统计 counts the searched period, then its rows are listed; the trend tab draws the days.
  await openPage(page, '/dataStatistics/scanCode');
  await page.getByTestId('stat-scan-code-last-7').click();
  await page.getByTestId('stat-scan-code-page-toolbar-merge').click();
  await expect(page.getByText(/扫码统计完成/)).toBeVisible();
  const scans = await post('stat/scan-code/page', { startDate: zoneDay(-6), endDate: zoneDay(), pageNum: 1, pageSize: 20 });
  expect(scans.total, 'the demo scanned in the last 7 days').toBeGreaterThan(0);
  await expect(page.getByTestId('stat-scan-code-page-total')).toHaveText(`共 ${scans.total} 条`);
  await expect(page.getByTestId('stat-scan-code-page-notice')).toHaveCount(0);
  await page.getByTestId('stat-scan-code-tab-trend').click();
  await expect(page.getByTestId('stat-scan-code-trend-chart-trend').locator('svg.recharts-surface')).toBeVisible();
  await page.getByTestId('stat-scan-code-tab-dept').click();
  await expect(page.getByTestId('stat-scan-code-dept-table')).toContainText(String((await post('stat/scan-code/dept-list', { startDate: zoneDay(-6), endDate: zoneDay() })).records[0].deptName));
});
