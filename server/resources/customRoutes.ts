import type { FastifyReply } from 'fastify';
import type { AppServices } from '../context.ts';
import type { Req } from './access.ts';

/**
 * A descriptor route whose work is a domain's own (generate a period's reconciliations): the descriptor declares
 * it (`"action": "custom", "handler": "<key>"`), so its permission, OpenAPI entry and the screens' buttons come
 * from the descriptor like every other route, while the domain registers the handler and its input schema.
 */
export interface CustomRoute {
  /** Fastify schema parts of the input (body, querystring, params), each property with a Chinese title. */
  schema: { body?: Record<string, unknown>; querystring?: Record<string, unknown>; params?: Record<string, unknown> };
  handler: (req: Req, reply: FastifyReply, services: AppServices) => Promise<unknown>;
}

const routes = new Map<string, CustomRoute>();

export function registerCustomRoute(key: string, route: CustomRoute): void {
  if (routes.has(key)) throw new Error(`custom route "${key}" is registered twice`);
  routes.set(key, route);
}

/** The handler a descriptor names; a name nobody registered stops the start-up. */
export function customRoute(key: string | undefined, where: string): CustomRoute {
  const r = key ? routes.get(key) : undefined;
  if (!r) throw new Error(`${where}: no custom route handler "${key ?? ''}" is registered`);
  return r;
}
