/**
 * Where a bench runs its server: a throw-away PGlite data directory, and a throw-away database on the PostgreSQL
 * server when one answers (so the API tests sharing that server never see the bench's rows). Every bench that
 * compares the two backends starts from here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { configFromEnv, type ServerConfig } from '../../server/config.ts';
import { startServer } from '../../server/start.ts';

/** A PostgreSQL server to bench against: DATABASE_URL, or the local one if it answers. */
export async function postgresUrl(): Promise<string | undefined> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const local = 'postgres://postgres@127.0.0.1:5432/test';
  const c = new pg.Client({ connectionString: local, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    return local;
  } catch {
    return undefined;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A server config on PGlite in `dataDir` (DATABASE_URL ignored), quiet, without the static browser files. */
export function pgliteConfig(dataDir: string, port: number): ServerConfig {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return { ...configFromEnv(env), staticDir: undefined };
}

/** Runs `fn` on a fresh PGlite data directory, removed afterwards. */
export async function onPglite(name: string, port: number, fn: (config: ServerConfig) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `wxy-bench-${name}-`));
  try {
    await fn(pgliteConfig(dir, port));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` on a database of its own on the PostgreSQL server (created, then dropped); false, with a line saying
 * so, when no server answers.
 */
export async function onPostgresServer(name: string, port: number, fn: (config: ServerConfig, url: string) => Promise<void>): Promise<boolean> {
  const url = await postgresUrl();
  if (!url) {
    console.log('(PostgreSQL server: skipped, DATABASE_URL not set and nothing answers on 127.0.0.1:5432)');
    return false;
  }
  const dbName = `wxy_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  try {
    await fn({ ...configFromEnv({ ...process.env, DATABASE_URL: u.toString(), PORT: String(port), LOG_LEVEL: 'warn' }), staticDir: undefined }, u.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  return true;
}

export type BenchServer = Awaited<ReturnType<typeof startServer>>;

/** Starts the server on `config`, runs `fn`, and always closes it. */
export async function withServer(config: ServerConfig, fn: (server: BenchServer) => Promise<void>): Promise<void> {
  const server = await startServer(config, { logger: false });
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

/**
 * The usual bench: `fn` against a server on PGlite (unless `pglite` is false), then on the PostgreSQL server when one
 * answers; `url` is that database's, for a bench's own plain-SQL client.
 */
/** BENCH_PG_ONLY=1 skips the PGlite half (a quick look at the server figures). */
export async function onBothBackends(
  name: string,
  port: number,
  fn: (label: string, server: BenchServer, url?: string) => Promise<void>,
  { pglite = true }: { pglite?: boolean } = {},
): Promise<void> {
  if (pglite && !process.env.BENCH_PG_ONLY) await onPglite(name, port, (config) => withServer(config, (server) => fn('PGlite', server)));
  await onPostgresServer(name, port, (config, url) => withServer(config, (server) => fn('PostgreSQL server', server, url)));
}
