import { readFileSync } from 'node:fs';
import path from 'node:path';
import { columnOf } from '../../core/descriptors/resource.ts';
import type { DescriptorError, DescriptorSet, ResourceDescriptor } from '../../core/descriptors/types.ts';
import { definitionFiles } from '../db/migrate.ts';
import { docFn, docImporter } from '../documents/registry.ts';
import type { MigrationText } from './bigramMigrations.ts';
import debt from './unindexedSorts.json';

/**
 * Cross-checks of descriptors against what lives outside them, without a database (npm run schemas:check; start-up
 * checks the database itself): the domain functions they name are registered, their tables and columns come from a
 * migration, every sortable column has an index, every permission a route, an action or a screen names is one a menu
 * node grants. Errors name file and JSON pointer.
 */

const fileOf = (set: DescriptorSet, r: object, name: string) => set.files.get(r as ResourceDescriptor) ?? name;

/** Document functions and importers a descriptor names that no domain module registers (server/domains/index.ts). */
export function unregisteredFunctions(set: DescriptorSet): DescriptorError[] {
  const errors: DescriptorError[] = [];
  for (const r of set.resources.values()) {
    const file = fileOf(set, r, r.name);
    const missing = (pointer: string, key: string) =>
      errors.push({ file, pointer, message: `no domain module registers "${key}" (registerDocFn in server/domains/<area>/, imported from server/domains/index.ts)` });
    r.routes.forEach((route, i) => {
      if (route.importer && !docImporter(route.importer)) missing(`/routes/${i}/importer`, route.importer);
    });
    const d = r.document;
    if (!d) continue;
    if (d.onSave && !docFn(d.onSave)) missing('/document/onSave', d.onSave);
    if (d.onDelete && !docFn(d.onDelete)) missing('/document/onDelete', d.onDelete);
    d.actions.forEach((a, i) => a.fn && !docFn(a.fn) && missing(`/document/actions/${i}/fn`, a.fn));
  }
  return errors;
}

const stripComments = (sql: string) => sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
const ident = (name: string) => `"?${name.replace(/[^A-Za-z0-9_]/g, '')}"?`;

/** The body of `CREATE TABLE <t> ( ... );` (up to the matching parenthesis), or undefined. */
function createTableBody(sql: string, table: string): string | undefined {
  const m = new RegExp(`CREATE\\s+(?:UNLOGGED\\s+)?TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(?:public\\.)?${ident(table)}\\s*\\(`, 'i').exec(sql);
  if (!m) return undefined;
  let depth = 1;
  let i = m.index + m[0].length;
  for (; i < sql.length && depth; i++) depth += sql[i] === '(' ? 1 : sql[i] === ')' ? -1 : 0;
  return sql.slice(m.index + m[0].length, i - 1);
}

/**
 * Tables (or views) no migration or view definition creates, and columns of a table that neither its CREATE TABLE nor
 * an ALTER TABLE … ADD COLUMN / RENAME COLUMN gives it. Columns of views are the view's business (start-up checks them).
 */
export function missingTablesAndColumns(set: DescriptorSet, migrations: MigrationText[], schemaDirs: string[]): DescriptorError[] {
  const views = [...definitionFiles(schemaDirs.map((d) => path.join(d, 'definitions')))].filter(([name]) => name.startsWith('views/')).map(([, file]) => readFileSync(file, 'utf8'));
  const sql = stripComments([...migrations.map((m) => m.sql), ...views].join('\n;\n'));
  const errors: DescriptorError[] = [];
  for (const r of set.resources.values()) {
    if (!r.table) continue; // a computed report: no table of its own
    const file = fileOf(set, r, r.name);
    const t = ident(r.table);
    const isView = new RegExp(`CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:MATERIALIZED\\s+)?VIEW\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?(?:public\\.)?${t}[\\s(]`, 'i').test(sql);
    if (isView) continue;
    const body = createTableBody(sql, r.table) ?? (new RegExp(`ALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?\\S+\\s+RENAME\\s+TO\\s+${t}\\s*;`, 'i').test(sql) ? '' : undefined);
    if (body === undefined) {
      errors.push({ file, pointer: '/table', message: `no migration creates table "${r.table}" (server/db/migrations/NNN_*.sql or the module's migrations/)` });
      continue;
    }
    const like = /^\s*LIKE\s+(\S+)/i.exec(body ?? '');
    const fullBody = like ? `${body}\n${createTableBody(sql, like[1].replace(/"/g, '')) ?? ''}` : body;
    const alters = [...sql.matchAll(new RegExp(`ALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?(?:ONLY\\s+)?(?:public\\.)?${t}\\s([^;]*);`, 'gi'))].map((m) => m[1]).join('\n');
    for (const field of Object.keys(r.fields)) {
      const col = columnOf(r, field);
      const c = ident(col);
      const declared =
        new RegExp(`(^|[,(])\\s*${c}\\s+[A-Za-z]`, 'im').test(fullBody) ||
        new RegExp(`ADD\\s+(?:COLUMN\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?${c}\\s`, 'i').test(alters) ||
        new RegExp(`RENAME\\s+(?:COLUMN\\s+)?\\S+\\s+TO\\s+${c}\\b`, 'i').test(alters);
      if (!declared) errors.push({ file, pointer: `/fields/${field}`, message: `no migration gives table "${r.table}" column "${col}"` });
    }
  }
  return errors;
}

/**
 * Sortable columns of a table that no index (or unique constraint) of its migrations covers: paging and exports walk
 * an index (tenant_id, column, primary key) on big tables; a line's number is walked within its document
 * (tenant_id, document, line_no). The primary key is always covered. The columns unindexed when this check began are
 * listed in unindexedSorts.json (debt to pay off, never to add to).
 */
export function unindexedSorts(set: DescriptorSet, migrations: MigrationText[], known: ReadonlySet<string> = new Set(debt.unindexed)): DescriptorError[] {
  const sql = stripComments(migrations.map((m) => m.sql).join('\n;\n'));
  const errors: DescriptorError[] = [];
  const leads = new Map<string, Set<string>>();
  const add = (table: string, cols: string) => {
    const list = cols.split(',').map((c) => c.trim().replace(/"/g, '').split(/\s+/)[0].toLowerCase());
    const key = table.replace(/"/g, '').replace(/^public\./, '').toLowerCase();
    const set = leads.get(key) ?? new Set<string>();
    for (const c of list) set.add(c);
    leads.set(key, set);
  };
  for (const m of sql.matchAll(/CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?\S*\s*ON\s+(?:ONLY\s+)?(\S+)\s+(?:USING\s+btree\s*)?\(([^)]*)\)/gi)) add(m[1], m[2]);
  for (const m of sql.matchAll(/CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\S+)\s*\(/gi)) {
    const body = createTableBody(sql.slice(m.index), m[1].replace(/^public\./, '').replace(/"/g, '')) ?? '';
    for (const u of body.matchAll(/(?:UNIQUE|PRIMARY\s+KEY)\s*\(([^)]*)\)/gi)) add(m[1], u[1]);
  }
  for (const m of sql.matchAll(/ALTER\s+TABLE\s+(?:ONLY\s+)?(\S+)\s+ADD\s+(?:CONSTRAINT\s+\S+\s+)?(?:UNIQUE|PRIMARY\s+KEY)\s*\(([^)]*)\)/gi)) add(m[1], m[2]);
  for (const r of set.resources.values()) {
    const have = r.table ? leads.get(r.table.toLowerCase()) : undefined;
    if (!have) continue; // a view, or a table missingTablesAndColumns reports
    (r.sortable ?? []).forEach((field, i) => {
      if (field === r.primaryKey) return;
      const col = columnOf(r, field).toLowerCase();
      if (!have.has(col) && !have.has(`${col} collate "zh-x-icu"`) && !known.has(`${r.name}#${col}`))
        errors.push({ file: fileOf(set, r, r.name), pointer: `/sortable/${i}`, message: `no index of table "${r.table}" covers sortable column "${col}": add CREATE INDEX ON ${r.table} (tenant_id, ${col}, ${columnOf(r, r.primaryKey)})` });
    });
  }
  return errors;
}

/** Permissions a route, a document action or a screen action names that no menu node grants (nobody could be given them). */
export function ungrantablePerms(set: DescriptorSet, menuPerms: ReadonlySet<string>): DescriptorError[] {
  const errors: DescriptorError[] = [];
  const check = (file: string, pointer: string, perm: string | undefined) => {
    if (perm && !menuPerms.has(perm)) errors.push({ file, pointer, message: `permission "${perm}" is granted by no menu node (menus/*.json: a menuType 2 node with "perms": "${perm}")` });
  };
  for (const r of set.resources.values()) {
    const file = fileOf(set, r, r.name);
    r.routes.forEach((route, i) => check(file, `/routes/${i}/perm`, route.perm));
    r.document?.actions.forEach((a, i) => check(file, `/document/actions/${i}/perm`, a.perm));
  }
  for (const s of set.screens.values()) {
    const file = set.files.get(s) ?? s.name;
    for (const k of ['toolbar', 'rowActions', 'bulkActions'] as const) (s[k] ?? []).forEach((a, i) => check(file, `/${k}/${i}/perm`, a.perm));
  }
  return errors;
}
