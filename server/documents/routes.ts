import { columnOf, idParamOf, pathParams, writableFields } from '../../core/descriptors/resource.ts';
import { type BatchResult, batchMessage, STATUS_CHANGED } from '../../core/descriptors/documents.ts';
import type { DocActionDecl, DocLinesDecl, DocumentDecl, ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';
import type { FastifyReply } from 'fastify';
import { answerPrint } from '../printTemplates/answerPrint.ts';
import type { AppServices, AuthContext } from '../context.ts';
import type { Queryable, SqlValue, Statement } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import { grantedMenuKeysStatement, menuKeysOf } from '../permissions.ts';
import { hiddenFor, type Req } from '../resources/access.ts';
import { asCallerError, constraintError } from '../resources/dbErrors.ts';
import { Params } from '../resources/params.ts';
import { quoteIdent, selectList, sqlType } from '../resources/query.ts';
import { writeBodySchema } from '../resources/schemas.ts';
import { fieldJsonSchema } from '../../core/descriptors/forms.ts';
import type { DocContext } from './context.ts';
import { docEventStatement, historyStatement, recordDocEvent } from './history.ts';
import { nextDocNo } from './numbers.ts';
import { documentPrintData, documentTemplate } from './printing.ts';
import { postLines, reversePostings, stampHeader } from './postings.ts';
import { docExtras, docFn, docFnReadsLines, type DocActionContext, type DocRef } from './registry.ts';

/**
 * The generic routes of a document (a header resource with a `document` block and its lines resource):
 * create and update with lines, get with lines, history and runnable actions, delete while editable, and
 * the state machine's actions, single and batch. Every write is one tenant transaction; an action locks the
 * header, checks its status (409 单据状态已变更 when another caller got there first), runs the domain
 * function, sets the status and records the event.
 */

export { STATUS_CHANGED };

/** SKU columns the layer copies into a line when the lines resource declares the field. */
const SKU_COPIES = ['skuCode', 'skuName', 'barcode', 'spec', 'unit'] as const;
/** Header fields the layer fills when the header declares them. */
const HEADER_TOTALS: [header: string, line: string][] = [
  ['totalQuantity', 'quantity'],
  ['totalAmount', 'amount'],
];


/** A document with lines: its context narrowed so the lines resource and declaration are there. */
type LinedContext = DocContext & { lines: ResourceDescriptor; doc: DocumentDecl & { lines: DocLinesDecl } };
const lined = (c: DocContext): c is LinedContext => !!c.lines && !!c.doc.lines;


const tableOf = (r: ResourceDescriptor) => `${quoteIdent(r.table)} t`;
const pkCol = (r: ResourceDescriptor) => quoteIdent(columnOf(r, r.primaryKey));

/** Fields the layer sets itself (never from a body). */
function layerFields(c: LinedContext): Set<string> {
  return new Set([c.doc.lines.foreignKey, c.doc.lines.lineNoField ?? '', ...SKU_COPIES].filter(Boolean));
}

// ------------------------------------------------------------------ schemas

/** Body of docCreate / docUpdate: the header's writable fields plus the lines array. */
export function docBodySchema(c: DocContext, route: RouteDecl, mode: 'create' | 'update'): Record<string, unknown> {
  const headerSchema = writeBodySchema(c.header, { ...route, action: mode === 'create' ? 'create' : 'update' }, mode) as {
    properties: Record<string, unknown>;
    required?: string[];
  };
  if (!lined(c)) return headerSchema;
  const lineRoute: RouteDecl = { method: 'POST', path: '', action: 'create' };
  const lineSchema = writeBodySchema(c.lines, lineRoute, 'create') as { properties: Record<string, unknown>; required?: string[] };
  const skip = layerFields(c);
  const lineProps = Object.fromEntries(Object.entries(lineSchema.properties).filter(([k]) => !skip.has(k)));
  // Lines answered by docGet carry their id; a body may send it back unchanged (it is ignored: lines are replaced).
  lineProps[c.lines.primaryKey] = { type: ['integer', 'string', 'null'], title: c.lines.fields[c.lines.primaryKey].title };
  const lineRequired = (lineSchema.required ?? []).filter((k) => !skip.has(k));
  headerSchema.properties[c.doc.lines.bodyField] = {
    type: 'array',
    title: '明细',
    minItems: c.doc.lines.minLines ?? 1,
    maxItems: 10000,
    items: { type: 'object', additionalProperties: false, properties: lineProps, ...(lineRequired.length ? { required: lineRequired } : {}) },
  };
  headerSchema.required = [...new Set([...(headerSchema.required ?? []), c.doc.lines.bodyField])];
  return headerSchema;
}

/**
 * Body of a docAction route: an optional note, and for an action with `lineInput` the lines it takes
 * (`[{<line key>, <field>: value}]`, each field validated like the lines resource declares it).
 */
export function docActionBodySchema(c: DocContext, action: DocActionDecl, route?: RouteDecl): Record<string, unknown> {
  const properties: Record<string, unknown> = { note: { type: ['string', 'null'], maxLength: 200, title: '备注' }, ...actionInput(action) };
  if (route && !idParamOf(route)) {
    const title = c.header.fields[c.header.primaryKey].title;
    properties.id = { type: 'integer', minimum: 1, maximum: 2147483647, title };
    properties[c.header.primaryKey] = { type: 'integer', minimum: 1, maximum: 2147483647, title };
  }
  if (action.lineInput?.length && lined(c)) {
    const lineProps: Record<string, unknown> = { [c.lines.primaryKey]: { type: 'integer', minimum: 1, maximum: 2147483647, title: c.lines.fields[c.lines.primaryKey].title } };
    for (const f of action.lineInput) {
      const s = fieldJsonSchema(c.lines.fields[f]);
      delete s.readOnly;
      delete s.default;
      lineProps[f] = s;
    }
    properties[c.doc.lines.bodyField] = {
      type: ['array', 'null'],
      title: '明细',
      maxItems: 10000,
      items: { type: 'object', additionalProperties: false, required: [c.lines.primaryKey], properties: lineProps },
    };
  }
  return { type: ['object', 'null'], properties };
}


// ------------------------------------------------------------------ reading

function headerStatement(c: DocContext, id: SqlValue, hidden: Set<string>, lock = false): Statement {
  const fields = Object.keys(c.header.fields).filter((f) => !hidden.has(f));
  return {
    sql: `SELECT ${selectList(c.header, fields)} FROM ${tableOf(c.header)} WHERE t.${pkCol(c.header)} = $1::${sqlType(c.header.fields[c.header.primaryKey])}${lock ? ' FOR UPDATE' : ''}`,
    params: [id],
  };
}

async function readHeader(tx: Queryable, c: DocContext, id: SqlValue, hidden: Set<string> = new Set(), lock = false) {
  const st = headerStatement(c, id, hidden, lock);
  return (await tx.query<Record<string, unknown>>(st.sql, st.params, { prepare: true })).rows[0];
}

function linesStatement(c: LinedContext, id: SqlValue, hidden: Set<string>): Statement {
  const fields = Object.keys(c.lines.fields).filter((f) => !hidden.has(f));
  const order = c.doc.lines.lineNoField ? `t.${quoteIdent(columnOf(c.lines, c.doc.lines.lineNoField))}, ` : '';
  return {
    sql: `SELECT ${selectList(c.lines, fields)} FROM ${tableOf(c.lines)} WHERE t.${quoteIdent(columnOf(c.lines, c.doc.lines.foreignKey))} = $1 ORDER BY ${order}t.${pkCol(c.lines)}`,
    params: [id],
  };
}

async function readLines(tx: Queryable, c: DocContext, id: SqlValue, hidden: Set<string> = new Set()): Promise<Record<string, unknown>[]> {
  if (!lined(c)) return [];
  const st = linesStatement(c, id, hidden);
  return (await tx.query<Record<string, unknown>>(st.sql, st.params, { prepare: true })).rows;
}

/**
 * The detail answer: header, lines, history and runnable actions; undefined when there is no such document. Read in
 * one round trip (Queryable.batch), after `after` (an action's last write) when given; with `commit`, the
 * transaction's COMMIT travels in that round trip too (unless the type's extras still have to be read).
 */
export async function readDocument(tx: Queryable, auth: AuthContext, c: DocContext, id: number, opts: { after?: Statement; commit?: boolean } = {}) {
  const extras = docExtras(c.doc.type);
  const statements = [
    ...(opts.after ? [opts.after] : []),
    headerStatement(c, id, await hiddenFor(tx, auth, c.header)),
    ...(lined(c) ? [linesStatement(c, id, await hiddenFor(tx, auth, c.lines))] : []),
    historyStatement(c.doc.type, id),
    // The caller's grants decide which actions the answer offers; an admin may run them all.
    ...(auth.isAdmin ? [] : [grantedMenuKeysStatement(auth)]),
  ];
  const results = await tx.batch(statements, { commit: !!opts.commit && !extras });
  let i = opts.after ? 1 : 0;
  const header = results[i++].rows[0];
  if (!header) return undefined;
  const lines = lined(c) ? results[i++].rows : undefined;
  const history = results[i++].rows;
  const granted = auth.isAdmin ? null : menuKeysOf(results[i++].rows);
  const status = Number(header[c.doc.statusField]);
  return {
    ...header,
    ...(lined(c) ? { [c.doc.lines.bodyField]: lines } : {}),
    history,
    actions: c.doc.actions.filter((a) => a.from.includes(status) && (!granted || granted.has(a.perm))).map((a) => a.id),
    ...((await extras?.(tx, auth, id, header)) ?? {}),
  };
}

const notFound = (c: DocContext) => new ApiError('NOT_FOUND', `${c.header.title}不存在`);

// ------------------------------------------------------------------ writing

type Line = Record<string, unknown>;

/** The SKUs of the lines exist and are enabled; a SKU (or other uniqueBy value) appears once. Returns the SKU rows by id. */
async function checkLines(tx: Queryable, c: DocContext, lines: Line[]): Promise<Map<number, Record<string, unknown>>> {
  const skus = new Map<number, Record<string, unknown>>();
  if (!lined(c)) return skus;
  const skuField = c.doc.lines.skuField;
  if (skuField) {
    const ids = [...new Set(lines.map((l) => Number(l[skuField])))];
    const rows = await tx.query<Record<string, unknown>>(
      `SELECT sku_id AS "skuId", sku_code AS "skuCode", sku_name AS "skuName", barcode, spec, unit, status FROM pd_sku WHERE sku_id = ANY($1::bigint[])`,
      [ids],
    );
    for (const row of rows.rows) skus.set(Number(row.skuId), row);
    lines.forEach((l, i) => {
      const sku = skus.get(Number(l[skuField]));
      if (!sku || Number(sku.status) !== 1) throw new ApiError('BAD_REQUEST', `第${i + 1}行：商品不存在或已停用`);
    });
  }
  // Lines that carry a lot (lotNo) may repeat a SKU once per lot: two lots received on one document.
  const perLot = Object.hasOwn(c.lines.fields, 'lotNo');
  for (const field of c.doc.lines.uniqueBy ?? []) {
    const seen = new Map<string, number>();
    lines.forEach((l, i) => {
      const lot = perLot && field === skuField && typeof l.lotNo === 'string' ? l.lotNo.trim() : '';
      const key = `${String(l[field])}|${lot}`;
      if (seen.has(key)) {
        const what = field === skuField ? `商品 ${skus.get(Number(l[field]))?.skuName ?? key}${lot ? ` 批次 ${lot}` : ''}` : `${c.lines.fields[field].title} ${String(l[field])}`;
        throw new ApiError('BAD_REQUEST', `第${i + 1}行：${what} 与第${seen.get(key)! + 1}行重复`);
      }
      seen.set(key, i);
    });
  }
  return skus;
}

async function insertLines(tx: Queryable, auth: AuthContext, c: DocContext, docId: number, lines: Line[], skus: Map<number, Record<string, unknown>>): Promise<void> {
  // A document that may be saved without lines (minLines 0) lets its onSave fill them.
  if (!lines.length || !lined(c)) return;
  const skip = layerFields(c);
  // A field the caller may not see is never written from the body (it takes its default).
  const hidden = await hiddenFor(tx, auth, c.lines);
  const writable = writableFields(c.lines).filter((f) => !skip.has(f) && f !== c.lines.primaryKey);
  const copies = SKU_COPIES.filter((f) => Object.hasOwn(c.lines.fields, f));
  const lineNo = c.doc.lines.lineNoField;
  const fields = [c.doc.lines.foreignKey, ...(lineNo ? [lineNo] : []), ...copies, ...writable];
  // A few multi-row INSERTs, not one per line; each stays under PostgreSQL's 65,535 bind parameters
  // (a 10,000-line stocktake is a handful of statements).
  const perRow = fields.length + 1;
  const chunk = Math.max(1, Math.floor(60000 / perRow));
  const columns = `tenant_id, ${fields.map((f) => quoteIdent(columnOf(c.lines, f))).join(', ')}`;
  for (let start = 0; start < lines.length; start += chunk) {
    const params = new Params();
    const rows = lines.slice(start, start + chunk).map((l, k) => {
      const i = start + k;
      const sku = c.doc.lines.skuField ? skus.get(Number(l[c.doc.lines.skuField])) : undefined;
      const values = [docId, ...(lineNo ? [i + 1] : []), ...copies.map((f) => sku?.[f] ?? null), ...writable.map((f) => (hidden.has(f) ? undefined : l[f]) ?? c.lines.fields[f].default ?? null)];
      return `(${[params.add(auth.tenantId), ...values.map((v) => params.add(v))].join(', ')})`;
    });
    await tx.query(`INSERT INTO ${quoteIdent(c.lines.table)} (${columns}) VALUES ${rows.join(', ')}`, params.values);
  }
}

async function deleteLines(tx: Queryable, c: DocContext, docId: number): Promise<void> {
  if (lined(c)) await tx.query(`DELETE FROM ${quoteIdent(c.lines.table)} WHERE ${quoteIdent(columnOf(c.lines, c.doc.lines.foreignKey))} = $1`, [docId]);
}

/** totalQuantity / totalAmount of the header as the sums of its lines (when both sides declare them). */
async function refreshTotals(tx: Queryable, c: DocContext, docId: number): Promise<void> {
  if (!lined(c)) return;
  const sets = HEADER_TOTALS.filter(([h, l]) => Object.hasOwn(c.header.fields, h) && Object.hasOwn(c.lines.fields, l)).map(
    ([h, l]) =>
      `${quoteIdent(columnOf(c.header, h))} = coalesce((SELECT sum(${quoteIdent(columnOf(c.lines, l))}) FROM ${quoteIdent(c.lines.table)} WHERE ${quoteIdent(columnOf(c.lines, c.doc.lines.foreignKey))} = $1), 0)`,
  );
  if (sets.length) await tx.query(`UPDATE ${quoteIdent(c.header.table)} SET ${sets.join(', ')} WHERE ${pkCol(c.header)} = $1`, [docId], { prepare: true });
}

function refOf(c: DocContext, header: Record<string, unknown>): DocRef {
  return { docType: c.doc.type, docId: Number(header[c.header.primaryKey]), docNo: String(header[c.doc.numberField]) };
}

/** Runs the descriptor's onSave function; its `body` says `{ created: true }` when the document is new. */
async function runOnSave(tx: Queryable, auth: AuthContext, c: DocContext, docId: number, created: boolean): Promise<void> {
  if (!c.doc.onSave) return;
  const header = (await readHeader(tx, c, docId))!;
  const ctx: DocActionContext = { tx, auth, resource: c.header, id: docId, ref: refOf(c, header), header, lines: await readLines(tx, c, docId), body: created ? { created: true } : {} };
  await docFn(c.doc.onSave)!(ctx);
}

function splitBody(c: DocContext, body: Record<string, unknown>) {
  const bodyField = c.doc.lines?.bodyField;
  const lines = ((bodyField && body[bodyField]) as Line[] | undefined) ?? [];
  const header = Object.fromEntries(Object.entries(body).filter(([k]) => k !== bodyField));
  const tooPrecise = (r: ResourceDescriptor, row: Record<string, unknown>) =>
    Object.entries(row).find(([k, v]) => typeof v === 'number' && r.fields[k]?.['x-decimals'] !== undefined && Number(v.toFixed(r.fields[k]['x-decimals'])) !== v);
  const bad = tooPrecise(c.header, header);
  if (bad) throw new ApiError('BAD_REQUEST', `${c.header.fields[bad[0]].title}最多${c.header.fields[bad[0]]['x-decimals']}位小数`);
  const linesRes = c.lines;
  if (linesRes)
    lines.forEach((l, i) => {
      const b = tooPrecise(linesRes, l);
      if (b) throw new ApiError('BAD_REQUEST', `第${i + 1}行：${linesRes.fields[b[0]].title}最多${linesRes.fields[b[0]]['x-decimals']}位小数`);
    });
  return { header, lines };
}

/** Header values a body writes: writable, visible to the caller, not the layer's own. */
function headerWrites(c: DocContext, route: RouteDecl, body: Record<string, unknown>, hidden: Set<string>): [string, unknown][] {
  const writable = new Set(writableFields(c.header, route));
  return Object.entries(body).filter(([k, v]) => writable.has(k) && !hidden.has(k) && v !== undefined && k !== c.doc.numberField && k !== c.doc.statusField);
}

const failWith = (c: DocContext) => (err: unknown) => {
  if (err instanceof ApiError) throw err;
  if (!c.lines) return constraintError(c.header, err);
  // A refusal about a line names the lines resource's field; try the header first.
  try {
    constraintError(c.header, err);
  } catch (e) {
    if (e instanceof ApiError) throw e;
  }
  constraintError(c.lines, err);
};

/** Creates one document in the caller's transaction: numbered, initial status, lines, totals, onSave, history. Returns its id. */
export async function createDocument(tx: Queryable, auth: AuthContext, c: DocContext, route: RouteDecl, body: Record<string, unknown>): Promise<number> {
  const { header, lines } = splitBody(c, body);
  const hidden = await hiddenFor(tx, auth, c.header);
  const skus = await checkLines(tx, c, lines);
  const values = headerWrites(c, route, header, hidden);
  for (const [name, f] of Object.entries(c.header.fields)) if (f.default !== undefined && !f.readOnly && !values.some(([k]) => k === name)) values.push([name, f.default]);
  values.push([c.doc.numberField, await nextDocNo(tx, auth.tenantId, c.doc.prefix)], [c.doc.statusField, c.doc.initialStatus]);
  if (Object.hasOwn(c.header.fields, 'createUserName')) values.push(['createUserName', auth.displayName ?? auth.userName]);
  if (Object.hasOwn(c.header.fields, 'createUserId')) values.push(['createUserId', auth.userId]);
  const params = new Params();
  const cols = ['tenant_id', ...values.map(([k]) => quoteIdent(columnOf(c.header, k)))];
  const vals = [params.add(auth.tenantId), ...values.map(([, v]) => params.add(v))];
  const res = await tx.query<{ id: number }>(`INSERT INTO ${quoteIdent(c.header.table)} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING ${pkCol(c.header)} AS id`, params.values);
  const id = Number(res.rows[0].id);
  if (lines.length) await insertLines(tx, auth, c, id, lines, skus);
  await refreshTotals(tx, c, id);
  await runOnSave(tx, auth, c, id, true);
  await recordDocEvent(tx, auth, { docType: c.doc.type, docId: id, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: c.doc.initialStatus });
  return id;
}

export function docCreateHandler(c: DocContext, route: RouteDecl) {
  return async (req: Req) => {
    const auth = req.auth!;
    const doc = await req
      .tenantTx(async (tx) => readDocument(tx, auth, c, await createDocument(tx, auth, c, route, req.body ?? {})))
      .catch(failWith(c));
    return ok(doc, '新增成功');
  };
}

/**
 * Creates a document per row of an import in one transaction: each row under a savepoint, so every bad row is
 * reported with its row number and reason (the same checks as a single save) and then nothing is written.
 */
export async function importDocuments(
  req: Req,
  c: DocContext,
  rows: { row: number; body: Record<string, unknown> }[],
): Promise<{ imported: number; errors: { row: number; field: string; message: string }[] }> {
  const auth = req.auth!;
  const route: RouteDecl = { method: 'POST', path: 'import', action: 'docCreate' };
  const errors: { row: number; field: string; message: string }[] = [];
  const rollBack = new Error('import refused: roll back');
  await req
    .tenantTx(async (tx) => {
      for (const { row, body } of rows) {
        await tx.query('SAVEPOINT import_row');
        try {
          await createDocument(tx, auth, c, route, body);
          await tx.query('RELEASE SAVEPOINT import_row');
        } catch (err) {
          await tx.query('ROLLBACK TO SAVEPOINT import_row');
          try {
            failWith(c)(err);
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            errors.push({ row, field: '', message: e.message });
          }
          if (errors.length >= 100) break;
        }
      }
      if (errors.length) throw rollBack;
    })
    .catch((err) => {
      if (err !== rollBack) throw err;
    });
  return { imported: errors.length ? 0 : rows.length, errors };
}

/** Locks the header and checks that its status is one of `allowed`; 404 when absent, 409 otherwise. */
async function lockInStatus(tx: Queryable, c: DocContext, id: number, allowed: number[], refusal: (status: number) => string | Promise<string>) {
  const header = await readHeader(tx, c, id, new Set(), true);
  if (!header) throw notFound(c);
  const status = Number(header[c.doc.statusField]);
  if (!allowed.includes(status)) throw new ApiError('CONFLICT', await refusal(status));
  return { header, status };
}

/** 调拨单已出库，不能修改或删除: the status named by its dictionary label. */
async function notEditable(tx: Queryable, c: DocContext, status: number): Promise<string> {
  const dict = c.header.fields[c.doc.statusField]['x-dictionary'];
  const label = dict ? (await tx.query<{ label: string }>(`SELECT label FROM sys_data_dictionary WHERE code = $1 AND value = $2`, [dict, String(status)])).rows[0]?.label : undefined;
  return `${c.header.title}${label ? `状态为“${label}”` : '当前状态'}，不能修改或删除`;
}

function idOf(c: DocContext, route: RouteDecl, req: Req): number {
  // The id in the path ({allocationId}), else (routes like get?id= or unAudit with {id}) in the query or body.
  const p = idParamOf(route);
  const pk = c.header.primaryKey;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = (req.body ?? {}) as Record<string, unknown>;
  const v = p ? req.params[p] : query.id ?? query[pk] ?? body[pk] ?? body.id;
  if (v === undefined || v === null || v === '') throw new ApiError('BAD_REQUEST', `${c.header.fields[c.header.primaryKey].title}不能为空`);
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1 || n > 2147483647) throw new ApiError('BAD_REQUEST', `${c.header.fields[c.header.primaryKey].title}格式不正确`);
  return n;
}

export function docUpdateHandler(c: DocContext, route: RouteDecl) {
  return async (req: Req) => {
    const auth = req.auth!;
    const id = idOf(c, route, req);
    const { header, lines } = splitBody(c, req.body ?? {});
    const doc = await req
      .tenantTx(async (tx) => {
        const hidden = await hiddenFor(tx, auth, c.header);
        const { status } = await lockInStatus(tx, c, id, c.doc.editable, (st) => notEditable(tx, c, st));
        const skus = await checkLines(tx, c, lines);
        const values = headerWrites(c, route, header, hidden).filter(([k]) => k !== c.header.primaryKey);
        if (values.length) {
          const params = new Params();
          const sets = values.map(([k, v]) => `${quoteIdent(columnOf(c.header, k))} = ${params.add(v)}`);
          await tx.query(`UPDATE ${quoteIdent(c.header.table)} SET ${sets.join(', ')} WHERE ${pkCol(c.header)} = ${params.add(id)}`, params.values);
        }
        await deleteLines(tx, c, id);
        if (lines.length) await insertLines(tx, auth, c, id, lines, skus);
        await refreshTotals(tx, c, id);
        await runOnSave(tx, auth, c, id, false);
        await recordDocEvent(tx, auth, { docType: c.doc.type, docId: id, action: 'edit', actionLabel: '修改', fromStatus: status, toStatus: status });
        return readDocument(tx, auth, c, id);
      })
      .catch(failWith(c));
    return ok(doc, '保存成功');
  };
}

/** Body of docMerge: a create's body, plus the key (or `id`) that makes it an update. */
export function docMergeBodySchema(c: DocContext, route: RouteDecl): Record<string, unknown> {
  const schema = docBodySchema(c, route, 'create') as { properties: Record<string, unknown> };
  const key = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, title: c.header.fields[c.header.primaryKey].title };
  schema.properties[c.header.primaryKey] = key;
  schema.properties.id = key;
  return schema;
}

/** The spec's merge/save calls: without a key the body creates a document, with one it updates that document. */
export function docMergeHandler(c: DocContext, route: RouteDecl) {
  const create = docCreateHandler(c, route);
  const update = docUpdateHandler(c, route);
  return async (req: Req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const key = body[c.header.primaryKey] ?? body.id;
    if (key === undefined || key === null) return create(req);
    req.body = { ...body, [c.header.primaryKey]: key };
    delete (req.body as Record<string, unknown>).id;
    return update(req);
  };
}

export function docGetHandler(c: DocContext, route: RouteDecl) {
  return async (req: Req) => {
    const id = idOf(c, route, req);
    const doc = await req.tenantTx((tx) => readDocument(tx, req.auth!, c, id)).catch(asCallerError);
    if (!doc) throw notFound(c);
    return ok(doc);
  };
}

/** Runs one action on one document in the caller's transaction; throws ApiError on refusal. */
export async function runDocAction(tx: Queryable, auth: AuthContext, c: DocContext, action: DocActionDecl, id: number, body: Record<string, unknown>) {
  const { ref, last } = await docActionUpToStatus(tx, auth, c, action, id, body);
  await tx.query(last.sql, last.params, { prepare: true });
  return ref;
}

/**
 * An action up to its last write, which it answers unsent: the status change and the history row, one statement
 * (run by runDocAction, or sent with the answer's reads and the COMMIT in one round trip by the action route).
 */
async function docActionUpToStatus(tx: Queryable, auth: AuthContext, c: DocContext, action: DocActionDecl, id: number, body: Record<string, unknown>) {
  const { header, status } = await lockInStatus(tx, c, id, action.from, () => STATUS_CHANGED);
  const ref = refOf(c, header);
  const { note, ...extra } = body;
  const fn = action.fn ? docFn(action.fn) : undefined;
  const lines = (fn && docFnReadsLines(action.fn!)) || action.posts ? await readLines(tx, c, id) : [];
  const noteText = typeof note === 'string' && note.trim() ? note.trim() : undefined;
  // A particular rule first (it may refuse), then the declared postings, then the stamps.
  const result = fn ? await fn({ tx, auth, resource: c.header, action, id, ref, header, lines, body: extra, note: noteText }) : undefined;
  if (action.posts && lined(c) && c.doc.lines.skuField) {
    await postLines(tx, auth, { header: c.header, lines: c.lines, skuField: c.doc.lines.skuField, foreignKey: c.doc.lines.foreignKey }, action, header, lines, ref);
  }
  if (action.reverses) await reversePostings(tx, auth, ref);
  if (action.posts || action.reverses) await refreshTotals(tx, c, id);
  if (action.stamp) await stampHeader(tx, auth, c.header, action.stamp, id);
  const to = result?.to ?? action.to[0];
  if (!action.to.includes(to)) throw new Error(`${action.fn} answered status ${to}, not one of ${action.to.join(', ')}`);
  const notes = [typeof note === 'string' ? note.trim() : '', result?.note ?? ''].filter(Boolean).join('；');
  const last = docEventStatement(
    auth,
    { docType: c.doc.type, docId: id, action: action.id, actionLabel: result?.label ?? action.label, fromStatus: status, toStatus: to, note: notes || null },
    { sql: `UPDATE ${quoteIdent(c.header.table)} SET ${quoteIdent(columnOf(c.header, c.doc.statusField))} = $1 WHERE ${pkCol(c.header)} = $2`, params: [to, id] },
  );
  return { ref, last };
}

function actionOf(c: DocContext, route: RouteDecl): DocActionDecl {
  return c.doc.actions.find((a) => a.id === route.docAction)!;
}

export function docActionHandler(c: DocContext, route: RouteDecl) {
  const action = actionOf(c, route);
  return async (req: Req) => {
    const auth = req.auth!;
    const id = idOf(c, route, req);
    const body = { ...((req.body as Record<string, unknown> | undefined) ?? {}) };
    delete body[c.header.primaryKey];
    // Path parameters besides the id (audit/{id}/{auditUserId}) reach the domain function like body fields.
    const idParam = idParamOf(route);
    for (const p of pathParams(route.path)) if (p !== idParam) body[p] = req.params[p];
    // One transaction: the answer is read by the action's own (its header and lines as the action left them), not by
    // a second one that would pay for a pool checkout, BEGIN and COMMIT again; the status change, those reads and the
    // COMMIT go in one round trip, so the stock rows the action locked are held no longer than before.
    const doc = await req
      .tenantTx(async (tx) => {
        const { last } = await docActionUpToStatus(tx, auth, c, action, id, body);
        return readDocument(tx, auth, c, id, { after: last, commit: true });
      })
      .catch(failWith(c));
    return ok(doc, `${action.label}成功`);
  };
}

/** Each id on its own transaction, so one refusal does not undo the others; answers a per-document result. */
async function eachDocument(req: Req, c: DocContext, run: (tx: Queryable, id: number) => Promise<void>): Promise<BatchResult> {
  const raw = (req.body?.ids as unknown[] | undefined) ?? [];
  const ids = [...new Set(raw.map(Number))];
  if (!ids.length) throw new ApiError('BAD_REQUEST', '请选择单据');
  const results: BatchResult['results'] = [];
  for (const id of ids) {
    let docNo: string | null = null;
    try {
      await req.tenantTx(async (tx) => {
        const h = await tx.query<{ no: string }>(`SELECT ${quoteIdent(columnOf(c.header, c.doc.numberField))} AS no FROM ${quoteIdent(c.header.table)} WHERE ${pkCol(c.header)} = $1`, [id]);
        docNo = h.rows[0]?.no ?? null;
        await run(tx, id);
      });
      results.push({ id, docNo, ok: true, msg: '成功' });
    } catch (err) {
      let msg: string;
      try {
        failWith(c)(err);
        msg = '操作失败';
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        msg = e.message;
      }
      results.push({ id, docNo, ok: false, msg });
    }
  }
  const success = results.filter((r) => r.ok).length;
  return { success, fail: results.length - success, results };
}

export function docBatchActionHandler(c: DocContext, route: RouteDecl) {
  const action = actionOf(c, route);
  return async (req: Req) => {
    const auth = req.auth!;
    const { ids: _ids, ...body } = (req.body as Record<string, unknown> | undefined) ?? {};
    void _ids;
    const result = await eachDocument(req, c, async (tx, id) => void (await runDocAction(tx, auth, c, action, id, body)));
    return ok(result, batchMessage(result));
  };
}

async function deleteDocument(tx: Queryable, auth: AuthContext, c: DocContext, id: number): Promise<void> {
  const { header, status } = await lockInStatus(tx, c, id, c.doc.editable, (st) => notEditable(tx, c, st));
  // The domain may refuse (a record still in an approval) or tidy up first; it sees the document as it is.
  if (c.doc.onDelete) await docFn(c.doc.onDelete)!({ tx, auth, resource: c.header, id, ref: refOf(c, header), header, lines: [], body: {} });
  await deleteLines(tx, c, id);
  await tx.query(`DELETE FROM ${quoteIdent(c.header.table)} WHERE ${pkCol(c.header)} = $1`, [id]);
  await recordDocEvent(tx, auth, { docType: c.doc.type, docId: id, action: 'delete', actionLabel: '删除', fromStatus: status, toStatus: null });
}

export function docDeleteHandler(c: DocContext, route: RouteDecl) {
  return async (req: Req) => {
    const id = idOf(c, route, req);
    await req.tenantTx((tx) => deleteDocument(tx, req.auth!, c, id)).catch(failWith(c));
    return ok(null, '删除成功');
  };
}

export function docBatchDeleteHandler(c: DocContext) {
  return async (req: Req) => {
    const result = await eachDocument(req, c, (tx, id) => deleteDocument(tx, req.auth!, c, id));
    return ok(result, batchMessage(result));
  };
}

/** `{ids}` of a batch route: 1 to 1000 document ids (plus the action's own input, the same for every document). */
export const docIdsSchema = (c: DocContext, action?: DocActionDecl) => ({
  type: 'object',
  required: ['ids'],
  properties: {
    ids: { type: 'array', title: `${c.header.title}ID列表`, minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1, maximum: 2147483647, title: `${c.header.title}ID` } },
    note: { type: ['string', 'null'], maxLength: 200, title: '备注' },
    ...(action ? actionInput(action) : {}),
  },
});

/** The action's declared body fields (审核结果, 审核意见), each nullable: the domain function decides what is required. */
function actionInput(action: DocActionDecl): Record<string, unknown> {
  return Object.fromEntries(Object.entries(action.input ?? {}).map(([k, v]) => [k, { ...v, type: [...new Set([...[v.type].flat(), 'null'])] }]));
}

/**
 * ticket/{id}/{type}: the document printed with its type's template (the tenant's newest, else the default
 * built from the descriptors). type `pdf`: the PDF (vector, CJK font); type `data`: `{template, templateName,
 * data}` for the browser's print or the print client, which lay out from the same template model.
 */
export function docPrintHandler(c: DocContext, route: RouteDecl, services?: AppServices) {
  return async (req: Req, reply: FastifyReply) => {
    const id = idOf(c, route, req);
    const kind = String(req.params.type ?? 'pdf');
    if (kind !== 'pdf' && kind !== 'data') throw new ApiError('BAD_REQUEST', '打印类型只能是 pdf 或 data');
    const auth = req.auth!;
    const { data, tpl } = await req
      .tenantTx(async (tx) => {
        const doc = await readDocument(tx, auth, c, id);
        if (!doc) throw notFound(c);
        return { data: await documentPrintData(tx, auth, c, doc), tpl: await documentTemplate(tx, c) };
      })
      .catch(asCallerError);
    const title = `${c.header.title}_${String(data[c.doc.numberField] ?? id)}`;
    return answerPrint(reply, { kind, tpl, data, title, services, tenantId: auth.tenantId, log: req.log, logContext: { docType: c.doc.type, id } });
  };
}
