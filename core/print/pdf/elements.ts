/** Drawing of one placed element (everything except tables, see table.ts) in the template's pt space. */
import type { PDFImage } from 'pdf-lib';
import { htmlText } from '../html/index.ts';
import { barcodeDrawing, bwipDrawing, qrDrawing } from '../codes/index.ts';
import { codeValue, elementRawValue, textContent } from '../content/index.ts';
import { DEFAULT_BARCODE_TYPE } from '../options/index.ts';
import type { Placement } from '../paginate/index.ts';
import { finiteOr } from '../paginate/metrics.ts';
import type { FormatterRegistry } from '../template/registry.ts';
import type { CommonOptions, ImageOptions, PrintElement } from '../template/types.ts';
import type { Box, PageCanvas } from './canvas.ts';
import { parseColor } from './color.ts';
import { drawCode, type CodeCache } from './codes.ts';
import { isBold, type FontKind } from './fonts.ts';
import { drawRichLayout, layoutHtml } from './richText.ts';
import { backgroundOf, contentBox, drawSideBorders, insideBorders, radiusOf, strokeOf, textStyleOf as baseTextStyle } from './style.ts';
import { drawTablePart } from './table.ts';
import { blockLines, drawLines, drawTextBlock, lineHeightOf } from './textLayout.ts';

export interface ElementDrawContext {
  canvas: PageCanvas;
  data: Record<string, unknown> | undefined;
  registry: FormatterRegistry;
  images: Map<string, PDFImage | Error>;
  codes: CodeCache;
  warn: (message: string) => void;
  /** the panel's fontFamily as an embedded family: elements without their own fontFamily use it */
  kind: FontKind;
}

const RED = parseColor('#e03131')!;

/** Text inside an HTML element's content: tags dropped, entities decoded, block ends as newlines. */
export function htmlToText(html: string): string {
  return htmlText(html);
}

/** The text a code element encodes and captions: its value as the preview shows it (never its title). */
function codeText(ctx: ElementDrawContext, element: PrintElement): string {
  return codeValue(element, ctx.data, ctx.registry, ctx.warn);
}

export function imageSrc(element: PrintElement, data: Record<string, unknown> | undefined): string {
  const raw = elementRawValue(element, data);
  if (typeof raw === 'string' && raw) return raw;
  const src = (element.options as ImageOptions).src;
  return typeof src === 'string' ? src : '';
}

function drawImage(ctx: ElementDrawContext, element: PrintElement, box: Box): void {
  const radius = radiusOf(element.options as ImageOptions, box);
  if (radius) {
    ctx.canvas.clippedRounded(box, radius, () => drawImageInBox(ctx, element, box));
    return;
  }
  drawImageInBox(ctx, element, box);
}

function drawImageInBox(ctx: ElementDrawContext, element: PrintElement, box: Box): void {
  const src = imageSrc(element, ctx.data);
  const img = src ? ctx.images.get(src) : undefined;
  if (!img || img instanceof Error) {
    if (src) drawTextBlock(ctx.canvas, `图片加载失败`, box, { size: 8, color: RED, align: 'center', vAlign: 'middle' });
    return;
  }
  const fit = (element.options as ImageOptions).fit ?? 'contain';
  const { width: iw, height: ih } = img;
  let w = box.width;
  let h = box.height;
  if (fit === 'contain' || fit === 'cover') {
    const s = fit === 'contain' ? Math.min(box.width / iw, box.height / ih) : Math.max(box.width / iw, box.height / ih);
    w = iw * s;
    h = ih * s;
  } else if (fit === 'none') {
    w = iw * 0.75;
    h = ih * 0.75;
  }
  const target = { left: box.left + (box.width - w) / 2, top: box.top + (box.height - h) / 2, width: w, height: h };
  if (fit === 'cover' || fit === 'none') ctx.canvas.clipped(box, () => ctx.canvas.image(img, target));
  else ctx.canvas.image(img, target);
}

function drawElementBody(ctx: ElementDrawContext, p: Placement, box: Box): void {
  const { canvas } = ctx;
  const textStyleOf = (o: CommonOptions) => baseTextStyle(o, { kind: ctx.kind });
  const element = p.element;
  const o = (element.options ?? {}) as CommonOptions;
  switch (element.type) {
    case 'text': {
      // inside the borders too, as the DOM's border-box frame lays its text
      const inner = contentBox(insideBorders(box, o), o);
      const style = textStyleOf(o);
      const textType = element.options.textType;
      if (textType === 'barcode' || textType === 'qrcode') {
        const value = codeText(ctx, element);
        const { barcodeMode, qrCodeLevel } = element.options;
        const code = ctx.codes.get(`${textType}|${barcodeMode}|${qrCodeLevel}|${value}`, () =>
          textType === 'barcode' ? barcodeDrawing(value, barcodeMode) : qrDrawing(value, 'qrcode', qrCodeLevel));
        drawCode(canvas, code, inner, style.size);
        return;
      }
      drawTextBlock(canvas, textContent(element, ctx.data, ctx.registry, ctx.warn).text, inner, style);
      return;
    }
    case 'longText': {
      const inner = contentBox(box, o);
      const style = { ...textStyleOf(o), indent: Math.max(0, finiteOr(element.options.longTextIndent, 0)) };
      let text = textContent(element, ctx.data, ctx.registry, ctx.warn).text;
      if (element.options.leftSpaceRemoved) text = text.split('\n').map((l) => l.replace(/^\s+/, '')).join('\n');
      const lines = blockLines(text, inner.width, canvas.fonts, style);
      // the paginator split the lines [from, to) onto this page; the last part takes whatever remains
      const part = p.lines ? lines.slice(p.lines.from, p.lines.to >= p.lines.total ? lines.length : p.lines.to) : lines;
      drawLines(canvas, part, { ...inner, height: Math.max(inner.height, part.length * lineHeightOf(style)) }, { ...style, vAlign: 'top' });
      return;
    }
    case 'html': {
      const content = typeof element.options.content === 'string' ? element.options.content : '';
      const raw = elementRawValue(element, ctx.data);
      const html = typeof raw === 'string' && raw ? raw : content;
      const inner = contentBox(box, o);
      const style = textStyleOf(o);
      const layout = layoutHtml(html, inner.width, canvas.fonts, {
        style: { size: style.size, color: style.color, bold: isBold(style.weight), italic: false, underline: style.decoration === 'underline', strike: style.decoration === 'line-through', kind: style.kind ?? 'sans' },
        align: style.align ?? 'left',
        lineHeight: style.lineHeight,
        letterSpacing: style.letterSpacing ?? 0,
      });
      drawRichLayout(canvas, layout, inner, style.vAlign, style.letterSpacing ?? 0);
      return;
    }
    case 'image':
      drawImage(ctx, element, box);
      return;
    case 'hline': {
      const s = strokeOf(o);
      canvas.line(box.left, box.top + s.width / 2, box.left + box.width, box.top + s.width / 2, s);
      return;
    }
    case 'vline': {
      const s = strokeOf(o);
      canvas.line(box.left + s.width / 2, box.top, box.left + s.width / 2, box.top + box.height, s);
      return;
    }
    case 'rect': {
      const s = strokeOf(o);
      const half = s.width / 2;
      const inset = { left: box.left + half, top: box.top + half, width: box.width - s.width, height: box.height - s.width };
      const radius = radiusOf(o, box);
      if (radius) canvas.roundedRect(inset, { rx: radius.rx - half, ry: radius.ry - half }, null, s);
      else canvas.strokeRect(inset, s);
      return;
    }
    case 'oval':
      canvas.ellipse(box, null, strokeOf(o));
      return;
    case 'barcode': {
      const type = element.options.barcodeType || DEFAULT_BARCODE_TYPE;
      const text = codeText(ctx, element);
      drawCode(canvas, ctx.codes.get(`bwip|${type}|${text}`, () => bwipDrawing(type, text)), contentBox(box, o), textStyleOf(o).size);
      return;
    }
    case 'qrcode': {
      const text = codeText(ctx, element);
      const type = element.options.qrcodeType || 'qrcode';
      const level = element.options.qrCodeLevel;
      drawCode(canvas, ctx.codes.get(`qr|${type}|${level}|${text}`, () => qrDrawing(text, type, level)), contentBox(box, o));
      return;
    }
    case 'table':
      drawTablePart(ctx, p);
      return;
  }
}

export function drawPlacement(ctx: ElementDrawContext, p: Placement): void {
  const box: Box = { left: p.left, top: p.top, width: p.width, height: p.height };
  const o = (p.element.options ?? {}) as CommonOptions;
  if (p.error) {
    drawTextBlock(ctx.canvas, p.error.message, { ...box, height: Math.max(box.height, 12) }, { size: 9, color: RED });
    return;
  }
  const rotation = ((finiteOr(o.transform, 0) % 360) + 360) % 360;
  const type = p.element.type;
  // an oval is always fully rounded; other boxes by their borderRadius (tables and lines have none)
  const radius = type === 'oval' || type === 'table' || type === 'hline' || type === 'vline' ? null : radiusOf(o, box);
  ctx.canvas.rotated(box, rotation, () => {
    const bg = type === 'hline' || type === 'vline' ? null : backgroundOf(o);
    if (type === 'oval') {
      if (bg) ctx.canvas.ellipse(box, bg, null);
    } else if (bg && radius) ctx.canvas.roundedRect(box, radius, bg, null);
    else if (bg) ctx.canvas.fillRect(box, bg);
    drawElementBody(ctx, p, box);
    if (type !== 'rect' && type !== 'oval' && type !== 'hline' && type !== 'vline') drawBorders(ctx, box, o, radius);
  });
}

/** Side borders; with a radius and the same border on all four sides, one rounded outline as in a browser. */
function drawBorders(ctx: ElementDrawContext, box: Box, o: CommonOptions, radius: { rx: number; ry: number } | null): void {
  const sides = [o.borderTop, o.borderRight, o.borderBottom, o.borderLeft];
  const same = sides[0] === 'solid' || sides[0] === 'dotted' || sides[0] === 'dashed' ? sides.every((v) => v === sides[0]) : false;
  if (radius && same) {
    const s = strokeOf(o, sides[0] as 'solid' | 'dotted' | 'dashed');
    const half = s.width / 2;
    ctx.canvas.roundedRect({ left: box.left + half, top: box.top + half, width: box.width - s.width, height: box.height - s.width }, { rx: radius.rx - half, ry: radius.ry - half }, null, s);
    return;
  }
  drawSideBorders(ctx.canvas, box, o);
}
