import type { FastifyInstance, FastifyReply } from 'fastify';
import { columnOf, idParamOf, listFields, routeId, routeUrl, writableFields } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';
import type { Database, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { JSON_TYPE, envelopeSchema, ok, okJson } from '../http/envelope.ts';
import { FILE_BODY } from '../http/inputGuard.ts';
import { hiddenFor, inputOf, type Req } from './access.ts';
import { Params } from './params.ts';
import {
  afterKey,
  col,
  filterWhere,
  keyColumns,
  lastKeyAggregates,
  lastKeyOf,
  orderBy,
  ordering,
  routeWhere,
  quoteIdent,
  selectList,
  sqlType,
  visibleListFields,
} from './query.ts';
import { filterInputSchema, paramsSchema, recordSchema, writeBodySchema } from './schemas.ts';
import { snapshotPageCheck } from './snapshot.ts';
import { asCallerError, constraintError } from './dbErrors.ts';
import { exportHandler } from './exporter.ts';
import { mountGroups } from './groups.ts';
import { importHandler, templateHandler } from './importer.ts';
import { rowScope } from './rowScopes.ts';
import { customRoute } from './customRoutes.ts';
import { pathParents, refuseMissingParents } from './pathParents.ts';
import { afterWrite } from './writeHooks.ts';
import { checkParent, parentFieldOf, refuseDeletingParents } from './treeGuards.ts';
import {
  docActionHandler,
  docBatchActionHandler,
  docBatchDeleteHandler,
  docCreateHandler,
  docMergeHandler,
  docDeleteHandler,
  docGetHandler,
  docPrintHandler,
  docUpdateHandler,
} from '../documents/routes.ts';
import { docActionBodySchema, docBodySchema, docIdsSchema, docMergeBodySchema } from '../documents/bodySchemas.ts';
import { docContext } from '../documents/context.ts';
import { docSkuOptionsHandler, skuOptionSchema, skuOptionsQuerySchema } from '../documents/skuOptions.ts';
import { docImporter } from '../documents/registry.ts';
import type { AppServices } from '../context.ts';

/** Most rows a list, pulldown or tree answers (select lists ask for 99999). */
export const LIST_CAP = 100_000;

const tableOf = (r: ResourceDescriptor) => `${quoteIdent(r.table)} t`;

/** Parses the id path param (or body primary key) into a value of the primary key's type. */
function idOf(r: ResourceDescriptor, route: RouteDecl, req: Req): string | number {
  const p = idParamOf(route);
  const v = p ? req.params[p] : req.body?.[r.primaryKey];
  if (v === undefined || v === null || v === '') throw new ApiError('BAD_REQUEST', `${r.fields[r.primaryKey].title}不能为空`);
  return v as string | number;
}

function checkDecimals(r: ResourceDescriptor, body: Record<string, unknown>): void {
  for (const [name, v] of Object.entries(body)) {
    const d = r.fields[name]?.['x-decimals'];
    if (d !== undefined && typeof v === 'number' && Number(v.toFixed(d)) !== v) throw new ApiError('BAD_REQUEST', `${r.fields[name].title}最多${d}位小数`);
  }
}

/**
 * Before schema validation: empty strings from forms mean "no value" for numbers and dates (ajv would
 * otherwise coerce "" to 0). A date with the right shape but no calendar day (02-30) is refused by the schema's
 * x-date keyword, naming the field (fieldJsonSchema; server/http/inputGuard.ts).
 */
function prepareBody(r: ResourceDescriptor, body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
  const b = body as Record<string, unknown>;
  for (const [k, v] of Object.entries(b)) {
    const f = r.fields[k];
    if (v === '' && f && (f.type !== 'string' || f.format === 'date' || f.format === 'date-time')) b[k] = null;
  }
}

/**
 * The resource's row scope (rowScope) as one more condition on `t`, for the routes that reach rows by id (get, update,
 * delete, setField, batchSetField): a row the caller could not list is not read, changed nor deleted either.
 */
function scopeCond(r: ResourceDescriptor, userId: number, params: Params): string {
  return r.rowScope ? ` AND (${rowScope(r.rowScope, r.name)(userId, params)})` : '';
}

async function getRow(tx: Queryable, r: ResourceDescriptor, id: unknown, hidden: Set<string>, userId: number): Promise<Record<string, unknown> | undefined> {
  const fields = Object.keys(r.fields).filter((f) => !hidden.has(f));
  const params = new Params();
  const where = `${col(r, r.primaryKey)} = ${params.add(id)}::${sqlType(r.fields[r.primaryKey])}${scopeCond(r, userId, params)}`;
  const res = await tx.query(`SELECT ${selectList(r, fields)} FROM ${tableOf(r)} WHERE ${where}`, params.values);
  return res.rows[0];
}

/**
 * The exact total when the page itself tells it: an OFFSET page that came back short (or empty as the
 * first page) ends the result, so total = offset + rows. Otherwise (a full page, an empty later page, a
 * keyset continuation) the count runs: the same WHERE without the keyset condition, no ORDER BY.
 */
export function knownTotal(keyed: boolean, pageNum: number, pageSize: number, rows: number): number | undefined {
  if (keyed || rows >= pageSize || (rows === 0 && pageNum > 1)) return undefined;
  return (pageNum - 1) * pageSize + rows;
}

type CountResult = { rows: { n: number | string }[] };

/** One row of a page built by PostgreSQL: its records as JSON text, how many, and the last row's key columns. */
type PageRow = { records: string; n: number | string } & Record<string, unknown>;

/**
 * The statements of one page: the rows (keyset after `lastKey`, else OFFSET) and the count (same WHERE
 * without the keyset condition, no ORDER BY). Exported so tests can EXPLAIN exactly what a page runs.
 *
 * The rows come back as one JSON text built by PostgreSQL, from the same select list (jsonExpr) the `get`
 * answer uses, with the row count and the last row's key for keyset continuation. On a PostgreSQL server
 * a 10,000-row page spent twice the query's time in the driver's row parsing and the response
 * serializer; one text value skips both. One path for every page size and both backends.
 * The LIMIT subquery (it keeps its order for json_agg, like the exporter's batches) passes the table's
 * columns on; the record is formed only for the rows it keeps, not for every row a sort reads (a filtered
 * 20-row page sorting 1,400 matches, and an OFFSET page skipping 50,000 rows, read faster than before).
 * The whole-row reference to the LATERAL select list names each object's keys; the key columns stay out.
 */
export function pageStatements(
  r: ResourceDescriptor,
  route: RouteDecl,
  req: { input: Record<string, unknown>; pathValues: Record<string, unknown>; tenantId: number; userId?: number; hidden: Set<string>; pageNum: number; pageSize: number; pinyinCollation?: string },
) {
  const { input, hidden, pageNum, pageSize } = req;
  const params = new Params();
  const where = [`t.tenant_id = ${params.add(req.tenantId)}`, ...routeWhere(r, route, req.pathValues, params, hidden), ...filterWhere(r, input, params, hidden, req.userId)];
  const o = ordering(r, input.sort, input.order, hidden, req.pinyinCollation);
  const countSql = `SELECT count(*) AS n FROM ${tableOf(r)} WHERE ${where.join(' AND ')}`;
  const countParams = [...params.values];
  const keyed = input.lastKey !== undefined && input.lastKey !== null && input.lastKey !== '';
  if (keyed) where.push(afterKey(r, o, input.lastKey, params));
  const offset = keyed ? 0 : (pageNum - 1) * pageSize;
  const sql = `SELECT coalesce(json_agg("__row"), '[]')::text AS records, count(*) AS n, ${lastKeyAggregates(r, o, 't')}
            FROM (SELECT t.*, ${keyColumns(r, o)} FROM ${tableOf(r)}
                   WHERE ${where.join(' AND ')} ORDER BY ${orderBy(r, o)} LIMIT ${params.add(pageSize)} OFFSET ${params.add(offset)}) t
            CROSS JOIN LATERAL (SELECT ${selectList(r, visibleListFields(r, hidden))}) "__row"`;
  return { sql, params: params.values, countSql, countParams, o, keyed };
}

function pageHandler(r: ResourceDescriptor, route: RouteDecl, db: Database) {
  return async (req: Req, reply: FastifyReply) => {
    const input = inputOf(req, route);
    // Paging in the path (page/{pageNum}/{pageSize}) or, for routes whose path has none, in the input.
    const pageNum = Number(req.params.pageNum ?? input.pageNum ?? 1);
    const pageSize = Number(req.params.pageSize ?? input.pageSize ?? 20);
    const auth = req.auth!;
    const wantCount = input.searchCount !== false && input.searchCount !== 'false';
    // PostgreSQL: the count runs on a second pooled connection while the page is read (never awaited
    // inside the page's transaction, so a full pool cannot deadlock). PGlite has one connection: after.
    let parallelCount: Promise<CountResult> | undefined;
    let settled = false;
    const page = await req
      .tenantTx(async (tx) => {
        const hidden = await hiddenFor(tx, auth, r);
        const { sql, params, countSql, countParams, o, keyed } = pageStatements(r, route, { input, pathValues: req.params, tenantId: auth.tenantId, userId: auth.userId, hidden, pageNum, pageSize, pinyinCollation: db.pinyinCollation });
        const notCollected = await snapshotPageCheck(tx, r, input);
        if (notCollected) {
          settled = true;
          return { records: '[]', total: 0, lastKey: null, notCollected };
        }
        if (wantCount && db.kind === 'postgres') {
          // Skipped if the page answered the total before the second connection was ready.
          parallelCount = db.tenant(auth.tenantId, async (c) => (settled ? { rows: [] } : c.query<{ n: number | string }>(countSql, countParams)), { shops: auth.shops });
          parallelCount.catch(() => undefined);
        }
        const row = (await tx.query<PageRow>(sql, params)).rows[0];
        const n = Number(row.n);
        const known = wantCount ? knownTotal(keyed, pageNum, pageSize, n) : -1;
        settled = known !== undefined;
        const total = known ?? (parallelCount ? undefined : Number((await tx.query<{ n: number | string }>(countSql, countParams)).rows[0].n));
        return { records: row.records, total, lastKey: n ? lastKeyOf(r, o, row) : null, notCollected: null };
      })
      .catch(asCallerError);
    const total = page.total ?? Number((await parallelCount!.catch(asCallerError)).rows[0].n);
    // Sent as bytes with a JSON content type, the answer goes out as it is (Fastify runs no serializer on
    // a Buffer or a string); the route's response schema still documents it in the OpenAPI. A Buffer, not
    // the string: a 3 MB page reached the caller 5-10 ms sooner (one UTF-8 encoding instead of measuring
    // and writing a string).
    const notice = page.notCollected ? `,"notCollected":${JSON.stringify(page.notCollected)}` : '';
    return reply.type(JSON_TYPE).send(Buffer.from(okJson(`{"records":${page.records},"total":${total},"lastKey":${JSON.stringify(page.lastKey)}${notice}}`)));
  };
}

function listHandler(r: ResourceDescriptor, route: RouteDecl, db: Database) {
  return async (req: Req) => {
    const input = inputOf(req, route);
    const auth = req.auth!;
    const rows = await req
      .tenantTx(async (tx) => {
        const hidden = await hiddenFor(tx, auth, r);
        const params = new Params();
        const where = [`t.tenant_id = ${params.add(auth.tenantId)}`, ...routeWhere(r, route, req.params, params, hidden), ...filterWhere(r, input, params, hidden, auth.userId)];
        const o = ordering(r, input.sort, input.order, hidden, db.pinyinCollation);
        let fields = (route.fields ?? visibleListFields(r, hidden)).filter((f) => !hidden.has(f));
        // A list answers exactly its declared fields (findList/{code}: label, value, sort); pulldowns and trees need their keys.
        const extras = route.action === 'list' && route.fields ? [] : [route.valueField, route.labelField, route.parentField, route.groupBy, r.primaryKey];
        for (const extra of extras) if (extra && !fields.includes(extra)) fields = [...fields, extra];
        return (
          await tx.query<Record<string, unknown>>(`SELECT ${selectList(r, fields)} FROM ${tableOf(r)} WHERE ${where.join(' AND ')} ORDER BY ${orderBy(r, o)} LIMIT ${LIST_CAP}`, params.values)
        ).rows;
      })
      .catch(asCallerError);
    if (route.action === 'list') return ok(rows);
    if (route.action === 'pulldown') {
      const value = route.valueField ?? r.primaryKey;
      return ok(rows.map((row) => ({ ...row, value: row[value], label: row[route.labelField!] })));
    }
    return ok(buildTree(r, route, rows));
  };
}

/** A tree from rows: by a self-referencing parent field, or rows grouped under the values of a field. */
export function buildTree(r: ResourceDescriptor, route: RouteDecl, rows: Record<string, unknown>[]): unknown[] {
  const label = route.labelField ?? r.primaryKey;
  if (route.groupBy) {
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const row of rows) {
      const key = (row[route.groupBy] as string | null) ?? '未分组';
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key)!.push({ ...row, label: row[label], value: row[r.primaryKey] });
    }
    return [...groups].map(([key, children]) => ({ label: key, value: key, children }));
  }
  const byId = new Map<unknown, Record<string, unknown> & { children: unknown[] }>();
  for (const row of rows) byId.set(row[r.primaryKey], { ...row, label: row[label], children: [] });
  const roots: unknown[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node[route.parentField!]);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function getHandler(r: ResourceDescriptor, route: RouteDecl) {
  return async (req: Req) => {
    const id = idOf(r, route, req);
    const auth = req.auth!;
    const row = await req.tenantTx(async (tx) => getRow(tx, r, id, await hiddenFor(tx, auth, r), auth.userId)).catch(asCallerError);
    if (!row) throw new ApiError('NOT_FOUND', `${r.title}不存在`);
    return ok(row);
  };
}

/** The body's writable fields the caller may see (a hidden field is never written blind). */
function writes(r: ResourceDescriptor, route: RouteDecl, body: Record<string, unknown>, hidden: Set<string>): [string, unknown][] {
  const writable = new Set(writableFields(r, route));
  return Object.entries(body).filter(([k, v]) => writable.has(k) && !hidden.has(k) && v !== undefined);
}

function createHandler(r: ResourceDescriptor, route: RouteDecl) {
  return async (req: Req) => {
    const body = req.body ?? {};
    checkDecimals(r, body);
    const auth = req.auth!;
    const row = await req
      .tenantTx(async (tx) => {
        const hidden = await hiddenFor(tx, auth, r);
        const values = writes(r, route, body, hidden);
        for (const [name, f] of Object.entries(r.fields)) if (f.default !== undefined && !f.readOnly && !values.some(([k]) => k === name)) values.push([name, f.default]);
        const parent = parentFieldOf(r);
        if (parent) await checkParent(tx, r, values.find(([k]) => k === parent)?.[1]);
        const params = new Params();
        const cols = ['tenant_id', ...values.map(([k]) => quoteIdent(columnOf(r, k)))];
        const vals = [params.add(auth.tenantId), ...values.map(([, v]) => params.add(v))];
        const res = await tx.query<{ id: unknown }>(
          `INSERT INTO ${quoteIdent(r.table)} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING ${quoteIdent(columnOf(r, r.primaryKey))} AS id`,
          params.values,
        );
        await afterWrite(r.name, { tx, auth, action: 'create', id: res.rows[0].id, values: Object.fromEntries(values) });
        return getRow(tx, r, res.rows[0].id, hidden, auth.userId);
      })
      .catch((err) => constraintError(r, err));
    return ok(row, '新增成功');
  };
}

function updateHandler(r: ResourceDescriptor, route: RouteDecl) {
  return async (req: Req) => {
    const body = req.body ?? {};
    checkDecimals(r, body);
    const id = idOf(r, route, req);
    const auth = req.auth!;
    const row = await req
      .tenantTx(async (tx) => {
        const hidden = await hiddenFor(tx, auth, r);
        const values = writes(r, route, body, hidden);
        const required = new Set(r.required ?? []);
        for (const [k, v] of values) if (v === null && required.has(k)) throw new ApiError('BAD_REQUEST', `${r.fields[k].title}不能为空`);
        const parent = parentFieldOf(r);
        if (parent) await checkParent(tx, r, values.find(([k]) => k === parent)?.[1], id);
        const params = new Params();
        const sets = values.map(([k, v]) => `${quoteIdent(columnOf(r, k))} = ${params.add(v)}`);
        const pk = `${col(r, r.primaryKey)} = ${params.add(id)}::${sqlType(r.fields[r.primaryKey])}${scopeCond(r, auth.userId, params)}`;
        const res = sets.length
          ? await tx.query(`UPDATE ${tableOf(r)} SET ${sets.join(', ')} WHERE ${pk}`, params.values)
          : await tx.query(`SELECT 1 FROM ${tableOf(r)} WHERE ${pk}`, params.values);
        if (!res.rowCount) throw new ApiError('NOT_FOUND', `${r.title}不存在`);
        if (sets.length) await afterWrite(r.name, { tx, auth, action: 'update', id, values: Object.fromEntries(values) });
        return getRow(tx, r, id, hidden, auth.userId);
      })
      .catch((err) => constraintError(r, err));
    return ok(row, '保存成功');
  };
}

/** Values a setField or batchSetField route may write: its own list, else the field's enum. */
const allowedValues = (r: ResourceDescriptor, route: RouteDecl) => route.values ?? r.fields[route.field!].enum ?? [true, false];

/** The value a setField or batchSetField call writes, typed like its field; 400 naming the field when missing or not allowed. */
function fieldValue(r: ResourceDescriptor, route: RouteDecl, raw: unknown): unknown {
  const f = r.fields[route.field!];
  if (raw === undefined || raw === null || raw === '') throw new ApiError('BAD_REQUEST', `${f.title}不能为空`);
  const value = f.type === 'integer' || f.type === 'number' ? Number(raw) : raw;
  // A text field without a list of values (a device's fingerprint) is checked against its own rules instead.
  if (f.type === 'string' && !route.values && !f.enum) {
    const text = String(value);
    if (f.minLength !== undefined && text.length < f.minLength) throw new ApiError('BAD_REQUEST', `${f.title}长度不能少于${f.minLength}个字符`);
    if (f.maxLength !== undefined && text.length > f.maxLength) throw new ApiError('BAD_REQUEST', `${f.title}长度不能超过${f.maxLength}个字符`);
    if (f.pattern && !new RegExp(f.pattern, 'u').test(text)) throw new ApiError('BAD_REQUEST', f['x-msg'] ?? `${f.title}格式不正确`);
    return text;
  }
  if (!allowedValues(r, route).some((a) => a === value)) throw new ApiError('BAD_REQUEST', `${f.title}取值不在允许范围内`);
  return value;
}

function setFieldHandler(r: ResourceDescriptor, route: RouteDecl) {
  const field = route.field!;
  return async (req: Req) => {
    const value = fieldValue(r, route, route.path.includes(`{${field}}`) ? req.params[field] : req.body?.[field]);
    const id = idOf(r, route, req);
    const res = await req
      .tenantTx(async (tx) => {
        const params = new Params();
        const set = `${quoteIdent(columnOf(r, field))} = ${params.add(value)}`;
        const where = `${col(r, r.primaryKey)} = ${params.add(id)}::${sqlType(r.fields[r.primaryKey])}${scopeCond(r, req.auth!.userId, params)}`;
        const res = await tx.query(`UPDATE ${tableOf(r)} SET ${set} WHERE ${where}`, params.values);
        if (res.rowCount) await afterWrite(r.name, { tx, auth: req.auth!, action: 'setField', id, values: { [field]: value } });
        return res;
      })
      .catch(asCallerError);
    if (!res.rowCount) throw new ApiError('NOT_FOUND', `${r.title}不存在`);
    return ok(null, '操作成功');
  };
}

/**
 * One field on many rows (批量启用/停用): all rows or none. Ids that are unknown, or another tenant's
 * (invisible under row-level security), roll the whole update back with a 404 that names them.
 */
function batchSetFieldHandler(r: ResourceDescriptor, route: RouteDecl) {
  const pk = r.fields[r.primaryKey];
  const pkColumn = quoteIdent(columnOf(r, r.primaryKey));
  return async (req: Req) => {
    const value = fieldValue(r, route, req.body?.[route.field!]);
    const ids = [...new Set((req.body?.ids as (string | number)[] | undefined) ?? [])];
    if (!ids.length) throw new ApiError('BAD_REQUEST', `${r.title}ID列表不能为空`);
    const updated = await req
      .tenantTx(async (tx) => {
        const params = new Params();
        const set = `${quoteIdent(columnOf(r, route.field!))} = ${params.add(value)}`;
        const where = `t.${pkColumn} = ANY(${params.add(ids)}::${sqlType(pk)}[])${scopeCond(r, req.auth!.userId, params)}`;
        const res = await tx.query<{ id: string | number }>(`UPDATE ${tableOf(r)} SET ${set} WHERE ${where} RETURNING t.${pkColumn} AS id`, params.values);
        if (res.rows.length !== ids.length) {
          const found = new Set(res.rows.map((row) => String(row.id)));
          const missing = ids.filter((id) => !found.has(String(id)));
          const shown = missing.slice(0, 5).join('、') + (missing.length > 5 ? ` 等 ${missing.length} 个` : '');
          throw new ApiError('NOT_FOUND', `${r.title}不存在（${pk.title} ${shown}），未修改任何记录`);
        }
        return res.rows.length;
      })
      .catch(asCallerError);
    return ok({ updated }, '操作成功');
  };
}

function deleteHandler(r: ResourceDescriptor, route: RouteDecl) {
  return async (req: Req) => {
    const ids = route.action === 'batchDelete' ? ((req.body?.ids as unknown[]) ?? []) : [idOf(r, route, req)];
    if (!ids.length) throw new ApiError('BAD_REQUEST', '请选择要删除的记录');
    const res = await req
      .tenantTx(async (tx) => {
        await refuseDeletingParents(tx, r, ids);
        const params = new Params();
        const where = `${col(r, r.primaryKey)} = ANY(${params.add(ids)}::${sqlType(r.fields[r.primaryKey])}[])${scopeCond(r, req.auth!.userId, params)}`;
        return tx.query(`DELETE FROM ${tableOf(r)} WHERE ${where}`, params.values);
      })
      .catch((err) => constraintError(r, err, 'delete'));
    if (!res.rowCount) throw new ApiError('NOT_FOUND', `${r.title}不存在`);
    return ok(route.action === 'batchDelete' ? { deleted: res.rowCount } : null, '删除成功');
  };
}

/** The `ids` of a batch body (batchDelete, batchSetField): 1 to 1000 primary keys. */
const idListSchema = (r: ResourceDescriptor) => ({
  type: 'array',
  title: `${r.title}ID列表`,
  minItems: 1,
  maxItems: 1000,
  items: { type: r.fields[r.primaryKey].type, title: r.fields[r.primaryKey].title },
});

/** Mounts every route a resource declares, with its permission, validation and OpenAPI entry. */
export function mountResource(
  app: FastifyInstance, r: ResourceDescriptor, db: Database, resources: ReadonlyMap<string, ResourceDescriptor> = new Map(), services?: AppServices,
  exportTitles: ReadonlyMap<string, string> = new Map(),
): void {
  const tags = [r.service];
  const doc = r.document ? docContext(r, resources) : undefined;
  const allFields = Object.keys(r.fields);
  const listed = listFields(r);
  // A scope nobody registered stops the start-up, not a caller's request.
  if (r.rowScope) rowScope(r.rowScope, `resource ${r.name}`);
  for (const route of r.routes) {
    // Descriptors write {param}; Fastify matches :param.
    const url = routeUrl(r, route).replace(/\{([A-Za-z0-9]+)\}/g, ':$1');
    const params = paramsSchema(r, route);
    const filterPlace = route.method === 'GET' || route.method === 'DELETE' ? 'querystring' : 'body';
    const schema: Record<string, unknown> = { tags, summary: route.summary ?? `${r.title}: ${route.action}`, ...(params ? { params } : {}) };
    let handler: (req: Req, reply: never) => Promise<unknown>;
    switch (route.action) {
      case 'page':
        schema[filterPlace] = filterInputSchema(r, true, !route.path.includes('{pageNum}'));
        schema.response = {
          200: envelopeSchema({
            type: 'object',
            properties: {
              records: { type: 'array', items: recordSchema(r, listed) }, total: { type: 'integer' }, lastKey: { type: ['array', 'null'], items: {} },
              ...(r.snapshot ? { notCollected: { type: 'object', title: '所查月份尚未计算时：月份、提示、正在运行的任务', properties: { reportMonth: { type: 'string' }, message: { type: 'string' }, running: {} } } } : {}),
            },
          }),
        };
        handler = pageHandler(r, route, db);
        break;
      case 'list':
      case 'pulldown':
      case 'tree':
        schema[filterPlace] = filterInputSchema(r, false);
        handler = listHandler(r, route, db);
        break;
      case 'get':
        schema.response = { 200: envelopeSchema(recordSchema(r, allFields)) };
        handler = getHandler(r, route);
        break;
      case 'create':
        schema.body = writeBodySchema(r, route, 'create');
        schema.response = { 200: envelopeSchema(recordSchema(r, allFields)) };
        handler = createHandler(r, route);
        break;
      case 'update':
        schema.body = writeBodySchema(r, route, 'update');
        schema.response = { 200: envelopeSchema(recordSchema(r, allFields)) };
        handler = updateHandler(r, route);
        break;
      case 'setField': {
        const f = r.fields[route.field!];
        if (!route.path.includes(`{${route.field}}`) || !idParamOf(route)) {
          const properties: Record<string, unknown> = {};
          const required: string[] = [];
          if (!route.path.includes(`{${route.field}}`)) {
            properties[route.field!] = { type: f.type, title: f.title };
            required.push(route.field!);
          }
          if (!idParamOf(route)) {
            properties[r.primaryKey] = { type: r.fields[r.primaryKey].type, title: r.fields[r.primaryKey].title };
            required.push(r.primaryKey);
          }
          schema.body = { type: 'object', required, properties };
        }
        handler = setFieldHandler(r, route);
        break;
      }
      case 'batchSetField': {
        const f = r.fields[route.field!];
        schema.body = {
          type: 'object',
          required: ['ids', route.field!],
          properties: {
            ids: idListSchema(r),
            [route.field!]: { type: f.type, title: f.title, enum: allowedValues(r, route) },
          },
        };
        schema.response = { 200: envelopeSchema({ type: 'object', properties: { updated: { type: 'integer', title: '修改条数' } } }) };
        handler = batchSetFieldHandler(r, route);
        break;
      }
      case 'delete':
        handler = deleteHandler(r, route);
        break;
      case 'batchDelete':
        schema.body = { type: 'object', required: ['ids'], properties: { ids: idListSchema(r) } };
        handler = deleteHandler(r, route);
        break;
      case 'export':
        schema[filterPlace] = { ...filterInputSchema(r, false), properties: { ...(filterInputSchema(r, false).properties as object), format: { type: ['string', 'null'], enum: ['csv', 'xlsx', null], title: '导出格式' } } };
        if (filterPlace === 'body') schema.querystring = { type: 'object', properties: { format: { type: 'string', enum: ['csv', 'xlsx'], title: '导出格式' } } };
        handler = exportHandler(r, route, db, exportTitles.get(`${r.name}#${routeId(route)}`) ?? r.title) as typeof handler;
        break;
      case 'custom': {
        const custom = customRoute(route.handler, `${r.name} ${route.method} ${route.path}`);
        Object.assign(schema, custom.schema);
        handler = ((req: Req, reply: FastifyReply) => custom.handler(req, reply, services!)) as typeof handler;
        break;
      }
      case 'template':
        handler = (route.importer ? docImporter(route.importer)!.template : templateHandler(r, db)) as typeof handler;
        break;
      case 'import':
        schema.consumes = FILE_BODY;
        handler = (route.importer ? (req: Req, reply: FastifyReply) => docImporter(route.importer!)!.run(req, reply, doc, services) : importHandler(r, db)) as typeof handler;
        break;
      case 'docCreate':
        schema.body = docBodySchema(doc!, route, 'create');
        handler = docCreateHandler(doc!, route);
        break;
      case 'docUpdate':
        schema.body = docBodySchema(doc!, route, 'update');
        handler = docUpdateHandler(doc!, route);
        break;
      case 'docMerge':
        schema.body = docMergeBodySchema(doc!, route);
        handler = docMergeHandler(doc!, route);
        break;
      case 'docGet':
        handler = docGetHandler(doc!, route);
        break;
      case 'docDelete':
        handler = docDeleteHandler(doc!, route);
        break;
      case 'docBatchDelete':
        schema.body = docIdsSchema(doc!);
        handler = docBatchDeleteHandler(doc!);
        break;
      case 'docAction':
        schema.body = docActionBodySchema(doc!, r.document!.actions.find((a) => a.id === route.docAction)!, route);
        handler = docActionHandler(doc!, route);
        break;
      case 'docBatchAction':
        schema.body = docIdsSchema(doc!, r.document!.actions.find((a) => a.id === route.docAction));
        handler = docBatchActionHandler(doc!, route);
        break;
      case 'docSkuOptions':
        schema.querystring = skuOptionsQuerySchema;
        schema.response = { 200: envelopeSchema({ type: 'array', items: skuOptionSchema }) };
        handler = docSkuOptionsHandler(resources.get('pd-sku'));
        break;
      case 'docPrint':
        schema.params = {
          type: 'object',
          required: [idParamOf(route)!, 'type'],
          properties: { [idParamOf(route)!]: { type: 'integer', minimum: 1, maximum: 2147483647, title: r.fields[r.primaryKey].title }, type: { type: 'string', enum: ['pdf', 'data'], title: '打印类型' } },
        };
        handler = docPrintHandler(doc!, route, services) as typeof handler;
        break;
    }
    // A document action's permission is the action's own (the descriptor declares it once, on the action).
    const perm = route.perm ?? (route.docAction ? r.document?.actions.find((a) => a.id === route.docAction)?.perm : undefined);
    // Lines looked up by their record's id in the path: a record that does not exist is a 404 naming it, not [].
    const parents = pathParents(r, route, resources);
    app.route({
      method: route.method,
      url,
      // A page answers JSON bytes built without the fields hiddenFor hides (the field guard's keys included).
      config: { ...(perm ? { perm } : route.anyUser ? { anyUser: true } : {}), ...(route.action === 'page' ? { fieldsApplied: true } : {}) },
      schema,
      preValidation: async (req) => prepareBody(r, req.body),
      ...(parents.length ? { preHandler: async (req: Req) => req.tenantTx((tx) => refuseMissingParents(tx, parents, req.params)) } : {}),
      handler: handler as never,
    });
    // Every generic list can be grouped (issue 31): its groups beside its page, with the page's permission.
    if (route.action === 'page') mountGroups(app, r, route, perm);
  }
}
