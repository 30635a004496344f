/**
 * Barcodes and QR codes on the canvas and printed page: SVG from bwip-js (vector, scales cleanly).
 * A value the symbology cannot encode shows the spec's message in red instead of breaking the page.
 */
import { toSVG } from 'bwip-js/browser';
import { memo } from 'react';
import { DESIGNER_ERRORS } from '../../../../core/print/errors/index.ts';

export const BARCODE_TEXT_ERROR = DESIGNER_ERRORS.barcodeText.message;
export const BARCODE_FAILED = DESIGNER_ERRORS.barcodeFailed.message;
export const QRCODE_FAILED = DESIGNER_ERRORS.qrcodeFailed.message;

/** JsBarcode-style barcodeMode names of text elements and table columns -> bwip-js symbologies. */
const MODE_TO_BCID: Record<string, string> = {
  CODE128: 'code128', CODE128A: 'code128', CODE128B: 'code128', CODE128C: 'code128', CODE39: 'code39',
  EAN13: 'ean13', 'EAN-13': 'ean13', EAN8: 'ean8', 'EAN-8': 'ean8', EAN5: 'ean5', 'EAN-5': 'ean5', EAN2: 'ean2', 'EAN-2': 'ean2',
  UPC: 'upca', ITF: 'interleaved2of5', ITF14: 'itf14', 'ITF-14': 'itf14', MSI: 'msi', MSI10: 'msi', MSI11: 'msi',
  MSI1010: 'msi', MSI1110: 'msi', pharmacode: 'pharmacode',
};
export const bcidForMode = (mode: string | undefined): string => MODE_TO_BCID[mode ?? 'CODE128'] ?? 'code128';

/** qrCodeLevel 1/0/3/2 -> L/M/Q/H */
const LEVELS: Record<number, string> = { 1: 'L', 0: 'M', 3: 'Q', 2: 'H' };

const QR_LIKE = /qr|aztec|datamatrix|hanxin/i;

export type CodeResult = { svg: string } | { error: string };

/** SVG markup of a code, or the message to show. */
export function codeSvg(bcid: string, text: string, options: { qrLevel?: number; showText?: boolean } = {}): CodeResult {
  const qr = QR_LIKE.test(bcid);
  if (text === '') return { error: qr ? QRCODE_FAILED : BARCODE_FAILED };
  try {
    const opts: Parameters<typeof toSVG>[0] & { eclevel?: string } = { bcid, text, scale: 2 };
    if (qr && bcid.includes('qrcode') && options.qrLevel !== undefined) opts.eclevel = LEVELS[options.qrLevel] ?? 'M';
    if (!qr && options.showText) opts.includetext = true;
    return { svg: toSVG(opts) };
  } catch (e) {
    const message = String((e as Error).message ?? e);
    // bwip-js reports bad input as bwipp.<symbology>bad...: the value does not fit the symbology
    if (/bad|invalid|must|length/i.test(message)) return { error: qr ? QRCODE_FAILED : BARCODE_TEXT_ERROR };
    return { error: qr ? QRCODE_FAILED : BARCODE_FAILED };
  }
}

/** A code stretched over its box; the message in red when it cannot be drawn. */
export const CodeView = memo(function CodeView(props: { bcid: string; text: string; qrLevel?: number; showText?: boolean }) {
  const result = codeSvg(props.bcid, props.text, props);
  if ('error' in result) return <div className="wxy-designer-error" data-testid="code-error">{result.error}</div>;
  const svg = result.svg.replace('<svg ', '<svg preserveAspectRatio="none" width="100%" height="100%" ');
  return <div style={{ width: '100%', height: '100%' }} dangerouslySetInnerHTML={{ __html: svg }} />;
});
