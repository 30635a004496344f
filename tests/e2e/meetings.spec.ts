import { expect, logIn, openPage, pageApi, test } from './support';

/**
 * 会议管理 in Chromium against the real server and its demo data: shop01 opens today's daily meeting of the demo shop,
 * finds it pre-filled with yesterday's sales per seller (the same figure the target reach computes from the orders),
 * adds a goal, the minutes and a stock check of one SKU, and saves it once.
 */
const S = 'api/wxy-shop-server';
const money = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('a daily meeting pre-filled from yesterday’s orders is saved with a stock check', async ({ page }) => {
  await logIn(page, 'shop01', 'shop123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  // The demo shop: the one with this month's target (and two weeks of sales).
  const targets = await (await request.post(`${S}/shop-performance-target/list/1/10`, { headers, data: {} })).json();
  const demo = targets.data.records[0];
  expect(demo, 'demo target').toBeTruthy();
  const today = (await (await request.get(`${S}/shop-daily-meeting/canInsert/${demo.shopId}`, { headers })).json()).data.meetingDate as string;
  const y = new Date(`${today}T00:00:00Z`);
  y.setUTCDate(y.getUTCDate() - 1);
  const yesterday = y.toISOString().slice(0, 10);
  const days = (await (await request.get(`${S}/shop-performance-target/reach/list-day?shopId=${demo.shopId}&targetMoonTime=${yesterday.slice(0, 7)}`, { headers })).json()).data;
  const yesterdaySales = days.find((d: { date: string }) => d.date === yesterday).actualAmount as number;
  expect(yesterdaySales).toBeGreaterThan(0);

  await openPage(page, '/shopManage/meeting');
  await page.getByTestId('meeting-shop').click();
  await page.getByRole('option', { name: new RegExp(`^${demo.shopName}`) }).click();
  await expect(page.getByTestId('meeting-day')).toHaveValue(today);
  const daily = page.getByTestId('daily-meeting');
  await expect(daily).toContainText(`${demo.shopName} · ${today} 日会`);
  await expect(daily).toContainText('未召开');
  await expect(page.getByTestId('daily-yesterday-actual')).toHaveText(money(yesterdaySales));
  const persons = page.getByTestId('daily-person-row');
  await expect(persons).toHaveCount(2);
  await expect(page.getByTestId('daily-persons')).toContainText('系统管理员');
  await expect(page.getByTestId('daily-persons')).toContainText('门店店员01');

  await page.getByLabel('门店店员01今日承诺').fill('300');
  await page.getByTestId('daily-summary').fill('昨日零食卖得好，今天继续主推');
  // The stock check: find SKUs of the shop's warehouse, count one of them one short.
  await page.getByRole('button', { name: '查找商品' }).click();
  const candidate = page.getByTestId('count-candidates').getByRole('button').first();
  await expect(candidate).toBeVisible();
  await candidate.click();
  const row = page.getByTestId('count-row');
  await expect(row).toHaveCount(1);
  const book = Number((await row.locator('td').nth(2).innerText()).trim());
  const skuCode = (await row.locator('td').nth(0).innerText()).trim();
  await row.getByRole('textbox').first().fill(String(book - 1));
  await expect(row.locator('td').nth(4)).toHaveText('-1');
  await page.getByTestId('daily-save').click();
  await expect(page.getByText('日会已保存')).toBeVisible();
  await expect(page.getByTestId('daily-held')).toBeVisible();

  // What the server kept: the figures it computed, the goal, the minutes and the count against the book quantity.
  const saved = (await (await request.get(`${S}/shop-daily-meeting/selectOnUpdate?shopId=${demo.shopId}`, { headers })).json()).data;
  expect(saved.meetingId).toBeGreaterThan(0);
  expect(saved).toMatchObject({ meetingDate: today, yesterdayActual: yesterdaySales, summary: '昨日零食卖得好，今天继续主推', hostName: '门店店员01' });
  expect(saved.detList.find((p: { userName: string }) => p.userName === '门店店员01').todayGoal).toBe(300);
  expect(saved.inventoryList).toEqual([expect.objectContaining({ skuCode, bookQuantity: book, countedQuantity: book - 1, diffQuantity: -1 })]);
  // A second meeting for the shop and day is refused, and the page shows the saved one after a reload.
  const again = await request.post(`${S}/shop-daily-meeting/save`, { headers, data: { shopId: demo.shopId } });
  expect(again.status()).toBe(409);
  expect((await again.json()).msg).toContain('的日会已召开，不能重复创建');
  await page.reload();
  await page.getByTestId('meeting-shop').click();
  await page.getByRole('option', { name: new RegExp(`^${demo.shopName}`) }).click();
  await expect(page.getByTestId('daily-held')).toBeVisible();
  await expect(page.getByTestId('count-row')).toHaveCount(1);
  await expect(page.getByTestId('count-row').locator('td').nth(4)).toHaveText('-1');
  // shop01 may hold daily meetings but not weekly ones: the weekly tab has no save button.
  await page.getByRole('tab', { name: '周会' }).click();
  await expect(page.getByTestId('weekly-meeting')).toBeVisible();
  await expect(page.getByTestId('weekly-save')).toHaveCount(0);
});
