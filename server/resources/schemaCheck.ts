import path from 'node:path';
import { formatError } from '../../core/descriptors/load.ts';
import '../domains/index.ts';
import { readModuleMenus } from '../db/seed/moduleMenus.ts';
import { missingBigramColumns, readMigrations } from './bigramMigrations.ts';
import { loadDescriptorDirs } from './descriptorFiles.ts';
import { missingTablesAndColumns, ungrantablePerms, unindexedSorts, unregisteredFunctions } from './moduleChecks.ts';

/**
 * Everything `npm run schemas:check` checks in the given schema directories, as `file#/pointer message` lines:
 * descriptors against their meta-schemas and each other (core/descriptors/check.ts), dictionaries, menus, and against what
 * lives outside them — registered domain functions, tables, columns, indexes and bigram columns from the migrations,
 * permissions a menu node grants.
 */
export function checkSchemaDirs(dirs: string[], i18nDir = path.resolve(import.meta.dirname, '../../core/descriptors/i18n')) {
  const { set, errors } = loadDescriptorDirs(dirs, { i18nDir });
  const menus = readModuleMenus(dirs);
  const migrations = readMigrations(dirs);
  const menuPerms = new Set(menus.menus.flatMap((m) => (m.perms ? [m.perms] : [])));
  errors.push(
    ...missingBigramColumns(set, migrations),
    ...unregisteredFunctions(set),
    ...missingTablesAndColumns(set, migrations, dirs),
    ...unindexedSorts(set, migrations),
    ...ungrantablePerms(set, menuPerms),
  );
  return { set, menus, errors: [...errors.map(formatError), ...menus.errors] };
}
