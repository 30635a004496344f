import { columnOf } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor } from '../../core/descriptors/types.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { quoteIdent, sqlType } from './query.ts';

/**
 * Rows that form a tree by a parent field (regions): the field a tree route of the resource names.
 * Root rows have parent 0 or none.
 */
export const parentFieldOf = (r: ResourceDescriptor): string | undefined => r.routes.find((route) => route.action === 'tree' && route.parentField)?.parentField;

/** Levels followed up from a parent; deeper than any real region tree, and stops on a cycle already stored. */
const MAX_DEPTH = 100;

/**
 * A parent must be a row of the caller's tenant (row-level security hides the others) and, on an edit,
 * neither the row itself nor one of its descendants: either would take a branch out of the tree.
 */
export async function checkParent(tx: Queryable, r: ResourceDescriptor, parent: unknown, self?: unknown): Promise<void> {
  const field = parentFieldOf(r);
  if (!field || parent === undefined || parent === null || parent === 0 || parent === '0') return;
  const t = quoteIdent(r.table);
  const pk = quoteIdent(columnOf(r, r.primaryKey));
  const up = quoteIdent(columnOf(r, field));
  const type = sqlType(r.fields[r.primaryKey]);
  const title = r.fields[field].title;
  const exists = await tx.query(`SELECT 1 FROM ${t} WHERE ${pk} = $1::${type}`, [parent]);
  if (!exists.rows.length) throw new ApiError('BAD_REQUEST', `${title}不存在`);
  if (self === undefined) return;
  const loop = await tx.query(
    `WITH RECURSIVE chain(id, parent, depth) AS (
       SELECT ${pk}, ${up}, 1 FROM ${t} WHERE ${pk} = $1::${type}
       UNION ALL SELECT x.${pk}, x.${up}, c.depth + 1 FROM ${t} x JOIN chain c ON x.${pk} = c.parent WHERE c.depth < ${MAX_DEPTH})
     SELECT 1 FROM chain WHERE id = $2::${type} LIMIT 1`,
    [parent, self],
  );
  if (loop.rows.length) throw new ApiError('BAD_REQUEST', `${title}不能是本${r.title}或它的下级`);
}

/** A row that still has children cannot be deleted: they would be left hanging from nothing. */
export async function refuseDeletingParents(tx: Queryable, r: ResourceDescriptor, ids: unknown[]): Promise<void> {
  const field = parentFieldOf(r);
  if (!field) return;
  const type = sqlType(r.fields[r.primaryKey]);
  const children = await tx.query(
    `SELECT 1 FROM ${quoteIdent(r.table)} WHERE ${quoteIdent(columnOf(r, field))} = ANY($1::${type}[]) AND NOT ${quoteIdent(columnOf(r, r.primaryKey))} = ANY($1::${type}[]) LIMIT 1`,
    [ids],
  );
  if (children.rows.length) throw new ApiError('CONFLICT', `该${r.title}下还有下级${r.title}，请先删除或移走下级`);
}
