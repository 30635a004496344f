import { expect, logIn, pageApi, test, pageCalls, openRegisterOnShift } from './support';

// This spec is about the register's offline shell (a service worker): the suite blocks workers elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * The register opens without network: opened once online (its shell installs, its catalogue, session and shift are
 * kept in this browser), then the network is cut and the page reloaded — the register opens from this computer with
 * the offline banner, its shift and its catalogue, and sells (the sale is kept); a new tab (a browser restart: no
 * tab session) opens it too. Back online, the kept sale reaches the server exactly once, and the reconnection's reload
 * waits for the sale on the register to end.
 */
test('the register reloads and sells without network; the kept sale reaches the server once when the network returns, the reload waits for the cart', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const api = await pageCalls(page);
  const shopId = Math.min(...((await api('post', 'wxy-shop-server/shop-base/list', {})) as { shopId: number }[]).map((s) => s.shopId));
  await context.addCookies([{ name: 'deviceShopId', value: String(shopId), url: baseURL! }]);
  const skus = ((await api('get', `wxy-order-server/order/catalogue/${shopId}`)).skus as { barcode: string | null; available: number; retailPrice: number }[])
    .filter((k) => k.barcode && k.available >= 3 && k.retailPrice > 0);
  const sku = skus[11];
  const ordersOfShop = async () => ((await api('post', 'wxy-order-server/order/findPage', { pageNum: 1, pageSize: 1, shopId })) as { total: number }).total;
  const ordersBefore = await ordersOfShop();

  // Online: the register opens on a shift (an earlier spec of this worker may have left the admin's open).
  await openRegisterOnShift(page);
  await expect(page.getByTestId('register-offline')).toHaveCount(0);
  // The shell is installed and the catalogue kept (IndexedDB) before the network goes.
  await expect(page.getByTestId('register')).toHaveAttribute('data-offline-ready', 'yes', { timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => new Promise<number>((resolve) => {
    const open = indexedDB.open('wxyRegister');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('catalogue')) return resolve(0);
      const count = db.transaction('catalogue').objectStore('catalogue').count();
      count.onsuccess = () => resolve(count.result);
    };
    open.onerror = () => resolve(0);
  }))).toBeGreaterThan(0);

  // No network, F5: the register, not the browser's error page — opened from this computer, on its shift.
  await context.setOffline(true);
  const failedApi: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.url().includes('/api/')) failedApi.push(new URL(r.url()).pathname);
  });
  await page.reload();
  await expect(page.getByTestId('register-offline')).toContainText('离线收银：网络已断开');
  await expect(page.getByTestId('register-offline')).toContainText('联网后自动上传');
  await expect(page.getByTestId('register-shift')).toBeVisible();
  // The banner says it; no 网络错误 toast from the start-up calls besides it.
  await expect(page.getByText('网络错误')).toHaveCount(0);
  // The back-office has no offline mode: the register does not lead there without network.
  await expect(page.getByTestId('register-leave')).toBeDisabled();
  await expect(page.getByTestId('register-leave')).toHaveAttribute('title', /后台需要联网/);
  // What the register read at start really came from this computer: the server was not reached.
  expect(failedApi).toContain('/api/wxy-system-server/user/permissions');

  // It sells from the kept catalogue; the sale is kept here.
  const scan = page.getByTestId('register-scan');
  await expect(scan).toBeEnabled();
  await scan.pressSequentially(`${sku.barcode}\n`, { delay: 5 });
  await expect(page.getByTestId('register-total')).toContainText('共 1 件');
  await scan.press('F9');
  await page.getByTestId('register-confirm').click();
  await expect(page.getByTestId('register-saved-offline')).toBeVisible();
  await expect(page.getByTestId('register-offline-queue')).toContainText('离线单待上传 1');
  await page.getByTestId('register-next').click();

  // A browser restart (a new tab: no tab session, the login cookie only) opens the register too, with the kept sale.
  const restarted = await context.newPage();
  await restarted.goto('/orderInfo/retailOrder');
  await expect(restarted.getByTestId('register-offline')).toBeVisible();
  await expect(restarted.getByTestId('register-offline-queue')).toContainText('离线单待上传 1');
  await restarted.close();
  expect(await ordersOfShop()).toBe(ordersBefore);

  // The next customer's item is on the register when the network returns: the kept sale is sent at once, but the
  // reconnection's reload waits for the cart to be empty (nothing of the sale is lost).
  await scan.pressSequentially(`${sku.barcode}\n`, { delay: 5 });
  await expect(page.getByTestId('register-total')).toContainText('共 1 件');
  let reloads = 0;
  page.on('load', () => reloads++);
  await context.setOffline(false);
  await expect(page.getByTestId('network-restored')).toBeVisible();
  await expect(page.getByTestId('register-offline-queue')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(ordersOfShop, { timeout: 20_000 }).toBe(ordersBefore + 1);
  await expect(page.getByTestId('register-offline')).toHaveCount(0);
  expect(reloads).toBe(0);
  await expect(page.getByTestId('register-total')).toContainText('共 1 件');
  // Paid online, then 下一单: the cart is empty and the page reloads.
  await scan.press('F9');
  await page.getByTestId('register-confirm').click();
  await expect(page.getByTestId('register-settled')).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('register-next').click();
  await reloaded;
  await expect(page.getByTestId('register-shift')).toBeVisible();
  // The kept sale was recorded once (sent again by another reload or the queue's timer, it would stay one).
  expect(await ordersOfShop()).toBe(ordersBefore + 2);
});

/**
 * A new version is announced and taken at a moment that loses nothing: with a sale on the register it only says
 * 新版本已就绪，结账后自动更新; once the sale is paid and 下一单 empties the cart, the register reloads on it.
 */
test('a new version waits for the sale on the register and is taken when the cart is empty', async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const api = async (url: string, data?: unknown) => {
    const r = await (await request[data ? 'post' : 'get'](`/api/${url}`, { headers, data })).json();
    expect(r.code, `${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const shopId = Math.min(...((await api('wxy-shop-server/shop-base/list', {})) as { shopId: number }[]).map((s) => s.shopId));
  await context.addCookies([{ name: 'deviceShopId', value: String(shopId), url: baseURL! }]);
  const sku = ((await api(`wxy-order-server/order/catalogue/${shopId}`)).skus as { barcode: string | null; available: number; retailPrice: number }[])
    .filter((k) => k.barcode && k.available >= 3 && k.retailPrice > 0)[12];

  await page.goto('/orderInfo/retailOrder');
  await expect(page.getByTestId('register-shift').or(page.getByTestId('register-open-shift-ok'))).toBeVisible();
  if (await page.getByTestId('register-open-shift-ok').isVisible()) {
    await page.getByTestId('register-opening-cash').fill('100');
    await page.getByTestId('register-open-shift-ok').click();
  }
  await expect(page.getByTestId('register')).toHaveAttribute('data-offline-ready', 'yes', { timeout: 20_000 });
  // The register as it opens on a later day: from its installed shell.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('register-shift')).toBeVisible();
  const scan = page.getByTestId('register-scan');
  await expect(scan).toBeFocused();
  await scan.pressSequentially(`${sku.barcode}\n`, { delay: 5 });
  await expect(page.getByTestId('register-total')).toContainText('共 1 件');

  // A new version reaches the register mid-sale: a new worker script for its scope (here the same build under
  // another address, which the browser installs as a new version as it would a changed /sw.js).
  let reloads = 0;
  page.on('load', () => reloads++);
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next', { scope: location.pathname }).then(() => undefined));
  await expect(page.getByTestId('register-update-ready')).toContainText('新版本已就绪，结账后自动更新');
  // Nothing of the sale is lost meanwhile.
  await page.waitForTimeout(1000);
  expect(reloads).toBe(0);
  await expect(page.getByTestId('register-total')).toContainText('共 1 件');

  // Paid, and 下一单: the cart is empty, the register takes the new version at once.
  await scan.press('F9');
  await page.getByTestId('register-confirm').click();
  await expect(page.getByTestId('register-settled')).toBeVisible();
  expect(reloads).toBe(0);
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('register-next').click();
  await reloaded;
  await expect(page.getByTestId('register-shift')).toBeVisible();
  await expect(page.getByTestId('register-update-ready')).toHaveCount(0);
});
