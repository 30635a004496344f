/** Barcodes and QR codes drawn as vector paths; a failure shows its §8 message in red instead. */
import { fitDrawing, type CodeDrawing } from '../codes/index.ts';
import type { Box, PageCanvas } from './canvas.ts';
import { parseColor } from './color.ts';
import { drawTextBlock } from './textLayout.ts';

const RED = parseColor('#e03131')!;

/** Code drawings of one document by what they encode: a header barcode repeats on every page. */
export class CodeCache {
  private readonly map = new Map<string, CodeDrawing>();
  get(key: string, make: () => CodeDrawing): CodeDrawing {
    let d = this.map.get(key);
    if (!d) {
      d = make();
      if (this.map.size < 5000) this.map.set(key, d);
    }
    return d;
  }
}

export function drawCode(canvas: PageCanvas, result: CodeDrawing, box: Box, textSize = 9): void {
  if (box.width <= 0 || box.height <= 0) return;
  if (!result.ok) {
    drawTextBlock(canvas, result.error.zh, box, { size: Math.min(9, Math.max(4, box.height / 2)), color: RED, align: 'center', vAlign: 'middle' });
    return;
  }
  const d = result.drawing;
  const { sx, sy, dx, dy } = fitDrawing(d, box);
  for (const f of d.fills) canvas.path(f.d, box.left + dx, box.top + dy, sx, sy, parseColor(f.color)!);
  for (const t of d.texts) {
    // human-readable text with the PDF font: centred where bwip-js put it, sized to the barcode
    const size = Math.min(textSize, t.size * sy * 1.1);
    const width = canvas.fonts.width(t.text, size);
    const centre = box.left + dx + (t.x + (t.text.length * t.size * 0.6) / 2) * sx;
    canvas.text(t.text, centre - width / 2, box.top + dy + t.y * sy, size, canvas.fonts.regular, parseColor(t.color)!);
  }
}
