import { expect, logIn, openFromSidebar, openPage, pageApi, test } from './support';

/**
 * 团购单: made on its page with the SKU picker (scanned barcode, negotiated price), submitted, audited, then shipped
 * from the list (团购出库, paid the way the user names): its sales order takes the goods out of the shop's warehouse.
 */
test('团购单: create with the picker, submit, audit, ship — the shop warehouse stock goes down', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const shops = (await (await request.post('/api/wxy-shop-server/shop-base/list', { headers, data: {} })).json()).data as { shopId: number; shopName: string }[];
  const shop = shops.reduce((a, b) => (b.shopId < a.shopId ? b : a));
  const stock = async () =>
    ((await (await request.get(`/api/wxy-order-server/po-group-purchase-order/cpSkuList?shopId=${shop.shopId}&limit=200`, { headers })).json()).data.records as { skuId: number; barcode: string | null; available: number; retailPrice: number }[]);
  const sku = (await stock()).find((k) => k.barcode && k.available >= 5 && k.retailPrice >= 2)!;
  expect(sku).toBeTruthy();

  await openPage(page, '/orderInfo/groupPurchase');
  await page.getByTestId('po-group-purchase-toolbar-add').click();
  await expect(page).toHaveURL(/\/orderInfo\/groupPurchaseOpt/);
  const doc = 'po-group-purchase-doc';
  const header = page.getByTestId(`${doc}-header`);
  await header.getByTestId('field-customerName').fill('端到端团购客户');
  await header.getByTestId('field-contactName').fill('周经理');
  await header.getByTestId('field-contactPhone').fill('13911112222');
  await header.getByTestId('field-shopId').click();
  await page.getByRole('option', { name: new RegExp(shop.shopName) }).first().click();
  const search = page.getByTestId(`${doc}-sku-search`);
  await search.fill(sku.barcode!);
  await search.press('Enter');
  await expect(page.getByTestId(`${doc}-line`)).toHaveCount(1);
  await page.getByTestId(`${doc}-line-1-quantity`).fill('3');
  const price = (Math.round(sku.retailPrice * 100) - 50) / 100;
  await page.getByTestId(`${doc}-line-1-unitPrice`).fill(price.toFixed(2));
  await page.getByTestId(`${doc}-save`).click();
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('草稿');
  const no = /TG\d{8}-\d{4}/.exec((await page.getByTestId(`${doc}-title`).textContent())!)![0];

  for (const [action, status] of [['submit', '待审核'], ['audit', '已审核']] as const) {
    await page.getByTestId(`${doc}-action-${action}`).click();
    await page.getByTestId('engine-confirm-ok').click();
    await expect(page.getByTestId(`${doc}-status`)).toHaveText(status);
  }

  await openFromSidebar(page, '/orderInfo', '/orderInfo/groupPurchase');
  const row = page.locator('[data-testid$="-row"]').filter({ hasText: no });
  await row.getByTestId('row-action-toOrder').click();
  // The user names how the customer paid (cash, WeChat, Alipay or card: never 余额 or 券); here: cash.
  const ship = page.getByTestId('po-group-purchase-dialog');
  await expect(ship.getByTestId('po-group-purchase-form-intro')).toContainText(no);
  await ship.getByTestId('field-payType').click();
  await expect(page.getByRole('option', { name: '余额' })).toHaveCount(0);
  await page.getByRole('option', { name: '现金' }).click();
  await ship.getByTestId('po-group-purchase-form-submit').click();
  await expect(page.getByText(/已生成销售单 XS\d{8}-\d{4}，收款/)).toBeVisible();
  await expect(ship).toBeHidden();
  await expect(row).toContainText('已完成');
  await expect(row).toContainText(/XS\d{8}-\d{4}/);
  await expect(row).toContainText('现金');
  expect((await stock()).find((k) => k.skuId === sku.skuId)?.available ?? 0).toBe(sku.available - 3);
});
