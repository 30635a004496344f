/**
 * PDF export in the browser: the same PDF writer as the server. Font files are Vite assets of the
 * font packages, fetched only when a PDF needs that face (10-15 MB each, then cached by the browser).
 */
import sansRegularUrl from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import sansBoldUrl from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import serifRegularUrl from '@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf?url';
import serifBoldUrl from '@expo-google-fonts/noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf?url';
import { fetchImageBytes, writePdf, type FontKind, type FontWeightName, type PdfFontSource, type WrittenPdf } from '../../../core/print/pdf/index.ts';
import type { FormatterRegistry } from '../../../core/print/template/registry.ts';
import type { PrintTemplate } from '../../../core/print/template/index.ts';

const FONT_URLS: Record<FontKind, Record<FontWeightName, string>> = {
  sans: { regular: sansRegularUrl, bold: sansBoldUrl },
  serif: { regular: serifRegularUrl, bold: serifBoldUrl },
};
const fetched = new Map<string, Promise<Uint8Array>>();

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font ${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The writer's font source in the browser: each face fetched once, on first use. */
export const browserPdfFonts: PdfFontSource = (kind, weight) => {
  const url = FONT_URLS[kind][weight];
  let bytes = fetched.get(url);
  if (!bytes) {
    bytes = fetchBytes(url);
    bytes.catch(() => fetched.delete(url));
    fetched.set(url, bytes);
  }
  return bytes;
};

export interface ExportPdfOptions {
  data?: Record<string, unknown>;
  registry?: FormatterRegistry;
  title?: string;
}

export async function exportTemplatePdf(template: PrintTemplate, options: ExportPdfOptions = {}): Promise<WrittenPdf & { blob: Blob }> {
  const out = await writePdf({ template, data: options.data, registry: options.registry, fonts: browserPdfFonts, loadImage: fetchImageBytes, title: options.title });
  return { ...out, blob: new Blob([out.bytes as BlobPart], { type: 'application/pdf' }) };
}

/** Saves a PDF under `fileName` through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName.endsWith('.pdf') ? fileName : `${fileName}.pdf`;
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
