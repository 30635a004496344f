import { type CsvColumn, EXPORT_LIMITS, UTF8_BOM, csvFileName, csvHeader, csvRow, fileCount } from './csv';

/**
 * One page of the list query: the screen's endpoint with the current filters. After the first page
 * the export passes the previous answer's `lastKey`, so the server continues by key instead of
 * scanning an OFFSET (deep pages of a million rows stay as fast as the first).
 */
export type FetchPage = (pageNum: number, pageSize: number, signal: AbortSignal, lastKey: unknown) => Promise<{ records: Record<string, unknown>[]; total: number; lastKey?: unknown }>;

export interface ExportProgress {
  /** Rows written so far. */
  done: number;
  total: number;
}

export interface CsvFile {
  name: string;
  /** BOM + header + rows, lines joined by CRLF. */
  parts: string[];
}

export type ExportOutcome =
  | { kind: 'empty' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'done'; files: number; rows: number };

export interface BrowserExportOptions {
  title: string;
  columns: readonly CsvColumn[];
  fetchPage: FetchPage;
  /** Receives each finished file (a million rows at most) as soon as it is complete. */
  saveFile: (file: CsvFile) => void;
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
  now?: () => Date;
  pageSize?: number;
  rowsPerFile?: number;
  pauseMs?: number;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

/**
 * The spec's paged browser export: pages of 10,000 rows with a 50 ms pause between them, a new CSV
 * file every 1,000,000 rows. The first page tells the total; nothing to export answers `empty`
 * (the caller shows 暂无数据), a failed page answers `failed` (接口异常). Cancelling stops before the
 * next page and saves nothing more.
 */
export async function runBrowserExport(options: BrowserExportOptions): Promise<ExportOutcome> {
  const pageSize = options.pageSize ?? EXPORT_LIMITS.pageSize;
  const rowsPerFile = options.rowsPerFile ?? EXPORT_LIMITS.rowsPerFile;
  const pauseMs = options.pauseMs ?? EXPORT_LIMITS.pauseMs;
  const signal = options.signal ?? new AbortController().signal;
  const started = (options.now ?? (() => new Date()))();
  const header = csvHeader(options.columns);

  let total = 0;
  let files = 0;
  let done = 0;
  let lines: string[] = [];
  let lastKey: unknown;
  const flush = () => {
    if (lines.length === 0) return;
    files += 1;
    options.saveFile({ name: csvFileName(options.title, started, files, fileCount(total, rowsPerFile)), parts: [UTF8_BOM, header, '\r\n', lines.join('\r\n'), '\r\n'] });
    lines = [];
  };

  try {
    for (let pageNum = 1; ; pageNum++) {
      if (signal.aborted) return { kind: 'cancelled' };
      const page = await options.fetchPage(pageNum, pageSize, signal, lastKey);
      if (signal.aborted) return { kind: 'cancelled' };
      if (pageNum === 1) total = page.total;
      lastKey = page.lastKey ?? undefined;
      if (total === 0 || (pageNum === 1 && page.records.length === 0)) return { kind: 'empty' };
      for (const row of page.records) {
        lines.push(csvRow(options.columns, row));
        done += 1;
        if (lines.length === rowsPerFile) flush();
      }
      options.onProgress?.({ done, total });
      if (page.records.length < pageSize || done >= total || (pageNum > 1 && lastKey === undefined && page.records.length === 0)) break;
      await pause(pauseMs, signal);
    }
  } catch (error) {
    if (signal.aborted) return { kind: 'cancelled' };
    return { kind: 'failed', error };
  }
  flush();
  return { kind: 'done', files, rows: done };
}
