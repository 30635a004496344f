import { startTestPrintServer, type TestPrintServer } from '../support/printClientServer';
import { expect, logIn, test, pageCalls } from './support';

/**
 * Silent receipts: the till pairs with its print client (electron-hiprint's handlers, tests/support/printClientServer.ts)
 * in 打印设置 and chooses its receipt printer; 打印小票 then prints the 收银小票 template with the order's data on that
 * printer without a dialog. A stopped printer's refusal shows on the register.
 */
let client: TestPrintServer;
test.beforeEach(async () => {
  client = await startTestPrintServer({ token: 'till-token' });
});
test.afterEach(async () => client?.close());

test('a receipt prints silently on the till\'s chosen printer; a stopped one says so on the register', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const api = await pageCalls(page);
  const shops = (await api('post', 'wxy-shop-server/shop-base/list', {})) as { shopId: number }[];
  const shopId = Math.min(...shops.map((s) => s.shopId));
  await context.addCookies([{ name: 'deviceShopId', value: String(shopId), url: baseURL! }]);
  const catalogue = (await api('get', `wxy-order-server/order/catalogue/${shopId}`)) as { skus: { barcode: string | null; available: number; retailPrice: number }[] };
  const sku = catalogue.skus.filter((k) => k.barcode && k.available >= 5 && k.retailPrice > 0)[5];

  await page.goto('/orderInfo/retailOrder');
  await page.getByTestId('register-opening-cash').fill('100');
  await page.getByTestId('register-open-shift-ok').click();

  // 打印设置: the client's address and token, 连接, then the receipt printer from the client's own list.
  await page.getByTestId('register-print-settings').click();
  await page.getByTestId('register-print-host').fill(client.url);
  await page.getByTestId('register-print-token').fill('till-token');
  await page.getByTestId('register-print-connect').click();
  await expect(page.getByTestId('register-print-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('register-receipt-printer').click();
  await page.getByRole('option', { name: /小票打印机/ }).click();
  await expect(page.getByTestId('register-print-settings')).toContainText('XP-58');
  await page.getByTestId('register-print-settings').click();

  const sell = async () => {
    const scan = page.getByTestId('register-scan');
    await scan.pressSequentially(`${sku.barcode}\n`, { delay: 5 });
    await expect(page.getByTestId('register-total')).toContainText('共 1 件');
    await scan.press('F9');
    await page.getByTestId('register-confirm').click();
    await expect(page.getByTestId('register-settled')).toBeVisible();
    return /XS\d{8}-\d{4}/.exec((await page.getByTestId('register-settled').textContent())!)![0];
  };
  const orderNo = await sell();
  const popups: unknown[] = [];
  page.on('popup', (p) => popups.push(p));
  await page.getByTestId('register-print').click();
  await expect(page.getByTestId('toast-success')).toContainText('小票已打印（XP-58）');
  expect(client.jobs).toHaveLength(1);
  const job = client.jobs[0];
  // The receipt template (58 mm) with this order's data, named by the order in the printer's queue.
  expect(job).toMatchObject({ printer: 'XP-58', title: `收银小票 ${orderNo}`, copies: 1 });
  expect(job.pageSize?.width).toBe(58_000);
  expect(job.html).toContain(orderNo);
  expect(popups).toHaveLength(0); // no browser print window

  // The till's printer is switched off: the next receipt's failure is the client's own message, on the register.
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('wxy.printClient') ?? '{}');
    localStorage.setItem('wxy.printClient', JSON.stringify({ ...s, receiptPrinter: 'HP-Stopped' }));
  });
  await page.getByTestId('register-next').click();
  await sell();
  await page.getByTestId('register-print').click();
  await expect(page.getByTestId('toast-error')).toContainText('小票打印失败：HP-Stopped打印机异常');
  expect(client.jobs).toHaveLength(2);

  // 交班 (which also leaves the register as the next spec on this server expects it): the 交班单 prints at once on
  // the till's printer, with the shift's figures, no dialog.
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('wxy.printClient') ?? '{}');
    localStorage.setItem('wxy.printClient', JSON.stringify({ ...s, receiptPrinter: 'XP-58' }));
  });
  await page.getByTestId('register-next').click();
  await page.getByTestId('register-handover').click();
  await page.getByTestId('register-counted-cash').fill('100');
  await page.getByTestId('register-handover-ok').click();
  await expect(page.getByTestId('register-handed-difference')).toBeVisible();
  await expect(page.getByTestId('toast-success').filter({ hasText: '交班单已打印' })).toContainText('交班单已打印（XP-58）');
  expect(client.jobs).toHaveLength(3);
  expect(client.jobs[2]).toMatchObject({ printer: 'XP-58', title: expect.stringMatching(/^交班单 \d+$/) });
  expect(client.jobs[2].html).toContain('应有现金');
  expect(client.jobs[2].html).toContain('备用零钱');
  expect(popups).toHaveLength(0);
  await page.getByTestId('register-handed-ok').click();
  await expect(page.getByTestId('register-open-shift-ok')).toBeVisible();
});

/**
 * Documents on the office PC's A4 printer: 打印设置 beside a document's 打印 pairs the browser with its print client
 * and chooses the A4 printer; 打印 then sends the document's template with its data there, no PDF window.
 */
test('a document prints silently on the A4 printer chosen beside 打印', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const api = await pageCalls(page);
  const wh = ((await api('post', 'wxy-warehouse-server/wh-base-info/page/1/100', {})).records as { whId: number; whType: number }[]).find((w) => w.whType === 1)!;
  const sku = ((await api('get', 'wxy-production-server/pd-sku/findPage/1/30?status=1')).records as { skuId: number }[])[3];
  const draft = await api('post', 'wxy-warehouse-server/wh-write-off/add', { whId: wh.whId, reason: 1, remark: '打印测试', detList: [{ skuId: sku.skuId, quantity: 1 }] });
  await page.goto(`/storageManage/writeOffOpt?writeOffId=${draft.writeOffId}`);
  const doc = 'wh-write-off-doc';
  await page.getByTestId(`${doc}-print-settings`).click();
  await page.getByTestId(`${doc}-print-host`).fill(client.url);
  await page.getByTestId(`${doc}-print-token`).fill('till-token');
  await page.getByTestId(`${doc}-print-connect`).click();
  await expect(page.getByTestId(`${doc}-print-status`)).toHaveAttribute('data-status', 'connected');
  await page.getByTestId(`${doc}-document-printer`).click();
  await page.getByRole('option', { name: /前台打印机/ }).click();
  await expect(page.getByTestId(`${doc}-print-settings`)).toContainText('Kyocera-M2040');
  await page.getByTestId(`${doc}-print-settings`).click();

  const popups: unknown[] = [];
  page.on('popup', (p) => popups.push(p));
  await page.getByTestId(`${doc}-print`).click();
  await expect(page.getByTestId('toast-success')).toContainText('已发送到打印机（Kyocera-M2040）');
  expect(client.jobs).toHaveLength(1);
  expect(client.jobs[0]).toMatchObject({ printer: 'Kyocera-M2040', title: `报损单 ${draft.writeOffNo}` });
  expect(client.jobs[0].html).toContain(draft.writeOffNo);
  expect(popups).toHaveLength(0);
});
