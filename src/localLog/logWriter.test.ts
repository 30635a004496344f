import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localLogDb, resetLocalLogDb } from './localLog';
import { recordRequest, recordSocketLog } from './logWriter';

afterEach(async () => {
  await localLogDb()?.delete();
  resetLocalLogDb();
  vi.useRealTimers();
});

describe('local log writer (Dexie loaded after start-up)', () => {
  it('keeps records made before the database module loads, with the time they happened', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
    recordRequest({ method: 'POST', url: '/api/wxy-auth-server/oauth/token', status: 200, code: null, durationMs: 12 });
    recordSocketLog({ event: 'connect' });
    vi.setSystemTime(new Date('2026-11-21T08:00:05Z'));
    await vi.advanceTimersByTimeAsync(3000);
    vi.useRealTimers();
    const db = localLogDb()!;
    await vi.waitFor(async () => expect(await db.requireInfoList.count()).toBe(1));
    const [request] = await db.requireInfoList.toArray();
    expect(request).toMatchObject({ url: '/api/wxy-auth-server/oauth/token', requireTime: Date.parse('2026-11-21T08:00:00Z') });
    await vi.waitFor(async () => expect((await db.socketLogList.toArray())[0]).toMatchObject({ event: 'connect', logTime: Date.parse('2026-11-21T08:00:00Z') }));
    // once loaded, later records are written straight away
    recordSocketLog({ event: 'message', destination: '/user/queue/user-message' });
    await vi.waitFor(async () => expect(await db.socketLogList.count()).toBe(2));
  });
});
