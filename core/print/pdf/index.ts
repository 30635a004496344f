export { writePdf, facesUsed, PAGE_EXTRA_WIDTH_MM, type WritePdfInput, type WrittenPdf } from './writePdf.ts';
export { embedFonts, fontKindOf, fontSourceOf, LINE_HEIGHT_EM, type FontKind, type FontWeightName, type PdfFontBytes, type PdfFontSource, type PdfFonts } from './fonts.ts';
export { loadWithRetry, dataUrlOnly, fetchImageBytes, dataUrlBytes, IMAGE_RETRY, type ImageBytesLoader } from './images.ts';
export { parseColor } from './color.ts';
export { watermarkText } from './watermark.ts';
export { htmlToText } from './elements.ts';
