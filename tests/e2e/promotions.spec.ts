import { expect, logIn, openPage, pageApi, test, zoneDay } from './support';

/**
 * 价格促销: a 折扣 promotion for two chosen shops made on its page (promotionOpt), submitted, audited and stopped from
 * its buttons; while it runs the register's price preview takes it off at a chosen shop (not at another), once
 * stopped no more.
 */
test('折扣促销: create on promotionOpt, submit, audit, the register price preview takes it off, stop', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const shops = ((await (await request.post('/api/wxy-shop-server/shop-base/list', { headers, data: {} })).json()).data as { shopId: number; shopName: string }[])
    .sort((x, y) => x.shopId - y.shopId);
  const shopId = shops[0].shopId;
  const [chosen, left] = [shops.slice(0, 2), shops[2]];
  // An on-sale SKU with a barcode (other specs may have added SKUs without one).
  const sku = ((await (await request.get('/api/wxy-production-server/pd-sku/findPage/1/50?status=1', { headers })).json()).data.records as { skuId: number; barcode: string }[]).find((k) => k.barcode)!;
  const preview = async (at = shopId) => (await (await request.post('/api/wxy-order-server/order/price', { headers, data: { shopId: at, lines: [{ skuId: sku.skuId, quantity: 1 }] } })).json()).data;
  const full = await preview();

  await openPage(page, '/pricePromote/promotion');
  await page.getByTestId('po-promotion-toolbar-add').click();
  await expect(page).toHaveURL(/\/pricePromote\/promotionOpt$/);
  const doc = 'po-promotion-doc';
  const header = page.getByTestId(`${doc}-header`);
  await header.getByTestId('field-promotionName').fill('端到端八折');
  // The page asks only what the chosen type uses: 满减's tiers appear for 满减 and go for 折扣.
  await header.getByTestId('field-promotionType').click();
  await page.getByRole('option', { name: '满减', exact: true }).click();
  await expect(header.getByTestId('field-threshold1')).toBeVisible();
  await header.getByTestId('field-promotionType').click();
  await page.getByRole('option', { name: '折扣', exact: true }).click();
  // 适用门店: two shops picked in the multi-select.
  for (const shop of chosen) {
    await header.getByTestId('field-shopIds').click();
    await page.getByRole('option', { name: new RegExp(shop.shopName) }).first().click();
  }
  await page.keyboard.press('Escape');
  const later = zoneDay(3);
  for (const [field, date] of [['beginTime', '2020-01-01'], ['endTime', later]] as const) {
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
  // Only the 折扣 type's fields: no 满减 tiers, no 特价 column.
  await expect(header.getByTestId('field-threshold1')).toHaveCount(0);
  await expect(page.getByTestId(`${doc}-line-1-discount`)).toBeVisible();
  await expect(page.getByTestId(`${doc}-line-1-specialPrice`)).toHaveCount(0);
  await page.getByTestId(`${doc}-line-1-discount`).fill('8');
  await page.getByTestId(`${doc}-save`).click();
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('草稿');
  await expect(page.getByTestId(`${doc}-summary`)).toContainText(chosen.map((x) => x.shopName).join('、'));

  for (const [action, status] of [['submit', '待审核'], ['audit', '已生效']] as const) {
    await page.getByTestId(`${doc}-action-${action}`).click();
    await page.getByTestId('engine-confirm-ok').click();
    await expect(page.getByTestId(`${doc}-status`)).toHaveText(status);
  }
  const running = await preview();
  expect(running.lines[0]).toMatchObject({ promotionName: '端到端八折', promotionAmount: Math.round(full.totalAmount * 20) / 100 });
  expect(running.payableAmount).toBe(Math.round(full.totalAmount * 80) / 100);
  expect((await preview(chosen[1].shopId)).lines[0]).toMatchObject({ promotionName: '端到端八折' });
  if (left) expect((await preview(left.shopId)).lines[0]).toMatchObject({ promotionName: null });

  await page.getByTestId(`${doc}-action-stop`).click();
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('已停止');
  expect((await preview()).payableAmount).toBe(full.payableAmount);
});
