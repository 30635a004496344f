import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { configFromEnv, type ServerConfig } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { adminQuery, businessDay, testDatabaseSettings, type ApiTemplate } from './globalSetup.ts';

export const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;

/**
 * A fresh database for one test file: a new PGlite dir, or, when DATABASE_URL is set, a new database on
 * that PostgreSQL server (dropped afterwards). Same code path as production either way. It starts as a copy of the
 * run's template (tests/api/globalSetup.ts: migrated and seeded once by the real start-up), unless there is none or
 * the business day has turned since it was seeded; the start then finds nothing to migrate or seed.
 */
export async function freshDatabaseConfig(opts: { template?: boolean } = {}): Promise<{ config: ServerConfig; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wxy-api-'));
  const base = configFromEnv({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  base.staticDir = undefined;
  // template: false gives an empty database (a start migrates and seeds it from nothing).
  const template = opts.template === false ? null : usableTemplate(base.businessTz);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (template?.kind === 'pglite') cpSync(template.location, dataDir, { recursive: true });
    return { config: { ...base, databaseUrl: undefined }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const dbName = `wxy_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${dbName}${template?.kind === 'postgres' ? ` TEMPLATE ${template.location}` : ''}`);
  await adminQuery(adminUrl, testDatabaseSettings(dbName));
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    config: { ...base, databaseUrl: url.toString() },
    cleanup: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function usableTemplate(tz: string): ApiTemplate | null {
  let template: ApiTemplate | null = null;
  try {
    template = inject('apiTemplate');
  } catch {
    return null; // not under vitest's API project
  }
  return template && template.businessTz === tz && template.day === businessDay(tz) ? template : null;
}

export interface TestServer extends RunningServer {
  smsCodes: Map<string, string>;
  config: ServerConfig;
  stop(): Promise<void>;
  call(method: string, url: string, opts?: { token?: string; tenant?: string | number; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  login(userName: string, password: string, tenant?: number): Promise<string>;
}

/**
 * `extraSchemaDirs`: module directories of descriptors (and their migrations) loaded besides schemas/; `config`:
 * settings of this server only (a file's settings never leak into the next file's server in the same worker).
 */
export async function startTestServer(opts: { extraSchemaDirs?: string[]; config?: Partial<ServerConfig> } = {}): Promise<TestServer> {
  const fresh = await freshDatabaseConfig();
  const config: ServerConfig = { ...fresh.config, ...opts.config };
  const { cleanup } = fresh;
  config.schemaDirs = [...config.schemaDirs, ...(opts.extraSchemaDirs ?? [])];
  const smsCodes = new Map<string, string>();
  const server = await startServer(config, {
    logger: false,
    listen: false,
    sms: { sendLoginCode: async (phone, code) => void smsCodes.set(phone, code) },
  });
  const call: TestServer['call'] = (method, url, opts = {}) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.tenant !== undefined ? { 'x-tenant-id': String(opts.tenant) } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      payload: opts.body === undefined ? undefined : typeof opts.body === 'string' || Buffer.isBuffer(opts.body) ? opts.body : JSON.stringify(opts.body),
    });
  const login = async (userName: string, password: string, tenant = 1) => {
    const res = await call('POST', `/api/wxy-auth-server/oauth/token?grant_type=password&username=${encodeURIComponent(userName)}&password=${encodeURIComponent(password)}`, {
      tenant,
      headers: { authorization: BASIC },
    });
    if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.body}`);
    return res.json().access_token as string;
  };
  return {
    ...server,
    smsCodes,
    config,
    call,
    login,
    stop: async () => {
      await server.close();
      await cleanup();
    },
  };
}

export const tokenUrl = (params: Record<string, string>) => `/api/wxy-auth-server/oauth/token?${new URLSearchParams(params)}`;

/** The business time zone the test servers run in (BUSINESS_TZ, read as the server reads it; default Asia/Shanghai). */
export const businessTz = (): string => configFromEnv().businessTz;

/**
 * A time as the server renders it: 'YYYY-MM-DD HH:mm:ss' in the business zone (the sessions' to_char), never UTC —
 * a test's own clock and zone are not the shops'.
 */
export function zoneText(t: Date | string | number, tz = businessTz()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The server's today (current_date, in the business zone) plus `offset` days: YYYY-MM-DD. */
export async function dbDay(s: Pick<RunningServer, 'db'>, offset = 0): Promise<string> {
  return s.db.tenant(1, async (tx) => (await tx.query<{ d: string }>(`SELECT to_char(current_date + $1::int, 'YYYY-MM-DD') AS d`, [offset])).rows[0].d);
}
