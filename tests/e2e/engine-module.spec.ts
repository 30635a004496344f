import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest, type Page } from '@playwright/test';
import { BASIC, expect, logIn, test } from './support';
import { BASE_PORT, ROOT, type StartedServer, choosePort, startServer } from './servers';

/**
 * A module made of descriptor files only (tests/fixtures/engine-module: resource, screen, menus, i18n and
 * one migration; no TypeScript, not in the browser build), loaded by a server of its own through
 * EXTRA_SCHEMA_DIRS, started on a copy of the run's template data dir (its start runs the module's migration and
 * tops the demo's menus up; port E2E_PORT + 300 when free). Its menu appears, and its list, create (a validation
 * error first), edit and delete work in Chromium from the screen descriptor the browser fetches at run time.
 */

let server: StartedServer | undefined;
let BASE = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const runDir = process.env.E2E_RUN_DIR!;
  const dataDir = path.join(runDir, `module-${test.info().workerIndex}`);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(path.join(runDir, 'template'), dataDir, { recursive: true });
  server = await startServer({ dataDir, port: await choosePort(BASE_PORT + 300), env: { EXTRA_SCHEMA_DIRS: path.join(ROOT, 'tests/fixtures/engine-module') }, timeoutMs: 120_000 });
  BASE = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  if (server && !process.env.E2E_KEEP_TMP) rmSync(server.dataDir, { recursive: true, force: true });
});

// The module's own server, not the worker's.
test.use({ baseURL: async ({}, use) => use(BASE) });

async function adminApi(): Promise<APIRequestContext> {
  const basic = BASIC;
  const login = await playwrightRequest.newContext({ baseURL: BASE });
  const token = await (await login.post('/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', { headers: { authorization: basic, 'x-tenant-id': '1' } })).json();
  await login.dispose();
  return playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { authorization: `Bearer ${token.access_token}`, 'x-tenant-id': '1' } });
}

const rows = (page: Page) => page.getByTestId('fx-gadget-table-row');
const cell = (page: Page, column: string) => rows(page).locator(`td[data-column="${column}"]`);

test('a module of descriptor files: its menu, list, create with a validation error, edit and delete', async ({ page }) => {
  await logIn(page);
  // The module's own menu (menus/fx-gadget.json), unfolded from the sidebar.
  const moduleNode = page.getByTestId('menu-/fixture').first();
  const item = page.getByTestId('menu-/fixture/gadget');
  await expect(moduleNode).toHaveText(/测试模块/);
  await expect(async () => {
    if (!(await item.isVisible())) await moduleNode.click();
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(item).toHaveText(/小工具/);
  await item.click();
  await expect(page).toHaveURL(/\/fixture\/gadget$/);

  // The list, with the labels the module's i18n/zh-CN.json gives its columns; nothing there yet.
  const table = page.getByTestId('fx-gadget-table');
  await expect(table).toBeVisible();
  await expect(table.locator('th[data-column="name"]')).toHaveText('名称');
  await expect(table.locator('th[data-column="price"]')).toHaveText('零售价');
  await expect(page.getByTestId('fx-gadget-total')).toHaveText('共 0 条');

  // Create: saving without the required name names it in Chinese; then a good one is written.
  await page.getByTestId('fx-gadget-toolbar-add').click();
  const dialog = page.getByTestId('fx-gadget-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('小工具');
  await dialog.getByTestId('field-price').fill('12.5');
  await page.getByTestId('fx-gadget-form-submit').click();
  await expect(dialog).toContainText('名称不能为空');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('field-name').fill('扳手');
  await page.getByTestId('fx-gadget-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('fx-gadget-total')).toHaveText('共 1 条');
  await expect(cell(page, 'name')).toHaveText('扳手');
  await expect(cell(page, 'price')).toHaveText('12.50');
  await expect(cell(page, 'status')).toHaveText('启用');

  // A second one, then the name filter narrows the list to it.
  await page.getByTestId('fx-gadget-toolbar-add').click();
  await dialog.getByTestId('field-name').fill('螺丝刀');
  await page.getByTestId('fx-gadget-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('fx-gadget-total')).toHaveText('共 2 条');
  await page.getByTestId('filter-name').fill('螺丝');
  await page.getByTestId('fx-gadget-search').click();
  await expect(rows(page)).toHaveCount(1);
  await expect(cell(page, 'name')).toHaveText('螺丝刀');

  // Edit: the form loads the row through get/{id}; the change shows in the list.
  await rows(page).first().getByTestId('row-action-edit').click();
  await expect(dialog.getByTestId('field-name')).toHaveValue('螺丝刀');
  await dialog.getByTestId('field-name').fill('螺丝刀套装');
  await dialog.getByTestId('field-price').fill('30');
  await page.getByTestId('fx-gadget-form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(cell(page, 'name')).toHaveText('螺丝刀套装');
  await expect(cell(page, 'price')).toHaveText('30.00');

  // Delete with confirm: cancel keeps the row, OK removes it.
  await rows(page).first().getByTestId('row-action-delete').click();
  await expect(page.getByTestId('engine-confirm-text')).toHaveText('确定删除该记录吗？');
  await page.getByTestId('engine-confirm-cancel').click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('row-action-delete').click();
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId('fx-gadget-total')).toHaveText('共 0 条');
  await page.getByTestId('filter-name').fill('');
  await page.getByTestId('fx-gadget-search').click();
  await expect(page.getByTestId('fx-gadget-total')).toHaveText('共 1 条');
  await expect(cell(page, 'name')).toHaveText('扳手');

  // After a reload the screen comes back from the server descriptor on its own address.
  await page.reload();
  await expect(page.getByTestId('fx-gadget-table')).toBeVisible();
  await expect(cell(page, 'name')).toHaveText('扳手');
});

test('bulk delete: the selected rows go after a confirm; the list refreshes and keeps its page', async ({ page }) => {
  const api = await adminApi();
  for (let i = 1; i <= 24; i++) {
    const answer = await api.post('/api/wxy-production-server/fx-gadget/save', { data: { name: `批量${String(i).padStart(2, '0')}` } });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  await api.dispose();
  await logIn(page, 'admin', 'admin123', '1', { to: '/fixture/gadget' });
  await page.getByTestId('filter-name').fill('批量');
  await page.getByTestId('fx-gadget-search').click();
  await expect(page.getByTestId('fx-gadget-total')).toHaveText('共 24 条');
  const pages = page.getByTestId('fx-gadget-pages');
  await pages.getByRole('button', { name: '2' }).click();
  await expect(rows(page)).toHaveCount(4);
  await expect(cell(page, 'name').first()).toHaveText('批量21');

  // Two rows of page 2 chosen; cancelling the confirm deletes nothing and keeps the choice.
  for (const i of [0, 1]) await rows(page).nth(i).getByRole('checkbox', { name: '选择该行' }).check();
  await expect(page.getByText('已选 2 条')).toBeVisible();
  await page.getByTestId('fx-gadget-bulk-batchDelete').click();
  await expect(page.getByTestId('engine-confirm-text')).toHaveText('确定对选中的 2 条记录执行“批量删除”吗？');
  await page.getByTestId('engine-confirm-cancel').click();
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByText('已选 2 条')).toBeVisible();

  await page.getByTestId('fx-gadget-bulk-batchDelete').click();
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId('fx-gadget-total')).toHaveText('共 22 条');
  // Still page 2, now holding the two rows that were not chosen; the choice is cleared.
  await expect(pages.locator('[data-active="true"]')).toHaveText('2');
  await expect(cell(page, 'name')).toHaveText(['批量23', '批量24']);
  await expect(page.getByText('已选 0 条')).toBeVisible();

  // Emptying the last page moves to the last page that still exists.
  await page.getByTestId('fx-gadget-table').getByRole('checkbox', { name: '全选本页' }).check();
  await expect(page.getByText('已选 2 条')).toBeVisible();
  await page.getByTestId('fx-gadget-bulk-batchDelete').click();
  await page.getByTestId('engine-confirm-ok').click();
  await expect(page.getByTestId('fx-gadget-total')).toHaveText('共 20 条');
  await expect(pages.locator('[data-active="true"]')).toHaveText('1');
  await expect(rows(page)).toHaveCount(20);
  await expect(cell(page, 'name').first()).toHaveText('批量01');
});
