import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { configFromEnv } from '../../server/config.ts';
import { startServer } from '../../server/start.ts';

/**
 * The API suite's template database: migrated and seeded once per run by the real start-up path, then copied for
 * every test file (a PGlite data dir copied; on a PostgreSQL server `CREATE DATABASE … TEMPLATE`). Each file still
 * gets a database of its own, the same as a fresh start would give — without paying migrations and the demo seed
 * (about 20 s a file, most of the suite's time) 75 times over.
 */
export interface ApiTemplate {
  /** PGlite: the template's DATA_DIR; PostgreSQL: the template database's name. */
  kind: 'pglite' | 'postgres';
  location: string;
  /** The business day the demo was seeded on: a file started on another day seeds afresh (demo data is dated from today). */
  day: string;
  businessTz: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplate: ApiTemplate | null;
  }
}

export const businessDay = (tz: string, t = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);

export default async function setup(project: TestProject) {
  if (process.env.API_TEMPLATE === '0') {
    project.provide('apiTemplate', null);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wxy-api-template-'));
  const config = { ...configFromEnv({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), staticDir: undefined };
  const adminUrl = process.env.DATABASE_URL;
  const dbName = `wxy_template_${process.pid}_${Date.now()}`;
  if (adminUrl) {
    await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
    await adminQuery(adminUrl, testDatabaseSettings(dbName));
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    config.databaseUrl = url.toString();
  } else {
    config.databaseUrl = undefined;
  }
  const day = businessDay(config.businessTz);
  const server = await startServer(config, { logger: false, listen: false, sms: { sendLoginCode: async () => {} } });
  await server.close();
  project.provide('apiTemplate', { kind: adminUrl ? 'postgres' : 'pglite', location: adminUrl ? dbName : dataDir, day, businessTz: config.businessTz });
  return async () => {
    if (adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * A test database does not wait for the disk at every commit (synchronous_commit off; 4.5 ms → 0.7 ms a commit on
 * these machines). What the suite checks of durability is the app's: a server killed with -9 loses nothing it
 * acknowledged, which holds as the PostgreSQL server itself keeps running; a crash of that server is its own matter.
 */
export const testDatabaseSettings = (dbName: string): string => `ALTER DATABASE ${dbName} SET synchronous_commit = off`;

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
