import { expect, test } from './support';

const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
// A 1×1 PNG: the photo a phone's camera would give.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * shop01 on a phone (390 px, a mobile browser): the AI-call link's token logs in and goes on to 扫码查价, where a
 * typed barcode answers the product's price and the shop's stock as the server counts them; 拍照打卡 uploads a photo,
 * 照片上传成功 shows it and clocks in, and today's clocks list it; a 巡店申请 with one failed item and a photo is
 * submitted and listed as 审批中. The root font size follows the viewport (390 / 7.5).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE });

test('shop01 checks a price, clocks in with a photo and files a shop inspection on the phone pages', async ({ page, request }) => {
  const tokenOf = async (user: string, password: string) =>
    (await (await request.post(`/api/wxy-auth-server/oauth/token?grant_type=password&username=${user}&password=${password}`, { headers: { authorization: BASIC, 'x-tenant-id': '1' } })).json()).access_token as string;
  const token = await tokenOf('shop01', 'shop123');
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1' };
  const adminHeaders = { authorization: `Bearer ${await tokenOf('admin', 'admin123')}`, 'x-tenant-id': '1' };
  const shop = ((await (await request.get('/api/wxy-order-server/statistics/shops', { headers })).json()).data as { shopId: number; shopName: string; status: number }[]).find((s) => s.status === 1)!;
  const sku = ((await (await request.get('/api/wxy-production-server/pd-sku/findPage/1/50?status=1', { headers: adminHeaders })).json()).data.records as { barcode: string }[]).find((k) => k.barcode)!;
  const expected = (await (await request.post('/api/wxy-shop-server/shop-base/price-check', { headers, data: { code: sku.barcode, shopId: shop.shopId } })).json()).data;

  // The AI-call link: its token becomes the session and the page goes on to the redirect.
  await page.goto(`/h5/aicallLogin?tenantId=1&token=${token}&redirect=${encodeURIComponent('/h5/scanCode')}`);
  await expect(page).toHaveURL(/\/h5\/scanCode$/);
  expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('52px');
  await expect(page.getByTestId('h5-shop')).toHaveValue(shop.shopName);
  await page.getByTestId('h5-barcode').fill(sku.barcode);
  await page.getByTestId('h5-lookup').click();
  const card = page.getByTestId('h5-product');
  await expect(card).toContainText(expected.skuName);
  await expect(page.getByTestId('h5-price')).toHaveText(`¥${Number(expected.retailPrice).toFixed(2)}`);
  await expect(page.getByTestId('h5-stock')).toHaveText(`${Number(expected.available)}${expected.unit ?? ''}`);

  // 拍照打卡 → 照片上传成功 → 上班打卡.
  await page.goto('/h5/clockIn');
  await expect(page.getByTestId('h5-shop')).toHaveValue(shop.shopName);
  await page.getByTestId('h5-take-photo-input').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
  await expect(page).toHaveURL(/\/h5\/uploadFaceSuccess\?shopId=\d+&photoKey=/);
  await expect(page.getByTestId('h5-face-photo')).toBeVisible();
  await page.getByTestId('h5-clock-1').click();
  await expect(page.getByTestId('h5-clock-done')).toContainText(`上班打卡成功`);
  await expect(page.getByTestId('h5-clock-done')).toContainText(shop.shopName);
  await expect(page.getByTestId('h5-today-clocks')).toContainText('上班');

  // 巡店申请: one failed item with what to put right, one photo.
  await page.goto('/h5/inspectApply');
  await page.getByTestId('h5-inspect-new').click();
  await page.getByTestId('h5-item-1').getByText('不合格').click();
  await page.getByTestId('h5-item-note-1').fill('两个价签缺失，今天补齐');
  await page.getByTestId('h5-inspect-photo-input').setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('巡店照片（1/9）')).toBeVisible();
  await page.getByTestId('h5-inspect-remark').fill('手机巡店');
  await page.getByTestId('h5-inspect-submit').click();
  const saved = page.getByTestId('h5-inspect-saved');
  await expect(saved).toContainText(/已提交巡店申请 XDSQ\d{8}-\d{4}/);
  const docNo = (await saved.textContent())!.match(/XDSQ\d{8}-\d{4}/)![0];
  const row = page.getByTestId('h5-inspect-list').locator('.mantine-Card-root').filter({ hasText: docNo });
  await expect(row).toContainText('5项，1项不合格');
  await row.click();
  await expect(page.getByTestId('h5-inspect-detail')).toContainText('两个价签缺失，今天补齐');
  await expect(page.getByTestId('h5-inspect-status')).toHaveText('审批中');
});
