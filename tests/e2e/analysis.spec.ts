import { readFileSync } from 'node:fs';
import { expect, logIn, openPage, pageApi, test } from './support';

/**
 * 报表中心 → 铺货分析 in Chromium against the real server and its demo data: admin searches the last 30 days, finds
 * the same figures the API answers, clicks a SKU's 销量 and sees the sale lines that make it in the drawer.
 */
test('铺货分析: a figure opens the rows it is made of', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const api = (await (await request.post('api/wxy-report-server/put-stock-analyse/list/page/1/20', { headers, data: { dimension: 'sku' } })).json()).data;
  const sold = (api.records as { skuCode: string; saleQuantity: number }[]).find((r) => r.saleQuantity > 0);
  expect(sold, 'a SKU sold in the demo period').toBeTruthy();

  await openPage(page, '/reportCenter/putStockAnalyse');
  await page.getByTestId('report-search').click();
  const table = page.getByTestId('report-table');
  await expect(table).toContainText(api.records[0].skuCode);
  await expect(page.getByText(`共 ${api.total} 条`)).toBeVisible();
  const row = table.locator('tr', { hasText: sold!.skuCode });
  await row.getByTestId('figure-saleQuantity').click();
  const drawer = page.getByTestId('detail-table');
  await expect(drawer).toContainText('XS');
  await expect(page.getByText(/销售明细/)).toBeVisible();
  await page.keyboard.press('Escape');

  // 导出 saves the server's CSV under the server's name (the shops' clock in it), the searched rows in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^铺货分析.*\d{8}.*\.csv$/);
  expect(readFileSync(await file.path(), 'utf8')).toContain(sold!.skuCode);
});
