import { randomUUID } from 'node:crypto';
import { expect, logIn, openPage, test, pageCalls } from './support';

/**
 * 零售订单 → 详情 of today's sale (its shift still open): the lines and payments, then 修改信息 — the 导购 and the
 * remark corrected, each change in the order's log.
 */
test('order detail: lines and payments of a sale; 导购 and remark corrected and logged', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const api = await pageCalls(page);
  const shopId = Math.min(...((await api('post', 'wxy-shop-server/shop-base/list', {})) as { shopId: number }[]).map((s) => s.shopId));
  const sku = ((await api('get', `wxy-order-server/order/catalogue/${shopId}`)).skus as { skuId: number; barcode: string | null; available: number; retailPrice: number }[])
    .filter((k) => k.barcode && k.available >= 2 && k.retailPrice > 0)[5];
  const order = await api('post', 'wxy-order-server/order/settlement', { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 10000 }] });

  await openPage(page, '/orderInfo/orderList');
  await page.getByTestId('filter-orderNo').fill(order.orderNo);
  await page.getByTestId('po-order-search').click();
  await page.getByTestId('po-order-table-row').filter({ hasText: order.orderNo }).getByTestId('row-action-detail').click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-detail-lines')).toContainText(sku.barcode!);
  await expect(detail.getByTestId('order-detail-pays')).toContainText('10000.00');
  await expect(detail.getByTestId('order-pay-locked')).toHaveCount(0);

  await detail.getByTestId('order-info-salesman').click();
  const first = page.getByRole('option').first();
  const salesman = ((await first.textContent()) ?? '').replace(/（.*$/, '');
  await first.click();
  await detail.getByTestId('order-info-remark').fill('顾客要求开发票');
  await detail.getByTestId('order-info-save').click();
  const log = detail.getByTestId('order-info-log');
  await expect(log).toContainText('备注 （空） → 顾客要求开发票');
  await expect(log).toContainText(`导购 （空） → ${salesman}`);
  await expect(detail).toContainText(`导购：${salesman}`);
});

/** 零售订单 → 详情 → 部分退款: one unit of a two-unit line back, the money quoted before it is confirmed, the line shows it. */
test('order detail: 部分退款 of one unit of a line, quoted, then shown per line', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const api = await pageCalls(page);
  const shopId = Math.min(...((await api('post', 'wxy-shop-server/shop-base/list', {})) as { shopId: number }[]).map((s) => s.shopId));
  const sku = ((await api('get', `wxy-order-server/order/catalogue/${shopId}`)).skus as { skuId: number; barcode: string | null; available: number; retailPrice: number }[])
    .filter((k) => k.barcode && k.available >= 3 && k.retailPrice > 0)[6];
  const order = await api('post', 'wxy-order-server/order/settlement', { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity: 2 }], payments: [{ payType: 1, amount: 10000 }] });
  const line = order.detList[0] as { detId: number };
  // The one line's share is the whole payable (after any promotion); the first of its two units pays back half, rounded down.
  const unit = (Math.floor(Math.round(order.payAmount * 100) / 2) / 100).toFixed(2);

  await openPage(page, '/orderInfo/orderList');
  await page.getByTestId('filter-orderNo').fill(order.orderNo);
  await page.getByTestId('po-order-search').click();
  await page.getByTestId('po-order-table-row').filter({ hasText: order.orderNo }).getByTestId('row-action-detail').click();
  const detail = page.getByTestId('order-detail');
  await detail.getByTestId('order-line-refund').click();
  const dialog = page.getByTestId('line-refund');
  await expect(dialog.getByTestId('line-refund-confirm')).toBeDisabled();
  await dialog.getByTestId(`line-refund-qty-${line.detId}`).fill('1');
  await expect(dialog.getByTestId('line-refund-quote')).toContainText(`退款金额 ${unit} 元`);
  await expect(dialog.getByTestId(`line-refund-amount-${line.detId}`)).toHaveText(unit);
  await dialog.getByTestId('line-refund-reason').fill('顾客退一件');
  await dialog.getByTestId('line-refund-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByTestId(`order-line-returned-${line.detId}`)).toHaveText('1');
  await expect(detail).toContainText('部分退款');
  await expect(detail.getByTestId('order-line-refunds')).toContainText(`退 1 件 · ${unit} 元 · 顾客退一件`);

  // The second unit came back broken: refunded, marked 报损, so it is written off instead of going back on the shelf.
  const available = async () => ((await api('get', `wxy-order-server/order/catalogue/${shopId}`)).skus as { skuId: number; available: number }[]).find((k) => k.skuId === sku.skuId)!.available;
  const before = await available();
  await detail.getByTestId('order-line-refund').click();
  await dialog.getByTestId(`line-refund-qty-${line.detId}`).fill('1');
  await dialog.getByTestId(`line-refund-damaged-${line.detId}`).check();
  await expect(dialog.getByTestId('line-refund-quote')).toContainText('退款金额');
  await dialog.getByTestId('line-refund-confirm').click();
  await expect(page.getByText(/损坏商品已报损（BS\d{8}-\d{4,}）/)).toBeVisible();
  await expect(detail).toContainText('已退款');
  expect(await available()).toBe(before);
});
