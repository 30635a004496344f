/** CSS colour strings of the template (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), a few names) -> PDF colour + opacity. */
import { rgb, type RGB } from 'pdf-lib';

export interface PdfColor {
  color: RGB;
  opacity: number;
}

const NAMED: Record<string, [number, number, number]> = {
  black: [0, 0, 0], white: [255, 255, 255], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255],
  gray: [128, 128, 128], grey: [128, 128, 128], silver: [192, 192, 192], yellow: [255, 255, 0], orange: [255, 165, 0],
};

// every cell asks for its colour: parse each distinct string once
const cache = new Map<string, PdfColor | null>();
function cachedParse(s: string): PdfColor | null {
  let c = cache.get(s);
  if (c === undefined) {
    c = parse(s.trim().toLowerCase());
    if (cache.size < 1000) cache.set(s, c);
  }
  return c;
}

export function parseColor(value: unknown, fallback: string | null = '#000000'): PdfColor | null {
  const parsed = typeof value === 'string' ? cachedParse(value) : null;
  if (parsed) return parsed;
  return fallback === null ? null : cachedParse(fallback);
}

function parse(s: string): PdfColor | null {
  if (s === '' || s === 'transparent' || s === 'none') return null;
  const named = NAMED[s];
  if (named) return make(named[0], named[1], named[2], 1);
  let m = /^#([0-9a-f]{3,4})$/.exec(s);
  if (m) {
    const h = m[1];
    return make(parseInt(h[0] + h[0], 16), parseInt(h[1] + h[1], 16), parseInt(h[2] + h[2], 16), h.length === 4 ? parseInt(h[3] + h[3], 16) / 255 : 1);
  }
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(s);
  if (m) {
    const n = parseInt(m[1], 16);
    return make((n >> 16) & 255, (n >> 8) & 255, n & 255, m[2] ? parseInt(m[2], 16) / 255 : 1);
  }
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+%?)\s*)?\)$/.exec(s);
  if (m) {
    const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return make(+m[1], +m[2], +m[3], a);
  }
  return null;
}

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Number.isFinite(v) ? v : 0));
const make = (r: number, g: number, b: number, a: number): PdfColor => ({
  color: rgb(clamp(r, 255) / 255, clamp(g, 255) / 255, clamp(b, 255) / 255),
  opacity: clamp(a, 1),
});
