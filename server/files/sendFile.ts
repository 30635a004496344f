import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCodes } from '../errors.ts';
import type { StoredFile } from './fileInfo.ts';
import { contentTypeOf } from './fileTypes.ts';
import { decideRange, ifRangeMatches } from './range.ts';
import type { FileStore } from './storage.ts';

/**
 * Sends a stored file whole or the byte range asked for (206), so a <video> can seek; ETag / If-None-Match /
 * If-Range as RFC 9110. `cacheControl`: objects never change under a key, so the file service lets the browser keep
 * them (private: they belong to one tenant); a caller that checks access on every request (a course's stream) asks
 * the browser to come back each time instead.
 */
export async function sendStoredFile(
  req: FastifyRequest, reply: FastifyReply, row: StoredFile, store: FileStore, location: string, disposition: 'inline' | 'attachment',
  cacheControl = 'private, max-age=86400',
) {
  const size = await store.size(location);
  if (size === undefined) throw new ApiError('NOT_FOUND', '文件不存在或已被删除');
  const etag = `"${row.sha256}"`;
  const inline = disposition === 'inline' && !!contentTypeOf(row.object_key)?.inline;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', row.created_at.toUTCString())
    .header('content-type', row.content_type)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.file_name)}`);
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  const ifRange = typeof req.headers['if-range'] === 'string' ? req.headers['if-range'] : undefined;
  const decision = ifRangeMatches(ifRange, etag, row.created_at) ? decideRange(req.headers.range, size) : { kind: 'full' as const };
  if (decision.kind === 'unsatisfiable') {
    const e = ErrorCodes.RANGE_NOT_SATISFIABLE;
    return reply.status(416).header('content-range', `bytes */${size}`).header('content-type', 'application/json; charset=utf-8').send({ code: e.code, msg: e.msg, data: null });
  }
  if (decision.kind === 'partial') {
    const { start, end } = decision;
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(await store.read(location, { start, end }));
  }
  reply.header('content-length', size);
  return reply.status(200).send(size === 0 ? '' : await store.read(location));
}
