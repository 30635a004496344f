import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../errors.ts';

/**
 * What every route's input goes through before its own validation, so no route answers a 500 or writes a
 * silent 0 for input the database cannot take:
 * - integers without a declared range get PostgreSQL's integer range (an id of 2147483648 or a page number of
 *   10^20 is a 400 naming the field, not an overflow inside the query);
 * - a NUL character, which PostgreSQL text cannot hold, is refused in any string of the path, query or body;
 * - `null` is never coerced to 0, "" or false: where the schema does not allow null, a required field answers
 *   …不能为空 and an optional one counts as not sent.
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
};

export const INT_MAX = 2147483647;
export const INT_MIN = -2147483648;

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

const label = (s: Schema | undefined, key: string) => s?.title ?? key;

/** Refuses NUL characters anywhere in the value (keys too), naming the field. */
export function refuseNul(value: unknown, s: Schema | undefined, key: string): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new ApiError('BAD_REQUEST', `${label(s, key)}不能包含空字符`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => refuseNul(v, s?.items, `${label(s, key)}第${i + 1}项`));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) throw new ApiError('BAD_REQUEST', '参数名不能包含空字符');
      refuseNul(v, s?.properties?.[k], k);
    }
  }
}

/**
 * Nulls where the schema does not allow null: a required field answers …不能为空, an optional one is
 * dropped (it was not given). Lines of an array are walked with their item schema; `第N行：` names the line.
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
    const v = obj[k];
    if (v === null) {
      if (types(prop).includes('null') || types(prop).length === 0) continue;
      if (s.required?.includes(k)) throw new ApiError('BAD_REQUEST', `${prefix}${label(prop, k)}不能为空`);
      delete obj[k];
    } else settleNulls(v, prop, prefix);
  }
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Record<string, Schema | undefined> | undefined;
    if (!schema) return;
    for (const part of ['params', 'querystring', 'body'] as const) boundIntegers(schema[part]);
  });
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const schema = req.routeOptions.schema as Record<string, Schema | undefined> | undefined;
    refuseNul(req.params, schema?.params, '路径参数');
    refuseNul(req.query, schema?.querystring, '查询参数');
    if (req.body !== undefined && !Buffer.isBuffer(req.body)) {
      refuseNul(req.body, schema?.body, '请求内容');
      settleNulls(req.body, schema?.body);
    }
  });
}
