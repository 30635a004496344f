import type { RequestRecord, SocketLogRecord } from './localLog';

/**
 * The app's entry to the local log. Dexie (about 30 KB gzip) is not part of the login page's scripts:
 * records are stamped when they happen and buffered here, and the database module is loaded once the
 * page has settled, then everything buffered is written.
 */
type Store = typeof import('./localLog');

const LOAD_AFTER_MS = 3000;
const MAX_BUFFERED = 500;

let store: Store | null = null;
let loading: Promise<Store> | null = null;
const buffered: ((s: Store) => Promise<void>)[] = [];

function loadLater(): void {
  if (loading) return;
  loading = new Promise<Store>((resolve, reject) => {
    setTimeout(() => import('./localLog').then(resolve, reject), LOAD_AFTER_MS);
  });
  loading.then(
    (s) => {
      store = s;
      for (const write of buffered.splice(0)) void write(s);
    },
    (error) => {
      // A failed chunk load (new deployment) only costs these log records.
      buffered.length = 0;
      console.error('数据更新失败', error);
    },
  );
}

function enqueue(write: (s: Store) => Promise<void>): void {
  if (store) return void write(store);
  if (buffered.length < MAX_BUFFERED) buffered.push(write);
  loadLater();
}

export function recordRequest(r: Omit<RequestRecord, 'id' | 'requireTime'>): void {
  const now = Date.now();
  enqueue((s) => s.recordRequest(r, now));
}

export function recordSocketLog(r: Omit<SocketLogRecord, 'id' | 'logTime'>): void {
  const now = Date.now();
  enqueue((s) => s.recordSocketLog(r, now));
}

export function pruneLocalLogs(): void {
  const now = Date.now();
  enqueue((s) => s.pruneLocalLogs(now));
}
