import { isDateText } from '../../core/descriptors/dates.ts';
import { columnOf, filterName, filterParams, listFields } from '../../core/descriptors/resource.ts';
import type { FieldSchema, FilterDecl, ResourceDescriptor, RouteDecl, SortKey } from '../../core/descriptors/types.ts';
import { ApiError } from '../errors.ts';
import { Params } from './params.ts';
import { rowScope } from './rowScopes.ts';


const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** The SQL type a field's values are cast to in comparisons. */
export function sqlType(f: FieldSchema): string {
  if (f.format === 'date') return 'date';
  if (f.format === 'date-time') return 'timestamptz';
  if (f.type === 'integer') return 'bigint';
  if (f.type === 'number') return 'numeric';
  if (f.type === 'boolean') return 'boolean';
  return 'text';
}

export const col = (r: ResourceDescriptor, field: string) => `t.${q(columnOf(r, field))}`;

/** A field as answered in JSON: dates as text, numerics as numbers. */
export function jsonExpr(r: ResourceDescriptor, field: string): string {
  const f = r.fields[field];
  const c = col(r, field);
  if (f.format === 'date') return `to_char(${c}, 'YYYY-MM-DD')`;
  if (f.format === 'date-time') return `to_char(${c}, 'YYYY-MM-DD HH24:MI:SS')`;
  // An integer field may sit on a numeric column (document quantities are numeric(14,3)): answer a number either way.
  if (f.type === 'number' || f.type === 'integer') return `${c}::float8`;
  return c;
}

export const selectList = (r: ResourceDescriptor, fields: string[]) => fields.map((f) => `${jsonExpr(r, f)} AS ${q(f)}`).join(', ');

/** The fields a caller sees in lists: list fields minus those its field permissions hide. */
export const visibleListFields = (r: ResourceDescriptor, hidden: Set<string>) => listFields(r).filter((f) => !hidden.has(f));

type Input = Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function coerce(f: FieldSchema, v: unknown, param: string): unknown {
  if (f.type === 'integer' || f.type === 'number') {
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (!Number.isFinite(n) || (f.type === 'integer' && !Number.isInteger(n))) throw new ApiError('BAD_REQUEST', `${f.title}(${param})格式不正确`);
    return n;
  }
  if (f.type === 'boolean') return v === true || v === 'true' || v === 1 || v === '1';
  const s = String(v);
  // A value its field could never hold finds nothing: say so (统计月份 2026-13) instead of answering an empty page.
  if (f.pattern && !new RegExp(f.pattern, 'u').test(s)) throw new ApiError('BAD_REQUEST', f['x-msg'] ?? `${f.title}(${param})格式不正确`);
  if (f.format === 'date' || f.format === 'date-time') {
    if (!isDateText('date', s) && !isDateText('date-time', s)) throw new ApiError('BAD_REQUEST', `${f.title}(${param})日期格式不正确`);
  }
  return s;
}

/**
 * WHERE conditions of the declared filters present in `input` (body for POST, query for GET).
 * Filtering on a field the caller may not see is refused: a range search would reveal it.
 */
export function filterWhere(r: ResourceDescriptor, input: Input, params: Params, hidden: Set<string>, userId?: number): string[] {
  const where: string[] = [];
  for (const flt of r.filters ?? []) {
    const names = filterParams(flt);
    const values = names.map((n) => input[n]);
    if (values.every(isEmpty)) continue;
    const f = r.fields[flt.field];
    if (hidden.has(flt.field)) throw new ApiError('FORBIDDEN', `您无权按${f.title}筛选`);
    if (flt.op === 'self') {
      // 只看我的: 1 narrows to the caller's own rows; 0 (or empty) is no filter.
      const v = values[0];
      if (![0, 1, '0', '1', true, false, 'true', 'false'].includes(v as never)) throw new ApiError('BAD_REQUEST', `${names[0]}只能是 0 或 1`);
      if (v !== 1 && v !== '1' && v !== true && v !== 'true') continue;
      if (userId === undefined) throw new ApiError('BAD_REQUEST', `${f.title}(${names[0]})不能用于此查询`);
      where.push(`${col(r, flt.field)} = ${params.add(userId)}::integer`);
      continue;
    }
    where.push(...condition(r, flt, f, names, values, params));
  }
  if (r.rowScope) {
    if (userId === undefined) throw new Error(`${r.name}: a scoped resource is read without a caller`);
    where.push(`(${rowScope(r.rowScope, r.name)(userId, params)})`);
  }
  return where;
}

/**
 * WHERE conditions a route declares itself: its path filters (`findList/{code}`: code = the path's value)
 * and its fixed `where` (pulldown/distribution: isDistribution = 1).
 */
export function routeWhere(r: ResourceDescriptor, route: RouteDecl, pathValues: Record<string, unknown>, params: Params, hidden: Set<string>): string[] {
  const where: string[] = [];
  for (const [param, field] of Object.entries(route.pathFilters ?? {})) {
    const f = r.fields[field];
    if (hidden.has(field)) throw new ApiError('FORBIDDEN', `您无权按${f.title}筛选`);
    where.push(`${col(r, field)} = ${params.add(coerce(f, pathValues[param], param))}::${sqlType(f)}`);
  }
  for (const [field, value] of Object.entries(route.where ?? {})) where.push(`${col(r, field)} = ${params.add(value)}::${sqlType(r.fields[field])}`);
  return where;
}

function condition(r: ResourceDescriptor, flt: FilterDecl, f: FieldSchema, names: string[], values: unknown[], params: Params): string[] {
  const c = col(r, flt.field);
  const t = sqlType(f);
  switch (flt.op) {
    case 'self':
      return [];
    case 'equals':
      return [`${c} = ${params.add(coerce(f, values[0], names[0]))}::${t}`];
    case 'contains': {
      const text = String(values[0]).trim();
      if (text.length > 100) throw new ApiError('BAD_REQUEST', `${f.title}(${names[0]})长度不能超过100个字符`);
      // The text is matched literally: % and _ typed by a user are not wildcards.
      const like = `${c} ILIKE ${params.add(`%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`;
      if (flt.index !== 'bigram' || [...text].length < 2) return [like];
      // With a bigram index (column <column>_bigrams, migration 035), rows holding every two-character piece of the text are the candidates
      // ILIKE then checks; one character has no piece, so it scans as before. The planner would
      // multiply ILIKE's guess into the index's (already exact) estimate, think a common text like 华东
      // matches a few rows and fetch all 250,000 to sort them for a page; behind CASE, ILIKE is opaque.
      return [`CASE WHEN ${like} THEN true ELSE false END`, `t.${q(`${columnOf(r, flt.field)}_bigrams`)} @> text_bigrams(${params.add(text)})`];
    }
    case 'in': {
      const raw = values[0];
      const list = (Array.isArray(raw) ? raw : String(raw).split(',')).filter((v) => !isEmpty(v));
      if (list.length > 1000) throw new ApiError('BAD_REQUEST', `${f.title}(${names[0]})最多1000项`);
      return [`${c} = ANY(${params.add(list.map((v) => coerce(f, v, names[0])))}::${t}[])`];
    }
    case 'dateRange':
    case 'numberRange': {
      const out: string[] = [];
      const [start, end] = values;
      if (!isEmpty(start)) out.push(`${c} >= ${params.add(coerce(f, start, names[0]))}::${t === 'timestamptz' ? 'timestamptz' : t}`);
      if (!isEmpty(end)) {
        const v = coerce(f, end, names[1]);
        // A date-time range ending on a bare date includes that whole day.
        if (t === 'timestamptz' && String(v).length === 10) out.push(`${c} < ${params.add(v)}::date + 1`);
        else out.push(`${c} <= ${params.add(v)}::${t}`);
      }
      return out;
    }
  }
}

export interface Ordering {
  field: string;
  dir: 'asc' | 'desc';
  /** Collation the field sorts under (a field with "x-collate": "pinyin" where the database has one). */
  collate?: string;
}

/**
 * The caller's sort (whitelisted) or the resource's default; the primary key breaks ties. A Chinese name
 * field ("x-collate": "pinyin") sorts under `pinyinCollation` when the database has one (Database.pinyinCollation).
 */
export function ordering(r: ResourceDescriptor, sort: unknown, order: unknown, hidden: Set<string>, pinyinCollation?: string): Ordering {
  const o = plainOrdering(r, sort, order, hidden);
  return pinyinCollation && r.fields[o.field]?.['x-collate'] === 'pinyin' ? { ...o, collate: pinyinCollation } : o;
}

function plainOrdering(r: ResourceDescriptor, sort: unknown, order: unknown, hidden: Set<string>): Ordering {
  if (!isEmpty(sort)) {
    const field = String(sort);
    if (!(r.sortable ?? []).includes(field) || !r.fields[field]) throw new ApiError('BAD_REQUEST', `不支持按${r.fields[field]?.title ?? field}排序`);
    if (hidden.has(field)) throw new ApiError('FORBIDDEN', `您无权按${r.fields[field].title}排序`);
    const dir = String(order ?? 'asc').toLowerCase();
    if (dir !== 'asc' && dir !== 'desc' && dir !== 'ascending' && dir !== 'descending') throw new ApiError('BAD_REQUEST', '排序方向只能是 asc 或 desc');
    return { field, dir: dir.startsWith('desc') ? 'desc' : 'asc' };
  }
  const d: SortKey = r.defaultSort?.[0] ?? { field: r.primaryKey, dir: 'desc' };
  return { field: d.field, dir: d.dir };
}

/**
 * ORDER BY matching the (tenant_id, column, primary key) indexes: ascending scans them forward
 * (NULLS LAST), descending backward (NULLS FIRST), so neither needs a sort.
 */
export function orderBy(r: ResourceDescriptor, o: Ordering): string {
  const pk = col(r, r.primaryKey);
  if (o.field === r.primaryKey) return `${pk} ${o.dir.toUpperCase()}`;
  const c = sortCol(r, o);
  return o.dir === 'asc' ? `${c} ASC NULLS LAST, ${pk} ASC` : `${c} DESC NULLS FIRST, ${pk} DESC`;
}

/** The sort column, under its collation when it has one (the keyset condition compares under the same). */
function sortCol(r: ResourceDescriptor, o: Ordering): string {
  return o.collate ? `${col(r, o.field)} COLLATE ${q(o.collate)}` : col(r, o.field);
}

/** Extra select items that carry the exact keyset values of a row (full precision, as text). */
export function keyColumns(r: ResourceDescriptor, o: Ordering): string {
  const pk = `${col(r, r.primaryKey)} AS "__pk"`;
  return o.field === r.primaryKey ? pk : `${col(r, o.field)}::text AS "__k", ${pk}`;
}

export type LastKey = [string | number | null, string | number] | [string | number];

/**
 * Aggregates over a keyset-ordered subquery (alias `s`; one carrying keyColumns, with ORDER BY and LIMIT)
 * that give its last row's key columns under the same names, for lastKeyOf. A subquery with LIMIT is
 * never flattened or run in parallel, so the aggregates read its rows in order.
 */
export function lastKeyAggregates(r: ResourceDescriptor, o: Ordering, s = 's'): string {
  if (o.field === r.primaryKey) return `${o.dir === 'asc' ? 'max' : 'min'}(${s}."__pk") AS "__pk"`;
  return `(array_agg(${s}."__k"))[count(*)] AS "__k", (array_agg(${s}."__pk"))[count(*)] AS "__pk"`;
}

export function lastKeyOf(r: ResourceDescriptor, o: Ordering, row: Record<string, unknown>): LastKey {
  const pk = row.__pk as string | number;
  return o.field === r.primaryKey ? [pk] : [(row.__k as string | null) ?? null, pk];
}

/** WHERE condition for the rows after `lastKey` in the given order (keyset paging, no OFFSET scan). */
export function afterKey(r: ResourceDescriptor, o: Ordering, lastKey: unknown, params: Params): string {
  const bad = () => new ApiError('BAD_REQUEST', 'lastKey 格式不正确');
  let key = lastKey;
  if (typeof key === 'string') {
    try {
      key = JSON.parse(key);
    } catch {
      throw bad();
    }
  }
  const okScalar = (v: unknown) => v === null || typeof v === 'number' || (typeof v === 'string' && v.length <= 100);
  if (!Array.isArray(key) || !key.every(okScalar)) throw bad();
  const pkField = r.fields[r.primaryKey];
  const pk = col(r, r.primaryKey);
  const cmp = o.dir === 'asc' ? '>' : '<';
  const pkParam = (v: unknown) => `${params.add(v)}::${sqlType(pkField)}`;
  if (o.field === r.primaryKey) {
    if (key.length !== 1 || key[0] === null) throw bad();
    return `${pk} ${cmp} ${pkParam(key[0])}`;
  }
  if (key.length !== 2 || key[1] === null) throw bad();
  const c = sortCol(r, o);
  const t = sqlType(r.fields[o.field]);
  const [v, id] = key;
  if (v === null) {
    return o.dir === 'asc' ? `(${c} IS NULL AND ${pk} > ${pkParam(id)})` : `((${c} IS NULL AND ${pk} < ${pkParam(id)}) OR ${c} IS NOT NULL)`;
  }
  const tuple = `(${c}, ${pk}) ${cmp} (${params.add(v)}::${t}, ${pkParam(id)})`;
  return o.dir === 'asc' ? `(${tuple} OR ${c} IS NULL)` : tuple;
}

export { filterName, q as quoteIdent };
