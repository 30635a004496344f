/**
 * The keys a descriptor may name, written into the meta-schemas so an editor completes them: formatter,
 * styler, widget and menu icon keys (owner: core/descriptors/widgetKeys.ts) and the seeded data dictionary codes (owner: schemas/dictionaries/*.json).
 * `npm run schemas:keys` rewrites the definitions (and the types generated from them, npm run schemas:types);
 * `npm run schemas:check` fails while they are out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILTER_WIDGETS, FORMATTERS, FORM_WIDGETS, MENU_ICONS, STYLERS } from '../core/descriptors/widgetKeys.ts';
import { readDictionaries } from '../server/resources/dictionaryFiles.ts';
import { loadDescriptors } from '../core/descriptors/load.ts';
import { readDescriptorFiles } from '../server/resources/descriptorFiles.ts';

const root = path.resolve(import.meta.dirname, '..');

function dictionaryCode() {
  const dirs = [path.join(root, 'schemas')];
  const codes = [...readDictionaries(dirs, loadDescriptors(readDescriptorFiles(dirs)).set.resources.values()).items.keys()].sort();
  // The shipped codes are offered; schemas:check refuses a code no dictionaries/*.json declares.
  return { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]*$', description: 'Data dictionary code: one of schemas/dictionaries/*.json (listed) or of a module directory\'s dictionaries/.', examples: codes };
}

/** file -> definition name -> definition. */
export function keyDefinitions(): Record<string, Record<string, unknown>> {
  return {
    'schemas/meta/screen.schema.json': {
      formatterKey: { enum: [...FORMATTERS], description: 'Cell formatter key (core/descriptors/widgetKeys.ts).' },
      stylerKey: { enum: [...STYLERS], description: 'Cell styler key (core/descriptors/widgetKeys.ts).' },
      filterWidgetKey: { enum: [...FILTER_WIDGETS], description: 'Filter widget key (core/descriptors/widgetKeys.ts).' },
      // rjsf's own widgets (textarea, radio, ...) are allowed too, so these are offered, not enforced.
      formWidgetKey: { type: 'string', description: 'Form widget key (core/descriptors/widgetKeys.ts) or one of rjsf\'s own.', examples: [...FORM_WIDGETS] },
      dictionaryCode: dictionaryCode(),
    },
    'schemas/meta/resource.schema.json': { dictionaryCode: dictionaryCode() },
    'schemas/meta/menus.schema.json': { menuIcon: { enum: [...MENU_ICONS], description: 'Tabler icon name (core/descriptors/widgetKeys.ts MENU_ICONS, drawn by src/layout/icons.tsx).' } },
  };
}

const inline = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(inline).join(', ')}]`
  : v && typeof v === 'object' ? `{ ${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`).join(', ')} }`
  : JSON.stringify(v);

/**
 * Files whose key definitions differ from the owners'; with `write` they are rewritten. Each owned
 * definition is one line of the file's `definitions` (replaced in place, or added first), so the
 * hand-written rest of the file keeps its layout.
 */
export function syncMetaSchemaKeys(write: boolean): string[] {
  const stale: string[] = [];
  for (const [file, defs] of Object.entries(keyDefinitions())) {
    const full = path.join(root, file);
    let text = readFileSync(full, 'utf8');
    const current = JSON.parse(text).definitions ?? {};
    if (Object.entries(defs).every(([name, def]) => JSON.stringify(current[name]) === JSON.stringify(def))) continue;
    stale.push(file);
    for (const [name, def] of Object.entries(defs)) {
      const line = new RegExp(`^(\\s*)${JSON.stringify(name)}: .*?(,?)$`, 'm');
      if (line.test(text)) text = text.replace(line, (_m, ind: string, comma: string) => `${ind}${JSON.stringify(name)}: ${inline(def)}${comma}`);
      else text = text.replace(/^(\s*)"definitions": \{\n/m, (m, ind: string) => `${m}${ind}  ${JSON.stringify(name)}: ${inline(def)},\n`);
    }
    JSON.parse(text); // never write a broken meta-schema
    if (write) writeFileSync(full, text);
  }
  return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const written = syncMetaSchemaKeys(true);
  console.log(written.length ? `updated ${written.join(', ')}` : 'meta-schema keys are up to date');
}
