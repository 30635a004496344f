import type { FastifyReply } from 'fastify';
import { ApiError } from '../../errors.ts';
import { loadExcel } from '../../resources/excel.ts';
import { fileStamp } from '../../http/fileStamp.ts';
import { attachment, csvCell } from '../../resources/exporter.ts';

/** One column of a statistics export: the answer field and its Chinese header. */
export interface ExportColumn {
  field: string;
  title: string;
}

/**
 * Sends computed rows as xlsx (default) or CSV (UTF-8 with BOM, like the list's browser export), named
 * `<title>_<time>.xlsx`. Columns whose field no row carries (cost and margin hidden from the caller) are left out
 * of the file, header included. No rows: 400 暂无数据 (spec 000 §5).
 */
export async function sendTable(reply: FastifyReply, title: string, format: 'xlsx' | 'csv' | undefined, columns: ExportColumn[], rows: Record<string, unknown>[]) {
  if (!rows.length) throw new ApiError('BAD_REQUEST', '暂无数据');
  const cols = columns.filter((c) => rows.some((r) => c.field in r));
  const name = `${title}_${fileStamp(reply.server.businessTz)}`;
  if (format === 'csv') {
    const lines = [cols.map((c) => csvCell(c.title)).join(','), ...rows.map((r) => cols.map((c) => csvCell(r[c.field])).join(','))];
    reply.header('content-disposition', attachment(`${name}.csv`));
    reply.type('text/csv; charset=utf-8');
    return reply.send(`\uFEFF${lines.join('\r\n')}\r\n`);
  }
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(title.slice(0, 31));
  ws.addRow(cols.map((c) => c.title));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(cols.map((c) => (r[c.field] ?? null) as never));
  ws.columns.forEach((c) => { c.width = 14; });
  reply.header('content-disposition', attachment(`${name}.xlsx`));
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
}
