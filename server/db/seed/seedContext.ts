import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import type { AuthContext } from '../../context.ts';
import type { DocContext } from '../../documents/context.ts';
import type { Queryable } from '../index.ts';

/** What the demo seeds act as and on: a demo user's context (as a login would give it) and a document's descriptors. */

/** A demo user of the tenant, reaching every shop (the seeds write across the chain); null when the user is missing. */
export async function seedUserAuth(tx: Queryable, tenantId: number, userName: string): Promise<AuthContext | null> {
  const u = (
    await tx.query<{ id: number; name: string; roles: string[] }>(
      `SELECT u.id, u.name, array(SELECT r.code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.code) AS roles
         FROM sys_user u WHERE u.user_name = $1`,
      [userName],
    )
  ).rows[0];
  if (!u) return null;
  return { tenantId, userId: u.id, userName, displayName: u.name, shopId: null, tokenHash: '', roles: u.roles, isAdmin: u.roles.includes('admin'), shops: null, fieldPerms: [] };
}

const read = (name: string) => JSON.parse(readFileSync(path.resolve('schemas/resources', `${name}.json`), 'utf8')) as ResourceDescriptor;

/** A document as the document layer handles it, from its header's (and lines') descriptor files in schemas/resources. */
export function seedDocContext(header: string, lines?: string): DocContext {
  const h = read(header);
  return { header: h, lines: lines ? read(lines) : undefined, doc: h.document! } as DocContext;
}
