import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, type ErrorKind } from '../errors.ts';
import type { Envelope } from './envelope.ts';

/**
 * The answers of what Fastify and Node refuse before a route runs — a body too large or of the wrong type, an
 * address too long or malformed, a request Node's parser cannot read — in the API envelope with a Chinese message
 * saying what was wrong, like every other answer (Fastify's own are `{error, message, statusCode}`, in English,
 * or an empty body).
 */

export interface ErrorAnswer {
  status: number;
  body: Envelope<null>;
}

const answer = (kind: ErrorKind, msg?: string): ErrorAnswer => {
  const e = ErrorCodes[kind];
  return { status: e.status, body: { code: e.code, msg: msg ?? e.msg, data: null } };
};

const plain = (status: number, msg: string): ErrorAnswer => ({ status, body: { code: status, msg, data: null } });

/** A client error (4xx) Fastify, a parser or a plugin raised, by its code; undefined for anything else. */
export function clientErrorAnswer(err: FastifyError, req: FastifyRequest): ErrorAnswer | undefined {
  const status = err.statusCode ?? 0;
  if (status < 400 || status >= 500) return undefined;
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim();
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer('BODY_TOO_LARGE', `请求内容过大（该接口最多 ${Math.floor((req.routeOptions.bodyLimit ?? 0) / 1048576) || 1} MB），请减少内容或分批提交`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return answer('BODY_TOO_LARGE', '上传的文件过大，请压缩或拆分后重新上传');
    case 'FST_FILES_LIMIT':
      return answer('BODY_TOO_LARGE', '一次上传的文件过多，请逐个上传');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return answer('BODY_TOO_LARGE', '上传表单的字段过多');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer('UNSUPPORTED_MEDIA_TYPE', type ? `不支持的请求内容类型 ${type}，请以 application/json 发送` : '请求缺少内容类型（Content-Type），请以 application/json 发送');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return answer('UNSUPPORTED_MEDIA_TYPE', '请以 multipart/form-data 上传文件');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return plain(400, '请求体为空，应为 JSON 对象');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return plain(400, '请求体不是合法的 JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return plain(400, '请求内容的长度与 Content-Length 不符');
    case 'FST_PROTO_VIOLATION':
    case 'FST_ERR_PROTO_POISONING':
    case 'FST_ERR_CTP_INSTANCE_PROTO_POISONING':
      return plain(400, '请求内容含有不允许的字段名（__proto__ 或 constructor）');
    case 'FST_MP_PREMATURE_CLOSE':
      return plain(400, '上传在完成前中断，请重新上传');
  }
  if (err instanceof SyntaxError) return plain(400, '请求体不是合法的 JSON');
  if (status === 413) return answer('BODY_TOO_LARGE');
  if (status === 415) return answer('UNSUPPORTED_MEDIA_TYPE');
  return plain(status, `请求内容格式不正确（${http.STATUS_CODES[status] ?? status}）`);
}

/** What the router refuses before any route (Fastify's `frameworkErrors`): a malformed or too long address. */
export function frameworkErrorAnswer(err: FastifyError): ErrorAnswer {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return answer('URI_TOO_LONG', '请求地址过长（路径中的参数最多 100 个字符）');
  if (err.code === 'FST_ERR_BAD_URL') return plain(400, '请求地址格式不正确（含有无法解码的字符）');
  return { status: 500, body: { code: ErrorCodes.INTERNAL.code, msg: ErrorCodes.INTERNAL.msg, data: null } };
}

export const frameworkErrors = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
  const a = frameworkErrorAnswer(err);
  return reply.status(a.status).send(a.body);
};

/**
 * A request Node's HTTP parser refused (Fastify's `clientErrorHandler`): headers or request line too large (431),
 * a request that took too long to arrive (408), anything unreadable (400). The socket is answered and closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const a =
    err.code === 'HPE_HEADER_OVERFLOW' ? answer('HEADERS_TOO_LARGE')
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? answer('REQUEST_TIMEOUT')
    : plain(400, '请求格式不正确，无法读取');
  if (!socket.writable) return void socket.destroy(err);
  const body = JSON.stringify(a.body);
  socket.write(
    `HTTP/1.1 ${a.status} ${http.STATUS_CODES[a.status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroy(err);
}
