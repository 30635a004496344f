import { type Browser, type Page } from '@playwright/test';
import { expect, logIn, test } from './support';

/**
 * 考勤申请 in Chromium: shop01 asks for a day of annual leave (the form asks only what a leave needs: no 调班对象, and no
 * 假期类型 for overtime); manager01 (its shop's manager) is told by a notice that opens the request (attendAuditDetail)
 * and approves it right there; shop01 finds it 已通过 among 只看我的.
 */
async function setDateTime(page: Page, testId: string, date: string, [h, m]: string[]) {
  const dateInput = page.getByTestId(`${testId}-date`);
  await dateInput.fill(date);
  await dateInput.press('Escape');
  await page.getByTestId(`${testId}-hours`).fill(h);
  await page.getByTestId(`${testId}-minutes`).fill(m);
  await page.getByTestId(`${testId}-seconds`).fill('00');
}

async function as(browser: Browser, user: string, password: string, landing: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user, password, '1', { landing });
  return page;
}

test('a leave request is asked, approved by the shop manager from the notice, and seen approved', async ({ browser }) => {
  const shop = await (await browser.newContext()).newPage();
  await logIn(shop, 'shop01', 'shop123', '1', { to: '/attendManage/attendRequest' });
  await shop.getByTestId('attn-request-toolbar-add').click();
  await expect(shop).toHaveURL(/\/attendManage\/attendAuditDetail$/);
  const header = shop.getByTestId('attn-request-doc-header');
  await header.getByTestId('field-requestType').click();
  await shop.getByRole('option', { name: '加班', exact: true }).click();
  await expect(header.getByTestId('field-leaveType')).toHaveCount(0);
  await expect(header.getByTestId('field-days')).toHaveCount(0);
  await header.getByTestId('field-requestType').click();
  await shop.getByRole('option', { name: '请假', exact: true }).click();
  await expect(header.getByTestId('field-swapUserId')).toHaveCount(0);
  await header.getByTestId('field-leaveType').click();
  await shop.getByRole('option', { name: '年假' }).click();
  await header.getByTestId('field-shopId').click();
  await shop.getByRole('option', { name: /上海徐汇店/ }).first().click();
  await setDateTime(shop, 'field-startTime', '2031-06-02', ['09', '00']);
  await setDateTime(shop, 'field-endTime', '2031-06-02', ['18', '00']);
  await header.getByTestId('field-days').fill('1');
  await header.getByTestId('field-reason').fill('家中有事休年假');
  await shop.getByTestId('attn-request-doc-save').click();
  await expect(shop).toHaveURL(/attendAuditDetail\?id=\d+$/);
  await expect(shop.getByTestId('attn-request-doc-status')).toHaveText('审批中');
  const docNo = /KQSQ\d{8}-\d{4}/.exec((await shop.getByTestId('attn-request-doc-title').textContent())!)![0];

  // A shop manager's first page is its shop's 销售日报 (订单管理 is its first module).
  const manager = await as(browser, 'manager01', 'manager123', /\/home\/index$/);
  // The notice (请假申请待审批) opens the request itself.
  await manager.getByTestId('bell').click();
  await manager.getByTestId('bell-item').filter({ hasText: '请假申请' }).first().click();
  await expect(manager).toHaveURL(/\/attendManage\/attendAuditDetail\?id=\d+/);
  await expect(manager.getByTestId('attn-request-doc-title')).toContainText(docNo);
  await expect(manager.getByTestId('attn-request-doc-header')).toContainText('家中有事休年假');
  // 同意 on the request's own page (the approval's task is manager01's).
  await expect(manager.getByTestId('attn-request-doc-approval')).toContainText('店长审批');
  await manager.getByTestId('attn-request-doc-approval-comment').fill('同意');
  await manager.getByTestId('attn-request-doc-approve').click();
  await expect(manager.getByTestId('attn-request-doc-status')).toHaveText('已通过');
  await expect(manager.getByTestId('attn-request-doc-approval')).toHaveCount(0);
  await manager.goto('/processManage/myTodo');
  await expect(manager.getByTestId('process-todo-table-row').filter({ hasText: docNo })).toHaveCount(0);
  await manager.context().close();

  await shop.goto('/attendManage/attendRequest');
  await shop.getByTestId('filter-mine').click();
  await shop.getByRole('option', { name: '只看我的申请' }).click();
  await shop.getByTestId('attn-request-search').click();
  await expect(shop.getByRole('row', { name: new RegExp(docNo) })).toContainText('已通过');
});
