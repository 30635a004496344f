import { type Page } from '@playwright/test';
import { expect, logIn, test } from './support';

/**
 * Daily use of a list (issue 31): group-by with counts and sums over every matching row, and saved views.
 */

const ORDERS = '/orderInfo/orderList';
const total = async (page: Page, screen: string) => Number((await page.getByTestId(`${screen}-total`).innerText()).replace(/\D/g, ''));
const countOf = (text: string) => Number(text.replace(/\D/g, ''));

test('分组: orders grouped by 状态 count every order, a click on a group filters the list to it, kept after a reload', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: ORDERS });
  await expect(page.getByTestId('po-order-table-row').first()).toBeVisible();
  const all = await total(page, 'po-order');
  expect(all).toBeGreaterThan(20); // more than one page: the groups count every page, not the one on screen

  await page.getByTestId('po-order-group').click();
  await page.getByTestId('po-order-group-status').click();
  const groups = page.getByTestId('po-order-groups');
  await expect(groups).toContainText('按状态分组');
  const groupRows = page.getByTestId('po-order-group-row');
  await expect(groupRows.first()).toBeVisible();
  // The total row counts every order of the list; the groups add up to it.
  await expect(page.getByTestId('po-order-group-total').locator('[data-column="count"]')).toHaveText(all.toLocaleString('zh-CN'));
  const counts = (await groupRows.locator('[data-column="count"]').allInnerTexts()).map(countOf);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(all);
  // Labels are the dictionary's names, not codes; amounts have their two decimals.
  const firstLabel = await groupRows.first().locator('td').first().innerText();
  expect(firstLabel).not.toMatch(/^\d+$/);
  await expect(page.getByTestId('po-order-group-total').locator('[data-column="totalAmount"]')).toHaveText(/^\d[\d,]*\.\d{2}$/);

  // A click on the first group narrows the list to it.
  await groupRows.first().click();
  await expect.poll(() => total(page, 'po-order')).toBe(counts[0]);
  await expect(groupRows).toHaveCount(1);

  await page.reload();
  await expect(page.getByTestId('po-order-groups')).toContainText('按状态分组');
  await expect.poll(() => total(page, 'po-order')).toBe(counts[0]);
  await page.getByTestId('po-order-groups-close').click();
  await expect(page.getByTestId('po-order-groups')).toHaveCount(0);
});

test('视图: a status filter and a group saved as a view shared with 店长; a 店长 opens the list on it as the default, and cannot change it', async ({ page, browser, baseURL }) => {
  const RECORDS = '/pettyCash/record';
  const S = 'petty-cash-record';
  await logIn(page, 'admin', 'admin123', '1', { to: RECORDS });
  await expect(page.getByTestId(`${S}-table-row`).first()).toBeVisible();
  const all = await total(page, S);
  // One status only, grouped by 门店.
  await page.getByTestId('filter-status').click();
  const option = page.getByRole('option').first();
  const status = await option.innerText();
  await option.click();
  await page.getByTestId(`${S}-search`).click();
  await expect.poll(() => total(page, S)).toBeLessThan(all);
  const filtered = await total(page, S);
  await page.getByTestId(`${S}-group`).click();
  await page.getByTestId(`${S}-group-shopName`).click();
  await expect(page.getByTestId(`${S}-groups`)).toBeVisible();

  await page.getByTestId(`${S}-views`).click();
  await page.getByTestId(`${S}-views-save`).click();
  await page.getByTestId(`${S}-views-name`).fill('按门店看');
  await page.getByTestId(`${S}-views-role`).click();
  await page.getByRole('option', { name: '店长' }).click();
  await page.getByTestId(`${S}-views-default`).check();
  await page.getByTestId(`${S}-views-submit`).click();
  await expect(page.getByTestId(`${S}-views`)).toHaveText('按门店看');

  // Reset everything, then take the view again from the menu.
  await page.getByTestId(`${S}-reset`).click();
  await page.getByTestId(`${S}-groups-close`).click();
  await expect.poll(() => total(page, S)).toBe(all);
  await page.getByTestId(`${S}-views`).click();
  await page.getByTestId(`${S}-view-item`).filter({ hasText: '按门店看' }).click();
  await expect.poll(() => total(page, S)).toBe(filtered);
  await expect(page.getByTestId(`${S}-groups`)).toContainText('按门店名称分组');

  // A 店长 opens 备用金记录 on the shared default view: that status, grouped by shop.
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const manager = await context.newPage();
  await logIn(manager, 'manager01', 'manager123', '1', { to: RECORDS });
  await expect(manager.getByTestId(`${S}-views`)).toHaveText('按门店看');
  await expect(manager.getByTestId(`${S}-groups`)).toContainText('按门店名称分组');
  await expect(manager.getByTestId('filter-status')).toHaveValue(status);
  // Not his to change: he may save his own, not update or delete it.
  await manager.getByTestId(`${S}-views`).click();
  await expect(manager.getByTestId(`${S}-views-save`)).toBeVisible();
  await expect(manager.getByTestId(`${S}-views-delete`)).toHaveCount(0);
});
