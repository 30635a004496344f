import { expect, logIn, test } from './support';

/**
 * 平台配置 from 平台券核销: the 抖音 app is configured with its secret, which is never shown again (only its
 * fingerprint); saving again without a secret keeps it; 快手 is still unconfigured.
 */
test('平台配置: the 抖音 app saved with a sealed secret, kept on a later save; 快手 not configured', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/orderInfo/voucher' });
  await page.getByTestId('po-voucher-toolbar-platformConfig').click();
  const dialog = page.getByTestId('platform-config-dialog');
  await expect(dialog.getByTestId('platform-config-state')).toContainText('尚未配置抖音');
  await dialog.getByTestId('platform-config-app-key').fill('tt-e2e-app');
  await dialog.getByTestId('platform-config-save').click();
  // 首次 without a secret: refused in the dialog, nothing saved.
  await expect(dialog.getByTestId('platform-config-error')).toContainText('须填写应用密钥');
  await dialog.getByTestId('platform-config-secret').fill('s3cret-e2e-value');
  await dialog.getByTestId('platform-config-save').click();
  await expect(dialog.getByTestId('platform-config-state')).toContainText('已配置 · 密钥指纹');
  await expect(dialog.getByTestId('platform-config-secret')).toHaveValue('');
  const state = await dialog.getByTestId('platform-config-state').textContent();
  expect(state).not.toContain('s3cret-e2e-value');

  await dialog.getByTestId('platform-config-account').fill('acct-001');
  await dialog.getByTestId('platform-config-save').click();
  await expect(dialog.getByTestId('platform-config-state')).toContainText(state!.match(/密钥指纹 (\S+)/)![0]);
  await dialog.getByText('快手', { exact: true }).click();
  await expect(dialog.getByTestId('platform-config-state')).toContainText('尚未配置快手开放平台应用');
});
