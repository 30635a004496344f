import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROLE, SHOP_ROLE, type Database, type Queryable } from './index.ts';

/*
 * The schema, in two parts (docs/implementing.md "The schema: migrations and definitions"):
 *
 * - migrations/NNN_name.sql: versioned migrations for tables, columns, indexes, constraints, tenancy and data. Each
 *   runs once, in file-name order, and is recorded in schema_migrations with the sha256 of its text; a recorded
 *   migration whose file no longer has that checksum stops the start (it was edited after it ran: add a new one).
 * - definitions/{functions,views,triggers,policies}/<name>.sql: one function, view, trigger or policy per file,
 *   written to be re-run (CREATE OR REPLACE FUNCTION / VIEW / TRIGGER, DROP POLICY IF EXISTS + CREATE POLICY).
 *   Applied after the migrations, kind by kind in that order and by name within a kind, with function bodies not
 *   checked at creation (so one function may call another defined later). Recorded in schema_definitions with
 *   their checksum: a file is (re)applied when it is new or its checksum changed, and every file is reapplied in a
 *   start that ran a migration (a migration may have dropped or changed what a definition stands on).
 *
 * Functions stay in migrations only where a table needs them when it is created (the definitions run later):
 * app_current_tenant() (the tenant_isolation policies, 001), enable_tenancy() (called by the migrations that create
 * tables, 000), text_bigrams() (generated columns, 035) and the shop-scope helpers app_shops(), app_in_scope(),
 * app_warehouses() and app_shop_scope_declare() (the shop_scope policies, 350). Removing a definition takes a migration that drops the
 * object (and the file's removal); so does changing a function's arguments or return type, or a view's columns in a
 * way CREATE OR REPLACE refuses.
 *
 * Module directories (config.schemaDirs) may hold migrations/ and definitions/ of their own, laid out the same way;
 * file names are unique across all directories.
 */

// Beside this module in the source tree; beside the bundle in dist-server/ (the build copies them).
const HERE = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(HERE, 'migrations');
const DEFINITIONS_DIR = path.join(HERE, 'definitions');
// Any constant works; it only has to be the same in every process sharing one PostgreSQL.
const MIGRATION_LOCK_KEY = 4_711_2026;

/** The kinds of definitions, each a folder of definitions/, in the order they are applied. */
export const DEFINITION_KINDS = ['functions', 'views', 'triggers', 'policies'] as const;

/** sha256 (hex) of a SQL file's text, line endings normalised (a checkout with CRLF has the same checksum). */
export function checksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

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
 * The definition files of definitions/ and of the extra module definitions directories, in the order they are
 * applied (DEFINITION_KINDS, then name): "functions/po_sales_summary_sql.sql" -> its path. A name used in two
 * directories, a folder that is not a kind, or a file that is not .sql stops the start.
 */
export function definitionFiles(extraDirs: string[] = []): Map<string, string> {
  const found = new Map<string, string>();
  for (const dir of [DEFINITIONS_DIR, ...extraDirs].filter((d) => existsSync(d))) {
    for (const entry of readdirSync(dir).filter((e) => !e.endsWith('.md'))) {
      const kindDir = path.join(dir, entry);
      if (!(DEFINITION_KINDS as readonly string[]).includes(entry) || !statSync(kindDir).isDirectory())
        throw new Error(`definitions: ${kindDir} is not one of ${DEFINITION_KINDS.map((k) => `${k}/`).join(', ')}`);
      for (const f of readdirSync(kindDir)) {
        if (!f.endsWith('.sql')) throw new Error(`definitions: ${path.join(kindDir, f)} is not a .sql file`);
        const name = `${entry}/${f}`;
        if (found.has(name)) throw new Error(`definition ${name} exists in both ${found.get(name)} and ${path.join(kindDir, f)}`);
        found.set(name, path.join(kindDir, f));
      }
    }
  }
  const rank = (name: string) => DEFINITION_KINDS.indexOf(name.slice(0, name.indexOf('/')) as (typeof DEFINITION_KINDS)[number]);
  return new Map([...found].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)));
}

/** The module directories' migrations/ and definitions/ folders (each directory may hold either, both or none). */
export function moduleSchemaDirs(moduleDirs: string[]): { migrations: string[]; definitions: string[] } {
  return { migrations: moduleDirs.map((d) => path.join(d, 'migrations')), definitions: moduleDirs.map((d) => path.join(d, 'definitions')) };
}

interface SqlFile {
  name: string;
  file: string;
  sql: string;
  checksum: string;
}

const readSql = (name: string, file: string): SqlFile => {
  const sql = readFileSync(file, 'utf8');
  return { name, file, sql, checksum: checksum(sql) };
};

/** The migrations and definitions of server/db and of the module directories, read (and checksummed) once. */
export interface SchemaFiles {
  migrations: SqlFile[];
  definitions: SqlFile[];
}

export function schemaFiles(moduleDirs: string[] = []): SchemaFiles {
  const dirs = moduleSchemaDirs(moduleDirs);
  const migrationsByName = migrationFiles(dirs.migrations);
  return {
    migrations: [...migrationsByName.keys()].sort().map((name) => readSql(name, path.join(migrationsByName.get(name)!, name))),
    definitions: [...definitionFiles(dirs.definitions)].map(([name, file]) => readSql(name, file)),
  };
}

/**
 * The migrations and definitions of `files` the database has not recorded with their checksum (all of them on an
 * empty database): what a start would run. Recorded names that are not among the files (a module not loaded here,
 * or a newer server's migrations during a rolling upgrade) are not pending.
 */
export async function pendingSchema(db: Database, files: SchemaFiles): Promise<string[]> {
  const recorded = await db.system(async (tx) => {
    const ready = await tx.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'schema_definitions'`);
    if (!ready.rows.length) return null;
    const rows = (await tx.query<{ kind: string; name: string; checksum: string | null }>(
      `SELECT 'm' AS kind, name, checksum FROM schema_migrations UNION ALL SELECT 'd', name, checksum FROM schema_definitions`,
    )).rows;
    return new Map(rows.map((r) => [`${r.kind}:${r.name}`, r.checksum]));
  });
  return [
    ...files.migrations.filter((m) => recorded?.get(`m:${m.name}`) !== m.checksum).map((m) => m.name),
    ...files.definitions.filter((d) => recorded?.get(`d:${d.name}`) !== d.checksum).map((d) => d.name),
  ];
}

export interface MigrateResult {
  /** The versioned migrations this start ran. */
  migrations: string[];
  /** The definitions this start (re)applied. */
  definitions: string[];
}

/**
 * Brings the database's schema to the files': the versioned migrations not yet recorded (server/db/migrations/ and
 * each module directory's migrations/, in file-name order), then the definitions that are new or changed (all of
 * them when a migration ran), in one transaction under one lock, so several servers can start together.
 * `moduleDirs`: module directories (config.schemaDirs), each optionally holding migrations/ and definitions/.
 */
export async function migrate(db: Database, moduleDirs: string[] = []): Promise<MigrateResult> {
  const { migrations, definitions } = schemaFiles(moduleDirs);
  const result: MigrateResult = { migrations: [], definitions: [] };
  // Fast path for an existing database: one read of the recorded names and checksums; nothing to do when every file
  // is recorded with its checksum.
  if (!(await pendingSchema(db, { migrations, definitions })).length) return result;

  await db.system(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), checksum text)`);
    // A database made before checksums (main 4d49ae4): its rows get theirs below, once.
    await tx.query(`ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_definitions (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    // A role belongs to the whole PostgreSQL server, not to this database: servers starting together on different
    // databases of one server race to create it (the advisory lock is per database), and the loser of the race meets
    // the winner's row (unique_violation) or its role (duplicate_object) — either way the role is there.
    await tx.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        BEGIN
          CREATE ROLE ${APP_ROLE} NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
    END $$`);
    // The role of a caller who reaches only some shops: the shop_scope policies (migration 350) apply to it alone.
    // Roles belong to the whole PostgreSQL server: another database's start may be creating it at this moment.
    await tx.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${SHOP_ROLE}') THEN CREATE ROLE ${SHOP_ROLE} NOLOGIN; END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`);

    result.migrations = await applyMigrations(tx, migrations);
    result.definitions = await applyDefinitions(tx, definitions, result.migrations.length > 0);

    // Every table and view is usable by the application roles; RLS decides which rows.
    await tx.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}, ${SHOP_ROLE}`);
    await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}, ${SHOP_ROLE}`);
    await tx.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}, ${SHOP_ROLE}`);
  });
  return result;
}

/** Checks the recorded migrations against their files, then runs and records the ones not yet run. */
async function applyMigrations(tx: Queryable, migrations: SqlFile[]): Promise<string[]> {
  const done = new Map((await tx.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).rows.map((r) => [r.name, r.checksum]));
  for (const m of migrations) {
    const was = done.get(m.name);
    if (was === undefined) continue;
    if (was === null) {
      // Recorded before checksums were (main 4d49ae4 and earlier): the file as it is now is taken as what ran.
      // The one moment a landed migration's text may differ from what ran: the superseded functions, triggers and
      // views of the old files moved to definitions/, which this start reapplies (the 000 and 342 migrations run).
      await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [m.name, m.checksum]);
    } else if (was !== m.checksum) {
      throw new Error(
        `migration ${m.name} was changed after it ran on this database (checksum recorded ${was.slice(0, 12)}…, file ${m.checksum.slice(0, 12)}…: ${m.file}); ` +
          'put the change in a new migration instead and restore the file',
      );
    }
  }
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    try {
      // Multi-statement files run as one simple query (no parameters), inside this transaction.
      await tx.exec(m.sql);
    } catch (err) {
      throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
    }
    await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [m.name, m.checksum]);
    applied.push(m.name);
  }
  return applied;
}

/** Applies the definitions that are new or changed (all of them when `all`), in their order, and records them. */
async function applyDefinitions(tx: Queryable, definitions: SqlFile[], all: boolean): Promise<string[]> {
  const recorded = new Map((await tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_definitions')).rows.map((r) => [r.name, r.checksum]));
  const due = definitions.filter((d) => all || recorded.get(d.name) !== d.checksum);
  if (!due.length) return [];
  // Function bodies are checked when called, not when created: a function may call one applied after it.
  await tx.query('SET LOCAL check_function_bodies = off');
  for (const d of due) {
    try {
      await tx.exec(d.sql);
    } catch (err) {
      throw new Error(`definition ${d.name} failed: ${(err as Error).message} (${d.file})`, { cause: err });
    }
    await tx.query(
      `INSERT INTO schema_definitions (name, checksum) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
      [d.name, d.checksum],
    );
  }
  await tx.query('SET LOCAL check_function_bodies TO DEFAULT');
  return due.map((d) => d.name);
}
