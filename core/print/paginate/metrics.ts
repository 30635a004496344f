/**
 * Font metrics without a DOM. The paginator only needs "how wide is this text" and "how tall is a
 * line"; the browser can pass canvas-measured metrics, the server and tests use the estimate.
 */
export interface FontMetrics {
  /** width in pt of `text` on one line at `fontSize` pt */
  textWidth(text: string, fontSize: number, fontWeight?: string): number;
  /** height in pt of one line at `fontSize` pt when the element sets no lineHeight */
  lineHeight(fontSize: number): number;
}

/** Width of one UTF-16 code unit in em: CJK and full-width 1, narrow punctuation 0.3, capitals 0.65, others 0.55. */
function charEm(code: number): number {
  if (code >= 0x1100) {
    if (code <= 0x115f || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff)
      || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6)) return 1;
    // surrogate halves: a supplementary character counts 0.5 + 0.5 em
    return code >= 0xd800 && code <= 0xdfff ? 0.5 : 0.55;
  }
  switch (code) {
    case 32: case 46: case 44: case 58: case 59: case 124: case 39: case 33: case 105: case 108:
      return 0.3;
    case 109: case 119: case 77: case 87:
      return 0.85;
  }
  return code >= 65 && code <= 90 ? 0.65 : 0.55;
}

/**
 * Line height (em) of text without its own lineHeight. The paginator plans rows with it, the PDF draws
 * with it and the printed HTML sets it explicitly (a browser's `normal` is 1.448 em in Noto Sans CJK, which
 * made printed rows taller than planned).
 */
export const LINE_HEIGHT_EM = 1.25;

/** A conservative estimate (slightly wide) so that printed text never overflows its computed row. */
export const estimatedFontMetrics: FontMetrics = {
  textWidth(text, fontSize, fontWeight) {
    let em = 0;
    for (let i = 0; i < text.length; i++) em += charEm(text.charCodeAt(i));
    const bold = fontWeight === 'bold' || fontWeight === 'bolder' || Number(fontWeight) >= 600;
    return em * fontSize * (bold ? 1.06 : 1);
  },
  lineHeight: (fontSize) => fontSize * LINE_HEIGHT_EM,
};

/** Number of lines `text` wraps to in `width` pt. Explicit newlines count; a non-positive width never loops. */
export function countLines(text: string, width: number, fontSize: number, metrics: FontMetrics, fontWeight?: string, letterSpacing = 0): number {
  if (text === '') return 1;
  if (text.indexOf('\n') === -1) return paragraphLines(text, width, fontSize, metrics, fontWeight, letterSpacing);
  let lines = 0;
  for (const paragraph of text.split('\n')) lines += paragraphLines(paragraph, width, fontSize, metrics, fontWeight, letterSpacing);
  return lines;
}

function paragraphLines(paragraph: string, width: number, fontSize: number, metrics: FontMetrics, fontWeight: string | undefined, letterSpacing: number): number {
  const w = metrics.textWidth(paragraph, fontSize, fontWeight) + letterSpacing * paragraph.length;
  return width > 0 && Number.isFinite(w) && w > width ? Math.min(Math.ceil(w / width), 10_000) : 1;
}

/** A finite number or the fallback (hostile templates carry NaN, strings, Infinity). */
export function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A finite number > 0, or the fallback. */
export function positiveOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

const DEFAULT_TEXT_SIZE = 9;
const DEFAULT_BORDER_WIDTH = 0.75;

/** pt height of one line of text: its own lineHeight, else fontSize (default 9) × LINE_HEIGHT_EM. */
export function lineHeightPt(fontSize: unknown, lineHeight?: unknown): number {
  return positiveOr(lineHeight, positiveOr(fontSize, DEFAULT_TEXT_SIZE) * LINE_HEIGHT_EM);
}

interface TextBoxOptions {
  textType?: unknown; fontSize?: unknown; lineHeight?: unknown; borderWidth?: unknown; borderTop?: unknown; borderBottom?: unknown;
  contentPaddingTop?: unknown; contentPaddingBottom?: unknown;
}

/**
 * The height a text element prints at: its own, or, when that is too small for one line (a 15 pt title
 * keeps the 9.75 pt default box), one line box plus its paddings and borders (the DOM frame is
 * border-box), so the canvas, the preview and the PDF show the line whole. Code texts keep their box.
 */
export function textBoxHeight(element: { type?: unknown; options?: unknown }, height: number): number {
  if (element.type !== 'text') return height;
  const o = (element.options && typeof element.options === 'object' ? element.options : {}) as TextBoxOptions;
  if (o.textType === 'barcode' || o.textType === 'qrcode') return height;
  const border = (side: unknown) => (side === 'solid' || side === 'dotted' || side === 'dashed' ? Math.min(positiveOr(o.borderWidth, DEFAULT_BORDER_WIDTH), 100) : 0);
  const need = lineHeightPt(o.fontSize, o.lineHeight) + Math.max(0, finiteOr(o.contentPaddingTop, 0)) + Math.max(0, finiteOr(o.contentPaddingBottom, 0))
    + border(o.borderTop) + border(o.borderBottom);
  return Math.max(height, need);
}
