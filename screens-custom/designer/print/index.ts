export type { PrintPreview, RenderPreviewHtml } from './types.ts';
export { printInFrame, PRINT_FRAME_ID, type FramePrintOptions } from './printInFrame.ts';
export { printDocumentHtml } from './printDocument.ts';
export { printLockLink, loadPrintCss, PRINT_LOCK_SELECTOR } from './printStyles.ts';
export { exportTemplatePdf, downloadBlob, browserPdfFonts, type ExportPdfOptions } from './exportPdf.ts';
