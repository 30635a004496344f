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
