import { expect, logIn, openFromSidebar, test } from './support';

/**
 * 角色管理 and 用户管理 in the browser: an administrator makes a role that may only read 门店信息 and see retail
 * prices, gives it to a new colleague placed in a department, and that colleague logs in to exactly that.
 */
test('a new role and a new user: the colleague logs in to exactly what the role grants', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000); // two sessions and two forms: slow on a loaded machine
  const suffix = Date.now().toString(36).slice(-5);
  const code = `viewer_${suffix}`;
  const userName = `viewer${suffix}`;
  await logIn(page, 'admin', 'admin123', '1', { to: '/systemManage/roleList' });
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-name').fill(`门店查看${suffix}`);
  await page.getByTestId('role-code').fill(code);
  await page.getByTestId('role-field-零售价').check();
  await page.getByText('全部展开').click();
  await page.getByTestId('role-menu-tree').getByRole('checkbox', { name: '门店信息', exact: true }).check();
  await page.getByTestId('role-save').click();
  const roleRow = page.getByTestId(`role-row-${code}`);
  await expect(roleRow).toContainText('零售价');
  await expect(roleRow).toContainText('0'); // nobody holds it yet

  await openFromSidebar(page, '/systemManage', '/systemManage/userList');
  await page.getByTestId('user-add').click();
  await page.getByTestId('user-add-userName').fill(userName);
  await page.getByTestId('user-add-userNo').fill(`V${suffix}`);
  await page.getByTestId('user-add-name').fill('查看员');
  await page.getByTestId('user-add-password').fill('view123');
  await page.getByTestId('user-roles').click();
  await page.getByRole('option', { name: `门店查看${suffix}` }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('user-dept').click();
  await page.getByRole('option', { name: '总部 / 运营中心', exact: true }).click();
  await page.getByTestId('user-add-save').click();
  await expect(page.getByTestId('user-add-form')).toBeHidden({ timeout: 30_000 }); // scrypt on a loaded machine
  await page.getByTestId('user-keyword').fill(userName);
  await page.getByTestId('user-search').click();
  await expect(page.getByTestId('user-table')).toContainText('运营中心');

  // The colleague, in a browser of their own.
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const colleague = await context.newPage();
  // The role holds no 首页: the colleague lands on the one page it grants.
  await logIn(colleague, userName, 'view123', '1', { landing: /\/shopManage\/shopBase$/ });
  await expect(colleague.getByTestId('screen-shop-base')).toBeVisible();
  const sidebar = colleague.getByTestId('sidebar');
  await expect(sidebar).toContainText('门店管理');
  await expect(sidebar).not.toContainText('系统管理');
  await expect(sidebar).not.toContainText('仓储管理');
  await context.close();
});
