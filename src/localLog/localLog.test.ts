import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, localLogDb, pruneLocalLogs, recordRequest, recordSocketLog, resetLocalLogDb, storageSupportProblems } from './localLog';

afterEach(async () => {
  await localLogDb()?.delete();
  resetLocalLogDb();
  vi.restoreAllMocks();
});

describe('local log (Dexie, newDatabase v2)', () => {
  it('is the database the spec names, version 2, with the request store', async () => {
    await recordRequest({ method: 'GET', url: '/api/x', status: 200, code: 200, durationMs: 3 });
    const db = localLogDb()!;
    expect(db.name).toBe('newDatabase');
    expect(db.verno).toBe(2);
    expect((await db.requireInfoList.toArray())[0]).toMatchObject({ url: '/api/x', requireTime: expect.any(Number) });
  });

  it('deletes request records older than 1 day and socket records older than 3 days, keeping the rest', async () => {
    const now = Date.UTC(2026, 10, 21, 12);
    await recordRequest({ method: 'GET', url: '/old', status: 200, code: 200, durationMs: 1 }, now - DAY_MS - 1);
    await recordRequest({ method: 'GET', url: '/recent', status: 200, code: 200, durationMs: 1 }, now - DAY_MS + 60_000);
    await recordSocketLog({ event: 'message', destination: '/user/queue/user-message' }, now - 3 * DAY_MS - 1);
    await recordSocketLog({ event: 'connect' }, now - 2 * DAY_MS);
    await pruneLocalLogs(now);
    const db = localLogDb()!;
    expect((await db.requireInfoList.toArray()).map((r) => r.url)).toEqual(['/recent']);
    expect((await db.socketLogList.toArray()).map((r) => r.event)).toEqual(['connect']);
  });

  it('a write that fails is logged as 数据更新失败 and does not throw', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A function cannot be stored in IndexedDB (structured clone fails).
    await recordSocketLog({ event: 'message', detail: (() => 1) as unknown as string });
    expect(logged).toHaveBeenCalledWith('数据更新失败', expect.anything());
    expect(await localLogDb()!.socketLogList.count()).toBe(0);
  });

  it('tells which alerts a browser without IndexedDB or storage needs', () => {
    expect(storageSupportProblems({ indexedDB: {}, localStorage: {}, sessionStorage: {} })).toEqual([]);
    expect(storageSupportProblems({ indexedDB: undefined, localStorage: {}, sessionStorage: {} })).toEqual(['noIndexedDb']);
    expect(storageSupportProblems({ indexedDB: {}, localStorage: null, sessionStorage: {} })).toEqual(['noStorage']);
  });
});
