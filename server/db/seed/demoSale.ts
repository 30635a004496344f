import type { AuthContext } from '../../context.ts';
import { settle, type SettlementInput } from '../../domains/sales/index.ts';
import type { Database } from '../index.ts';

/**
 * A demo sale under a fixed uuid, made once: seeding again (every start seeds what is missing) leaves a sale already
 * made as it is. Its cart is chosen from the stock of the moment, so a second seeding would ask another cart under the
 * same uuid — which the register refuses (409, server/http/idempotency.ts) — hence the check here. Null when made before.
 */
export async function demoSale(db: Database, auth: AuthContext, input: SettlementInput, opts: { numberDay?: string } = {}): Promise<Record<string, unknown> | null> {
  const made = await db.tenant(auth.tenantId, (tx) => tx.query(`SELECT 1 FROM po_order WHERE client_uuid = $1::uuid`, [input.uuid]));
  return made.rows.length ? null : settle(db, auth, input, opts);
}
