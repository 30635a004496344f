/** The panel watermark as a repeating SVG tile (spec 000 §9 / 001 §3 defaults). */
import dayjs from 'dayjs';
import { WATERMARK_DEFAULTS } from '../../../core/print/options/index.ts';
import type { WatermarkOptions } from '../../../core/print/template/index.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** CSS background for a watermark, or null when there is nothing to draw. */
export function watermarkBackground(options: WatermarkOptions | undefined, now: Date = new Date()): string | null {
  const o = { ...WATERMARK_DEFAULTS, ...(options ?? {}) };
  const text = [o.content, o.timestamp ? dayjs(now).format(o.format) : ''].filter(Boolean).join(' ');
  if (!text) return null;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${o.width}" height="${o.height}">`
    + `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" fill="${escape(o.fillStyle)}" font-size="${escape(o.fontSize)}" `
    + `transform="rotate(-${o.rotate} ${o.width / 2} ${o.height / 2})">${escape(text)}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}
