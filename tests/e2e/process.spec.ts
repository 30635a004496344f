import { expect, test, type Browser, type Page } from '@playwright/test';
import { bpmnXml } from '../../server/domains/process/bpmnXml.ts';
import { logIn, openFromSidebar } from './support.ts';

/**
 * 审批流程 in Chromium: the administrator imports a two-step process into the bpmn-js designer, is refused while a
 * user task has no approver (the message names it), sets the approver in the panel and deploys; manager01 approves
 * the demo 备用金 application from 我的待办, finance01 rejects it with a comment, and the instance shows why.
 */
test.describe.configure({ mode: 'serial' });

const twoStep = bpmnXml(
  'purchaseRequest',
  '采购申请审批',
  [
    { type: 'startEvent', id: 'start', name: '提交' },
    { type: 'userTask', id: 'managerApprove', name: '店长审批', attrs: { 'flowable:assignee': '${shopManager}' } },
    { type: 'userTask', id: 'financeApprove', name: '财务复核' },
    { type: 'endEvent', id: 'end', name: '结束' },
  ],
  [
    { id: 'f1', from: 'start', to: 'managerApprove' },
    { id: 'f2', from: 'managerApprove', to: 'financeApprove' },
    { id: 'f3', from: 'financeApprove', to: 'end' },
  ],
);

/** Logs in; the approvers have no 首页 and land on their first page (我的待办). */
async function as(browser: Browser, user: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (user === 'admin') {
    await logIn(page, user, password);
    return page;
  }
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/processManage\/myTodo$/);
  return page;
}

test('draw or import a process in bpmn-js and deploy it', async ({ browser }) => {
  const page = await as(browser, 'admin', 'admin123');
  await openFromSidebar(page, '/processManage', '/processManage/processDefinition');
  await expect(page.getByTestId('process-definition-table')).toContainText('备用金审批');
  await page.getByTestId('process-new').click();
  await expect(page).toHaveURL(/\/processManage\/processDesign$/);
  await expect(page.locator('[data-testid="design-canvas"] .djs-container')).toBeVisible();

  await page.getByTestId('process-design-page').locator('input[type="file"]').setInputFiles({ name: 'purchase.bpmn', mimeType: 'application/xml', buffer: Buffer.from(twoStep) });
  await expect(page.locator('g[data-element-id="financeApprove"]')).toBeVisible();
  await expect(page.getByTestId('design-name')).toHaveValue('采购申请审批');

  // Refused while 财务复核 has no approver; the message names the task.
  await page.getByTestId('design-deploy').click();
  await expect(page.getByText('用户任务「财务复核」(financeApprove) 未设置审批人（审批人、角色或申请人的店长）')).toBeVisible();

  // Set the missing approver in the panel: the finance role.
  await page.locator('g[data-element-id="financeApprove"]').click({ position: { x: 30, y: 20 } });
  await expect(page.getByTestId('design-panel')).toContainText('用户任务');
  await page.getByTestId('assignee-kind').click();
  await page.getByRole('option', { name: '角色' }).click();
  await page.getByTestId('assignee-value').fill('finance');
  await page.getByTestId('design-deploy').click();
  await expect(page.getByText('已部署「采购申请审批」v1')).toBeVisible();
  await expect(page).toHaveURL(/\/processManage\/processDefinition$/);
  await expect(page.getByTestId('process-definition-table')).toContainText('purchaseRequest');
  await page.context().close();
});

test('approve on 我的待办, reject with a comment, and the instance shows why', async ({ browser }) => {
  const manager = await as(browser, 'manager01', 'manager123');
  await openFromSidebar(manager, '/processManage', '/processManage/myTodo');
  const row = manager.getByTestId('process-todo-table-row').filter({ hasText: '演示：门店备用金申请 800.00 元' });
  await expect(row).toContainText('店长审批');
  await row.getByRole('button', { name: '办理' }).click();
  await expect(manager.getByTestId('instance-detail')).toContainText('申请人 门店店员01');
  await expect(manager.locator('[data-testid="bpmn-view"] g[data-element-id="managerApprove"].wf-active')).toBeVisible();
  await manager.getByTestId('task-comment').fill('情况属实');
  await manager.getByTestId('task-approve').click();
  await expect(manager.getByText('已同意（流程审批中）')).toBeVisible();
  await expect(manager.getByTestId('process-todo-table-total')).toContainText('0');
  await openFromSidebar(manager, '/processManage', '/processManage/myDone');
  await expect(manager.getByTestId('process-done-table')).toContainText('情况属实');
  await manager.context().close();

  const finance = await as(browser, 'finance01', 'finance123');
  await openFromSidebar(finance, '/processManage', '/processManage/myTodo');
  const frow = finance.getByTestId('process-todo-table-row').filter({ hasText: '演示：门店备用金申请 800.00 元' });
  await expect(frow).toContainText('财务审批');
  await frow.getByRole('button', { name: '办理' }).click();
  await finance.getByTestId('task-reject').click();
  await expect(finance.getByText('驳回时请填写审批意见')).toBeVisible();
  await finance.getByTestId('task-comment').fill('超出本月备用金额度');
  await finance.getByTestId('task-reject').click();
  await expect(finance.getByText('已驳回，流程退回申请人')).toBeVisible();
  await finance.context().close();

  const admin = await as(browser, 'admin', 'admin123');
  await openFromSidebar(admin, '/processManage', '/processManage/processInstance');
  const irow = admin.getByTestId('process-instance-table-row').filter({ hasText: '演示：门店备用金申请 800.00 元' });
  await expect(irow).toContainText('已驳回');
  await irow.getByRole('button', { name: '详情' }).click();
  await expect(admin.getByTestId('instance-status')).toHaveText('已驳回');
  await expect(admin.getByTestId('instance-history')).toContainText('意见：超出本月备用金额度');
  await expect(admin.getByTestId('instance-tasks')).toContainText('店长01');
  await admin.context().close();
});
