import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * On a PostgreSQL server, connections can be ended under the app (restart, failover, an administrator).
 * The server must keep answering: the pool replaces dropped idle connections instead of crashing.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connections ended by the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.stop());

  it('keeps answering after every connection of the app is terminated', async () => {
    const token = await server.login('admin', 'admin123');
    // several calls at once so the pool holds more than one idle connection
    await Promise.all([1, 2, 3].map(() => server.call('GET', '/api/wxy-system-server/user/permissions', { token, tenant: 1 })));

    const admin = new pg.Client({ connectionString: server.config.databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) t',
      );
      expect(killed.rows[0].n).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 300));

    const res = await server.call('GET', '/api/wxy-system-server/user/permissions', { token, tenant: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userName).toBeTruthy();
  });

  it('a transaction whose connection is ended while it waits fails on its next statement; nothing crashes', async () => {
    let resume!: () => void;
    const waiting = new Promise<void>((r) => (resume = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const tx = server.db.tenant(1, async (q) => {
      await q.query('SELECT 1');
      entered();
      await waiting;
      await q.query('SELECT 1');
    });
    await inside;
    const admin = new pg.Client({ connectionString: server.config.databaseUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    } finally {
      await admin.end();
    }
    // The server's 'error' event for the checked-out connection arrives while the transaction waits.
    await new Promise((r) => setTimeout(r, 300));
    resume();
    await expect(tx).rejects.toThrow();
    const token = await server.login('admin', 'admin123');
    expect((await server.call('GET', '/api/wxy-system-server/user/permissions', { token, tenant: 1 })).statusCode).toBe(200);
  });
});
