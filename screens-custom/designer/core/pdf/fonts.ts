/**
 * The PDF's fonts: a CJK TrueType font (regular, optionally bold) embedded as a subset, and the
 * font metrics the paginator uses, taken from the same font so that laid-out text fits when drawn.
 * The font bytes come from the caller (browser: fetched asset; server: read from node_modules).
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { FontMetrics } from '../paginate/index.ts';

export interface PdfFontBytes {
  regular: Uint8Array | ArrayBuffer;
  bold?: Uint8Array | ArrayBuffer;
}

/** Line height of text without its own lineHeight, as a multiple of the font size (the paginator's default). */
export const LINE_HEIGHT_EM = 1.25;

interface FontkitGlyphSource {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  glyphForCodePoint(cp: number): { advanceWidth: number };
}

export interface PdfFontFace {
  font: PDFFont;
  /** em width of one code point (cached) */
  advance(cp: number): number;
  /** ascent and descent (positive) in em */
  ascent: number;
  descent: number;
}

export interface PdfFonts {
  regular: PdfFontFace;
  bold: PdfFontFace;
  face(fontWeight: unknown): PdfFontFace;
  /** width in pt of `text` at `size` */
  width(text: string, size: number, fontWeight?: unknown, letterSpacing?: number): number;
  metrics: FontMetrics;
}

export const isBold = (w: unknown) => w === 'bold' || w === 'bolder' || (Number(w) >= 600 && Number(w) <= 1000);

const parsed = new WeakMap<object, FontkitGlyphSource>();

interface SubsetInternals {
  glyf: Array<{ length: number; copy(target: unknown): number; constructor: { alloc(n: number): unknown } }>;
  offset: number;
  _addGlyph(gid: number): number;
}
let subsetPatched = false;

/**
 * fontkit's TrueType subsetter writes each glyph unpadded, and then a short-format loca table
 * (offsets / 2) points into the middle of glyphs after any odd-length one: those characters print
 * blank (Noto Sans SC has many). Padding every glyph to an even length keeps the offsets exact.
 */
function padSubsetGlyphs(font: { createSubset(): unknown }): void {
  if (subsetPatched) return;
  const proto = Object.getPrototypeOf(font.createSubset()) as SubsetInternals;
  const addGlyph = proto._addGlyph;
  if (typeof addGlyph !== 'function') return;
  proto._addGlyph = function padded(this: SubsetInternals, gid: number): number {
    const index = addGlyph.call(this, gid);
    const buf = this.glyf[index];
    if (buf && buf.length % 2 === 1) {
      const even = buf.constructor.alloc(buf.length + 1) as SubsetInternals['glyf'][number];
      buf.copy(even);
      this.glyf[index] = even;
      this.offset += 1;
    }
    return index;
  };
  subsetPatched = true;
}

function parseFont(bytes: Uint8Array | ArrayBuffer): FontkitGlyphSource {
  const key = bytes as object;
  let f = parsed.get(key);
  if (!f) {
    const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const font = fontkit.create(u8 as never);
    padSubsetGlyphs(font as unknown as { createSubset(): unknown });
    f = font as unknown as FontkitGlyphSource;
    parsed.set(key, f);
  }
  return f;
}

async function face(doc: PDFDocument, bytes: Uint8Array | ArrayBuffer): Promise<PdfFontFace> {
  const source = parseFont(bytes);
  const font = await doc.embedFont(bytes, { subset: true });
  const upm = source.unitsPerEm || 1000;
  const cache = new Map<number, number>();
  return {
    font,
    ascent: source.ascent / upm,
    descent: Math.abs(source.descent) / upm,
    advance(cp) {
      let w = cache.get(cp);
      if (w === undefined) {
        w = source.glyphForCodePoint(cp).advanceWidth / upm;
        cache.set(cp, w);
      }
      return w;
    },
  };
}

/**
 * fontkit for pdf-lib, parsing each font's bytes once per process: pdf-lib parses the font again for
 * every document, which for a 10 MB CJK font costs more than writing a page of text. A parsed font
 * is read-only to pdf-lib (each document makes its own subset), so sharing it is safe.
 */
const sharedFontkit = {
  create(data: Uint8Array | ArrayBuffer) {
    return parseFont(data) as unknown as ReturnType<typeof fontkit.create>;
  },
} as unknown as typeof fontkit;

export async function embedFonts(doc: PDFDocument, bytes: PdfFontBytes): Promise<PdfFonts> {
  doc.registerFontkit(sharedFontkit);
  const regular = await face(doc, bytes.regular);
  const bold = bytes.bold ? await face(doc, bytes.bold) : regular;
  const pick = (w: unknown) => (isBold(w) ? bold : regular);
  const width = (text: string, size: number, fontWeight?: unknown, letterSpacing = 0) => {
    const f = pick(fontWeight);
    let em = 0;
    let n = 0;
    for (const ch of text) {
      em += f.advance(ch.codePointAt(0)!);
      n++;
    }
    return em * size + letterSpacing * n;
  };
  return {
    regular,
    bold,
    face: pick,
    width,
    metrics: {
      textWidth: (text, fontSize, fontWeight) => width(text, fontSize, fontWeight),
      lineHeight: (fontSize) => fontSize * LINE_HEIGHT_EM,
    },
  };
}
