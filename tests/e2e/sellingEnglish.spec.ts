import { expect, logIn, pageApi, test } from './support';

/**
 * The selling screens read in English for a user who chose English (their words come from their labels, not the
 * code): the register, whose English is fetched only then, and 销售日报. Nothing is changed (no shift opened).
 */
test('an English user reads the register and the daily sales report in English', async ({ page, context, baseURL }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const shops = (await (await request.post('/api/wxy-shop-server/shop-base/list', { headers, data: {} })).json()).data as { shopId: number }[];
  await context.addCookies([{ name: 'deviceShopId', value: String(Math.min(...shops.map((s) => s.shopId))), url: baseURL! }]);

  await page.goto('/orderInfo/practiceCash');
  await expect(page.getByRole('heading', { name: 'Practice register' })).toBeVisible();
  await expect(page.getByTestId('register-keys')).toContainText('Keys (in the scan box): Enter add item');
  await expect(page.getByTestId('register-open-shift')).toContainText('Before selling, count the float in the cash drawer.');
  await expect(page.getByTestId('register-refund')).toHaveText('Refund');
  await expect(page.getByTestId('register-keys')).not.toContainText('快捷键');

  await page.goto('/orderInfo/saleReport');
  const report = page.getByTestId('sale-report');
  await expect(report.getByRole('heading', { name: /^Daily sales report/ })).toBeVisible();
  await expect(report.getByLabel('Shop')).toBeVisible();
  await expect(report).not.toContainText('销售日报');
});
