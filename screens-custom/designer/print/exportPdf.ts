/**
 * PDF export in the browser: the same PDF writer as the server, fonts fetched once from the font
 * package's files (bundled by Vite as assets; the 10 MB TrueType files are cached by the browser).
 */
import regularUrl from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import { fetchImageBytes, writePdf, type PdfFontBytes, type WrittenPdf } from '../core/pdf/index.ts';
import type { FormatterRegistry } from '../core/template/registry.ts';
import type { PrintTemplate } from '../core/template/index.ts';

let fonts: Promise<PdfFontBytes> | null = null;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font ${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export function browserPdfFonts(): Promise<PdfFontBytes> {
  fonts ??= Promise.all([fetchBytes(regularUrl), fetchBytes(boldUrl)])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((e: unknown) => {
      fonts = null;
      throw e;
    });
  return fonts;
}

export interface ExportPdfOptions {
  data?: Record<string, unknown>;
  registry?: FormatterRegistry;
  title?: string;
}

export async function exportTemplatePdf(template: PrintTemplate, options: ExportPdfOptions = {}): Promise<WrittenPdf & { blob: Blob }> {
  const out = await writePdf({ template, data: options.data, registry: options.registry, fonts: await browserPdfFonts(), loadImage: fetchImageBytes, title: options.title });
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
