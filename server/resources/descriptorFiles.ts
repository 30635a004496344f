import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkDescriptors, i18nKeys } from '../../core/descriptors/index.ts';
import { loadDescriptors, type DescriptorFile } from '../../core/descriptors/load.ts';
import type { DescriptorError, DescriptorSet } from '../../core/descriptors/types.ts';
import { STATIC_PATHS } from '../../core/staticPaths.ts';
import { readDictionaries } from './dictionaryFiles.ts';
import { readModuleMenus } from '../db/seed/moduleMenus.ts';
import { unknownDictionaryCodes } from './dictionaryCodes.ts';

/** Reads every resources/*.json and screens/*.json under the given schema directories. */
export function readDescriptorFiles(dirs: string[], relativeTo = process.cwd()): DescriptorFile[] {
  const files: DescriptorFile[] = [];
  for (const dir of dirs) {
    for (const sub of ['resources', 'screens']) {
      const d = path.join(dir, sub);
      if (!existsSync(d)) continue;
      for (const name of readdirSync(d).filter((f) => f.endsWith('.json')).sort()) {
        const full = path.join(d, name);
        files.push({ file: path.relative(relativeTo, full) || full, content: readFileSync(full, 'utf8') });
      }
    }
  }
  return files;
}

/** The engine's i18n resources (core/descriptors/i18n/<lang>.json), flattened to dotted keys per language. */
export function readI18nKeys(i18nDir: string): Record<string, Set<string>> {
  const out: Record<string, Set<string>> = {};
  for (const name of readdirSync(i18nDir).filter((f) => f.endsWith('.json'))) {
    out[name.replace(/\.json$/, '')] = i18nKeys(JSON.parse(readFileSync(path.join(i18nDir, name), 'utf8')));
  }
  return out;
}

/**
 * Loads and validates descriptors from `dirs`; with `i18nDir` also cross-checks the screens' keys.
 * The server refuses to start on any error, so a broken descriptor never half-works.
 */
export function loadDescriptorDirs(dirs: string[], opts: { i18nDir?: string } = {}): { set: DescriptorSet; errors: DescriptorError[] } {
  const { set, errors } = loadDescriptors(readDescriptorFiles(dirs));
  // The engine's keys plus each module directory's own i18n/ folder.
  const i18n: Record<string, Set<string>> = {};
  if (opts.i18nDir) {
    for (const dir of [opts.i18nDir, ...dirs.map((d) => path.join(d, 'i18n'))].filter((d) => existsSync(d))) {
      for (const [lang, keys] of Object.entries(readI18nKeys(dir))) i18n[lang] = new Set([...(i18n[lang] ?? []), ...keys]);
    }
  }
  // Links and page forms lead to menu paths (menus/*.json of the directories).
  // The shell's fixed routes (login, device activation, the cash register, ...) are link targets too.
  const menuPaths = new Set([...STATIC_PATHS, ...readModuleMenus(dirs).menus.flatMap((m) => (m.path ? [m.path] : []))]);
  errors.push(...checkDescriptors(set, { i18n, menuPaths }));
  // The shipped dictionaries (dictionaries/*.json of the directories): well-formed, and every code named is one of them.
  const dictionaries = readDictionaries(dirs, set.resources.values());
  for (const e of dictionaries.errors) {
    const [at, ...rest] = e.split(' ');
    const [file, pointer = ''] = at.split('#');
    errors.push({ file, pointer, message: rest.join(' ') });
  }
  errors.push(...unknownDictionaryCodes(set, new Set(dictionaries.items.keys())));
  return { set, errors };
}
