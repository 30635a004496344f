/** Server-side PDF rendering of a stored template: the designer's PDF writer with fonts from node_modules. */
import { dataUrlOnly, writePdf, type WrittenPdf } from '../../screens-custom/designer/core/pdf/index.ts';
import type { PrintTemplate } from '../../screens-custom/designer/core/template/index.ts';
import { serverPdfFonts } from './fonts.ts';

export async function renderTemplatePdf(template: PrintTemplate, data: Record<string, unknown> | undefined, title: string): Promise<WrittenPdf> {
  // images only from data: URLs: the server never fetches an address a template names
  return writePdf({ template, data, fonts: await serverPdfFonts(), loadImage: dataUrlOnly, imageRetry: { attempts: 1, delayMs: 0 }, title });
}
