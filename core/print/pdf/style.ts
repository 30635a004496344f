/** Template options -> drawing styles: text style, content box inside paddings, borders, background. */
import type { CommonOptions } from '../template/types.ts';
import { finiteOr, positiveOr } from '../paginate/metrics.ts';
import type { Box, LineStyle, PageCanvas, Stroke } from './canvas.ts';
import { parseColor, type PdfColor } from './color.ts';
import { fontKindOf } from './fonts.ts';
import type { TextStyle } from './textLayout.ts';

export const DEFAULT_FONT_SIZE = 9;
export const DEFAULT_BORDER_WIDTH = 0.75;
const BLACK = parseColor('#000000')!;

export function textStyleOf(o: CommonOptions, defaults: Partial<TextStyle> = {}): TextStyle {
  return {
    size: Math.min(positiveOr(o.fontSize, defaults.size ?? DEFAULT_FONT_SIZE), 500),
    weight: o.fontWeight ?? defaults.weight,
    kind: o.fontFamily ? fontKindOf(o.fontFamily) : defaults.kind ?? 'sans',
    color: parseColor(o.color) ?? BLACK,
    letterSpacing: finiteOr(o.letterSpacing, 0),
    lineHeight: positiveOr(o.lineHeight, 0) || undefined,
    align: o.textAlign ?? defaults.align ?? 'left',
    vAlign: o.textContentVerticalAlign === 'middle' ? 'middle' : o.textContentVerticalAlign === 'bottom' ? 'bottom' : defaults.vAlign ?? 'top',
    decoration: o.textDecoration,
    wrap: o.textContentWrap ?? 'wrap',
  };
}

export function contentBox(box: Box, o: CommonOptions): Box {
  const l = Math.max(0, finiteOr(o.contentPaddingLeft, 0));
  const t = Math.max(0, finiteOr(o.contentPaddingTop, 0));
  const r = Math.max(0, finiteOr(o.contentPaddingRight, 0));
  const b = Math.max(0, finiteOr(o.contentPaddingBottom, 0));
  return { left: box.left + l, top: box.top + t, width: Math.max(0, box.width - l - r), height: Math.max(0, box.height - t - b) };
}

/** The box inside the side borders a text element sets (a CSS border-box frame lays its content there). */
export function insideBorders(box: Box, o: CommonOptions): Box {
  const w = (v: unknown) => (v === 'solid' || v === 'dotted' || v === 'dashed' ? strokeOf(o).width : 0);
  const l = w(o.borderLeft);
  const t = w(o.borderTop);
  return { left: box.left + l, top: box.top + t, width: Math.max(0, box.width - l - w(o.borderRight)), height: Math.max(0, box.height - t - w(o.borderBottom)) };
}

export function strokeOf(o: CommonOptions, style?: LineStyle): Stroke {
  return {
    color: parseColor(o.borderColor) ?? BLACK,
    width: Math.min(positiveOr(o.borderWidth, DEFAULT_BORDER_WIDTH), 100),
    style: style ?? (o.borderStyle === 'dashed' || o.borderStyle === 'dotted' ? o.borderStyle : 'solid'),
  };
}

export function backgroundOf(o: CommonOptions): PdfColor | null {
  return parseColor(o.backgroundColor, null);
}

/** borderTop/Left/Right/Bottom: 'solid' or 'dotted', unset means none. */
export function drawSideBorders(canvas: PageCanvas, box: Box, o: CommonOptions): void {
  const { left: l, top: t, width: w, height: h } = box;
  const side = (v: unknown) => (v === 'solid' || v === 'dotted' || v === 'dashed' ? strokeOf(o, v) : null);
  const top = side(o.borderTop);
  const right = side(o.borderRight);
  const bottom = side(o.borderBottom);
  const left = side(o.borderLeft);
  if (top) canvas.line(l, t + top.width / 2, l + w, t + top.width / 2, top);
  if (right) canvas.line(l + w - right.width / 2, t, l + w - right.width / 2, t + h, right);
  if (bottom) canvas.line(l + w, t + h - bottom.width / 2, l, t + h - bottom.width / 2, bottom);
  if (left) canvas.line(l + left.width / 2, t + h, l + left.width / 2, t, left);
}

/**
 * borderRadius (a text: '6', '6pt', '8px', '50%', or CSS's 'a b c d' of which the first counts) as
 * corner radii in pt; a bare number is pt as in the designer, % is of the box's width and height.
 */
export function radiusOf(o: object, box: Box): { rx: number; ry: number } | null {
  const value = (o as { borderRadius?: unknown }).borderRadius;
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const m = /^\s*(\d+(?:\.\d+)?)\s*(px|pt|mm|%)?/i.exec(raw.split('/')[0] ?? '');
  if (!m) return null;
  const v = Number(m[1]);
  if (!(v > 0)) return null;
  const unit = (m[2] ?? 'pt').toLowerCase();
  if (unit === '%') return { rx: (Math.min(v, 50) / 100) * box.width, ry: (Math.min(v, 50) / 100) * box.height };
  const pt = unit === 'px' ? v * 0.75 : unit === 'mm' ? (v * 72) / 25.4 : v;
  return { rx: pt, ry: pt };
}
