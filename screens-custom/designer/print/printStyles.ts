/**
 * The print stylesheet. The entry page (index.html) must link it as
 * `<link rel="stylesheet" media="print" href="/print-lock.css">`; both print paths embed its text so that
 * a printed page looks like the preview whatever the printing side has loaded.
 */
import { DesignerError } from '../../../core/print/errors/index.ts';

export const PRINT_LOCK_SELECTOR = 'link[media="print"][href*="print-lock"]';

/** The print-lock link of the entry page, or the designer's missing-stylesheet error. */
export function printLockLink(doc: Document): HTMLLinkElement {
  const link = doc.querySelector<HTMLLinkElement>(PRINT_LOCK_SELECTOR);
  if (!link) throw new DesignerError('printLockMissing');
  return link;
}

const cssCache = new Map<string, Promise<string>>();

/** The text of the print stylesheet (fetched once per address, as the spec's designer does by GET). */
export function loadPrintCss(doc: Document, fetchText: (url: string) => Promise<string> = defaultFetchText): Promise<string> {
  const href = printLockLink(doc).href;
  let css = cssCache.get(href);
  if (!css) {
    css = fetchText(href).catch((e: unknown) => {
      cssCache.delete(href);
      throw e;
    });
    cssCache.set(href, css);
  }
  return css;
}

async function defaultFetchText(url: string): Promise<string> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new DesignerError('printLockMissing', `HTTP ${res.status} ${url}`);
  return res.text();
}
