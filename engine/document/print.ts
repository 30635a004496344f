import { client } from '../../src/api/http';
import { TIMEOUT } from '../../src/api/timeouts';
import { fillPath, type EndpointRef } from '../api/paths';
import { saveBlob } from '../api/calls';

/**
 * Prints a document with its type's template: the server renders the PDF (ticket/{id}/pdf) and the browser
 * opens it in a new window, where the PDF viewer prints it; a blocked pop-up downloads the file instead.
 */
export async function printDocument(route: EndpointRef, params: Record<string, unknown>, fileName: string): Promise<void> {
  const response = await client.request<Blob>({ method: 'GET', url: fillPath(route.path, { ...params, type: 'pdf' }), responseType: 'blob', timeout: TIMEOUT.exportDownload });
  const blob = new Blob([response.data], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const opened = window.open(url, '_blank');
  if (!opened) saveBlob(blob, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
