import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Health, readiness and Prometheus metrics (issue 30): what a load balancer and a scraper read. */
describe('/healthz, /readyz, /metrics', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { metricsToken: 'scrape-secret-1' } });
  });
  afterAll(() => s.stop());

  it('the process answers /healthz and is ready once its database is current', async () => {
    const live = await s.call('GET', '/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await s.call('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('a database missing a migration of this build is not ready, naming it', async () => {
    // As after restoring an older backup under a newer build that did not migrate it.
    const [row] = (await s.db.system((tx) => tx.query<{ name: string; checksum: string }>(`DELETE FROM schema_migrations WHERE name = '343_request_digest.sql' RETURNING name, checksum`))).rows;
    try {
      const res = await s.call('GET', '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().problems).toEqual(['schema not current: 1 pending (343_request_digest.sql)']);
    } finally {
      await s.db.system((tx) => tx.query(`INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)`, [row.name, row.checksum]));
    }
    expect((await s.call('GET', '/readyz')).statusCode).toBe(200);
  });

  it('metrics need the scrape token and count requests by route pattern and status', async () => {
    expect((await s.call('GET', '/metrics')).statusCode).toBe(401);
    expect((await s.call('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const token = await s.login('admin', 'admin123');
    for (const page of [1, 2]) expect((await s.call('POST', `/api/wxy-system-server/print-template/page/${page}/10`, { token, tenant: 1, body: {} })).statusCode).toBe(200);
    const res = await s.call('GET', '/metrics', { headers: { authorization: 'Bearer scrape-secret-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The route pattern, not each URL: one series for both pages.
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/api\/wxy-system-server\/print-template\/page\/:pageNum\/:pageSize",method="POST",status="200"\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/api\/wxy-auth-server\/oauth\/token",method="POST",status="200"\} 1/);
    expect(text).toMatch(/^wxy_jobs\{status="queued"\} \d+$/m);
    expect(text).toMatch(/^wxy_stomp_sessions 0$/m);
    expect(text).toMatch(/^wxy_sales_fold_pending_rows \d+$/m);
    if (s.db.kind === 'postgres') expect(text).toMatch(/^wxy_db_pool_connections\{state="waiting"\} 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('without METRICS_TOKEN the metrics are closed', async () => {
    const prev = s.config.metricsToken;
    s.config.metricsToken = undefined;
    try {
      const res = await s.call('GET', '/metrics');
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toContain('METRICS_TOKEN');
    } finally {
      s.config.metricsToken = prev;
    }
  });
});
