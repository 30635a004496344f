import { client as http } from '../../src/api/http';
import { TIMEOUT } from '../../src/api/timeouts';
import type { PrintTemplate } from '../../core/print/template/index.ts';
import type { PrintClient } from '../designer/printClient/client.ts';
import { loadPrintClientSettings } from '../designer/printClient/settings.ts';
import { billingT } from './labels';

/**
 * The receipt (and the 交班单) to the till's receipt printer through the print client (electron-hiprint), without the browser's
 * dialog: the tenant's 收银小票 template with the order's data (the same the PDF is made of), laid out as the designer
 * previews it. Tried only where this browser has a receipt printer chosen (the register's 打印设置); 'noClient' when
 * the client does not answer in time, so the caller prints the PDF instead. A job the client refuses (a stopped
 * printer, no paper) throws the client's own message for the register to show.
 */
const CONNECT_WAIT_MS = 3000;

export type SilentOutcome = { kind: 'printed'; printer: string } | { kind: 'noClient' };

export function receiptPrinterChosen(): string | null {
  return loadPrintClientSettings().receiptPrinter ?? null;
}

/** A connected client, or null when it does not connect within the wait (not running, wrong token, other machine). */
async function connectedClient(): Promise<PrintClient | null> {
  const settings = loadPrintClientSettings();
  const { createPrintClient } = await import('../designer/printClient/client.ts');
  // One attempt: the cashier is waiting for a receipt, not for reconnections.
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
 * A print route's `?type=data` answer (template and data) rendered as the designer previews it and sent to the till's
 * receipt printer: the receipt (by order number) and the 交班单 (by shift) go this way.
 */
async function printSilently(url: string, title: string): Promise<SilentOutcome> {
  const printer = receiptPrinterChosen();
  if (!printer) return { kind: 'noClient' };
  const c = await connectedClient();
  if (!c) return { kind: 'noClient' };
  try {
    const res = await http.request<{ data: { template: PrintTemplate; templateName: string; data: Record<string, unknown> } }>({
      method: 'GET', url, params: { type: 'data' }, timeout: TIMEOUT.exportDownload,
    });
    const { template, templateName, data } = res.data.data;
    const [{ renderPreviewHtml }, { printDocumentHtml }, { loadPrintCss }, { templatePaper }] = await Promise.all([
      import('../designer/preview/previewHtml.ts'), import('../designer/print/printDocument.ts'), import('../designer/print/printStyles.ts'), import('../designer/printClient/job.ts'),
    ]);
    const html = printDocumentHtml(renderPreviewHtml(template, data), await loadPrintCss(document));
    await c.print({ html, templateId: templateName, printer, title, paper: templatePaper(template) });
    return { kind: 'printed', printer };
  } finally {
    c.close();
  }
}

export const printReceiptSilently = (orderNo: string) =>
  printSilently(`/wxy-order-server/sale/order/print/${encodeURIComponent(orderNo)}`, billingT('receiptJobTitle', { orderNo }));

export const printShiftSlipSilently = (classId: number) =>
  printSilently(`/wxy-shop-server/shop-class-record/print/${classId}`, billingT('shiftSlipJobTitle', { classId }));
