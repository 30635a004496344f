import type { Ajv } from 'ajv';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { dateParamMessage, isDateParam, type DateParamKind } from '../../core/descriptors/dates.ts';
import { ApiError } from '../errors.ts';

/**
 * What every route's input goes through before its own validation, so no route answers a 500 or writes a
 * silent 0 for input the database cannot take:
 * - a JSON body nests at most MAX_BODY_DEPTH objects and arrays, counted on the text before it is parsed (without
 *   recursion: nothing walks a deeper body);
 * - a body comes in a content type the route takes: JSON, or the file types a route reading a file declares
 *   (`schema.consumes`); others are a 415 before the body is read;
 * - integers without a declared range get PostgreSQL's integer range (an id of 2147483648 or a page number of
 *   10^20 is a 400 naming the field, not an overflow inside the query);
 * - page numbers (pageNum, pageSize in the path, query or body) are whole numbers written as digits: null, "1e3"
 *   or 1.5 is a 400 naming 页码 / 每页条数;
 * - a date parameter (`x-date` in its schema: a day, a moment or a month) is a real one, a 400 naming the field;
 * - a NUL character, which PostgreSQL text cannot hold, is refused in any string of the path, query or body;
 * - `null` is never coerced to 0, "" or false: where the schema does not allow null, a required field answers
 *   …不能为空 and an optional one counts as not sent; a list sent as null is refused (it never means "all").
 */

type Schema = {
  type?: string | string[];
  title?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  'x-date'?: DateParamKind;
  'x-msg'?: string;
};

export const INT_MAX = 2147483647;
export const INT_MIN = -2147483648;

/** Deepest nesting of objects and arrays a JSON body may have. */
export const MAX_BODY_DEPTH = 64;
export const bodyTooDeepMessage = `请求内容嵌套层数过多（最多 ${MAX_BODY_DEPTH} 层）`;

/** The content type a body is sent in when a route declares none: JSON. */
export const JSON_BODY = ['application/json'] as const;
/** What a route that reads an uploaded file (an xlsx import, a file upload) declares in `schema.consumes`. */
export const FILE_BODY = ['multipart/form-data', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream'];

const types = (s: Schema | undefined): string[] => (s?.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

/** Gives every integer of a schema without a range PostgreSQL's integer range (in place; schemas are route-owned). */
export function boundIntegers(s: Schema | undefined): void {
  if (!s || typeof s !== 'object') return;
  if (types(s).includes('integer')) {
    if (s.maximum === undefined) s.maximum = INT_MAX;
    if (s.minimum === undefined) s.minimum = INT_MIN;
  }
  for (const p of Object.values(s.properties ?? {})) boundIntegers(p);
  boundIntegers(s.items);
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) boundIntegers(alt);
}

/**
 * Whether JSON text nests objects and arrays deeper than `limit`: one pass over the characters with a counter for
 * the open brackets (strings skipped), no parse and no recursion, so a body of any depth costs its length.
 */
export function jsonTooDeep(text: string, limit = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const label = (s: Schema | undefined, key: string) => s?.title ?? key;

/** Refuses NUL characters anywhere in the value (keys too), naming the field. Walks with a stack of its own. */
export function refuseNul(value: unknown, s: Schema | undefined, key: string): void {
  const stack: [unknown, Schema | undefined, string][] = [[value, s, key]];
  while (stack.length) {
    const [v, schema, name] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw new ApiError('BAD_REQUEST', `${label(schema, name)}不能包含空字符`);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, schema?.items, `${label(schema, name)}第${i + 1}项`]));
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) throw new ApiError('BAD_REQUEST', '参数名不能包含空字符');
        stack.push([item, schema?.properties?.[k], k]);
      }
    }
  }
}

const isList = (s: Schema) => types(s).length === 1 && types(s)[0] === 'array';

/**
 * Nulls where the schema does not allow null: a required field answers …不能为空, an optional one is dropped (it
 * was not given), a list is refused either way (null never stands for "all" or "none"). An empty or blank date
 * parameter is a null. Lines of an array are walked with their item schema; `第N行：` names the line.
 */
export function settleNulls(value: unknown, s: Schema | undefined, prefix = ''): void {
  if (!s) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => settleNulls(v, s.items, `第${i + 1}行：`));
    return;
  }
  if (!value || typeof value !== 'object' || !s.properties) return;
  const obj = value as Record<string, unknown>;
  for (const [k, prop] of Object.entries(s.properties)) {
    if (!Object.hasOwn(obj, k)) continue;
    if (prop['x-date'] && typeof obj[k] === 'string' && !(obj[k] as string).trim()) obj[k] = null;
    const v = obj[k];
    if (v === null) {
      if (types(prop).includes('null') || types(prop).length === 0) continue;
      if (s.required?.includes(k) || isList(prop)) throw new ApiError('BAD_REQUEST', `${prefix}${label(prop, k)}不能为空`);
      delete obj[k];
    } else settleNulls(v, prop, prefix);
  }
}

const PAGE_PARAMS = { pageNum: { title: '页码', max: INT_MAX }, pageSize: { title: '每页条数', max: 999999 } } as const;

/**
 * pageNum and pageSize, wherever a call takes them: a whole number from 1, written as digits. JSON Schema's
 * coercion would take "1e3" as 1000 and a null as "not sent" (page 1).
 */
export function checkPageNumbers(values: unknown): void {
  if (!values || typeof values !== 'object' || Array.isArray(values) || Buffer.isBuffer(values)) return;
  for (const [name, { title, max }] of Object.entries(PAGE_PARAMS)) {
    if (!Object.hasOwn(values, name)) continue;
    const v = (values as Record<string, unknown>)[name];
    if (v === null) throw new ApiError('BAD_REQUEST', `${title}不能为空`);
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n)) throw new ApiError('BAD_REQUEST', `${title}应为整数`);
    if (n < 1) throw new ApiError('BAD_REQUEST', `${title}不能小于1`);
    if (n > max) throw new ApiError('BAD_REQUEST', `${title}不能大于${max}`);
  }
}

/** The `x-date` keyword: a date parameter's text is a real day, moment or month (empty counts as not sent). */
export function dateKeyword(ajv: Ajv): Ajv {
  return ajv.addKeyword({
    keyword: 'x-date',
    type: 'string',
    schemaType: 'string',
    errors: false,
    validate: (kind: DateParamKind, data: string) => !data.trim() || isDateParam(kind, data.trim()),
  });
}

/** The message of a failed `x-date` check (server/http/validation.ts): the schema's own, or the field and its form. */
export const dateKeywordMessage = (s: Schema | undefined, fallbackTitle: string): string =>
  s?.['x-msg'] ?? dateParamMessage(s?.title ?? fallbackTitle, s?.['x-date'] ?? 'date');

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim().toLowerCase();

/** Whether a request carries a body (its length is given and not 0, or it is sent in chunks). */
const hasBody = (req: FastifyRequest) => {
  const length = req.headers['content-length'];
  return length !== undefined ? length !== '0' : req.headers['transfer-encoding'] !== undefined;
};

/** 415 unless the body is sent in a content type the route takes (JSON unless it declares `schema.consumes`). */
export function checkContentType(req: FastifyRequest): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.is404 || !hasBody(req)) return;
  const accepted = ((req.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes ?? JSON_BODY).map((t) => t.toLowerCase());
  const sent = mediaType(req.headers['content-type']);
  if (accepted.includes(sent)) return;
  const want = accepted.includes('multipart/form-data') ? '请以 multipart/form-data 上传文件' : `请以 ${accepted.join(' 或 ')} 发送`;
  throw new ApiError('UNSUPPORTED_MEDIA_TYPE', sent ? `不支持的请求内容类型 ${sent}，${want}` : `请求缺少内容类型（Content-Type），${want}`);
}

export function registerInputGuard(app: FastifyInstance): void {
  // JSON bodies: the depth is counted on the text, then Fastify's own parser (prototype poisoning refused) reads it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTooDeep(body as string)) return done(new ApiError('BAD_REQUEST', bodyTooDeepMessage), undefined);
    return parseJson(req, body as string, done);
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Record<string, Schema | undefined> | undefined;
    if (!schema) return;
    for (const part of ['params', 'querystring', 'body'] as const) boundIntegers(schema[part]);
  });
  // After the session checks (onRequest), before the body is read.
  app.addHook('preParsing', async (req) => checkContentType(req));
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const schema = req.routeOptions.schema as Record<string, Schema | undefined> | undefined;
    checkPageNumbers(req.params);
    checkPageNumbers(req.query);
    checkPageNumbers(req.body);
    refuseNul(req.params, schema?.params, '路径参数');
    refuseNul(req.query, schema?.querystring, '查询参数');
    settleNulls(req.query, schema?.querystring);
    if (req.body !== undefined && !Buffer.isBuffer(req.body)) {
      refuseNul(req.body, schema?.body, '请求内容');
      settleNulls(req.body, schema?.body);
    }
  });
}
