/**
 * npm run schemas:check [extra schema dirs...]: validates every descriptor against its meta-schema and
 * cross-checks them (endpoints, fields, widget and formatter keys, i18n keys), and checks module menus
 * (menus/*.json) and that every bigram-indexed filter's column and GIN index come from a migration.
 * Exit code 1 on any error.
 */
import path from 'node:path';
import { formatError } from '../engine/model/load.ts';
import { readModuleMenus } from '../server/db/seed/moduleMenus.ts';
import { missingBigramColumns, readMigrations } from '../server/resources/bigramMigrations.ts';
import { loadDescriptorDirs } from '../server/resources/descriptorFiles.ts';
import { syncMetaSchemaKeys } from './metaSchemaKeys.ts';

const root = path.resolve(import.meta.dirname, '..');
const dirs = [path.join(root, 'schemas'), ...process.argv.slice(2).map((d) => path.resolve(d))];
const { set, errors } = loadDescriptorDirs(dirs, { i18nDir: path.join(root, 'engine/i18n') });
const menus = readModuleMenus(dirs);
errors.push(...missingBigramColumns(set, readMigrations(dirs)));
for (const e of errors) console.error(formatError(e));
for (const e of menus.errors) console.error(e);
const staleKeys = syncMetaSchemaKeys(false).map((f) => `${f}#/definitions the offered keys differ from widgets/keys.ts and the seeded dictionaries: run npm run schemas:keys`);
for (const e of staleKeys) console.error(e);
const count = errors.length + menus.errors.length + staleKeys.length;
console.log(`${set.resources.size} resources, ${set.screens.size} screens, ${menus.menus.length} menu nodes, ${count} error(s)`);
process.exit(count ? 1 : 0);
