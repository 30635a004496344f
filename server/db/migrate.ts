import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROLE, type Database } from './index.ts';

// Beside this module in the source tree; beside the bundle in dist-server/ (the build copies them).
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process sharing one PostgreSQL.
const MIGRATION_LOCK_KEY = 4_711_2026;

/** The numbered SQL files of migrations/ and of the extra module directories: file name -> its directory. */
export function migrationFiles(extraDirs: string[] = []): Map<string, string> {
  const dirOf = new Map<string, string>();
  for (const dir of [MIGRATIONS_DIR, ...extraDirs.filter((d) => existsSync(d))]) {
    for (const f of readdirSync(dir).filter((f) => /^\d{3}_.*\.sql$/.test(f))) {
      if (dirOf.has(f)) throw new Error(`migration ${f} exists in both ${dirOf.get(f)} and ${dir}`);
      dirOf.set(f, dir);
    }
  }
  return dirOf;
}

/**
 * Applies the numbered SQL files in migrations/ (and in the extra module directories given) that are not
 * yet recorded, in file-name order. File names are unique across all directories.
 */
export async function migrate(db: Database, extraDirs: string[] = []): Promise<string[]> {
  const dirOf = migrationFiles(extraDirs);
  const files = [...dirOf.keys()].sort();
  const applied: string[] = [];
  // Fast path for an existing data dir: one query when every file is already recorded.
  const known = await db.system(async (tx) => {
    const exists = await tx.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'schema_migrations'`);
    return exists.rows.length ? (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name) : [];
  });
  if (files.every((f) => known.includes(f))) return applied;
  await db.system(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    await tx.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
    END $$`);
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(dirOf.get(file)!, file), 'utf8');
      // Multi-statement files run as one simple query (no parameters), inside this transaction.
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations(name) VALUES ($1)', [file]);
      applied.push(file);
    }
    // Every table the migrations create is usable by the application role; RLS decides which rows.
    await tx.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
    await tx.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
  });
  return applied;
}
