import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/**
 * Requests keyed by a client-generated uuid (a sale, a recharge, an exchange, a supplier payment) happen once: a retry
 * of the same request answers the first result. The row keeps a digest of the request that wrote it, so the same uuid
 * with a different request (another cart) is refused naming the uuid rather than answered with the first result.
 */

/** The value in a canonical form: keys sorted, blanks (undefined, null, empty text) left out, text trimmed. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = canonical((value as Record<string, unknown>)[k]);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  if (typeof value === 'string') return value.trim() || undefined;
  return value === null ? undefined : value;
}

/** sha-256 (hex) of what a request asks, in canonical form: equal for a retry, different for another request. */
export const requestDigest = (request: unknown): string => createHash('sha256').update(JSON.stringify(canonical(request) ?? null)).digest('hex');

/**
 * 409 when the uuid's first request (its stored digest) is not this one. `title` names the uuid (订单标识), `what` the
 * request (结算). A row stored before digests were kept (null) cannot be compared: it answers as a retry.
 */
export function assertSameRequest(stored: string | null | undefined, digest: string, title: string, uuid: string, what: string): void {
  if (stored && stored !== digest) throw new ApiError('CONFLICT', `${title} ${uuid} 已用于另一笔${what}（内容不同），请为新的${what}生成新的${title}`);
}

/** Where a kind of uuid-keyed request keeps its rows: table, id column, and the words of the 409. */
export interface UuidKeyed {
  table: string;
  idColumn: string;
  /** What the uuid is called (订单标识, 充值标识). */
  title: string;
  /** What the request is (结算, 充值). */
  what: string;
}

/** The id of the row this uuid wrote before (a retry), null when none; 409 when that row was written by another request. */
export async function earlierRequest(tx: Queryable, kind: UuidKeyed, uuid: string, digest: string): Promise<number | null> {
  const r = await tx.query<{ id: number; request_digest: string | null }>(`SELECT ${kind.idColumn} AS id, request_digest FROM ${kind.table} WHERE client_uuid = $1`, [uuid]);
  if (!r.rows[0]) return null;
  assertSameRequest(r.rows[0].request_digest, digest, kind.title, uuid, kind.what);
  return Number(r.rows[0].id);
}
