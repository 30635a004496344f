import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { units } from '../paper/index.ts';
import type { PrintTemplate } from '../template/types.ts';
import { validateTemplate } from '../template/index.ts';
import { PDF_FONT_FILES } from './fontFiles.ts';
import { dataUrlOnly, loadWithRetry, writePdf, type PdfFontBytes } from './index.ts';
import { SAMPLE_PNG, sampleData, sampleTemplate } from './sampleTemplate.ts';
import { pdfPageContent, pdfPageRuns, pdfPageTexts } from './testing/pdfText.ts';

const require = createRequire(import.meta.url);
let fonts: PdfFontBytes;
beforeAll(() => {
  const file = (path: string) => new Uint8Array(readFileSync(require.resolve(path)));
  fonts = {
    regular: file(PDF_FONT_FILES.sans.regular), bold: file(PDF_FONT_FILES.sans.bold),
    serif: { regular: file(PDF_FONT_FILES.serif.regular), bold: file(PDF_FONT_FILES.serif.bold) },
  };
});

const NOW = new Date(2026, 10, 21, 9, 30);

function withElements(t: PrintTemplate, f: (els: PrintTemplate['panels'][0]['printElements']) => PrintTemplate['panels'][0]['printElements']): PrintTemplate {
  return { ...t, panels: [{ ...t.panels[0], printElements: f(t.panels[0].printElements) }] };
}

describe('vector PDF writer', () => {
  it('the reference template is valid', () => {
    const v = validateTemplate(sampleTemplate());
    expect(v.ok ? [] : v.errors).toEqual([]);
  });

  it('writes real, extractable Chinese text, one page per paginated page, at paper width + 2 mm', async () => {
    const out = await writePdf({ template: sampleTemplate(), data: sampleData(120), fonts, now: NOW, loadImage: dataUrlOnly });
    const doc = await PDFDocument.load(out.bytes);
    expect(out.pageCount).toBeGreaterThan(2);
    expect(doc.getPageCount()).toBe(out.pageCount);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(units.mmToPt(212), 1);
    expect(height).toBeCloseTo(units.mmToPt(297), 1);

    const pages = await pdfPageTexts(out.bytes);
    const all = pages.flat();
    expect(pages[0]).toContain('商品调拨单');
    expect(pages[0]).toContain('调拨单号：DB20261121001');
    expect(pages[0]).toContain('调出仓库：上海一号仓');
    // every row printed exactly once, in order, across the pages
    const names = all.filter((t) => /^测试商品\d+号/.test(t));
    expect(names).toHaveLength(120);
    expect(names[0]).toBe('测试商品1号 · 规格1');
    expect(names[119]).toBe('测试商品120号 · 规格1');
    // the header repeats on every page; paper numbers count the pages
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('商品名称');
      expect(page).toContain(`第${i + 1}页/共${pages.length}页`);
    }
    // grand total on the last page: qty sums to 120 rows of (i % 9) + 1
    const qty = Array.from({ length: 120 }, (_, i) => (i % 9) + 1).reduce((a, b) => a + b, 0);
    expect(pages[pages.length - 1].filter((t) => t === `合计:${qty}`).length).toBeGreaterThan(0);
    // the watermark with its print time
    expect(pages[0]).toContain('内部资料 2026-11-21 09:30');
  });

  it('embeds a small font subset whose glyphs all have outlines (no blank characters)', async () => {
    const out = await writePdf({ template: sampleTemplate(), data: sampleData(3), fonts, now: NOW, loadImage: dataUrlOnly });
    expect(out.bytes.length).toBeLessThan(120_000);
    const doc = await PDFDocument.load(out.bytes);
    const fontDicts = [...doc.context.enumerateIndirectObjects()].map(([, o]) => o).filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Subtype'))?.toString() === '/Type0');
    expect(fontDicts.length).toBeGreaterThanOrEqual(1);
    for (const type0 of fontDicts) {
      const cid = doc.context.lookup((type0.get(PDFName.of('DescendantFonts')) as PDFArray).get(0)) as PDFDict;
      const descriptor = doc.context.lookup(cid.get(PDFName.of('FontDescriptor'))) as PDFDict;
      const file = doc.context.lookup(descriptor.get(PDFName.of('FontFile2'))) as PDFRawStream;
      const ttf = inflateSync(file.contents);
      expect(ttf.length).toBeLessThan(100_000); // a subset, not the 10 MB font
      const subset = fontkit.create(ttf) as unknown as { numGlyphs: number; getGlyph(id: number): { path: { commands: unknown[] } } };
      // glyph 0 is .notdef; every CJK glyph used must have an outline (fontkit's unpadded subset broke these)
      let outlined = 0;
      for (let id = 1; id < subset.numGlyphs; id++) if (subset.getGlyph(id).path.commands.length > 0) outlined++;
      expect(outlined).toBeGreaterThan(subset.numGlyphs - 4); // a space has no outline
    }
  });

  it('draws barcodes and QR codes as vector paths, and a bad barcode text as the §8 message', async () => {
    const t = withElements(sampleTemplate(), (els) => [
      ...els,
      { type: 'text', options: { left: 20, top: 300, width: 150, height: 40, field: 'ean', textType: 'barcode', barcodeMode: 'EAN13' } },
    ]);
    const out = await writePdf({ template: t, data: { ...sampleData(2), ean: 'not digits' }, fonts, now: NOW, loadImage: dataUrlOnly });
    const texts = (await pdfPageTexts(out.bytes))[0];
    expect(texts).toContain('此条码格式不支持该内容');
    const doc = await PDFDocument.load(out.bytes);
    const content = (doc.getPage(0).node.Contents() as PDFArray).asArray().map((r) => inflateSync((doc.context.lookup(r) as PDFRawStream).contents).toString('latin1')).join('\n');
    // no raster image except the template's own picture: codes are filled paths
    expect((content.match(/ Do /g) ?? []).length).toBe(1);
    const filledPaths = content.match(/ rg\n[^Q]*?\nf Q/g) ?? [];
    expect(filledPaths.length).toBe(2); // the barcode's bars and the QR code's modules, one path each
    for (const p of filledPaths) expect((p.match(/ m\n/g) ?? []).length).toBeGreaterThan(20);
    expect(texts).toContain('DB20261121001'); // the barcode's human-readable line is real text
  });

  it('a 15 pt bold title in the default 9.75 pt box prints whole: the box grows to its line, the glyphs inside it, nothing clipped', async () => {
    const t: PrintTemplate = { ...sampleTemplate(), panels: [{ index: 0, paperType: 'A4', width: 210, height: 297, paperHeader: 0, paperFooter: 841.89, printElements: [
      { type: 'text', options: { left: 20, top: 60, width: 200, height: 9.75, title: '商品调拨单', fontSize: 15, fontWeight: 'bold' } },
    ] }] };
    const out = await writePdf({ template: t, fonts, now: NOW, loadImage: dataUrlOnly });
    const run = (await pdfPageRuns(out.bytes))[0].find((r) => r.text === '商品调拨单')!;
    expect(run).toMatchObject({ font: 'NotoSansSC-Bold', size: 15 });
    const baseline = units.mmToPt(297) - run.y;
    // CSS's line box: baseline at half-leading + ascent (1.16 em) in a 1.25 em line, the same as the DOM
    expect(baseline).toBeCloseTo(60 + (18.75 - 1.448 * 15) / 2 + 1.16 * 15, 2);
    // the ideographic face (0.88 em above the baseline, 0.12 below) lies inside the grown 18.75 pt box
    expect(baseline - 0.88 * 15).toBeGreaterThanOrEqual(60);
    expect(baseline + 0.12 * 15).toBeLessThanOrEqual(60 + 18.75);
    expect(await pdfPageContent(out.bytes)).not.toMatch(/ re W n/);
  });

  it('a barcode without a field prints its test data as caption (as the preview shows it), never its title', async () => {
    const t = withElements(sampleTemplate(), () => [
      { type: 'barcode', title: '条形码', options: { left: 20, top: 300, width: 160, height: 50, testData: '6901234567892', fontSize: 9, title: '条形码' } },
      { type: 'text', options: { left: 20, top: 400, width: 160, height: 50, textType: 'barcode', testData: '12345678', title: '条码文本' } },
    ]);
    for (const data of [undefined, { other: 1 }]) {
      const texts = (await pdfPageTexts((await writePdf({ template: t, data, fonts, now: NOW, loadImage: dataUrlOnly })).bytes))[0];
      expect(texts).toContain('6901234567892');
      expect(texts).toContain('12345678');
      expect(texts.join('\n')).not.toMatch(/条形码|条码文本/);
    }
  });

  it('retries an image 10 times, 500 ms apart, then prints without it', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(loadWithRetry('x', async () => {
      calls++;
      throw new Error('offline');
    }, undefined, async (ms) => void waits.push(ms))).rejects.toThrow('offline');
    expect(calls).toBe(10);
    expect(waits).toEqual(Array(9).fill(500));

    let attempts = 0;
    const bytes = await loadWithRetry('y', async () => {
      if (++attempts < 3) throw new Error('not yet');
      return new Uint8Array([1]);
    }, { attempts: 10, delayMs: 0 });
    expect([attempts, bytes.length]).toEqual([3, 1]);

    const t = withElements(sampleTemplate(), (els) => els.map((e) => (e.type === 'image' ? { ...e, options: { ...e.options, src: 'https://example.invalid/a.png' } } : e)));
    const out = await writePdf({ template: t, data: sampleData(1), fonts, now: NOW, loadImage: dataUrlOnly, imageRetry: { attempts: 2, delayMs: 0 } });
    expect((await pdfPageTexts(out.bytes))[0].join('')).toContain('图片加载失败');
    expect(SAMPLE_PNG.startsWith('data:image/png')).toBe(true);
  });

  it('prints the pagination message in red instead of looping when nothing fits', async () => {
    const t = sampleTemplate();
    const hostile: PrintTemplate = { ...t, panels: [{ ...t.panels[0], paperHeader: 700, paperFooter: 705 }] };
    const out = await writePdf({ template: hostile, data: sampleData(50), fonts, now: NOW, loadImage: dataUrlOnly });
    expect(out.errors.length).toBeGreaterThan(0);
    const texts = (await pdfPageTexts(out.bytes)).flat().join('\n');
    expect(texts).toMatch(/Not enough space/);
  });
});
