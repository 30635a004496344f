import { columnOf, writableFields } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable, Statement } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { hiddenFor, type Req } from '../resources/access.ts';
import { constraintError } from '../resources/dbErrors.ts';
import { Params } from '../resources/params.ts';
import { quoteIdent } from '../resources/query.ts';
import type { DocContext } from './context.ts';
import { recordDocEvent } from './history.ts';
import { nextDocNo } from './numbers.ts';
import { readHeader, readLines, readLocked } from './reading.ts';
import { docFn, type DocFnInput } from './registry.ts';
import { HEADER_TOTALS, layerFields, lined, notFound, pkCol, refOf, SKU_COPIES } from './shape.ts';

/**
 * Writing a document: created (numbered, initial status, lines, totals, onSave, history), imported row by row,
 * updated and deleted while its status lets it; a refusal names the field (failWith).
 */

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
export async function refreshTotals(tx: Queryable, c: DocContext, docId: number): Promise<void> {
  const st = refreshTotalsStatement(c, docId);
  if (st) await tx.query(st.sql, st.params, { prepare: true });
}

/** The header totals as the sums of the lines (HEADER_TOTALS), or null when the document has none of them. */
export function refreshTotalsStatement(c: DocContext, docId: number): Statement | null {
  if (!lined(c)) return null;
  const sets = HEADER_TOTALS.filter(([h, l]) => Object.hasOwn(c.header.fields, h) && Object.hasOwn(c.lines.fields, l)).map(
    ([h, l]) =>
      `${quoteIdent(columnOf(c.header, h))} = coalesce((SELECT sum(${quoteIdent(columnOf(c.lines, l))}) FROM ${quoteIdent(c.lines.table)} WHERE ${quoteIdent(columnOf(c.lines, c.doc.lines.foreignKey))} = $1), 0)`,
  );
  return sets.length ? { sql: `UPDATE ${quoteIdent(c.header.table)} SET ${sets.join(', ')} WHERE ${pkCol(c.header)} = $1`, params: [docId] } : null;
}

/** Runs the descriptor's onSave function; its `body` says `{ created: true }` when the document is new. */
async function runOnSave(tx: Queryable, auth: AuthContext, c: DocContext, docId: number, created: boolean): Promise<void> {
  if (!c.doc.onSave) return;
  const header = (await readHeader(tx, c, docId))!;
  const ctx: DocFnInput = { tx, auth, resource: c.header, id: docId, ref: refOf(c, header), header, lines: await readLines(tx, c, docId), body: created ? { created: true } : {} };
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

export const failWith = (c: DocContext) => (err: unknown) => {
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
export async function lockInStatus(tx: Queryable, c: DocContext, id: number, allowed: number[], refusal: (status: number) => string | Promise<string>) {
  return checkStatus(c, await readHeader(tx, c, id, new Set(), true), allowed, refusal);
}

/** lockInStatus with the document's lines read in the same round trip. */
export async function lockInStatusWithLines(tx: Queryable, c: DocContext, id: number, allowed: number[], refusal: (status: number) => string | Promise<string>) {
  const { header, lines } = await readLocked(tx, c, id);
  return { ...(await checkStatus(c, header, allowed, refusal)), lines };
}

async function checkStatus(c: DocContext, header: Record<string, unknown> | undefined, allowed: number[], refusal: (status: number) => string | Promise<string>) {
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

export async function deleteDocument(tx: Queryable, auth: AuthContext, c: DocContext, id: number): Promise<void> {
  const { header, status } = await lockInStatus(tx, c, id, c.doc.editable, (st) => notEditable(tx, c, st));
  // The domain may refuse (a record still in an approval) or tidy up first; it sees the document as it is.
  if (c.doc.onDelete) await docFn(c.doc.onDelete)!({ tx, auth, resource: c.header, id, ref: refOf(c, header), header, lines: [], body: {} });
  await deleteLines(tx, c, id);
  await tx.query(`DELETE FROM ${quoteIdent(c.header.table)} WHERE ${pkCol(c.header)} = $1`, [id]);
  await recordDocEvent(tx, auth, { docType: c.doc.type, docId: id, action: 'delete', actionLabel: '删除', fromStatus: status, toStatus: null });
}

/** Updates a document while editable: header values, its lines replaced, totals, onSave, history. */
export async function updateDocument(tx: Queryable, auth: AuthContext, c: DocContext, route: RouteDecl, id: number, body: Record<string, unknown>): Promise<void> {
  const { header, lines } = splitBody(c, body);
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
}
