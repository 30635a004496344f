/**
 * Print benchmark (npm run bench): a 100-page PDF export with the vector writer, and 10 of those pages
 * against the anchor's way in the same run (each page rasterized in Chromium at scale 2 as JPEG, then
 * put into a PDF),
 * and the server's render-to-PDF call against the pagination it starts from.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { paginateTemplate } from '../../core/print/paginate/index.ts';
import { units } from '../../core/print/paper/index.ts';
import { writePdf, dataUrlOnly, PAGE_EXTRA_WIDTH_MM } from '../../core/print/pdf/index.ts';
import { sampleData, sampleTemplate } from '../../core/print/pdf/sampleTemplate.ts';
import { printDocumentHtml } from '../../screens-custom/designer/print/printDocument.ts';
import type { PrintPreview, RenderPreviewHtml } from '../../screens-custom/designer/print/types.ts';
import { renderTemplatePdf } from '../../server/printTemplates/render.ts';
import { serverPdfFonts } from '../../server/printTemplates/fonts.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const PAGES = 100;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

/** Rows of the sample template that make `pages` pages. */
async function rowsFor(pages: number): Promise<number> {
  const fonts = await serverPdfFonts();
  let rows = pages * 52;
  for (let i = 0; i < 4; i++) {
    const out = await writePdf({ template: sampleTemplate(), data: sampleData(rows), fonts, loadImage: dataUrlOnly });
    if (out.pageCount === pages) return rows;
    rows = Math.max(1, Math.round((rows * pages) / out.pageCount) - (out.pageCount > pages ? 5 : -5));
  }
  return rows;
}

/** The preview HTML designer-ui renders (React + a ?raw stylesheet), loaded through Vite's SSR loader. */
async function previewHtml(data: Record<string, unknown>): Promise<PrintPreview> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: ROOT, logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
  try {
    const mod = (await vite.ssrLoadModule('/screens-custom/designer/preview/previewHtml.ts')) as { renderPreviewHtml: RenderPreviewHtml };
    return mod.renderPreviewHtml(sampleTemplate(), data);
  } finally {
    await vite.close();
  }
}

/** The anchor's export: every page screenshotted at scale 2 as JPEG (quality 0.92) into a PDF of paper width + 2 mm. */
async function rasterPdf(preview: PrintPreview): Promise<{ bytes: Uint8Array; pages: number; ms: number }> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    const css = readFileSync(path.join(ROOT, 'public/print-lock.css'), 'utf8');
    const t = performance.now();
    await page.setContent(printDocumentHtml(preview, css));
    const papers = await page.locator('.wxy-print-page').all();
    const doc = await PDFDocument.create();
    const w = units.mmToPt(preview.paper.widthMm + PAGE_EXTRA_WIDTH_MM);
    const h = units.mmToPt(preview.paper.heightMm);
    for (const paper of papers) {
      const jpeg = await paper.screenshot({ type: 'jpeg', quality: 92 });
      const img = await doc.embedJpg(jpeg);
      doc.addPage([w, h]).drawImage(img, { x: 0, y: 0, width: units.mmToPt(preview.paper.widthMm), height: h });
    }
    const bytes = await doc.save();
    return { bytes, pages: papers.length, ms: performance.now() - t };
  } finally {
    await browser.close();
  }
}

/** Pages rasterized for the baseline: screenshots cost about 3 s a page here, so a tenth of the document. */
const RASTER_PAGES = 10;

export async function benchPrint(): Promise<void> {
  console.log('\n## Print: PDF export, vector vs the anchor\'s raster (scale 2, JPEG)');
  const fonts = await serverPdfFonts();
  const rows = await rowsFor(PAGES);
  const data = sampleData(rows);
  const vectorRun = async (d: Record<string, unknown>) => {
    const runs: number[] = [];
    let out = await writePdf({ template: sampleTemplate(), data: d, fonts, loadImage: dataUrlOnly });
    for (let i = 0; i < 3; i++) {
      const [o, t] = await timed(() => writePdf({ template: sampleTemplate(), data: d, fonts, loadImage: dataUrlOnly }));
      out = o;
      runs.push(t);
    }
    return { out, ms: median(runs) };
  };
  const full = await vectorRun(data);
  console.log(`vector, ${full.out.pageCount} pages (${rows} table rows): ${ms(full.ms)} (target < 3000 ms), ${kb(full.out.bytes.length)}; text selectable, font subset embedded`);
  const smallRows = await rowsFor(RASTER_PAGES);
  const small = await vectorRun(sampleData(smallRows));
  try {
    const preview = await previewHtml(sampleData(smallRows));
    const raster = await rasterPdf(preview);
    console.log(`same ${RASTER_PAGES} pages: vector ${ms(small.ms)}, ${kb(small.out.bytes.length)}; raster baseline (${raster.pages} pages) ${ms(raster.ms)}, ${kb(raster.bytes.length)} (192 dpi pixels, no text)`);
    console.log(`vector / raster: time ${(small.ms / raster.ms).toFixed(3)}x, size ${(small.out.bytes.length / raster.bytes.length).toFixed(3)}x`);
  } catch (e) {
    console.log(`raster baseline not measured: ${(e as Error).message.split('\n')[0]}`);
  }

  console.log('\n## Print: server render-to-PDF (print-template/render), against its pagination alone');
  for (const n of [5, rows]) {
    const d = sampleData(n);
    const pag: number[] = [];
    const render: number[] = [];
    let pages = 0;
    for (let i = 0; i < 3; i++) {
      pag.push((await timed(async () => paginateTemplate(sampleTemplate(), { data: d })))[1]);
      const [out, t] = await timed(() => renderTemplatePdf(sampleTemplate(), d, 'bench', dataUrlOnly));
      render.push(t);
      pages = out.pageCount;
    }
    console.log(`${pages} page(s): render ${ms(median(render))}, pagination ${median(pag).toFixed(1)} ms (${(median(render) / Math.max(median(pag), 0.01)).toFixed(1)}x)`);
  }
}
