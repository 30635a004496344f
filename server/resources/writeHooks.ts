import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';

/**
 * What a domain does after a descriptor's plain write (create, update, setField) of one row, inside the same
 * tenant transaction: a notice raised here is rolled back with the write. The engine stays generic; the domain
 * registers by resource name (充值活动 enabled → notice 1001).
 */
export interface WriteEvent {
  tx: Queryable;
  auth: AuthContext;
  action: 'create' | 'update' | 'setField';
  id: unknown;
  /** The written values by field name (setField: only that field). */
  values: Record<string, unknown>;
}

const hooks = new Map<string, ((e: WriteEvent) => Promise<void>)[]>();

export function registerAfterWrite(resource: string, fn: (e: WriteEvent) => Promise<void>): void {
  hooks.set(resource, [...(hooks.get(resource) ?? []), fn]);
}

export async function afterWrite(resource: string, e: WriteEvent): Promise<void> {
  for (const fn of hooks.get(resource) ?? []) await fn(e);
}
