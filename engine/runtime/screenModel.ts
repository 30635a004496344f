import type { FieldOption } from '../columns/columnConfig';
import type { EndpointRef } from '../api/paths';
import {
  type ActionDecl, type ColumnDecl, type DescriptorSet, type FilterDecl, type FilterFieldDecl, type FormDecl, type ResourceDescriptor, type RouteDecl, type RowCondition,
  type ScreenDescriptor, filterName, filterParams, hiddenFields, idParamOf, pathParams, resolveEndpoint, routeUrl, writableFields,
} from '../../core/descriptors/index.ts';
import { isPageForm } from '../../core/descriptors/documents.ts';

type Translate = (key: string) => string;
export type RowData = Record<string, unknown>;

/** A route the browser can call: where, how, and what the resource declares about it. */
export interface ResolvedRoute extends EndpointRef {
  route: RouteDecl;
  resource: ResourceDescriptor;
}

/** The API client's base URL is /api already. */
export function endpointRefOf(resource: ResourceDescriptor, route: RouteDecl): ResolvedRoute {
  return { method: route.method, path: routeUrl(resource, route).replace(/^\/api/, ''), route, resource };
}

export function resolveRoute(set: DescriptorSet, screen: ScreenDescriptor, ref: string | undefined): ResolvedRoute | null {
  if (!ref) return null;
  const found = resolveEndpoint(set, screen, ref);
  return found ? endpointRefOf(found.resource, found.route) : null;
}

/** The columns this user may see: field permissions the user lacks remove their columns entirely. */
export function visibleColumns(set: DescriptorSet, screen: ScreenDescriptor, granted: readonly string[]): ColumnDecl[] {
  const resource = set.resources.get(screen.resource);
  if (!resource) return [];
  const hidden = hiddenFields(resource, granted, screen.fieldPermissions);
  return screen.columns.filter((c) => !hidden.has(c.field));
}

/** The columns the 设置显示字段 drawer offers, with translated labels and parent titles. */
export function fieldOptions(columns: readonly ColumnDecl[], t: Translate): FieldOption[] {
  return columns.map((c) => ({ prop: c.field, label: t(c.label), width: c.width, sortable: c.sortable === true, parent: c.parent ? t(c.parent) : undefined }));
}

/** Columns shown when the user saved nothing: all but the ones the descriptor hides until picked. */
export function defaultColumnProps(columns: readonly ColumnDecl[]): string[] {
  return columns.filter((c) => !c.hidden).map((c) => c.field);
}

export function filterDeclOf(resource: ResourceDescriptor, field: FilterFieldDecl): FilterDecl | undefined {
  return (resource.filters ?? []).find((f) => filterName(f) === field.filter);
}

/** Whether a filter is a range (two inputs: start and end). */
export function isRangeFilter(resource: ResourceDescriptor, field: FilterFieldDecl): boolean {
  const op = filterDeclOf(resource, field)?.op;
  return op === 'dateRange' || op === 'numberRange';
}

/**
 * The request parameters of the filter form's values (keyed by filter name): one parameter for
 * equals/in/contains, start and end parameters for ranges, as the resource declares them.
 */
export function filterRequest(resource: ResourceDescriptor, fields: readonly FilterFieldDecl[], values: Readonly<Record<string, unknown>>): RowData {
  const body: RowData = {};
  for (const field of fields) {
    const decl = filterDeclOf(resource, field);
    const value = values[field.filter];
    if (!decl || value === undefined || value === null || value === '') continue;
    const params = filterParams(decl);
    if (params.length === 2) {
      const [start, end] = Array.isArray(value) ? value : [null, null];
      if (start !== null && start !== undefined && start !== '') body[params[0]] = start;
      if (end !== null && end !== undefined && end !== '') body[params[1]] = end;
    } else if (Array.isArray(value)) {
      if (value.length > 0) body[params[0]] = value;
    } else {
      body[params[0]] = value;
    }
  }
  return body;
}

export function defaultFilterValues(fields: readonly FilterFieldDecl[]): RowData {
  const values: RowData = {};
  for (const field of fields) if (field.defaultValue !== undefined) values[field.filter] = field.defaultValue;
  return values;
}

/** visibleWhen: every condition holds on the row (row actions shown by row state). */
export function rowMatches(conditions: readonly RowCondition[] | undefined, row: RowData): boolean {
  return (conditions ?? []).every((c) => {
    const value = row[c.field];
    // Rows answer numbers, descriptors may say "1": compare as text.
    const same = (expected: unknown) => String(value ?? '') === String(expected ?? '');
    if (c.equals !== undefined && !same(c.equals)) return false;
    if (c.in && !c.in.some(same)) return false;
    if (c.notIn && c.notIn.some(same)) return false;
    return true;
  });
}

/**
 * Path parameters of a row call: the id parameter from the row's key, the setField value from the
 * action's body, any other parameter from the row field of that name.
 */
export function rowCallParams(route: RouteDecl, action: Pick<ActionDecl, 'body'>, row: RowData, rowKey: string): RowData {
  const params: RowData = {};
  const idParam = idParamOf(route);
  for (const name of pathParams(route.path)) {
    if (name === idParam) params[name] = row[name] ?? row[rowKey];
    else if (action.body && name in action.body) params[name] = action.body[name];
    else params[name] = row[name];
  }
  return params;
}

/** Body of a row call: the action's fixed fields plus the row's key (none for DELETE). */
export function rowCallBody(route: RouteDecl, action: Pick<ActionDecl, 'body'>, row: RowData, resource: ResourceDescriptor): RowData | undefined {
  if (route.method === 'DELETE' || route.method === 'GET') return undefined;
  return { ...(action.body ?? {}), [resource.primaryKey]: row[resource.primaryKey] };
}

/**
 * The request of a call or download action: a row's key where its route takes it, the selected ids of a bulk
 * action, or the body alone of a toolbar action that takes no selection (`"selection": false`).
 */
export function actionRequest(route: RouteDecl, action: Pick<ActionDecl, 'body' | 'selection'>, row: RowData | null, ids: readonly string[], resource: ResourceDescriptor, rowKey: string): { params: RowData; body: RowData | undefined } {
  if (row) return { params: rowCallParams(route, action, row, rowKey), body: rowCallBody(route, action, row, resource) };
  return { params: {}, body: action.selection === false ? { ...(action.body ?? {}) } : bulkCallBody(action, ids) };
}

/** Body of a bulk call: `{ids}` plus the action's fixed fields. */
export function bulkCallBody(action: Pick<ActionDecl, 'body'>, ids: readonly string[]): RowData {
  return { ...(action.body ?? {}), ids: ids.map((id) => (/^\d+$/.test(id) ? Number(id) : id)) };
}

/** The body a form submits: the fields its route writes only, plus the primary key of the row being edited. */
export function submitBody(resource: ResourceDescriptor, data: RowData, row: RowData | null, route?: RouteDecl, own: readonly string[] = []): RowData {
  // `own`: the form's declared fields (fieldDefs), sent whatever the resource says of a column of the same name.
  const writable = new Set([...writableFields(resource, route), ...own]);
  const body: RowData = {};
  for (const [key, value] of Object.entries(data)) if (writable.has(key) && value !== undefined) body[key] = value;
  if (row && row[resource.primaryKey] !== undefined) body[resource.primaryKey] = row[resource.primaryKey];
  return body;
}

// ---------------------------------------------------------------- page forms

/** The page form a screen shows at `path` (its `route`), or null: the path is the list's own. */
export function pageFormAt(screen: ScreenDescriptor, path: string): { name: string; form: FormDecl } | null {
  for (const [name, form] of Object.entries(screen.forms ?? {})) if (isPageForm(form) && form.route === path) return { name, form };
  return null;
}

/** Where a page form of a row opens: its route with the row key in the query (`/shopManage/shopBaseDetail?shopId=3`); no row: a create page. */
export function pageFormPath(route: string, rowKey: string, row: RowData | null): string {
  const id = row?.[rowKey];
  return id === undefined || id === null || id === '' ? route : `${route}?${new URLSearchParams({ [rowKey]: String(id) })}`;
}

/**
 * The row a page form's query names, typed like the key field (an integer key from "3" is 3); null when the query
 * has no usable key (a create page), undefined when it names one that cannot be a key ("abc" for an integer).
 */
export function pageFormRow(resource: ResourceDescriptor, rowKey: string, query: Readonly<Record<string, string>>): RowData | null | undefined {
  const raw = query[rowKey];
  if (raw === undefined || raw === '') return null;
  const type = resource.fields[rowKey]?.type;
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? { [rowKey]: Number(raw) } : undefined;
  return { [rowKey]: raw };
}

/** A form's widgets resolve route references ("pd-spu#findPage") against the screen's descriptor set. */
export function screenFormContext(set: DescriptorSet, screen: ScreenDescriptor): { resolveEndpoint: (ref: string) => EndpointRef | null } {
  return { resolveEndpoint: (ref) => resolveRoute(set, screen, ref) };
}

/** TanStack Query key of a screen's list pages: a mutation anywhere (dialog or page form) invalidates it. */
export const screenListKey = (screen: string) => ['engine', 'list', screen] as const;
