import type { FastifyReply } from 'fastify';
import { loadExcel } from '../../resources/excel.ts';
import { attachment } from '../../resources/exporter.ts';

/** The training area's xlsx exports (statistics, exam results): one bold header row, then the rows. */
export async function xlsx(sheet: string, head: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(head);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => { c.width = 16; });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function sendXlsx(reply: FastifyReply, name: string, buf: Buffer) {
  reply.header('content-disposition', attachment(name));
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(buf);
}
