/**
 * The contract between the designer's preview (designer-ui renders a template with data to HTML)
 * and the two print paths that consume it: browser print through a hidden frame, and the print
 * client over socket.io. Preview shows exactly what prints because both take this same HTML.
 */
import type { PrintTemplate } from '../../../core/print/template/index.ts';

export interface PrintPreview {
  /**
   * The pages as HTML: one `<div class="wxy-print-page">` per paper, each sized in mm by an inline
   * style (width/height), absolutely positioned content inside. No <html>/<head>: the print paths
   * wrap it (see printDocumentHtml) together with the print stylesheet.
   */
  html: string;
  /** paper size of the pages in mm (the @page size of the printed document) */
  paper: { widthMm: number; heightMm: number };
  /** document title shown by the print dialog / the client's job name */
  title?: string;
}

/** What designer-ui exports from its preview module (elements' uiRender over core/paginate pages). */
export type RenderPreviewHtml = (template: PrintTemplate, data?: Record<string, unknown>) => PrintPreview;
