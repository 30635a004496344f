import { randomUUID } from 'node:crypto';
import { expect, logIn, openPage, test, pageCalls, openRegisterOnShift } from './support';

/**
 * 收银台 → 退款 → 按商品退款: the cashier finds a paid order by its number (keyboard), refunds 1 of its 3 units of a
 * line, sees the server's quote (the amount and per method) before confirming, confirms with a double click that
 * makes one refund, and the register shows the money back per method and the line's 已退; the order's detail then
 * says 部分退款. Offline the refund is disabled and the dialog says why.
 */
test('register: 按商品退款 of 1 of 3 units, quoted by the server, refunded once, shown per method; offline it says why', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const api = await pageCalls(page);
  const shopId = Math.min(...((await api('post', 'wxy-shop-server/shop-base/list', {})) as { shopId: number }[]).map((s) => s.shopId));
  await context.addCookies([{ name: 'deviceShopId', value: String(shopId), url: baseURL! }]);
  const skus = ((await api('get', `wxy-order-server/order/catalogue/${shopId}`)).skus as { skuId: number; barcode: string | null; available: number; retailPrice: number }[])
    .filter((k) => k.barcode && k.available >= 4 && k.retailPrice > 0);
  const [a, b] = [skus[7], skus[8]];
  const order = await api('post', 'wxy-order-server/order/settlement', { uuid: randomUUID(), shopId, lines: [{ skuId: a.skuId, quantity: 3 }, { skuId: b.skuId, quantity: 1 }], payments: [{ payType: 1, amount: 10000 }] });
  const lineA = (order.detList as { detId: number; skuId: number }[]).find((l) => l.skuId === a.skuId)!;
  // The server's own quote of one unit of the first line (nothing written).
  const quote = (await api('post', 'wxy-order-server/order/refundLines', { uuid: randomUUID(), orderNo: order.orderNo, lines: [{ detId: lineA.detId, quantity: 1 }], preview: true })) as
    { refundAmount: number; lines: { detId: number; amount: number }[]; payList: { payType: number; amount: number }[] };
  const money = quote.refundAmount.toFixed(2);
  expect(quote.refundAmount).toBeGreaterThan(0);

  await openRegisterOnShift(page);

  // The order by its number, Enter to look it up.
  const lookUp = async (by: 'click' | 'F2') => {
    if (by === 'F2') await page.getByTestId('register-scan').press('F2');
    else await page.getByTestId('register-refund').click();
    const no = page.getByTestId('refund-order-no');
    await no.fill(order.orderNo);
    await no.press('Enter');
    await expect(page.getByTestId('register-line-refund')).toBeEnabled();
  };
  await lookUp('click');
  // Offline: neither refund can be made, and the dialog says why.
  await context.setOffline(true);
  await expect(page.getByTestId('refund-offline')).toContainText('退款需要联网');
  await expect(page.getByTestId('register-line-refund')).toBeDisabled();
  await expect(page.getByTestId('refund-confirm')).toBeDisabled();
  await expect(page.getByTestId('refund-find')).toBeDisabled();
  // Back online the application reloads (src/feedback/networkWatch.ts): the register opens again on its shift.
  await Promise.all([page.waitForEvent('load'), context.setOffline(false)]);
  await expect(page.getByTestId('register-shift')).toBeVisible();
  // F2 in the scan box opens the refund too.
  await lookUp('F2');
  await expect(page.getByTestId('refund-offline')).toHaveCount(0);
  await page.getByTestId('register-line-refund').click();
  const form = page.getByTestId('line-refund');
  const qty = form.getByTestId(`line-refund-qty-${lineA.detId}`);
  await expect(qty).toBeFocused();
  await expect(form.getByTestId(`line-refund-left-${lineA.detId}`)).toHaveText('3');
  await expect(form.getByTestId('line-refund-confirm')).toBeDisabled();
  await qty.fill('1');
  // The amount shown is the server's, per line and per method.
  await expect(form.getByTestId('line-refund-total')).toHaveText(`退款金额 ${money} 元`);
  await expect(form.getByTestId(`line-refund-amount-${lineA.detId}`)).toHaveText(quote.lines[0].amount.toFixed(2));
  for (const p of quote.payList) await expect(form.getByTestId(`line-refund-by-${p.payType}`)).toContainText(p.amount.toFixed(2));
  // The network drops the refund's answer (the refund is made): the form says so.
  let dropped = 0;
  await page.route('**/order/refundLines', async (route) => {
    if (route.request().postDataJSON().preview) return route.continue();
    dropped++;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await form.getByTestId('line-refund-confirm').click();
  await expect(form.getByTestId('line-refund-error')).toBeVisible();
  expect(dropped).toBe(1);
  await page.unroute('**/order/refundLines');
  await form.getByTestId('line-refund-cancel').click();
  // The register reloads when the network returns (the dialog and its state are gone): the order looked up again, the
  // same lines confirmed by a double click answer that same refund (its uuid kept in the tab's session), not a second.
  await page.reload();
  await expect(page.getByTestId('register-shift')).toBeVisible();
  await lookUp('F2');
  await page.getByTestId('register-line-refund').click();
  await form.getByTestId(`line-refund-qty-${lineA.detId}`).fill('1');
  await expect(form.getByTestId('line-refund-confirm')).toBeEnabled();
  await form.getByTestId('line-refund-confirm').dblclick();
  const done = page.getByTestId('register-line-refunded');
  await expect(done).toContainText(`已退款 ¥${money}`);
  await expect(page.getByTestId('register-line-refunded-1')).toHaveText(`现金 ¥${quote.payList.find((p) => p.payType === 1)!.amount.toFixed(2)}`);
  await expect(page.getByTestId('refund-returned-0').or(page.getByTestId('refund-returned-1')).filter({ hasText: '已退 1' })).toHaveCount(1);
  // Esc closes the dialog.
  await page.keyboard.press('Escape');
  await expect(done).toHaveCount(0);

  const detail = (await api('get', `wxy-order-server/order/findListDet/${order.orderId}`)) as { refundAmount: number; refundList: unknown[]; detList: { detId: number; returnedQuantity: number }[] };
  expect(detail.refundList).toHaveLength(1);
  expect(detail.refundAmount).toBe(quote.refundAmount);
  expect(detail.detList.find((l) => l.detId === lineA.detId)!.returnedQuantity).toBe(1);

  await openPage(page, '/orderInfo/orderList');
  await page.getByTestId('filter-orderNo').fill(order.orderNo);
  await page.getByTestId('po-order-search').click();
  await page.getByTestId('po-order-table-row').filter({ hasText: order.orderNo }).getByTestId('row-action-detail').click();
  const orderDetail = page.getByTestId('order-detail');
  await expect(orderDetail).toContainText('部分退款');
  await expect(orderDetail.getByTestId(`order-line-returned-${lineA.detId}`)).toHaveText('1');
});
