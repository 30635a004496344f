import { columnOf } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { quoteIdent } from './query.ts';

/**
 * Lookups of a record's lines by its id in the path (wh-purchase/det/{purchaseId}, getByShop/{shopId}): an id
 * no record has is a 404 naming the record, as its detail route answers, not an empty list that reads as "no
 * lines". The record a path filter points at is the header of a document whose lines the resource holds (its
 * `lines.foreignKey`), or the resource a field names in `x-ref`. One check for every such route, list, page or export.
 */

/** The record a path parameter names: its table, key column and Chinese title. */
export interface PathParent {
  param: string;
  table: string;
  key: string;
  title: string;
}

/** The resource a field of `r` points at: a document's header for its lines' foreign key, else the field's x-ref. */
function parentOf(r: ResourceDescriptor, field: string, resources: ReadonlyMap<string, ResourceDescriptor>): ResourceDescriptor | undefined {
  for (const h of resources.values()) {
    const lines = h.document?.lines;
    if (lines?.resource === r.name && lines.foreignKey === field) return h;
  }
  const ref = r.fields[field]?.['x-ref'];
  if (!ref) return undefined;
  const target = resources.get(ref);
  if (!target) throw new Error(`${r.name}.${field}: x-ref names resource "${ref}", which is not loaded`);
  return target;
}

/** The parents a route's path filters name (worked out once, when the route is mounted). */
export function pathParents(r: ResourceDescriptor, route: RouteDecl, resources: ReadonlyMap<string, ResourceDescriptor>): PathParent[] {
  const out: PathParent[] = [];
  for (const [param, field] of Object.entries(route.pathFilters ?? {})) {
    const p = parentOf(r, field, resources);
    if (p) out.push({ param, table: p.table, key: columnOf(p, p.primaryKey), title: p.title });
  }
  return out;
}

/** 404 `<record>不存在` unless a row of the table has that key (in the caller's tenant: row-level security). */
export async function refuseMissing(tx: Queryable, parent: Omit<PathParent, 'param'>, id: unknown): Promise<void> {
  const found = await tx.query(`SELECT 1 FROM ${quoteIdent(parent.table)} WHERE ${quoteIdent(parent.key)} = $1 LIMIT 1`, [id]);
  if (!found.rows.length) throw new ApiError('NOT_FOUND', `${parent.title}不存在`);
}

/** Every parent a route's path names exists, or a 404 naming the first that does not. */
export async function refuseMissingParents(tx: Queryable, parents: readonly PathParent[], pathValues: Record<string, unknown>): Promise<void> {
  for (const p of parents) await refuseMissing(tx, p, pathValues[p.param]);
}
