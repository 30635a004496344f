/**
 * Calls typed by the API contract (contract.d.ts, generated from the server's OpenAPI document by `npm run api:types`):
 * a route's path, parameters, body and answer come from the server's own schemas, not from interfaces copied by hand.
 * A thin layer over `call` (http.ts) rather than openapi-fetch, so every call keeps the one client's session, tenant,
 * envelope, timeouts, request log and failure handling.
 */
import type { AxiosRequestConfig } from 'axios';
import type { components, paths } from './contract';
import { call } from './http';

type Method = 'get' | 'post' | 'put' | 'delete';
/** The contract's routes under the client's base URL (/api). */
type Routes = { [P in keyof paths as P extends `/api${infer R}` ? R : never]: paths[P] };
type Op<P extends keyof Routes, M extends Method> = NonNullable<Routes[P][M]>;

/** The routes that answer a method. */
export type RouteOf<M extends Method> = { [P in keyof Routes]: Routes[P][M] extends undefined ? never : P }[keyof Routes];

/** A route's answer (the envelope's `data`). */
export type Answer<P extends RouteOf<M>, M extends Method> =
  Op<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : unknown;
/** A shared schema of the contract, by its $id (server: app.addSchema). */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];
/** A route's JSON body. */
export type Body<P extends RouteOf<M>, M extends Method> =
  Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** A route's multipart form fields (uploads). */
export type MultipartBody<P extends RouteOf<'post'>> =
  Op<P, 'post'> extends { requestBody?: { content: { 'multipart/form-data': infer B } } } ? B : never;
/** A route's query parameters. */
export type Query<P extends RouteOf<M>, M extends Method> = NonNullable<Op<P, M>['parameters']['query']>;
/** A route's path parameters. */
export type PathParams<P extends RouteOf<M>, M extends Method> = NonNullable<Op<P, M>['parameters']['path']>;

export interface Request<P extends RouteOf<M>, M extends Method> {
  path?: PathParams<P, M>;
  query?: Query<P, M>;
  body?: Body<P, M>;
}

/** `/ms/read/{id}` with `{id: 3}` → `/ms/read/3`. */
export function routeUrl(route: string, params: Record<string, unknown> = {}): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${route}: path parameter ${name} missing`);
    return encodeURIComponent(String(params[name]));
  });
}

/** Calls a route of the contract; `extra` carries the client's own options (silent, timeout, progress, multipart data). */
export function api<M extends Method, P extends RouteOf<M>>(
  method: M,
  route: P,
  request: Request<P, M> = {},
  extra: Omit<AxiosRequestConfig, 'method' | 'url' | 'params'> = {},
): Promise<Answer<P, M>> {
  return call<Answer<P, M>>({
    ...extra,
    method: method.toUpperCase(),
    url: routeUrl(route, request.path as Record<string, unknown> | undefined),
    ...(request.query === undefined ? {} : { params: request.query }),
    ...(request.body === undefined ? {} : { data: request.body }),
  });
}
