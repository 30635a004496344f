import { idParamOf, pathParams } from './resource.ts';
import type { DescriptorSet, ResourceDescriptor } from './types.ts';

/**
 * Cross-checks of a document header (`document` block) and of the routes that use it: fields exist with
 * the right types, the lines resource points back at the header, every document route names an action that
 * exists and carries the id parameter it needs. Errors name the JSON pointer, like the rest of check.ts.
 */
export function checkDocument(r: ResourceDescriptor, set: DescriptorSet, err: (pointer: string, message: string) => void): void {
  const d = r.document;
  const docRoutes = r.routes.map((route, i) => ({ route, i })).filter(({ route }) => route.action.startsWith('doc'));
  if (!d) {
    for (const { i, route } of docRoutes) err(`/routes/${i}/action`, `a ${route.action} route needs the resource's "document" block`);
    return;
  }
  const has = (f: string) => Object.hasOwn(r.fields, f);
  for (const k of ['numberField', 'statusField'] as const) {
    if (!has(d[k])) err(`/document/${k}`, `field "${d[k]}" is not in fields`);
    else if (!r.fields[d[k]].readOnly) err(`/document/${k}`, `field "${d[k]}" is set by the server: mark it readOnly`);
  }
  const status = r.fields[d.statusField];
  if (status && status.type !== 'integer') err('/document/statusField', `field "${d.statusField}" must be an integer`);
  const known = new Set(status?.enum?.map(Number) ?? []);
  const checkStatus = (p: string, v: number) => status?.enum && !known.has(v) && err(p, `status ${v} is not in the enum of "${d.statusField}"`);
  checkStatus('/document/initialStatus', d.initialStatus);
  d.editable.forEach((v, i) => checkStatus(`/document/editable/${i}`, v));
  // A header-only document (no `lines`) is fine: a petty-cash spend is one amount, not a list.
  const decl = d.lines;
  const lines = decl ? set.resources.get(decl.resource) : undefined;
  if (decl && !lines) err('/document/lines/resource', `no resource "${decl.resource}"`);
  else if (decl && lines) {
    for (const k of ['foreignKey', 'skuField', 'lineNoField'] as const) {
      const f = decl[k];
      if (f && !Object.hasOwn(lines.fields, f)) err(`/document/lines/${k}`, `field "${f}" is not in resource "${lines.name}"`);
    }
    (decl.uniqueBy ?? []).forEach((f, i) => !Object.hasOwn(lines.fields, f) && err(`/document/lines/uniqueBy/${i}`, `field "${f}" is not in resource "${lines.name}"`));
    if (has(decl.bodyField)) err('/document/lines/bodyField', `"${decl.bodyField}" is a header field; the lines need a name of their own`);
  }
  // Ledger, history and number rows are found by type (and prefix): two documents sharing one would read each other's.
  for (const other of set.resources.values()) {
    if (other === r) break; // the first of two reports nothing; the later one names the earlier
    if (other.document?.type === d.type) err('/document/type', `document type "${d.type}" is already resource "${other.name}"'s`);
    if (other.document?.prefix === d.prefix) err('/document/prefix', `number prefix "${d.prefix}" is already resource "${other.name}"'s`);
  }
  // The header totals are sums of the lines' quantity and amount: numbers on both sides.
  if (lines) {
    for (const [h, l] of [['totalQuantity', 'quantity'], ['totalAmount', 'amount']] as const) {
      const lf = lines.fields[l];
      if (lf && lf.type !== 'integer' && lf.type !== 'number') err('/document/lines/resource', `the lines' "${l}" of "${lines.name}" is ${lf.type}: a quantity or amount is a number or an integer`);
      const hf = r.fields[h];
      if (hf && hf.type !== 'integer' && hf.type !== 'number') err(`/fields/${h}`, `"${h}" is the sum of the lines' ${l}: it is a number, not ${hf.type}`);
    }
  }
  const ids = new Set<string>();
  d.actions.forEach((a, i) => {
    if (ids.has(a.id)) err(`/document/actions/${i}/id`, `duplicate action id "${a.id}"`);
    ids.add(a.id);
    a.from.forEach((v, j) => checkStatus(`/document/actions/${i}/from/${j}`, v));
    a.to.forEach((v, j) => checkStatus(`/document/actions/${i}/to/${j}`, v));
    (a.lineInput ?? []).forEach((f, j) => {
      if (!decl) err(`/document/actions/${i}/lineInput/${j}`, 'a document without lines takes no line input');
      else if (lines && !lines.fields[f]) err(`/document/actions/${i}/lineInput/${j}`, `field "${f}" is not in lines resource "${lines.name}"`);
    });
  });
  // Declared postings: a warehouse of the header, numeric quantities and costs of the lines, a 库存流水 label; a reversal
  // reverses an action that posts, from the statuses that action ends in (never from a draft: nothing was posted).
  const numeric = (f: { type?: string } | undefined) => f?.type === 'integer' || f?.type === 'number';
  d.actions.forEach((a, i) => {
    const p = `/document/actions/${i}`;
    if (a.posts) {
      if (!decl?.skuField) err(`${p}/posts`, 'a posting action needs lines with a skuField');
      if (!has(a.posts.warehouse)) err(`${p}/posts/warehouse`, `field "${a.posts.warehouse}" is not in fields`);
      else if (r.fields[a.posts.warehouse].type !== 'integer') err(`${p}/posts/warehouse`, `field "${a.posts.warehouse}" holds a warehouse id: it must be an integer`);
      const q = a.posts.quantity ?? 'quantity';
      if (lines && !Object.hasOwn(lines.fields, q)) err(`${p}/posts/quantity`, `field "${q}" is not in lines resource "${lines.name}"`);
      else if (lines && !numeric(lines.fields[q])) err(`${p}/posts/quantity`, `the quantity "${q}" of "${lines.name}" is ${lines.fields[q].type}: it must be a number or an integer`);
      const cost = a.posts.costField ?? 'unitCost';
      if (lines && a.posts.cost === 'line' && !Object.hasOwn(lines.fields, cost)) err(`${p}/posts/costField`, `field "${cost}" is not in lines resource "${lines.name}" (cost "line" takes each line's own cost)`);
      if (a.posts.cost === 'line' && a.posts.direction === 'out') err(`${p}/posts/cost`, 'goods leave at the moving-average cost: an "out" posting takes cost "average"');
      if (!d.stockLog) err('/document', `action "${a.id}" posts stock: name the document's 库存流水 label in "stockLog"`);
    }
    if (a.reverses) {
      const target = d.actions.find((x) => x.id === a.reverses);
      if (!target) err(`${p}/reverses`, `no document action "${a.reverses}" (one of ${[...ids].join(', ')})`);
      else if (!target.posts) err(`${p}/reverses`, `action "${a.reverses}" posts nothing to reverse`);
      else a.from.forEach((v, j) => {
        if (!target.to.includes(v)) err(`${p}/from/${j}`, `status ${v} is not one action "${a.reverses}" ends in: nothing is posted yet to reverse`);
      });
    }
  });
  if (d.waiting) {
    if (!ids.has(d.waiting.action)) err('/document/waiting/action', `no document action "${d.waiting.action}" (one of ${[...ids].join(', ')})`);
    for (const k of ['warehouseField', 'shopField'] as const) {
      const f = d.waiting[k];
      if (f && !has(f)) err(`/document/waiting/${k}`, `field "${f}" is not in fields`);
    }
  }
  for (const { route, i } of docRoutes) {
    const p = `/routes/${i}`;
    const single = route.action === 'docGet' || route.action === 'docDelete' || route.action === 'docAction' || route.action === 'docPrint';
    // Without {id} in the path the id comes as ?id= (GET, DELETE) or {"id": …} in the body.
    if (route.action === 'docPrint' && !idParamOf(route)) err(`${p}/path`, `a docPrint route needs an id parameter such as {${r.primaryKey}}`);
    if (!single && route.action !== 'docUpdate' && route.action !== 'docSkuOptions' && pathParams(route.path).length) err(`${p}/path`, `a ${route.action} route takes its input from the body; its path has no parameters`);
    if (route.action === 'docPrint' && (pathParams(route.path).length !== 2 || !pathParams(route.path).includes('type')))
      err(`${p}/path`, 'a docPrint route takes the document id and {type} (pdf or data): ticket/{id}/{type}');
    if (route.action === 'docSkuOptions' && (route.method !== 'GET' || !r.document!.lines?.skuField))
      err(`${p}/method`, 'a docSkuOptions route is a GET of a document whose lines name a skuField');
    if ((route.action === 'docAction' || route.action === 'docBatchAction') && !ids.has(route.docAction ?? ''))
      err(`${p}/docAction`, `no document action "${route.docAction ?? ''}" (one of ${[...ids].join(', ')})`);
    if (route.action !== 'docAction' && route.action !== 'docBatchAction' && route.docAction) err(`${p}/docAction`, `only docAction and docBatchAction routes name an action`);
    if ((route.action === 'docAction' || route.action === 'docBatchAction') && route.perm) err(`${p}/perm`, 'an action route takes its permission from the document action');
    if (route.action !== 'docAction' && route.action !== 'docBatchAction' && route.action !== 'docGet' && !route.perm) err(`${p}/perm`, `a ${route.action} route names its permission`);
    if ((route.action === 'docCreate' || route.action === 'docUpdate' || route.action === 'docMerge' || route.action === 'docAction' || route.action === 'docBatchAction' || route.action === 'docBatchDelete') && route.method !== 'POST' && route.method !== 'PUT')
      if (!(route.action === 'docBatchDelete' && route.method === 'DELETE')) err(`${p}/method`, `a ${route.action} route takes a body: POST or PUT`);
  }
}
