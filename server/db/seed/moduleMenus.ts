import { createHash } from 'node:crypto';
import { Ajv } from 'ajv';
import menusMeta from '../../../schemas/meta/menus.schema.json';
import type { MenuSeed } from './menus.ts';
import { schemaJsonFiles } from './schemaJsonFiles.ts';

const validate = new Ajv({ allErrors: true, strict: false }).compile<{ menus: MenuSeed[] }>(menusMeta);

/**
 * The menu tree: menus/*.json of every schema directory (beside resources/ and screens/, checked against
 * schemas/meta/menus.schema.json), in directory order then file-name order — schemas/menus/00-shell.json
 * first, so the shell's tree exists before modules hang pages under it. A module loaded with
 * EXTRA_SCHEMA_DIRS shows up in the menu the same way, without TypeScript. Errors name the file and JSON pointer.
 */
export function readModuleMenus(dirs: string[]): { menus: MenuSeed[]; errors: string[] } {
  const menus: MenuSeed[] = [];
  const errors: string[] = [];
  const keys = new Set<string>();
  for (const { file, json } of schemaJsonFiles(dirs, 'menus', validate, errors)) {
  json.menus.forEach((m, i) => {
    if (keys.has(m.key)) errors.push(`${file}#/menus/${i}/key duplicate menu key "${m.key}"`);
    else if (m.parent && !keys.has(m.parent)) errors.push(`${file}#/menus/${i}/parent unknown parent "${m.parent}" (declare it before its children)`);
    else {
      keys.add(m.key);
      menus.push(m);
    }
  });
  }
  return { menus, errors };
}

/** Changes whenever a module's menus do, so existing data dirs seed them at the next start. */
export const menusVersion = (menus: MenuSeed[]) => (menus.length ? `+modules-${createHash('sha1').update(JSON.stringify(menus)).digest('hex').slice(0, 10)}` : '');
