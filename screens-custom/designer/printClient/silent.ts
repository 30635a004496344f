import { client as http } from '../../../src/api/http';
import { TIMEOUT } from '../../../src/api/timeouts';
import type { PrintTemplate } from '../../../core/print/template/index.ts';
import type { PrintClient } from './client.ts';
import { loadPrintClientSettings } from './settings.ts';

/**
 * Printing without the browser's dialog through the print client (electron-hiprint): a print route's `?type=data`
 * answer (the tenant's template and the data) laid out as the designer previews it and sent to the printer this
 * browser chose for that kind of paper — the till's receipt printer for receipts and 交班单, the office PC's A4
 * printer for documents. 'noClient' when none is chosen or the client does not answer in time, so the caller prints
 * the PDF instead; a job the client refuses (a stopped printer, no paper) throws the client's own message.
 */
const CONNECT_WAIT_MS = 3000;

export type PaperKind = 'receipt' | 'document';
export type SilentOutcome = { kind: 'printed'; printer: string } | { kind: 'noClient' };

export function chosenPrinter(kind: PaperKind): string | null {
  const s = loadPrintClientSettings();
  return (kind === 'receipt' ? s.receiptPrinter : s.documentPrinter) ?? null;
}

/** A connected client, or null when it does not connect within the wait (not running, wrong token, other machine). */
async function connectedClient(): Promise<PrintClient | null> {
  const settings = loadPrintClientSettings();
  const { createPrintClient } = await import('./client.ts');
  // One attempt: someone is waiting for paper, not for reconnections.
  const c = createPrintClient({ host: settings.host, token: settings.token, reconnectionAttempts: 0, reconnectTimeout: CONNECT_WAIT_MS });
  const ok = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CONNECT_WAIT_MS);
    const off = c.subscribe((s) => {
      if (s.status !== 'connected' && s.status !== 'closed') return;
      clearTimeout(timer);
      queueMicrotask(() => off());
      resolve(s.status === 'connected');
    });
  });
  if (ok) return c;
  c.close();
  return null;
}

/**
 * `url` (with `params`: by default `?type=data`; a route taking the type in its path passes none) answers
 * `{template, templateName, data}`; `title` names the job in the printer's queue.
 */
export async function printSilently(kind: PaperKind, url: string, title: string, params: Record<string, string> = { type: 'data' }): Promise<SilentOutcome> {
  const printer = chosenPrinter(kind);
  if (!printer) return { kind: 'noClient' };
  const c = await connectedClient();
  if (!c) return { kind: 'noClient' };
  try {
    const res = await http.request<{ data: { template: PrintTemplate; templateName: string; data: Record<string, unknown> } }>({
      method: 'GET', url, params, timeout: TIMEOUT.exportDownload,
    });
    const { template, templateName, data } = res.data.data;
    const [{ renderPreviewHtml }, { printDocumentHtml }, { loadPrintCss }, { templatePaper }] = await Promise.all([
      import('../preview/previewHtml.ts'), import('../print/printDocument.ts'), import('../print/printStyles.ts'), import('./job.ts'),
    ]);
    const html = printDocumentHtml(renderPreviewHtml(template, data), await loadPrintCss(document));
    await c.print({ html, templateId: templateName, printer, title, paper: templatePaper(template) });
    return { kind: 'printed', printer };
  } finally {
    c.close();
  }
}
