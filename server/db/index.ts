import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PGlite } from '@electric-sql/pglite';
import { pgListener } from './pgListener.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Anything that runs SQL: a transaction handle or the database itself. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Several statements in one round trip, answering each one's result: on a PostgreSQL server one simple-protocol
   * query with the values inlined (inlineParams: scalars only; not prepared, so for statements whose round trips cost
   * more than their planning); on PGlite one after the other. With `commit`, the transaction's COMMIT travels in the
   * same round trip and nothing may follow it (PGlite commits when the transaction's function returns, as always).
   * A failing statement fails the batch; those after it do not run.
   */
  batch(statements: Statement[], opts?: { commit?: boolean }): Promise<QueryResult<Record<string, unknown>>[]>;
}

/** A statement with its values, for Queryable.batch. */
export interface Statement {
  sql: string;
  params: SqlValue[];
}

export interface QueryOptions {
  /**
   * A statement every posting runs (a document action's, a ledger's): on a PostgreSQL server it is prepared once per
   * pooled connection under a name derived from its text and then only bound and executed, so the server neither
   * parses nor plans it again (more than half of its time for a short statement). Only for SQL whose text is one of a
   * bounded set (built from descriptors or constants, never with values inlined), and whose plan does not hinge on
   * its parameters (after five runs PostgreSQL may keep a generic plan). PGlite ignores it.
   */
  prepare?: boolean;
}

/** The name a prepared statement goes by: the same text gets the same name on every connection. */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `wxy_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`));
  return name;
}

/**
 * The application's view of PostgreSQL (PGlite or a server).
 * - `tenant(id, fn)`: a transaction as the non-owner role `wxy_app` with `app.tenant_id` set, so the
 *   row-level-security policies hide every other tenant's rows even when a query forgets its filter.
 * - `system(fn)`: a transaction as the owner, for migrations and the few cross-tenant infrastructure
 *   tables (tenants, tokens) that have no tenant until the token is verified.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /**
   * `opts.shops`: whose shops the transaction reaches — a caller's (AuthContext.shops: req.tenantTx and callerDb pass
   * them), or every shop when absent (start-up, seeding, jobs, login: no caller). Request code never opens one without
   * its caller's shops (tests/unit/shopScopeTx.test.ts reads the server's sources for it).
   */
  tenant<T>(tenantId: number, fn: (tx: Queryable) => Promise<T>, opts?: TenantTxOptions): Promise<T>;
  system<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * One statement in a tenant transaction of its own: on a PostgreSQL server in one round trip (BEGIN, the tenant,
   * the statement and COMMIT as one simple-protocol batch, its values inlined by inlineParams), on PGlite as
   * tenant() with parameters. For the statements every call pays for (the session check) and a sale's number:
   * each round trip costs both processes a socket write and a wake-up.
   */
  tenantStatement<T = Record<string, unknown>>(tenantId: number, sql: string, params: SqlValue[], opts?: TenantTxOptions): Promise<QueryResult<T>>;
  /**
   * LISTEN on a channel: the handler gets the payload of every NOTIFY on it, sent at commit by any
   * process sharing this database (PGlite: this process). Resolves to the unlisten function.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL server only (absent on PGlite): the output of `COPY (…) TO STDOUT`, run in a tenant
   * transaction without a statement timeout, as a stream. The transaction commits when the stream
   * ends; a stream destroyed early (the caller went away) closes its connection, which ends the COPY.
   */
  copyOut?: (tenantId: number, copySql: string, shops?: ShopScope) => Promise<Readable>;
  /**
   * A collation that orders Chinese by pinyin (ICU "zh-x-icu"), when the database has one: a PostgreSQL
   * server built with ICU. PGlite carries only ICU's root data, so there names sort by code point.
   */
  readonly pinyinCollation?: string;
  /**
   * Runs `fn` holding the database-wide lock numbered `key`, so one process at a time runs it: on a PostgreSQL server
   * a session advisory lock taken on a connection of its own (other processes wait for it; a process that dies lets
   * it go with its connection), while `fn` uses the pool as usual; on PGlite `fn` just runs (one process owns the
   * data dir).
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: the whole data dir as a gzipped tarball, taken between two transactions after a CHECKPOINT, so it is
   * a consistent copy while the server runs (PGlite.create's loadDataDir reads it back: server/ops/backup.ts).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /** PostgreSQL server only: the pool's connections (open, idle) and the callers waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const APP_ROLE = 'wxy_app';
/**
 * The role of a transaction opened for a caller who reaches only some shops (TenantTxOptions.shops): besides the
 * tenant policies, the shop_scope policies apply to it (migration 350, server/db/shopScope.ts).
 */
export const SHOP_ROLE = 'wxy_shop';

/** The shops a transaction reaches: null for every shop of the tenant (admin, head office, jobs), else their ids. */
export type ShopScope = readonly number[] | null;
/** The shops a caller reaches (AuthContext has them). */
export interface ShopsOf {
  shops: ShopScope;
}

/** `{1,5}`: the shops as the array literal app.shops holds; each is checked to be a positive integer. */
export function shopsLiteral(shops: readonly number[]): string {
  for (const s of shops) if (!Number.isSafeInteger(s) || s <= 0) throw new Error(`invalid shop id ${s}`);
  return `{${shops.join(',')}}`;
}

/** A value tenantStatement can inline as an SQL literal. */
export type SqlValue = string | number | boolean | null;

/**
 * The statement with $1, $2, … replaced by literals: null, TRUE/FALSE, finite numbers, strings quoted and escaped
 * as PostgreSQL reads them (pg's escapeLiteral). The statement itself must hold no other `$` (no dollar quotes).
 */
export function inlineParams(sql: string, params: SqlValue[]): string {
  if (sql.includes('$$')) throw new Error('inlineParams: dollar quoting is not supported');
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`inlineParams: no value for $${n}`);
    const v = params[i];
    if (v === null) return 'NULL';
    if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error('inlineParams: not a finite number');
      return v < 0 ? `(${v})` : String(v);
    }
    if (v.includes('\0')) throw new Error('inlineParams: NUL in a string');
    return pg.escapeLiteral(v);
  });
}

/**
 * The statement with its values as untyped literals (quoted, as the extended protocol sends an untyped parameter:
 * the statement's context gives each its type), or null when a value is not one this can write — only strings, finite
 * numbers, booleans, null and arrays of finite numbers are; a statement with `$$` quoting is not either. Used to send a
 * transaction's first statement with its BEGIN (openPostgres): the caller then sends it on its own.
 */
export function inlineUntyped(sql: string, params: readonly unknown[] = []): string | null {
  if (sql.includes('$$')) return null;
  const literal = (v: unknown): string | null => {
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'boolean') return v ? "'true'" : "'false'";
    if (typeof v === 'number') return Number.isFinite(v) ? `'${v}'` : null;
    if (typeof v === 'string') return v.includes('\0') ? null : pg.escapeLiteral(v);
    if (Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isFinite(x))) return `'{${v.join(',')}}'`;
    return null;
  };
  const values = params.map(literal);
  if (values.some((v) => v === null)) return null;
  let missing = false;
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
    const v = values[Number(n) - 1];
    if (v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? null : text;
}

/** Shape of an IANA zone name (Asia/Shanghai, America/New_York, UTC): checked before it is put into SQL. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const zoneError = (tz: string) =>
  new Error(`BUSINESS_TZ "${tz}" is not a time zone the database knows: give an IANA zone name such as Asia/Shanghai (业务时区无效)`);

/**
 * The business time zone (config BUSINESS_TZ): every session's TimeZone is pinned to it, so current_date (dbToday),
 * the times rendered with to_char, the statistics' period bounds (`$1::date::timestamptz`) and the sales summaries'
 * days and hours (app_business_tz() = the session's TimeZone, migration 324) agree whatever the server's own setting.
 * Throws when the database does not know the zone (only names in pg_timezone_names: no POSIX offsets like UTC+8).
 */
async function checkBusinessTz(tz: string, known: (tz: string) => Promise<boolean>): Promise<void> {
  if (!ZONE_NAME.test(tz) || !(await known(tz))) throw zoneError(tz);
}

/**
 * WXY_SQL_TRACE=1 (read when a database opens): every round trip to the database and every transaction is counted
 * here, and while `recording` is set each round trip's SQL is kept in `statements` — the profile of one call
 * (npm run bench prints it for a confirm-out). Off, it costs one boolean test a statement.
 */
export const sqlTrace = { transactions: 0, roundTrips: 0, recording: false, statements: [] as string[] };
const traceOn = () => process.env.WXY_SQL_TRACE === '1';
function traced(on: boolean, sql: string): void {
  if (!on) return;
  sqlTrace.roundTrips++;
  if (sqlTrace.recording) sqlTrace.statements.push(sql.replace(/\s+/g, ' ').trim());
}

const KNOWN_ZONE_SQL = `SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1) AS known`;

export interface TenantTxOptions {
  /** PostgreSQL server: longest any statement of the transaction may run ('30s'); PGlite cannot cancel one. */
  statementTimeout?: string;
  /**
   * One snapshot for the whole transaction (REPEATABLE READ): a report's several statements see the same committed
   * sales, even when the periodic fold commits between them (PGlite runs one transaction at a time anyway).
   */
  snapshot?: boolean;
  /**
   * The caller's shops (AuthContext.shops): an array opens the transaction as SHOP_ROLE with app.shops set, so the
   * shop_scope policies hide other shops' rows and refuse writing them; null or absent: every shop (wxy_app).
   */
  shops?: ShopScope;
}

async function enterTenant(tx: Queryable, tenantId: number, statementTimeout?: string, shops?: ShopScope): Promise<void> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
  const scoped = Array.isArray(shops);
  await tx.query(`SET LOCAL ROLE ${scoped ? SHOP_ROLE : APP_ROLE}`);
  const shopsSql = scoped ? `, set_config('app.shops', '${shopsLiteral(shops)}', true)` : '';
  if (statementTimeout) await tx.query(`SELECT set_config('app.tenant_id', $1, true), set_config('statement_timeout', $2, true)${shopsSql}`, [String(tenantId), statementTimeout]);
  else await tx.query(`SELECT set_config('app.tenant_id', $1, true)${shopsSql}`, [String(tenantId)]);
}

const DURATION = /^\d{1,9} ?(us|ms|s|min|h|d)?$/;

/** BEGIN, the app role and the tenant (and statement timeout) as one batch of statements. */
function beginTenantSql(tenantId: number, { statementTimeout, snapshot, shops }: TenantTxOptions = {}): string {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
  if (statementTimeout !== undefined && !DURATION.test(statementTimeout)) throw new Error(`invalid statement timeout ${statementTimeout}`);
  const timeout = statementTimeout === undefined ? '' : `, set_config('statement_timeout', '${statementTimeout}', true)`;
  const scoped = Array.isArray(shops);
  const shopsSql = scoped ? `, set_config('app.shops', '${shopsLiteral(shops)}', true)` : '';
  return `BEGIN${snapshot ? ' ISOLATION LEVEL REPEATABLE READ' : ''}; SET LOCAL ROLE ${scoped ? SHOP_ROLE : APP_ROLE}; SELECT set_config('app.tenant_id', '${tenantId}', true)${timeout}${shopsSql}`;
}

export async function openPglite(dataDir: string, businessTz: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
  try {
    await checkBusinessTz(businessTz, async (tz) => (await lite.query<{ known: boolean }>(KNOWN_ZONE_SQL, [tz])).rows[0].known);
  } catch (err) {
    await lite.close();
    throw err;
  }
  await lite.exec(`SET TimeZone = '${businessTz}'`);
  type LiteQueryable = {
    query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;
    exec: (sql: string) => Promise<unknown>;
  };
  const trace = traceOn();
  const wrap = (q: LiteQueryable): Queryable => {
    const query = async <T>(sql: string, params?: unknown[]) => {
      traced(trace, sql);
      const r = await q.query(sql, params);
      // PGlite counts 0 affected rows for a SELECT: the rows it answered are its count, as with node-postgres.
      return { rows: r.rows as T[], rowCount: r.affectedRows || r.rows.length };
    };
    return {
      query,
      async exec(sql: string) {
        traced(trace, sql);
        await q.exec(sql);
      },
      async batch(statements: Statement[]) {
        const results: QueryResult<Record<string, unknown>>[] = [];
        for (const s of statements) results.push(await query<Record<string, unknown>>(s.sql, s.params));
        return results;
      },
    };
  };
  /** PGlite's transaction(): BEGIN and COMMIT are a round trip each, as on a server. */
  const transaction = <T>(fn: (tx: LiteQueryable) => Promise<T>): Promise<T> => {
    if (trace) {
      sqlTrace.transactions++;
      traced(trace, 'BEGIN');
    }
    return lite.transaction(fn).finally(() => traced(trace, 'COMMIT'));
  };
  let closed = false;
  return {
    kind: 'pglite',
    // PGlite has one connection; its transaction() holds a lock, so transactions never interleave.
    tenant: (tenantId, fn, opts) =>
      transaction(async (tx) => {
        const q = wrap(tx);
        await enterTenant(q, tenantId, undefined, opts?.shops);
        return fn(q);
      }),
    system: (fn) => transaction(async (tx) => fn(wrap(tx))),
    tenantStatement: <T>(tenantId: number, sql: string, params: SqlValue[], opts?: TenantTxOptions) =>
      transaction(async (tx) => {
        const q = wrap(tx);
        await enterTenant(q, tenantId, undefined, opts?.shops);
        return q.query<T>(sql, params);
      }),
    exclusive: (_key, fn) => fn(),
    // Inside transaction(): no other transaction runs meanwhile (PGlite's transaction lock), this one has written
    // nothing, and the CHECKPOINT puts every committed page in the files the tarball copies.
    dumpDataDir: () =>
      lite.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return new Uint8Array(await (await lite.dumpDataDir('gzip')).arrayBuffer());
      }),
    listen: async (channel, handler) => {
      const unlisten = await lite.listen(channel, handler);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await lite.close();
    },
  };
}

/**
 * `committed`: a batch carried the COMMIT (the transaction must not send its own). `begin`: the transaction's BEGIN
 * batch, not sent yet — it travels with the first statement when that one's values can be written as literals (one
 * round trip less for every transaction; a prepared statement or other values send it alone first); a transaction
 * that sent nothing never began.
 */
interface TxState {
  committed: boolean;
  begin: string | null;
}

/** Results the BEGIN batch answers before the statement's own (BEGIN, SET LOCAL ROLE, SELECT set_config). */
const beginResults = (begin: string) => begin.split(';').length;

const queryableOf = (client: pg.PoolClient, trace = false, state: TxState = { committed: false, begin: null }): Queryable => {
  /** The statement with the pending BEGIN in front when it can ride along (answers its results), else null. */
  const withBegin = async (text: string | null) => {
    const begin = state.begin;
    if (!begin) return null;
    state.begin = null;
    if (text === null) {
      traced(trace, begin);
      await client.query(begin);
      return null;
    }
    const batch = `${begin}; ${text}`;
    traced(trace, batch);
    const r = (await client.query(batch)) as unknown as pg.QueryResult[];
    return r.slice(beginResults(begin));
  };
  return {
    async query<R>(sql: string, params?: unknown[], opts?: QueryOptions) {
      if (state.begin) {
        const rode = await withBegin(opts?.prepare ? null : inlineUntyped(sql, params));
        if (rode) return { rows: rode[0].rows as R[], rowCount: rode[0].rowCount ?? rode[0].rows.length };
      }
      traced(trace, sql);
      const r = opts?.prepare ? await client.query({ name: statementName(sql), text: sql, values: params as unknown[] }) : await client.query(sql, params as unknown[]);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      if (state.begin && (await withBegin(sql.includes('$$') ? null : sql))) return;
      traced(trace, sql);
      await client.query(sql);
    },
    async batch(statements: Statement[], opts?: { commit?: boolean }) {
      if (state.committed) throw new Error('batch after the COMMIT');
      const text = [...statements.map((s) => inlineParams(s.sql, s.params)), ...(opts?.commit ? ['COMMIT'] : [])].join(';\n');
      const rode = state.begin ? await withBegin(text) : null;
      let results: pg.QueryResult[];
      if (rode) results = rode;
      else {
        traced(trace, text);
        const r = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        results = Array.isArray(r) ? r : [r];
      }
      if (opts?.commit) state.committed = true;
      return statements.map((_, i) => ({ rows: results[i].rows as Record<string, unknown>[], rowCount: results[i].rowCount ?? results[i].rows.length }));
    },
  };
};

export async function openPostgres(url: string, businessTz: string): Promise<Database> {
  // int8 (counts, sums) as JS numbers when safe; ids are int4 anyway.
  pg.types.setTypeParser(20, (v) => {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : v;
  });
  if (!ZONE_NAME.test(businessTz)) throw zoneError(businessTz);
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE || 10), options: `-c TimeZone=${businessTz}` });
  // An idle pooled connection that the server ends (restart, failover, a database dropped with FORCE)
  // is reported here; without a listener it would crash the process. The pool replaces it on next use.
  pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
  /** A pooled connection for one transaction `body` opens and ends; an error rolls it back. */
  const trace = traceOn();
  const inTransaction = async <T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    if (trace) sqlTrace.transactions++;
    const client = await pool.connect();
    // A checked-out connection the server ends between two statements (terminated, restart) reports it as an
    // 'error' event, which the pool listens for only on idle connections: unheard, it would crash the process.
    // Kept here, it makes the transaction fail on its next statement and the pool discard the connection.
    let lost: Error | undefined;
    const onLost = (err: Error) => {
      lost = err;
    };
    client.on('error', onLost);
    try {
      return await body(client);
    } catch (err) {
      // A failed statement (of a batch too) leaves the transaction open and aborted.
      await client.query('ROLLBACK').catch((e: Error) => {
        lost ??= e;
      });
      throw err;
    } finally {
      client.off('error', onLost);
      client.release(lost);
    }
  };
  const run = <T>(fn: (tx: Queryable) => Promise<T>, tenantId?: number, opts?: TenantTxOptions): Promise<T> =>
    inTransaction(async (client) => {
      // One round trip opens the transaction and enters the tenant (a simple-protocol batch: the values are a
      // checked integer and a checked duration, never caller text); the hot paths run a few statements each,
      // so the three trips this saves are a good part of a call.
      // The BEGIN batch goes with the first statement (queryableOf); a transaction that sent nothing sends nothing.
      const state: TxState = { committed: false, begin: tenantId === undefined ? 'BEGIN' : beginTenantSql(tenantId, opts) };
      const result = await fn(queryableOf(client, trace, state));
      if (!state.committed && !state.begin) {
        traced(trace, 'COMMIT');
        await client.query('COMMIT');
      }
      return result;
    });
  const tenantStatement = <T>(tenantId: number, sql: string, params: SqlValue[], opts?: TenantTxOptions): Promise<QueryResult<T>> =>
    inTransaction(async (client) => {
      // BEGIN, SET LOCAL ROLE, set_config, the statement, COMMIT in one batch: the statement's result is the fourth.
      const batch = `${beginTenantSql(tenantId, opts)}; ${inlineParams(sql, params)}; COMMIT`;
      traced(trace, batch);
      const results = (await client.query(batch)) as unknown as pg.QueryResult[];
      const r = results[3];
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    });
  const copyOut = async (tenantId: number, copySql: string, shops?: ShopScope): Promise<Readable> => {
    const client = await pool.connect();
    let released = false;
    // With an error the pool discards the connection instead of reusing one in an unknown state.
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      client.off('error', release);
      client.release(err ?? undefined);
    };
    // Ended by the server while checked out: heard here (see run), the stream then fails its reader.
    client.on('error', release);
    try {
      await client.query('BEGIN');
      await enterTenant(queryableOf(client), tenantId, undefined, shops);
    } catch (err) {
      release(err as Error);
      throw err;
    }
    const stream = client.query(copyTo(copySql));
    stream.on('end', () => client.query('COMMIT').then(() => release(), (err: Error) => release(err)));
    stream.on('error', (err) => release(err));
    stream.on('close', () => {
      if (!stream.readableEnded) release(new Error('COPY abandoned by its reader'));
    });
    return stream;
  };
  try {
    // A zone the server does not know fails the connection itself (invalid value for parameter "TimeZone").
    await checkBusinessTz(businessTz, async (tz) => (await pool.query<{ known: boolean }>(KNOWN_ZONE_SQL, [tz])).rows[0].known);
  } catch (err) {
    await pool.end();
    throw (err as { code?: string }).code === '22023' ? zoneError(businessTz) : err;
  }
  const zh = await pool.query<{ collname: string }>(`SELECT collname FROM pg_collation WHERE collname = 'zh-x-icu'`);
  const listener = pgListener(url, (msg, err) => console.error(msg, err));
  return {
    kind: 'postgres',
    pinyinCollation: zh.rows[0]?.collname,
    tenant: (tenantId, fn, opts) => run(fn, tenantId, opts),
    system: (fn) => run(fn),
    tenantStatement,
    listen: (channel, handler) => listener.listen(channel, handler),
    copyOut,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    exclusive: async (key, fn) => {
      // Not a pooled connection: with a small pool (PG_POOL_SIZE=1) fn would wait for the one the lock holds.
      const locker = new pg.Client({ connectionString: url });
      locker.on('error', () => undefined);
      await locker.connect();
      try {
        await locker.query('SELECT pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        // Ending the session releases the lock, unlocked or not (a failed unlock must not hide fn's error).
        await locker.end().catch(() => undefined);
      }
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

export function openDatabase(opts: { dataDir: string; databaseUrl?: string; businessTz: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.businessTz) : openPglite(`${opts.dataDir}/pg`, opts.businessTz);
}

/**
 * The sales summaries (318, 319) and the camera counts' days (325) bucket days and hours in the zone of the session that wrote them; the zone they
 * were last built in is recorded (sales_summary_zone, 324). When the business zone differs from it (BUSINESS_TZ
 * changed between runs, or a database from before 324, built in UTC), they are rebuilt in the current zone, once:
 * the row lock makes a second process starting at the same time wait and then find them current.
 * Returns the zone they were rebuilt from, or null when they were current.
 */
export async function alignSalesSummaryZone(db: Database): Promise<string | null> {
  return db.system(async (tx) => {
    const r = await tx.query<{ zone: string; current: string }>(`SELECT zone, current_setting('TimeZone') AS current FROM sales_summary_zone FOR UPDATE`);
    const { zone, current } = r.rows[0];
    if (zone === current) return null;
    await tx.query(`SELECT sales_summary_rebuild()`);
    // The camera counts' day (325), stored with each hour.
    await tx.query(`UPDATE shop_passengers_count SET count_date = (count_hour AT TIME ZONE app_business_tz())::date
                     WHERE count_date IS DISTINCT FROM (count_hour AT TIME ZONE app_business_tz())::date`);
    await tx.query(`UPDATE sales_summary_zone SET zone = $1`, [current]);
    return zone;
  });
}

/**
 * A Database usable before it is open: every call waits for `opening`. Start-up builds the HTTP app
 * (module registration, schema compilation) while PGlite loads, and only listens once `opening` has
 * resolved, so no request ever waits here in practice.
 */
export function deferredDatabase(kind: Database['kind'], opening: Promise<Database>): Database {
  // A rejected open is reported by whoever awaits `opening` (start-up); calls made meanwhile see it too.
  opening.catch(() => {});
  let opened: Database | undefined;
  opening.then((d) => (opened = d), () => {});
  return {
    kind,
    // Known once open; requests only arrive after that.
    get pinyinCollation() {
      return opened?.pinyinCollation;
    },
    tenant: async (tenantId, fn, opts) => (await opening).tenant(tenantId, fn, opts),
    system: async (fn) => (await opening).system(fn),
    tenantStatement: async (tenantId, sql, params, opts) => (await opening).tenantStatement(tenantId, sql, params, opts),
    listen: async (channel, handler) => (await opening).listen(channel, handler),
    exclusive: async (key, fn) => (await opening).exclusive(key, fn),
    ...(kind === 'postgres'
      ? {
          copyOut: async (tenantId: number, copySql: string, shops?: ShopScope) => (await opening).copyOut!(tenantId, copySql, shops),
          poolStats: () => opened?.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 },
        }
      : { dumpDataDir: async () => (await opening).dumpDataDir!() }),
    close: async () => (await opening).close(),
  };
}

/**
 * The database as one caller reaches it: every tenant transaction (and COPY) it opens is bounded by the caller's shops
 * (TenantTxOptions.shops). For request code that opens transactions itself instead of through req.tenantTx (exports in
 * batches, the page count on a second connection, a sale's transactions).
 */
export interface CallerDb {
  readonly kind: Database['kind'];
  readonly pinyinCollation?: string;
  tenant<T>(tenantId: number, fn: (tx: Queryable) => Promise<T>, opts?: TenantTxOptions): Promise<T>;
  tenantStatement<T = Record<string, unknown>>(tenantId: number, sql: string, params: SqlValue[], opts?: TenantTxOptions): Promise<QueryResult<T>>;
  copyOut?: (tenantId: number, copySql: string) => Promise<Readable>;
}

export function callerDb(db: Database, caller: ShopsOf): CallerDb {
  const shops = caller.shops;
  return {
    kind: db.kind,
    get pinyinCollation() {
      return db.pinyinCollation;
    },
    tenant: (tenantId, fn, opts) => db.tenant(tenantId, fn, { ...opts, shops }),
    tenantStatement: (tenantId, sql, params, opts) => db.tenantStatement(tenantId, sql, params, { ...opts, shops }),
    ...(db.copyOut ? { copyOut: (tenantId: number, copySql: string) => db.copyOut!(tenantId, copySql, shops) } : {}),
  };
}
