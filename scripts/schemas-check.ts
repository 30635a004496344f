/**
 * npm run schemas:check [extra schema dirs...]: validates every descriptor against its meta-schema and
 * cross-checks them (endpoints, fields, widget and formatter keys, i18n keys, dictionaries, menus, registered
 * functions, tables, columns and indexes from the migrations, permissions a menu node grants; server/resources/schemaCheck.ts).
 * Exit code 1 on any error.
 */
import path from 'node:path';
import { checkSchemaDirs } from '../server/resources/schemaCheck.ts';
import { syncMetaSchemaKeys } from './metaSchemaKeys.ts';

const root = path.resolve(import.meta.dirname, '..');
const dirs = [path.join(root, 'schemas'), ...process.argv.slice(2).map((d) => path.resolve(d))];
const { set, menus, errors } = checkSchemaDirs(dirs);
for (const e of errors) console.error(e);
const staleKeys = syncMetaSchemaKeys(false).map((f) => `${f}#/definitions the offered keys differ from core/descriptors/widgetKeys.ts and the seeded dictionaries: run npm run schemas:keys`);
for (const e of staleKeys) console.error(e);
const count = errors.length + staleKeys.length;
console.log(`${set.resources.size} resources, ${set.screens.size} screens, ${menus.menus.length} menu nodes, ${count} error(s)`);
process.exit(count ? 1 : 0);
