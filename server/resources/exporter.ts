import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { columnLetters, textRow, writeXlsx } from './xlsxWriter.ts';
import type { ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';
import { callerDb, type CallerDb, type Database, type Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { asCallerError } from './dbErrors.ts';
import { InlineParams, Params } from './params.ts';
import { afterKey, col, routeWhere, filterWhere, keyColumns, lastKeyAggregates, lastKeyOf, orderBy, ordering, quoteIdent, visibleListFields, type LastKey, type Ordering } from './query.ts';
import { hiddenFor, inputOf } from './access.ts';
import { snapshotPageCheck } from './snapshot.ts';

/**
 * Rows per keyset batch (EXPORT_BATCH, default 10,000); each batch is its own short transaction so an export never
 * blocks other calls for long.
 */
export function exportBatchRows(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.EXPORT_BATCH);
  return Number.isSafeInteger(n) && n > 0 ? n : 10_000;
}

import type { Req } from './access.ts';
import { fileStamp } from '../http/fileStamp.ts';

/** Label of each value of the dictionary fields among `fields` (exports show 启用, not 1). */
export async function dictionaryLabels(tx: Queryable, r: ResourceDescriptor, fields: string[]): Promise<Map<string, Map<string, string>>> {
  const codes = [...new Set(fields.map((f) => r.fields[f]['x-dictionary']).filter((c): c is string => !!c))];
  const out = new Map<string, Map<string, string>>();
  if (!codes.length) return out;
  const rows = await tx.query<{ code: string; label: string; value: string }>(`SELECT code, label, value FROM sys_data_dictionary WHERE code = ANY($1::text[]) ORDER BY sort`, [codes]);
  for (const f of fields) {
    const code = r.fields[f]['x-dictionary'];
    if (!code) continue;
    out.set(f, new Map(rows.rows.filter((x) => x.code === code).map((x) => [x.value, x.label])));
  }
  return out;
}

/**
 * One CSV line per row, built by PostgreSQL: text quoted ("" doubled), numerics exact, dates formatted,
 * dictionary values as labels. The server then only concatenates batches.
 */
function csvLineExpr(r: ResourceDescriptor, fields: string[], labels: Map<string, Map<string, string>>, params: Params): string {
  const quoted = (e: string) => `coalesce('"' || replace(${e}, '"', '""') || '"', '')`;
  return fields
    .map((name) => {
      const f = r.fields[name];
      const c = col(r, name);
      const dict = labels.get(name);
      if (dict?.size) {
        const cases = [...dict].map(([v, l]) => `WHEN ${params.add(v)} THEN ${params.add(l)}`).join(' ');
        return quoted(`CASE ${c}::text ${cases} ELSE ${c}::text END`);
      }
      if (f.format === 'date') return `coalesce(to_char(${c}, 'YYYY-MM-DD'), '')`;
      if (f.format === 'date-time') return `coalesce(to_char(${c}, 'YYYY-MM-DD HH24:MI:SS'), '')`;
      if (f.type === 'number' || f.type === 'integer') return `coalesce(${c}::text, '')`;
      if (f.type === 'boolean') return `CASE WHEN ${c} THEN '是' WHEN NOT ${c} THEN '否' ELSE '' END`;
      return quoted(`${c}::text`);
    })
    .join(` || ',' || `);
}

/**
 * PostgreSQL server: the whole export as one `COPY (SELECT …) TO STDOUT`, whose C formatting is about
 * twice as fast as building the lines in SQL. The output is byte for byte what csvBatches gives
 * (after crlfRows): text and labels always quoted (FORCE_QUOTE), NULL empty and unquoted, numbers,
 * dates and 是/否 bare. `p` must come from plan(…, inline = true): COPY takes no parameters.
 */
export function csvCopySql(r: ResourceDescriptor, p: ExportPlan): string {
  const lit = new InlineParams();
  const quoted: string[] = [];
  const items = p.fields.map((name, i) => {
    const f = r.fields[name];
    const c = col(r, name);
    const dict = p.labels.get(name);
    const alias = `c${i}`;
    let e: string;
    if (dict?.size) e = `CASE ${c}::text ${[...dict].map(([v, l]) => `WHEN ${lit.add(v)} THEN ${lit.add(l)}`).join(' ')} ELSE ${c}::text END`;
    else if (f.format === 'date') e = `to_char(${c}, 'YYYY-MM-DD')`;
    else if (f.format === 'date-time') e = `to_char(${c}, 'YYYY-MM-DD HH24:MI:SS')`;
    else if (f.type === 'number' || f.type === 'integer') e = `${c}::text`;
    else if (f.type === 'boolean') e = `CASE WHEN ${c} THEN '是' WHEN NOT ${c} THEN '否' END`;
    else e = `${c}::text`;
    if (dict?.size || (f.type === 'string' && !f.format?.startsWith('date'))) quoted.push(alias);
    return `${e} AS ${alias}`;
  });
  const force = quoted.length ? `, FORCE_QUOTE (${quoted.join(', ')})` : '';
  return `COPY (SELECT ${items.join(', ')} FROM ${quoteIdent(r.table)} t WHERE ${p.where.join(' AND ')} ORDER BY ${orderBy(r, p.order)}) TO STDOUT WITH (FORMAT csv${force})`;
}

/**
 * COPY ends rows with LF; the export's rows end with CRLF (RFC 4180, as the browser export's), while
 * a line break inside a quoted cell stays as stored. Stateful across chunks: a cell may span two.
 */
export function crlfRows(): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
    const out = Buffer.allocUnsafe(chunk.length * 2);
    let j = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === 0x22) quoted = !quoted;
      else if (b === 0x0a && !quoted) out[j++] = 0x0d;
      out[j++] = b;
    }
    return out.subarray(0, j);
  };
}

export const csvCell = (v: unknown) => (v === null || v === undefined ? '' : /[",\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

export interface ExportPlan {
  fields: string[];
  labels: Map<string, Map<string, string>>;
  where: string[];
  params: unknown[];
  order: Ordering;
}

/**
 * Checks the caller's filters and sort before the first byte goes out, so a bad request is still a 400.
 * `inline`: values are written into `where` as literals (for COPY, which takes no parameters).
 */
async function plan(req: Req, r: ResourceDescriptor, route: RouteDecl, inline: boolean, pinyinCollation: string | undefined): Promise<ExportPlan> {
  const input = inputOf(req, route);
  const auth = req.auth!;
  return req
    .tenantTx(async (tx) => {
      const hidden = await hiddenFor(tx, auth, r);
      const params = inline ? new InlineParams() : new Params();
      const where = [`t.tenant_id = ${params.add(auth.tenantId)}`, ...routeWhere(r, route, req.params, params, hidden), ...filterWhere(r, input, params, hidden, auth.userId)];
      const order = ordering(r, input.sort, input.order, hidden, pinyinCollation);
      const fields = visibleListFields(r, hidden);
      return { fields, labels: await dictionaryLabels(tx, r, fields), where, params: params.values, order };
    })
    .catch(asCallerError);
}

/** Control characters XML 1.0 refuses (all but tab, newline, carriage return); removed from xlsx text. */
const XML_CONTROL = Array.from({ length: 31 }, (_, i) => i + 1).filter((c) => c !== 9 && c !== 10 && c !== 13).map((c) => String.fromCharCode(c)).join('');
/** Stands for the row number in a row's XML until the batch numbers its rows (data never holds it: see XML_CONTROL). */
const ROW_NO = '\u0001';

/**
 * One sheet row per table row, built by PostgreSQL like the CSV lines: text cells inline and XML-escaped,
 * numbers as numbers, empty values left out. Cell references carry ROW_NO for the row number.
 */
function xlsxRowExpr(r: ResourceDescriptor, fields: string[], labels: Map<string, Map<string, string>>, params: Params): string {
  const control = params.add(XML_CONTROL);
  // Only stored text needs escaping; dates, numbers and labels (escaped here) are safe as they are.
  const cell = (ref: string, e: string) => `coalesce('<c r="${ref}" t="inlineStr"><is><t>' || ${e} || '</t></is></c>', '')`;
  const escaped = (e: string) => `replace(replace(replace(translate(${e}, ${control}, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;
  const xml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const cells = fields.map((name, i) => {
    const f = r.fields[name];
    const c = col(r, name);
    const ref = `${columnLetters(i)}${ROW_NO}`;
    const dict = labels.get(name);
    if (dict?.size) return cell(ref, `CASE ${c}::text ${[...dict].map(([v, l]) => `WHEN ${params.add(v)} THEN ${params.add(xml(l))}`).join(' ')} ELSE ${c}::text END`);
    if (f.format === 'date') return cell(ref, `to_char(${c}, 'YYYY-MM-DD')`);
    if (f.format === 'date-time') return cell(ref, `to_char(${c}, 'YYYY-MM-DD HH24:MI:SS')`);
    if (f.type === 'number' || f.type === 'integer') return `coalesce('<c r="${ref}"><v>' || ${c}::text || '</v></c>', '')`;
    if (f.type === 'boolean') return cell(ref, `CASE WHEN ${c} THEN '是' WHEN NOT ${c} THEN '否' END`);
    return cell(ref, escaped(`${c}::text`));
  });
  return `'<row r="${ROW_NO}">' || ${cells.join(' || ')} || '</row>'`;
}

/**
 * Keyset batches of the planned query, each batch one row from PostgreSQL: `line` builds a row's text,
 * `join` aggregates the batch's lines (s.line, s.rn its 1-based position in the batch).
 */
async function* textBatches(
  db: CallerDb,
  tenantId: number,
  r: ResourceDescriptor,
  p: ExportPlan,
  line: (params: Params) => string,
  join: (params: Params, done: number) => string,
): AsyncGenerator<string> {
  // The aggregates read the subquery's rows in its ORDER BY: a subquery with LIMIT is never flattened
  // or run in parallel, so its order reaches string_agg and row_number(). Sorting again inside the
  // aggregate cost a third of the export time.
  interface Batch {
    chunk: string | null;
    n: number;
    /** Key of the batch's last row; null when it was the last batch. */
    last: LastKey | null;
  }
  const batchRows = exportBatchRows();
  const fetchBatch = async (last: LastKey | null, done: number): Promise<Batch> => {
    const params = new Params();
    for (const v of p.params) params.add(v);
    const lineExpr = line(params);
    const where = [...p.where];
    if (last) where.push(afterKey(r, p.order, last, params));
    const res: { rows: ({ chunk: string | null; n: number | string } & Record<string, unknown>)[] } = await db.tenant(tenantId, (tx) =>
      tx.query(
        `SELECT ${join(params, done)} AS chunk, count(*) AS n, ${lastKeyAggregates(r, p.order)}
           FROM (SELECT b.*, row_number() OVER () AS rn
                   FROM (SELECT ${lineExpr} AS line, ${keyColumns(r, p.order)} FROM ${quoteIdent(r.table)} t
                          WHERE ${where.join(' AND ')} ORDER BY ${orderBy(r, p.order)} LIMIT ${batchRows}) b) s`,
        params.values,
      ),
    );
    const { chunk, n } = res.rows[0];
    return { chunk, n: Number(n), last: Number(n) < batchRows ? null : lastKeyOf(r, p.order, res.rows[0]) };
  };
  let done = 0;
  let next: Promise<Batch> | null = fetchBatch(null, 0);
  while (next) {
    const batch: Batch = await next;
    done += batch.n;
    // The next batch is asked for before this one is sent, so a PostgreSQL server builds it meanwhile.
    // If the caller goes away first, its result (or error) is dropped, never an unhandled rejection.
    next = batch.last ? fetchBatch(batch.last, done) : null;
    next?.catch(() => {});
    if (batch.chunk) yield batch.chunk;
  }
}

/** The planned query as CSV lines (CRLF after each), in keyset batches. */
export const csvBatches = (db: CallerDb, tenantId: number, r: ResourceDescriptor, p: ExportPlan) =>
  textBatches(db, tenantId, r, p, (params) => csvLineExpr(r, p.fields, p.labels, params), () => `string_agg(s.line, E'\\r\\n') || E'\\r\\n'`);

/** The planned query as sheet rows numbered from 2 (row 1 is the header), in keyset batches. */
export const xlsxBatches = (db: CallerDb, tenantId: number, r: ResourceDescriptor, p: ExportPlan) =>
  textBatches(db, tenantId, r, p, (params) => xlsxRowExpr(r, p.fields, p.labels, params), (params, done) => `string_agg(replace(s.line, '${ROW_NO}', (s.rn + ${params.add(done + 1)}::bigint)::text), '')`);

/** The Chinese file name (RFC 5987), and for old clients an ASCII one keeping its time stamp and extension. */
export const attachment = (name: string) => {
  const ascii = `export${name.replace(/^[^_]*/, '').replace(/[^\w.-]/g, '') || `.${name.split('.').pop()}`}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** Rows one xlsx sheet holds besides its header row (Excel's limit is 1,048,576 rows). */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

/**
 * Excel cannot open a sheet past its row limit, and a cut-off file would look complete: refuse before
 * the first byte, counting no further than the limit so the check stays cheap on any table.
 */
export async function refuseOverSheetLimit(db: CallerDb, tenantId: number, r: Pick<ResourceDescriptor, 'table'>, p: Pick<ExportPlan, 'where' | 'params'>, limit = XLSX_MAX_DATA_ROWS): Promise<void> {
  const n = await countUpTo(db, tenantId, r, p, limit + 1);
  if (n === 0) throw new ApiError('BAD_REQUEST', '暂无数据');
  if (n > limit) throw new ApiError('BAD_REQUEST', `导出数据超过 Excel 单表上限 ${limit.toLocaleString('en-US')} 行，请增加筛选条件或导出 CSV`);
}

/** Rows the filter matches, counted no further than `upTo` (cheap on any table). */
async function countUpTo(db: CallerDb, tenantId: number, r: Pick<ResourceDescriptor, 'table'>, p: Pick<ExportPlan, 'where' | 'params'>, upTo: number): Promise<number> {
  return db.tenant(tenantId, async (tx) =>
    Number(
      (
        await tx.query<{ n: string }>(
          `SELECT count(*) AS n FROM (SELECT 1 FROM ${quoteIdent(r.table)} t WHERE ${p.where.join(' AND ')} LIMIT ${Math.trunc(upTo)}) x`,
          p.params,
        )
      ).rows[0].n,
    ),
  );
}

/** Streams the filtered query as CSV (UTF-8 BOM so Excel shows Chinese) or xlsx, without OFFSET scans. */
export function exportHandler(r: ResourceDescriptor, route: RouteDecl, appDb: Database, fileTitle = r.title) {
  return async (req: Req, reply: FastifyReply) => {
    // Every batch (and the COPY) in the caller's shops, as req.tenantTx would open it.
    const db = callerDb(appDb, req.auth!);
    const format = String((req.query as Record<string, unknown>)?.format ?? inputOf(req, route).format ?? route.format ?? 'csv');
    if (format !== 'csv' && format !== 'xlsx') throw new ApiError('BAD_REQUEST', '导出格式只能是 csv 或 xlsx');
    const copy = format === 'csv' && db.copyOut;
    const tenantId = req.auth!.tenantId;
    // A snapshot report's export checks its month and shop as its page does: a malformed or future month, another
    // tenant's shop, or a month never computed is said as such, not as 暂无数据.
    if (r.snapshot) {
      const notCollected = await db.tenant(tenantId, (tx) => snapshotPageCheck(tx, r, inputOf(req, route) as Record<string, unknown>)).catch(asCallerError);
      if (notCollected) throw new ApiError('BAD_REQUEST', notCollected.message);
    }
    const p = await plan(req, r, route, !!copy, db.pinyinCollation);
    // Nothing to export answers 暂无数据 before the first byte, instead of a file holding only its header.
    if (format === 'xlsx') await refuseOverSheetLimit(db, tenantId, r, p);
    else if ((await countUpTo(db, tenantId, r, p, 1).catch(asCallerError)) === 0) throw new ApiError('BAD_REQUEST', '暂无数据');
    const headers = p.fields.map((f) => r.fields[f].title);
    reply.header('content-disposition', attachment(`${fileTitle}_${fileStamp(reply.server.businessTz)}.${format}`));
    if (copy) {
      // The first chunk is awaited before answering, so a COPY that fails to start is still an error status.
      const rows = (await copy(tenantId, csvCopySql(r, p)).catch(asCallerError))[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const first = await rows.next().catch(async (err) => {
        await rows.return?.();
        return asCallerError(err);
      });
      const crlf = crlfRows();
      reply.type('text/csv; charset=utf-8');
      async function* body() {
        yield `\uFEFF${headers.map(csvCell).join(',')}\r\n`;
        if (first.done) return;
        yield crlf(first.value);
        try {
          for (let c = await rows.next(); !c.done; c = await rows.next()) yield crlf(c.value);
        } finally {
          // Ends the COPY if the caller went away first (no-op once it has ended).
          await rows.return?.();
        }
      }
      return reply.send(Readable.from(body()));
    }
    if (format === 'csv') {
      reply.type('text/csv; charset=utf-8');
      async function* body() {
        yield `\uFEFF${headers.map(csvCell).join(',')}\r\n`;
        yield* csvBatches(db, tenantId, r, p);
      }
      return reply.send(Readable.from(body()));
    }
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const out = new PassThrough();
    async function* rows() {
      yield textRow(1, headers);
      yield* xlsxBatches(db, tenantId, r, p);
    }
    writeXlsx(out, r.title, rows()).catch((err) => {
      req.log.error(err, 'xlsx export failed');
      out.destroy(err);
    });
    return reply.send(out);
  };
}
