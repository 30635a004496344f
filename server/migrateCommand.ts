import path from 'node:path';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { prepareDatabase } from './db/prepare.ts';
import { readModuleMenus } from './db/seed/moduleMenus.ts';
import { verifyResourceTables } from './resources/index.ts';
import { migrationFiles, moduleSchemaDirs } from './db/migrate.ts';

const migrationCount = (config: ServerConfig) => migrationFiles(moduleSchemaDirs(config.schemaDirs).migrations).size;

/**
 * `npm run migrate` (from the build: `node dist-server/main.js migrate`): brings the database to this version —
 * migrations, definitions, the demo seed — under the lock a starting server takes too, then exits. A deploy runs it
 * once before starting or replacing servers; a server started without it does the same work itself (or waits while
 * another process does). On the embedded database (PGlite) run it only while no server uses that DATA_DIR.
 */
export async function migrateCommand(config: ServerConfig): Promise<string> {
  const moduleMenus = readModuleMenus(config.schemaDirs);
  if (moduleMenus.errors.length) throw new Error(`module menus in ${config.schemaDirs.join(path.delimiter)}:\n${moduleMenus.errors.join('\n')}`);
  const db = await openDatabase(config);
  try {
    const r = await prepareDatabase(db, config.schemaDirs, moduleMenus.menus);
    await verifyResourceTables(db, config.schemaDirs);
    const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) || 'PostgreSQL' : `${config.dataDir}/pg`;
    const names = r.migrations.length > 4 ? `${r.migrations[0]} … ${r.migrations.at(-1)}` : r.migrations.join('、');
    return (
      `数据库 ${where}: ` +
      `${r.migrations.length ? `执行迁移 ${r.migrations.length} 个（${names}）` : '迁移已是最新'}，` +
      `${r.definitions.length ? `更新定义 ${r.definitions.length} 个` : '定义已是最新'}，` +
      `${r.seeded ? '演示数据已写入' : '演示数据已是最新'}` +
      // A new database's summaries start out in UTC: rebuilding those is part of making it, not news.
      `${r.rebuiltFromZone && r.migrations.length < migrationCount(config) ? `，销售汇总已从时区 ${r.rebuiltFromZone} 重建` : ''}`
    );
  } finally {
    await db.close();
  }
}
