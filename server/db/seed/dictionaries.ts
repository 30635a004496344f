import { createHash } from 'node:crypto';
import path from 'node:path';
import { loadDescriptors } from '../../../core/descriptors/load.ts';
import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import { readDescriptorFiles } from '../../resources/descriptorFiles.ts';
import { readDictionaries, type Dictionaries } from '../../resources/dictionaryFiles.ts';
import type { Database } from '../index.ts';


/** The resource descriptors of the schema directories, as the start-up's seeds read them (dictionaries, print templates). */
export const shippedResources = (dirs: string[]): ReadonlyMap<string, ResourceDescriptor> => loadDescriptors(readDescriptorFiles(dirs)).set.resources;

/** The dictionaries of the schema directories and their documents; throws naming file and pointer on a broken file. */
export function shippedDictionaries(dirs: string[], resources: ReadonlyMap<string, ResourceDescriptor> = shippedResources(dirs)): Dictionaries {
  const d = readDictionaries(dirs, resources.values());
  if (d.errors.length) throw new Error(`dictionaries in ${dirs.join(path.delimiter)}:\n${d.errors.join('\n')}`);
  return d;
}

/** Changes whenever a shipped dictionary does. */
export const dictionariesVersion = (d: Dictionaries): string =>
  createHash('sha1').update(JSON.stringify([...d.items].sort(([a], [b]) => a.localeCompare(b)))).digest('hex').slice(0, 12);

/**
 * Makes the shipped dictionaries the defaults a new tenant gets (sys_dictionary_default: the sys_tenant insert
 * trigger copies them, migration 370), and gives every existing tenant the items that are new since the last
 * start — items a tenant deleted on the 数据字典 page stay deleted. Runs when the files changed; cheap otherwise.
 */
export async function seedDictionaries(db: Database, d: Dictionaries): Promise<boolean> {
  const version = dictionariesVersion(d);
  const current = await db.system((tx) => tx.query<{ value: string }>(`SELECT value FROM app_meta WHERE key = 'dictionaries_version'`));
  if (current.rows[0]?.value === version) return false;
  const rows = [...d.items].flatMap(([code, list]) => list.map((x, i) => ({ code, ...x, sort: i + 1 })));
  const fresh = await db.system(async (tx) => {
    const old = await tx.query<{ code: string; value: string }>(`SELECT code, value FROM sys_dictionary_default`);
    const had = new Set(old.rows.map((r) => `${r.code}\u0000${r.value}`));
    await tx.query(`DELETE FROM sys_dictionary_default`);
    await tx.query(
      `INSERT INTO sys_dictionary_default (code, value, label, sort)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])`,
      [rows.map((r) => r.code), rows.map((r) => r.value), rows.map((r) => r.label), rows.map((r) => r.sort)],
    );
    return rows.filter((r) => !had.has(`${r.code}\u0000${r.value}`));
  });
  const tenants = await db.system((tx) => tx.query<{ id: number }>(`SELECT id FROM sys_tenant ORDER BY id`));
  if (fresh.length) {
    for (const t of tenants.rows) {
      await db.tenant(t.id, (tx) =>
        tx.query(
          `INSERT INTO sys_data_dictionary (tenant_id, code, label, value, sort)
           SELECT app_current_tenant(), code, label, value, sort FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS d(code, value, label, sort)
           ON CONFLICT DO NOTHING`,
          [fresh.map((r) => r.code), fresh.map((r) => r.value), fresh.map((r) => r.label), fresh.map((r) => r.sort)],
        ),
      );
    }
  }
  await db.system((tx) =>
    tx.query(`INSERT INTO app_meta(key, value) VALUES ('dictionaries_version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [version]),
  );
  return true;
}
