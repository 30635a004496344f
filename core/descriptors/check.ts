import { checkDocumentForm } from './checkDocumentForm.ts';
import { isPageForm } from './documents.ts';
import { UI_TEXT_KEYS, formField } from './forms.ts';
import { checkDocument } from './checkDocument.ts';
import { checkReport } from './checkReport.ts';
import { FILTER_WIDGETS, FORMATTERS, FORM_WIDGETS, PANELS, STYLERS } from './widgetKeys.ts';
import { filterName, filterParams, idParamOf, pathParams, resolveEndpoint, routeId, columnOf } from './resource.ts';
import type { ActionDecl, ActionKind, DescriptorError, DescriptorSet, FieldSchema, RefSelectOptions, ResourceDescriptor, ScreenDescriptor } from './types.ts';

/** What the cross-checker compares against besides the descriptors themselves. */
export interface CheckContext {
  /** Every i18n key per language (flattened, dotted); each key a screen uses must exist in all of them. */
  i18n: Record<string, Set<string>>;
  formatters?: readonly string[];
  stylers?: readonly string[];
  filterWidgets?: readonly string[];
  formWidgets?: readonly string[];
  /**
   * Menu paths besides the screens' own routes (the seeded menu tree and module menus/*.json): where a link
   * may lead. Absent: only screen routes and page-form routes count.
   */
  menuPaths?: ReadonlySet<string>;
}

/** Paths a link may go to: every screen's route, every page form's route, and the menu's paths. */
export function linkTargets(set: DescriptorSet, menuPaths: ReadonlySet<string> = new Set()): Set<string> {
  const out = new Set(menuPaths);
  for (const s of set.screens.values()) {
    out.add(s.route);
    for (const form of Object.values(s.forms ?? {})) if (form.route) out.add(form.route);
  }
  return out;
}

const REF_SOURCES: ActionKind[] = ['page', 'list', 'pulldown'];

/**
 * A refSelect's rows come from a page, list or pulldown route; the value and label fields are fields those rows
 * carry (a list with declared fields answers only those), and the stored value has the form field's type.
 */
function checkRefSelect(
  options: Partial<RefSelectOptions>, field: FieldSchema | undefined, set: DescriptorSet, s: ScreenDescriptor, p: string, err: (pointer: string, message: string) => void,
  multiple = false,
): void {
  if (!options.source) return; // the meta-schema names the missing option
  const hit = resolveEndpoint(set, s, options.source);
  if (!hit) return err(`${p}/source`, `no route "${options.source}" in resource "${options.source.includes('#') ? options.source.split('#')[0] : s.resource}"`);
  const { resource, route } = hit;
  // A custom route answering several lists names the one it takes (`rows`); its rows' fields are the handler's.
  if (options.rows) {
    if (route.action !== 'custom') err(`${p}/rows`, `only a custom source route answers several lists; "${options.source}" is a ${route.action}`);
    return;
  }
  if (!REF_SOURCES.includes(route.action)) return err(`${p}/source`, `route "${options.source}" is a ${route.action}; a select's rows come from a ${REF_SOURCES.join(', ')} route`);
  const answered = route.action === 'list' && route.fields ? new Set(route.fields) : null;
  for (const k of ['valueField', 'labelField', 'codeField'] as const) {
    const f = options[k];
    if (!f) continue;
    if (!Object.hasOwn(resource.fields, f)) err(`${p}/${k}`, `field "${f}" is not in resource "${resource.name}"`);
    else if (answered && !answered.has(f)) err(`${p}/${k}`, `route "${options.source}" answers only ${[...answered].join(', ')}, not "${f}"`);
  }
  // A refMultiSelect stores the chosen values comma-separated, in a text field.
  if (multiple) {
    if (field && field.type !== 'string' && (field.type as string) !== 'array') err(`${p}/valueField`, `a refMultiSelect stores comma-separated values (a string field) or a list (an array field), not ${field.type}`);
    return;
  }
  const value = options.valueField ? resource.fields[options.valueField] : undefined;
  const numeric = (t: string | undefined) => t === 'integer' || t === 'number';
  if (value && field && numeric(value.type) !== numeric(field.type))
    err(`${p}/valueField`, `"${options.valueField}" is ${value.type} but the form field is ${field.type}`);
}

/** Flattens nested i18n resources to dotted keys. */
export function i18nKeys(tree: Record<string, unknown>, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const sub of i18nKeys(v as Record<string, unknown>, key)) out.add(sub);
    else out.add(key);
  }
  return out;
}

const RANGE_OPS = new Set(['dateRange', 'numberRange']);

function checkResource(r: ResourceDescriptor, file: string, err: (pointer: string, message: string) => void): void {
  const has = (f: string) => Object.hasOwn(r.fields, f);
  if (!has(r.primaryKey)) err('/primaryKey', `field "${r.primaryKey}" is not in fields`);
  (r.required ?? []).forEach((f, i) => !has(f) && err(`/required/${i}`, `field "${f}" is not in fields`));
  const columns = new Map<string, string>();
  for (const [name, f] of Object.entries(r.fields)) {
    const col = columnOf(r, name);
    if (col === 'tenant_id') err(`/fields/${name}`, 'tenant_id is set by the server, never a field');
    if (columns.has(col)) err(`/fields/${name}`, `column "${col}" already used by field "${columns.get(col)}"`);
    columns.set(col, name);
    if (f.enum && f.type !== 'string' && f.enum.some((v) => typeof v !== 'number')) err(`/fields/${name}/enum`, 'values must be numbers for a numeric field');
    if (f['x-decimals'] !== undefined && f.type !== 'number') err(`/fields/${name}/x-decimals`, 'only a number field has decimals');
    if (f.format && f.type !== 'string') err(`/fields/${name}/format`, 'only a string field has a format');
    if (f.type === 'string' && !f.maxLength && !f.enum && !f.format) err(`/fields/${name}`, 'a string field needs maxLength (spec 000 §9 limits)');
  }
  for (const [perm, fields] of Object.entries(r.fieldPermissions ?? {})) {
    (fields ?? []).forEach((f, i) => !has(f) && err(`/fieldPermissions/${perm}/${i}`, `field "${f}" is not in fields`));
  }
  const filterNames = new Set<string>();
  const paramNames = new Set<string>();
  (r.filters ?? []).forEach((flt, i) => {
    const p = `/filters/${i}`;
    const field = r.fields[flt.field];
    if (!field) return err(`${p}/field`, `field "${flt.field}" is not in fields`);
    const name = filterName(flt);
    if (filterNames.has(name)) err(p, `duplicate filter name "${name}"`);
    filterNames.add(name);
    const params = filterParams(flt);
    if (RANGE_OPS.has(flt.op) !== (params.length === 2)) err(`${p}/params`, RANGE_OPS.has(flt.op) ? 'a range takes two params (start, end)' : 'takes one param');
    for (const q of params) {
      if (paramNames.has(q) || q === 'pageNum' || q === 'pageSize' || q === 'sort' || q === 'order' || q === 'lastKey')
        err(`${p}/params`, `parameter "${q}" is already used`);
      paramNames.add(q);
    }
    if (flt.op === 'dateRange' && field.format !== 'date' && field.format !== 'date-time') err(`${p}/op`, `dateRange needs a date or date-time field, "${flt.field}" is not`);
    if (flt.op === 'numberRange' && field.type !== 'number' && field.type !== 'integer') err(`${p}/op`, `numberRange needs a numeric field, "${flt.field}" is not`);
    if (flt.op === 'self' && field.type !== 'integer') err(`${p}/op`, `self needs a user id (integer) field, "${flt.field}" is not`);
    if (flt.op === 'contains' && field.type !== 'string') err(`${p}/op`, `contains needs a text field, "${flt.field}" is not`);
    if (flt.index && flt.op !== 'contains') err(`${p}/index`, `only a contains filter has an index, this one is ${flt.op}`);
  });
  (r.sortable ?? []).forEach((f, i) => !has(f) && err(`/sortable/${i}`, `field "${f}" is not in fields`));
  (r.defaultSort ?? []).forEach((s, i) => {
    if (!has(s.field)) err(`/defaultSort/${i}/field`, `field "${s.field}" is not in fields`);
  });
  if (r.snapshot) {
    const snap = r.snapshot;
    if (!has(snap.period)) err('/snapshot/period', `field "${snap.period}" is not in fields`);
    else if (!(r.filters ?? []).some((f) => (f.name ?? f.field) === snap.period && f.op === 'equals')) err('/snapshot/period', `the period "${snap.period}" needs an equals filter`);
    if (!r.routes.some((route) => routeId(route) === snap.collect)) err('/snapshot/collect', `no route "${snap.collect}"`);
    if (snap.shop && !(r.filters ?? []).some((f) => filterParams(f).includes(snap.shop!))) err('/snapshot/shop', `no filter parameter "${snap.shop}"`);
  }
  const ids = new Set<string>();
  const signatures = new Set<string>();
  r.routes.forEach((route, i) => {
    const p = `/routes/${i}`;
    const id = routeId(route);
    if (ids.has(id)) err(route.id ? `${p}/id` : `${p}/path`, `duplicate route id "${id}" (give one of them an "id")`);
    ids.add(id);
    const sig = `${route.method} ${route.path.replace(/\{[^}]+\}/g, '{}')}`;
    if (signatures.has(sig)) err(`${p}/path`, `another route answers ${route.method} ${route.path}`);
    signatures.add(sig);
    const params = pathParams(route.path);
    const needsId: ActionKind[] = ['get', 'delete'];
    if (route.action === 'page' && params.includes('pageNum') !== params.includes('pageSize')) err(`${p}/path`, 'a page route takes {pageNum} and {pageSize} both in its path, or both in its input (a path with neither)');
    // A document action takes its permission from the action; every other route names one, or says it is open on purpose.
    if (!route.perm && !route.anyUser && route.action !== 'docAction' && route.action !== 'docBatchAction')
      err(`${p}/perm`, 'a route names the permission it needs ("perm"), or "anyUser": true when every logged-in user may call it');
    if (route.perm && route.anyUser) err(`${p}/anyUser`, 'a route with a "perm" is not open to any user');
    if (route.action !== 'page' && route.action !== 'custom' && (params.includes('pageNum') || params.includes('pageSize'))) err(`${p}/path`, 'only a page route takes {pageNum}/{pageSize}');
    if (route.action === 'custom' && !route.handler) err(`${p}/handler`, 'a custom route names the handler a domain registers ("handler")');
    if (route.action !== 'custom' && route.handler) err(`${p}/handler`, 'only a custom route names a handler');
    if (route.action !== 'custom' && route.answers) err(`${p}/answers`, 'only a custom route says what it answers');
    if (r.computed && route.action !== 'custom') err(`${p}/action`, `resource "${r.name}" is computed (no table): its routes are custom routes of its domain`);
    // The generic routes add a resource's rowScope to what they read, change or delete by id (a new row, an import
    // and a template read nothing); the document layer's routes would not.
    if (r.rowScope && !['page', 'list', 'pulldown', 'tree', 'export', 'custom', 'get', 'create', 'update', 'setField', 'batchSetField', 'delete', 'batchDelete', 'template', 'import'].includes(route.action))
      err(`${p}/action`, `resource "${r.name}" has a rowScope that a ${route.action} route does not apply: make it a custom route that checks the caller`);
    if (needsId.includes(route.action) && !idParamOf(route)) err(`${p}/path`, `a ${route.action} route needs an id parameter such as {${r.primaryKey}}`);
    const bound = route.pathFilters ?? {};
    const extra = params.filter((q) => q !== 'pageNum' && q !== 'pageSize' && q !== route.field && !Object.hasOwn(bound, q) && !(route.action === 'docPrint' && q === 'type'));
    // A document action may take more (audit/{id}/{auditUserId}): the function gets them like body fields.
    if (extra.length > 1 && route.action !== 'docAction' && route.action !== 'custom') err(`${p}/path`, `at most one id parameter, found ${extra.join(', ')}`);
    if (route.action === 'setField' || route.action === 'batchSetField') {
      if (!route.field) err(p, `a ${route.action} route names its "field"`);
      else if (!has(route.field)) err(`${p}/field`, `field "${route.field}" is not in fields`);
      else if (!route.values && !r.fields[route.field].enum && r.fields[route.field].type !== 'boolean' && !(r.fields[route.field].type === 'string' && r.fields[route.field].pattern))
        err(`${p}/values`, `a ${route.action} route lists the values it allows (or the field has an enum, or is text with a pattern)`);
    }
    if (route.action === 'batchSetField') {
      // The ids and the value travel in the body ({ids, <field>}), so the path carries neither.
      if (params.length) err(`${p}/path`, `a batchSetField route takes the ids and the value from the body; its path has no parameters, found {${params.join('}, {')}}`);
      if (route.method !== 'PUT' && route.method !== 'POST') err(`${p}/method`, 'a batchSetField route takes a body: PUT or POST');
    }
    (route.fields ?? []).forEach((f, j) => {
      if (!has(f)) err(`${p}/fields/${j}`, `field "${f}" is not in fields`);
      else if ((route.action === 'create' || route.action === 'update') && r.fields[f].readOnly) err(`${p}/fields/${j}`, `field "${f}" is read-only; a ${route.action} cannot write it`);
    });
    const filtering: ActionKind[] = ['page', 'list', 'pulldown', 'tree', 'export'];
    for (const [param, field] of Object.entries(bound)) {
      const q = `${p}/pathFilters/${param}`;
      if (!filtering.includes(route.action)) err(q, `a ${route.action} route takes no path filters (only ${filtering.join(', ')})`);
      if (!params.includes(param)) err(q, `the path has no {${param}}`);
      if (!has(field)) err(q, `field "${field}" is not in fields`);
    }
    for (const [field, value] of Object.entries(route.where ?? {})) {
      const q = `${p}/where/${field}`;
      const f = r.fields[field];
      if (!filtering.includes(route.action)) err(q, `a ${route.action} route takes no fixed conditions (only ${filtering.join(', ')})`);
      if (!f) err(q, `field "${field}" is not in fields`);
      else if (f.enum ? !f.enum.includes(value as string | number) : typeof value !== (f.type === 'integer' ? 'number' : f.type)) err(q, `${JSON.stringify(value)} is no value of field "${field}"`);
    }
    for (const k of ['valueField', 'labelField', 'parentField', 'groupBy'] as const) {
      const f = route[k];
      if (f && !has(f)) err(`${p}/${k}`, `field "${f}" is not in fields`);
    }
    if (route.action === 'pulldown' && !route.labelField) err(p, 'a pulldown route names its "labelField"');
    if (route.action === 'tree' && !route.parentField && !route.groupBy) err(p, 'a tree route names "parentField" or "groupBy"');
  });
  void file;
}

/**
 * The list sends the selected ids as {ids, ...body}: only batchDelete and batchSetField routes of the list's own
 * resource take that (setField, export and the rest take one row or a filter). A batchSetField action's body
 * sets the route's field to one of its allowed values and nothing else.
 */
function checkBulkAction(a: ActionDecl, r: ResourceDescriptor, set: DescriptorSet, s: ScreenDescriptor, p: string, err: (pointer: string, message: string) => void): void {
  if (a.kind !== 'call' && a.kind !== 'download') return err(`${p}/kind`, `a bulk action is a "call" of a batchDelete or batchSetField route, not "${a.kind}"`);
  const hit = a.endpoint ? resolveEndpoint(set, s, a.endpoint) : null;
  if (!hit) return;
  const { route } = hit;
  // A domain's own route says in its schema what it takes; a download sends the ids like a call.
  if (route.action === 'custom') return;
  if (a.kind === 'download') return err(`${p}/endpoint`, `a bulk download needs a custom route that answers a file for {ids}, "${a.endpoint}" is a ${route.action}`);
  if (route.action === 'setField') {
    const batch = r.routes.find((b) => b.action === 'batchSetField' && b.field === route.field);
    return err(
      `${p}/endpoint`,
      batch
        ? `a bulk action sends the selected ids: call the batchSetField route "${routeId(batch)}" instead of the setField "${a.endpoint}"`
        : `a bulk action needs a batchDelete or batchSetField route (it sends the selected ids), "${a.endpoint}" is a setField and resource "${r.name}" has no batchSetField route for "${route.field}"`,
    );
  }
  if (route.action !== 'batchDelete' && route.action !== 'batchSetField' && route.action !== 'docBatchDelete' && route.action !== 'docBatchAction')
    return err(`${p}/endpoint`, `a bulk action needs a batchDelete, batchSetField, docBatchDelete or docBatchAction route (it sends the selected ids), "${a.endpoint}" is a ${route.action}`);
  if (hit.resource !== r) return err(`${p}/endpoint`, `a bulk action calls a route of the list's resource "${r.name}" (it sends that list's ids), not of "${hit.resource.name}"`);
  if (route.action !== 'batchSetField' || !route.field || !r.fields[route.field]) return;
  const field = route.field;
  const allowed = route.values ?? r.fields[field].enum ?? [true, false];
  const body = a.body ?? {};
  if (!Object.hasOwn(body, field)) return err(`${p}/body`, `the batchSetField route "${a.endpoint}" writes "${field}": the body names its value`);
  if (!allowed.some((v) => v === body[field])) err(`${p}/body/${field}`, `${JSON.stringify(body[field])} is not a value route "${a.endpoint}" allows (${allowed.map((v) => JSON.stringify(v)).join(', ')})`);
  for (const k of Object.keys(body)) if (k !== field) err(`${p}/body/${k}`, `the batchSetField route "${a.endpoint}" takes only ids and "${field}"`);
}

function checkScreen(s: ScreenDescriptor, set: DescriptorSet, ctx: CheckContext, err: (pointer: string, message: string) => void): void {
  const r = set.resources.get(s.resource);
  const key = (pointer: string, k: string | undefined) => {
    if (!k) return;
    for (const [lang, keys] of Object.entries(ctx.i18n)) if (!keys.has(k)) err(pointer, `i18n key "${k}" is missing in ${lang}`);
  };
  const registered = (pointer: string, k: string | undefined, list: readonly string[] | undefined, what: string) => {
    if (k && list && !list.includes(k)) err(pointer, `${what} "${k}" is not registered in core/descriptors/widgetKeys.ts`);
  };
  key('/title', s.title);
  if (!r) {
    err('/resource', `no resource named "${s.resource}"`);
    return;
  }
  const has = (f: string) => Object.hasOwn(r.fields, f);
  const endpoint = (pointer: string, ref: string | undefined, kinds: ActionKind[]) => {
    if (!ref) return;
    const hit = resolveEndpoint(set, s, ref);
    if (!hit) return err(pointer, `no route "${ref}" in resource "${ref.includes('#') ? ref.split('#')[0] : s.resource}"`);
    if (kinds.length && !kinds.includes(hit.route.action)) err(pointer, `route "${ref}" is a ${hit.route.action}, expected ${kinds.join(' or ')}`);
  };
  // A computed report's list is a custom route answering a page ({records, total}).
  const pageRoute = (pointer: string, ref: string | undefined) => {
    const hit = ref ? resolveEndpoint(set, s, ref) : null;
    if (hit?.route.action === 'custom' && hit.route.answers === 'page') return;
    endpoint(pointer, ref, ['page']);
  };
  pageRoute('/endpoint', s.endpoint);
  // The server grants a screen by the menu node of its route: without one nobody could ever open it.
  if (ctx.menuPaths && !ctx.menuPaths.has(s.route)) err('/route', `no menu node has the path ${s.route} (add its page node to a menus/*.json)`);
  if (s.rowKey && !has(s.rowKey)) err('/rowKey', `field "${s.rowKey}" is not in resource "${r.name}"`);
  const sortable = new Set(r.sortable ?? []);
  const targets = linkTargets(set, ctx.menuPaths);
  const seen = new Set<string>();
  s.columns.forEach((c, i) => {
    const p = `/columns/${i}`;
    if (!has(c.field)) err(`${p}/field`, `field "${c.field}" is not in resource "${r.name}"`);
    else if (r.fields[c.field]['x-detailOnly']) err(`${p}/field`, `field "${c.field}" is detail-only; lists do not answer it`);
    if (seen.has(c.field)) err(`${p}/field`, `column "${c.field}" appears twice`);
    seen.add(c.field);
    if (c.sortable && !sortable.has(c.field)) err(`${p}/sortable`, `resource "${r.name}" does not allow sorting by "${c.field}"`);
    key(`${p}/label`, c.label);
    key(`${p}/parent`, c.parent);
    registered(`${p}/format`, c.format, ctx.formatters ?? FORMATTERS, 'formatter');
    registered(`${p}/styler`, c.styler, ctx.stylers ?? STYLERS, 'styler');
    if (c.format === 'dictionary' && !c.dictionary && !r.fields[c.field]?.['x-dictionary']) err(`${p}/dictionary`, 'the dictionary formatter needs a dictionary code');
    for (const [q, f] of Object.entries(c.link?.query ?? {})) if (!has(f)) err(`${p}/link/query/${q}`, `field "${f}" is not in resource "${r.name}"`);
    if (c.link && !targets.has(c.link.to)) err(`${p}/link/to`, `no screen, page form or menu shows ${c.link.to}`);
  });
  const filters = new Map((r.filters ?? []).map((f) => [filterName(f), f]));
  (s.filters ?? []).forEach((f, i) => {
    const p = `/filters/${i}`;
    const decl = filters.get(f.filter);
    if (!decl) err(`${p}/filter`, `resource "${r.name}" declares no filter "${f.filter}"`);
    key(`${p}/label`, f.label);
    key(`${p}/placeholder`, f.placeholder);
    registered(`${p}/widget`, f.widget, ctx.filterWidgets ?? FILTER_WIDGETS, 'filter widget');
    (f.options ?? []).forEach((o, j) => key(`${p}/options/${j}/label`, o.label));
    if (decl && (decl.op === 'dateRange' || decl.op === 'numberRange') !== (f.widget === 'dateRange' || f.widget === 'numberRange'))
      err(`${p}/widget`, `filter "${f.filter}" is a ${decl.op}; widget "${f.widget}" does not fit it`);
    if (f.timeLimitSubject && decl?.op !== 'dateRange') err(`${p}/timeLimitSubject`, 'a search time limit applies to a date range only');
    if (f.widget === 'refSelect' && !f.source) err(`${p}/source`, 'a refSelect filter names the rows it offers ("source")');
    if (f.source) {
      if (f.widget !== 'refSelect') err(`${p}/source`, 'only a refSelect filter has a source');
      else checkRefSelect(f.source, decl ? r.fields[decl.field] : undefined, set, s, `${p}/source`, err);
    }
  });
  (s.panels ?? []).forEach((panel, i) => registered(`/panels/${i}`, panel, PANELS, 'panel'));
  for (const [perm, fields] of Object.entries(s.fieldPermissions ?? {})) {
    (fields ?? []).forEach((f, i) => !has(f) && err(`/fieldPermissions/${perm}/${i}`, `field "${f}" is not in resource "${r.name}"`));
  }
  const forms = s.forms ?? {};
  for (const group of ['toolbar', 'rowActions', 'bulkActions'] as const) {
    const ids = new Set<string>();
    (s[group] ?? []).forEach((a, i) => {
      const p = `/${group}/${i}`;
      if (ids.has(a.id)) err(`${p}/id`, `duplicate action id "${a.id}"`);
      ids.add(a.id);
      key(`${p}/label`, a.label);
      key(`${p}/confirm`, a.confirm);
      const fileRoute = a.kind === 'export' && a.endpoint && resolveEndpoint(set, s, a.endpoint)?.route.answers === 'file';
      if (!fileRoute) endpoint(`${p}/endpoint`, a.endpoint, a.kind === 'export' ? ['export'] : a.kind === 'import' ? ['import'] : []);
      endpoint(`${p}/template`, a.template, ['template']);
      if (a.form && !forms[a.form]) err(`${p}/form`, `no form "${a.form}" in this screen`);
      (a.visibleWhen ?? []).forEach((c, j) => !has(c.field) && err(`${p}/visibleWhen/${j}/field`, `field "${c.field}" is not in resource "${r.name}"`));
      for (const [q, f] of Object.entries(a.query ?? {})) if (!has(f)) err(`${p}/query/${q}`, `field "${f}" is not in resource "${r.name}"`);
      if (a.kind === 'link' && a.to && !targets.has(a.to)) err(`${p}/to`, `no screen, page form or menu shows ${a.to}`);
      const opens = a.form ? forms[a.form] : undefined;
      if (opens && isPageForm(opens) && a.endpoint && a.endpoint !== opens.submit)
        err(`${p}/endpoint`, `form "${a.form}" opens as a page and submits to its own "submit"${opens.submit ? ` ("${opens.submit}")` : ' (none)'}, not "${a.endpoint}"`);
      if (group === 'bulkActions') checkBulkAction(a, r, set, s, p, err);
    });
  }
  for (const [name, form] of Object.entries(forms)) {
    const p = `/forms/${name}`;
    key(`${p}/title`, form.title);
    const own = form.fieldDefs ?? {};
    form.fields.forEach((f, i) => !has(f) && !Object.hasOwn(own, f) && err(`${p}/fields/${i}`, `field "${f}" is not in resource "${r.name}" nor declared in the form's fieldDefs`));
    for (const [f, def] of Object.entries(own)) {
      const d = def as FieldSchema;
      if (!form.fields.includes(f)) err(`${p}/fieldDefs/${f}`, `field "${f}" is declared but not on the form's fields`);
      if (d.type === 'string' && !d.maxLength && !d.enum && !d.format) err(`${p}/fieldDefs/${f}`, 'a string field needs maxLength (spec 000 §9 limits)');
      if (d.pattern) {
        try { new RegExp(d.pattern, 'u'); } catch { err(`${p}/fieldDefs/${f}/pattern`, 'not a regular expression'); }
      }
    }
    (form.required ?? []).forEach((f, i) => !form.fields.includes(f) && err(`${p}/required/${i}`, `field "${f}" is not on this form`));
    key(`${p}/intro`, form.intro);
    key(`${p}/done`, form.done);
    endpoint(`${p}/load`, form.load, ['get', 'custom']);
    endpoint(`${p}/submit`, form.submit, ['create', 'update', 'custom']);
    if (isPageForm(form) && !form.route) err(`${p}/route`, 'a page form names the menu path it opens at ("route")');
    if (form.route && !isPageForm(form)) err(`${p}/route`, 'only a page form ("mode": "page" or "document") has a route');
    if (form.mode === 'document') checkDocumentForm(form, r, set, p, err);
    else if (form.lines || form.summary || form.statusColors || form.showWhen) err(`${p}/mode`, 'lines, summary, statusColors and showWhen belong to a document form ("mode": "document")');
    if (form.route && form.route === s.route) err(`${p}/route`, `${form.route} is the list's own route`);
    (form.sections ?? []).forEach((sec, i) => {
      key(`${p}/sections/${i}/title`, sec.title);
      sec.fields.forEach((f, j) => !form.fields.includes(f) && err(`${p}/sections/${i}/fields/${j}`, `field "${f}" is not on this form`));
    });
    (form.related ?? []).forEach((rel, i) => {
      const q = `${p}/related/${i}`;
      key(`${q}/title`, rel.title);
      // The record's own list (rows): its columns are the answer's, each with its label.
      if (rel.rows) {
        if (rel.source || rel.params) err(`${q}/rows`, 'a related list takes its rows from the record (rows) or from a route (source, params), not both');
        if (!form.load) err(`${q}/rows`, 'rows come from the loaded record: the form needs a load route');
        rel.columns.forEach((c, j) => {
          if (!c.label) err(`${q}/columns/${j}/label`, 'a column of the record\'s own list names its label');
          key(`${q}/columns/${j}/label`, c.label);
        });
        return;
      }
      if (!rel.source || !rel.params) return err(`${q}/source`, 'a related list names its route (source, params) or the record\'s list (rows)');
      endpoint(`${q}/source`, rel.source, ['page', 'list']);
      const hit = resolveEndpoint(set, s, rel.source);
      for (const [param, f] of Object.entries(rel.params)) {
        if (!has(f)) err(`${q}/params/${param}`, `field "${f}" is not in resource "${r.name}"`);
        const named = hit && (hit.route.path.includes(`{${param}}`) || (hit.resource.filters ?? []).some((d) => filterName(d) === param));
        if (hit && !named) err(`${q}/params/${param}`, `route "${rel.source}" has no path parameter or filter "${param}"`);
      }
      rel.columns.forEach((c, j) => {
        key(`${q}/columns/${j}/label`, c.label);
        if (hit && !Object.hasOwn(hit.resource.fields, c.field)) err(`${q}/columns/${j}/field`, `field "${c.field}" is not in resource "${hit.resource.name}"`);
      });
    });
    if (form.route && ctx.menuPaths && !ctx.menuPaths.has(form.route)) err(`${p}/route`, `no menu node has the path ${form.route} (add a hidden one, so the page can be granted)`);
    for (const [f, ui] of Object.entries(form.uiSchema ?? {})) {
      if (f.startsWith('ui:')) continue;
      if (!form.fields.includes(f)) err(`${p}/uiSchema/${f}`, `field "${f}" is not on this form`);
      const fieldUi = ui as Record<string, unknown> | null;
      for (const k of UI_TEXT_KEYS) {
        const text = fieldUi?.[k];
        if (text !== undefined) typeof text === 'string' ? key(`${p}/uiSchema/${f}/${k}`, text) : err(`${p}/uiSchema/${f}/${k}`, `${k} names an i18n key`);
      }
      const widget = fieldUi?.['ui:widget'];
      if (typeof widget === 'string') registered(`${p}/uiSchema/${f}/ui:widget`, widget, ctx.formWidgets ?? FORM_WIDGETS, 'form widget');
      if (widget === 'refSelect' || widget === 'refMultiSelect')
        checkRefSelect((fieldUi?.['ui:options'] ?? {}) as Partial<RefSelectOptions>, formField(r, form, f), set, s, `${p}/uiSchema/${f}/ui:options`, err, widget === 'refMultiSelect');
    }
  }
  if (s.export) {
    key('/export/fileName', s.export.fileName);
    if (!(s.export.server && resolveEndpoint(set, s, s.export.server)?.route.answers === 'file')) endpoint('/export/server', s.export.server, ['export']);
    if (s.export.browser && r.computed) err('/export/browser', `resource "${r.name}" is computed: the browser export pages by keys a report does not answer (use its server export)`);
  }
  if (s.import) {
    endpoint('/import/endpoint', s.import.endpoint, ['import']);
    endpoint('/import/template', s.import.template, ['template']);
  }
  if (s.defaultSort && !sortable.has(s.defaultSort.field)) err('/defaultSort/field', `resource "${r.name}" does not allow sorting by "${s.defaultSort.field}"`);
  for (const [key, filter] of Object.entries(s.queryFilters ?? {}))
    if (!(r.filters ?? []).some((f) => (f.name ?? f.field) === filter)) err(`/queryFilters/${key}`, `resource "${r.name}" has no filter "${filter}"`);
  checkReport(s, r, set, {
    key,
    formatter: (pointer, k) => registered(pointer, k, ctx.formatters ?? FORMATTERS, 'formatter'),
    // A tab is checked as the list it renders as; what it shares with the report (title, route, filters) was checked above.
    screen: (tab, prefix) => checkScreen(tab, set, ctx, (pointer, message) => {
      if (/^\/(title|route|filters|rowKey)(\/|$)/.test(pointer) || pointer.startsWith('/report/period')) return;
      err(`${prefix}${pointer.replace(/^\/report\//, '/')}`, message);
    }),
  }, err);
}

/** Cross-checks a loaded descriptor set; every error names the file and the JSON pointer. */
export function checkDescriptors(set: DescriptorSet, ctx: CheckContext): DescriptorError[] {
  const errors: DescriptorError[] = [];
  const urls = new Map<string, string>();
  for (const r of set.resources.values()) {
    const file = set.files.get(r) ?? r.name;
    checkResource(r, file, (pointer, message) => errors.push({ file, pointer, message }));
    checkDocument(r, set, (pointer, message) => errors.push({ file, pointer, message }));
    r.routes.forEach((route, i) => {
      const url = `${route.method} /api/${r.service}/${r.basePath}/${route.path.replace(/\{[^}]+\}/g, '{}')}`;
      const other = urls.get(url);
      if (other) errors.push({ file, pointer: `/routes/${i}/path`, message: `${route.method} ${route.path} is also answered by ${other}` });
      urls.set(url, `${file}#/routes/${i}`);
    });
  }
  const routes = new Map<string, string>();
  for (const s of set.screens.values()) {
    const file = set.files.get(s) ?? s.name;
    if (routes.has(s.route)) errors.push({ file, pointer: '/route', message: `route ${s.route} is also shown by ${routes.get(s.route)}` });
    routes.set(s.route, file);
    for (const [name, form] of Object.entries(s.forms ?? {})) {
      if (!form.route) continue;
      if (routes.has(form.route)) errors.push({ file, pointer: `/forms/${name}/route`, message: `route ${form.route} is also shown by ${routes.get(form.route)}` });
      routes.set(form.route, `${file}#/forms/${name}`);
    }
    checkScreen(s, set, ctx, (pointer, message) => errors.push({ file, pointer, message }));
  }
  return errors;
}
