import { client } from '../../src/api/http';
import { TIMEOUT } from '../../src/api/timeouts';
import { fillPath, type EndpointRef } from '../api/paths';
import { saveBlob } from '../api/calls';
import { loadSilentPrinting } from '../../src/print/printClientBridge';

export type PrintOutcome = { kind: 'printed'; printer: string } | { kind: 'pdf' };

/**
 * Prints a document with its type's template. Where this browser chose an A4 printer of its print client (打印设置
 * beside 打印) and the client answers, the template and data (…/{type} = data) go there without a dialog; a refusal
 * throws the client's message. Otherwise the server renders the PDF (…/pdf) and the browser opens it in a new window,
 * where the PDF viewer prints it; a blocked pop-up downloads the file instead.
 */
export async function printDocument(route: EndpointRef, params: Record<string, unknown>, fileName: string, title: string): Promise<PrintOutcome> {
  const { chosenPrinter, printSilently } = await loadSilentPrinting();
  if (chosenPrinter('document')) {
    const hasType = route.path.includes('{type}');
    const r = await printSilently('document', hasType ? fillPath(route.path, { ...params, type: 'data' }) : fillPath(route.path, params), title, hasType ? {} : { type: 'data' });
    if (r.kind === 'printed') return r;
  }
  const response = await client.request<Blob>({ method: 'GET', url: fillPath(route.path, { ...params, type: 'pdf' }), responseType: 'blob', timeout: TIMEOUT.exportDownload });
  const blob = new Blob([response.data], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const opened = window.open(url, '_blank');
  if (!opened) saveBlob(blob, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { kind: 'pdf' };
}
