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
  /**
   * Where uploaded files live (FILE_STORAGE): `local` (the default, DATA_DIR/files; shared storage when several servers
   * run) or `s3`, an S3-compatible bucket every server reaches (S3_* settings). Temporary spools stay on local disk.
   */
  fileStorage: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
}

export interface S3Settings {
  /** S3_ENDPOINT: the service URL (MinIO, OSS, COS…); unset, AWS's own endpoint for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE=true: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** S3_PREFIX: a folder inside the bucket for this deployment's files ('' or ending with '/'). */
  prefix: string;
}

/** FILE_STORAGE and its S3_* settings; a missing or malformed setting stops the start with a message naming it. */
export function fileStorageFromEnv(env: NodeJS.ProcessEnv): ServerConfig['fileStorage'] {
  const kind = (env.FILE_STORAGE ?? '').trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORAGE must be "local" or "s3", not "${env.FILE_STORAGE}"`);
  const need = (name: string) => {
    const v = env[name]?.trim();
    if (!v) throw new Error(`FILE_STORAGE=s3 needs ${name}`);
    return v;
  };
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, not "${endpoint}"`);
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(pathStyle)) throw new Error(`S3_FORCE_PATH_STYLE must be true or false, not "${env.S3_FORCE_PATH_STYLE}"`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  return {
    kind,
    endpoint,
    bucket: need('S3_BUCKET'),
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
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
    fileStorage: fileStorageFromEnv(env),
    trustProxy: (env.TRUST_PROXY ?? '').split(',').map((a) => a.trim()).filter(Boolean),
    schemaDirs: [
      path.resolve(env.SCHEMAS_DIR || 'schemas'),
      ...(env.EXTRA_SCHEMA_DIRS ?? '').split(path.delimiter).filter(Boolean).map((d) => path.resolve(d)),
    ],
  };
}
