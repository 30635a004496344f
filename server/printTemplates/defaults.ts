import { createHash } from 'node:crypto';
import type { PrintTemplate } from '../../core/print/template/index.ts';
import type { ResourceDescriptor } from '../../core/descriptors/types.ts';
import type { Database } from '../db/index.ts';
import { docContext } from '../documents/context.ts';
import { defaultDocumentTemplate } from '../documents/printing.ts';

/**
 * The product's default print templates (migration 397): one per printable document, built from its descriptors, plus
 * the kinds that are no document (the register's ticket, the payment slip), handed in by their areas. Every tenant
 * has a copy in its 打印模板 list (is_default), which prints until the tenant saves a template of its own.
 */
export interface DefaultTemplate {
  businessType: string;
  name: string;
  template: PrintTemplate;
}

/** A default's name in the 打印模板 list and on a print answer. */
export const defaultTemplateName = (title: string) => `${title}（默认模板）`;

/** The default of every document with a docPrint route (the print business types of server/documents/catalog.ts). */
export function documentDefaults(resources: ReadonlyMap<string, ResourceDescriptor>): DefaultTemplate[] {
  return [...resources.values()]
    .filter((r) => r.document && r.routes.some((x) => x.action === 'docPrint'))
    .map((r) => ({ businessType: r.document!.type, name: defaultTemplateName(r.title), template: defaultDocumentTemplate(docContext(r, resources)) }));
}

const versionOf = (list: readonly DefaultTemplate[]): string =>
  createHash('sha1').update(JSON.stringify([...list].sort((a, b) => a.businessType.localeCompare(b.businessType)))).digest('hex').slice(0, 12);

/**
 * Makes `list` the defaults a new tenant gets (the sys_tenant trigger copies them), replaces every tenant's unedited
 * copy whose default changed, and gives every tenant a copy of a kind that is new since the last start (a copy a tenant
 * deleted stays deleted). Runs when the defaults changed; cheap otherwise.
 */
export async function seedPrintTemplates(db: Database, list: readonly DefaultTemplate[]): Promise<boolean> {
  const version = versionOf(list);
  const current = await db.system((tx) => tx.query<{ value: string }>(`SELECT value FROM app_meta WHERE key = 'print_templates_version'`));
  if (current.rows[0]?.value === version) return false;
  const fresh = await db.system(async (tx) => {
    const had = new Set((await tx.query<{ business_type: string }>(`SELECT business_type FROM print_template_default`)).rows.map((r) => r.business_type));
    await tx.query(`DELETE FROM print_template_default`);
    await tx.query(
      `INSERT INTO print_template_default (business_type, name, template) SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[])`,
      [list.map((d) => d.businessType), list.map((d) => d.name), list.map((d) => JSON.stringify(d.template))],
    );
    return list.filter((d) => !had.has(d.businessType)).map((d) => d.businessType);
  });
  const tenants = await db.system((tx) => tx.query<{ id: number }>(`SELECT id FROM sys_tenant ORDER BY id`));
  for (const t of tenants.rows) {
    await db.tenant(t.id, async (tx) => {
      await tx.query(
        `UPDATE print_template p SET template = d.template, panel_count = jsonb_array_length(d.template->'panels'), update_time = now()
           FROM print_template_default d
          WHERE p.is_default AND p.business_type = d.business_type AND p.template <> d.template`,
      );
      if (fresh.length) {
        await tx.query(
          `INSERT INTO print_template (tenant_id, name, business_type, remark, template, panel_count, create_by, update_by, is_default)
           SELECT app_current_tenant(), d.name, d.business_type, '系统默认模板，可在打印模板设计中修改', d.template, jsonb_array_length(d.template->'panels'), 'system', 'system', true
             FROM print_template_default d WHERE d.business_type = ANY($1::text[])
           ON CONFLICT DO NOTHING`,
          [fresh],
        );
      }
    });
  }
  await db.system((tx) =>
    tx.query(`INSERT INTO app_meta(key, value) VALUES ('print_templates_version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [version]),
  );
  return true;
}
