import { expect, logIn, openPage, pageApi, test } from './support';

/** Daily use (issue 31): what the screens say reads as Chinese names, never raw keys or codes. */

test('no raw key or code where people read: help under 适用门店, the 角色 badge, a new record page named 新增…', async ({ page }) => {
  await logIn(page, 'admin', 'admin123');
  await expect(page.getByTestId('home-roles')).toHaveText('管理员');

  await openPage(page, '/pricePromote/promotionOpt');
  const header = page.getByTestId('po-promotion-doc-header');
  await expect(header).toContainText('可选多家门店；不选则全部门店适用');
  await expect(header).toContainText('打开后只有录入会员的销售才享受');
  await expect(page.getByTestId('page-area')).not.toContainText('promotion.');

  await openPage(page, '/purchaseManage/procureOrder');
  await expect(page.getByTestId('tab-/purchaseManage/procureOrder')).toHaveText(/新增采购单/);
  await expect(page.getByTestId('breadcrumb')).toContainText('新增采购单');
  await expect(page.getByTestId('breadcrumb')).not.toContainText('采购单编辑');
});

test('Ctrl+K finds a menu by pinyin initials and a document by its number; the sidebar search box opens the same', async ({ page }) => {
  await logIn(page, 'admin', 'admin123');
  await expect(page.getByTestId('sidebar-search')).toBeVisible();
  await page.keyboard.press('Control+K');
  await page.getByTestId('palette-input').fill('cgd');
  await expect(page.getByTestId('palette-results').locator('button').first()).toContainText('采购单');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/purchaseManage\/procure$/);
  await expect(page.getByTestId('palette-input')).toHaveCount(0);

  // A document number (a demo 其他入库单) opens its detail page.
  const { request, headers } = await pageApi(page);
  const stockIn = ((await (await request.post('/api/wxy-warehouse-server/wh-other-stock-in/page/1/1', { headers, data: {} })).json()).data.records as { stockInId: number; stockInNo: string }[])[0];
  await page.getByTestId('sidebar-search').click();
  await page.getByTestId('palette-input').fill(stockIn.stockInNo.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/storageManage/otherInDetail\\?stockInId=${stockIn.stockInId}$`));
  await expect(page.getByTestId('page-area')).toContainText(stockIn.stockInNo);

  // A number no one has is said so in the palette; recent pages are offered with nothing typed.
  await page.keyboard.press('Control+K');
  await page.getByTestId('palette-input').fill('QTRK20000101-0001');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('palette-failure')).toHaveText('没有找到单号 QTRK20000101-0001');
  await page.getByTestId('palette-input').fill('');
  await expect(page.getByTestId('palette-item-recent:/purchaseManage/procure')).toBeVisible();
});

test('a page opened from the palette keeps its tab and 最近访问 entry when the next is opened at once, on a slow machine', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin', 'admin123');
  await expect(page.getByTestId('sidebar-search')).toBeVisible();
  const { request, headers } = await pageApi(page);
  const stockIn = ((await (await request.post('/api/wxy-warehouse-server/wh-other-stock-in/page/1/1', { headers, data: {} })).json()).data.records as { stockInId: number; stockInNo: string }[])[0];
  // A slow CPU (a loaded machine): 采购单 is still rendering when the user opens the document by its number.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.keyboard.press('Control+K');
  await page.getByTestId('palette-input').fill('cgd');
  await expect(page.getByTestId('palette-results').locator('button').first()).toContainText('采购单');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/purchaseManage\/procure$/);
  await page.getByTestId('sidebar-search').click();
  await page.getByTestId('palette-input').fill(stockIn.stockInNo.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/storageManage/otherInDetail\\?stockInId=${stockIn.stockInId}$`));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByTestId('page-area')).toContainText(stockIn.stockInNo);
  await expect(page.getByTestId('tab-/purchaseManage/procure')).toHaveCount(1);
  await expect(page.getByTestId('tab-/storageManage/otherInDetail')).toHaveCount(1);
  await page.keyboard.press('Control+K');
  await expect(page.getByTestId('palette-item-recent:/purchaseManage/procure')).toBeVisible();
});

test('past 12 tabs the oldest unpinned one closes; a pinned tab stays first, also after a reload', async ({ page }) => {
  await logIn(page, 'admin', 'admin123');
  await expect(page.getByTestId('sidebar-search')).toBeVisible();
  const { request, headers } = await pageApi(page);
  type Node = { path: string; menuName: string; menuType: number; hidden?: boolean | number; childList?: Node[] | null };
  const menus = (await (await request.get('/api/wxy-system-server/user/permissions', { headers })).json()).data.menuVOList as Node[];
  // The second page of each module, by its name: the first is the module's fixed tab, and opening another page of a
  // module replaces its tab.
  const pathOf = (module: string, p: Node) => (p.path.startsWith('/') ? p.path : `${module}/${p.path}`);
  const shellPage = (path: string) => !['/orderInfo/retailOrder', '/orderInfo/practiceCash', '/aiCallout'].includes(path) && !/^https?:/.test(path); // the register and links open no tab
  const firsts = menus.filter((m) => !m.hidden && m.path !== '/home')
    .map((m) => ({ module: m.path, page: (m.childList ?? []).filter((c) => c.menuType === 1 && !c.hidden && !(c.childList ?? []).some((x) => x.menuType === 1)).slice(1).find((c) => shellPage(pathOf(m.path, c))) }))
    .filter((x): x is { module: string; page: Node } => Boolean(x.page))
    .map((x) => ({ path: pathOf(x.module, x.page), name: x.page.menuName }));
  const names = new Set<string>();
  // One page per module as the shell counts modules (the path's first segment) and per name.
  const pages = firsts.filter((p) => !names.has(p.name) && !names.has(p.path.split('/')[1]) && names.add(p.name) && names.add(p.path.split('/')[1])).slice(0, 24);
  expect(pages.length).toBeGreaterThanOrEqual(13);
  // A page is open when its tab is in the strip (the strip renders just after the address changes).
  const open = async (p: { path: string; name: string }) => {
    await page.keyboard.press('Control+K');
    await page.getByTestId('palette-input').fill(p.name);
    await page.getByTestId(`palette-item-menu:${p.path}`).click();
    await expect(page).toHaveURL(new RegExp(`${p.path}(\\?|$)`));
    await expect(page.getByTestId(`tab-${p.path}`)).toHaveCount(1);
  };
  const tabs = page.getByTestId('tab-strip').locator('.shell-tab');
  // The tabs the bound may close, oldest first: neither fixed (首页, a module's index page) nor pinned.
  const closable = () => tabs.evaluateAll((els) => els.filter((e) => e.getAttribute('data-fixed') !== 'true' && !e.hasAttribute('data-pinned')).map((e) => e.getAttribute('data-testid')!));
  await open(pages[0]);
  await page.getByTestId(`tab-${pages[0].path}`).click({ button: 'right' });
  await page.getByTestId('tab-menu-pin').click();
  // Pages until the strip is full (a page that shares its tab with one already open adds none; the demo's menus and
  // the modules other specs add decide which).
  let next = 1;
  while ((await tabs.count()) < 12 && next < pages.length - 1) await open(pages[next++]);
  await expect(tabs).toHaveCount(12);
  const before = await closable();
  expect(before.length).toBeGreaterThanOrEqual(2);
  await open(pages[next]);
  await expect(tabs).toHaveCount(12);
  await expect(page.getByTestId(before[0])).toHaveCount(0); // the oldest closable one went
  await expect(page.getByTestId(before[1])).toHaveCount(1);
  await expect(page.getByTestId(`tab-${pages[0].path}`)).toHaveAttribute('data-pinned', 'true');
  await expect(tabs.nth(1)).toHaveAttribute('data-testid', `tab-${pages[0].path}`);

  await page.reload();
  await expect(page.getByTestId(`tab-${pages[0].path}`)).toHaveAttribute('data-pinned', 'true');
  await expect(tabs).toHaveCount(12);
});

test('the menu: modules folded except the current page\'s; a page added to 收藏 sits at the top, after a reload too, until taken off', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/purchaseManage/procure' });
  // The current module is unfolded, the others folded.
  await expect(page.getByTestId('menu-/purchaseManage/procure')).toBeVisible();
  await expect(page.getByTestId('menu-/shopManage/shopBase')).toBeHidden();
  await page.getByTestId('tab-/purchaseManage/procure').click({ button: 'right' });
  await page.getByTestId('tab-menu-favourite').click();
  const favourite = page.getByTestId('menu-favourite-/purchaseManage/procure');
  await expect(favourite).toHaveText('采购单');

  await openPage(page, '/shopManage/shopBase');
  await expect(page.getByTestId('menu-/purchaseManage/procure')).toBeHidden();
  await expect(page.getByTestId('menu-/shopManage/shopBase')).toBeVisible();
  await page.reload();
  await favourite.click();
  await expect(page).toHaveURL(/\/purchaseManage\/procure$/);

  await page.getByTestId('tab-/purchaseManage/procure').click({ button: 'right' });
  await expect(page.getByTestId('tab-menu-favourite')).toHaveText('取消收藏');
  await page.getByTestId('tab-menu-favourite').click();
  await expect(page.getByTestId('menu-favourites')).toHaveCount(0);
});
