import Dexie, { type EntityTable } from 'dexie';

/**
 * The browser's local log (spec 000 §3, §9): IndexedDB database `newDatabase` (version 2) with the
 * request log `requireInfoList` (records carry `requireTime`) and the socket log `socketLogList`.
 * Request records older than 1 day and socket records older than 3 days are deleted.
 */
export interface RequestRecord {
  id?: number;
  method: string;
  /** Path only: query strings can carry credentials (the token call's password). */
  url: string;
  status: number | null;
  code: number | string | null;
  durationMs: number;
  requireTime: number;
}

export interface SocketLogRecord {
  id?: number;
  /** e.g. connect, disconnect, message, error, heartbeat */
  event: string;
  destination?: string;
  detail?: string;
  logTime: number;
}

export const DAY_MS = 24 * 3600 * 1000;
export const REQUEST_LOG_KEEP_MS = DAY_MS;
export const SOCKET_LOG_KEEP_MS = 3 * DAY_MS;
export const WRITE_FAILED = '数据更新失败';

type LocalLogDb = Dexie & {
  requireInfoList: EntityTable<RequestRecord, 'id'>;
  socketLogList: EntityTable<SocketLogRecord, 'id'>;
};

let db: LocalLogDb | null | undefined;

/** The database, or null where the browser has no IndexedDB (then nothing is logged). */
export function localLogDb(): LocalLogDb | null {
  if (db !== undefined) return db;
  if (typeof indexedDB === 'undefined' || !indexedDB) return (db = null);
  const d = new Dexie('newDatabase') as LocalLogDb;
  d.version(2).stores({ requireInfoList: '++id, requireTime', socketLogList: '++id, logTime' });
  return (db = d);
}

/** Closes and forgets the database (tests, and after a failed open so the next write tries again). */
export function resetLocalLogDb(): void {
  db?.close();
  db = undefined;
}

async function write(fn: (d: LocalLogDb) => Promise<unknown>): Promise<void> {
  const d = localLogDb();
  if (!d) return;
  try {
    await fn(d);
  } catch (error) {
    console.error(WRITE_FAILED, error);
  }
}

export const recordRequest = (r: Omit<RequestRecord, 'id' | 'requireTime'>, now = Date.now()) =>
  write((d) => d.requireInfoList.add({ ...r, requireTime: now }));

/**
 * Records one socket event; the real-time client calls this.
 *
 * @example
 * recordSocketLog({ event: 'message', destination: '/user/queue/user-message', detail: body });
 */
export const recordSocketLog = (r: Omit<SocketLogRecord, 'id' | 'logTime'>, now = Date.now()) =>
  write((d) => d.socketLogList.add({ ...r, logTime: now }));

/** Deletes request records older than 1 day and socket records older than 3 days. */
export const pruneLocalLogs = (now = Date.now()) =>
  write(async (d) => {
    await d.requireInfoList.where('requireTime').below(now - REQUEST_LOG_KEEP_MS).delete();
    await d.socketLogList.where('logTime').below(now - SOCKET_LOG_KEEP_MS).delete();
  });

export { storageSupportProblems } from './support';
