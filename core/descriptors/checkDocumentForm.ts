import { documentRoutes } from './documents.ts';
import { writableFields } from './resource.ts';
import type { DescriptorSet, FormDecl, ResourceDescriptor } from './types.ts';

/**
 * Cross-checks of a document page form ("mode": "document"): the screen's resource is a document, the
 * routes the page calls exist, and the lines grid names fields its lines resource has (editable ones
 * writable, the amount's inputs among them).
 */
export function checkDocumentForm(form: FormDecl, r: ResourceDescriptor, set: DescriptorSet, p: string, err: (pointer: string, message: string) => void): void {
  const doc = r.document;
  if (!doc) return err(`${p}/mode`, `a document form needs a resource with a "document" block; "${r.name}" has none`);
  const routes = documentRoutes(r);
  if (!routes.get) err(`${p}/mode`, `resource "${r.name}" has no docGet route for the document page to load`);
  // A page that only edits documents made elsewhere (a generated reconciliation) needs an update route, not a create.
  if (!form.readOnly && !routes.create && !routes.update) err(`${p}/mode`, `resource "${r.name}" has no docCreate or docUpdate route (or mark the form readOnly)`);
  (form.summary ?? []).forEach((f, i) => !r.fields[f] && err(`${p}/summary/${i}`, `field "${f}" is not in resource "${r.name}"`));
  const columns = new Set((form.lines?.columns ?? []).map((c) => c.field));
  for (const [f, rule] of Object.entries(form.showWhen ?? {})) {
    if (!form.fields.includes(f) && !columns.has(f)) err(`${p}/showWhen/${f}`, `"${f}" is neither a field of the form nor a column of its lines grid`);
    if (!form.fields.includes(rule.field)) err(`${p}/showWhen/${f}/field`, `"${rule.field}" is not a field of the form (the one that decides must be on it)`);
  }
  if (!doc.lines) {
    if (form.lines) err(`${p}/lines`, `resource "${r.name}" is a document without lines; the page has no lines grid`);
    return;
  }
  const lines = set.resources.get(doc.lines.resource);
  if (!form.lines) return err(`${p}/lines`, 'a document form declares its lines grid ("lines": {"columns": [...]})');
  if (!lines) return;
  const writable = new Set(writableFields(lines));
  form.lines.columns.forEach((c, i) => {
    if (!lines.fields[c.field]) err(`${p}/lines/columns/${i}/field`, `field "${c.field}" is not in lines resource "${lines.name}"`);
    else if (c.editable && !writable.has(c.field)) err(`${p}/lines/columns/${i}/editable`, `field "${c.field}" of "${lines.name}" is read-only; it cannot be an input`);
  });
  const editable = new Set(form.lines.columns.filter((c) => c.editable).map((c) => c.field));
  const a = form.lines.amount;
  if (a) {
    if (!lines.fields[a.field]) err(`${p}/lines/amount/field`, `field "${a.field}" is not in lines resource "${lines.name}"`);
    for (const k of ['quantity', 'price'] as const) if (!editable.has(a[k])) err(`${p}/lines/amount/${k}`, `"${a[k]}" is not an editable column of the grid`);
  }
  for (const [field, from] of Object.entries(form.lines.prefill ?? {})) if (!writable.has(field)) err(`${p}/lines/prefill/${field}`, `"${field}" is no writable field of "${lines.name}" (filled from ${from})`);
  if (form.lines.stockOf && !r.fields[form.lines.stockOf]) err(`${p}/lines/stockOf`, `field "${form.lines.stockOf}" is not in resource "${r.name}"`);
  if (doc.lines.skuField && !form.readOnly && !routes.skuOptions)
    err(`${p}/lines`, `resource "${r.name}" has no docSkuOptions route: the grid adds SKUs through it (GET sku-options)`);
}
