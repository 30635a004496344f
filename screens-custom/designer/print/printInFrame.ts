/**
 * Browser print: the preview HTML goes into a hidden same-origin iframe with the print stylesheet
 * embedded, the frame prints, and is removed after the print dialog closes.
 */
import { loadPrintCss } from './printStyles.ts';
import { printDocumentHtml } from './printDocument.ts';
import type { PrintPreview } from './types.ts';

export interface FramePrintOptions {
  /** the entry page (holds the print-lock link and gets the frame); default window.document */
  document?: Document;
  /** load the stylesheet text; default a GET of the link's address */
  fetchText?: (url: string) => Promise<string>;
  /** longest wait for images in the frame before printing anyway */
  imageTimeoutMs?: number;
}

export const PRINT_FRAME_ID = 'wxy-print-frame';

/** Resolves once the print dialog has been handed the document (after it closes where the browser blocks). */
export async function printInFrame(preview: PrintPreview, options: FramePrintOptions = {}): Promise<void> {
  const doc = options.document ?? window.document;
  const css = await loadPrintCss(doc, options.fetchText);
  doc.getElementById(PRINT_FRAME_ID)?.remove();
  const frame = doc.createElement('iframe');
  frame.id = PRINT_FRAME_ID;
  frame.setAttribute('aria-hidden', 'true');
  // Off-screen rather than display:none: a hidden frame would lay out nothing and print blank pages.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  doc.body.appendChild(frame);
  const win = frame.contentWindow;
  const fdoc = frame.contentDocument;
  if (!win || !fdoc) {
    frame.remove();
    throw new Error('print frame could not be created');
  }
  fdoc.open();
  fdoc.write(printDocumentHtml(preview, css));
  fdoc.close();
  await imagesLoaded(fdoc, options.imageTimeoutMs ?? 5000);
  await new Promise<void>((resolve) => {
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      win.removeEventListener('afterprint', done);
      // removed a moment later: some browsers still read the frame right after afterprint
      setTimeout(() => frame.remove(), 100);
      resolve();
    };
    win.addEventListener('afterprint', done);
    win.focus();
    win.print();
    // Browsers whose print() does not block and never fire afterprint still get the frame cleaned up.
    setTimeout(done, 60_000);
  });
}

function imagesLoaded(doc: Document, timeoutMs: number): Promise<void> {
  const pending = Array.from(doc.images).filter((img) => !img.complete);
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = pending.length;
    const timer = setTimeout(resolve, timeoutMs);
    const one = () => {
      if (--left === 0) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const img of pending) {
      img.addEventListener('load', one, { once: true });
      img.addEventListener('error', one, { once: true });
    }
  });
}
