import { repeatEvery, type Repeating } from '../jobs/repeat.ts';
import type { Database, Queryable } from './index.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Brings the sales summaries (po_sales_day, po_sales_day_sku, po_sales_day_hour, po_sales_point, po_sales_day_pay) up
 * to every sale committed so far: the order triggers only queue their deltas (migration 326, X_pending tables, so
 * concurrent sales never wait on a shared summary row) and sales_summary_fold() adds them in. Nothing queued: five
 * index probes (migration 341), no lock. Otherwise the fold holds the tenant's fold lock to the end of `tx`: run it in
 * a transaction of its own (readSalesSummaries), never in one that goes on to read.
 */
export async function foldSalesSummaries(tx: Queryable): Promise<void> {
  await tx.query(`SELECT sales_summary_fold()`);
}

declare const folded: unique symbol;
/** A transaction begun after the sales committed before it were folded into the summaries: what their readers take. */
export type SummaryTx = Queryable & { readonly [folded]: true };

/** Opens a transaction (req.tenantTx, a job's ctx.tx, a tenant's db.tenant); `snapshot` asks for one snapshot where it can. */
export type OpenTx = <T>(fn: (tx: Queryable) => Promise<T>, opts?: { snapshot?: boolean }) => Promise<T>;

/**
 * Runs `read` over the sales summaries as they stand after every sale committed so far: the fold first, once, in a
 * short transaction of its own (its lock released at its commit), then `read` in a second one, on one snapshot (a
 * fold committed meanwhile cannot show in the report's later statements but not its earlier ones). So a report never holds
 * the tenant's fold lock while it reads, and a second report of the tenant meanwhile never waits for the first.
 */
export async function readSalesSummaries<T>(open: OpenTx, read: (tx: SummaryTx) => Promise<T>): Promise<T> {
  await open(foldSalesSummaries);
  return open((tx) => read(tx as SummaryTx), { snapshot: true });
}

/** PGlite has no autovacuum: pending tables past this size are emptied for good (TRUNCATE) once folded. */
const PGLITE_TRUNCATE_BYTES = 1 << 20;

/**
 * The periodic fold: every SALES_FOLD_MS (default 2 s; 0 turns it off) every tenant's queued deltas are folded into
 * the summaries, so they stay a few seconds of sales long and a reader rarely has anything to fold. A tenant another
 * transaction is folding is left for the next round (never waits on a reader). Rounds never overlap (repeatEvery);
 * stop() waits for the round in flight.
 */
export function startSalesSummaryFold(db: Database, log: Log, env: NodeJS.ProcessEnv = process.env): Repeating {
  const every = env.SALES_FOLD_MS === undefined || env.SALES_FOLD_MS === '' ? 2000 : Number(env.SALES_FOLD_MS);
  if (!(every > 0)) return { stop: async () => {} };
  return repeatEvery(
    every,
    () =>
      db.system(async (tx) => {
        // PGlite: one connection, so nothing else is folding and the wait is never taken.
        await tx.query(`SELECT sales_summary_fold($1)`, [db.kind === 'pglite']);
        if (db.kind !== 'pglite') return;
        const big = await tx.query<{ t: string }>(
          `SELECT t FROM unnest(ARRAY['po_sales_day_pending', 'po_sales_day_sku_pending', 'po_sales_day_hour_pending', 'po_sales_point_pending', 'po_sales_day_pay_pending']) t
            WHERE pg_relation_size(t::regclass) > $1`,
          [PGLITE_TRUNCATE_BYTES],
        );
        // Folded just now in this transaction, and no other transaction can be open on the one connection: empty.
        if (big.rows.length) await tx.query(`TRUNCATE ${big.rows.map((r) => r.t).join(', ')}`);
      }),
    (err) => log.warn({ err }, 'sales summaries: periodic fold failed'),
  );
}
