import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { expect, holdRequests, logIn, menuItem, openFromSidebar, openPage, pageApi, test } from './support';

/**
 * The list screen's browser behaviours on the demo data (200 suppliers, 5,000 SKUs): full screen,
 * virtualized big pages, the pager, export progress and cancel, import progress and report, and
 * what returning to a kept-alive list tab shows, with and without refreshTable=true.
 */

const SUPPLIERS = ['/purchaseManage', '/purchaseManage/supplier'] as const;
const SKUS = ['/productManage', '/productManage/pdSku'] as const;
const SHOPS = ['/shopManage', '/shopManage/shopBase'] as const;
const SUPPLIER_API = '/api/wxy-production-server/pd-supplier';
const SHOP_API = '/api/wxy-shop-server/shop-base';

const rows = (page: Page, screen: string) => page.getByTestId(`${screen}-table-row`);
const cells = (page: Page, screen: string, column: string) => rows(page, screen).locator(`td[data-column="${column}"]`);
const scrollBox = (page: Page, screen: string) => page.getByTestId(`${screen}-table-scroll`).locator('.mantine-ScrollArea-viewport');
const activePage = (page: Page, screen: string) => page.getByTestId(`${screen}-pages`).locator('[data-active="true"]');
const totalOf = async (page: Page, screen: string) => Number((await page.getByTestId(`${screen}-total`).innerText()).replace(/\D/g, ''));

async function openList(page: Page, [, path]: readonly [string, string], screen: string) {
  await logIn(page, 'admin', 'admin123', '1', { to: path });
  await expect(rows(page, screen).first()).toBeVisible();
}

async function choosePageSize(page: Page, screen: string, size: number) {
  const answer = page.waitForResponse((r) => new RegExp(`/1/${size}(\\?|$)`).test(r.url()));
  await page.getByTestId(`${screen}-size`).click();
  await page.getByRole('option', { name: `${size} 条/页` }).click();
  await answer;
}

/** What the user sees at the centre of an element: whether it is that element (or inside it), not something drawn over it. */
const seenOnTop = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => {
  const box = el.getBoundingClientRect();
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
  return top !== null && el.contains(top);
});

test('full screen: the list fills the screen, its dialogs and menus show above it, and it leaves full screen again', async ({ page }) => {
  await openList(page, SUPPLIERS, 'pd-supplier');
  const toggle = page.getByTestId('pd-supplier-fullscreen');
  await expect(toggle).toHaveAttribute('aria-label', '全屏');
  await toggle.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect(toggle).toHaveAttribute('aria-label', '退出全屏');
  // the list covers the whole screen
  const screenBox = (await page.getByTestId('screen-pd-supplier').boundingBox())!;
  const viewport = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  expect([Math.round(screenBox.x), Math.round(screenBox.y), Math.round(screenBox.width)]).toEqual([0, 0, viewport.width]);
  // a form opened in full screen is seen, not hidden behind the full-screen list
  await page.getByTestId('pd-supplier-toolbar-add').click();
  await expect(page.getByTestId('pd-supplier-dialog')).toBeVisible();
  await expect.poll(() => seenOnTop(page, 'pd-supplier-dialog')).toBe(true);
  await page.getByTestId('pd-supplier-dialog-close').click();
  await expect(page.getByTestId('pd-supplier-dialog')).toBeHidden();
  // and so is the export menu
  await page.getByTestId('pd-supplier-export').click();
  await expect(page.getByTestId('pd-supplier-export-browser')).toBeVisible();
  await expect.poll(() => seenOnTop(page, 'pd-supplier-export-browser')).toBe(true);
  await page.keyboard.press('Escape');

  await toggle.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(toggle).toHaveAttribute('aria-label', '全屏');
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('full screen where the browser has no Fullscreen API: the warning, and the page stays as it is', async ({ page }) => {
  await page.addInitScript(() => {
    delete (Document.prototype as { fullscreenEnabled?: boolean }).fullscreenEnabled;
    delete (Element.prototype as { requestFullscreen?: unknown }).requestFullscreen;
  });
  await openList(page, SUPPLIERS, 'pd-supplier');
  await page.getByTestId('pd-supplier-fullscreen').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: 'you browser can not work' })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement ?? null)).toBeNull();
  await expect(page.getByTestId('pd-supplier-fullscreen')).toHaveAttribute('aria-label', '全屏');
});

test('a page of 100 rows keeps only the rows in view in the page; scrolling the table reaches the 100th', async ({ page }) => {
  await openList(page, SUPPLIERS, 'pd-supplier');
  expect(await totalOf(page, 'pd-supplier')).toBeGreaterThan(100);
  await choosePageSize(page, 'pd-supplier', 100);
  const { request, headers } = await pageApi(page);
  const expected = (await (await request.get(`${SUPPLIER_API}/findPage/1/100`, { headers })).json()).data.records as { supplierNo: string }[];
  expect(expected).toHaveLength(100);
  await expect(cells(page, 'pd-supplier', 'supplierNo').first()).toHaveText(expected[0].supplierNo);

  const rendered = await rows(page, 'pd-supplier').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(50);
  // the 100th row is not in the page until the table is scrolled to it
  const hundredth = rows(page, 'pd-supplier').filter({ has: page.locator('td[data-column="__index"]').getByText('100', { exact: true }) });
  await expect(hundredth).toHaveCount(0);
  await scrollBox(page, 'pd-supplier').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect(hundredth.locator('td[data-column="supplierNo"]')).toHaveText(expected[99].supplierNo);
  await expect(hundredth).toBeInViewport();
  // the first rows left the page as the last ones came in
  await expect(cells(page, 'pd-supplier', 'supplierNo').filter({ hasText: expected[0].supplierNo })).toHaveCount(0);
  expect(await rows(page, 'pd-supplier').count()).toBeLessThan(50);
});

test('pager: total, sizes, prev, pager, next, jumper in that order; sizes 20/50/100; the jumper goes and clamps; a new page starts at the top', async ({ page }) => {
  await openList(page, SUPPLIERS, 'pd-supplier');
  const total = await totalOf(page, 'pd-supplier');
  const pages = Math.ceil(total / 20);
  const pager = page.getByTestId('pd-supplier-pages');
  const controls = pager.locator('button');
  const jump = page.getByTestId('pd-supplier-jump');
  const lefts = await Promise.all([
    page.getByTestId('pd-supplier-total'), page.getByTestId('pd-supplier-size'), controls.first(), pager.getByRole('button', { name: '1', exact: true }),
    controls.last(), page.getByTestId('pd-supplier-pager').getByText('前往'), jump,
  ].map(async (locator) => (await locator.boundingBox())!.x));
  expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
  await expect(controls.first()).toBeDisabled(); // prev, on page 1

  await page.getByTestId('pd-supplier-size').click();
  await expect(page.getByRole('option')).toHaveText(['20 条/页', '50 条/页', '100 条/页']);
  await page.keyboard.press('Escape');
  await expect(rows(page, 'pd-supplier')).toHaveCount(20);

  // next / prev
  await controls.last().click();
  await expect(activePage(page, 'pd-supplier')).toHaveText('2');
  await expect(cells(page, 'pd-supplier', '__index').first()).toHaveText('21');
  await controls.first().click();
  await expect(activePage(page, 'pd-supplier')).toHaveText('1');

  // the jumper: a page number and Enter goes there
  await jump.fill('5');
  await jump.press('Enter');
  await expect(activePage(page, 'pd-supplier')).toHaveText('5');
  await expect(cells(page, 'pd-supplier', '__index').first()).toHaveText('81');
  await expect(jump).toHaveValue('');
  // past the last page it stops at the last one, below 1 at the first
  await jump.fill('999');
  await jump.press('Enter');
  await expect(activePage(page, 'pd-supplier')).toHaveText(String(pages));
  await jump.fill('0');
  await jump.press('Enter');
  await expect(activePage(page, 'pd-supplier')).toHaveText('1');
  // Enter on an empty jumper goes nowhere
  await pager.getByRole('button', { name: '3', exact: true }).click();
  await expect(activePage(page, 'pd-supplier')).toHaveText('3');
  await jump.fill('');
  await jump.press('Enter');
  await expect(cells(page, 'pd-supplier', '__index').first()).toHaveText('41');
  await expect(activePage(page, 'pd-supplier')).toHaveText('3');

  // scrolled down the table, a page change brings it back to the top (by the pager and by the jumper)
  const box = scrollBox(page, 'pd-supplier');
  const scrollTop = () => box.evaluate((el) => el.scrollTop);
  await box.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  expect(await scrollTop()).toBeGreaterThan(0);
  await pager.getByRole('button', { name: '4', exact: true }).click();
  await expect(cells(page, 'pd-supplier', '__index').first()).toHaveText('61');
  await expect.poll(scrollTop).toBe(0);
  await box.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  expect(await scrollTop()).toBeGreaterThan(0);
  await jump.fill('2');
  await jump.press('Enter');
  await expect(cells(page, 'pd-supplier', '__index').first()).toHaveText('21');
  await expect.poll(scrollTop).toBe(0);
});

test('browser export of the 5,000 SKUs: a progress bar, cancel stops it and saves no file; an empty filtered list says 暂无数据', async ({ page }) => {
  await openList(page, SKUS, 'pd-sku');
  expect(await totalOf(page, 'pd-sku')).toBeGreaterThanOrEqual(5000);
  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  // The export's first page (10,000 rows) waits until the test has seen the progress and cancelled.
  const firstPage = await holdRequests(page, /\/pd-sku\/[^/?]+\/1\/10000(\?|$)/);
  await page.getByTestId('pd-sku-export').click();
  await page.getByTestId('pd-sku-export-browser').click();
  await firstPage.arrived;
  const progress = page.getByTestId('pd-sku-export-progress');
  await expect(progress).toBeVisible();
  await expect(progress.locator('.mantine-Progress-root')).toBeVisible();
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(progress).toContainText('正在读取第一页数据…');
  await expect(page.getByTestId('pd-sku-export')).toHaveAttribute('data-loading', 'true');

  await page.getByTestId('pd-sku-export-cancel').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '已取消导出' })).toBeVisible();
  await expect(progress).toBeHidden();
  await expect(page.getByTestId('pd-sku-export')).not.toHaveAttribute('data-loading', 'true');
  firstPage.release();

  // nothing matches: 暂无数据, and still no file
  await page.getByTestId('filter-skuName').fill('没有这种商品');
  await page.getByTestId('pd-sku-search').click();
  await expect(page.getByTestId('pd-sku-total')).toHaveText('共 0 条');
  await page.getByTestId('pd-sku-export').click();
  await page.getByTestId('pd-sku-export-browser').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '暂无数据' })).toBeVisible();
  await expect(page.getByTestId('pd-sku-export')).not.toHaveAttribute('data-loading', 'true');
  expect(downloads).toEqual([]);
});

async function supplierWorkbook(templatePath: string, values: Record<string, string | number | null>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = workbook.worksheets[0];
  const titles = (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/^\*/, ''));
  for (const row of values) sheet.addRow(titles.map((title) => row[title] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('import: a progress bar while the file goes up and is checked, then the per-row report; nothing written', async ({ page }) => {
  await openList(page, SUPPLIERS, 'pd-supplier');
  await page.getByTestId('pd-supplier-toolbar-import').click();
  const templateDownload = page.waitForEvent('download');
  await page.getByTestId('pd-supplier-import-template').click();
  const template = await (await templateDownload).path();
  const file = await supplierWorkbook(template, [
    { 供应商编号: 'EIMP01', 供应商名称: '导入测试供应商一', 供应商类型: '经销商', 结算方式: '月结' },
    { 供应商编号: 'EIMP02', 供应商名称: null, 供应商类型: '经销商', 结算方式: '月结' },
    { 供应商编号: 'EIMP03', 供应商名称: '导入测试供应商三', 供应商类型: '经销商', 结算方式: '月结', 联系电话: '123' },
  ]);
  await page.locator('input[type=file]').setInputFiles({ name: 'suppliers.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });

  const upload = await holdRequests(page, (url) => url.pathname.endsWith('/pd-supplier/importSupplier'));
  await page.getByTestId('pd-supplier-import-upload').click();
  await upload.arrived;
  await expect(page.getByTestId('pd-supplier-import-progress')).toBeVisible();
  await expect(page.getByTestId('pd-supplier-import')).toContainText(/正在上传 \d+%/);
  await expect(page.getByTestId('pd-supplier-import-upload')).toHaveAttribute('data-loading', 'true');
  upload.release();

  const report = page.getByTestId('pd-supplier-import-report');
  await expect(report).toBeVisible();
  await expect(page.getByTestId('pd-supplier-import-progress')).toBeHidden();
  const reportRows = page.getByTestId('pd-supplier-import-report-row');
  await expect(reportRows).toHaveCount(2);
  await expect(reportRows.nth(0).locator('td')).toHaveText(['3', '供应商名称', /供应商名称/]);
  await expect(reportRows.nth(1).locator('td').first()).toHaveText('4');
  await expect(reportRows.nth(1)).toContainText('联系电话');
  const { request, headers } = await pageApi(page);
  const written = (await (await request.get(`${SUPPLIER_API}/findPage/1/20?supplierNo=EIMP`, { headers })).json()).data.total;
  expect(written).toBe(0);
});

test('refreshTable: a list tab comes back as it was left (filters, page, selection, rows); after a page that returns with refreshTable=true it shows what changed', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const ids: number[] = [];
  for (let i = 1; i <= 23; i++) {
    const n = String(i).padStart(2, '0');
    const answer = await request.post(`${SHOP_API}/add`, { headers, data: { shopCode: `ERT0${n}`, shopName: `刷新门店${n}`, shopType: 1, status: 1 } });
    expect(answer.status(), await answer.text()).toBe(200);
    ids.push((await answer.json()).data.shopId);
  }
  await openPage(page, SHOPS[1]);
  await page.getByTestId('filter-shopName').fill('刷新门店');
  await page.getByTestId('shop-base-search').click();
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 23 条');
  await page.getByTestId('shop-base-pages').getByRole('button', { name: '2', exact: true }).click();
  await expect(cells(page, 'shop-base', 'shopName')).toHaveText(['刷新门店03', '刷新门店02', '刷新门店01']);
  await rows(page, 'shop-base').nth(1).getByRole('checkbox', { name: '选择该行' }).check();
  await expect(page.getByText('已选 1 条')).toBeVisible();

  // away on the home tab, someone renames a shop of that page and adds one
  await (await menuItem(page, '/home', '/home/index')).click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  const renamed = await request.put(`${SHOP_API}/edit`, { headers, data: { shopId: ids[2], shopName: '刷新门店03改' } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const added = await request.post(`${SHOP_API}/add`, { headers, data: { shopCode: 'ERT024', shopName: '刷新门店24', shopType: 1, status: 1 } });
  expect(added.status(), await added.text()).toBe(200);

  // back through its tab (refreshTable=false): the list is as it was left
  await page.getByTestId('tab-/shopManage/shopBase').click();
  await expect(page).toHaveURL(/refreshTable=false/);
  await expect(page.getByTestId('filter-shopName')).toHaveValue('刷新门店');
  await expect(activePage(page, 'shop-base')).toHaveText('2');
  await expect(page.getByText('已选 1 条')).toBeVisible();
  await expect(rows(page, 'shop-base').nth(1).getByRole('checkbox', { name: '选择该行' })).toBeChecked();
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 23 条');
  await expect(cells(page, 'shop-base', 'shopName')).toHaveText(['刷新门店03', '刷新门店02', '刷新门店01']);

  // saving a user returns to the user list with refreshTable=true: every list refetches
  await openFromSidebar(page, '/systemManage', '/systemManage/userList');
  await page.getByTestId('user-edit-shop01').click();
  await expect(page.getByTestId('user-edit-name')).toHaveValue('门店店员01');
  await page.getByTestId('user-edit-save').click();
  await expect(page).toHaveURL(/\/systemManage\/userList\?refreshTable=true$/);
  // The user list shown: the app has taken that navigation (and its refreshTable=true) before the next click.
  await expect(page.getByTestId('user-table-row').first()).toBeVisible();

  // the shop list shows the change, still on page 2 of the same filter, the chosen shop still chosen
  await page.getByTestId('tab-/shopManage/shopBase').click();
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 24 条');
  await expect(cells(page, 'shop-base', 'shopName')).toHaveText(['刷新门店04', '刷新门店03改', '刷新门店02', '刷新门店01']);
  await expect(page.getByTestId('filter-shopName')).toHaveValue('刷新门店');
  await expect(activePage(page, 'shop-base')).toHaveText('2');
  await expect(page.getByText('已选 1 条')).toBeVisible();
  await expect(rows(page, 'shop-base').nth(2).getByRole('checkbox', { name: '选择该行' })).toBeChecked();
});
