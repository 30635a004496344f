import { type Browser, type Page } from '@playwright/test';
import { expect, logInThroughPage, openFromSidebar, pageApi, passwordToken, test, zoneDay } from './support';

/**
 * The demo roles at their work in Chromium (issue 27). manager01, 店长 of 上海徐汇店 (shop 1), lands on the 工作台, holds
 * his shop's 周会 (his shop pickers offer his shop alone) and makes and edits a 特价 promotion for it; finance01
 * (财务, head office) lands on the 工作台, reads spends of every shop and audits one of shop 1's.
 * manager01's approvals are tried in attendRequest.spec (a leave, from its notice) and process.spec (我的待办).
 */
const S = '/api/wxy-shop-server';

async function as(browser: Browser, user: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // Through the login page: where each role lands is part of what is tried.
  await logInThroughPage(page, user, password);
  await expect(page.getByTestId('dash-tasks')).toBeVisible();
  return page;
}

test('the 店长 holds his shop’s weekly meeting, and makes and edits his shop’s promotion', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await as(browser, 'manager01', 'manager123');
  const { request, headers } = await pageApi(page);
  const myShops = (await (await request.post(`${S}/shop-base/list`, { headers, data: {} })).json()).data as { shopId: number; shopName: string }[];
  expect(myShops.map((s) => s.shopName)).toEqual(['上海徐汇店']);

  // 会议管理 → 周会: the shop picker offers his shop only; he writes the week's summary and saves it.
  await openFromSidebar(page, '/shopManage', '/shopManage/meeting');
  await page.getByTestId('meeting-shop').click();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: /^上海徐汇店/ }).click();
  await page.getByRole('tab', { name: '周会' }).click();
  const weekly = page.getByTestId('weekly-meeting');
  await expect(weekly).toContainText('上海徐汇店');
  await expect(weekly).toContainText('未召开');
  await page.getByLabel('本周总结').fill('饮料动销好，纸品偏弱');
  await page.getByLabel('下周计划').fill('纸品堆头陈列');
  await page.getByTestId('weekly-save').click();
  await expect(page.getByText('周会已保存')).toBeVisible();
  await expect(weekly).toContainText('已召开');
  const pre = (await (await request.get(`${S}/shop-weekly-meeting/selectOnInsert?shopId=1&weekDateStr=${zoneDay()}`, { headers })).json()).data;
  expect(pre.meetingId).toBeGreaterThan(0);
  const held = (await (await request.get(`${S}/shop-weekly-meeting/get/${pre.meetingId}`, { headers })).json()).data;
  expect(held).toMatchObject({ summary: '饮料动销好，纸品偏弱', nextWeekPlan: '纸品堆头陈列' });

  // 价格促销 → 新增: a 特价 for his shop (the only shop offered), saved, edited, submitted for head office's audit.
  const sku = ((await (await request.get('/api/wxy-production-server/pd-sku/findPage/1/50?status=1', { headers })).json()).data.records as { barcode: string; retailPrice: number }[])
    .filter((k) => k.barcode && k.retailPrice > 2)[3];
  await openFromSidebar(page, '/pricePromote', '/pricePromote/promotion');
  await page.getByTestId('po-promotion-toolbar-add').click();
  const doc = 'po-promotion-doc';
  const header = page.getByTestId(`${doc}-header`);
  await header.getByTestId('field-promotionName').fill('店长周末特价');
  // 特价 is the type a new promotion starts with (choosing it again would clear it).
  await expect(header.getByTestId('field-promotionType')).toHaveValue('特价');
  await header.getByTestId('field-shopIds').click();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: /上海徐汇店/ }).click();
  await page.keyboard.press('Escape');
  for (const [field, date] of [['beginTime', zoneDay(1)], ['endTime', zoneDay(5)]] as const) {
    const input = page.getByTestId(`field-${field}-date`);
    await input.fill(date);
    await input.press('Escape');
    await page.getByTestId(`field-${field}-hours`).fill('00');
    await page.getByTestId(`field-${field}-minutes`).fill('00');
    await page.getByTestId(`field-${field}-seconds`).fill('00');
  }
  const search = page.getByTestId(`${doc}-sku-search`);
  await search.fill(sku.barcode);
  await search.press('Enter');
  await expect(page.getByTestId(`${doc}-line`)).toHaveCount(1);
  await page.getByTestId(`${doc}-line-1-specialPrice`).fill('1.50');
  await page.getByTestId(`${doc}-save`).click();
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('草稿');
  await expect(page.getByTestId(`${doc}-summary`)).toContainText('上海徐汇店');
  // He edits his draft: a better name and price, saved again.
  await header.getByTestId('field-promotionName').fill('店长周末特价（加码）');
  await page.getByTestId(`${doc}-line-1-specialPrice`).fill('1.20');
  await page.getByTestId(`${doc}-save`).click();
  await expect(page.getByText('有未保存的修改')).toHaveCount(0);
  await page.reload();
  await expect(header.getByTestId('field-promotionName')).toHaveValue('店长周末特价（加码）');
  await expect(page.getByTestId(`${doc}-line-1-specialPrice`)).toHaveValue(/^1\.20?$/);
  await page.getByTestId(`${doc}-action-submit`).click();
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('待审核');
  // Auditing is head office's: no 审核 button for him.
  await expect(page.getByTestId(`${doc}-action-audit`)).toHaveCount(0);
  const mine = ((await (await request.post('/api/wxy-order-server/po-promotion/findPage', { headers, data: { pageNum: 1, pageSize: 100 } })).json()).data.records as { promotionName: string; shopIds: string | null; detList?: unknown }[])
    .find((p) => p.promotionName === '店长周末特价（加码）');
  expect(mine?.shopIds).toBe('1');
});

test('财务 reads spends of every shop and audits one of 上海徐汇店’s', async ({ browser }) => {
  // A spend waiting for audit, recorded by the shop's clerk (through the API: recording is pettyCash.spec's).
  const clerk = await (await browser.newContext()).newPage();
  await logInThroughPage(clerk, 'shop01', 'shop123');
  const asClerk = await pageApi(clerk);
  const admin = { authorization: `Bearer ${(await passwordToken(clerk.request)).access_token}`, 'x-tenant-id': '1' };
  const usage = ((await (await clerk.request.post(`${S}/shop-petty-cash-usage-config/list`, { headers: admin, data: { pageNum: 1, pageSize: 50 } })).json()).data.records as { usageId: number; usageName: string }[])
    .find((u) => u.usageName === '办公用品')!;
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const upload = await asClerk.request.post('/api/wxy-file-server/file/upload', {
    headers: asClerk.headers,
    multipart: { fileName: '小票.png', fileSize: String(png.length), file: { name: '小票.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const picture = (await upload.json()).data.videoObjectKey as string;
  const spent = await asClerk.request.post(`${S}/petty-cash-record/save`, {
    headers: asClerk.headers, data: { shopId: 1, usageId: usage.usageId, amount: 23.4, occurDate: zoneDay(), pictures: picture, remark: '财务审核用' },
  });
  expect(spent.status(), await spent.text()).toBe(200);
  const recordId = (await spent.json()).data.recordId as number;

  const page = await as(browser, 'finance01', 'finance123');
  await openFromSidebar(page, '/pettyCash', '/pettyCash/record');
  const list = page.getByTestId('screen-petty-cash-record');
  await expect(list).toContainText('上海徐汇店');
  // Head office reads every shop's spends, not only one shop's.
  const { request, headers } = await pageApi(page);
  const shops = new Set(((await (await request.post(`${S}/petty-cash-record/findPage`, { headers, data: { pageNum: 1, pageSize: 200 } })).json()).data.records as { shopId: number }[]).map((r) => r.shopId));
  expect(shops.size).toBeGreaterThan(1);
  await page.goto(`/pettyCash/recordDetail?recordId=${recordId}`);
  const d = 'petty-cash-record-doc';
  await expect(page.getByTestId(`${d}-status`)).toHaveText('待审核');
  await page.getByTestId(`${d}-action-audit`).click();
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId(`${d}-status`)).toHaveText('已审核');
});
