import { type Page } from '@playwright/test';
import { expect, logIn, openPage, pageApi, test } from './support';

/**
 * The descriptor-only modules in a real Chromium against the real server and its demo data: a filter narrows a
 * list, a detail form opens, reference selects search and show names, and shop01 sees the SKU list without the
 * columns its field permissions withhold (进价, 成本价) and without write buttons. That every list opens with its
 * columns (and rows where it has some) is screens.spec.ts's.
 */

const rows = (page: Page, screen: string) => page.getByTestId(`${screen}-table-row`);

test('admin filters the SKU list and opens a SKU in its detail form', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/productManage/pdSku' });
  await expect(rows(page, 'pd-sku').first()).toBeVisible();
  await page.getByTestId('filter-skuName').fill('牛肉干');
  await page.getByTestId('pd-sku-search').click();
  await expect(async () => {
    const names = await rows(page, 'pd-sku').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toContain('牛肉干');
  }).toPass();
  const first = rows(page, 'pd-sku').first();
  const skuCode = (await first.innerText()).match(/SKU\d{7}/)![0];
  await first.getByTestId('row-action-detail').click();
  const dialog = page.getByTestId('pd-sku-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('field-skuCode')).toHaveText(skuCode);
  await expect(dialog.locator('input')).toHaveCount(0);
  // 进价 is a field admin may see, on the list and in the form.
  await expect(page.locator('th[data-column="purchasePrice"]')).toHaveCount(1);
});

test('a supplier\'s detail reads as text in sections, without its internal id, with its purchase orders below', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const purchase = (await (await request.post('/api/wxy-warehouse-server/wh-purchase/findPage', { headers, data: { pageNum: 1, pageSize: 1 } })).json()).data.records[0];
  const supplier = (await (await request.get(`/api/wxy-production-server/pd-supplier/get/${purchase.supplierId}`, { headers })).json()).data;
  await openPage(page, '/purchaseManage/supplier');
  await page.getByTestId('filter-supplierNo').fill(supplier.supplierNo);
  await page.getByTestId('pd-supplier-search').click();
  await expect(rows(page, 'pd-supplier')).toHaveCount(1);
  await rows(page, 'pd-supplier').first().getByTestId('row-action-detail').click();
  const dialog = page.getByTestId('pd-supplier-dialog');
  await expect(dialog.getByTestId('field-supplierNo')).toHaveText(supplier.supplierNo);
  await expect(dialog.getByTestId('field-supplierName')).toHaveText(supplier.supplierName);
  // a dictionary value by its label, sections by their titles, no greyed inputs, no 供应商ID
  await expect(dialog.getByTestId('field-settleType')).not.toHaveText(/^\d+$/);
  await expect(dialog.getByText('结算信息')).toBeVisible();
  await expect(dialog.getByText('供应商ID')).toHaveCount(0);
  await expect(dialog.locator('input')).toHaveCount(0);
  const related = dialog.getByTestId('pd-supplier-form-related-purchases-row');
  await expect(related.filter({ hasText: purchase.purchaseNo })).toHaveCount(1);
});

test('shop01 reads the SKU list without 进价 and 成本价 columns and without write buttons', async ({ page }) => {
  await logIn(page, 'shop01', 'shop123', '1', { to: '/productManage/pdSku' });
  await expect(rows(page, 'pd-sku').first()).toBeVisible();
  await expect(page.locator('th[data-column="retailPrice"]')).toHaveCount(1);
  await expect(page.locator('th[data-column="supplierName"]')).toHaveCount(1);
  await expect(page.locator('th[data-column="purchasePrice"]')).toHaveCount(0);
  await expect(page.locator('th[data-column="costPrice"]')).toHaveCount(0);
  await expect(page.getByTestId('pd-sku-toolbar-add')).toHaveCount(0);
  await expect(rows(page, 'pd-sku').first().getByTestId('row-action-edit')).toHaveCount(0);
  // Modules shop01 has no menu for are not in its sidebar.
  await expect(page.getByTestId('menu-/purchaseManage')).toHaveCount(0);
});

test('a SKU is created choosing its SPU and supplier in searchable selects, and its edit form shows their names', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const get = async (url: string) => (await (await request.get(url, { headers })).json()).data.records;
  const spu = (await get('/api/wxy-production-server/pd-spu/findPage/1/1'))[0];
  const suppliers = await get('/api/wxy-production-server/pd-supplier/findPage1/1/2');
  const spuLabel = `${spu.spuName}（${spu.spuCode}）`;
  const [first, second] = suppliers.map((s: { supplierName: string; supplierNo: string }) => ({ ...s, label: `${s.supplierName}（${s.supplierNo}）` }));

  await openPage(page, '/productManage/pdSku');
  const selectCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/(pd-spu\/findPage|pd-supplier\/findPage1)\//.test(r.url())) selectCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.getByTestId('pd-sku-toolbar-add').click();
  const dialog = page.getByTestId('pd-sku-dialog');

  // SPU: typing part of the code narrows the list; the option reads 名称（编码）
  const spuBox = dialog.getByTestId('field-spuId');
  await spuBox.click();
  await spuBox.fill(spu.spuCode);
  await page.getByRole('option', { name: spuLabel, exact: true }).click();
  await expect(spuBox).toHaveValue(spuLabel);

  // supplier: free text is no supplier; the box finds nothing and stays empty when left
  const supplierBox = dialog.getByTestId('field-supplierId');
  await supplierBox.click();
  await supplierBox.fill('没有这家供应商');
  await expect(page.getByText('无匹配数据')).toBeVisible();
  await dialog.getByTestId('field-skuCode').click();
  await expect(supplierBox).toHaveValue('');
  await supplierBox.click();
  await supplierBox.fill(first.supplierNo);
  await page.getByRole('option', { name: first.label, exact: true }).click();
  await expect(supplierBox).toHaveValue(first.label);

  await dialog.getByTestId('field-skuCode').fill('E2ESEL01');
  await dialog.getByTestId('field-skuName').fill('选择器测试SKU');
  await dialog.getByTestId('field-retailPrice').fill('12.5');
  await page.getByTestId('pd-sku-form-submit').click();
  await expect(dialog).toBeHidden();

  // both lists were asked for in one page of 99999 (spec: select lists load pageNum 1, pageSize 99999)
  expect(selectCalls).toEqual(expect.arrayContaining(['GET /api/wxy-production-server/pd-spu/findPage/1/99999', 'GET /api/wxy-production-server/pd-supplier/findPage1/1/99999']));

  await page.getByTestId('filter-skuName').fill('选择器测试SKU');
  await page.getByTestId('pd-sku-search').click();
  await expect(rows(page, 'pd-sku')).toHaveCount(1);
  const row = rows(page, 'pd-sku').first();
  await expect(row.locator('td[data-column="spuName"]')).toHaveText(spu.spuName);
  await expect(row.locator('td[data-column="supplierName"]')).toHaveText(first.supplierName);

  // edit: the form shows the chosen SPU and supplier by name and code; another supplier is saved
  await row.getByTestId('row-action-edit').click();
  await expect(dialog.getByTestId('field-spuId')).toHaveValue(spuLabel);
  await expect(dialog.getByTestId('field-supplierId')).toHaveValue(first.label);
  await dialog.getByTestId('field-supplierId').click();
  await dialog.getByTestId('field-supplierId').fill(second.supplierNo);
  await page.getByRole('option', { name: second.label, exact: true }).click();
  await page.getByTestId('pd-sku-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('td[data-column="supplierName"]')).toHaveText(second.supplierName);
  const stored = await get(`/api/wxy-production-server/pd-sku/findPage/1/5?skuName=${encodeURIComponent('选择器测试SKU')}`);
  expect(stored.map((r: { spuId: number; supplierId: number }) => [r.spuId, r.supplierId])).toEqual([[spu.spuId, second.id]]);
});

test('a reference select says 加载中… while its list loads and 接口异常 when the load fails', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/productManage/pdSku' });
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/pd-supplier\/findPage1\/1\/99999$/, async (route) => {
    await released;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: '服务暂不可用', data: null }) });
  });
  await page.getByTestId('pd-sku-toolbar-add').click();
  const dialog = page.getByTestId('pd-sku-dialog');
  const supplierBox = dialog.getByTestId('field-supplierId');
  await expect(supplierBox).toHaveAttribute('placeholder', '加载中…');
  // the SPU list answered meanwhile: its box is ready
  await expect(dialog.getByTestId('field-spuId')).toHaveAttribute('placeholder', '请选择');
  release();
  await expect(dialog).toContainText('接口异常');
  await expect(supplierBox).toHaveAttribute('placeholder', '请选择');
});
