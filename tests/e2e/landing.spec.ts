import { expect, logIn, test } from './support';

/**
 * The landing page of each role (issue 31): the 店员 lands on his shop's day — today's sales, his shift, the
 * documents waiting on his shop — with a button into the register, and on a register device on the register itself;
 * the 店长 on his shops' 工作台; 财务 on the documents waiting for audit.
 */
test('the 店员 lands on his shop\'s day and goes to the register; on a register device he lands on it', async ({ page, context, baseURL }) => {
  await logIn(page, 'shop01', 'shop123');
  const bench = page.getByTestId('workbench');
  await expect(bench).toHaveAttribute('data-focus', 'shop');
  await expect(bench).toContainText('本店今天');
  await expect(page.getByTestId('dash-today-sales')).toBeVisible();
  await expect(page.getByTestId('dash-shift')).toContainText('我的收银班次');
  await expect(page.getByTestId('dash-documents')).toBeVisible();
  // No top shops nor stock alerts: a 店员's day is his shop's.
  await expect(page.getByTestId('dash-top-shops')).toHaveCount(0);
  await page.getByTestId('dash-register').click();
  await expect(page).toHaveURL(/\/orderInfo\/retailOrder$/);

  // This browser becomes the first shop's register (activation itself is phone-login.spec's): "/" is the register.
  await context.addCookies([{ name: 'deviceShopId', value: '1', url: baseURL! }]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/orderInfo\/retailOrder$/);
  await context.clearCookies({ name: 'deviceShopId' });
});

test('the 店长 lands on his shops\' 工作台', async ({ page }) => {
  await logIn(page, 'manager01', 'manager123');
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-focus', 'shops');
  await expect(page.getByTestId('dash-top-shops')).toBeVisible();
});

test('财务 lands on the documents waiting for audit', async ({ page }) => {
  await logIn(page, 'finance01', 'finance123');
  const bench = page.getByTestId('workbench');
  await expect(bench).toHaveAttribute('data-focus', 'audit');
  await expect(bench).toContainText('待审核单据');
  const docs = page.getByTestId('dash-documents');
  await expect(docs).toContainText('备用金待审核');
  await docs.getByRole('link', { name: '备用金待审核' }).click();
  await expect(page).toHaveURL(/\/pettyCash\//);
});
