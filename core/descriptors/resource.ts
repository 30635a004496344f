import type { DescriptorSet, FieldPermission, FilterDecl, ResourceDescriptor, RouteDecl, ScreenDescriptor } from './types.ts';

/** shopName -> shop_name */
export const snakeCase = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const columnOf = (r: ResourceDescriptor, field: string) => r.fields[field]?.['x-column'] ?? snakeCase(field);

/** A route's id: its own, else the literal segments of its path (info/{shopId} -> info, edit/status/{id}/{s} -> edit/status), else its action. */
export const routeId = (route: RouteDecl) =>
  route.id ??
  (route.path
    .split('/')
    .filter((seg) => seg && !seg.startsWith('{'))
    .join('/') ||
    route.action);

/** {param} names of a route path, in order. */
export const pathParams = (path: string) => [...path.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((m) => m[1]);

export const PAGE_PARAMS = ['pageNum', 'pageSize'] as const;

/** The path param that carries a row id (anything but paging, the setField value and path filters). */
export function idParamOf(route: RouteDecl): string | undefined {
  return pathParams(route.path).find((p) => p !== 'pageNum' && p !== 'pageSize' && p !== route.field && !Object.hasOwn(route.pathFilters ?? {}, p));
}

export const filterName = (f: FilterDecl) => f.name ?? f.field;

/** Request parameters a filter reads: one for equals/in/contains, two (start, end) for ranges. */
export function filterParams(f: FilterDecl): string[] {
  if (f.params) return f.params;
  const n = filterName(f);
  return f.op === 'dateRange' || f.op === 'numberRange' ? [`${n}Start`, `${n}End`] : [n];
}

/** Fields each listed permission hides when the caller lacks it. */
export function guardedFields(r: ResourceDescriptor, extra?: ScreenDescriptor['fieldPermissions']): Map<string, FieldPermission> {
  const out = new Map<string, FieldPermission>();
  for (const src of [r.fieldPermissions, extra]) {
    for (const [perm, fields] of Object.entries(src ?? {})) for (const f of fields ?? []) out.set(f, perm as FieldPermission);
  }
  return out;
}

/** Fields a caller with `granted` field permissions may not see. */
export function hiddenFields(r: ResourceDescriptor, granted: Iterable<string>, extra?: ScreenDescriptor['fieldPermissions']): Set<string> {
  const have = new Set(granted);
  const hidden = new Set<string>();
  for (const [field, perm] of guardedFields(r, extra)) if (!have.has(perm)) hidden.add(field);
  return hidden;
}

/** Fields a list, page or export answers (detail-only ones left out). */
export const listFields = (r: ResourceDescriptor) => Object.keys(r.fields).filter((f) => !r.fields[f]['x-detailOnly']);

/** Fields a create or update body may carry: the route's own subset (`fields`) if it declares one. */
export const writableFields = (r: ResourceDescriptor, route?: RouteDecl) =>
  Object.keys(r.fields).filter((f) => !r.fields[f].readOnly && (!route?.fields || (route.action !== 'create' && route.action !== 'update') || route.fields.includes(f)));

/**
 * Resolves a screen's endpoint reference ("routeId" in its own resource or "resource#routeId").
 */
export function resolveEndpoint(set: DescriptorSet, screen: Pick<ScreenDescriptor, 'resource'>, ref: string): { resource: ResourceDescriptor; route: RouteDecl } | null {
  const [resName, id] = ref.includes('#') ? ref.split('#') : [screen.resource, ref];
  const resource = set.resources.get(resName);
  const route = resource?.routes.find((r) => routeId(r) === id);
  return resource && route ? { resource, route } : null;
}

/** The URL a route answers, e.g. /api/wxy-shop-server/shop-base/page/{pageNum}/{pageSize}. */
export const routeUrl = (r: ResourceDescriptor, route: RouteDecl) => `/api/${r.service}/${r.basePath}${route.path ? `/${route.path}` : ''}`;
