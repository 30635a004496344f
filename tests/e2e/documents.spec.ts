import { expect, logIn, openPage, pageApi, test } from './support';

/**
 * The document page of the engine, through 其他入库: a clerk adds lines by scanning (the same barcode twice
 * counts two), by typing a wrong code (told, nothing added), by pasting from a spreadsheet; amounts and totals
 * follow the typing; the draft is saved and numbered, confirmed once, and its history and stock follow.
 */
test('其他入库单: scan, type and paste lines, save the draft, confirm it; history, stock and the list follow', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const skus = (await (await request.get('/api/wxy-production-server/pd-sku/findPage/1/5?status=1', { headers })).json()).data.records;
  const wh = (await (await request.post('/api/wxy-warehouse-server/wh-base-info/page/1/5', { headers, data: { whType: 3 } })).json()).data.records[0];
  const stockOf = async (skuId: number) =>
    Number((await (await request.post('/api/wxy-warehouse-server/wh-stock/stock/page/1/1', { headers, data: { whId: wh.whId, skuId } })).json()).data.records[0]?.onHand ?? 0);
  const before = await stockOf(skus[0].skuId);

  await openPage(page, '/storageManage/otherIn');
  await page.getByTestId('wh-other-stock-in-toolbar-add').click();
  await expect(page).toHaveURL(/\/storageManage\/otherInOpt$/);
  const doc = 'wh-other-stock-in-doc';
  await page.getByTestId(`${doc}-header`).getByTestId('field-whId').click();
  await page.getByRole('option', { name: new RegExp(wh.whName) }).first().click();

  const search = page.getByTestId(`${doc}-sku-search`);
  await search.fill(skus[0].barcode);
  await search.press('Enter');
  await expect(page.getByTestId(`${doc}-line`)).toHaveCount(1);
  await search.fill(skus[0].barcode);
  await search.press('Enter');
  await expect(page.getByTestId(`${doc}-line`)).toHaveCount(1);
  await expect(page.getByTestId(`${doc}-line-1-quantity`)).toHaveValue('2');
  await search.fill('0000000000000');
  await search.press('Enter');
  await expect(page.getByTestId('toast-warning').last()).toContainText('未找到商品：0000000000000');
  await expect(page.getByTestId(`${doc}-line`)).toHaveCount(1);

  await page.getByTestId(`${doc}-line-1-unitCost`).fill('2.5');
  await expect(page.getByTestId(`${doc}-total-amount`)).toHaveText('5.00');
  // A GS1-128 label scanned into 批次号 gives the lot and its dates.
  await page.getByTestId(`${doc}-line-1-lotNo`).fill('(01)06901234567892(11)261120(17)261205(10)L1128A');
  await page.getByTestId(`${doc}-line-1-lotNo`).press('Enter');
  await expect(page.getByTestId(`${doc}-line-1-lotNo`)).toHaveValue('L1128A');
  await expect(page.getByTestId(`${doc}-line-1-productionDate`)).toHaveValue('2026-11-20');
  await expect(page.getByTestId(`${doc}-line-1-expiryDate`)).toHaveValue('2026-12-05');

  await page.getByTestId(`${doc}-paste`).click();
  await page.getByTestId(`${doc}-paste-text`).fill(`条码\t数量\t单价\n${skus[1].skuCode}\t3\t1.2\n${skus[2].barcode}\t4\nNO-SUCH\t1`);
  await page.getByTestId(`${doc}-paste-ok`).click();
  await expect(page.getByTestId(`${doc}-paste-problems`)).toContainText('第4行：未找到商品：NO-SUCH');
  await page.getByTestId(`${doc}-paste-text`).fill(`${skus[1].skuCode}\t3\t1.2\n${skus[2].barcode}\t4`);
  await page.getByTestId(`${doc}-paste-ok`).click();
  await expect(page.getByTestId(`${doc}-line`)).toHaveCount(3);
  await expect(page.getByTestId(`${doc}-total-quantity`)).toHaveText('9');
  await page.getByTestId(`${doc}-line-3-remove`).click();
  await expect(page.getByTestId(`${doc}-total-quantity`)).toHaveText('5');
  await expect(page.getByTestId(`${doc}-total-amount`)).toHaveText('8.60');

  await page.getByTestId(`${doc}-save`).click();
  await expect(page).toHaveURL(/otherInOpt\?stockInId=\d+$/);
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('草稿');
  await expect(page.getByTestId(`${doc}-title`)).toContainText(/QTRK\d{8}-\d{4}/);
  const docNo = /QTRK\d{8}-\d{4}/.exec((await page.getByTestId(`${doc}-title`).textContent())!)![0];
  await expect(page.getByTestId(`${doc}-history-row`)).toHaveCount(1);

  // A changed draft asks before its tab closes; 取消 keeps it open with the change.
  await page.getByTestId(`${doc}-line-1-quantity`).fill('6');
  await expect(page.getByTestId(`${doc}-dirty`)).toBeVisible();
  await expect(page.getByTestId(`${doc}-action-confirm`)).toBeDisabled();
  await page.getByTestId(`${doc}-back`).click();
  await expect(page.getByTestId('confirm-close-text')).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/otherInOpt\?stockInId=\d+$/);
  await page.getByTestId(`${doc}-save`).click();
  await expect(page.getByTestId(`${doc}-dirty`)).toHaveCount(0);
  await expect(page.getByTestId(`${doc}-total-quantity`)).toHaveText('9');

  await page.getByTestId(`${doc}-action-confirm`).click();
  await page.getByTestId('engine-confirm-note').fill('供应商赠品到货');
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('已入库');
  await expect(page.getByTestId(`${doc}-save`)).toHaveCount(0);
  await expect(page.getByTestId(`${doc}-sku-search`)).toHaveCount(0);
  await expect(page.getByTestId(`${doc}-history-row`).last()).toContainText('确认入库');
  await expect(page.getByTestId(`${doc}-history-row`).last()).toContainText('草稿 → 已入库');
  await expect(page.getByTestId(`${doc}-history-row`).last()).toContainText('供应商赠品到货');
  expect(await stockOf(skus[0].skuId)).toBe(before + 6);

  // Back in the list (nothing unsaved: no question), the document shows as 已入库.
  await page.getByTestId(`${doc}-back`).click();
  await expect(page).toHaveURL(/\/storageManage\/otherIn$/);
  const row = page.getByRole('row', { name: new RegExp(docNo) });
  await expect(row).toContainText('已入库');
});

/**
 * A transfer from the central warehouse to a shop: made on the document page, sent (stock leaves, the shop's
 * warehouse has it in transit), received with one line short (the difference is kept), seen in the stock log,
 * and its ticket printed.
 */
test('调拨单: send from the centre, receive at the shop with a shortfall, see it in the stock log and print the ticket', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const whs = (await (await request.post('/api/wxy-warehouse-server/wh-base-info/page/1/100', { headers, data: {} })).json()).data.records;
  const central = whs.find((w: { whType: number }) => w.whType === 1);
  const shopWh = whs.filter((w: { whType: number }) => w.whType === 2)[4];
  const skus = (await (await request.get('/api/wxy-production-server/pd-sku/findPage/1/30?status=1', { headers })).json()).data.records.slice(20, 22);
  const balance = async (whId: number, skuId: number) => {
    const r = (await (await request.post('/api/wxy-warehouse-server/wh-stock/stock/page/1/1', { headers, data: { whId, skuId } })).json()).data.records[0];
    return { onHand: Number(r?.onHand ?? 0), inTransit: Number(r?.inTransit ?? 0) };
  };
  const src0 = await balance(central.whId, skus[0].skuId);
  const dst0 = await balance(shopWh.whId, skus[0].skuId);

  await openPage(page, '/storageManage/allotOut');
  await page.getByTestId('wh-allocation-out-toolbar-add').click();
  await expect(page).toHaveURL(/\/storageManage\/allotOpt$/);
  const doc = 'wh-allocation-out-doc';
  const header = page.getByTestId(`${doc}-header`);
  await header.getByTestId('field-outWhId').click();
  await page.getByRole('option', { name: new RegExp(central.whName) }).first().click();
  await header.getByTestId('field-inWhId').click();
  await page.getByRole('option', { name: new RegExp(shopWh.whName) }).first().click();
  const search = page.getByTestId(`${doc}-sku-search`);
  for (const sku of skus) {
    await search.fill(sku.skuCode);
    await search.press('Enter');
  }
  await expect(page.getByTestId(`${doc}-line`)).toHaveCount(2);
  await page.getByTestId(`${doc}-line-1-quantity`).fill('6');
  await page.getByTestId(`${doc}-line-2-quantity`).fill('3');
  await page.getByTestId(`${doc}-save`).click();
  await expect(page).toHaveURL(/allotOpt\?allocationId=\d+$/);
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('待出库');

  await page.getByTestId(`${doc}-action-confirmOut`).click();
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('在途');
  expect((await balance(central.whId, skus[0].skuId)).onHand).toBe(src0.onHand - 6);
  expect((await balance(shopWh.whId, skus[0].skuId)).inTransit).toBe(dst0.inTransit + 6);

  // Receiving: 实收数量 starts at what was sent; the first line arrived two short.
  await expect(page.getByTestId(`${doc}-line-1-inQuantity`)).toHaveValue('6');
  await page.getByTestId(`${doc}-line-1-inQuantity`).fill('4');
  await page.getByTestId(`${doc}-action-confirmIn`).click();
  await page.getByTestId('engine-confirm-note').fill('外箱破损，少 2 件');
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId(`${doc}-status`)).toHaveText('已收货');
  await expect(page.getByTestId(`${doc}-summary-diffQuantity`)).toHaveText('-2');
  await expect(page.getByTestId(`${doc}-history-row`).last()).toContainText('外箱破损，少 2 件');
  const dst1 = await balance(shopWh.whId, skus[0].skuId);
  expect(dst1).toEqual({ onHand: dst0.onHand + 4, inTransit: dst0.inTransit });

  // The ticket opens as a PDF in a new window.
  const popup = page.waitForEvent('popup');
  await page.getByTestId(`${doc}-print`).click();
  expect((await popup).url()).toMatch(/^blob:/);

  // The stock log shows the receipt at the shop.
  const docNo = /DB\d{8}-\d{4}/.exec((await page.getByTestId(`${doc}-title`).textContent())!)![0];
  const log = (await (await request.post('/api/wxy-warehouse-server/wh-stock-log/pd/page/1/20', { headers, data: { docNo } })).json()).data.records;
  expect(log.filter((r: { whId: number; qty: number }) => r.whId === shopWh.whId && r.qty > 0).map((r: { qty: number }) => r.qty).sort()).toEqual([3, 4]);
});
