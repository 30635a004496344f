/** Server-side PDF rendering of a stored template: the designer's PDF writer with fonts from node_modules. */
import { dataUrlBytes, writePdf, type ImageBytesLoader, type WrittenPdf } from '../../core/print/pdf/index.ts';
import type { PrintTemplate } from '../../core/print/template/index.ts';
import type { AppServices } from '../context.ts';
import { readOwnFileLink } from '../files/ownLinks.ts';
import { serverPdfFonts } from './fonts.ts';

/**
 * Images come from data: URLs or from this server's own signed file links of the rendering tenant, read
 * from the file store; the server never fetches an address a template names. An image that cannot be
 * read is reported to `onImageSkipped` and printed as the element's failure box.
 */
export function serverImageLoader(services: AppServices, tenantId: number, onImageSkipped: (src: string, reason: string) => void): ImageBytesLoader {
  return async (src) => {
    try {
      if (src.startsWith('data:')) return dataUrlBytes(src);
      return await readOwnFileLink(services, tenantId, src);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      onImageSkipped(src.startsWith('data:') ? `${src.slice(0, 40)}…` : src.slice(0, 300), reason);
      throw e;
    }
  };
}

export async function renderTemplatePdf(template: PrintTemplate, data: Record<string, unknown> | undefined, title: string, loadImage: ImageBytesLoader): Promise<WrittenPdf> {
  return writePdf({ template, data, fonts: await serverPdfFonts(), loadImage, imageRetry: { attempts: 1, delayMs: 0 }, title });
}
