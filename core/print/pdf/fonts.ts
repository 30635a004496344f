/**
 * The PDF's fonts: a CJK TrueType font (regular, optionally bold) embedded as a subset, and the
 * font metrics the paginator uses, taken from the same font so that laid-out text fits when drawn.
 * The font bytes come from the caller (browser: fetched asset; server: read from node_modules).
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { FontMetrics } from '../paginate/index.ts';
import { LINE_HEIGHT_EM } from '../paginate/metrics.ts';

export type FontKind = 'sans' | 'serif';
export type FontWeightName = 'regular' | 'bold';
export type FaceKey = `${FontKind}-${FontWeightName}`;

/** Font files by family; a family without its bold file prints bold text in its regular weight. */
export interface PdfFontBytes {
  regular: Uint8Array | ArrayBuffer;
  bold?: Uint8Array | ArrayBuffer;
  /** the serif CJK family (SimSun, 宋体, serif); without it serif text prints in the sans family */
  serif?: { regular: Uint8Array | ArrayBuffer; bold?: Uint8Array | ArrayBuffer };
}

/**
 * Font files fetched on demand: the writer asks only for the faces a template uses (a 10-15 MB
 * TrueType file each), so a sans-only template never reads the serif files.
 */
export type PdfFontSource = (kind: FontKind, weight: FontWeightName) => Promise<Uint8Array | ArrayBuffer | undefined>;

const SANS_NAMES = /^(sans-serif|system-ui|-apple-system|microsoft ?yahei.*|微软雅黑|黑体|simhei|heiti.*|.*\bhei\b.*|pingfang.*|noto sans.*|source han sans.*|思源黑体|dengxian|等线|arial|helvetica.*|verdana|tahoma|segoe ui)$/i;
const SERIF_NAMES = /^(serif|simsun|nsimsun|宋体|新宋体|仿宋|fangsong|楷体|kaiti|stsong|stfangsong|stkaiti|songti.*|.*\bsong\b.*|.*mincho.*|.*ming.*|noto serif.*|source han serif.*|思源宋体|times.*|georgia|garamond|cambria)$/i;

/**
 * The embedded family a CSS font-family list maps to: the first name it knows decides (Microsoft
 * YaHei, 黑体 and sans names -> Noto Sans SC; SimSun, 宋体, 仿宋, 楷体 and serif names -> Noto Serif SC);
 * empty or only unknown names -> sans (the template default).
 */
export function fontKindOf(family: unknown): FontKind {
  if (typeof family !== 'string') return 'sans';
  for (const raw of family.split(',')) {
    const name = raw.trim().replace(/^["']|["']$/g, '').trim();
    if (!name) continue;
    if (SANS_NAMES.test(name)) return 'sans';
    if (SERIF_NAMES.test(name)) return 'serif';
  }
  return 'sans';
}

/** A PdfFontSource over bytes already in memory. */
export function fontSourceOf(bytes: PdfFontBytes): PdfFontSource {
  return async (kind, weight) => {
    const family = kind === 'serif' ? bytes.serif : bytes;
    return weight === 'bold' ? family?.bold : family?.regular;
  };
}

/** Line height of text without its own lineHeight, as a multiple of the font size: the paginator's (one constant for all outputs). */
export { LINE_HEIGHT_EM };

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
  /** sans regular: paper numbers, messages, the watermark, code texts */
  regular: PdfFontFace;
  bold: PdfFontFace;
  face(fontWeight: unknown, kind?: FontKind): PdfFontFace;
  /** width in pt of `text` at `size` */
  width(text: string, size: number, fontWeight?: unknown, letterSpacing?: number, kind?: FontKind): number;
  /** for the paginator: the widest of the embedded families, so laid-out text fits whichever family draws it */
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

/** The faces a document uses ('sans-regular' always: paper numbers and messages), loaded and embedded once each. */
export async function embedFonts(doc: PDFDocument, source: PdfFontBytes | PdfFontSource, needed: Iterable<FaceKey> = ['sans-regular', 'sans-bold']): Promise<PdfFonts> {
  doc.registerFontkit(sharedFontkit);
  const load = typeof source === 'function' ? source : fontSourceOf(source);
  const keys = new Set<FaceKey>(needed);
  // the families text elements use (the paginator measures with these); sans regular is always there
  // for paper numbers, messages and code texts, which the paginator does not measure
  const textKinds = [...new Set([...keys].map((k) => k.split('-')[0] as FontKind))];
  keys.add('sans-regular');
  const faces = new Map<FaceKey, PdfFontFace>();
  for (const key of keys) {
    const [kind, weight] = key.split('-') as [FontKind, FontWeightName];
    const bytes = await load(kind, weight);
    if (bytes) faces.set(key, await face(doc, bytes));
    else if (key === 'sans-regular') throw new Error('PDF font: the regular sans font is missing');
  }
  const sansRegular = faces.get('sans-regular')!;
  const pick = (w: unknown, kind: FontKind = 'sans'): PdfFontFace => {
    const weight: FontWeightName = isBold(w) ? 'bold' : 'regular';
    return faces.get(`${kind}-${weight}`) ?? faces.get(`${kind}-regular`) ?? faces.get(`sans-${weight}`) ?? sansRegular;
  };
  const width = (text: string, size: number, fontWeight?: unknown, letterSpacing = 0, kind?: FontKind) => {
    const f = pick(fontWeight, kind);
    let em = 0;
    let n = 0;
    for (const ch of text) {
      em += f.advance(ch.codePointAt(0)!);
      n++;
    }
    return em * size + letterSpacing * n;
  };
  const kinds = textKinds.length ? textKinds : ['sans' as const];
  return {
    regular: sansRegular,
    bold: pick('bold'),
    face: pick,
    width,
    metrics: {
      textWidth: (text, fontSize, fontWeight) => (kinds.length === 1 ? width(text, fontSize, fontWeight) : Math.max(...kinds.map((k) => width(text, fontSize, fontWeight, 0, k)))),
      lineHeight: (fontSize) => fontSize * LINE_HEIGHT_EM,
    },
  };
}
