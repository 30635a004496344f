import { expect, lastSmsCode, pageApi, test } from './support';

/** The phone grant end to end: the code the server "sends" lands in its SMS outbox file (SMS_OUTBOX, the `smsOutbox` fixture). */

test('shop01 logs in with an SMS code; a wrong code is refused first', async ({ page, smsOutbox }) => {
  const lastCodeFor = (phone: string) => lastSmsCode(smsOutbox, phone);
  await page.goto('/login');
  await page.getByTestId('login-tab-phone').click();
  await page.getByTestId('login-phone').fill('13800000001');
  const before = lastCodeFor('13800000001');
  await page.getByTestId('login-send-code').click();
  // the button counts down before another code can be asked for
  await expect(page.getByTestId('login-send-code')).toBeDisabled();
  await expect.poll(() => lastCodeFor('13800000001')).not.toBe(before);
  const code = lastCodeFor('13800000001')!;
  expect(code).toMatch(/^\d{6}$/);

  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByTestId('login-sms-code').fill(wrong);
  await page.getByTestId('login-phone-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('验证码');
  await expect(page).toHaveURL(/\/login/);

  await page.getByTestId('login-sms-code').fill(code);
  await page.getByTestId('login-phone-submit').click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page.getByTestId('sidebar')).toContainText('首页');
  await expect(page.getByTestId('sidebar')).not.toContainText('系统管理');
});

test('an unknown phone number is answered like a known one (no account probing) but gets no code and cannot log in', async ({ page, smsOutbox }) => {
  const lastCodeFor = (phone: string) => lastSmsCode(smsOutbox, phone);
  await page.goto('/login');
  await page.getByTestId('login-tab-phone').click();
  await page.getByTestId('login-phone').fill('13900000000');
  await page.getByTestId('login-send-code').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  expect(lastCodeFor('13900000000')).toBeUndefined();
  await page.getByTestId('login-sms-code').fill('123456');
  await page.getByTestId('login-phone-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a browser is activated as a shop cash register (login asked, comes back, binds this browser), then sells by keyboard: scans, an unknown code, cash with change, the next sale, a refund', async ({ page, context }) => {
  await page.goto('/baseInfo/deviceActive');
  const fingerprint = (await page.getByTestId('device-fingerprint').textContent())!;
  expect(fingerprint).toMatch(/^WXY-[0-9a-f]{32}$/);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/baseInfo\/deviceActive$/);
  // The same fingerprint after the round trip: it is this browser's, kept.
  await expect(page.getByTestId('device-fingerprint')).toHaveText(fingerprint);
  await page.getByTestId('device-select').click();
  await page.getByRole('option', { name: /收银台2号机/ }).click();
  await page.getByTestId('device-activate').click();
  await expect(page.getByTestId('device-activated')).toContainText('本机已激活为');
  await expect(page.getByTestId('device-activated')).toContainText('收银台2号机');
  const cookie = (await context.cookies()).find((c) => c.name === 'deviceShopId');
  expect(Number(cookie?.value)).toBeGreaterThan(0);
  // Reloaded, the page knows this browser is that device.
  await page.reload();
  await expect(page.getByTestId('device-activated')).toContainText('收银台2号机');

  // The register of that shop: two SKUs it holds, scanned by keyboard (one twice), an unknown code, cash with change.
  const { request, headers } = await pageApi(page);
  const shopId = Number(cookie!.value);
  const skus = ((await (await request.post('/api/wxy-warehouse-server/wh-stock/stock/page/1/40', { headers, data: {} })).json()).data.records as { barcode: string | null }[])
    .filter((k) => k.barcode);
  const held: string[] = [];
  for (const k of skus) {
    const r = await (await request.post('/api/wxy-order-server/order/scanCode', { headers, data: { code: k.barcode, shopId } })).json();
    if (r.code === 200 && r.data.available >= 3) held.push(k.barcode!);
    if (held.length === 2) break;
  }
  expect(held).toHaveLength(2);
  // Head office switched 微信 off for this shop (门店支付方式): the register does not offer it.
  const methods = (await (await request.get(`/api/wxy-shop-server/shop-pay-method-config/getByShop/${shopId}`, { headers })).json()).data as { configId: number; payType: number }[];
  const wechat = methods.find((m) => m.payType === 3)!;
  expect((await (await request.put('/api/wxy-shop-server/shop-pay-method-config/update', { headers, data: { configId: wechat.configId, enabled: false } })).json()).code).toBe(200);
  await page.goto('/orderInfo/retailOrder');
  const scan = page.getByTestId('register-scan');
  // Nothing is sold before the shift is opened with the drawer's change float (开班).
  await expect(page.getByTestId('register-open-shift-ok')).toBeVisible();
  await expect(scan).toBeDisabled();
  await page.getByTestId('register-opening-cash').fill('100');
  await page.getByTestId('register-open-shift-ok').click();
  await expect(page.getByTestId('register-shift')).toContainText('当班');
  await expect(scan).toBeFocused();
  for (const code of [held[0], held[1], held[0]]) await scan.pressSequentially(`${code}\n`, { delay: 5 });
  await scan.pressSequentially('0000000000000\n');
  await expect(page.getByText('未找到条码「0000000000000」对应的商品')).toBeVisible();
  await expect(page.getByTestId('register-cart').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('register-total')).toContainText('共 3 件');
  // The customer goes back for one more thing: the sale is parked (挂单), the register is free, then taken back.
  await scan.press('F4');
  await expect(page.getByTestId('register-cart').locator('tbody tr')).toHaveCount(0);
  await expect(page.getByTestId('register-parked')).toContainText('1');
  await scan.press('F6');
  await page.getByTestId('register-take').click();
  await expect(page.getByTestId('register-cart').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('register-total')).toContainText('共 3 件');
  await expect(page.getByTestId('register-parked')).not.toContainText('1');
  // A new customer gives a phone number: not a member yet, registered on the spot, the sale is theirs.
  const memberPhone = page.getByTestId('register-member-phone');
  await memberPhone.fill('13911112222');
  await memberPhone.press('Enter');
  await expect(page.getByTestId('register-member-none')).toContainText('未找到会员 13911112222');
  await page.getByTestId('register-member-new').click();
  await page.getByTestId('register-member-name').fill('柳新客');
  await page.getByTestId('register-member-save').click();
  await expect(page.getByTestId('register-member')).toContainText('柳新客');
  await expect(page.getByTestId('register-member')).toContainText('139****2222');
  await scan.press('F9');
  const payTypes = page.getByTestId('register-pay-type');
  await expect(payTypes).toContainText('支付宝');
  await expect(payTypes.getByText('现金', { exact: true })).toBeVisible();
  await expect(payTypes.getByText('微信', { exact: true })).toHaveCount(0);
  await page.getByTestId('register-tendered').fill('1000');
  await expect(page.getByTestId('register-change')).toContainText('找零 ¥');
  await page.getByTestId('register-confirm').click();
  await expect(page.getByTestId('register-settled')).toContainText(/收款成功：XS\d{8}-\d{4}/);
  const orderNo = ((await page.getByTestId('register-settled').textContent()) ?? '').match(/XS\d{8}-\d{4}/)![0];
  await expect(page.getByTestId('register-points')).toContainText(/会员 柳新客 本单积分 \+\d+/);
  await page.getByTestId('register-next').click();
  await expect(page.getByTestId('register-cart').locator('tbody tr')).toHaveCount(0);
  await expect(page.getByTestId('register-previous')).toContainText(orderNo);
  // The sale is in the order list once.
  const list = await (await request.post('/api/wxy-order-server/order/findPage', { headers, data: { pageNum: 1, pageSize: 10, orderNo } })).json();
  expect(list.data.total).toBe(1);
  // The customer brings it back: 退款 finds the previous order, takes it back once.
  await page.getByTestId('register-refund').click();
  await expect(page.getByTestId('refund-order-no')).toHaveValue(orderNo);
  await page.getByTestId('refund-find').click();
  await page.getByTestId('refund-confirm').click();
  await expect(page.getByTestId('refund-done')).toContainText('商品已退回门店库存');
  const after = await (await request.post('/api/wxy-order-server/order/findPage', { headers, data: { pageNum: 1, pageSize: 10, orderNo } })).json();
  expect(after.data.records[0].status).toBe(2);
  // 交班: the cash taken went back with the refund, so the drawer should hold the float; counted equal, it matches.
  await page.keyboard.press('Escape');
  await page.getByTestId('register-handover').click();
  await expect(page.getByTestId('register-expected-cash')).toContainText('应有现金 ¥100.00');
  await expect(page.getByTestId('register-handover-pays')).toContainText('现金');
  await page.getByTestId('register-counted-cash').fill('100');
  await page.getByTestId('register-handover-ok').click();
  await expect(page.getByTestId('register-handed-difference')).toHaveText('钱箱相符');
  await page.getByTestId('register-handed-ok').click();
  await expect(page.getByTestId('register-open-shift-ok')).toBeVisible();
  await request.put('/api/wxy-shop-server/shop-pay-method-config/update', { headers, data: { configId: wechat.configId, enabled: true } });
});
