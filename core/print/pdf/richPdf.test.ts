import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_KIND, TEMPLATE_VERSION, type Panel, type PrintElement, type PrintTemplate } from '../template/types.ts';
import { validateTemplate } from '../template/index.ts';
import { PDF_FONT_FILES } from './fontFiles.ts';
import { dataUrlOnly, fontKindOf, writePdf, type PdfFontBytes, type PdfFontSource } from './index.ts';
import { pdfPageContent, pdfPageRuns } from './testing/pdfText.ts';

const require = createRequire(import.meta.url);
let fonts: PdfFontBytes;
beforeAll(() => {
  const file = (path: string) => new Uint8Array(readFileSync(require.resolve(path)));
  fonts = {
    regular: file(PDF_FONT_FILES.sans.regular), bold: file(PDF_FONT_FILES.sans.bold),
    serif: { regular: file(PDF_FONT_FILES.serif.regular), bold: file(PDF_FONT_FILES.serif.bold) },
  };
});

function template(elements: PrintElement[], panel: Partial<Panel> = {}): PrintTemplate {
  return {
    version: TEMPLATE_VERSION, kind: TEMPLATE_KIND,
    panels: [{ index: 0, paperType: 'A5', width: 148, height: 210, paperHeader: 0, paperFooter: 595, printElements: elements, paperNumberDisabled: true, ...panel }],
  };
}

async function write(t: PrintTemplate, source: PdfFontBytes | PdfFontSource = fonts) {
  const v = validateTemplate(t);
  expect(v.ok ? [] : v.errors).toEqual([]);
  return writePdf({ template: t, fonts: source, loadImage: dataUrlOnly });
}

describe('PDF fonts per fontFamily', () => {
  it('maps font families to the embedded sans or serif family', () => {
    expect(['', undefined, 'Microsoft YaHei', '微软雅黑', '黑体', 'SimHei', 'sans-serif', 'Arial, SimSun'].map(fontKindOf)).toEqual(Array(8).fill('sans'));
    expect(['SimSun', '宋体', 'serif', "'Times New Roman', serif", 'Unknown Font, SimSun', '仿宋'].map(fontKindOf)).toEqual(Array(6).fill('serif'));
    // the designer's host font list (page/printFonts.ts)
    expect(['SimHei', 'KaiTi', 'FangSong', 'Noto Sans SC', 'PingFang SC'].map(fontKindOf)).toEqual(['sans', 'serif', 'serif', 'sans', 'sans']);
  });

  it('the designer canvas and preview default font is the family an unset fontFamily prints in (sans)', () => {
    const css = readFileSync(new URL('../../../screens-custom/designer/render/designer.css', import.meta.url), 'utf8');
    const paperFont = /\.wxy-paper \{[^}]*font-family:\s*([^;}]+)/.exec(css)?.[1];
    expect(paperFont).toBeTruthy();
    expect(fontKindOf(paperFont)).toBe(fontKindOf(undefined));
    expect(fontKindOf(undefined)).toBe('sans');
  });

  it('prints SimSun text in Noto Serif SC, YaHei and default text in Noto Sans SC, bold in the bold files', async () => {
    const out = await write(template([
      { type: 'text', options: { left: 20, top: 20, width: 300, height: 20, title: '宋体标题', fontFamily: 'SimSun' } },
      { type: 'text', options: { left: 20, top: 50, width: 300, height: 20, title: '宋体加粗', fontFamily: 'SimSun', fontWeight: 'bold' } },
      { type: 'text', options: { left: 20, top: 80, width: 300, height: 20, title: '雅黑文字', fontFamily: 'Microsoft YaHei' } },
      { type: 'text', options: { left: 20, top: 110, width: 300, height: 20, title: '默认加粗', fontWeight: 'bold' } },
    ]));
    const runs = (await pdfPageRuns(out.bytes))[0];
    const fontOf = (text: string) => runs.find((r) => r.text === text)?.font;
    expect(fontOf('宋体标题')).toBe('NotoSerifSC-Regular');
    expect(fontOf('宋体加粗')).toBe('NotoSerifSC-Bold');
    expect(fontOf('雅黑文字')).toBe('NotoSansSC-Regular');
    expect(fontOf('默认加粗')).toBe('NotoSansSC-Bold');
  });

  it('embeds serif subsets whose glyphs all have outlines', async () => {
    const out = await write(template([
      { type: 'text', options: { left: 20, top: 20, width: 300, height: 20, title: '宋体常规文字一二三', fontFamily: 'SimSun' } },
      { type: 'text', options: { left: 20, top: 50, width: 300, height: 20, title: '宋体粗体文字四五六', fontFamily: 'SimSun', fontWeight: 'bold' } },
    ]));
    const doc = await PDFDocument.load(out.bytes);
    const files = [...doc.context.enumerateIndirectObjects()].map(([, o]) => o)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type'))?.toString() === '/FontDescriptor')
      .map((d) => ({ name: String(d.get(PDFName.of('FontName'))), ttf: inflateSync((doc.context.lookup(d.get(PDFName.of('FontFile2'))) as PDFRawStream).contents) }));
    const serif = files.filter((f) => f.name.includes('NotoSerifSC'));
    expect(serif).toHaveLength(2);
    for (const f of serif) {
      expect(f.ttf.length).toBeLessThan(60_000);
      const subset = fontkit.create(f.ttf) as unknown as { numGlyphs: number; getGlyph(id: number): { path: { commands: unknown[] } } };
      expect(subset.numGlyphs).toBe(f.name.includes('Bold') ? 9 : 10); // .notdef + the distinct characters (体 twice in the bold line)
      for (let id = 1; id < subset.numGlyphs; id++) expect(subset.getGlyph(id).path.commands.length).toBeGreaterThan(0);
    }
  });

  it('takes the panel fontFamily for elements without their own, tables included', async () => {
    const out = await write(template([
      { type: 'text', options: { left: 20, top: 20, width: 300, height: 20, title: '面板字体' } },
      { type: 'table', options: { left: 20, top: 60, width: 300, height: 40, columns: [[{ title: '名称', field: 'name', width: 300 }]], testData: '[{"name":"商品甲"}]' } },
    ], { fontFamily: 'SimSun' }));
    const runs = (await pdfPageRuns(out.bytes))[0];
    expect(runs.find((r) => r.text === '面板字体')?.font).toBe('NotoSerifSC-Regular');
    expect(runs.find((r) => r.text === '名称')?.font).toBe('NotoSerifSC-Bold');
    expect(runs.find((r) => r.text === '商品甲')?.font).toBe('NotoSerifSC-Regular');
  });

  it('reads only the font files a template uses', async () => {
    const asked: string[] = [];
    const source: PdfFontSource = async (kind, weight) => {
      asked.push(`${kind}-${weight}`);
      return kind === 'serif' ? fonts.serif?.[weight] : fonts[weight];
    };
    await write(template([{ type: 'text', options: { left: 20, top: 20, width: 300, height: 20, title: '只用常规' } }]), source);
    expect(asked).toEqual(['sans-regular']);
    asked.length = 0;
    await write(template([{ type: 'text', options: { left: 20, top: 20, width: 300, height: 20, title: '宋体', fontFamily: 'SimSun' } }]), source);
    expect(asked.sort()).toEqual(['sans-regular', 'serif-regular']);
  });
});

describe('html elements as rich text', () => {
  const html = (content: string, options: Record<string, unknown> = {}): PrintElement =>
    ({ type: 'html', options: { left: 20, top: 20, width: 360, height: 300, content, ...options } }) as PrintElement;

  it('prints bold, italic, coloured and sized runs, paragraphs and line breaks, never the tags', async () => {
    const out = await write(template([html(
      '<p>普通<b>加粗</b><i>斜体</i><span style="color:#ff0000">红色</span><font color="blue" size="5">大蓝</font></p>'
      + '<div style="font-weight:bold; font-size: 16px">第二段</div>第一行<br>第二行<script>alert(1)</script><u>下划线</u>',
    )]));
    const runs = (await pdfPageRuns(out.bytes))[0];
    const run = (t: string) => runs.find((r) => r.text === t)!;
    expect(runs.map((r) => r.text).join('|')).toBe('普通|加粗|斜体|红色|大蓝|第二段|第一行|第二行|下划线');
    expect(run('普通')).toMatchObject({ font: 'NotoSansSC-Regular', size: 9, rgb: [0, 0, 0], skewed: false });
    expect(run('加粗').font).toBe('NotoSansSC-Bold');
    expect(run('斜体').skewed).toBe(true);
    expect(run('红色').rgb).toEqual([255, 0, 0]);
    expect(run('大蓝')).toMatchObject({ rgb: [0, 0, 255], size: 18 });
    expect(run('第二段')).toMatchObject({ font: 'NotoSansSC-Bold', size: 12 });
    // the break puts 第二行 on a line below 第一行 (PDF y grows upwards), at the same left edge
    expect(run('第二行').y).toBeLessThan(run('第一行').y - 9);
    expect(run('第二行').x).toBe(run('第一行').x);
    expect(run('加粗').y).toBe(run('普通').y);
  });

  it('aligns paragraphs, and lays a bordered table out in cells with grid lines', async () => {
    const out = await write(template([html(
      '<p style="text-align:right">右对齐</p><table border="1"><tr><th>品名</th><th>数量</th></tr><tr><td>苹果</td><td>3</td></tr></table>',
    )]));
    const runs = (await pdfPageRuns(out.bytes))[0];
    expect(runs.map((r) => r.text)).toEqual(['右对齐', '品名', '数量', '苹果', '3']);
    expect(runs.find((r) => r.text === '品名')?.font).toBe('NotoSansSC-Bold');
    const content = await pdfPageContent(out.bytes);
    const x = (t: string) => runs.find((r) => r.text === t)!.x;
    // right aligned: ends at the content box's right edge (20 + 360)
    expect(x('右对齐')).toBeGreaterThan(20 + 360 - 3 * 9 - 1);
    // the second column starts half-way across
    expect(x('数量')).toBeGreaterThan(20 + 180);
    expect(x('苹果')).toBeLessThan(20 + 180);
    expect((content.match(/ m [\d.]+ [\d.]+ l/g) ?? []).length).toBeGreaterThanOrEqual(8);
  });

  it('prints unknown tags as their text and element fields from the data', async () => {
    const t = template([html('<marquee>滚动<blink>文字</blink></marquee>'), { type: 'html', options: { left: 20, top: 400, width: 300, height: 40, field: 'note' } } as PrintElement]);
    const out = await writePdf({ template: t, data: { note: '<b>数据里的粗体</b>' }, fonts, loadImage: dataUrlOnly });
    const runs = (await pdfPageRuns(out.bytes))[0];
    expect(runs.map((r) => r.text)).toEqual(['滚动文字', '数据里的粗体']);
    expect(runs[1].font).toBe('NotoSansSC-Bold');
  });
});

describe('borderRadius and paper rotation', () => {
  it('draws rounded rectangles and rounded backgrounds as curved paths; an oval stays an ellipse', async () => {
    const out = await write(template([
      { type: 'rect', options: { left: 20, top: 20, width: 100, height: 60, borderRadius: '10', borderWidth: 2 } },
      { type: 'rect', options: { left: 20, top: 100, width: 100, height: 60 } },
      { type: 'oval', options: { left: 150, top: 20, width: 80, height: 40, backgroundColor: '#00ff00' } },
    ]));
    const content = await pdfPageContent(out.bytes);
    const stroked = content.split('\n').filter((l) => / S Q$/.test(l));
    // rounded: 4 straight sides and 4 Bézier corners; the plain rect is one `re`
    const rounded = stroked.find((l) => (l.match(/ c /g) ?? []).length === 4 && (l.match(/ l /g) ?? []).length === 4);
    expect(rounded).toBeDefined();
    // the path starts at left + radius on the top edge, inset by half the 2 pt border: 21 + 9 = 30
    expect(rounded).toMatch(/^q .* 30 [\d.]+ m /);
    expect(stroked.some((l) => / re S Q$/.test(l))).toBe(true);
    const filledEllipse = content.split('\n').find((l) => l.startsWith('q 0 1 0 rg'));
    expect((filledEllipse?.match(/ c /g) ?? []).length).toBe(4);
  });

  it('turns the page of a rotated panel by 90° and ignores the designer zoom (scale)', async () => {
    const el: PrintElement = { type: 'text', options: { left: 20, top: 20, width: 300, height: 20, title: '旋转' } };
    const rotated = await PDFDocument.load((await write(template([el], { rotate: true, scale: 1.5 }))).bytes);
    const plain = await PDFDocument.load((await write(template([el]))).bytes);
    expect(rotated.getPage(0).getRotation().angle).toBe(90);
    expect(plain.getPage(0).getRotation().angle).toBe(0);
    // same paper box and the same drawing: zoom is a view setting
    expect(rotated.getPage(0).getSize()).toEqual(plain.getPage(0).getSize());
  });
});
