/**
 * Calls typed by the API contract (contract.d.ts, generated from the server's OpenAPI document by `npm run api:types`):
 * a route's path, parameters, body and answer come from the server's own schemas, not from interfaces copied by hand.
 * A thin layer over `call` (http.ts) rather than openapi-fetch, so every call keeps the one client's session, tenant,
 * envelope, timeouts, request log and failure handling.
 */
import type { AxiosRequestConfig } from 'axios';
import type { Method, PathParams, Query, Body, Answer, RouteOf } from './contractTypes';
import { call } from './http';

export type { Answer, Body, Method, MultipartBody, PathParams, Query, RouteOf, Schema } from './contractTypes';

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
