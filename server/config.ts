import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Fixed OAuth client credential checked in the Basic header of the token call. */
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds: number;
  /** Directory of the built SPA; absent in API-only tests. */
  staticDir?: string;
  logLevel: string;
  /** When set, SMS login codes are appended to this file (one JSON line each) instead of the log: a local outbox. */
  smsOutbox?: string;
  /** STOMP heart-beat both ways (spec: 5,000 ms); tests shorten it. */
  stompHeartbeatMs: number;
  /**
   * Descriptor directories (each with resources/, screens/ and optionally migrations/ and i18n/):
   * the project's schemas/ first, then extra module directories (EXTRA_SCHEMA_DIRS, path-delimited).
   */
  schemaDirs: string[];
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY: comma-separated addresses or CIDR ranges, e.g.
   * 127.0.0.1,10.0.0.0/8). Empty (the default): the client address is the socket's, whatever a header says.
   */
  trustProxy: string[];
  /**
   * The business time zone (BUSINESS_TZ, an IANA name the database knows; default Asia/Shanghai): every database
   * session's TimeZone, so today (current_date, dbToday), the times the server renders and the sales summaries'
   * days and hours are those of the shops' clocks. A name the database does not know stops the start.
   */
  businessTz: string;
  /**
   * Longest a statement of a request may run on a PostgreSQL server (PG_STATEMENT_TIMEOUT, default 30s): past it the
   * caller gets QUERY_TIMEOUT (503, a Chinese message) instead of a request that hangs. Only requests (req.tenantTx)
   * ask for it; seeding, imports' start-up work and exports' short batches do not. PGlite cannot cancel a running
   * statement (no timer signals in wasm), so there the answer comes late.
   */
  statementTimeout: string;
  /**
   * SHUTDOWN_GRACE_MS (default 25000): at SIGTERM, how long the requests in flight and the background job running get
   * to finish before they are cut off (a cut request's transaction rolls back; a cut job is queued again).
   */
  shutdownGraceMs: number;
  /** BACKUP_TOKEN: the bearer token of GET /ops/backup (the embedded database's dump, every tenant's data); unset, closed. */
  backupToken?: string;
  /** METRICS_TOKEN: the bearer token a scraper sends to read GET /metrics; unset, /metrics is closed. */
  metricsToken?: string;
  /**
   * SALE_BACKDATE_DAYS (default 7): how old a sale made offline may be when it reaches the server and is still booked
   * at the time it was made (older ones are refused and stay in the register's queue with the reason).
   */
  saleBackdateDays: number;
}

export const DEFAULT_BUSINESS_TZ = 'Asia/Shanghai';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    clientId: env.OAUTH_CLIENT_ID || 'wxy-admin',
    clientSecret: env.OAUTH_CLIENT_SECRET || 'wxy-admin-secret',
    tokenTtlSeconds: 30 * 24 * 3600,
    staticDir: path.resolve(env.STATIC_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    smsOutbox: env.SMS_OUTBOX ? path.resolve(env.SMS_OUTBOX) : undefined,
    stompHeartbeatMs: Number(env.STOMP_HEARTBEAT_MS || 5000),
    businessTz: env.BUSINESS_TZ?.trim() || DEFAULT_BUSINESS_TZ,
    statementTimeout: env.PG_STATEMENT_TIMEOUT?.trim() || '30s',
    shutdownGraceMs: Math.max(0, Number(env.SHUTDOWN_GRACE_MS || 25_000)),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    backupToken: env.BACKUP_TOKEN?.trim() || undefined,
    saleBackdateDays: Math.max(0, Number(env.SALE_BACKDATE_DAYS || 7)),
    trustProxy: (env.TRUST_PROXY ?? '').split(',').map((a) => a.trim()).filter(Boolean),
    schemaDirs: [
      path.resolve(env.SCHEMAS_DIR || 'schemas'),
      ...(env.EXTRA_SCHEMA_DIRS ?? '').split(path.delimiter).filter(Boolean).map((d) => path.resolve(d)),
    ],
  };
}
