/** The PDF writer's font files on the server, each read from its package in node_modules on first use and kept. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDF_FONT_FILES } from '../../core/print/pdf/fontFiles.ts';
import type { PdfFontSource } from '../../core/print/pdf/index.ts';

const require = createRequire(import.meta.url);
const files = new Map<string, Promise<Uint8Array>>();

const serverFontSource: PdfFontSource = (kind, weight) => {
  const file = PDF_FONT_FILES[kind][weight];
  let bytes = files.get(file);
  if (!bytes) {
    bytes = readFile(require.resolve(file)).then((b) => new Uint8Array(b));
    bytes.catch(() => files.delete(file));
    files.set(file, bytes);
  }
  return bytes;
};

/** The font source for writePdf: only the faces a template uses are ever read. */
export function serverPdfFonts(): PdfFontSource {
  return serverFontSource;
}
