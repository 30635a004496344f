import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors.ts';
import { attachment, csvCell } from '../resources/exporter.ts';
import { fileStamp } from './fileStamp.ts';
import { guardedKeys } from './fieldGuard.ts';

/**
 * A small CSV answer built in memory (report pages, one sync's exceptions): UTF-8 with a BOM so Excel reads the
 * Chinese, one header of `columns` titles, fields in `hidden` left out with their headers, and the file named
 * `fileTitle_<the shops' clock>.csv`. Nothing to send is the caller's 暂无数据, not an empty file. Large lists stream
 * through the engine's exporter instead.
 */
export function sendCsv(reply: FastifyReply, fileTitle: string, columns: [string, string][], rows: Record<string, unknown>[], hidden: ReadonlySet<string> = new Set()): FastifyReply {
  if (!rows.length) throw new ApiError('BAD_REQUEST', '暂无数据');
  // Columns a field permission guards go too when the caller lacks it (server/http/fieldGuard.ts), whatever the route passed.
  const guarded = guardedKeys(reply.request.auth);
  const cols = columns.filter(([f]) => !hidden.has(f) && !guarded.has(f));
  const lines = [cols.map(([, t]) => csvCell(t)).join(','), ...rows.map((r) => cols.map(([f]) => csvCell(r[f])).join(','))];
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(`${fileTitle}_${fileStamp(reply.server.businessTz)}.csv`))
    .send(`\uFEFF${lines.join('\r\n')}\r\n`);
}
