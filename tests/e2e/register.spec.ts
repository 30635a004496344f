import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUSINESS_TZ } from './servers';
import { expect, logIn, pageApi, test, zoneDay } from './support';

/**
 * The cash register as a cashier uses it with a member: recharge, a coupon, part balance part cash, the receipt;
 * then the network drops, a sale goes on from the cached catalogue and is kept on this computer, and when the
 * network returns it reaches the server once; one sale is refunded. (Device activation and the plain cash sale
 * are in phone-login.spec.ts.)
 */
test('a member recharges, pays with a coupon, balance and cash; an offline sale is sent once when the network returns; one is refunded', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const api = async (method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
    const r = await (await request[method](`/api/${url}`, { headers, data })).json();
    expect(r.code, `${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  // This browser is the first shop's register (activation itself is phone-login.spec's).
  const shops = (await api('post', 'wxy-shop-server/shop-base/list', {})) as { shopId: number }[];
  const shopId = Math.min(...shops.map((s) => s.shopId));
  await context.addCookies([{ name: 'deviceShopId', value: String(shopId), url: baseURL! }]);
  // Three SKUs the shop holds (three or more of each).
  const catalogue = (await api('get', `wxy-order-server/order/catalogue/${shopId}`)) as { skus: { skuId: number; barcode: string | null; available: number; retailPrice: number }[] };
  const held = catalogue.skus.filter((k) => k.barcode && k.available >= 3 && k.retailPrice > 0).slice(0, 3);
  expect(held).toHaveLength(3);
  const today = zoneDay();
  const coupon = await api('post', 'wxy-member-server/mb-coupon/save', { couponName: '收银测试券减5元', couponKind: 1, faceAmount: 5, thresholdAmount: 0, beginDate: today, endDate: '2099-12-31' });
  // A 特价 of this shop on a fourth SKU, for the offline sale below (stopped at the end).
  const specialSku = catalogue.skus.filter((k) => k.barcode && k.available >= 3 && k.retailPrice >= 2)[3];
  const special = { barcode: specialSku.barcode!, specialPrice: Math.floor(specialSku.retailPrice * 50) / 100 };
  const day = (offset: number) => `${zoneDay(offset)} 00:00:00`;
  const promotion = await api('post', 'wxy-order-server/po-promotion/save', {
    promotionName: '收银测试特价', promotionType: 1, shopIds: String(shopId), beginTime: day(-1), endTime: day(2), detList: [{ skuId: specialSku.skuId, specialPrice: special.specialPrice }],
  });
  for (const action of ['submit', 'audit']) await api('post', `wxy-order-server/po-promotion/${action}`, { id: promotion.promotionId });
  // 券 (platform vouchers) taken at this shop, and an open demo voucher a customer brings.
  const methods = (await api('get', `wxy-shop-server/shop-pay-method-config/getByShop/${shopId}`)) as { configId: number; payType: number; enabled: boolean }[];
  const voucherMethod = methods.find((m) => m.payType === 6)!;
  await api('put', 'wxy-shop-server/shop-pay-method-config/update', { configId: voucherMethod.configId, enabled: true });
  const openVouchers = (await api('post', 'wxy-order-server/po-voucher/findPage/1/100', { status: 1 })) as { records: { voucherCode: string; faceAmount: number; validEnd: string | null }[] };
  const demoVoucher = openVouchers.records.find((v) => !v.validEnd || v.validEnd >= today)!;
  expect(demoVoucher, 'an open demo voucher').toBeTruthy();
  const ordersOfShop = async () => ((await api('post', 'wxy-order-server/order/findPage', { pageNum: 1, pageSize: 1, shopId })) as { total: number }).total;
  const ordersBefore = await ordersOfShop();

  await page.goto('/orderInfo/retailOrder');
  await page.getByTestId('register-opening-cash').fill('200');
  await page.getByTestId('register-open-shift-ok').click();
  const scan = page.getByTestId('register-scan');
  await expect(scan).toBeFocused();
  for (const k of held) await scan.pressSequentially(`${k.barcode}\n`, { delay: 5 });
  const total = page.getByTestId('register-total');
  await expect(total).toContainText('共 3 件');
  // Keyboard only, as the shortcuts under the scan box say: + / - change the chosen line (the last scanned),
  // *数量 sets it, ↑ chooses the line above, Delete removes the chosen line.
  await expect(page.getByTestId('register-keys')).toContainText('Delete 删除选中行');
  await scan.press('+');
  await expect(total).toContainText('共 4 件');
  await scan.pressSequentially('*3\n');
  await expect(page.getByTestId(`register-qty-${held[2].skuId}`)).toHaveValue('3');
  await expect(total).toContainText('共 5 件');
  await scan.press('ArrowUp');
  await scan.press('Delete');
  await expect(page.getByTestId(`register-line-${held[1].skuId}`)).toHaveCount(0);
  await expect(total).toContainText('共 4 件');
  await scan.press('-');
  await scan.press('-');
  await expect(total).toContainText('共 2 件');
  await scan.pressSequentially(`${held[1].barcode}\n`, { delay: 5 });
  await expect(total).toContainText('共 3 件');
  // What the server charges for these three (its promotions included), as the cart shows it.
  const price = (await api('post', 'wxy-order-server/order/price', { shopId, lines: held.map((k) => ({ skuId: k.skuId, quantity: 1 })) })) as { totalAmount: number; promotionAmount: number };
  const totalFen = Math.round((price.totalAmount - price.promotionAmount) * 100);
  await expect(page.getByTestId('register-total')).toContainText(`应收 ¥${(totalFen / 100).toFixed(2)}`);
  // /9 + Enter: 九折 on the chosen line (the last scanned), priced by the server into the total; /0 takes it off again.
  await expect(page.getByTestId('register-keys')).toContainText('/折扣 回车 单品折扣');
  await scan.pressSequentially('/9\n');
  const discounted = (await api('post', 'wxy-order-server/order/price', { shopId, lines: held.map((k, i) => ({ skuId: k.skuId, quantity: 1, ...(i === 1 ? { discountRate: 9 } : {}) })) })) as { payableAmount: number };
  await expect(page.getByTestId(`register-line-promo-${held[1].skuId}`)).toContainText('收银折扣 9折');
  await expect(total).toContainText(`应收 ¥${discounted.payableAmount.toFixed(2)}`);
  // 挂单 (F4) keeps the discount: the list marks the parked sale, and 取单 (F6) brings the line back at 9折, priced as before.
  await scan.press('F4');
  await expect(page.getByTestId('register-cart').locator('tbody tr')).toHaveCount(0);
  await scan.press('F6');
  await expect(page.getByTestId('register-parked-list')).toContainText('含折扣');
  await page.getByTestId('register-take').click();
  await expect(page.getByTestId(`register-discount-${held[1].skuId}`)).toHaveValue('9折');
  await expect(page.getByTestId(`register-line-promo-${held[1].skuId}`)).toContainText('收银折扣 9折');
  await expect(total).toContainText(`应收 ¥${discounted.payableAmount.toFixed(2)}`);
  await scan.focus();
  await scan.pressSequentially('/0\n');
  await expect(total).toContainText(`应收 ¥${(totalFen / 100).toFixed(2)}`);

  // A new member, registered on the spot, tops up 100 元 in cash; head office has given them a 5 元 coupon.
  const phone = `139${String(Date.now()).slice(-8)}`;
  await page.getByTestId('register-member-phone').fill(phone);
  await page.getByTestId('register-member-phone').press('Enter');
  await page.getByTestId('register-member-new').click();
  await page.getByTestId('register-member-name').fill('储值会员');
  await page.getByTestId('register-member-save').click();
  await expect(page.getByTestId('register-member-points')).toContainText('余额 ¥0.00');
  await api('post', `wxy-member-server/mb-coupon/member/give/${phone}`, { couponId: coupon.couponId });
  await page.getByTestId('register-recharge').click();
  await page.getByTestId('recharge-amount').fill('100');
  await page.getByTestId('recharge-pay-type').getByText('现金', { exact: true }).click();
  await page.getByTestId('recharge-confirm').click();
  await expect(page.getByTestId('recharge-done')).toContainText(/充值成功：\S+/);
  // The demo recharge activity (充100送10) adds its gift.
  await expect(page.getByTestId('recharge-done')).toContainText('实收 ¥100.00，赠送 ¥10.00（充100送10），充值后余额 ¥110.00');
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page.getByTestId('register-member-points')).toContainText('余额 ¥110.00');

  // F9: the coupon takes 5 元 off, 10 元 comes from the balance, the rest in cash with change.
  await scan.press('F9');
  await page.getByTestId('register-coupon').click();
  await page.getByRole('option', { name: /收银测试券减5元/ }).click();
  await expect(page.getByTestId('register-coupon-used')).toContainText('抵扣 ¥5.00');
  const payableFen = totalFen - 500;
  await expect(page.getByTestId('register-payable')).toContainText(`应付 ¥${(payableFen / 100).toFixed(2)}`);
  await page.getByTestId('register-balance-use').fill('10');
  const restFen = payableFen - 1000;
  await expect(page.getByTestId('register-payable')).toContainText(`还需 ¥${(restFen / 100).toFixed(2)}`);
  await page.getByTestId('register-pay-type').getByText('现金', { exact: true }).click();
  const cash = Math.ceil(restFen / 100 / 10) * 10 + 10;
  await page.getByTestId('register-tendered').fill(String(cash));
  await expect(page.getByTestId('register-change')).toContainText(`找零 ¥${((cash * 100 - restFen) / 100).toFixed(2)}`);
  await page.getByTestId('register-confirm').click();
  await expect(page.getByTestId('register-settled')).toContainText(/收款成功：XS\d{8}-\d{4}/);
  const firstNo = ((await page.getByTestId('register-settled').textContent()) ?? '').match(/XS\d{8}-\d{4}/)![0];
  const paid = (await api('get', `wxy-order-server/order/findListDet/${(await api('post', 'wxy-order-server/order/findPage', { pageNum: 1, pageSize: 1, orderNo: firstNo })).records[0].orderId}`)) as { couponAmount: number; payList: { payType: number; amount: number }[] };
  expect(paid.couponAmount).toBe(5);
  expect(paid.payList.map((p) => [p.payType, p.amount])).toEqual([[5, 10], [1, cash]]);
  // The receipt prints with the 收银小票 template: the PDF opens in a window for the browser's print; it shows the
  // order, the discount and the balance paid.
  const popup = page.waitForEvent('popup');
  await page.getByTestId('register-print').click();
  const receipt = await popup;
  await expect.poll(() => receipt.url()).toMatch(/^blob:/);
  await receipt.close();
  const pdf = await request.get(`/api/wxy-order-server/sale/order/print/${firstNo}?type=pdf`, { headers });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
  writeFileSync(path.join(dir, 'r.pdf'), await pdf.body());
  const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  expect(text).toContain(firstNo);
  expect(text).toMatch(/优惠金额\S*\s*5\.00/);
  expect(text).toContain('余额 10.00');
  await page.getByTestId('register-next').click();

  // The network drops: scanning goes on from this computer's catalogue, which keeps the shop's promotions too: the
  // 特价 SKU is charged its special price by card (a card cannot pay more than is due, so a wrong offline price
  // would be refused when the sale is sent), and the sale is kept here.
  await context.setOffline(true);
  await expect(page.getByTestId('network-offline')).toBeVisible();
  await scan.pressSequentially(`${special.barcode}\n`, { delay: 5 });
  await expect(page.getByTestId('register-total')).toContainText('共 1 件');
  await expect(page.getByTestId('register-total')).toContainText(`应收 ¥${special.specialPrice.toFixed(2)}`);
  await scan.press('F9');
  await page.getByTestId('register-pay-type').getByText('银行卡', { exact: true }).click();
  await page.getByTestId('register-confirm').click();
  await expect(page.getByTestId('register-saved-offline')).toBeVisible();
  await expect(page.getByTestId('register-offline-queue')).toContainText('离线单待上传 1');
  await page.getByTestId('register-next').click();
  // 交班 waits for the kept sale: the drawer holds its money, the books do not have it yet.
  await page.getByTestId('register-handover').click();
  await expect(page.getByTestId('register-handover-unsent')).toContainText('还有 1 笔离线销售未上传');
  await page.getByTestId('register-counted-cash').fill('1');
  await expect(page.getByTestId('register-handover-ok')).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.waitForTimeout(2000); // the sale reaches the server well after it was made

  // Back online: 网络已恢复, the page reloads and sends the kept sale; it is in the system once, at the time it was made.
  const reloaded = page.waitForEvent('load');
  const backOnline = new Intl.DateTimeFormat('sv-SE', { timeZone: BUSINESS_TZ, dateStyle: 'short', timeStyle: 'medium' }).format(new Date());
  await context.setOffline(false);
  await expect(page.getByTestId('network-restored')).toBeVisible();
  await reloaded;
  await expect(page.getByTestId('register-offline-queue')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(ordersOfShop, { timeout: 20_000 }).toBe(ordersBefore + 2);
  await expect(page.getByTestId('register-previous')).not.toContainText(firstNo);
  const offlineNo = ((await page.getByTestId('register-previous').textContent()) ?? '').match(/XS\d{8}-\d{4}/)![0];
  const offlineOrder = ((await api('post', 'wxy-order-server/order/findPage', { pageNum: 1, pageSize: 1, orderNo: offlineNo })) as { records: { orderNo: string; createTime: string }[] }).records[0];
  expect(offlineOrder.orderNo).toBe(offlineNo);
  expect(offlineOrder.createTime < backOnline, `${offlineOrder.createTime} before ${backOnline}`).toBe(true);

  // The offline customer brings it back: refunded once.
  await page.getByTestId('register-refund').click();
  await expect(page.getByTestId('refund-order-no')).toHaveValue(offlineNo);
  await page.getByTestId('refund-find').click();
  await page.getByTestId('refund-confirm').click();
  await expect(page.getByTestId('refund-done')).toContainText('商品已退回门店库存');
  await page.keyboard.press('Escape');
  expect(await ordersOfShop()).toBe(ordersBefore + 2);

  // A customer pays with a platform voucher: 查券 fills its face amount from the server, the rest (if any) in cash;
  // the voucher is written off by the sale.
  await scan.pressSequentially(`${held[1].barcode}\n`, { delay: 5 });
  await expect(page.getByTestId('register-total')).toContainText('共 1 件');
  await scan.press('F9');
  await page.getByTestId('register-voucher-code').fill(demoVoucher.voucherCode);
  await page.getByTestId('register-voucher-code').press('Enter');
  await expect(page.getByTestId('register-voucher-face')).toHaveValue(demoVoucher.faceAmount.toFixed(2));
  await expect(page.getByTestId('register-voucher-used')).toContainText('券抵 ¥');
  const rest = ((await page.getByTestId('register-payable').textContent()) ?? '').match(/还需 ¥([\d.]+)/)?.[1];
  if (rest && Number(rest) > 0) {
    await page.getByTestId('register-pay-type').getByText('现金', { exact: true }).click();
    await page.getByTestId('register-tendered').fill(rest);
  }
  await page.getByTestId('register-confirm').click();
  await expect(page.getByTestId('register-settled')).toContainText(/收款成功：XS\d{8}-\d{4}/);
  await page.getByTestId('register-next').click();
  const used = (await api('post', 'wxy-order-server/po-voucher/findPage/1/5', { voucherCode: demoVoucher.voucherCode })) as { records: { status: number }[] };
  expect(used.records[0].status).toBe(2);

  // 交班 so the next register spec starts with its own shift.
  await page.getByTestId('register-handover').click();
  const expected = ((await page.getByTestId('register-expected-cash').textContent()) ?? '').match(/¥([\d.]+)/)![1];
  await page.getByTestId('register-counted-cash').fill(expected);
  await page.getByTestId('register-handover-ok').click();
  await expect(page.getByTestId('register-handed-difference')).toHaveText('钱箱相符');
  await page.getByTestId('register-handed-ok').click();
  await api('post', 'wxy-order-server/po-promotion/stop', { id: promotion.promotionId });

  // The order list's 详情 of the first sale: what was sold and how it was paid; its shift is handed over, so the
  // payments can no longer be corrected and the dialog says why.
  await page.goto('/orderInfo/orderList');
  await page.getByTestId('filter-orderNo').fill(firstNo);
  await page.getByTestId('po-order-search').click();
  await page.getByTestId('po-order-table-row').filter({ hasText: firstNo }).getByTestId('row-action-detail').click();
  const detail = page.getByTestId('order-detail');
  for (const k of held) await expect(detail.getByTestId('order-detail-lines')).toContainText(k.barcode!);
  await expect(detail.getByTestId('order-detail-amounts')).toContainText('优惠券 -5.00');
  await expect(detail.getByTestId('order-detail-pays')).toContainText('余额');
  await expect(detail.getByTestId('order-detail-pays')).toContainText('10.00');
  await expect(detail.getByTestId('order-pay-locked')).toContainText('已交班');
  await expect(detail.getByTestId(/^order-pay-delete-/)).toHaveCount(0);
});
