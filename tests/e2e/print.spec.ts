import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sampleTemplate } from '../../screens-custom/designer/core/pdf/sampleTemplate.ts';
import { pdfPageRuns, pdfPageTexts } from '../../screens-custom/designer/core/pdf/testing/pdfText.ts';
import { startTestPrintServer, type TestPrintServer } from '../support/printClientServer.ts';

/**
 * Output of the print designer (issue 5) in Chromium against the real server: export a vector PDF of a
 * stored template and read it back, and print through a socket.io print client that checks the
 * token and the page's origin.
 */

test.use({ viewport: { width: 1600, height: 1000 } });

const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;

async function storedTemplate(request: APIRequestContext, template = sampleTemplate()): Promise<number> {
  const token = (await (await request.post('/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', {
    headers: { authorization: BASIC, 'x-tenant-id': '1' },
  })).json()).access_token as string;
  const res = await request.post('/api/wxy-system-server/print-template/add', {
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1' },
    data: { name: `输出测试-${Date.now()}`, businessType: 'allocation', template },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.id as number;
}

async function openDesigner(page: Page, id: number) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('admin123');
  const tenantField = page.getByTestId('login-tenant');
  if (await tenantField.count()) await tenantField.fill('1');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await page.goto(`/storageManage/sysPrintTem?id=${id}`);
  await expect(page.getByTestId('design-paper')).toBeVisible();
}

test('exports a vector PDF of the template: Chinese text extractable, one page, paper + 2 mm', async ({ page, request }) => {
  const id = await storedTemplate(request);
  await openDesigner(page, id);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('designer-export-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^输出测试-\d+\.pdf$/);
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const pages = await pdfPageTexts(bytes);
  expect(pages).toHaveLength(1);
  expect(pages[0]).toContain('商品调拨单');
  expect(pages[0]).toContain('调拨单号：DB20261121001');
  expect(pages[0]).toContain('测试商品（样例）');
  await expect(page.getByTestId('toast-success')).toContainText('已导出 PDF（1 页）');
});

test('the exported PDF prints SimSun text in the serif font and html elements as rich text', async ({ page, request }) => {
  const t = sampleTemplate();
  const elements = [
    ...t.panels[0].printElements,
    { type: 'text', options: { left: 20, top: 700, width: 300, height: 20, title: '宋体备注', fontFamily: 'SimSun', fontWeight: 'bold' } },
    { type: 'html', options: { left: 300, top: 700, width: 250, height: 60, content: '<p>签收<b>确认</b><font color="#0000ff">蓝字</font></p>' } },
  ] as typeof t.panels[0]['printElements'];
  const id = await storedTemplate(request, { ...t, panels: [{ ...t.panels[0], printElements: elements }] });
  await openDesigner(page, id);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('designer-export-pdf').click()]);
  const runs = (await pdfPageRuns(new Uint8Array(readFileSync((await download.path())!))))[0];
  const run = (text: string) => runs.find((r) => r.text === text);
  expect(run('宋体备注')?.font).toBe('NotoSerifSC-Bold');
  expect(run('确认')?.font).toBe('NotoSansSC-Bold');
  expect(run('蓝字')?.rgb).toEqual([0, 0, 255]);
  expect(run('商品调拨单')?.font).toBe('NotoSansSC-Bold');
});

test.describe('print client', () => {
  let client: TestPrintServer;
  test.beforeEach(async ({ baseURL }) => {
    client = await startTestPrintServer({ token: 'e2e-token', origins: [new URL(baseURL!).origin] });
  });
  test.afterEach(async () => client?.close());

  test('connects with the token, lists printers and prints the preview HTML on the chosen printer', async ({ page, request }) => {
    const id = await storedTemplate(request);
    await page.addInitScript((settings) => localStorage.setItem('wxy.printClient', JSON.stringify(settings)), { host: client.url, token: 'e2e-token' });
    await openDesigner(page, id);
    await page.getByTestId('designer-client-print').click();
    await expect(page.getByTestId('print-client-status')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('print-client-status')).toHaveText('已连接');
    // the printer list comes from the client
    await page.getByTestId('print-client-printer').click();
    await page.getByRole('option', { name: '小票打印机' }).click();
    await page.getByTestId('print-client-send').click();
    await expect(page.getByTestId('toast-success')).toContainText('已发送到打印客户端');
    expect(client.jobs).toHaveLength(1);
    const job = client.jobs[0];
    expect(job.options).toEqual({ printer: 'XP-58' });
    expect(job.html).toContain('<!doctype html>');
    expect(job.html).toContain('wxy-print-page');
    expect(job.html).toContain('商品调拨单');
    expect(job.html).toContain('@page{size:210mm 297mm');
    expect(job.templateId).toMatch(/^输出测试-/);
  });

  test('a wrong token leaves the client closed and printing disabled', async ({ page, request }) => {
    const id = await storedTemplate(request);
    await page.addInitScript((settings) => localStorage.setItem('wxy.printClient', JSON.stringify(settings)), { host: client.url, token: 'wrong' });
    await openDesigner(page, id);
    await page.getByTestId('designer-client-print').click();
    await expect(page.getByTestId('print-client-status')).toHaveAttribute('data-status', 'closed');
    await expect(page.getByTestId('print-client-send')).toBeDisabled();
    expect(client.refusedTokens).toContain('wrong');
    // the right token typed in connects
    await page.getByTestId('print-client-token').fill('e2e-token');
    await page.getByTestId('print-client-connect').click();
    await expect(page.getByTestId('print-client-status')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('print-client-send')).toBeEnabled();
  });
});

test('a rotated panel previews as a turned (landscape) page, the paper turned 90° clockwise as in the PDF', async ({ page, request }) => {
  const t = sampleTemplate();
  const id = await storedTemplate(request, { ...t, panels: [{ ...t.panels[0], rotate: true }] });
  await openDesigner(page, id);
  await page.getByTestId('designer-preview').click();
  const turned = page.getByTestId('print-page-turned');
  await expect(turned).toHaveCount(1);
  const box = (await turned.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(297 / 210, 1);
  // the title at the top of the portrait paper is read down the right-hand edge of the turned page
  const title = (await turned.getByText('商品调拨单').boundingBox())!;
  expect(title.x - box.x).toBeGreaterThan(box.width * 0.8);
  expect(title.height).toBeGreaterThan(title.width);
});
