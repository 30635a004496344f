import { expect, logIn, test } from './support';

/**
 * 平台配置 from 平台券核销 (forms of the engine: a toolbar form that loads the tenant's configuration): the 抖音 app
 * is configured with its secret, which is never shown again (only its fingerprint); saving again without a secret
 * keeps it; 快手 is still unconfigured.
 */
test('平台配置: the 抖音 app saved with a sealed secret, kept on a later save; 快手 not configured', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/orderInfo/voucher' });
  await page.getByTestId('po-voucher-toolbar-douyinConfig').click();
  const dialog = page.getByTestId('po-voucher-dialog');
  await expect(dialog).toContainText('抖音平台配置');
  await expect(dialog.getByTestId('po-voucher-form-intro')).toContainText('密钥指纹 — ');
  await dialog.getByTestId('field-appKey').fill('tt-e2e-app');
  await dialog.getByTestId('po-voucher-form-submit').click();
  // 首次 without a secret: refused by the server, nothing saved, the dialog stays open.
  await expect(page.getByText('首次保存抖音配置须填写应用密钥')).toBeVisible();
  await dialog.getByTestId('field-appSecret').fill('s3cret-e2e-value');
  await dialog.getByTestId('po-voucher-form-submit').click();
  await expect(page.getByText(/抖音配置已保存，密钥指纹 \S+/)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByTestId('po-voucher-toolbar-douyinConfig').click();
  const intro = dialog.getByTestId('po-voucher-form-intro');
  await expect(intro).toContainText('系统管理员');
  const state = await intro.textContent();
  expect(state).not.toContain('s3cret-e2e-value');
  const hint = state!.match(/密钥指纹 (\S+)/)![0];
  await expect(dialog.getByTestId('field-appSecret')).toHaveValue('');
  await expect(dialog.getByTestId('field-appKey')).toHaveValue('tt-e2e-app');
  await dialog.getByTestId('field-accountId').fill('acct-001');
  await dialog.getByTestId('po-voucher-form-submit').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('po-voucher-toolbar-douyinConfig').click();
  await expect(dialog.getByTestId('po-voucher-form-intro')).toContainText(hint);
  await expect(dialog.getByTestId('field-accountId')).toHaveValue('acct-001');
  await dialog.getByTestId('po-voucher-form-cancel').click();
  await page.getByTestId('po-voucher-toolbar-ksConfig').click();
  await expect(dialog.getByTestId('po-voucher-form-intro')).toContainText('快手开放平台应用 · 密钥指纹 — ');
});
