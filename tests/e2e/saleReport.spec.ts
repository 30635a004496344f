import { randomUUID } from 'node:crypto';
import { expect, logIn, pageApi, test } from './support';

/**
 * Notice 11 end to end: a shop hands over a shift (交班) after a sale; the admin clicks 「<门店> <日期> 销售日报」 in the
 * message centre and lands on 销售日报 (/orderInfo/saleReport?id=<report>) showing that shop-day's figures.
 */
test('a 交班 notice 11 opens 销售日报 with the shop-day’s figures', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const api = async (method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
    const r = await (await request[method](`/api/${url}`, { headers, data })).json();
    expect(r.code, `${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const shops = (await api('post', 'wxy-shop-server/shop-base/list', {})) as { shopId: number; shopName: string }[];
  const shop = shops.reduce((a, b) => (a.shopId < b.shopId ? a : b));
  const sku = ((await api('get', `wxy-order-server/order/catalogue/${shop.shopId}`)).skus as { skuId: number; barcode: string | null; available: number; retailPrice: number }[])
    .filter((k) => k.barcode && k.available >= 2 && k.retailPrice > 0)[7];
  // The admin's shift at that shop: one an earlier spec of this worker left open (the register's), else a new one.
  const me = (await api('get', 'wxy-system-server/user/permissions')).userId as number;
  const open = (await api('get', `wxy-shop-server/shop-class-record/getByUserId/${me}/false?shopId=${shop.shopId}`)) as { classId: number } | null;
  const shift = open ?? (await api('post', 'wxy-shop-server/shop-class-record/save', { shopId: shop.shopId, openingCash: 0 }));
  await api('post', 'wxy-order-server/order/settlement', { uuid: randomUUID(), shopId: shop.shopId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType: 3, amount: sku.retailPrice }] });
  await api('put', `wxy-shop-server/shop-class-record/update/${shift.classId}`, { countedCash: 0 });

  await page.goto('/userInfo/messageNotice');
  const row = page.getByTestId('message-table-row').filter({ hasText: `${shop.shopName} ` }).filter({ hasText: '销售日报' }).first();
  await row.getByTestId('message-open').click();
  await expect(page).toHaveURL(/\/orderInfo\/saleReport\?id=\d+$/);
  const report = page.getByTestId('sale-report');
  await expect(report).toContainText(shop.shopName);
  await expect(report.getByTestId('sale-report-orders')).not.toHaveText('0');
  await expect(report.getByTestId('sale-report-payments')).toContainText('微信');
  await expect(report.getByTestId('sale-report-hours')).toBeVisible();

  // Without a report id the page asks for a shop and a day, in the product's date field (YYYY-MM-DD in any browser
  // language), not the browser's own date input.
  await page.goto('/orderInfo/saleReport');
  await expect(page.getByTestId('sale-report-day')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('input[type="date"], input[type="month"]')).toHaveCount(0);
});
