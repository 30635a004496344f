/**
 * Barcodes and 2D codes as vector drawings (filled paths + text runs), shared by the PDF writer and the
 * on-screen renderer. Linear and most 2D symbologies come from bwip-js; the plain QR code from the qrcode
 * module's matrix. A text a symbology cannot encode gives the §8 message instead of a broken page.
 */
import { render as bwipRender, type DrawingContext, type RenderOptions } from 'bwip-js/browser';
import QRCode from 'qrcode';
import { DesignerError } from '../errors/index.ts';
import type { BarcodeMode, QrCodeLevel, TableBarcodeMode } from '../options/index.ts';

export interface VectorDrawing {
  /** drawing units (1 = one bwip-js pixel or one QR module); y grows downwards */
  width: number;
  height: number;
  /** filled areas as SVG path data */
  fills: Array<{ d: string; color: string }>;
  /** human-readable text of a barcode; y is the baseline */
  texts: Array<{ x: number; y: number; text: string; size: number; color: string }>;
  /** a 2D code keeps its aspect ratio when fitted into a box; a linear barcode stretches */
  square: boolean;
}

export type CodeDrawing = { ok: true; drawing: VectorDrawing } | { ok: false; error: DesignerError };

/** text-element barcodeMode (JsBarcode names) and table tableBarcodeMode -> bwip-js symbology and options. */
const MODE_TO_BWIP: Record<string, { bcid: string; extra?: Partial<RenderOptions> & Record<string, unknown> }> = {
  CODE128: { bcid: 'code128' },
  CODE128A: { bcid: 'code128' },
  CODE128B: { bcid: 'code128' },
  CODE128C: { bcid: 'code128' },
  CODE39: { bcid: 'code39' },
  EAN13: { bcid: 'ean13' },
  EAN8: { bcid: 'ean8' },
  EAN5: { bcid: 'ean5' },
  EAN2: { bcid: 'ean2' },
  UPC: { bcid: 'upca' },
  ITF: { bcid: 'interleaved2of5' },
  ITF14: { bcid: 'itf14' },
  MSI: { bcid: 'msi' },
  MSI10: { bcid: 'msi', extra: { checktype: 'mod10', includecheck: true } },
  MSI11: { bcid: 'msi', extra: { checktype: 'mod11', includecheck: true } },
  MSI1010: { bcid: 'msi', extra: { checktype: 'mod1010', includecheck: true } },
  MSI1110: { bcid: 'msi', extra: { checktype: 'mod1110', includecheck: true } },
  pharmacode: { bcid: 'pharmacode' },
};

/** bwip-js symbology of a barcodeMode / tableBarcodeMode ('EAN-13' and 'EAN13' alike). */
export function bwipSymbologyOfMode(mode: BarcodeMode | TableBarcodeMode | string | undefined): { bcid: string; extra?: Record<string, unknown> } {
  return MODE_TO_BWIP[(mode ?? 'CODE128').replace(/-/g, '')] ?? MODE_TO_BWIP.CODE128;
}

/** qrCodeLevel numbers (QRCode.js): 1 = L, 0 = M, 3 = Q, 2 = H. Default M. */
export function qrErrorLevel(level: QrCodeLevel | number | undefined): 'L' | 'M' | 'Q' | 'H' {
  return ({ 1: 'L', 0: 'M', 3: 'Q', 2: 'H' } as const)[level as 0 | 1 | 2 | 3] ?? 'M';
}

const TWO_D = /qr|aztec|datamatrix|hanxin|maxicode|dotcode|pdf417|codeone|ultracode/i;

/** Collects bwip-js drawing calls as paths; bars become rectangles (no stroke caps to approximate). */
function vectorContext(): DrawingContext<Omit<VectorDrawing, 'square'>> {
  let width = 0;
  let height = 0;
  let pending = '';
  const fills = new Map<string, string>();
  const texts: VectorDrawing['texts'] = [];
  const r = (n: number) => Math.round(n * 1000) / 1000;
  const addFill = (color: string, d: string) => fills.set(color, (fills.get(color) ?? '') + d);
  return {
    scale: () => null,
    measure: (str, _font, fwidth, fheight) => ({ width: str.length * fwidth * 0.6, ascent: fheight * 0.72, descent: fheight * 0.2 }),
    init(w, h) {
      width = w;
      height = h;
    },
    line(x0, y0, x1, y1, lw, rgb) {
      if (x0 === x1) addFill(rgb, `M${r(x0 - lw / 2)} ${r(Math.min(y0, y1))}h${r(lw)}v${r(Math.abs(y1 - y0))}h${r(-lw)}Z`);
      else addFill(rgb, `M${r(Math.min(x0, x1))} ${r(y0 - lw / 2)}h${r(Math.abs(x1 - x0))}v${r(lw)}h${r(-Math.abs(x1 - x0))}Z`);
    },
    polygon(pts) {
      pending += `M${pts.map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}Z`;
    },
    hexagon(pts) {
      pending += `M${pts.map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}Z`;
    },
    ellipse(x, y, rx, ry) {
      const k = 0.5523;
      const dx = rx * k;
      const dy = ry * k;
      pending += `M${r(x - rx)} ${r(y)}C${r(x - rx)} ${r(y - dy)} ${r(x - dx)} ${r(y - ry)} ${r(x)} ${r(y - ry)}`
        + `C${r(x + dx)} ${r(y - ry)} ${r(x + rx)} ${r(y - dy)} ${r(x + rx)} ${r(y)}`
        + `C${r(x + rx)} ${r(y + dy)} ${r(x + dx)} ${r(y + ry)} ${r(x)} ${r(y + ry)}`
        + `C${r(x - dx)} ${r(y + ry)} ${r(x - rx)} ${r(y + dy)} ${r(x - rx)} ${r(y)}Z`;
    },
    fill(rgb) {
      if (pending) addFill(rgb, pending);
      pending = '';
    },
    text(x, y, str, rgb, font) {
      texts.push({ x, y, text: str, size: font.height, color: `#${rgb}` });
    },
    end: () => ({ width, height, fills: [...fills].map(([color, d]) => ({ d, color: `#${color}` })), texts }),
  };
}

/** The §8 message for a bwip-js failure: a text the symbology cannot encode, or any other failure. */
function bwipFailure(e: unknown): DesignerError {
  const message = e instanceof Error ? e.message : String(e);
  // bwip-js reports encoding problems as 'bwipp.<symbol><reason>#<line>: <detail>'
  return /^bwipp\./.test(message) ? new DesignerError('barcodeText', message) : new DesignerError('barcodeFailed', message);
}

/** A barcode (or 2D symbology) of bwip-js by its symbology id, e.g. 'code128', 'ean13', 'datamatrix'. */
export function bwipDrawing(bcid: string, text: string, options: { includeText?: boolean; extra?: Record<string, unknown> } = {}): CodeDrawing {
  if (text === '') return { ok: false, error: new DesignerError('barcodeText', 'empty text') };
  const square = TWO_D.test(bcid);
  try {
    const drawing = bwipRender(
      { bcid, text, scale: 1, includetext: !square && options.includeText !== false, textxalign: 'center', ...(square ? {} : { height: 10 }), ...options.extra } as RenderOptions,
      vectorContext(),
    );
    return { ok: true, drawing: { ...drawing, square } };
  } catch (e) {
    return { ok: false, error: bwipFailure(e) };
  }
}

/** A text element's or table cell's barcode by its barcodeMode / tableBarcodeMode. */
export function barcodeDrawing(text: string, mode?: BarcodeMode | TableBarcodeMode | string, includeText = true): CodeDrawing {
  const { bcid, extra } = bwipSymbologyOfMode(mode);
  return bwipDrawing(bcid, text, { includeText, extra });
}

/** A plain QR code from the qrcode module's matrix: one rectangle per horizontal run of dark modules. */
export function qrMatrixDrawing(text: string, level?: QrCodeLevel | number): CodeDrawing {
  if (text === '') return { ok: false, error: new DesignerError('qrcodeFailed', 'empty text') };
  try {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: qrErrorLevel(level) });
    const n = modules.size;
    let d = '';
    for (let y = 0; y < n; y++) {
      let x = 0;
      while (x < n) {
        if (!modules.data[y * n + x]) {
          x++;
          continue;
        }
        const start = x;
        while (x < n && modules.data[y * n + x]) x++;
        d += `M${start} ${y}h${x - start}v1h${start - x}Z`;
      }
    }
    return { ok: true, drawing: { width: n, height: n, fills: [{ d, color: '#000000' }], texts: [], square: true } };
  } catch (e) {
    return { ok: false, error: new DesignerError('qrcodeFailed', e instanceof Error ? e.message : String(e)) };
  }
}

/** A qrcode element or QR cell: qrcodeType 'qrcode' (default) from the matrix, other 2D types from bwip-js. */
export function qrDrawing(text: string, type = 'qrcode', level?: QrCodeLevel | number): CodeDrawing {
  if (type === 'qrcode') return qrMatrixDrawing(text, level);
  const result = bwipDrawing(type, text, { extra: /qrcode/.test(type) ? { eclevel: qrErrorLevel(level) } : {} });
  return result.ok ? result : { ok: false, error: result.error.code === 'barcodeText' ? result.error : new DesignerError('qrcodeFailed', result.error.message) };
}

/** Placement of a drawing inside a box: linear codes stretch, 2D codes keep their aspect ratio and centre. */
export function fitDrawing(drawing: VectorDrawing, box: { width: number; height: number }): { sx: number; sy: number; dx: number; dy: number } {
  const w = Math.max(drawing.width, 1e-9);
  const h = Math.max(drawing.height, 1e-9);
  if (!drawing.square) return { sx: box.width / w, sy: box.height / h, dx: 0, dy: 0 };
  const s = Math.min(box.width / w, box.height / h);
  return { sx: s, sy: s, dx: (box.width - w * s) / 2, dy: (box.height - h * s) / 2 };
}

/** The drawing as an SVG document fitted into a box (for the on-screen preview). */
export function drawingToSvg(drawing: VectorDrawing, box: { width: number; height: number }, unit = 'pt'): string {
  const { sx, sy, dx, dy } = fitDrawing(drawing, box);
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
  const body = drawing.fills.map((f) => `<path d="${f.d}" fill="${esc(f.color)}"/>`).join('')
    + drawing.texts.map((t) => `<text x="${t.x}" y="${t.y}" font-size="${t.size}" fill="${esc(t.color)}" font-family="monospace" text-anchor="start">${esc(t.text)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}${unit}" height="${box.height}${unit}" viewBox="0 0 ${box.width} ${box.height}">`
    + `<g transform="translate(${dx} ${dy}) scale(${sx} ${sy})">${body}</g></svg>`;
}
