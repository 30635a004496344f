import { ApiError, call, client } from '../../src/api/http';
import { notifyError, notifyWarning } from '../../src/feedback/notify';
import { TIMEOUT } from '../../src/api/timeouts';
import type { Page } from '../../src/api/types';
import { type EndpointRef, fillPath, toSearchParams } from './paths';

export type Record_ = Record<string, unknown>;

/** A list page: GET lists take the filters as the query, POST lists as the body (spec 001 §7 conventions). */
export function fetchListPage(endpoint: EndpointRef, pageNum: number, pageSize: number, query: Record_, signal?: AbortSignal, silent = false): Promise<Page<Record_>> {
  const url = fillPath(endpoint.path, { pageNum, pageSize });
  // A page route without {pageNum}/{pageSize} in its path takes them with the filters.
  if (!endpoint.path.includes('{pageNum}')) query = { ...query, pageNum, pageSize };
  return endpoint.method === 'GET'
    ? call<Page<Record_>>({ method: 'GET', url, params: toSearchParams(query), signal, silent })
    : call<Page<Record_>>({ method: endpoint.method, url, data: query, signal, silent });
}

/** A record call (info, add, edit, delete, state switch); path placeholders come from `params`. */
export function callEndpoint<T>(endpoint: EndpointRef, params: Record_, body?: unknown, options: { silent?: boolean } = {}): Promise<T> {
  const url = fillPath(endpoint.path, params);
  const withBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
  return call<T>({ method: endpoint.method, url, data: withBody ? body ?? {} : undefined, silent: options.silent });
}

/** Downloads a file answer (template, server export) and hands it to the browser. */
export async function downloadFile(endpoint: EndpointRef, body: Record_ | undefined, fallbackName: string, pathParams: Record_ = {}): Promise<void> {
  const response = await client
    .request<Blob>({
      method: endpoint.method,
      url: fillPath(endpoint.path, pathParams),
      data: endpoint.method === 'GET' ? undefined : body ?? {},
      params: endpoint.method === 'GET' && body ? toSearchParams(body) : undefined,
      responseType: 'blob',
      timeout: TIMEOUT.exportDownload,
    })
    .catch(async (error: unknown) => {
      // A refusal (暂无数据, over the sheet limit) arrives as a Blob holding the JSON envelope: its message is the answer.
      const data = (error as { response?: { data?: unknown; status?: number } }).response?.data;
      if (data instanceof Blob) {
        const envelope = await data.text().then((t) => JSON.parse(t) as { code?: number; msg?: string }, () => null);
        if (envelope?.msg) throw new ApiError(envelope.msg, envelope.code, (error as { response?: { status?: number } }).response?.status);
      }
      throw error;
    });
  const disposition = String(response.headers['content-disposition'] ?? '');
  // The UTF-8 name (门店列表_20261125064124.csv) wins over the ASCII fallback that comes first in the header.
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const ascii = /filename="?([^";]+)"?/i.exec(disposition);
  const name = utf8 ? decodeURIComponent(utf8[1]) : ascii ? ascii[1] : fallbackName;
  saveBlob(response.data, name);
}

/** Tells the user why a download did not come: the server's own words when it refused (暂无数据), else the generic failure. */
export function notifyDownloadError(error: unknown): void {
  if (error instanceof ApiError && error.message) notifyWarning({ text: error.message });
  else notifyError({ key: 'engine.export.failed' });
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A row the import refused: its spreadsheet row number, the field and the Chinese reason. */
export interface ImportRowError {
  row: number;
  field?: string;
  message: string;
}

export type ImportAnswer = { ok: true; count: number } | { ok: false; message: string; errors: ImportRowError[] };

/**
 * Uploads an import file (multipart `file`) with upload progress in percent. The server writes all
 * rows or none: a refusal answers the per-row report, which is returned rather than thrown.
 */
export async function uploadImport(endpoint: EndpointRef, file: File, onProgress: (percent: number) => void): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file);
  const response = await client.request<{ code: number; msg: string; data: unknown }>({
    method: endpoint.method,
    url: fillPath(endpoint.path, {}),
    data: form,
    timeout: TIMEOUT.download,
    silent: true,
    validateStatus: (status) => status < 500,
    onUploadProgress: (event) => onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
  });
  return importAnswer(response.data);
}

/** Reads the import answer: `{code:200, data:{count}}` or a refusal whose data lists the rows. */
export function importAnswer(body: { code: number; msg: string; data: unknown } | null | undefined): ImportAnswer {
  const data = (body?.data ?? {}) as { count?: number; imported?: number; errors?: ImportRowError[] } | ImportRowError[];
  const errors = Array.isArray(data) ? data : data.errors ?? [];
  if (body && Number(body.code) === 200 && errors.length === 0) {
    const count = Array.isArray(data) ? 0 : Number(data.count ?? data.imported ?? 0);
    return { ok: true, count };
  }
  return { ok: false, message: body?.msg ?? '', errors };
}
