/**
 * The vector PDF writer: a template (or its pagination) with print data -> PDF bytes. Real text in an
 * embedded CJK font subset, vector barcodes and QR codes, lines, shapes, images, the watermark and the
 * paper numbers. Each page is the paper plus 2 mm in width (the anchor's export size), content at
 * the left edge. Pure: fonts and image bytes come from the caller, so browser and server share it.
 */
import { PDFDocument, degrees, type PDFImage } from 'pdf-lib';
import { panelGeometry, paginateTemplate, type TemplatePagination } from '../paginate/index.ts';
import { finiteOr } from '../paginate/metrics.ts';
import { units } from '../paper/index.ts';
import { formatterRegistry as defaultRegistry, type FormatterRegistry } from '../template/registry.ts';
import type { PrintTemplate } from '../template/types.ts';
import { PageCanvas, PdfResources } from './canvas.ts';
import { parseColor } from './color.ts';
import { CodeCache } from './codes.ts';
import { drawPlacement, imageSrc } from './elements.ts';
import { embedFonts, fontKindOf, isBold, type FaceKey, type PdfFontBytes, type PdfFontSource } from './fonts.ts';
import { htmlFaces } from './richText.ts';
import { elementRawValue } from '../content/index.ts';
import type { CommonOptions } from '../template/types.ts';
import { IMAGE_RETRY, fetchImageBytes, imageKind, loadWithRetry, type ImageBytesLoader } from './images.ts';
import { drawLines } from './textLayout.ts';
import { drawWatermark } from './watermark.ts';

/** Extra page width over the paper (spec 001 §9: page width plus 2 mm). */
export const PAGE_EXTRA_WIDTH_MM = 2;
const PAPER_NUMBER_SIZE = 9;

export interface WritePdfInput {
  template: PrintTemplate;
  /** print data; without it the template's testData is printed, as in the designer */
  data?: Record<string, unknown>;
  /** font bytes, or a source asked for only the faces the template uses (each a 10-15 MB file) */
  fonts: PdfFontBytes | PdfFontSource;
  registry?: FormatterRegistry;
  /** a pagination computed before; default: paginate here with the PDF font's metrics */
  pagination?: TemplatePagination;
  /** image bytes by address; default fetch (browser). The server passes data:-only. */
  loadImage?: ImageBytesLoader;
  imageRetry?: { attempts: number; delayMs: number };
  /** the print time of a watermark with timestamp */
  now?: Date;
  title?: string;
}

export interface WrittenPdf {
  bytes: Uint8Array;
  pageCount: number;
  /** the paginator's §8 messages (also drawn in red on the page) */
  errors: TemplatePagination['errors'];
  warnings: string[];
}

export async function writePdf(input: WritePdfInput): Promise<WrittenPdf> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title ?? '打印');
  doc.setCreator('wxy print designer');
  doc.setProducer('pdf-lib');
  const fonts = await embedFonts(doc, input.fonts, facesUsed(input.template, input.data));
  const registry = input.registry ?? defaultRegistry;
  const pagination = input.pagination ?? paginateTemplate(input.template, { data: input.data, metrics: fonts.metrics, registry });
  const warnings = [...pagination.warnings];
  const warn = (m: string) => {
    if (warnings.length < 50) warnings.push(m);
  };
  const images = await loadImages(doc, input, pagination);
  const now = input.now ?? new Date();
  const pageNumberColor = parseColor('#000000')!;
  const resources = new PdfResources(doc);
  const codes = new CodeCache();

  pagination.panels.forEach((panelPages, k) => {
    const panel = input.template.panels[k];
    if (!panel) return;
    const geometry = panelGeometry(panel);
    const dx = finiteOr(panel.leftOffset, 0);
    const dy = finiteOr(panel.topOffset, 0);
    for (const page of panelPages.pages) {
      const pdfPage = doc.addPage([geometry.widthPt + units.mmToPt(PAGE_EXTRA_WIDTH_MM), geometry.heightPt]);
      const canvas = new PageCanvas(pdfPage, fonts, resources);
      // rotate: the paper is fed turned by 90° (the page shows and prints rotated); scale is the designer's
      // zoom (history reason 'zoom'), a view setting that never changes the printed size
      if (panel.rotate === true) pdfPage.setRotation(degrees(90));
      const ctx = { canvas, data: input.data, registry, images, codes, warn, kind: fontKindOf(panel.fontFamily) };
      for (const placement of page.placements) drawPlacement(ctx, { ...placement, left: placement.left + dx, top: placement.top + dy });
      if (page.paperNumber) {
        const { text, left, top } = page.paperNumber;
        drawLines(canvas, [{ text, indent: 0 }], { left: left + dx, top: top + dy, width: 200, height: PAPER_NUMBER_SIZE * 1.25 }, { size: PAPER_NUMBER_SIZE, color: pageNumberColor });
      }
      drawWatermark(canvas, panel.watermarkOptions, now);
      canvas.finish();
    }
  });
  if (doc.getPageCount() === 0) doc.addPage();
  const bytes = await doc.save({ useObjectStreams: true });
  return { bytes, pageCount: doc.getPageCount(), errors: pagination.errors, warnings };
}

/**
 * The font faces a template's text needs: its families (panel and element fontFamily) in regular, and
 * bold where asked for (embedFonts adds sans regular for paper numbers and messages).
 */
export function facesUsed(template: PrintTemplate, data: Record<string, unknown> | undefined): Set<FaceKey> {
  const faces = new Set<FaceKey>();
  for (const panel of template.panels ?? []) {
    const panelKind = fontKindOf(panel.fontFamily);
    for (const element of panel.printElements ?? []) {
      const o = (element.options ?? {}) as CommonOptions;
      const kind = o.fontFamily ? fontKindOf(o.fontFamily) : panelKind;
      switch (element.type) {
        case 'text': case 'longText':
          faces.add(`${kind}-${isBold(o.fontWeight) ? 'bold' : 'regular'}`);
          break;
        case 'table':
          faces.add(`${kind}-regular`).add(`${kind}-bold`); // headers and group rows are bold
          break;
        case 'html': {
          const raw = elementRawValue(element, data);
          const content = typeof raw === 'string' && raw ? raw : typeof element.options.content === 'string' ? element.options.content : '';
          htmlFaces(content, { size: 9, color: parseColor('#000000')!, bold: isBold(o.fontWeight), italic: false, underline: false, strike: false, kind }, faces);
          break;
        }
      }
    }
  }
  return faces;
}

/** Every image the pages show, loaded once (with retries) and embedded once; failures kept per address. */
async function loadImages(doc: PDFDocument, input: WritePdfInput, pagination: TemplatePagination): Promise<Map<string, PDFImage | Error>> {
  const sources = new Set<string>();
  for (const page of pagination.pages) {
    for (const p of page.placements) {
      if (p.element.type === 'image') {
        const src = imageSrc(p.element, input.data);
        if (src) sources.add(src);
      }
      if (p.table && p.tableLayout) {
        const imageColumns = p.tableLayout.columns.map((c, i) => (c.column.tableTextType === 'image' ? i : -1)).filter((i) => i >= 0);
        if (imageColumns.length === 0) continue;
        for (const lane of p.table.lanes) for (const item of lane) if (item.kind === 'row') for (const i of imageColumns) if (item.cells[i]?.text) sources.add(item.cells[i]!.text);
      }
    }
  }
  const load = input.loadImage ?? fetchImageBytes;
  const out = new Map<string, PDFImage | Error>();
  await Promise.all([...sources].map(async (src) => {
    try {
      const bytes = await loadWithRetry(src, load, input.imageRetry ?? IMAGE_RETRY);
      const kind = imageKind(bytes);
      if (!kind) throw new Error('unsupported image format (PNG or JPEG only)');
      out.set(src, kind === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes));
    } catch (e) {
      out.set(src, e instanceof Error ? e : new Error(String(e)));
    }
  }));
  return out;
}
