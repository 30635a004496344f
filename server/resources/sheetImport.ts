import type { FastifyReply } from 'fastify';
import { isDateText } from '../../core/descriptors/dates.ts';
import { ApiError } from '../errors.ts';
import type { Req } from './access.ts';
import { loadExcel } from './excel.ts';
import { cellValue, fileBuffer, type ImportRowError } from './importer.ts';

/**
 * Reading an uploaded sheet by column titles, for domain imports whose rows name things as people know them
 * (a shop by its code, a usage by its name) rather than the generic import's one-row-per-record columns.
 */

export const MAX_ROWS = 2000;

export type Cell = unknown;
export interface Sheet {
  rows: { row: number; get: (column: string) => Cell }[];
}

/** An xlsx with the columns' titles in its first row. */
export async function template(reply: FastifyReply, sheet: string, columns: string[]) {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(columns);
  ws.columns.forEach((c) => (c.width = 18));
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${sheet}导入模板.xlsx`)}`)
    .send(buf);
}

/** The first sheet's rows by column title (a leading * of required columns ignored); 400 when a required column is missing. */
export async function readSheet(req: Req, required: string[]): Promise<Sheet | ImportRowError[]> {
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load((await fileBuffer(req)) as unknown as ArrayBuffer);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('BAD_REQUEST', '文件不是有效的 xlsx 文件');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new ApiError('BAD_REQUEST', '文件中没有工作表');
  const col = new Map<string, number>();
  ws.getRow(1).eachCell((cell, n) => col.set(String(cellValue(cell.value) ?? '').replace(/^\*/, '').trim(), n));
  const missing = required.filter((c) => !col.has(c)).map((c) => ({ row: 1, field: c, message: `缺少“${c}”列` }));
  if (missing.length) return missing;
  const rows: Sheet['rows'] = [];
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const get = (c: string) => (col.has(c) ? cellValue(r.getCell(col.get(c)!).value) : undefined);
    if ([...col.keys()].every((c) => get(c) === undefined || get(c) === null || String(get(c)).trim() === '')) return;
    rows.push({ row: n, get });
  });
  if (!rows.length) throw new ApiError('BAD_REQUEST', '暂无数据');
  if (rows.length > MAX_ROWS) throw new ApiError('BAD_REQUEST', `一次最多导入${MAX_ROWS}行`);
  return rows.length ? { rows } : [];
}

export const text = (v: Cell) => (v === undefined || v === null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim());

/** An amount cell: a number above zero with at most 2 decimals. */
export function amountOf(v: Cell, title: string): number | string {
  const n = typeof v === 'number' ? v : Number(text(v));
  if (!text(v)) return `${title}不能为空`;
  if (!Number.isFinite(n) || n <= 0 || n > 9999999.99) return `${title}应为大于0且不超过9999999.99的数字`;
  if (Number(n.toFixed(2)) !== n) return `${title}最多2位小数`;
  return n;
}

/** A date cell (an Excel date, or 2026-11-03 / 2026/11/3 typed as text) as YYYY-MM-DD. */
export function dateOf(v: Cell, title: string): string {
  const t = text(v).replace(/\//g, '-').replace(/-(\d)(?=-|$)/g, '-0$1');
  if (!t) throw new RangeError(`${title}不能为空`);
  if (!isDateText('date', t)) throw new RangeError(`${title}格式应为 YYYY-MM-DD`);
  return t;
}
