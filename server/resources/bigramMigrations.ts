import { readFileSync } from 'node:fs';
import path from 'node:path';
import { columnOf } from '../../core/descriptors/resource.ts';
import type { DescriptorError, DescriptorSet } from '../../core/descriptors/types.ts';
import { migrationFiles } from '../db/migrate.ts';

export interface MigrationText {
  file: string;
  sql: string;
}

const ident = (name: string) => `"?${name.replace(/[^A-Za-z0-9_]/g, '')}"?`;

/**
 * Descriptor errors for contains filters declaring `index: "bigram"` whose table gets no
 * `<column>_bigrams` column generated from text_bigrams(<column>) with a GIN index in the migrations
 * (see 035). Without a database: `npm run schemas:check` reads the SQL text; start-up checks the
 * database itself (verifyTables).
 */
export function missingBigramColumns(set: DescriptorSet, migrations: MigrationText[]): DescriptorError[] {
  // Comments are dropped so a commented-out statement does not count.
  const sql = migrations.map((m) => m.sql.replace(/--[^\n]*/g, '')).join('\n');
  const errors: DescriptorError[] = [];
  for (const r of set.resources.values()) {
    (r.filters ?? []).forEach((flt, i) => {
      if (flt.index !== 'bigram') return;
      const column = columnOf(r, flt.field);
      const pieces = `${column}_bigrams`;
      const table = ident(r.table);
      const generated = new RegExp(
        `ALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?(?:ONLY\\s+)?(?:public\\.)?${table}\\s[^;]*?ADD\\s+(?:COLUMN\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?${ident(pieces)}\\s+text\\s*\\[\\]\\s+GENERATED\\s+ALWAYS\\s+AS\\s*\\(\\s*text_bigrams\\s*\\(\\s*${ident(column)}\\s*\\)\\s*\\)\\s*STORED`,
        'i',
      );
      const index = new RegExp(`CREATE\\s+INDEX\\s[^;]*?\\sON\\s+(?:ONLY\\s+)?(?:public\\.)?${table}\\s+USING\\s+gin\\s*\\(\\s*${ident(pieces)}\\s*\\)`, 'i');
      const lacks = [!generated.test(sql) && `column ${pieces} text[] GENERATED ALWAYS AS (text_bigrams(${column})) STORED`, !index.test(sql) && `a GIN index on ${pieces}`].filter(Boolean);
      if (lacks.length)
        errors.push({
          file: set.files.get(r) ?? r.name,
          pointer: `/filters/${i}/index`,
          message: `no migration gives table "${r.table}" ${lacks.join(' and ')} (see migration 035)`,
        });
    });
  }
  return errors;
}

/** The migrations the server applies: server/db/migrations/ and each schema directory's migrations/. */
export function readMigrations(schemaDirs: string[]): MigrationText[] {
  return [...migrationFiles(schemaDirs.map((d) => path.join(d, 'migrations')))].map(([file, dir]) => ({ file, sql: readFileSync(path.join(dir, file), 'utf8') }));
}
