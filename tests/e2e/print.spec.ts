import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { paginateTemplate } from '../../core/print/paginate/index.ts';
import { sampleTemplate } from '../../core/print/pdf/sampleTemplate.ts';
import { TEMPLATE_KIND, TEMPLATE_VERSION, type PrintTemplate } from '../../core/print/template/types.ts';
import { pdfPageRuns, pdfPageTexts } from '../../core/print/pdf/testing/pdfText.ts';
import { startTestPrintServer, type TestPrintServer } from '../support/printClientServer.ts';
import { expect, logIn, test } from './support';

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
  await logIn(page, 'admin', 'admin123', '1', { to: `/storageManage/sysPrintTem?id=${id}` });
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
  test.beforeEach(async () => {
    client = await startTestPrintServer({ token: 'e2e-token' });
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
    await expect(page.getByTestId('toast-success')).toContainText('打印成功');
    expect(client.jobs).toHaveLength(1);
    const job = client.jobs[0];
    // electron-hiprint reads these at the top level: the chosen printer, A4 in microns, the job's name in the queue
    expect(job).toMatchObject({ printer: 'XP-58', copies: 1, landscape: false, pageSize: { width: 210_000, height: 297_000 } });
    expect(job.title).toMatch(/^输出测试-/);
    expect(job.html).toContain('<!doctype html>');
    expect(job.html).toContain('wxy-print-page');
    expect(job.html).toContain('商品调拨单');
    expect(job.html).toContain('@page{size:210mm 297mm');
    expect(job.templateId).toMatch(/^输出测试-/);
  });

  test('two copies on a stopped printer: the client\'s refusal shows, nothing is called printed', async ({ page, request }) => {
    const id = await storedTemplate(request);
    await page.addInitScript((settings) => localStorage.setItem('wxy.printClient', JSON.stringify(settings)), { host: client.url, token: 'e2e-token' });
    await openDesigner(page, id);
    await page.getByTestId('designer-client-print').click();
    await expect(page.getByTestId('print-client-status')).toHaveAttribute('data-status', 'connected');
    await page.getByTestId('print-client-printer').click();
    await page.getByRole('option', { name: '已停用的打印机' }).click();
    await page.getByTestId('print-client-copies').fill('2');
    await page.getByTestId('print-client-send').click();
    await expect(page.getByTestId('toast-error')).toContainText('HP-Stopped打印机异常');
    await expect(page.getByTestId('toast-success')).toHaveCount(0);
    expect(client.jobs).toHaveLength(1);
    expect(client.jobs[0]).toMatchObject({ printer: 'HP-Stopped', copies: 2 });
  });

  test('a wrong token leaves the client closed and printing disabled', async ({ page, request }) => {
    const id = await storedTemplate(request);
    await page.addInitScript((settings) => localStorage.setItem('wxy.printClient', JSON.stringify(settings)), { host: client.url, token: 'wrong' });
    await openDesigner(page, id);
    await page.getByTestId('designer-client-print').click();
    await expect(page.getByTestId('print-client-status')).toHaveAttribute('data-status', 'closed');
    await expect(page.getByTestId('print-client-send')).toBeDisabled();
    // electron-hiprint's own words
    await expect(page.getByTestId('print-client-panel')).toContainText('Token 错误');
    expect(client.refusedTokens).toContain('wrong');
    // the right token typed in connects
    await page.getByTestId('print-client-token').fill('e2e-token');
    await page.getByTestId('print-client-connect').click();
    await expect(page.getByTestId('print-client-status')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('print-client-send')).toBeEnabled();
  });
});

/** A4, header line 40, footer line 800: a 15 pt bold title in the default 9.75 pt box, a 5-column table of `rows` rows with a page summary. */
function longTableTemplate(rows = 100): PrintTemplate {
  const items = Array.from({ length: rows }, (_, i) => ({ sku: `SKU${String(i + 1).padStart(5, '0')}`, name: `测试商品${i + 1}号`, qty: (i % 9) + 1, amount: (((i % 9) + 1) * 9.9).toFixed(2) }));
  return {
    version: TEMPLATE_VERSION,
    kind: TEMPLATE_KIND,
    panels: [{
      index: 0, name: '长表', paperType: 'A4', width: 210, height: 297, paperHeader: 40, paperFooter: 800,
      printElements: [
        { type: 'text', options: { left: 20, top: 10, width: 300, height: 9.75, title: '商品调拨单', fontSize: 15, fontWeight: 'bold' } },
        {
          type: 'table',
          options: {
            left: 20, top: 50, width: 555, height: 40, fontSize: 9, tableFooterRepeat: 'page',
            columns: [[
              { title: '序号', width: 40, tableTextType: 'sequence', align: 'center' },
              { title: '商品编码', field: 'sku', width: 100 },
              { title: '商品名称', field: 'name', width: 215 },
              { title: '数量', field: 'qty', width: 70, align: 'right', tableSummary: 'sum', tableSummaryNumFormat: '0' },
              { title: '金额（元）', field: 'amount', width: 130, align: 'right', tableSummary: 'sum', tableSummaryNumFormat: '2' },
            ]],
            testData: JSON.stringify(items),
          },
        },
        { type: 'text', options: { left: 20, top: 805, width: 300, height: 14, title: '打印自 零售连锁管理后台', fontSize: 8 } },
      ],
    }],
  };
}

test.describe('browser print lays out as the paginator planned', () => {
  let client: TestPrintServer;
  test.beforeEach(async () => {
    client = await startTestPrintServer({ token: 'e2e-token' });
  });
  test.afterEach(async () => client?.close());

  test('every printed table row is where and as tall as planned (within 0.5 pt), none past the footer line', async ({ page, request, browser }) => {
    const template = longTableTemplate(100);
    const id = await storedTemplate(request, template);
    await page.addInitScript((settings) => localStorage.setItem('wxy.printClient', JSON.stringify(settings)), { host: client.url, token: 'e2e-token' });
    await openDesigner(page, id);
    await page.getByTestId('designer-client-print').click();
    await expect(page.getByTestId('print-client-status')).toHaveAttribute('data-status', 'connected');
    await page.getByTestId('print-client-printer').click();
    await page.getByRole('option', { name: '小票打印机' }).click();
    await page.getByTestId('print-client-send').click();
    await expect(page.getByTestId('toast-success')).toContainText('打印成功');
    // the printed document: renderPreviewHtml's pages with the print stylesheet, as the hidden frame prints it
    const printed = await browser.newPage();
    await printed.setContent(client.jobs[0].html);
    await printed.emulateMedia({ media: 'print' });
    await printed.evaluate(() => document.fonts.ready);

    const plan = paginateTemplate(template).pages;
    expect(plan.length).toBe(2);
    const measured = await printed.evaluate(() => [...document.querySelectorAll('.wxy-print-page')].map((paper) => {
      const top = paper.getBoundingClientRect().top;
      const pt = (px: number) => px * 0.75;
      const table = paper.querySelector('[data-type="table"]')!;
      return {
        rows: [...table.querySelectorAll('tr')].map((tr) => {
          const r = tr.getBoundingClientRect();
          return { top: pt(r.top - top), height: pt(r.height), text: tr.textContent ?? '' };
        }),
        lineHeights: [...table.querySelectorAll('td, th')].map((c) => getComputedStyle(c).lineHeight),
        title: pt(paper.querySelector('[data-type="text"]')!.getBoundingClientRect().height),
      };
    }));
    expect(measured.length).toBe(plan.length);
    let printedRows = 0;
    plan.forEach((p, k) => {
      const placed = p.placements.find((x) => x.table)!;
      const tp = placed.table!;
      // planned rows top to bottom: header rows, body rows, footer (page summary) rows
      const planned: Array<{ top: number; height: number }> = [];
      let y = tp.top;
      for (const h of tp.showHeader ? placed.tableLayout!.headerRowHeights : []) planned.push({ top: y, height: h }), (y += h);
      for (const item of tp.lanes[0]) planned.push({ top: y, height: item.height }), (y += item.height);
      for (const f of tp.footer) planned.push({ top: y, height: f.height }), (y += f.height);
      const rows = measured[k].rows;
      expect(rows.length, `rows on page ${k + 1}`).toBe(planned.length);
      rows.forEach((row, i) => {
        expect(Math.abs(row.top - planned[i].top), `row ${i} of page ${k + 1} at ${row.top} pt, planned ${planned[i].top}`).toBeLessThanOrEqual(0.5);
        expect(Math.abs(row.height - planned[i].height), `row ${i} of page ${k + 1} ${row.height} pt tall, planned ${planned[i].height}`).toBeLessThanOrEqual(0.5);
        expect(row.top + row.height, `row ${i} of page ${k + 1} crosses the footer line`).toBeLessThanOrEqual(p.footerLine + 0.01);
      });
      printedRows += tp.rowIndices.length;
      expect(rows.at(-1)!.text).toMatch(/^合计:/);
      // 11.25 pt = 15 px: the paginator's 1.25 em, not Noto Sans CJK's normal (1.448 em)
      expect(new Set(measured[k].lineHeights)).toEqual(new Set(['15px']));
      // the 15 pt title grew to its 18.75 pt line
      expect(measured[k].title).toBeCloseTo(18.75, 1);
    });
    expect(printedRows).toBe(100);
    await printed.close();
  });
});

/** Dark pixels' rows and columns (pt) of page 1 of a PDF inside a region, rendered by pdftoppm at 4 px per pt. */
function inkBox(pdf: Uint8Array, region: { left: number; top: number; right: number; bottom: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'wxy-pdf-'));
  writeFileSync(join(dir, 'out.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '288', '-gray', '-f', '1', '-l', '1', join(dir, 'out.pdf'), join(dir, 'page')]);
  const file = readdirSync(dir).find((f) => f.endsWith('.pgm'))!;
  const pgm = readFileSync(join(dir, file));
  // binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel
  const header = pgm.subarray(0, 64).toString('latin1').match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
  const [w, h] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const s = 4;
  let top = Infinity;
  let bottom = -Infinity;
  for (let y = Math.floor(region.top * s); y < Math.min(h, region.bottom * s); y++) {
    for (let x = Math.floor(region.left * s); x < Math.min(w, region.right * s); x++) {
      if (pixels[y * w + x] < 128) {
        top = Math.min(top, y / s);
        bottom = Math.max(bottom, (y + 1) / s);
      }
    }
  }
  return { top, bottom, pageHeight: h / s };
}

test('a 15 pt bold title in the default 9.75 pt box prints whole in the PDF, as tall as in the preview', async ({ page, request }) => {
  const id = await storedTemplate(request, longTableTemplate(3));
  await openDesigner(page, id);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('designer-export-pdf').click()]);
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  // the title's box is left 20, top 10; nothing else is drawn between 0 and 40 pt
  const ink = inkBox(bytes, { left: 0, top: 0, right: 400, bottom: 40 });
  expect(ink.pageHeight).toBeCloseTo(841.89, 0);
  // the whole ideographic face: 15 pt × ~0.9 tall, inside the grown box 10 … 28.75 pt (it was cut at 19.75)
  expect(ink.bottom - ink.top).toBeGreaterThan(12.5);
  expect(ink.top).toBeGreaterThanOrEqual(10);
  expect(ink.bottom).toBeLessThanOrEqual(28.75);
  // the preview draws the same box: its title frame is 18.75 pt tall
  await page.getByTestId('designer-preview').click();
  const frame = page.getByTestId('print-page').first().locator('[data-type="text"]').filter({ hasText: '商品调拨单' });
  expect(await frame.evaluate((el) => (el as HTMLElement).style.height)).toBe('18.75pt');
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
