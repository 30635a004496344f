import { BASIC, expect, lastSmsCode, test } from './support';

/**
 * The approver's phone (spec 000 §2 /h5 pages) at a phone's viewport: opening 我的待办 without a session goes to the
 * h5 login and back; a petty-cash application of 321 元 waiting for manager01 (the first shop's manager) is approved
 * there with a comment, and the process ends (500 元 or less needs no 财务 step). The demo's own application is left
 * for the desktop flow of process.spec.ts.
 */
const MANAGER_PHONE = '13900000002';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('manager01 logs in on the phone page and approves a waiting petty-cash application', async ({ page, request, smsOutbox }) => {
  const lastCodeFor = (phone: string) => lastSmsCode(smsOutbox, phone);
  // The application: started through the process's trial call as admin, at the first shop with a manager.
  const token = (await (await request.post('/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', { headers: { authorization: BASIC, 'x-tenant-id': '1' } })).json()).access_token;
  const started = await request.post('/api/wxy-process-server/process/instance/start', {
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1' },
    data: { processKey: 'pettyCash', title: '手机审批：门店备用金 321.00 元', variables: { amount: 321, reason: '门店绿植' } },
  });
  expect(started.ok()).toBe(true);

  await page.goto('/h5/authorList');
  await expect(page).toHaveURL(/\/h5\/h5Login\?redirect=%2Fh5%2FauthorList$/);
  await page.getByTestId('h5-tenant').fill('1');
  await page.getByTestId('h5-phone').fill(MANAGER_PHONE);
  const before = lastCodeFor(MANAGER_PHONE);
  await page.getByTestId('h5-send').click();
  await expect(page.getByTestId('h5-send')).toBeDisabled();
  await expect.poll(() => lastCodeFor(MANAGER_PHONE)).not.toBe(before);
  await page.getByTestId('h5-code').fill(lastCodeFor(MANAGER_PHONE)!);
  await page.getByTestId('h5-login').click();

  await expect(page).toHaveURL(/\/h5\/authorList$/);
  const card = page.getByTestId('h5-tasks').locator('[data-testid^="h5-task-"]').filter({ hasText: '321.00' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0); // no desktop shell on the phone pages
  await card.click();

  await expect(page).toHaveURL(/\/h5\/(pettyCashAuth|attandAuth)\?processInstanceId=\d+&taskId=\d+$/);
  await expect(page.getByTestId('h5-auth')).toContainText('门店绿植');
  await page.getByTestId('h5-comment').fill('同意，按实际发票报销');
  await page.getByTestId('h5-approve').click();
  await expect(page.getByTestId('toast-success')).toContainText('已处理');
  await expect(page).toHaveURL(/\/h5\/authorList$/);
  await expect(page.getByTestId('h5-tasks').locator('[data-testid^="h5-task-"]').filter({ hasText: '321.00' })).toHaveCount(0);
});
