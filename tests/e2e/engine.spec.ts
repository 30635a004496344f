import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, logIn, menuItem, test } from './support';

/**
 * The schema engine's generic screen on the shop-base descriptors (schemas/screens/shop-base.json),
 * against the real server on a fresh database. The spec makes its own shops (codes EUI*), so it
 * depends on no other spec's data.
 */

const SCREEN = '/shopManage/shopBase';
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const API = '/api/wxy-shop-server/shop-base';

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const login = await playwrightRequest.newContext({ baseURL });
  const token = await (await login.post('/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', { headers: { authorization: BASIC, 'x-tenant-id': '1' } })).json();
  await login.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token.access_token}`, 'x-tenant-id': '1' } });
}

test('permissions: shop staff sees the list without the buttons and columns it may not use', async ({ page }) => {
  await logIn(page, 'shop01', 'shop123');
  await openScreen(page);
  // Shop scope: the clerk's list holds his own shop, none of the 25 engine shops head office added.
  await searchName(page, '引擎门店', false);
  await page.getByTestId('shop-base-reset').click();
  await page.getByTestId('shop-base-search').click();
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 1 条');
  // shop:base:add / import / edit / delete are not granted: the directive removes the buttons
  await expect(page.getByTestId('shop-base-toolbar-add')).toHaveCount(0);
  await expect(page.getByTestId('shop-base-toolbar-import')).toHaveCount(0);
  await expect(rows(page).first().getByTestId('row-action-detail')).toBeVisible();
  await expect(page.getByTestId('row-action-edit')).toHaveCount(0);
  // nor 批量启用 / 批量停用 (shop:base:edit), so rows have no selection boxes
  await expect(page.getByTestId('shop-base-bulk-batchDisable')).toHaveCount(0);
  await expect(page.getByTestId('shop-base-bulk-batchEnable')).toHaveCount(0);
  await expect(rows(page).first().getByRole('checkbox', { name: '选择该行' })).toHaveCount(0);
  // 成本总金额 is not granted: the 参考最低成本 column is gone
  await expect(page.getByTestId('shop-base-table').locator('th[data-column="minCost"]')).toHaveCount(0);
  await expect(page.getByTestId('shop-base-table').locator('th[data-column="area"]')).toHaveCount(1);
  // the detail opens read-only, as its own page (shop staff is granted the hidden 门店详情 menu node too)
  await rows(page).first().getByTestId('row-action-detail').click();
  await expect(page).toHaveURL(/\/shopManage\/shopBaseDetail\?shopId=\d+$/);
  await expect(page.getByTestId('shop-base-page')).toBeVisible();
  await expect(page.getByTestId('shop-base-page-form-submit')).toHaveCount(0);
  // values read as text, not greyed inputs
  await expect(page.getByTestId('shop-base-page').getByTestId('field-shopCode')).toHaveText(/\S/);
  await expect(page.getByTestId('shop-base-page').locator('input')).toHaveCount(0);
  // 成本总金额 is not granted: the page has no 参考最低成本 either
  await expect(page.getByTestId('shop-base-page').getByTestId('field-minCost')).toHaveCount(0);
});

test('a shop code opens the shop\'s detail page: a tab of its own, kept on reload; 返回列表 goes back to the list on the page it was on', async ({ page, baseURL }) => {
  const api = await adminApi(baseURL!);
  const shop = (await (await api.post(`${API}/page/1/1`, { data: { shopCode: 'EUI004' } })).json()).data.records[0];
  await api.dispose();
  await logInToScreen(page);
  await searchName(page, '引擎门店');
  const codeHeader = page.getByTestId('shop-base-table').locator('th[data-column="shopCode"]');
  await codeHeader.click();
  await codeHeader.click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
  const pages = page.getByTestId('shop-base-pages');
  await pages.getByRole('button', { name: '2' }).click();
  await expect(cell(page, 'shopCode')).toHaveText(['EUI005', 'EUI004', 'EUI003', 'EUI002', 'EUI001']);

  // the code is a link to the page of that shop
  await cell(page, 'shopCode').nth(1).getByText('EUI004').click();
  await expect(page).toHaveURL(new RegExp(`/shopManage/shopBaseDetail\\?shopId=${shop.shopId}$`));
  const detail = page.getByTestId('shop-base-page');
  await expect(detail.getByTestId('field-shopCode')).toHaveText('EUI004');
  await expect(detail.getByTestId('field-shopName')).toHaveText('引擎门店04');
  await expect(detail.getByTestId('field-openDate')).toHaveText('2026-03-04');
  await expect(detail.getByTestId('field-area')).toHaveText('41.00');
  await expect(page.getByTestId('shop-base-page-form-submit')).toHaveCount(0);
  // a tab of its own beside the shop list's
  await expect(page.getByTestId('tab-/shopManage/shopBaseDetail')).toBeVisible();
  await expect(page.getByTestId(`tab-${SCREEN}`)).toBeVisible();

  // 返回列表: the detail tab closes, the list is where it was (filter, sort, page 2)
  await page.getByTestId('shop-base-page-back').click();
  await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
  await expect(page.getByTestId('tab-/shopManage/shopBaseDetail')).toHaveCount(0);
  await expect(pages.locator('[data-active="true"]')).toHaveText('2');
  await expect(cell(page, 'shopCode')).toHaveText(['EUI005', 'EUI004', 'EUI003', 'EUI002', 'EUI001']);
  await expect(page.getByTestId('filter-shopName')).toHaveValue('引擎门店');

  // a reload of the detail page shows the same shop; back from there, the list is still on page 2
  await cell(page, 'shopCode').nth(1).getByText('EUI004').click();
  await expect(detail.getByTestId('field-shopCode')).toHaveText('EUI004');
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/shopManage/shopBaseDetail\\?shopId=${shop.shopId}$`));
  await expect(detail.getByTestId('field-shopCode')).toHaveText('EUI004');
  await expect(detail.getByTestId('field-shopName')).toHaveText('引擎门店04');
  await page.getByTestId('shop-base-page-back').click();
  await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
  await expect(pages.locator('[data-active="true"]')).toHaveText('2');
  await expect(cell(page, 'shopCode')).toHaveText(['EUI005', 'EUI004', 'EUI003', 'EUI002', 'EUI001']);
  await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');

  // a shop id that is no shop: the page says so instead of showing an empty form
  await page.goto('/shopManage/shopBaseDetail?shopId=99999999');
  await expect(page.getByTestId('shop-base-page-form-load-failed')).toBeVisible();
});

/** Logged in as admin straight onto the shop list (the permissions test opens it from the menu). */
async function logInToScreen(page: Page) {
  await logIn(page, 'admin', 'admin123', '1', { to: SCREEN });
  await expect(page.getByTestId('shop-base-table')).toBeVisible();
}

async function openScreen(page: Page) {
  await (await menuItem(page, SCREEN.replace(/\/[^/]+$/, ''), SCREEN)).click();
  await expect(page).toHaveURL(new RegExp(`${SCREEN}`));
  await expect(page.getByTestId('shop-base-table')).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('shop-base-table-row');
const cell = (page: Page, column: string) => rows(page).locator(`td[data-column="${column}"]`);
const headers = (page: Page) => page.getByTestId('shop-base-table').locator('thead th[data-column]:not([data-column^="__"]):not([data-column^="group:"])');

/**
 * Searches by name and waits for the answer (the list shows every shop until then: a row clicked too soon is
 * another); `found: false` when no shop has that name.
 */
async function searchName(page: Page, name: string, found = true) {
  await page.getByTestId('filter-shopName').fill(name);
  await page.getByTestId('shop-base-search').click();
  if (!found) {
    await expect(page.getByTestId('shop-base-total')).toHaveText('共 0 条');
    return;
  }
  await expect(async () => {
    const names = await cell(page, 'shopName').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toContain(name);
  }).toPass();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!);
  for (let i = 1; i <= 25; i++) {
    const n = String(i).padStart(2, '0');
    const answer = await api.post(`${API}/add`, {
      data: { shopCode: `EUI0${n}`, shopName: `引擎门店${n}`, shopType: 1 + (i % 3), status: 1, area: i * 10.25, openDate: `2026-03-${n}`, address: `北京,朝阳\n${n}号` },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  await api.dispose();
});

test('list: filter, sort, paginate and keep the state across tabs', async ({ page }) => {
  await logInToScreen(page);
  await searchName(page, '引擎门店');
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 25 条');
  await expect(rows(page)).toHaveCount(20);

  // sort by code: ascending, then descending (server-side)
  const codeHeader = page.getByTestId('shop-base-table').locator('th[data-column="shopCode"]');
  await codeHeader.click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(cell(page, 'shopCode').first()).toHaveText('EUI001');
  await codeHeader.click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(cell(page, 'shopCode').first()).toHaveText('EUI025');

  // page 2 holds the last 5; numbers show rounded to 2 decimals
  await page.getByTestId('shop-base-pages').getByRole('button', { name: '2' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(cell(page, 'shopCode').first()).toHaveText('EUI005');
  await expect(cell(page, 'area').first()).toHaveText('51.25');
  await expect(rows(page).first().locator('td[data-column="__index"]')).toHaveText('21');

  // leaving for another tab and coming back keeps filters, sort and page
  await (await menuItem(page, '/home', '/home/index')).click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId(`tab-${SCREEN}`).click();
  await expect(page.getByTestId('filter-shopName')).toHaveValue('引擎门店');
  await expect(rows(page)).toHaveCount(5);
  await expect(cell(page, 'shopCode').first()).toHaveText('EUI005');

  // a bigger page size starts again at page 1 with every row
  await page.getByTestId('shop-base-size').click();
  await page.getByRole('option', { name: '50 条/页' }).click();
  await expect(rows(page)).toHaveCount(25);

  // dates are Chinese pickers (typed or picked, always YYYY-MM-DD), with quick ranges
  const start = page.getByTestId('filter-openDate-start');
  const end = page.getByTestId('filter-openDate-end');
  await page.getByTestId('filter-openDate-presets').click();
  await expect(page.getByRole('menuitem', { name: '近7天' })).toBeVisible();
  await page.getByTestId('filter-openDate-preset-today').click();
  const today = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });
  await expect(start).toHaveValue(today);
  await expect(end).toHaveValue(today);

  // the user's search time limit (subject 3: 30 x 3 + 1 = 91 days) bounds the end picker
  await end.fill('');
  await start.fill('2026-01-01');
  await start.press('Escape');
  await end.fill('2026-06-30'); // past the limit: not taken
  await end.press('Tab');
  await expect(end).toHaveValue('');
  await end.click();
  await expect(page.getByRole('button', { name: '2026-04-02' })).toBeDisabled();
  await page.getByRole('button', { name: '2026-04-01' }).click();
  await expect(end).toHaveValue('2026-04-01');
  // moving the start back afterwards still cannot search a longer span
  await start.fill('2025-12-01');
  await start.press('Escape');
  await page.getByTestId('shop-base-search').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '查询时间跨度不能超过 91 天' })).toBeVisible();
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 25 条');

  // a narrower filter: range of opening dates
  await start.fill('2026-03-10');
  await start.press('Escape');
  await end.fill('2026-03-12');
  await end.press('Escape');
  await page.getByTestId('shop-base-search').click();
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 3 条');
});

test('create through a form: a validation error, then success; edit; disable and delete with confirm', async ({ page }) => {
  await logInToScreen(page);
  await page.getByTestId('shop-base-toolbar-add').click();
  const dialog = page.getByTestId('shop-base-dialog');
  await expect(dialog).toBeVisible();

  // the dialog moves by its title bar and maximizes to the window
  const before = (await dialog.boundingBox())!;
  const bar = dialog.locator('[data-drag-handle]');
  const barBox = (await bar.boundingBox())!;
  await page.mouse.move(barBox.x + 40, barBox.y + 10);
  await page.mouse.down();
  await page.mouse.move(barBox.x + 140, barBox.y + 60, { steps: 5 });
  await page.mouse.up();
  const moved = (await dialog.boundingBox())!;
  expect(Math.round(moved.x - before.x)).toBe(100);
  await page.getByTestId('shop-base-dialog-maximize').click();
  await expect(dialog).toHaveAttribute('data-maximized', 'true');
  expect((await dialog.boundingBox())!.width).toBe(page.viewportSize()!.width);
  await page.getByTestId('shop-base-dialog-maximize').click();
  await expect(dialog).not.toHaveAttribute('data-maximized', 'true');

  // saving without the required fields names them in Chinese and writes nothing
  await page.getByTestId('shop-base-form-submit').click();
  await expect(dialog).toContainText('门店编码不能为空');
  await expect(dialog).toContainText('门店名称不能为空');
  // the decimal helper keeps digits and two decimals
  await dialog.getByTestId('field-area').fill('12a3.456');
  await expect(dialog.getByTestId('field-area')).toHaveValue('123.45');
  await dialog.getByTestId('field-shopCode').fill('EUI900');
  await dialog.getByTestId('field-shopName').fill('引擎新店');
  await page.getByTestId('shop-base-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast-success').first()).toBeVisible();

  await searchName(page, '引擎新店');
  await expect(rows(page)).toHaveCount(1);
  await expect(cell(page, 'area')).toHaveText('123.45');

  // edit: the form loads the row, the change shows in the list
  await rows(page).first().getByTestId('row-action-edit').click();
  await expect(dialog.getByTestId('field-shopName')).toHaveValue('引擎新店');
  await dialog.getByTestId('field-shopName').fill('引擎新店改');
  await page.getByTestId('shop-base-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(cell(page, 'shopName')).toHaveText('引擎新店改');

  // delete is offered only for a disabled shop: disable (confirm), then delete (confirm)
  await expect(rows(page).first().getByTestId('row-action-delete')).toHaveCount(0);
  await rows(page).first().getByTestId('row-action-disable').click();
  await expect(page.getByTestId('engine-confirm-text')).toHaveText('确定停用吗？');
  await page.getByTestId('engine-confirm-ok').click();
  await expect(rows(page).first().getByTestId('row-action-delete')).toBeVisible();
  await rows(page).first().getByTestId('row-action-delete').click();
  await expect(page.getByTestId('engine-confirm-text')).toHaveText('确定删除该记录吗？');
  await page.getByTestId('engine-confirm-cancel').click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('row-action-delete').click();
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 0 条');
});

test('export: the browser CSV has a BOM, the shown columns and every filtered row; the server export downloads', async ({ page }) => {
  await logInToScreen(page);
  await searchName(page, '引擎门店');
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 25 条');
  await page.getByTestId('shop-base-export').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('shop-base-export-browser').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^门店列表_\d{14}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(26);
  expect(lines[0].split(',')).toContain('门店编码');
  const row = lines.find((line) => line.includes('EUI003'))!;
  // the address's comma and newline were replaced, so the row keeps its column count
  expect(row.split(',')).toHaveLength(lines[0].split(',').length);
  expect(row).toContain('北京，朝阳 03号');

  await page.getByTestId('shop-base-export').click();
  const serverDownloading = page.waitForEvent('download');
  await page.getByTestId('shop-base-export-server').click();
  const serverDownload = await serverDownloading;
  expect(serverDownload.suggestedFilename()).toMatch(/^门店列表_\d{14}\.csv$/); // named like the browser's file
  const serverFile = readFileSync(await serverDownload.path()).toString('utf8');
  expect(serverFile).toContain('EUI003');

  // nothing to export: 暂无数据
  await searchName(page, '没有这个门店', false);
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 0 条');
  await page.getByTestId('shop-base-export').click();
  await page.getByTestId('shop-base-export-browser').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '暂无数据' })).toBeVisible();
  // the server's export says so too, and saves no file
  await expect(page.getByTestId('toast-warning')).toHaveCount(0, { timeout: 8000 });
  let saved = false;
  page.once('download', () => (saved = true));
  await page.getByTestId('shop-base-export').click();
  await page.getByTestId('shop-base-export-server').click();
  await expect(page.getByTestId('toast-warning').filter({ hasText: '暂无数据' })).toBeVisible();
  expect(saved).toBe(false);
});

async function workbookFrom(templatePath: string, rowsToAdd: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(templatePath);
  const ws = wb.worksheets[0];
  const titles = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/^\*/, ''));
  for (const values of rowsToAdd) {
    const [code, name, type] = values;
    ws.addRow(titles.map((title) => (title === '门店编码' ? code : title === '门店名称' ? name : title === '门店类型' ? type : null)));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('import: a template with a bad row is refused with a per-row report, a good one is written', async ({ page }) => {
  await logInToScreen(page);
  await page.getByTestId('shop-base-toolbar-import').click();
  const templateDownload = page.waitForEvent('download');
  await page.getByTestId('shop-base-import-template').click();
  const template = await (await templateDownload).path();

  const bad = await workbookFrom(template, [['EUI801', '引擎导入一', '直营店'], ['EUI802', null, '直营店']]);
  await page.getByTestId('shop-base-import-file').click();
  await page.locator('input[type=file]').setInputFiles({ name: 'bad.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
  await page.getByTestId('shop-base-import-upload').click();
  const report = page.getByTestId('shop-base-import-report');
  await expect(report).toBeVisible();
  await expect(page.getByTestId('shop-base-import-report-row')).toHaveCount(1);
  await expect(page.getByTestId('shop-base-import-report-row')).toContainText('3');
  await expect(page.getByTestId('shop-base-import-report-row')).toContainText('门店名称');

  const good = await workbookFrom(template, [['EUI801', '引擎导入一', '直营店'], ['EUI802', '引擎导入二', '直营店']]);
  await page.locator('input[type=file]').setInputFiles({ name: 'good.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: good });
  await page.getByTestId('shop-base-import-upload').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '导入成功' })).toBeVisible();
  await searchName(page, '引擎导入');
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 2 条');
});

async function headerTexts(page: Page): Promise<string[]> {
  await expect(rows(page).first()).toBeVisible();
  return headers(page).allInnerTexts();
}

test('设置显示字段: chosen and ordered columns are saved per user, after a reload and in another browser', async ({ page, browser, baseURL }) => {
  // start from "nothing saved", whatever ran before
  const api = await adminApi(baseURL!);
  expect((await api.delete('/api/wxy-system-server/custom-title-config/reset?title=shop_base')).status()).toBe(200);
  await logInToScreen(page);
  await searchName(page, '引擎门店');
  await page.getByTestId('shop-base-columns').click();
  const drawer = page.getByRole('dialog', { name: '设置显示字段' });
  await expect(drawer).toBeVisible();
  // nothing saved yet: every field the user may see is chosen
  await expect(drawer.getByTestId('column-chosen').first()).toBeVisible();
  const offered = await drawer.getByTestId('column-option').count();
  await expect(drawer.getByTestId('column-chosen')).toHaveCount(offered);

  await drawer.getByTestId('column-select-all').click();
  await expect(drawer.getByTestId('column-chosen')).toHaveCount(0);
  for (const prop of ['shopCode', 'shopName', 'area']) await drawer.locator(`[data-testid="column-option"][data-prop="${prop}"]`).click();
  // area moves to the front
  await drawer.locator('[data-testid="column-chosen"][data-prop="area"]').getByTestId('column-up').click();
  await drawer.locator('[data-testid="column-chosen"][data-prop="area"]').getByTestId('column-up').click();
  await drawer.getByTestId('column-save').click();
  await expect(drawer).toBeHidden();
  await expect.poll(() => headerTexts(page)).toEqual(['营业面积(㎡)', '门店编码', '门店名称']);

  await page.reload();
  await expect(page.getByTestId('shop-base-table')).toBeVisible();
  await expect.poll(() => headerTexts(page)).toEqual(['营业面积(㎡)', '门店编码', '门店名称']);

  const other = await (browser as Browser).newContext({ baseURL, locale: 'zh-CN' });
  const second = await other.newPage();
  await logInToScreen(second);
  await expect.poll(() => headerTexts(second)).toEqual(['营业面积(㎡)', '门店编码', '门店名称']);
  await other.close();

  // back to the default header for whoever runs next
  expect((await api.delete('/api/wxy-system-server/custom-title-config/reset?title=shop_base')).status()).toBe(200);
  await api.dispose();
});

test('设置显示字段 drawer: 1350 px wide; dragging a chosen field reorders the columns, kept after a reload', async ({ page, baseURL }) => {
  const api = await adminApi(baseURL!);
  expect((await api.delete('/api/wxy-system-server/custom-title-config/reset?title=shop_base')).status()).toBe(200);
  await page.setViewportSize({ width: 1600, height: 900 });
  await logInToScreen(page);
  await searchName(page, '引擎门店');
  await page.getByTestId('shop-base-columns').click();
  const drawer = page.getByRole('dialog', { name: '设置显示字段' });
  await expect(drawer).toBeVisible();
  await expect.poll(async () => Math.round((await drawer.boundingBox())!.width)).toBe(1350);

  await drawer.getByTestId('column-select-all').click();
  for (const prop of ['shopCode', 'shopName', 'area']) await drawer.locator(`[data-testid="column-option"][data-prop="${prop}"]`).click();
  const chosen = drawer.getByTestId('column-chosen');
  await expect(chosen).toHaveCount(3);
  // Drag 营业面积 by its grip above 门店编码: the pointer moves in steps, as a hand would.
  const grip = (prop: string) => drawer.locator(`[data-testid="column-chosen"][data-prop="${prop}"]`).getByTestId('column-grip');
  const from = (await grip('area').boundingBox())!;
  const to = (await grip('shopCode').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => (await chosen.evaluateAll((els) => els.map((e) => e.getAttribute('data-prop'))))).toEqual(['area', 'shopCode', 'shopName']);
  // dnd-kit swallows clicks until a 50 ms timer after the drop has run (no hand is that quick). A page timer set
  // now fires after it, however busy the machine: then one click saves (re-clicking a slow save restarted it).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  await drawer.getByTestId('column-save').click();
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  await expect.poll(() => headerTexts(page)).toEqual(['营业面积(㎡)', '门店编码', '门店名称']);

  await page.reload();
  await expect(page.getByTestId('shop-base-table')).toBeVisible();
  await expect.poll(() => headerTexts(page)).toEqual(['营业面积(㎡)', '门店编码', '门店名称']);
  // Reopened, the drawer shows the saved order.
  await page.getByTestId('shop-base-columns').click();
  await expect.poll(async () => (await chosen.evaluateAll((els) => els.map((e) => e.getAttribute('data-prop'))))).toEqual(['area', 'shopCode', 'shopName']);

  expect((await api.delete('/api/wxy-system-server/custom-title-config/reset?title=shop_base')).status()).toBe(200);
  await api.dispose();
});

test('edit dialog: dragged, resized from the corner, never below 410 x 300, maximized and restored', async ({ page }) => {
  await logInToScreen(page);
  await searchName(page, '引擎门店');
  await rows(page).first().getByTestId('row-action-edit').click();
  const dialog = page.getByTestId('shop-base-dialog');
  await expect(dialog.getByTestId('field-shopCode')).toHaveValue(/^EUI0/);
  const box = async () => (await dialog.boundingBox())!;
  const start = await box();

  // Resize from the corner: 120 px wider, 50 px taller, the top-left corner stays.
  const handle = (await page.getByTestId('shop-base-dialog-resize').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 120, handle.y + handle.height / 2 + 50, { steps: 6 });
  await page.mouse.up();
  const grown = await box();
  expect(Math.round(grown.width - start.width)).toBe(120);
  expect(Math.round(grown.height - start.height)).toBe(50);
  expect([Math.round(grown.x), Math.round(grown.y)]).toEqual([Math.round(start.x), Math.round(start.y)]);

  // Shrinking far past the minimum stops at 410 x 300.
  const handle2 = (await page.getByTestId('shop-base-dialog-resize').boundingBox())!;
  await page.mouse.move(handle2.x + handle2.width / 2, handle2.y + handle2.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle2.x - 900, handle2.y - 700, { steps: 8 });
  await page.mouse.up();
  const smallest = await box();
  expect([Math.round(smallest.width), Math.round(smallest.height)]).toEqual([410, 300]);

  // Dragged by its title bar, it moves by the pointer's distance.
  const bar = (await dialog.locator('[data-drag-handle]').boundingBox())!;
  await page.mouse.move(bar.x + 60, bar.y + 10);
  await page.mouse.down();
  await page.mouse.move(bar.x + 60 - 150, bar.y + 10 + 40, { steps: 5 });
  await page.mouse.up();
  const moved = await box();
  expect([Math.round(moved.x - smallest.x), Math.round(moved.y - smallest.y)]).toEqual([-150, 40]);
  expect([Math.round(moved.width), Math.round(moved.height)]).toEqual([410, 300]);

  // Maximized it fills the window; restored it is back where and as large as it was.
  await page.getByTestId('shop-base-dialog-maximize').click();
  await expect(dialog).toHaveAttribute('data-maximized', 'true');
  const viewport = page.viewportSize()!;
  const max = await box();
  expect([max.x, max.y, max.width, max.height]).toEqual([0, 0, viewport.width, viewport.height]);
  await expect(page.getByTestId('shop-base-dialog-resize')).toHaveCount(0);
  await page.getByTestId('shop-base-dialog-maximize').click();
  await expect(dialog).not.toHaveAttribute('data-maximized', 'true');
  const restored = await box();
  expect([restored.x, restored.y, restored.width, restored.height].map(Math.round)).toEqual([moved.x, moved.y, moved.width, moved.height].map(Math.round));

  // Opened again it is a fresh window that resizes too (the shop's detail is a page: see the shop code test).
  await page.getByTestId('shop-base-dialog-close').click();
  await expect(dialog).toBeHidden();
  await rows(page).first().getByTestId('row-action-edit').click();
  await expect(dialog.getByTestId('field-shopCode')).toHaveValue(/^EUI0/);
  const detail = await box();
  const h = (await page.getByTestId('shop-base-dialog-resize').boundingBox())!;
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2 - 100, h.y + h.height / 2 - 50, { steps: 5 });
  await page.mouse.up();
  const shrunk = await box();
  expect([Math.round(detail.width - shrunk.width), Math.round(detail.height - shrunk.height)]).toEqual([100, 50]);
  // Shrunk to its smallest, the form's 取消/保存 stay in view; Escape closes the window.
  await expect(dialog.getByTestId('shop-base-form-submit')).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('wide lists keep the 操作 column pinned to the right edge', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await logInToScreen(page);
  const header = page.locator('th[data-column="__actions"]');
  await expect(header).toBeVisible();
  const box = (await header.boundingBox())!;
  const table = (await page.getByTestId('shop-base-table-scroll').boundingBox())!;
  expect(Math.round(box.x + box.width)).toBeLessThanOrEqual(Math.round(table.x + table.width));
  await expect(rows(page).first().getByTestId('row-action-edit')).toBeInViewport();
});

test('table height: the window below the table less 86 px, at least 300 px, recalculated after a resize', async ({ page }) => {
  await logInToScreen(page);
  const scroll = page.getByTestId('shop-base-table-scroll');
  const maxHeight = () => scroll.evaluate((el) => parseFloat(getComputedStyle(el).maxHeight));
  const expected = async (viewportHeight: number) => {
    const top = await page.getByTestId('shop-base-table').evaluate((el) => el.getBoundingClientRect().top);
    return Math.max(300, Math.floor(viewportHeight - top - 86));
  };
  await expect.poll(maxHeight).toBe(await expected(720));

  await page.setViewportSize({ width: 1280, height: 480 });
  await expect.poll(maxHeight).toBe(300);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await expect.poll(maxHeight).toBe(await expected(1000));
});

test('批量停用 / 批量启用: the chosen shops switch after a confirm naming their number; the list keeps its page; a double click sends one request', async ({ page, baseURL }) => {
  const api = await adminApi(baseURL!);
  const ids: number[] = [];
  for (let i = 1; i <= 23; i++) {
    const n = String(i).padStart(2, '0');
    const answer = await api.post(`${API}/add`, { data: { shopCode: `EUB0${n}`, shopName: `批量门店${n}`, shopType: 1, status: 1 } });
    expect(answer.status(), await answer.text()).toBe(200);
    ids.push((await answer.json()).data.shopId);
  }
  const batchCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`${API}/edit-state/batch`)) batchCalls.push(request.postData() ?? '');
  });
  await logInToScreen(page);
  await searchName(page, '批量门店');
  await expect(page.getByTestId('shop-base-total')).toHaveText('共 23 条');
  const pages = page.getByTestId('shop-base-pages');
  await pages.getByRole('button', { name: '2' }).click();
  // newest first: page 2 holds 03, 02, 01
  await expect(cell(page, 'shopName')).toHaveText(['批量门店03', '批量门店02', '批量门店01']);
  const disable = page.getByTestId('shop-base-bulk-batchDisable');
  const enable = page.getByTestId('shop-base-bulk-batchEnable');
  await expect(disable).toBeDisabled();
  await expect(enable).toBeDisabled();

  for (const i of [0, 1]) await rows(page).nth(i).getByRole('checkbox', { name: '选择该行' }).check();
  await expect(page.getByText('已选 2 条')).toBeVisible();
  await expect(disable).toBeEnabled();
  // a double click opens one confirm; cancelling it changes nothing and keeps the choice
  await disable.dblclick();
  await expect(page.getByTestId('engine-confirm-text')).toHaveCount(1);
  await expect(page.getByTestId('engine-confirm-text')).toHaveText('确定停用选中的 2 家门店吗？');
  await page.getByTestId('engine-confirm-cancel').click();
  await expect(page.getByTestId('engine-confirm-text')).toHaveCount(0);
  await expect(page.getByText('已选 2 条')).toBeVisible();
  expect(batchCalls).toEqual([]);

  await disable.dblclick();
  await expect(page.getByTestId('engine-confirm-text')).toHaveCount(1);
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '操作成功' })).toBeVisible();
  // still page 2, the two shops now 停用 (and offer 启用), the third unchanged; the choice is cleared
  await expect(pages.locator('[data-active="true"]')).toHaveText('2');
  await expect(cell(page, 'shopName')).toHaveText(['批量门店03', '批量门店02', '批量门店01']);
  await expect(cell(page, 'status')).toHaveText(['停用', '停用', '启用']);
  await expect(rows(page).nth(0).getByTestId('row-action-enable')).toBeVisible();
  await expect(page.getByText('已选 0 条')).toBeVisible();
  await expect(disable).toBeDisabled();
  // one request, carrying exactly the two chosen shops
  expect(batchCalls).toHaveLength(1);
  const sent = JSON.parse(batchCalls[0]) as { status: number; ids: number[] };
  expect(sent.status).toBe(0);
  expect([...sent.ids].sort((a, b) => a - b)).toEqual([ids[1], ids[2]]);
  // the server holds the change: a fresh page after a reload of the list shows it too
  await page.getByTestId('shop-base-refresh').click();
  await expect(cell(page, 'status')).toHaveText(['停用', '停用', '启用']);
  const stored = await (await api.post(`${API}/page/1/50`, { data: { shopName: '批量门店', status: 0 } })).json();
  expect(stored.data.records.map((r: { shopName: string }) => r.shopName).sort()).toEqual(['批量门店02', '批量门店03']);

  // 批量启用 of all three on the page: one disabled row is already enabled, the answer is still 操作成功
  await page.getByTestId('shop-base-table').getByRole('checkbox', { name: '全选本页' }).check();
  await expect(page.getByText('已选 3 条')).toBeVisible();
  await enable.click();
  await expect(page.getByTestId('engine-confirm-text')).toHaveText('确定启用选中的 3 家门店吗？');
  await page.getByTestId('engine-confirm-ok').click();
  await expect(cell(page, 'status')).toHaveText(['启用', '启用', '启用']);
  await expect(pages.locator('[data-active="true"]')).toHaveText('2');
  expect(batchCalls).toHaveLength(2);
  await api.dispose();
});

test('a read-only detail page shows money with its two decimals, as the lists do (发券详情: 面额 15.00, 使用门槛 100.00)', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/memberInfo/couponDelivery' });
  const row = page.getByTestId('mb-member-coupon-table-row').first();
  await expect(row).toBeVisible();
  await row.getByTestId('row-action-open').click();
  await expect(page).toHaveURL(/\/memberInfo\/couponDelDetail/);
  for (const field of ['faceAmount', 'thresholdAmount']) {
    await expect(page.getByTestId(`field-${field}`)).toHaveText(/^\d+\.\d{2}$/);
  }
});
