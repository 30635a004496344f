import type { FastifyRequest } from 'fastify';
import { hiddenFields } from '../../engine/model/resource.ts';
import type { ResourceDescriptor, RouteDecl } from '../../engine/model/types.ts';
import type { Queryable } from '../db/index.ts';
import type { AuthContext } from '../context.ts';
import { fieldPermissionNames } from '../permissions.ts';

export type Req = FastifyRequest<{ Params: Record<string, string | number>; Body: Record<string, unknown> | undefined; Querystring: Record<string, unknown> }>;

/** Fields the caller's field permissions hide in this resource (no query when the resource guards none). */
export async function hiddenFor(tx: Queryable, auth: AuthContext, r: ResourceDescriptor): Promise<Set<string>> {
  if (!r.fieldPermissions || !Object.keys(r.fieldPermissions).length) return new Set();
  return hiddenFields(r, await fieldPermissionNames(tx, auth));
}

/** Filters come in the body of POST and PUT routes and in the query of GET and DELETE routes. */
export const inputOf = (req: Req, route: RouteDecl): Record<string, unknown> =>
  ((route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body) ?? {}) as Record<string, unknown>;
