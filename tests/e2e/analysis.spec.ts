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
  await page.getByTestId('report-put-stock-search').click();
  const table = page.getByTestId('report-put-stock-table');
  await expect(table).toContainText(api.records[0].skuCode);
  await expect(page.getByTestId('report-put-stock-total')).toHaveText(`共 ${api.total} 条`);
  // The regional heat panel draws the period's regions.
  await expect(page.getByTestId('put-stock-heat').getByTestId('heat-region').first()).toBeVisible();
  const row = table.locator('tr', { hasText: sold!.skuCode });
  await row.getByTestId('drill-saleQuantity').click();
  const drawer = page.getByTestId('report-put-stock-drill-table');
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

/**
 * 库存动销分析 is a computed report on the engine's list: admin narrows it to 滞销 and sees the rows and the total the
 * API answers for the same filters, sorts by 库存数量, and 导出 saves the server's CSV of those rows.
 */
test('库存动销分析: filtered by 动销状态 like the API, sorted, exported from the server', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const api = (await (await request.post('api/wxy-report-server/stock-pin-analyse/list/page/1/20', { headers, data: { slowDays: 30, pinStatus: 2 } })).json()).data;
  expect(api.total, 'slow stock in the demo data').toBeGreaterThan(0);

  await openPage(page, '/reportCenter/stockPinAnalyse');
  await expect(page.getByTestId('filter-slowDays')).toHaveValue('30');
  await page.getByTestId('filter-pinStatus').click();
  await page.getByRole('option', { name: '滞销' }).click();
  await page.getByTestId('report-stock-pin-search').click();
  await expect(page.getByTestId('report-stock-pin-total')).toHaveText(`共 ${api.total} 条`);
  const rows = page.getByTestId('report-stock-pin-table-row');
  await expect(rows.first()).toContainText(api.records[0].skuCode);
  await expect(rows.first()).toContainText('滞销');

  const onHand = page.getByTestId('report-stock-pin-table').locator('th[data-column="onHand"]');
  const sorting = page.waitForRequest((r) => r.url().includes('stock-pin-analyse/list/page') && r.postDataJSON()?.sort === 'onHand');
  await onHand.click();
  await expect(onHand).toHaveAttribute('aria-sort', /ascending|descending/);
  // the server sorts (a report's sort is its own), with the filters kept
  expect((await sorting).postDataJSON()).toMatchObject({ pinStatus: 2, slowDays: 30, sort: 'onHand' });

  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-stock-pin-export').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^库存动销分析.*\.csv$/);
  expect(readFileSync(await file.path(), 'utf8')).toContain(api.records[0].skuCode);
});

test('商品卖点分析 and 会员消费分析 open on the engine with the rows the API answers', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  for (const [path, call, screen, field] of [
    ['/reportCenter/sellingPoints', 'report_common_selling_points/findPage', 'report-selling-points', 'skuCode'],
    ['/reportCenter/memberInfo', 'report-member-info/findPage', 'report-member-info', 'phoneNumber'],
  ] as const) {
    const api = (await (await request.post(`api/wxy-report-server/${call}`, { headers, data: { pageNum: 1, pageSize: 20 } })).json()).data;
    await openPage(page, path);
    await expect(page.getByTestId(`${screen}-total`)).toHaveText(`共 ${api.total} 条`);
    if (api.total > 0) await expect(page.getByTestId(`${screen}-table-row`).first()).toContainText(String(api.records[0][field]));
  }
});

/** 新品分析 on the engine: 设置新品 is a form of the descriptor (the SKU picked by name) posting to the report's merge route. */
test('新品分析: 设置新品 picks a SKU by name, and the SKU is listed with its launch date', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const sku = (await (await request.get('api/wxy-production-server/pd-sku/findPage/1/1', { headers, params: { skuName: '牛肉干' } })).json()).data.records[0];

  await openPage(page, '/reportCenter/newProduct');
  await page.getByTestId('report-new-product-toolbar-setNew').click();
  const dialog = page.getByTestId('report-new-product-dialog');
  await dialog.getByTestId('field-skuId').click();
  await dialog.getByTestId('field-skuId').fill(sku.skuCode);
  await page.getByRole('option', { name: `${sku.skuName}（${sku.skuCode}）` }).click();
  await dialog.getByTestId('field-launchDate').fill('2026-11-02');
  await dialog.getByTestId('field-launchDate').press('Enter');
  await dialog.getByTestId('report-new-product-form-submit').click();
  await expect(dialog).toHaveCount(0);

  await page.getByTestId('filter-keyword').fill(sku.skuCode);
  await page.getByTestId('report-new-product-search').click();
  const row = page.getByTestId('report-new-product-table-row').filter({ hasText: sku.skuCode });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2026-11-02');
});

/**
 * 供应商对账 and 供应商往来账 on the engine's report screen: the totals over every supplier above the table and a figure
 * opening the supplier's entries; 登记付款 and 更正 are descriptor forms posting to the ledger's routes.
 */
test('供应商对账 and 往来账: totals, a supplier\'s entries, a payment recorded and corrected', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const OS = 'api/wxy-order-server/supplier';
  const summary = (await (await request.post(`${OS}/reconciliation-stat/v2/summary`, { headers, data: {} })).json()).data;
  const statement = (await (await request.post(`${OS}/reconciliation-stat/v2/page`, { headers, data: { pageNum: 1, pageSize: 20 } })).json()).data;
  const owed = (statement.records as { pdSupplierId: number; supplierName: string; closingBalance: number }[]).find((r) => r.closingBalance > 0)!;
  expect(owed, 'a supplier owed money in the demo').toBeTruthy();
  const entries = (await (await request.post(`${OS}/reconciliation-stat/v2/detail/${owed.pdSupplierId}`, { headers, data: { pageNum: 1, pageSize: 50 } })).json()).data;
  const money = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  await openPage(page, '/reportCenter/supplierReconciliation');
  await expect(page.getByTestId('supplier-reconciliation-summary-closingBalance')).toHaveText(money(summary.closingBalance));
  await expect(page.getByTestId('supplier-reconciliation-summary-supplierCount')).toHaveText(String(summary.supplierCount));
  const row = page.getByTestId('supplier-reconciliation-table-row').filter({ hasText: owed.supplierName });
  await row.getByTestId('drill-closingBalance').click();
  await expect(page.getByTestId('supplier-reconciliation-drill-total')).toHaveText(`共 ${entries.total} 条`);
  await expect(page.getByTestId('supplier-reconciliation-drill')).toContainText(`${owed.supplierName} · 对账明细`);
  await page.keyboard.press('Escape');

  await openPage(page, '/reportCenter/supplierAccount');
  await page.getByTestId('supplier-account-det-toolbar-pay').click();
  const dialog = page.getByTestId('supplier-account-det-dialog');
  await dialog.getByTestId('field-supplierId').click();
  await dialog.getByTestId('field-supplierId').fill(owed.supplierName);
  await page.getByRole('option', { name: new RegExp(`^${owed.supplierName}（`) }).click();
  await dialog.getByTestId('field-amount').fill('12.34');
  await dialog.getByTestId('field-payMethod').click();
  await page.getByRole('option', { name: '现金' }).click();
  // The payment carries one request id, so a submit retried after a lost answer is recorded once.
  const posted = page.waitForRequest(/account-det\/add-payment-order/);
  await dialog.getByTestId('supplier-account-det-form-submit').click();
  expect((await posted).postDataJSON().clientUuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expect(dialog).toHaveCount(0);
  const first = page.getByTestId('supplier-account-det-table-row').first();
  await expect(first).toContainText('12.34');
  await expect(first).toContainText('现金');

  await first.getByTestId('row-action-correct').click();
  await dialog.getByTestId('field-amount').fill('10');
  await dialog.getByTestId('field-remark').fill('金额录错');
  await dialog.getByTestId('supplier-account-det-form-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('supplier-account-det-table-row').first()).toContainText('付款更正');
});
