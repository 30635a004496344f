import { type Page } from '@playwright/test';
import { expect, logIn as logInFast, menuItem, openFromSidebar, pageApi, passwordToken, test } from './support';

/**
 * The browser shell end to end, against the real server on a fresh database (demo data):
 * tenant 1 admin/admin123 and shop01/shop123, tenant 2 admin/admin123.
 */

async function logIn(page: Page, user: string, password: string, tenant = '1') {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  const tenantField = page.getByTestId('login-tenant');
  if (await tenantField.count()) await tenantField.fill(tenant);
  await page.getByTestId('login-submit').click();
}

/** Through the login page: the tests of logging in. */
async function logInAsAdminThroughPage(page: Page) {
  await logIn(page, 'admin', 'admin123');
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
}

/** The token asked for directly (support.ts): the tests of the shell once logged in. */
async function logInAsAdmin(page: Page) {
  await logInFast(page, 'admin', 'admin123');
  await expect(page.getByTestId('home-page')).toBeVisible();
}

const tab = (page: Page, path: string) => page.getByTestId(`tab-${path}`);

test('admin logs in and sees the menus of the server tree', async ({ page }) => {
  await logInAsAdminThroughPage(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toContainText('首页');
  await expect(sidebar).toContainText('系统管理');
  await expect(page.getByTestId('user-name')).toHaveText('系统管理员');
  await expect(page.getByTestId('home-server-time')).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  // the home tab is the module index: fixed, no close button
  await expect(tab(page, '/home/index')).toHaveAttribute('data-fixed', 'true');
  await expect(tab(page, '/home/index').getByTestId('tab-close')).toHaveCount(0);
});

test('opening pages adds tabs, breadcrumb follows, and kept-alive pages keep their state', async ({ page }) => {
  await logInAsAdmin(page);
  await (await menuItem(page, '/systemManage', '/systemManage/userList')).click();
  await expect(page).toHaveURL(/\/systemManage\/userList$/);
  await expect(page.getByTestId('user-table-row').first()).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toContainText('系统管理');
  await expect(page.getByTestId('breadcrumb')).toContainText('用户管理');

  await page.getByTestId('user-keyword').fill('shop');
  await (await menuItem(page, '/systemManage', '/systemManage/loginLog')).click();
  await expect(page.getByTestId('login-log-table-row').first()).toBeVisible();
  await expect(tab(page, '/systemManage/loginLog')).toBeVisible();

  // back on the user list (through its tab), the typed keyword is still there
  await tab(page, '/systemManage/userList').click();
  await expect(page).toHaveURL(/\/systemManage\/userList\?fromTab=true&refresh=false&refreshTable=false$/);
  await expect(page.getByTestId('user-keyword')).toHaveValue('shop');
  // the tab menu's refresh reopens the page with a fresh state
  await tab(page, '/systemManage/userList').click({ button: 'right' });
  await page.getByTestId('tab-menu-refresh').click();
  await expect(page.getByTestId('user-keyword')).toHaveValue('');

  // another page of the same module replaces the open page's tab
  await (await menuItem(page, '/systemManage', '/systemManage/versionLog')).click();
  await expect(page.getByTestId('version-log-table')).toBeVisible();
  await expect(tab(page, '/systemManage/versionLog')).toBeVisible();
  await expect(tab(page, '/systemManage/loginLog')).toHaveCount(0);
});

test('more tabs than fit: the strip scrolls sideways and always shows the active tab', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await logInAsAdmin(page);
  const pages = ['/shopManage/shopBase', '/purchaseManage/supplier', '/productManage/pdSpu', '/storageManage/whBaseInfo', '/systemManage/userList',
    '/attendManage/clockRecord', '/dataStatistics/shopSale', '/memberInfo/memberList', '/pettyCash/record', '/processManage/processDefinition',
    '/pricePromote/promotion', '/reportCenter/putStockAnalyse'];
  /** The active tab's box lies inside the strip's visible box. */
  const activeShown = () =>
    page.getByTestId('tab-strip').evaluate((strip) => {
      const active = strip.querySelector('.shell-tab[data-active="true"]');
      if (!active) return false;
      const s = strip.getBoundingClientRect();
      const a = active.getBoundingClientRect();
      return a.left >= s.left - 1 && a.right <= s.right + 1;
    });
  for (const path of pages) {
    await openFromSidebar(page, `/${path.split('/')[1]}`, path);
    await expect(tab(page, path)).toHaveAttribute('data-active', 'true');
    await expect.poll(activeShown).toBe(true);
  }
  const strip = page.getByTestId('tab-strip');
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // Back to the first tab.
  await tab(page, '/home/index').click();
  await expect(page).toHaveURL(/\/home\/index/);
  await expect.poll(activeShown).toBe(true);
  // The mouse wheel over the strip scrolls it sideways.
  const before = await strip.evaluate((el) => el.scrollLeft);
  await strip.hover();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
});

test('tab context menu closes others and all, keeping fixed tabs', async ({ page }) => {
  await logInAsAdmin(page);
  await (await menuItem(page, '/systemManage', '/systemManage/userList')).click();
  // its tab first: a second menu click before the first page has opened supersedes that navigation
  await expect(tab(page, '/systemManage/userList')).toBeVisible();
  await (await menuItem(page, '/systemManage', '/systemManage/loginLog')).click();
  await expect(tab(page, '/systemManage/loginLog')).toBeVisible();
  await page.goto('/userInfo/loginRecord');
  await expect(page.getByTestId('login-record-table')).toBeVisible();
  // the full reload restored the tabs from session storage
  await expect(tab(page, '/systemManage/loginLog')).toBeVisible();

  await tab(page, '/systemManage/loginLog').click({ button: 'right' });
  const menu = page.getByTestId('tab-context-menu');
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.width).toBe(105);
  await page.getByTestId('tab-menu-close-others').click();
  await expect(page).toHaveURL(/\/systemManage\/loginLog/);
  // Its page shown before the next close (a tab closed while its page is still opening can come back: left in the note).
  await expect(page.getByTestId('login-log-table-row').first()).toBeVisible();
  await expect(tab(page, '/userInfo/loginRecord')).toHaveCount(0);
  await expect(tab(page, '/home/index')).toBeVisible();
  await expect(tab(page, '/systemManage/userList')).toBeVisible();

  await tab(page, '/home/index').click({ button: 'right' });
  await page.getByTestId('tab-menu-close-all').click();
  await expect(tab(page, '/systemManage/loginLog')).toHaveCount(0);
  await expect(page.getByTestId('tab-strip').locator('.shell-tab')).toHaveCount(2);
  // the active tab closed: the last remaining one opens
  await expect(page).toHaveURL(/\/systemManage\/userList/);
});

test('the third-level user edit page asks before its tab closes', async ({ page }) => {
  await logInAsAdmin(page);
  await (await menuItem(page, '/systemManage', '/systemManage/userList')).click();
  await page.getByTestId('user-edit-shop01').click();
  await expect(page).toHaveURL(/\/systemManage\/userEdit\?id=\d+$/);
  await expect(page.getByTestId('user-edit-name')).toHaveValue('门店店员01');

  const editTab = tab(page, '/systemManage/userEdit');
  await editTab.getByTestId('tab-close').click();
  await expect(page.getByTestId('confirm-close-text')).toBeVisible();
  await page.getByTestId('confirm-close-cancel').click();
  await expect(editTab).toBeVisible();

  await editTab.getByTestId('tab-close').click();
  await page.getByTestId('confirm-close-ok').click();
  await expect(editTab).toHaveCount(0);
  await expect(page).toHaveURL(/\/systemManage\/userList/);
});

test('browser back closes the tab left', async ({ page }) => {
  await logInAsAdmin(page);
  await (await menuItem(page, '/systemManage', '/systemManage/userList')).click();
  await (await menuItem(page, '/systemManage', '/systemManage/loginLog')).click();
  await expect(tab(page, '/systemManage/loginLog')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/systemManage\/userList$/);
  await expect(tab(page, '/systemManage/loginLog')).toHaveCount(0);

  // leaving a third-level page by back asks first
  await page.getByTestId('user-edit-admin').click();
  await expect(tab(page, '/systemManage/userEdit')).toBeVisible();
  await page.goBack();
  await page.getByTestId('confirm-close-ok').click();
  await expect(page).toHaveURL(/\/systemManage\/userList$/);
  await expect(tab(page, '/systemManage/userEdit')).toHaveCount(0);
});

test('shop staff typing an admin address gets 您无该页面的权限', async ({ page }) => {
  await logIn(page, 'shop01', 'shop123');
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page.getByTestId('sidebar')).toContainText('首页');
  await expect(page.getByTestId('sidebar')).not.toContainText('系统管理');
  await page.goto('/systemManage/userList');
  await expect(page.getByText('您无该页面的权限')).toBeVisible();
  await expect(page.getByTestId('user-list-page')).toHaveCount(0);
});

test('the login page answers empty fields in Chinese and shows the typed tenant\'s logo', async ({ page }) => {
  await page.goto('/login');
  const tenant = page.getByTestId('login-tenant');
  await tenant.fill('');
  await page.getByTestId('login-submit').click();
  // our messages under the fields, never the browser's "Please fill out this field" bubble
  await expect(page.getByText('请输入用户名', { exact: true })).toBeVisible();
  await expect(page.getByText('请输入密码', { exact: true })).toBeVisible();
  expect(await page.getByTestId('login-username').evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('请输入租户编号', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await tenant.fill('1');
  await expect(page.getByTestId('login-logo')).toHaveAttribute('src', '/branding/tenant-1-logo.svg');
  await expect(page.getByTestId('login-record')).toHaveText('沪ICP备20260001号');
  await expect(page.locator('h3')).not.toHaveText('');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\/index$/);
});

test('a wrong password shows 用户名或密码错误', async ({ page }) => {
  await logIn(page, 'admin', 'wrong-password');
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/login/);
});

test('five wrong passwords lock the account with a message saying so', async ({ page, request }) => {
  // An account of its own in tenant 2, and one of the same name in tenant 1: no other test's login is locked.
  const name = `lock${Date.now().toString(36).slice(-6)}`;
  for (const tenant of ['1', '2']) {
    const { access_token } = await passwordToken(request, 'admin', 'admin123', tenant);
    const headers = { authorization: `Bearer ${access_token}`, 'x-tenant-id': tenant };
    const roles = (await (await request.get('/api/wxy-system-server/role/list', { headers })).json()).data as { roleId: number; code: string }[];
    const added = await request.post('/api/wxy-system-server/user/add', {
      headers,
      data: { userNo: name.toUpperCase(), userName: name, name: '锁定测试', password: 'lock123', roleIds: [roles.find((r) => r.code === 'shop_staff')!.roleId] },
    });
    expect((await added.json()).code).toBe(200);
  }
  for (let i = 0; i < 5; i++) {
    await logIn(page, name, `bad-${i}`, '2');
    await expect(page.getByTestId('login-error')).toBeVisible();
  }
  await logIn(page, name, 'lock123', '2');
  await expect(page.getByTestId('login-error')).toContainText('锁定');
  await expect(page).toHaveURL(/\/login/);
  // the lock is tenant 2's account only: the same name in tenant 1 still logs in
  await logIn(page, name, 'lock123', '1');
  await expect(page).toHaveURL(/\/home\/index$/);
});

test('a 375 px wide screen closes the sidebar and names the page in the bar instead of the trail', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await logInAsAdmin(page);
  await expect(page.getByTestId('breadcrumb')).toBeHidden();
  await expect(page.getByTestId('page-title-mobile')).toHaveText('工作台');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-opened', 'false');
  await expect(sidebar).not.toBeInViewport();
  await page.getByTestId('sidebar-toggle').click();
  await expect(sidebar).toBeInViewport();
  await page.getByTestId('sidebar-mask').click();
  await expect(sidebar).not.toBeInViewport();
});

test('on a 390 px phone a list reads as cards of label: value, nothing scrolled sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInFast(page, 'admin', 'admin123', '1', { to: '/orderInfo/classRecord' });
  const list = page.getByTestId('shop-class-record-table');
  await expect(list).toHaveAttribute('data-layout', 'cards');
  const card = page.getByTestId('shop-class-record-table-row').first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('门店名称');
  await expect(card).toContainText('收银员');
  // The card fits the screen and nothing in the list's frame overflows sideways.
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const scroll = page.getByTestId('shop-class-record-table-scroll').locator('.mantine-ScrollArea-viewport');
  expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  // A wide screen keeps the table.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(list).not.toHaveAttribute('data-layout', 'cards');
  await expect(page.locator('table[data-testid="shop-class-record-table"]')).toBeVisible();
});

test('sidebar collapses to 72 px and its style is remembered', async ({ page, context }) => {
  await logInAsAdmin(page);
  const sidebar = page.getByTestId('sidebar');
  expect((await sidebar.boundingBox())?.width).toBe(160);
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(72);
  // collapsed, only icons tell the modules apart: each one draws its own, none is the neutral point
  const icons = await sidebar.locator('.shell-collapsed-item svg').evaluateAll((els) => els.map((e) => e.getAttribute('data-icon') + ' ' + e.getAttribute('class')));
  expect(icons.length).toBeGreaterThanOrEqual(6);
  expect(icons.filter((c) => c.includes('tabler-icon-point'))).toEqual([]);
  expect(new Set(icons.map((c) => c.split(' ')[0])).size).toBe(icons.length);
  await page.getByTestId('layout-settings').click();
  await page.getByTestId('theme-dark').click();
  await expect(sidebar).toHaveAttribute('data-style', 'dark');
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies.sidebarStatus).toBe('0');
  expect(cookies.sidebarStyle).toBe('dark');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-style', 'dark');
  await expect(sidebar).toHaveAttribute('data-opened', 'false');
});

test('language switch turns the shell into English and is remembered', async ({ page }) => {
  await logInAsAdmin(page);
  await page.getByTestId('layout-settings').click();
  await page.getByTestId('language-switch').getByText('EN').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-logout')).toHaveText('Log out');
  await page.reload();
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-profile')).toHaveText('Profile settings');
});

test('log out returns to the login page and the old address needs a login again', async ({ page }) => {
  await logInAsAdmin(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/systemManage/userList');
  await expect(page).toHaveURL(/\/login\?redirect=%2FsystemManage%2FuserList$/);
  // logging in again goes back to the page asked for
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/systemManage\/userList$/);
});

test('a login in another browser tab cancels the calls of this tab with 当前登录帐户已退出登录', async ({ page, context }) => {
  await logInAsAdmin(page);
  const other = await context.newPage();
  await other.goto('/home/index');
  await expect(other.getByTestId('home-page')).toBeVisible();
  await other.getByTestId('user-menu').click();
  await other.getByTestId('user-menu-logout').click();
  await expect(other).toHaveURL(/\/login$/);
  await logIn(other, 'shop01', 'shop123');
  await expect(other).toHaveURL(/\/home\/index$/);

  // the first tab still holds admin's token in its session storage; its next call is refused
  await (await menuItem(page, '/systemManage', '/systemManage/versionLog')).click();
  await expect(page.getByText('当前登录帐户已退出登录，请重新登录！')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('personal centre: profile name, password rules and own login records', async ({ page }) => {
  await logInAsAdmin(page);
  // Back to the demo's name afterwards, whatever happens: other files see admin by it (meetings.spec.ts).
  const { request, headers } = await pageApi(page);
  const me = (await (await request.get('/api/wxy-system-server/user/permissions', { headers })).json()).data;
  restoreProfile = () => request.put('/api/wxy-system-server/user/profile', { headers, data: { name: me.name } });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page.getByTestId('breadcrumb')).toContainText('个人设置');
  await page.getByTestId('profile-name').fill('管理员甲');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('user-name')).toHaveText('管理员甲');
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText('管理员甲');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-password').click();
  await page.getByTestId('password-old').fill('admin123');
  await page.getByTestId('password-new').fill('newpass1');
  await page.getByTestId('password-confirm').fill('newpass2');
  await page.getByTestId('password-save').click();
  await expect(page.getByTestId('password-error')).toHaveText('两次输入的密码不一致');
  await page.getByTestId('password-old').fill('not-my-password');
  await page.getByTestId('password-confirm').fill('newpass1');
  await page.getByTestId('password-save').click();
  await expect(page.getByTestId('password-error')).toHaveText(/^原密码不正确，再错\d次账户将被锁定10分钟$/);
  await expect(page).toHaveURL(/\/userInfo\/resetPsw$/);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-login-record').click();
  await expect(page.getByTestId('login-record-table-row').first()).toContainText('admin');
  // the route config entry is hidden from the menu but its page exists
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-version-log')).toBeVisible();
  await expect(page.getByText('路由配置')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/userInfo/routerSetting');
  await expect(page.getByTestId('router-setting-page')).toContainText('/systemManage/userEdit');
});

let restoreProfile: (() => Promise<unknown>) | undefined;
test.afterEach(async () => {
  await restoreProfile?.();
  restoreProfile = undefined;
});

test('/router/index opens the last active module and unknown menu addresses get 您无该页面的权限', async ({ page }) => {
  await logInAsAdmin(page);
  await (await menuItem(page, '/systemManage', '/systemManage/loginLog')).click();
  await expect(page.getByTestId('login-log-page')).toBeVisible();
  await page.goto('/router/index');
  await expect(page).toHaveURL(/\/systemManage\/userList$/);
  await page.goto('/router/index?routeKey=home');
  await expect(page).toHaveURL(/\/home\/index$/);
  await (await menuItem(page, '/systemManage', '/systemManage/loginLog')).click();
  await page.goto('/systemManage/noSuchPage');
  await expect(page.getByText('您无该页面的权限')).toBeVisible();
});
