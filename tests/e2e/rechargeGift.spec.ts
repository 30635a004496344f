import { expect, logIn, test } from './support';

/**
 * 充值活动 → 新增 opens 新建充值活动 (/memberInfo/rechargeGift, spec 000 §2's third-level rechargeGift page) in a tab of
 * its own: a required field left empty is named, closing the tab asks first, saving closes it and the list shows the
 * new activity.
 */
test('新建充值活动 on its own third-level page, saved back into the list', async ({ page }) => {
  await logIn(page, 'admin', 'admin123', '1', { to: '/memberInfo/rechargeActivity' });
  await page.getByTestId('mb-recharge-rule-toolbar-add').click();
  await expect(page).toHaveURL(/\/memberInfo\/rechargeGift$/);
  const form = page.getByTestId('mb-recharge-rule-page');
  await form.getByTestId('field-ruleName').fill('e2e充300送40');
  await form.getByTestId('field-rechargeAmount').fill('300');
  await page.getByTestId('mb-recharge-rule-page-form-submit').click();
  await expect(form).toContainText('不能为空');
  await expect(page).toHaveURL(/\/memberInfo\/rechargeGift$/);

  await form.getByTestId('field-giftAmount').fill('40');
  for (const [field, day] of [['beginDate', '2026-01-01'], ['endDate', '2036-12-31']]) {
    await form.getByTestId(`field-${field}`).fill(day);
    await form.getByTestId(`field-${field}`).press('Escape');
  }
  await page.getByTestId('mb-recharge-rule-page-form-submit').click();
  await expect(page).toHaveURL(/\/memberInfo\/rechargeActivity(\?|$)/);
  await expect(page.getByTestId('mb-recharge-rule-table')).toContainText('e2e充300送40');
  await expect(page.getByTestId('mb-recharge-rule-table')).toContainText('40.00');
});
