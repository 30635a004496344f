/**
 * The panel watermark (spec 001 §3, defaults spec 000 §9): its text, optionally followed by the print
 * time, repeated over the page in cells of width × height px, rotated, in a translucent colour.
 */
import { WATERMARK_DEFAULTS } from '../options/index.ts';
import { positiveOr, finiteOr } from '../paginate/metrics.ts';
import { units } from '../paper/index.ts';
import type { WatermarkOptions } from '../template/types.ts';
import { formatDate } from '../content/date.ts';
import type { PageCanvas } from './canvas.ts';
import { parseColor } from './color.ts';

/** The watermark text of a page, or '' when the panel has none. */
export function watermarkText(options: WatermarkOptions | undefined, now: Date): string {
  const content = typeof options?.content === 'string' ? options.content.trim() : '';
  if (!content) return '';
  return options?.timestamp ? `${content} ${formatDate(now, options.format || WATERMARK_DEFAULTS.format)}` : content;
}

export function drawWatermark(canvas: PageCanvas, options: WatermarkOptions | undefined, now: Date): void {
  const text = watermarkText(options, now);
  if (!text) return;
  const o = { ...WATERMARK_DEFAULTS, ...options };
  const color = parseColor(o.fillStyle) ?? parseColor(WATERMARK_DEFAULTS.fillStyle)!;
  const sizePx = positiveOr(parseFloat(String(o.fontSize)), 14);
  const size = units.pxToPt(Math.min(Math.max(sizePx, 1), 200));
  const cellW = units.pxToPt(Math.min(Math.max(positiveOr(o.width, 200), 20), 2000));
  const cellH = units.pxToPt(Math.min(Math.max(positiveOr(o.height, 200), 20), 2000));
  const angle = finiteOr(o.rotate, 25);
  const face = canvas.fonts.regular;
  const w = canvas.fonts.width(text, size);
  const rad = (angle * Math.PI) / 180;
  const pageW = canvas.page.getWidth();
  const pageH = canvas.page.getHeight();
  // one text per cell, centred in the cell and rising `angle` degrees to the right
  for (let top = 0; top < pageH; top += cellH) {
    for (let left = 0; left < pageW; left += cellW) {
      const cx = left + cellW / 2;
      const cy = top + cellH / 2;
      const x = cx - (Math.cos(rad) * w) / 2;
      const baseline = cy + (Math.sin(rad) * w) / 2 + size / 3;
      canvas.rotatedText(text, x, baseline, size, face, color, angle);
    }
  }
}
