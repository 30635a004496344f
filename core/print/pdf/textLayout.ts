/**
 * Line breaking and drawing of text blocks with the embedded font's real widths: CJK breaks
 * anywhere, a Latin word moves whole to the next line when it fits on one.
 */
import type { Box, PageCanvas } from './canvas.ts';
import type { PdfColor } from './color.ts';
import { LINE_HEIGHT_EM, type FontKind, type PdfFonts } from './fonts.ts';

export interface TextStyle {
  size: number;
  weight?: unknown;
  /** embedded family (from fontFamily); default sans */
  kind?: FontKind;
  color: PdfColor;
  letterSpacing?: number;
  /** pt; default size × 1.25 */
  lineHeight?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
  vAlign?: 'top' | 'middle' | 'bottom';
  decoration?: 'underline' | 'overline' | 'line-through';
  /** nowrap / clip: one line per paragraph; ellipsis: one line ending in … */
  wrap?: 'wrap' | 'nowrap' | 'clip' | 'ellipsis';
  /** first-line indent of each paragraph (longText) */
  indent?: number;
}

export interface Line {
  text: string;
  /** left indent in pt (the first line of an indented paragraph) */
  indent: number;
}

const MAX_LINES = 100_000;
const isLatin = (ch: string) => /[\x21-\x7e]/.test(ch);

export const lineHeightOf = (style: Pick<TextStyle, 'size' | 'lineHeight'>) => (style.lineHeight && style.lineHeight > 0 ? style.lineHeight : style.size * LINE_HEIGHT_EM);

/** Lines of `text` in `width` pt (explicit newlines kept). */
export function breakLines(text: string, width: number, fonts: PdfFonts, style: Pick<TextStyle, 'size' | 'weight' | 'letterSpacing' | 'indent' | 'kind'>): Line[] {
  const out: Line[] = [];
  const ls = style.letterSpacing ?? 0;
  const indent = Math.max(0, style.indent ?? 0);
  for (const paragraph of text.split('\n')) {
    const first = paragraph ? indent : 0;
    if (!(width > 0) || fonts.width(paragraph, style.size, style.weight, ls, style.kind) <= width - first) {
      out.push({ text: paragraph, indent: first });
      continue;
    }
    let avail = width - first;
    let lineIndent = first;
    let line = '';
    let lineW = 0;
    let breakAt = -1; // a break is allowed after line[0, breakAt)
    for (const ch of paragraph) {
      const w = fonts.width(ch, style.size, style.weight, ls, style.kind);
      if (lineW + w > avail && line !== '') {
        if (isLatin(ch) && breakAt > 0 && breakAt < line.length) {
          out.push({ text: line.slice(0, breakAt).trimEnd(), indent: lineIndent });
          line = line.slice(breakAt) + ch;
          lineW = fonts.width(line, style.size, style.weight, ls, style.kind);
        } else {
          out.push({ text: line, indent: lineIndent });
          line = ch === ' ' ? '' : ch;
          lineW = ch === ' ' ? 0 : w;
        }
        breakAt = -1;
        avail = width;
        lineIndent = 0;
        if (out.length >= MAX_LINES) return out;
        continue;
      }
      line += ch;
      lineW += w;
      if (ch === ' ' || !isLatin(ch)) breakAt = line.length;
    }
    out.push({ text: line, indent: lineIndent });
  }
  return out;
}

function ellipsize(line: string, width: number, fonts: PdfFonts, style: TextStyle): string {
  const ls = style.letterSpacing ?? 0;
  if (fonts.width(line, style.size, style.weight, ls, style.kind) <= width) return line;
  const chars = Array.from(line);
  while (chars.length && fonts.width(chars.join('') + '…', style.size, style.weight, ls, style.kind) > width) chars.pop();
  return chars.join('') + '…';
}

/** Draws lines (already broken) inside `box` with the style's alignment; returns the height used. */
export function drawLines(canvas: PageCanvas, lines: Line[], box: Box, style: TextStyle): number {
  const { fonts } = canvas;
  const face = fonts.face(style.weight, style.kind);
  const lh = lineHeightOf(style);
  const total = lines.length * lh;
  let y = box.top;
  if (style.vAlign === 'middle') y = box.top + (box.height - total) / 2;
  else if (style.vAlign === 'bottom') y = box.top + box.height - total;
  // baseline centred in the line box as CSS does it (half-leading above and below the glyph box)
  const baselineOffset = (lh - (face.ascent + face.descent) * style.size) / 2 + face.ascent * style.size;
  const ls = style.letterSpacing ?? 0;
  lines.forEach((line, i) => {
    const w = fonts.width(line.text, style.size, style.weight, ls, style.kind);
    let x = box.left + line.indent;
    if (style.align === 'center') x = box.left + (box.width - w) / 2;
    else if (style.align === 'right') x = box.left + box.width - w;
    const baseline = y + i * lh + baselineOffset;
    canvas.text(line.text, x, baseline, style.size, face, style.color, ls);
    if (style.decoration && line.text) {
      const dy = style.decoration === 'underline' ? style.size * 0.12 : style.decoration === 'overline' ? -face.ascent * style.size : -style.size * 0.3;
      canvas.line(x, baseline + dy, x + w, baseline + dy, { color: style.color, width: Math.max(0.5, style.size / 18) });
    }
  });
  return total;
}

/** The lines a text block shows in `width` under its wrap mode. */
export function blockLines(text: string, width: number, fonts: PdfFonts, style: TextStyle): Line[] {
  if (style.wrap === 'nowrap' || style.wrap === 'clip') return text.split('\n').map((t) => ({ text: t, indent: 0 }));
  if (style.wrap === 'ellipsis') return [{ text: ellipsize(text.split('\n')[0] ?? '', width, fonts, style), indent: 0 }];
  return breakLines(text, width, fonts, style);
}

/** Breaks and draws a text block into `box`, clipped to it. */
export function drawTextBlock(canvas: PageCanvas, text: string, box: Box, style: TextStyle): Line[] {
  const lines = blockLines(text, box.width, canvas.fonts, style);
  const overflows = lines.length * lineHeightOf(style) > box.height + 0.01
    || lines.some((l) => l.indent + canvas.fonts.width(l.text, style.size, style.weight, style.letterSpacing ?? 0, style.kind) > box.width + 0.01);
  // clip only what would spill out: a clip per cell costs bytes in a long table
  if (overflows) canvas.clipped({ ...box, left: box.left - 1, width: box.width + 2 }, () => drawLines(canvas, lines, box, style));
  else drawLines(canvas, lines, box, style);
  return lines;
}
