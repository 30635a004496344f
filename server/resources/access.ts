import type { FastifyRequest } from 'fastify';
import { hiddenFields } from '../../core/descriptors/resource.ts';
import type { ResourceDescriptor, RouteDecl } from '../../core/descriptors/types.ts';
import type { Queryable } from '../db/index.ts';
import type { AuthContext } from '../context.ts';
import { FIELD_PERMISSION_NAMES } from '../permissions.ts';
import { guardedKeys } from '../http/fieldGuard.ts';

export type Req = FastifyRequest<{ Params: Record<string, string | number>; Body: Record<string, unknown> | undefined; Querystring: Record<string, unknown> }>;

/**
 * Fields the caller's field permissions hide in this resource: those its `fieldPermissions` name, and its fields named
 * like a key a field permission guards in every answer (server/http/fieldGuard.ts GUARDED_KEYS), so pages, exports
 * and imports leave them out as every other answer does. The caller's permissions were read with the session.
 */
export async function hiddenFor(_tx: Queryable, auth: AuthContext, r: ResourceDescriptor): Promise<Set<string>> {
  const hidden = r.fieldPermissions && Object.keys(r.fieldPermissions).length ? hiddenFields(r, auth.isAdmin ? FIELD_PERMISSION_NAMES : auth.fieldPerms) : new Set<string>();
  const guarded = guardedKeys(auth);
  if (guarded.size) for (const f of Object.keys(r.fields)) if (guarded.has(f)) hidden.add(f);
  return hidden;
}

/** Filters come in the body of POST and PUT routes and in the query of GET and DELETE routes. */
export const inputOf = (req: Req, route: RouteDecl): Record<string, unknown> =>
  ((route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body) ?? {}) as Record<string, unknown>;
