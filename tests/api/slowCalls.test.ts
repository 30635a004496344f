import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * What a caller meets around slow calls: the server advertises a keep-alive shorter than it really
 * waits (so a client never reuses a socket the server is closing), and on a PostgreSQL server a
 * request statement past PG_STATEMENT_TIMEOUT (config.statementTimeout) answers 503/5030 instead of hanging.
 */
let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer({ config: { statementTimeout: '300ms' } });
  token = await s.login('admin', 'admin123', 1);
});
afterAll(async () => {
  await s?.stop();
});

describe('keep-alive', () => {
  it('advertises 60 s, less than the server waits, on a real socket', async () => {
    const url = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/api/wxy-system-server/sys-date/now`, { headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('keep-alive')).toBe('timeout=60');
    expect(s.app.server.keepAliveTimeout).toBeGreaterThan(60_000);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('statement timeout (PostgreSQL server)', () => {
  it('a list query past the timeout answers 503 with a Chinese hint; the server keeps answering', async () => {
    // The list's statement waits past the timeout behind a lock another transaction holds on the table (as behind a
    // long report or a migration): the same cancellation as a slow scan, without writing rows to make one slow.
    const res = await s.db.system(async (tx) => {
      await tx.query('LOCK TABLE shop_base IN ACCESS EXCLUSIVE MODE');
      return s.call('POST', '/api/wxy-shop-server/shop-base/page/1/20', { token, tenant: 1, body: { shopName: '号店' } });
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 5030, msg: '查询超时，请缩小查询范围（增加筛选条件）后重试' });
    // Nothing is left broken: the next call is answered, and the list answers once the lock is gone.
    expect((await s.call('GET', '/api/wxy-system-server/sys-date/now', { token, tenant: 1 })).json().code).toBe(200);
    expect((await s.call('POST', '/api/wxy-shop-server/shop-base/page/1/20', { token, tenant: 1, body: {} })).statusCode).toBe(200);
  });
});
