import { randomUUID } from 'node:crypto';
import { expect, logIn, pageApi, test } from './support';

/**
 * Notice 17 end to end: an admin refunds a sale; finance01 finds 「订单<单号>已退款 ¥x」 in the message centre and,
 * clicking it, lands on 支付明细 (/financeManage/paymentDetail?id=<order>) showing the order, its payment and the refund.
 */
test('finance01 opens a refund notice (17) from the message centre onto 支付明细', async ({ page, browser }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: false });
  const { request, headers } = await pageApi(page);
  const api = async (method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
    const r = await (await request[method](`/api/${url}`, { headers, data })).json();
    expect(r.code, `${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const shopId = Math.min(...((await api('post', 'wxy-shop-server/shop-base/list', {})) as { shopId: number }[]).map((s) => s.shopId));
  const sku = ((await api('get', `wxy-order-server/order/catalogue/${shopId}`)).skus as { skuId: number; barcode: string | null; available: number; retailPrice: number }[])
    .filter((k) => k.barcode && k.available >= 2 && k.retailPrice > 0)[6];
  const order = await api('post', 'wxy-order-server/order/settlement', { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity: 1 }], payments: [{ payType: 2, amount: sku.retailPrice }] });
  await api('put', 'wxy-order-server/order-pay/refund', { orderNo: order.orderNo, reason: '顾客退货' });

  const finance = await (await browser.newContext()).newPage();
  // finance01 lands on the 工作台 like the others.
  await logIn(finance, 'finance01', 'finance123', '1');
  await finance.goto('/userInfo/messageNotice');
  const row = finance.getByTestId('message-table-row').filter({ hasText: `订单${order.orderNo}已退款` });
  await expect(row).toContainText(`¥${sku.retailPrice.toFixed(2)}`);
  await row.getByTestId('message-open').click();
  await expect(finance).toHaveURL(new RegExp(`/financeManage/paymentDetail\\?id=${order.orderId}$`));
  const detail = finance.getByTestId('payment-detail');
  await expect(detail).toContainText(order.orderNo);
  await expect(detail.getByTestId('payment-detail-pays')).toContainText('银行卡');
  await expect(detail.getByTestId('payment-detail-refund')).toContainText(`¥${sku.retailPrice.toFixed(2)}`);
  await expect(detail).toContainText('顾客退货');
});
