import type { FastifyReply } from 'fastify';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type ExcelJS from 'exceljs';
import { loadExcel } from './excel.ts';
import { columnOf, writableFields } from '../../core/descriptors/resource.ts';
import type { FieldSchema, ResourceDescriptor } from '../../core/descriptors/types.ts';
import { callerDb, type CallerDb, type Database, type Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { chineseValidationMessage } from '../http/validation.ts';
import { dateKeyword } from '../http/inputGuard.ts';
import { hiddenFor, type Req } from './access.ts';
import { attachment, dictionaryLabels } from './exporter.ts';
import { Params } from './params.ts';
import { quoteIdent, sqlType } from './query.ts';
import { writeBodySchema } from './schemas.ts';
import { constraintError, writeRefusal } from './dbErrors.ts';

/** Most data rows one import file may hold. */
export const IMPORT_MAX_ROWS = 50_000;
const INSERT_BATCH = 500;

export interface ImportRowError {
  /** Row number as Excel shows it (the header is row 1). */
  row: number;
  field: string;
  message: string;
}

// allErrors: a bad row is reported with every problem it has, not only its first.
const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, coerceTypes: false });
addFormats(ajv);
ajv.addKeyword({ keyword: 'x-msg', schemaType: 'string' });
// Dates are real calendar days, checked as a call's are.
dateKeyword(ajv);

/** Fields an import reads and the template lists: writable ones the importer may see. */
const importFields = (r: ResourceDescriptor, hidden: Set<string>) => writableFields(r).filter((f) => !hidden.has(f));

/** The template: one header row of field titles (required ones marked 必填 in a note), and a sheet explaining each column. */
export function templateHandler(r: ResourceDescriptor, appDb: Database) {
  return async (req: Req, reply: FastifyReply) => {
    const auth = req.auth!;
    const db = callerDb(appDb, auth);
    const { fields, labels } = await db.tenant(auth.tenantId, async (tx) => {
      const fields = importFields(r, await hiddenFor(tx, auth, r));
      return { fields, labels: await dictionaryLabels(tx, r, fields) };
    });
    const wb = new (await loadExcel()).Workbook();
    const ws = wb.addWorksheet(r.title);
    const required = new Set(r.required ?? []);
    ws.addRow(fields.map((f) => r.fields[f].title));
    fields.forEach((f, i) => {
      const cell = ws.getRow(1).getCell(i + 1);
      cell.font = { bold: true, color: { argb: required.has(f) ? 'FFC00000' : 'FF000000' } };
      if (required.has(f)) cell.note = '必填';
      ws.getColumn(i + 1).width = Math.max(12, r.fields[f].title.length * 2 + 4);
    });
    const help = wb.addWorksheet('填写说明');
    help.addRow(['列', '必填', '规则']);
    for (const f of fields) help.addRow([r.fields[f].title, required.has(f) ? '是' : '否', ruleText(r.fields[f], labels.get(f))]);
    reply.header('content-disposition', attachment(`${r.title}导入模板.xlsx`));
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
  };
}

function ruleText(f: FieldSchema, labels?: Map<string, string>): string {
  const parts: string[] = [];
  if (labels?.size) parts.push(`可选：${[...labels.values()].join('、')}`);
  else if (f.enum) parts.push(`可选：${f.enum.join('、')}`);
  if (f.format === 'date') parts.push('日期，如 2026-01-31');
  if (f.format === 'date-time') parts.push('时间，如 2026-01-31 08:30:00');
  if (f.format === 'phone') parts.push('11 位手机号码');
  if (f.maxLength) parts.push(`最多 ${f.maxLength} 个字符`);
  if (f.type === 'number') parts.push(`数字${f['x-decimals'] !== undefined ? `，最多 ${f['x-decimals']} 位小数` : ''}`);
  if (f.type === 'integer' && !labels?.size && !f.enum) parts.push('整数');
  return parts.join('；');
}

/** A cell as plain JSON: rich text joined, formulas as their result, dates as YYYY-MM-DD. */
export function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, v.getUTCHours() || v.getUTCMinutes() || v.getUTCSeconds() ? 19 : 10).replace('T', ' ');
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
    if ('error' in v) return null;
  }
  return v;
}

/** Turns a cell into the field's type; a value that cannot be is left for the validator to name. */
function toFieldValue(f: FieldSchema, v: unknown, labels?: Map<string, string>): unknown {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
  if (labels?.size) {
    const text = String(v).trim();
    for (const [value, label] of labels) if (label === text) return f.type === 'string' ? value : Number(value);
  }
  if (f.type === 'integer' || f.type === 'number') {
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    return Number.isFinite(n) ? n : String(v);
  }
  if (f.type === 'boolean') return v === true || v === '是' || v === 'true' || v === 1 ? true : v === false || v === '否' || v === 'false' || v === 0 ? false : String(v);
  if (f.format === 'date' && typeof v === 'string') return v.trim().slice(0, 10).replace(/\//g, '-');
  return String(v).trim();
}

/**
 * A number-valued dictionary column holding a text that is none of its labels (商品分类 “家电”): named like
 * the API's refusal of a value outside the list, with the labels to choose from, rather than as a bad format.
 */
function offDictionary(r: ResourceDescriptor, values: Record<string, unknown>, labels: Map<string, Map<string, string>>): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  for (const [name, v] of Object.entries(values)) {
    const choices = labels.get(name);
    if (!choices?.size || typeof v !== 'string' || r.fields[name].type === 'string') continue;
    const title = r.fields[name].title;
    out.push({ field: title, message: `${title}取值不在允许范围内（可选：${[...choices.values()].join('、')}）` });
  }
  return out;
}

/**
 * The uploaded file of an import: a multipart part, or the xlsx posted as the body itself. The one way a route reads
 * a file, so a route doing it must declare the file types (`schema.consumes: FILE_BODY`) the input guard lets in.
 */
export async function fileBuffer(req: Req): Promise<Buffer> {
  if (!(req.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data'))
    throw new Error(`${req.routeOptions.method} ${req.routeOptions.url} reads an uploaded file without declaring schema.consumes: FILE_BODY`);
  if (req.isMultipart()) {
    const part = await req.file();
    if (!part) throw new ApiError('BAD_REQUEST', '请选择要导入的文件');
    return part.toBuffer();
  }
  if (Buffer.isBuffer(req.body)) return req.body;
  throw new ApiError('BAD_REQUEST', '请上传 xlsx 文件');
}

/**
 * Reads an xlsx file, validates every row like a create would, and writes all rows in one transaction
 * or none: any bad row answers 400 with the per-row report and nothing is written.
 */
export function importHandler(r: ResourceDescriptor, appDb: Database) {
  return async (req: Req, reply: FastifyReply) => {
    const auth = req.auth!;
    const db = callerDb(appDb, auth);
    const buf = await fileBuffer(req);
    const wb = new (await loadExcel()).Workbook();
    try {
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      throw new ApiError('BAD_REQUEST', '文件不是有效的 xlsx 文件');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new ApiError('BAD_REQUEST', '文件中没有工作表');
    const { fields, labels } = await db.tenant(auth.tenantId, async (tx) => {
      const fields = importFields(r, await hiddenFor(tx, auth, r));
      return { fields, labels: await dictionaryLabels(tx, r, fields) };
    });
    const byTitle = new Map(fields.map((f) => [r.fields[f].title, f]));
    const columns = new Map<number, string>();
    ws.getRow(1).eachCell((cell, n) => {
      const title = String(cellValue(cell.value) ?? '').replace(/^\*/, '').trim();
      const f = byTitle.get(title);
      if (f) columns.set(n, f);
    });
    const errors: ImportRowError[] = [];
    const missing = (r.required ?? []).filter((f) => fields.includes(f) && ![...columns.values()].includes(f));
    for (const f of missing) errors.push({ row: 1, field: r.fields[f].title, message: `缺少“${r.fields[f].title}”列` });
    if (missing.length) return reply.status(400).send(report(0, 0, errors));

    const validate = ajv.compile(writeBodySchema(r, { method: 'POST', path: 'import', action: 'create' }, 'create'));
    const rows: ImportRow[] = [];
    ws.eachRow({ includeEmpty: false }, (row, n) => {
      if (n === 1) return;
      const values: Record<string, unknown> = {};
      for (const [c, f] of columns) {
        const v = toFieldValue(r.fields[f], cellValue(row.getCell(c).value), labels.get(f));
        if (v !== undefined) values[f] = v;
      }
      if (Object.keys(values).length) rows.push({ row: n, values });
    });
    if (!rows.length) throw new ApiError('BAD_REQUEST', '暂无数据');
    if (rows.length > IMPORT_MAX_ROWS) throw new ApiError('BAD_REQUEST', `一次最多导入${IMPORT_MAX_ROWS}行`);
    for (const { row, values } of rows) {
      // Every problem of the row, one entry per field: values off a dictionary list, then the schema's checks on
      // the other fields (calendar dates included), and decimals.
      const rowErrors = offDictionary(r, values, labels);
      const reported = new Set(rowErrors.map((e) => e.field));
      const checked = Object.fromEntries(Object.entries(values).filter(([name]) => !reported.has(r.fields[name]?.title)));
      if (!validate(checked)) {
        for (const e of validate.errors as (ErrorObject & { parentSchema?: { title?: string } })[]) {
          const missingProp = (e.params as { missingProperty?: string }).missingProperty;
          const field = (missingProp ? r.fields[missingProp]?.title : (e.parentSchema?.title ?? e.instancePath.slice(1))) ?? '';
          if (reported.has(field)) continue;
          reported.add(field);
          rowErrors.push({ field, message: chineseValidationMessage([e] as never, 'body') });
        }
      }
      for (const [name, v] of Object.entries(values)) {
        const d = r.fields[name]['x-decimals'];
        if (d !== undefined && typeof v === 'number' && Number(v.toFixed(d)) !== v && !reported.has(r.fields[name].title)) rowErrors.push({ field: r.fields[name].title, message: `${r.fields[name].title}最多${d}位小数` });
      }
      for (const e of rowErrors) errors.push({ row, ...e });
    }
    // Unique fields: a value repeated in the file or already stored is reported on each offending row.
    const uniques = fields.filter((f) => r.fields[f]['x-unique']);
    const existing = await db.tenant(auth.tenantId, async (tx) => {
      const out = new Map<string, Set<string>>();
      for (const f of uniques) {
        const values = rows.map((x) => x.values[f]).filter((v) => v !== undefined && v !== null);
        const hit = await tx.query<{ v: string }>(`SELECT ${quoteIdent(columnOf(r, f))}::text AS v FROM ${quoteIdent(r.table)} WHERE ${quoteIdent(columnOf(r, f))} = ANY($1::${sqlType(r.fields[f])}[])`, [values]);
        out.set(f, new Set(hit.rows.map((x) => x.v)));
      }
      return out;
    });
    for (const f of uniques) {
      const firstRow = new Map<string, number>();
      for (const { row, values } of rows) {
        if (values[f] === undefined || values[f] === null) continue;
        const v = String(values[f]);
        if (existing.get(f)!.has(v)) errors.push({ row, field: r.fields[f].title, message: `${r.fields[f].title}“${v}”已存在` });
        else if (firstRow.has(v)) errors.push({ row, field: r.fields[f].title, message: `${r.fields[f].title}“${v}”与第${firstRow.get(v)}行重复` });
        else firstRow.set(v, row);
      }
    }
    if (errors.length) return reply.status(400).send(report(rows.length, 0, errors.sort((a, b) => a.row - b.row)));

    const defaults = Object.entries(r.fields).filter(([name, f]) => f.default !== undefined && fields.includes(name));
    for (const { values } of rows) for (const [name, f] of defaults) if (values[name] === undefined) values[name] = f.default;
    const insert = (tx: Queryable, batch: ImportRow[]) => {
      const params = new Params();
      const tuples = batch.map(({ values }) => `(${[params.add(auth.tenantId), ...fields.map((f) => (values[f] === undefined ? 'DEFAULT' : params.add(values[f])))].join(', ')})`);
      return tx.query(`INSERT INTO ${quoteIdent(r.table)} (tenant_id, ${fields.map((f) => quoteIdent(columnOf(r, f))).join(', ')}) VALUES ${tuples.join(', ')}`, params.values);
    };
    try {
      await db.tenant(auth.tenantId, async (tx) => {
        for (let i = 0; i < rows.length; i += INSERT_BATCH) await insert(tx, rows.slice(i, i + INSERT_BATCH));
      });
    } catch (err) {
      // The database refused a row (a reference to a missing row, a trigger's check, a key the descriptor
      // does not declare unique): nothing was written (one transaction); find which rows, to report them.
      if (!writeRefusal(r, err)) throw err;
      const { refused, stopped } = await refusedRows(db, auth.tenantId, r, rows, insert);
      if (refused.length) return reply.status(400).send(report(rows.length, 0, refused, stopped));
      // Refused, yet every row passes on its own now: another write came in between.
      if ((err as { code?: string }).code === '23505') throw new ApiError('CONFLICT', '导入数据与已有数据重复，请刷新后重试');
      return constraintError(r, err);
    }
    return report(rows.length, rows.length, []);
  };
}

interface ImportRow {
  row: number;
  values: Record<string, unknown>;
}

/** Most database refusals one failed import reports; at that many the search stops (the answer says so). */
export const IMPORT_MAX_REFUSALS = 100;

/**
 * The rows the database refuses, each with the field and message a single write would answer: the rows
 * are written again in one transaction that is always rolled back, batch by batch under a savepoint, and
 * row by row within a refused batch (earlier rows stay, so a row repeating an earlier one's key is the
 * one reported). Runs only after a failed import, so a good file pays nothing.
 */
async function refusedRows(
  db: CallerDb,
  tenantId: number,
  r: ResourceDescriptor,
  rows: ImportRow[],
  insert: (tx: Queryable, batch: ImportRow[]) => Promise<unknown>,
): Promise<{ refused: ImportRowError[]; stopped: boolean }> {
  const refused: ImportRowError[] = [];
  let checked = 0;
  const rollBack = new Error('import check: roll back');
  const attempt = async (tx: Queryable, batch: ImportRow[]): Promise<unknown> => {
    await tx.query('SAVEPOINT import_check');
    try {
      await insert(tx, batch);
      await tx.query('RELEASE SAVEPOINT import_check');
      return undefined;
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT import_check');
      await tx.query('RELEASE SAVEPOINT import_check');
      return err;
    }
  };
  // Field titles longest first, to name the field of a trigger's message (条形码校验位不正确 -> 条形码).
  const titles = Object.values(r.fields).map((f) => f.title).sort((a, b) => b.length - a.length);
  await db
    .tenant(tenantId, async (tx) => {
      for (let i = 0; i < rows.length && refused.length < IMPORT_MAX_REFUSALS; i += INSERT_BATCH) {
        const batch = rows.slice(i, i + INSERT_BATCH);
        if (!(await attempt(tx, batch))) continue;
        for (const one of batch) {
          if (refused.length >= IMPORT_MAX_REFUSALS) break;
          checked = one.row;
          const err = await attempt(tx, [one]);
          if (!err) continue;
          const refusal = writeRefusal(r, err);
          if (!refusal) throw err;
          refused.push({ row: one.row, field: refusal.field ?? titles.find((t) => refusal.message.startsWith(t)) ?? '', message: refusal.message });
        }
      }
      throw rollBack;
    })
    .catch((err) => {
      if (err !== rollBack) throw err;
    });
  return { refused, stopped: refused.length >= IMPORT_MAX_REFUSALS && checked !== rows.at(-1)!.row };
}

/** The answer of an import; `stopped`: the errors are the first IMPORT_MAX_REFUSALS of possibly more. */
export function report(total: number, imported: number, errors: ImportRowError[], stopped = false) {
  const first = errors[0];
  const count = stopped ? `错误较多，仅列出前${errors.length}处` : `共${errors.length}处错误`;
  const msg = errors.length ? `导入失败，${count}${first ? `，第${first.row}行：${first.message}` : ''}；未写入任何数据` : `导入成功，共${imported}条`;
  return { code: errors.length ? 400 : 200, msg, data: { total, imported, errors } };
}
