import { type Browser, type Page } from '@playwright/test';
import { bpmnXml } from '../../server/domains/process/bpmnXml.ts';
import { expect, logIn, openFromSidebar, test } from './support';

/**
 * 审批流程 in Chromium: the administrator draws a two-step process with bpmn-js (context pad: append task, make it a
 * user task, choose its approver in the panel), is refused while a step has no approver (the message names it),
 * deploys it and tries it out; an imported file deploys once its approver is set. manager01 approves on 我的待办,
 * finance01 rejects the demo 备用金 application with a comment, and the instance shows why.
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
/** Logged in as `user`, on its first page: a shop manager's shop 销售日报 (订单管理 is its first module), else 我的待办. */
async function as(browser: Browser, user: string, password: string, landing = /\/processManage\/myTodo$/): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user, password, '1', user === 'admin' ? {} : { landing });
  return page;
}

/** Appends a shape to the selected one through bpmn-js's context pad; a task becomes a user task through its wrench menu. */
async function append(page: Page, action: 'append.append-task' | 'append.end-event', name: string) {
  await page.locator(`.djs-context-pad.open .entry[data-action="${action}"]`).click();
  // The new shape opens its label editor; leave it (the panel names it).
  await page.keyboard.press('Escape');
  if (action === 'append.append-task') {
    await page.locator('.djs-context-pad.open .entry[data-action="replace"]').click();
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
  }
  await expect(page.getByTestId('design-panel')).toContainText(action === 'append.end-event' ? '结束事件' : '用户任务');
  await page.getByTestId('element-name').fill(name);
}

async function chooseApprover(page: Page, kind: string, value?: string) {
  await page.getByTestId('assignee-kind').click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  if (value) await page.getByTestId('assignee-value').fill(value);
}

test('draw a two-step process in bpmn-js, deploy it, and try it out', async ({ browser }) => {
  const page = await as(browser, 'admin', 'admin123');
  await openFromSidebar(page, '/processManage', '/processManage/processDefinition');
  await expect(page.getByTestId('process-definition-table')).toContainText('备用金审批');
  // 店长设置: the demo shop's manager approves its "申请人的店长" steps.
  await page.getByTestId('process-shop-managers').click();
  await expect(page.getByTestId('shop-manager-table-row').first()).toContainText('店长01');
  await page.keyboard.press('Escape');
  await page.getByTestId('process-new').click();
  await expect(page).toHaveURL(/\/processManage\/processDesign$/);
  await page.locator('g[data-element-id="StartEvent_1"]').click();
  await append(page, 'append.append-task', '店长审批');
  await chooseApprover(page, '申请人的店长');
  // The drawing survives a visit to another tab (the designer is kept alive).
  await page.getByTestId('tab-/processManage/processDefinition').click();
  await expect(page.getByTestId('process-definition-table')).toBeVisible();
  await page.getByTestId('tab-/processManage/processDesign').click();
  await expect(page.locator('[data-testid="design-canvas"] .djs-shape .djs-label').filter({ hasText: '店长审批' })).toBeVisible();
  await page.locator('[data-testid="design-canvas"] .djs-shape').filter({ hasText: '店长审批' }).click({ position: { x: 30, y: 20 } });
  await append(page, 'append.append-task', '财务审批');
  // Deployed without the second approver: refused, naming the task.
  await page.getByTestId('design-key').fill('twoStep');
  await page.getByTestId('design-name').fill('两级审批');
  await page.getByTestId('design-deploy').click();
  await expect(page.getByText(/用户任务「财务审批」\(.+\) (未设置审批人|没有出线)/)).toBeVisible();
  await chooseApprover(page, '角色', 'finance');
  await append(page, 'append.end-event', '结束');
  await page.getByTestId('design-deploy').click();
  await expect(page.getByText('已部署「两级审批」v1')).toBeVisible();
  await expect(page).toHaveURL(/\/processManage\/processDefinition$/);
  const row = page.getByTestId('process-definition-table-row').filter({ hasText: 'twoStep' });
  await expect(row).toContainText('两级审批');

  // 试运行: a demo document of 900 元 waits for the shop manager.
  await page.getByTestId('process-try-twoStep').click();
  await page.getByTestId('try-amount').fill('900');
  await page.getByTestId('try-submit').click();
  await expect(page.getByText('已发起，待 店长审批（店长01） 审批')).toBeVisible();
  await page.context().close();
});

test('an imported process is deployed after its approver is set in the panel', async ({ browser }) => {
  const page = await as(browser, 'admin', 'admin123');
  await page.goto('/processManage/processDesign');
  await expect(page.locator('g[data-element-id="StartEvent_1"]')).toBeVisible();
  await page.getByTestId('process-design-page').locator('input[type="file"]').setInputFiles({ name: 'purchase.bpmn', mimeType: 'application/xml', buffer: Buffer.from(twoStep) });
  await expect(page.locator('g[data-element-id="financeApprove"]')).toBeVisible();
  await expect(page.getByTestId('design-name')).toHaveValue('采购申请审批');
  await page.getByTestId('design-deploy').click();
  await expect(page.getByText('用户任务「财务复核」(financeApprove) 未设置审批人（审批人、角色或申请人的店长）')).toBeVisible();
  await page.locator('g[data-element-id="financeApprove"]').click({ position: { x: 30, y: 20 } });
  await chooseApprover(page, '指定用户', 'finance01');
  await page.getByTestId('design-deploy').click();
  await expect(page.getByText('已部署「采购申请审批」v1')).toBeVisible();
  await page.context().close();
});

test('approve on 我的待办, reject with a comment, and the instance shows why', async ({ browser }) => {
  // The 店长 and 财务 land on their shops' 工作台.
  const manager = await as(browser, 'manager01', 'manager123', /\/home\/index$/);
  await openFromSidebar(manager, '/processManage', '/processManage/myTodo');
  // The drawn process's trial waits here too; approving it opens the finance step.
  const trial = manager.getByTestId('process-todo-table-row').filter({ hasText: '试运行：两级审批 900 元' });
  await expect(trial).toBeVisible();
  // Other demo documents may wait for manager01 too: the two handled here leave the rest.
  const pendingBefore = Number(((await manager.getByTestId('process-todo-table-total').textContent()) ?? '').match(/\d+/)![0]);
  await trial.getByRole('button', { name: '办理' }).click();
  await expect(manager.locator('[data-testid="bpmn-view"] .wf-active')).toHaveCount(1);
  await manager.getByTestId('task-approve').click();
  await expect(manager.getByText('已同意（流程审批中）')).toBeVisible();
  const row = manager.getByTestId('process-todo-table-row').filter({ hasText: '演示：门店备用金申请 800.00 元' });
  await expect(row).toContainText('店长审批');
  await row.getByRole('button', { name: '办理' }).click();
  await expect(manager.getByTestId('instance-detail')).toContainText('申请人 门店店员01');
  await expect(manager.locator('[data-testid="bpmn-view"] g[data-element-id="managerApprove"].wf-active')).toBeVisible();
  await manager.getByTestId('task-comment').fill('情况属实');
  // The first approval's toast says the same: wait for it to go, so the one seen next is this approval's.
  await expect(manager.getByText('已同意（流程审批中）')).toBeHidden({ timeout: 15_000 });
  await manager.getByTestId('task-approve').click();
  await expect(manager.getByText('已同意（流程审批中）')).toBeVisible();
  await expect(manager.getByTestId('process-todo-table-total')).toHaveText(`共 ${pendingBefore - 2} 条`);
  await openFromSidebar(manager, '/processManage', '/processManage/myDone');
  await expect(manager.getByTestId('process-done-table')).toContainText('情况属实');
  await manager.context().close();

  const finance = await as(browser, 'finance01', 'finance123', /\/home\/index$/);
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
