import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ServerConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';

/**
 * Backup and restore of the embedded database (PGlite): its data dir as one gzipped tarball. A running server makes it
 * (GET /ops/backup with BACKUP_TOKEN: server/ops/routes.ts), between two transactions, so the copy is consistent and
 * nobody waits more than the copy takes; a stopped one is read directly. `npm run backup -- <file>` does whichever
 * applies; `npm run restore -- <file>` makes a new DATA_DIR from it. Uploaded files (DATA_DIR/files) are not in it:
 * copy that folder beside it. A PostgreSQL server is backed up with pg_dump (docs/operations.md "Backups").
 */

/** The embedded database's data dir (config.dataDir/pg). */
export const embeddedDir = (config: Pick<ServerConfig, 'dataDir'>) => `${config.dataDir}/pg`;

export async function dumpEmbedded(db: Database): Promise<Uint8Array> {
  if (!db.dumpDataDir) throw new Error('only the embedded database (PGlite) is backed up this way; a PostgreSQL server with pg_dump');
  return db.dumpDataDir();
}

/** Restores a tarball into `config.dataDir`, which must not hold a database yet (never overwrites one). */
export async function restoreEmbedded(file: string, config: Pick<ServerConfig, 'dataDir'>): Promise<void> {
  const dir = embeddedDir(config);
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} already holds a database: restore into a new DATA_DIR`);
  mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir, { loadDataDir: new Blob([readFileSync(file)]) });
  // A first query proves the copy opens; close() writes it out.
  await lite.query('SELECT 1');
  await lite.close();
}

/**
 * `npm run backup -- <file>`: asks the server running at HOST:PORT for the dump (BACKUP_TOKEN); when none answers there,
 * opens DATA_DIR itself (the server must then be stopped: one process owns an embedded database).
 */
export async function backupCommand(config: ServerConfig, file: string): Promise<string> {
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: back a PostgreSQL server up with pg_dump -Fc (docs/operations.md "Backups")');
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/ops/backup`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${config.backupToken ?? ''}` } }).catch((err: Error & { cause?: { code?: string } }) => {
    if (err.cause?.code === 'ECONNREFUSED') return null;
    throw err;
  });
  let data: Uint8Array;
  let from: string;
  if (res) {
    if (!res.ok) throw new Error(`the server at ${url} refused the backup (${res.status}): ${(await res.text()).slice(0, 200)}`);
    data = new Uint8Array(await res.arrayBuffer());
    from = `运行中的服务 ${url}`;
  } else {
    const db = await openDatabase(config);
    try {
      data = await dumpEmbedded(db);
    } finally {
      await db.close();
    }
    from = embeddedDir(config);
  }
  writeFileSync(file, data);
  return `备份完成：${file}（${(data.length / 1e6).toFixed(1)} MB，来自 ${from}）`;
}
