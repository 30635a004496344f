import { exportFileTitles } from './exportNames.ts';
import { documentPages } from '../documents/catalog.ts';
import { documentFinderRoutes } from '../documents/findByNumber.ts';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { columnOf } from '../../core/descriptors/index.ts';
import { formatError } from '../../core/descriptors/load.ts';
import type { DescriptorSet } from '../../core/descriptors/types.ts';
import type { AppServices } from '../context.ts';
import type { Database } from '../db/index.ts';
import { loadDescriptorDirs } from './descriptorFiles.ts';
import { mountResource } from './routes.ts';
import { columnConfigRoutes } from './columnConfig.ts';
import { listViewRoutes } from './listViews.ts';
import { screenDescriptorRoutes } from './screenDescriptors.ts';
import { unknownDocFns } from '../documents/registry.ts';
import { printFieldsRoutes } from '../documents/printFieldsRoute.ts';
import { areaRoutes } from '../domains/index.ts';

/**
 * Checks that every resource's table exists with its columns, tenant_id and forced row-level security (or is a
 * security_invoker view over such tables: a list with joined names and counts, read only).
 */
export async function verifyTables(db: Database, set: DescriptorSet): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.system((tx) =>
    tx.query<{ table_name: string; column_name: string; generated: string | null; forced: boolean }>(
      // A view qualifies when it is security_invoker (the caller's row-level security applies to the tables it reads).
      `SELECT c.table_name, c.column_name, c.generation_expression AS generated,
              CASE WHEN k.relkind = 'v' THEN coalesce('security_invoker=true' = ANY(k.reloptions), false)
                   ELSE k.relrowsecurity AND k.relforcerowsecurity END AS forced
         FROM information_schema.columns c JOIN pg_class k ON k.relname = c.table_name AND k.relkind IN ('r', 'v')
         JOIN pg_namespace n ON n.oid = k.relnamespace AND n.nspname = c.table_schema
        WHERE c.table_schema = 'public' AND c.table_name = ANY($1::text[])`,
      [[...set.resources.values()].filter((r) => !r.computed).map((r) => r.table)],
    ),
  );
  // Indexes that "contains" filters declare (index: bigram) must exist, or each search would read every row.
  const bigramIndexes = await db.system((tx) =>
    tx.query<{ tablename: string; indexdef: string }>(`SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '%USING gin (%_bigrams)%'`),
  );
  for (const r of set.resources.values()) {
    // A computed report reads what its domain's handlers read; it has no table of its own.
    if (r.computed) continue;
    (r.filters ?? []).forEach((flt, i) => {
      if (flt.index !== 'bigram') return;
      const column = `${columnOf(r, flt.field)}_bigrams`;
      const fix = `(add a migration: ADD COLUMN ${column} text[] GENERATED ALWAYS AS (text_bigrams(${columnOf(r, flt.field)})) STORED, CREATE INDEX ... USING gin (${column}); see 035)`;
      if (!bigramIndexes.rows.some((x) => x.tablename === r.table && x.indexdef.includes(`USING gin (${column})`)))
        problems.push(`${set.files.get(r)}#/filters/${i}/index no GIN index on ${column} in table "${r.table}" ${fix}`);
      // A plain column nobody keeps up to date would make searches miss rows.
      const pieces = rows.rows.find((x) => x.table_name === r.table && x.column_name === column);
      // PostgreSQL answers the expression as text_bigrams((shop_name)::text) for a varchar column.
      if (pieces && !new RegExp(`^text_bigrams\\(\\(?"?${columnOf(r, flt.field)}"?\\)?(::text)?\\)$`).test(pieces.generated ?? ''))
        problems.push(`${set.files.get(r)}#/filters/${i}/index column ${column} of table "${r.table}" is not generated from text_bigrams(${columnOf(r, flt.field)}) ${fix}`);
    });
    const cols = rows.rows.filter((x) => x.table_name === r.table);
    const file = set.files.get(r);
    if (!cols.length) {
      problems.push(`${file}#/table table "${r.table}" does not exist (add a migration)`);
      continue;
    }
    const names = new Set(cols.map((c) => c.column_name));
    if (!names.has('tenant_id') || !cols[0].forced) problems.push(`${file}#/table table "${r.table}" needs tenant_id and forced row-level security`);
    for (const f of Object.keys(r.fields)) if (!names.has(columnOf(r, f))) problems.push(`${file}#/fields/${f} column "${columnOf(r, f)}" is not in table "${r.table}"`);
  }
  return problems;
}

/** Start-up check, run once migrations are applied: the descriptors' tables and columns exist. */
export async function verifyResourceTables(db: Database, dirs: string[]): Promise<void> {
  const { set } = loadDescriptorDirs(dirs);
  const problems = await verifyTables(db, set);
  if (problems.length) throw new Error(`resource descriptors in ${dirs.join(path.delimiter)}:\n${problems.join('\n')}`);
}

/**
 * The generic resource API: every route of every resource descriptor in config.schemaDirs, plus the
 * per-user column header config and the screen descriptors the browser renders. A broken descriptor or a missing column stops the start-up.
 */
export async function resourceRoutes(services: AppServices) {
  const dirs = services.config.schemaDirs;
  const { set, errors } = loadDescriptorDirs(dirs);
  if (errors.length) throw new Error(`resource descriptors in ${dirs.join(path.delimiter)}:\n${errors.map(formatError).join('\n')}`);
  const missingFns = unknownDocFns(set.resources.values());
  if (missingFns.length) throw new Error(`document functions no domain module registers (server/domains/index.ts):\n${missingFns.join('\n')}`);
  const plugin = async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10 } });
    // An import may also post the xlsx file itself as the body.
    app.addContentTypeParser(
      ['application/octet-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      { parseAs: 'buffer', bodyLimit: 20 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const exportTitles = exportFileTitles(set, dirs);
    for (const r of set.resources.values()) mountResource(app, r, services.db, set.resources, services, exportTitles);
    await app.register(columnConfigRoutes(services, set), { prefix: '/api/wxy-system-server' });
    await app.register(listViewRoutes(set), { prefix: '/api/wxy-system-server' });
    await app.register(screenDescriptorRoutes(services, set), { prefix: '/api/wxy-system-server' });
    await app.register(printFieldsRoutes(set.resources), { prefix: '/api/wxy-system-server' });
    await app.register(documentFinderRoutes(documentPages(set)), { prefix: '/api/wxy-system-server' });
    // The business areas' own calls (document actions need the descriptors; imports the multipart parser above).
    await areaRoutes(app, { services, set });
  };
  return { set, plugin };
}
