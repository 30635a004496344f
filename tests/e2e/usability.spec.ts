import { expect, logIn, openPage, test } from './support';

/** Daily use (issue 31): what the screens say reads as Chinese names, never raw keys or codes. */

test('no raw key or code where people read: help under 适用门店, the 角色 badge, a new record page named 新增…', async ({ page }) => {
  await logIn(page, 'admin', 'admin123');
  await expect(page.getByTestId('home-roles')).toHaveText('管理员');

  await openPage(page, '/pricePromote/promotionOpt');
  const header = page.getByTestId('po-promotion-doc-header');
  await expect(header).toContainText('可选多家门店；不选则全部门店适用');
  await expect(header).toContainText('打开后只有录入会员的销售才享受');
  await expect(page.getByTestId('page-area')).not.toContainText('promotion.');

  await openPage(page, '/purchaseManage/procureOrder');
  await expect(page.getByTestId('tab-/purchaseManage/procureOrder')).toHaveText(/新增采购单/);
  await expect(page.getByTestId('breadcrumb')).toContainText('新增采购单');
  await expect(page.getByTestId('breadcrumb')).not.toContainText('采购单编辑');
});
