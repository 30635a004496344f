import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, logIn, menuItem, test } from './support';

/**
 * Real-time notices end to end: the page holds a STOMP socket to /wbskt/; messages are created through
 * the API while the page is open (as another module or an admin would), and the page reacts live.
 */

const logInAsAdmin = (page: Page) => logIn(page);

/** The API as the logged-in admin, with the token the page holds. */
async function adminApi(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')!.value;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1' };
  const request: APIRequestContext = page.request;
  const sys = (path: string) => `/api/wxy-system-server/${path}`;
  const me = (await (await request.get(sys('user/permissions'), { headers })).json()).data;
  return {
    userId: me.userId as number,
    async send(body: Record<string, unknown>) {
      const res = await request.post(sys('ms/send'), { headers, data: { userIds: [me.userId], ...body } });
      expect((await res.json()).code).toBe(200);
    },
    async markAllRead() {
      await request.post(sys('ms/batch/read'), { headers, data: { all: true } });
    },
    async unread(): Promise<{ total: number; records: { businessType: number; businessId: string | null; isRead: number }[] }> {
      return (await (await request.get(sys('ms/list/1/50?isRead=0'), { headers })).json()).data;
    },
    async publishVersion(version: string) {
      const res = await request.post(sys('ms/version/publish'), { headers, data: { version, content: `端到端测试版本 ${version}` } });
      expect((await res.json()).code).toBe(200);
    },
  };
}

/** The bell says when the page's socket has its user queues confirmed: from then on a notice reaches it. */
async function socketReady(page: Page) {
  await expect(page.getByTestId('bell')).toHaveAttribute('data-socket', 'subscribed', { timeout: 15_000 });
}

test('a message created while the page is open raises the bell, pops up, and opens per businessType', async ({ page }) => {
  await logInAsAdmin(page);
  const api = await adminApi(page);
  await api.markAllRead();
  await page.reload();
  await expect(page.getByTestId('bell-badge').locator('.mantine-Indicator-indicator')).toHaveCount(0);
  await socketReady(page);

  // business type 12 leads to the version log, without an id
  await api.send({ businessType: 12, businessId: '77', messageTypeInfo: '系统通知', noticeTemplateInfo: '请查看版本日志' });
  const popup = page.getByTestId('notice-popup');
  await expect(popup).toContainText('请查看版本日志', { timeout: 15_000 });
  await expect(page.getByTestId('bell-badge')).toContainText('1');
  await expect(page.getByTestId('home-unread')).toHaveText('1');
  // the popup is gone after 1.5 s
  await expect(popup).toHaveCount(0, { timeout: 5000 });

  await page.getByTestId('bell').click();
  await expect(page.getByTestId('bell-text')).toHaveText('您有 1 条未读消息');
  await expect(page.getByTestId('bell-item')).toHaveCount(1);
  await page.getByTestId('bell-item').click();
  await expect(page).toHaveURL(/\/userInfo\/systemLog$/);
  await expect(page.getByTestId('version-log-table')).toBeVisible();
  await expect(page.getByTestId('bell-badge')).not.toContainText('1');
  expect((await api.unread()).total).toBe(0);

  // type 4 leads nowhere: read, and the page stays
  await api.send({ businessType: 4, messageTypeInfo: '盘点', noticeTemplateInfo: '无目标的通知' });
  await expect(page.getByTestId('bell-badge')).toContainText('1', { timeout: 15_000 });
  await page.getByTestId('bell').click();
  await page.getByTestId('bell-item').click();
  await expect(page.getByTestId('bell-badge')).not.toContainText('1');
  await expect(page).toHaveURL(/\/userInfo\/systemLog$/);

  // the bell lists the 3 latest of 4 unread, and links to the message centre
  for (const n of [1, 2, 3, 4]) await api.send({ businessType: 1, businessId: `P${n}`, messageTypeInfo: '采购单审核', noticeTemplateInfo: `采购单 P${n} 已审核` });
  await expect(page.getByTestId('bell-badge')).toContainText('4', { timeout: 15_000 });
  await page.getByTestId('bell').click();
  await expect(page.getByTestId('bell-item')).toHaveCount(3);
  await expect(page.getByTestId('bell-item').first()).toContainText('采购单 P4 已审核');
  // type 1 goes to the purchase detail with refresh and the id; P4 is no purchase of this tenant, so the
  // detail page says so. The notice was read first.
  const target = page.waitForURL(/\/purchaseManage\/procureDetail\?refresh=true&id=P4$/);
  await page.getByTestId('bell-item').first().click();
  await target;
  await expect(page.getByTestId('wh-purchase-doc-missing')).toHaveText('记录不存在或已删除');
  const left = await api.unread();
  expect(left.total).toBe(3);
  expect(left.records.map((r) => r.businessId)).toEqual(['P3', 'P2', 'P1']);
});

test('the message centre pages, filters, marks one and marks all read', async ({ page }) => {
  await logInAsAdmin(page);
  const api = await adminApi(page);
  await api.markAllRead();
  for (const n of [1, 2, 3]) await api.send({ businessType: 2, businessId: `D${n}`, messageTypeInfo: '订货单', noticeTemplateInfo: `订货单 D${n}` });
  await page.reload();
  await page.getByTestId('bell').click();
  await page.getByTestId('bell-more').click();
  await expect(page).toHaveURL(/\/userInfo\/messageNotice$/);
  const rows = page.getByTestId('message-table-row');
  await expect(rows.first()).toContainText('订货单 D3');

  await page.getByTestId('message-filter').getByText('未读').click();
  await expect(rows).toHaveCount(3);
  await rows.first().getByTestId('message-mark-read').click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('bell-badge')).toContainText('2');
  await page.getByTestId('message-filter').getByText('已读').click();
  await expect(rows.first()).toContainText('订货单 D3');
  await expect(rows.first().getByTestId('message-status')).toHaveText('已读');

  await page.getByTestId('message-filter').getByText('未读').click();
  await page.getByTestId('message-mark-all').click();
  await expect(page.getByTestId('message-table')).toContainText('暂无数据');
  await expect(page.getByTestId('bell-badge').locator('.mantine-Indicator-indicator')).toHaveCount(0);
  expect((await api.unread()).total).toBe(0);
});

test('a version notice opens 更新提示 and confirming reloads the page', async ({ page }) => {
  await logInAsAdmin(page);
  const api = await adminApi(page);
  await socketReady(page);
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));

  await api.publishVersion(`e2e-${Date.now()}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('更新提示', { timeout: 15_000 });
  await expect(page.getByTestId('version-dialog-text')).toHaveText('系统有更新，请点击确定获取更新内容');
  await page.getByTestId('version-dialog-ok').click();
  await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
  // the reloaded page is logged in and connects again
  await socketReady(page);
});

test('an admin publishes a version from the version log page, and the dialog comes to this page too', async ({ page }) => {
  await logInAsAdmin(page);
  const api = await adminApi(page);
  await socketReady(page);
  await (await menuItem(page, '/systemManage', '/systemManage/versionLog')).click();
  await page.getByTestId('version-publish').click();
  const version = `ui-${Date.now()}`;
  await page.getByTestId('version-publish-version').fill(version);
  await page.getByTestId('version-publish-content').fill('从页面发布的版本');
  await page.getByTestId('version-publish-submit').click();
  await expect(page.getByTestId('version-dialog-text')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('version-log-table')).toContainText(version);
});

test('the cash register, a window of its own, gets 更新提示 and closes when its session is revoked', async ({ page, context, baseURL }) => {
  await logInAsAdmin(page);
  const api = await adminApi(page);
  const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1' };
  const shops = (await (await page.request.post('/api/wxy-shop-server/shop-base/list', { headers, data: {} })).json()).data as { shopId: number }[];
  await context.addCookies([{ name: 'deviceShopId', value: String(Math.min(...shops.map((s) => s.shopId))), url: baseURL! }]);
  // The shell opens the register in its own window, as a cashier's menu click does.
  const opened = context.waitForEvent('page');
  await page.evaluate(() => void window.open('/orderInfo/retailOrder', 'register'));
  const register = await opened;
  await expect(register.getByTestId('register')).toHaveAttribute('data-socket', 'subscribed', { timeout: 15_000 });

  await api.publishVersion(`reg-${Date.now()}`);
  const dialog = register.getByRole('dialog').filter({ hasText: '更新提示' });
  await expect(register.getByTestId('version-dialog-text')).toHaveText('系统有更新，请点击确定获取更新内容', { timeout: 15_000 });
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);

  // Logging out elsewhere revokes the token: the server ends the register's socket and the window closes itself.
  const closed = register.waitForEvent('close', { timeout: 15_000 });
  expect((await (await page.request.post('/api/wxy-auth-server/oauth/loginout', { headers })).json()).code).toBe(200);
  await closed;
});
