import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatError, loadDescriptors } from '../../core/descriptors/load.ts';
import { missingBigramColumns, readMigrations } from './bigramMigrations.ts';
import { loadDescriptorDirs } from './descriptorFiles.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const supplier = JSON.parse(readFileSync(path.join(ROOT, 'schemas/resources/pd-supplier.json'), 'utf8'));
const FILE = 'schemas/resources/pd-supplier.json';

const check = (sql: string, change: (r: any) => void = () => {}) => {
  const r = structuredClone(supplier);
  change(r);
  const { set } = loadDescriptors([{ file: FILE, content: JSON.stringify(r) }]);
  return missingBigramColumns(set, [{ file: '900_x.sql', sql }]).map(formatError);
};

const COLUMN = 'ALTER TABLE pd_supplier ADD COLUMN supplier_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(supplier_name)) STORED;';
const INDEX = 'CREATE INDEX pd_supplier_name_bigrams ON pd_supplier USING gin (supplier_name_bigrams);';
const filterIndex = supplier.filters.findIndex((f: { field: string }) => f.field === 'supplierName');

describe('schemas:check: a bigram filter has its column and index in a migration', () => {
  it('passes on the repository (what npm run schemas:check runs)', () => {
    const { set } = loadDescriptorDirs([path.join(ROOT, 'schemas')]);
    const flagged = [...set.resources.values()].filter((r) => r.filters?.some((f) => f.index === 'bigram')).map((r) => r.name);
    expect(flagged.sort()).toEqual(['pd-sku', 'pd-spu', 'pd-supplier', 'shop-base', 'wh-stock']);
    expect(missingBigramColumns(set, readMigrations([path.join(ROOT, 'schemas')]))).toEqual([]);
  });

  it('accepts the generated column and GIN index, also split over statements and quoted', () => {
    expect(check(`${COLUMN}\n${INDEX}`)).toEqual([]);
    expect(check('ALTER TABLE "pd_supplier"\n  ADD COLUMN x int,\n  ADD COLUMN "supplier_name_bigrams" text[] GENERATED ALWAYS AS (text_bigrams("supplier_name")) STORED;\nCREATE INDEX i ON pd_supplier USING GIN ("supplier_name_bigrams");')).toEqual([]);
  });

  it('names the filter and what is missing: the column, the index, or both', () => {
    const at = `${FILE}#/filters/${filterIndex}/index no migration gives table "pd_supplier"`;
    expect(check(INDEX)).toEqual([`${at} column supplier_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(supplier_name)) STORED (see migration 035)`]);
    expect(check(COLUMN)).toEqual([`${at} a GIN index on supplier_name_bigrams (see migration 035)`]);
    expect(check('')).toEqual([
      `${at} column supplier_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(supplier_name)) STORED and a GIN index on supplier_name_bigrams (see migration 035)`,
    ]);
  });

  it('does not count another table, another column, a btree index or a commented-out statement', () => {
    expect(check(COLUMN.replace('TABLE pd_supplier', 'TABLE pd_spu') + INDEX)).toHaveLength(1);
    expect(check(COLUMN.replace('text_bigrams(supplier_name)', 'text_bigrams(short_name)') + INDEX)).toHaveLength(1);
    expect(check(COLUMN + INDEX.replace('USING gin ', ''))).toHaveLength(1);
    expect(check(`-- ${COLUMN}\n${INDEX}`)).toHaveLength(1);
  });

  it('ignores filters without the flag', () => {
    expect(check('', (r) => r.filters.forEach((f: { index?: string }) => delete f.index))).toEqual([]);
  });
});
