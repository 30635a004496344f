import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/index.ts';

/**
 * The server's Prometheus metrics (GET /metrics, server/ops/routes.ts), one registry per app: request durations by
 * route and status, the database pool, the background job queue and the job runs of this process, open STOMP
 * sessions, the sales summaries' queue (the fold lag), and Node's process metrics.
 */
export interface Metrics {
  registry: Registry;
  /** A request answered: its route pattern (not the URL: ids would make a series each), method, status and time. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** A background job this process ran ended (done or failed). */
  jobFinished(kind: string, outcome: 'done' | 'failed'): void;
  /** Where the open STOMP sessions are counted (the broker, once started). */
  countStompSessions(count: () => number): void;
}

/** Per tenant, under its RLS: jobs waiting and running, and sales deltas waiting for the fold. */
const QUEUE_SQL = `SELECT
  (SELECT count(*) FROM bg_job WHERE status = 'queued')::int AS queued,
  (SELECT count(*) FROM bg_job WHERE status = 'running')::int AS running,
  (SELECT count(*) FROM po_sales_day_pending)::int AS fold_pending`;

export function createMetrics(db: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'wxy_job_runs_total',
    help: 'Background jobs this process ran to the end, by kind and outcome (done, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  let stompSessions: () => number = () => 0;
  new Gauge({
    name: 'wxy_stomp_sessions',
    help: 'Open (connected) STOMP sessions on this process',
    registers: [registry],
    collect() {
      this.set(stompSessions());
    },
  });
  new Gauge({
    name: 'wxy_db_pool_connections',
    help: 'Database pool connections of this process by state (in_use, idle), and requests waiting for one (waiting); PostgreSQL server only',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = db.poolStats?.();
      if (!p) return;
      this.set({ state: 'in_use' }, p.total - p.idle);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });
  // The queue gauges read the database (every tenant's rows, each under its RLS) once per scrape.
  let queues: Promise<{ queued: number; running: number; foldPending: number }> | null = null;
  const readQueues = () =>
    (queues ??= (async () => {
      const totals = { queued: 0, running: 0, foldPending: 0 };
      const tenants = await db.system((tx) => tx.query<{ id: number }>(`SELECT id FROM sys_tenant ORDER BY id`));
      for (const { id } of tenants.rows) {
        const r = (await db.tenant(id, (tx) => tx.query<{ queued: number; running: number; fold_pending: number }>(QUEUE_SQL))).rows[0];
        totals.queued += r.queued;
        totals.running += r.running;
        totals.foldPending += r.fold_pending;
      }
      return totals;
    })().finally(() => setTimeout(() => (queues = null), 1000).unref()));
  new Gauge({
    name: 'wxy_jobs',
    help: 'Background jobs in the queue, all processes together, by status (queued, running)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      // The database not answering shows as missing series (and /readyz says so), not as a failed scrape.
      const q = await readQueues().catch(() => null);
      if (!q) return this.reset();
      this.set({ status: 'queued' }, q.queued);
      this.set({ status: 'running' }, q.running);
    },
  });
  new Gauge({
    name: 'wxy_sales_fold_pending_rows',
    help: 'Sales summary deltas (day rows) waiting for the fold, all tenants: the summaries lag by this much',
    registers: [registry],
    async collect() {
      const q = await readQueues().catch(() => null);
      if (!q) return this.reset();
      this.set(q.foldPending);
    },
  });
  return {
    registry,
    observeRequest: (route, method, status, seconds) => requests.observe({ route, method, status: String(status) }, seconds),
    jobFinished: (kind, outcome) => jobs.inc({ kind, outcome }),
    countStompSessions: (count) => void (stompSessions = count),
  };
}
