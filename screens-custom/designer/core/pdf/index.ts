export { writePdf, PAGE_EXTRA_WIDTH_MM, type WritePdfInput, type WrittenPdf } from './writePdf.ts';
export { embedFonts, LINE_HEIGHT_EM, type PdfFontBytes, type PdfFonts } from './fonts.ts';
export { loadWithRetry, dataUrlOnly, fetchImageBytes, dataUrlBytes, IMAGE_RETRY, type ImageBytesLoader } from './images.ts';
export { parseColor } from './color.ts';
export { watermarkText } from './watermark.ts';
export { htmlToText } from './elements.ts';
