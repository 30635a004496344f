import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/index.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { freshDatabaseConfig } from './harness.ts';

/**
 * Migrate once, start many (issue 30): three servers started at the same moment on one empty PostgreSQL database all
 * come up, and the database holds exactly what one server alone makes — before, the demo seed ran three times over
 * (two servers exited on the doubled stocktake, allocations and their ledger rows came out doubled).
 */

/**
 * Made from the documents by the servers' background work, on their own clock, not by the seed: the sales summaries
 * (folded from their pending rows every few seconds) and what the demo's queued jobs write (the reports).
 */
const DERIVED = /^(po_sales_(day|point).*|report_(daily|monthly)_.*|report_star_rating_user_det|access_report)$/;

/** Rows of every table of the public schema but the derived ones. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  return db.system(async (tx) => {
    const tables = (await tx.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows
      .map((r) => r.t)
      .filter((t) => !DERIVED.test(t));
    const sql = tables.map((t) => `SELECT '${t}' AS t, count(*)::int AS n FROM "${t}"`).join(' UNION ALL ');
    return Object.fromEntries((await tx.query<{ t: string; n: number }>(sql)).rows.map((r) => [r.t, r.n]));
  });
}

const opts = { logger: false, listen: false, sms: { sendLoginCode: async () => {} } } as const;

describe.skipIf(!process.env.DATABASE_URL)('servers started together on one empty PostgreSQL database (DATABASE_URL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const c of cleanups) await c();
  });

  it('all three come up and the data is the data one server makes', async () => {
    const empty = await freshDatabaseConfig({ template: false });
    cleanups.push(empty.cleanup);
    const started = await Promise.allSettled([0, 1, 2].map(() => startServer(empty.config, opts)));
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
    expect(started.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);

    // One server alone: the run's template (made by one start) or, without one, a start of its own.
    const alone = await freshDatabaseConfig();
    cleanups.push(alone.cleanup);
    const single = await startServer(alone.config, opts);
    servers.push(single);

    const [together, one] = await Promise.all([rowCounts(servers[0].db), rowCounts(single.db)]);
    expect(together).toEqual(one);
    // The tables the doubled seed showed first.
    expect(together.wh_allocation).toBeGreaterThan(0);
  }, 240_000); // migrating and seeding an empty database from scratch: about 30 s alone, minutes on a loaded machine
});
