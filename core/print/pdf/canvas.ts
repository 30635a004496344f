/**
 * A PDF page seen in the template's coordinates: pt from the top-left corner, y downwards.
 * It writes the page's content stream as text itself (one compressed stream per page): a long table
 * makes tens of thousands of drawing operations, and pdf-lib's per-operation objects and per-string
 * font layout cost seconds there. pdf-lib still owns the document, fonts, images and resources.
 * pdf-lib's y-up space stays inside this file.
 */
import { PDFName, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, type PDFRef } from 'pdf-lib';
import type { PdfColor } from './color.ts';
import type { PdfFontFace, PdfFonts } from './fonts.ts';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type LineStyle = 'solid' | 'dashed' | 'dotted';

export interface Stroke {
  color: PdfColor;
  width: number;
  style?: LineStyle;
}

/** Numbers as PDF writes them: at most 3 decimals, no exponent. */
const n = (v: number): string => {
  const r = Math.round(v * 1000) / 1000;
  return Number.isFinite(r) ? (Math.abs(r) < 1e-9 ? '0' : String(r)) : '0';
};

const rgbOf = (c: PdfColor) => `${n(c.color.red)} ${n(c.color.green)} ${n(c.color.blue)}`;

const dashOf = (style: LineStyle | undefined, w: number): string =>
  style === 'dashed' ? `[${n(Math.max(3 * w, 2))} ${n(Math.max(3 * w, 2))}] 0 d 0 J` : style === 'dotted' ? `[0 ${n(Math.max(2 * w, 1.5))}] 0 d 1 J` : '[] 0 d 0 J';

/** Resources shared by all pages of one document: font names, image names, opacity states, glyph codes. */
export class PdfResources {
  private readonly fontNames = new Map<PDFFont, string>();
  private readonly imageNames = new Map<PDFImage, string>();
  private readonly alphaNames = new Map<number, { name: string; ref: PDFRef }>();
  private readonly glyphHex = new Map<PDFFont, Map<string, string>>();

  constructor(readonly doc: PDFDocument) {}

  fontName(font: PDFFont): string {
    let name = this.fontNames.get(font);
    if (!name) this.fontNames.set(font, (name = `F${this.fontNames.size + 1}`));
    return name;
  }

  imageName(img: PDFImage): string {
    let name = this.imageNames.get(img);
    if (!name) this.imageNames.set(img, (name = `Im${this.imageNames.size + 1}`));
    return name;
  }

  alphaName(alpha: number): string {
    const key = Math.round(alpha * 1000) / 1000;
    let entry = this.alphaNames.get(key);
    if (!entry) {
      const ref = this.doc.context.register(this.doc.context.obj({ Type: 'ExtGState', ca: key, CA: key }));
      entry = { name: `GS${this.alphaNames.size + 1}`, ref };
      this.alphaNames.set(key, entry);
    }
    return entry.name;
  }

  /**
   * Glyph codes of a text, character by character (each character encoded once and remembered, which
   * also adds its glyph to the font subset). CJK needs no shaping; Latin loses only kerning.
   */
  hex(font: PDFFont, text: string): string {
    let cache = this.glyphHex.get(font);
    if (!cache) this.glyphHex.set(font, (cache = new Map()));
    let out = '';
    for (const ch of text) {
      let h = cache.get(ch);
      if (h === undefined) {
        h = font.encodeText(ch).toString().slice(1, -1);
        cache.set(ch, h);
      }
      out += h;
    }
    return out;
  }

  /** Registers what a page uses in its resource dictionary. */
  attach(page: PDFPage, used: { fonts: Set<PDFFont>; images: Set<PDFImage>; alphas: Set<number> }): void {
    for (const f of used.fonts) page.node.setFontDictionary(PDFName.of(this.fontName(f)), f.ref);
    for (const i of used.images) page.node.setXObject(PDFName.of(this.imageName(i)), i.ref);
    for (const a of used.alphas) {
      const entry = this.alphaNames.get(Math.round(a * 1000) / 1000);
      if (entry) page.node.setExtGState(PDFName.of(entry.name), entry.ref);
    }
  }
}

export class PageCanvas {
  private readonly ops: string[] = [];
  private readonly used = { fonts: new Set<PDFFont>(), images: new Set<PDFImage>(), alphas: new Set<number>() };
  private readonly h: number;

  constructor(
    readonly page: PDFPage,
    readonly fonts: PdfFonts,
    private readonly resources: PdfResources,
  ) {
    this.h = page.getHeight();
  }

  private alpha(opacity: number): string {
    if (opacity >= 1) return '';
    this.used.alphas.add(opacity);
    return `/${this.resources.alphaName(opacity)} gs `;
  }

  fillRect(box: Box, fill: PdfColor): void {
    if (box.width <= 0 || box.height <= 0) return;
    this.ops.push(`q ${this.alpha(fill.opacity)}${rgbOf(fill)} rg ${n(box.left)} ${n(this.h - box.top - box.height)} ${n(box.width)} ${n(box.height)} re f Q`);
  }

  private strokeState(stroke: Stroke): string {
    return `${this.alpha(stroke.color.opacity)}${n(stroke.width)} w ${rgbOf(stroke.color)} RG ${dashOf(stroke.style, stroke.width)}`;
  }

  line(x0: number, y0: number, x1: number, y1: number, stroke: Stroke): void {
    if (stroke.width <= 0) return;
    this.ops.push(`q ${this.strokeState(stroke)} ${n(x0)} ${n(this.h - y0)} m ${n(x1)} ${n(this.h - y1)} l S Q`);
  }

  /** Many straight segments [x0, y0, x1, y1, ...] stroked as one path (table grids). */
  segments(coords: number[], stroke: Stroke): void {
    if (coords.length < 4 || stroke.width <= 0) return;
    const parts: string[] = [`q ${this.strokeState(stroke)}`];
    for (let i = 0; i + 3 < coords.length; i += 4) parts.push(`${n(coords[i])} ${n(this.h - coords[i + 1])} m ${n(coords[i + 2])} ${n(this.h - coords[i + 3])} l`);
    parts.push('S Q');
    this.ops.push(parts.join('\n'));
  }

  strokeRect(box: Box, stroke: Stroke): void {
    if (stroke.width <= 0) return;
    this.ops.push(`q ${this.strokeState(stroke)} ${n(box.left)} ${n(this.h - box.top - box.height)} ${n(box.width)} ${n(box.height)} re S Q`);
  }

  /**
   * A rectangle with corners rounded by (rx, ry) (CSS border-radius, clamped to half the box), filled
   * and/or stroked. The stroke is centred on the box edge; callers inset the box by half its width.
   */
  roundedRect(box: Box, radius: { rx: number; ry: number }, fill: PdfColor | null, stroke: Stroke | null): void {
    if (box.width <= 0 || box.height <= 0) return;
    const path = this.roundedPath(box, radius);
    if (fill) this.ops.push(`q ${this.alpha(fill.opacity)}${rgbOf(fill)} rg ${path} f Q`);
    if (stroke && stroke.width > 0) this.ops.push(`q ${this.strokeState(stroke)} ${path} S Q`);
  }

  private roundedPath(box: Box, radius: { rx: number; ry: number }): string {
    const rx = Math.max(0, Math.min(radius.rx, box.width / 2));
    const ry = Math.max(0, Math.min(radius.ry, box.height / 2));
    const l = box.left;
    const r = box.left + box.width;
    const t = this.h - box.top;
    const b = this.h - box.top - box.height;
    if (rx === 0 || ry === 0) return `${n(l)} ${n(b)} ${n(box.width)} ${n(box.height)} re`;
    const k = 0.5522847498;
    const kx = rx * k;
    const ky = ry * k;
    return `${n(l + rx)} ${n(t)} m ${n(r - rx)} ${n(t)} l `
      + `${n(r - rx + kx)} ${n(t)} ${n(r)} ${n(t - ry + ky)} ${n(r)} ${n(t - ry)} c ${n(r)} ${n(b + ry)} l `
      + `${n(r)} ${n(b + ry - ky)} ${n(r - rx + kx)} ${n(b)} ${n(r - rx)} ${n(b)} c ${n(l + rx)} ${n(b)} l `
      + `${n(l + rx - kx)} ${n(b)} ${n(l)} ${n(b + ry - ky)} ${n(l)} ${n(b + ry)} c ${n(l)} ${n(t - ry)} l `
      + `${n(l)} ${n(t - ry + ky)} ${n(l + rx - kx)} ${n(t)} ${n(l + rx)} ${n(t)} c h`;
  }

  /** Runs `draw` with everything outside the rounded `box` clipped away (a rounded image). */
  clippedRounded(box: Box, radius: { rx: number; ry: number }, draw: () => void): void {
    this.ops.push(`q ${this.roundedPath(box, radius)} W n`);
    draw();
    this.ops.push('Q');
  }

  ellipse(box: Box, fill: PdfColor | null, stroke: Stroke | null): void {
    const inset = stroke ? stroke.width / 2 : 0;
    const rx = Math.max(0, box.width / 2 - inset);
    const ry = Math.max(0, box.height / 2 - inset);
    const cx = box.left + box.width / 2;
    const cy = this.h - box.top - box.height / 2;
    const k = 0.5522847498;
    const path = `${n(cx - rx)} ${n(cy)} m `
      + `${n(cx - rx)} ${n(cy + ry * k)} ${n(cx - rx * k)} ${n(cy + ry)} ${n(cx)} ${n(cy + ry)} c `
      + `${n(cx + rx * k)} ${n(cy + ry)} ${n(cx + rx)} ${n(cy + ry * k)} ${n(cx + rx)} ${n(cy)} c `
      + `${n(cx + rx)} ${n(cy - ry * k)} ${n(cx + rx * k)} ${n(cy - ry)} ${n(cx)} ${n(cy - ry)} c `
      + `${n(cx - rx * k)} ${n(cy - ry)} ${n(cx - rx)} ${n(cy - ry * k)} ${n(cx - rx)} ${n(cy)} c h`;
    if (fill) this.ops.push(`q ${this.alpha(fill.opacity)}${rgbOf(fill)} rg ${path} f Q`);
    if (stroke && stroke.width > 0) this.ops.push(`q ${this.strokeState(stroke)} ${path} S Q`);
  }

  /** One line of text; `baseline` is the y of its baseline. `skew` slants it (italic where the font has none). */
  text(str: string, x: number, baseline: number, size: number, face: PdfFontFace, color: PdfColor, letterSpacing = 0, skew = 0): void {
    if (str === '' || size <= 0) return;
    this.used.fonts.add(face.font);
    const tc = letterSpacing ? `${n(letterSpacing)} Tc ` : '';
    const at = skew ? `1 0 ${n(skew)} 1 ${n(x)} ${n(this.h - baseline)} Tm` : `${n(x)} ${n(this.h - baseline)} Td`;
    this.ops.push(`q ${this.alpha(color.opacity)}BT /${this.resources.fontName(face.font)} ${n(size)} Tf ${tc}${rgbOf(color)} rg ${at} <${this.resources.hex(face.font, str)}> Tj ET Q`);
  }

  /** Text rotated by `degrees` (counter-clockwise) around its start point. */
  rotatedText(str: string, x: number, baseline: number, size: number, face: PdfFontFace, color: PdfColor, degrees: number): void {
    if (str === '' || size <= 0) return;
    this.used.fonts.add(face.font);
    const a = (degrees * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    this.ops.push(`q ${this.alpha(color.opacity)}BT /${this.resources.fontName(face.font)} ${n(size)} Tf ${rgbOf(color)} rg ${n(c)} ${n(s)} ${n(-s)} ${n(c)} ${n(x)} ${n(this.h - baseline)} Tm <${this.resources.hex(face.font, str)}> Tj ET Q`);
  }

  /**
   * SVG path data (y down; the commands M L H V C Z, absolute, and h v relative, as core/codes writes them)
   * placed at (x, y) and scaled by (sx, sy).
   */
  path(d: string, x: number, y: number, sx: number, sy: number, fill: PdfColor): void {
    const out: string[] = [];
    let cx = 0;
    let cy = 0;
    const X = (v: number) => n(x + v * sx);
    const Y = (v: number) => n(this.h - (y + v * sy));
    const re = /([MLHVCZhvz])([^MLHVCZhvz]*)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(d))) {
      const args = m[2].trim() === '' ? [] : m[2].trim().split(/[\s,]+/).map(Number);
      switch (m[1]) {
        case 'M':
          for (let i = 0; i + 1 < args.length; i += 2) {
            [cx, cy] = [args[i], args[i + 1]];
            out.push(`${X(cx)} ${Y(cy)} ${i === 0 ? 'm' : 'l'}`);
          }
          break;
        case 'L':
          for (let i = 0; i + 1 < args.length; i += 2) {
            [cx, cy] = [args[i], args[i + 1]];
            out.push(`${X(cx)} ${Y(cy)} l`);
          }
          break;
        case 'h': cx += args[0] ?? 0; out.push(`${X(cx)} ${Y(cy)} l`); break;
        case 'v': cy += args[0] ?? 0; out.push(`${X(cx)} ${Y(cy)} l`); break;
        case 'H': cx = args[0] ?? cx; out.push(`${X(cx)} ${Y(cy)} l`); break;
        case 'V': cy = args[0] ?? cy; out.push(`${X(cx)} ${Y(cy)} l`); break;
        case 'C':
          for (let i = 0; i + 5 < args.length; i += 6) {
            out.push(`${X(args[i])} ${Y(args[i + 1])} ${X(args[i + 2])} ${Y(args[i + 3])} ${X(args[i + 4])} ${Y(args[i + 5])} c`);
            [cx, cy] = [args[i + 4], args[i + 5]];
          }
          break;
        default:
          out.push('h');
      }
    }
    if (out.length) this.ops.push(`q ${this.alpha(fill.opacity)}${rgbOf(fill)} rg\n${out.join('\n')}\nf Q`);
  }

  image(img: PDFImage, box: Box): void {
    if (box.width <= 0 || box.height <= 0) return;
    this.used.images.add(img);
    this.ops.push(`q ${n(box.width)} 0 0 ${n(box.height)} ${n(box.left)} ${n(this.h - box.top - box.height)} cm /${this.resources.imageName(img)} Do Q`);
  }

  /** Runs `draw` with everything outside `box` clipped away. */
  clipped(box: Box, draw: () => void): void {
    this.ops.push(`q ${n(box.left)} ${n(this.h - box.top - box.height)} ${n(Math.max(0, box.width))} ${n(Math.max(0, box.height))} re W n`);
    draw();
    this.ops.push('Q');
  }

  /** Runs `draw` rotated by `degrees` clockwise (CSS transform: rotate) around the centre of `box`. */
  rotated(box: Box, degrees: number, draw: () => void): void {
    if (!degrees) return draw();
    const cx = box.left + box.width / 2;
    const cy = this.h - box.top - box.height / 2;
    const a = (-degrees * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    this.ops.push(`q ${n(cos)} ${n(sin)} ${n(-sin)} ${n(cos)} ${n(cx - cos * cx + sin * cy)} ${n(cy - sin * cx - cos * cy)} cm`);
    draw();
    this.ops.push('Q');
  }

  /** Writes the page's content stream (compressed) and its resources. */
  finish(): void {
    const { doc } = this.resources;
    const stream = doc.context.flateStream(this.ops.join('\n'));
    this.page.node.addContentStream(doc.context.register(stream));
    this.resources.attach(this.page, this.used);
  }
}
