import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as registered: what the permission audit and the OpenAPI checks read. */
export interface RouteEntry {
  method: string;
  url: string;
  config: Record<string, unknown>;
  /** The route's schema as registered (params, querystring, body, consumes), for sweeps that enumerate inputs. */
  schema: Record<string, unknown>;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Records every route registered after this call (call it first thing on the root instance). */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) table.push({ method: String(method), url: route.url ?? '', config: (route.config ?? {}) as Record<string, unknown>, schema: (route.schema ?? {}) as Record<string, unknown> });
  });
}

export const routeTable = (app: FastifyInstance): readonly RouteEntry[] => tables.get(app) ?? [];
