/** The PDF writer's font bytes on the server, read once from the font package in node_modules. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDF_FONT_FILES } from '../../screens-custom/designer/core/pdf/fontFiles.ts';
import type { PdfFontBytes } from '../../screens-custom/designer/core/pdf/index.ts';

const require = createRequire(import.meta.url);
let fonts: Promise<PdfFontBytes> | null = null;

export function serverPdfFonts(): Promise<PdfFontBytes> {
  fonts ??= Promise.all([readFile(require.resolve(PDF_FONT_FILES.regular)), readFile(require.resolve(PDF_FONT_FILES.bold))])
    .then(([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }))
    .catch((e: unknown) => {
      fonts = null;
      throw e;
    });
  return fonts;
}
