import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../context.ts';

/**
 * Field permissions where answers are written (spec 5: 进价总金额, 成本总金额, 零售价, 供应商, 毛利率), for every route:
 * the keys each permission reveals are declared here once, and one serialization step (registerFieldGuard) removes
 * them, at any depth, from every JSON answer to a caller whose roles do not grant it — hand-written routes included, so
 * a guarded figure cannot leave through a route that forgot it. A descriptor resource additionally hides the fields
 * its own `fieldPermissions` name (a document's `amount` is its purchase amount), in pages, exports and imports alike
 * (server/resources/access.ts hiddenFor, which takes these keys too); small CSV answers drop them as columns (sendCsv).
 *
 * 零售价 guards no key here: the register, the documents and the receipts must show what a shop sells at; the
 * back-office lists that reveal it (商品档案, SKU) name it in their descriptors.
 */
export const GUARDED_KEYS: Readonly<Record<string, readonly string[]>> = {
  成本总金额: [
    'cost', 'costPrice', 'unitCost', 'costAmount', 'costFen', 'saleCostAmount', 'totalCost', 'avgCost', 'minCost', 'refMinCost', 'costPerSqm',
    // 毛利 = sales less cost: with the sales it gives the cost away.
    'grossProfit', 'profit', 'editGrossProfit', 'finalGrossProfit',
  ],
  毛利率: ['grossMargin', 'margin', 'grossProfitRate', 'marginRate', 'grossProfit', 'profit', 'editGrossProfit', 'finalGrossProfit'],
  进价总金额: ['purchasePrice', 'purchaseAmount', 'lastPurchasePrice'],
  供应商: ['supplierId', 'supplierName', 'supplierNo', 'supplierCode', 'pdSupplierId'],
  零售价: [],
};

const NONE: ReadonlySet<string> = new Set();
const cache = new Map<string, ReadonlySet<string>>();

/** The answer keys a caller may not see: those of every field permission their roles do not grant (admin: none). */
export function guardedKeys(auth: Pick<AuthContext, 'isAdmin' | 'fieldPerms'> | null | undefined): ReadonlySet<string> {
  if (!auth || auth.isAdmin) return NONE;
  const missing = Object.keys(GUARDED_KEYS).filter((p) => !auth.fieldPerms.includes(p));
  const key = missing.join(',');
  let keys = cache.get(key);
  if (!keys) {
    keys = new Set(missing.flatMap((p) => GUARDED_KEYS[p]));
    cache.set(key, keys);
  }
  return keys;
}

const MAX_DEPTH = 64;

/** A copy of `value` without the keys in `hidden` at any depth (shared or cached answers are never changed in place). */
export function withoutKeys(value: unknown, hidden: ReadonlySet<string>, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => withoutKeys(v, hidden, depth + 1));
  if (Buffer.isBuffer(value) || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!hidden.has(k)) out[k] = withoutKeys(v, hidden, depth + 1);
  }
  return out;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers JSON bytes it built with the caller's field permissions applied (the engine's page). */
    fieldsApplied?: boolean;
  }
}

const isJson = (reply: FastifyReply) => /^application\/json/i.test(String(reply.getHeader('content-type') ?? ''));

/** Registers the serialization step on every route (call on the root instance before the modules register). */
export function registerFieldGuard(app: FastifyInstance): void {
  // Object answers: before they are serialized.
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    const hidden = guardedKeys(req.auth);
    return hidden.size ? withoutKeys(payload, hidden) : payload;
  });
  // JSON a route serialized itself (a string or bytes): read back and written again, unless it says it applied them.
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const hidden = guardedKeys(req.auth);
    if (!hidden.size || req.routeOptions.config?.fieldsApplied || !isJson(reply)) return payload;
    const text = typeof payload === 'string' ? payload : payload.toString('utf8');
    if (![...hidden].some((k) => text.includes(`"${k}"`))) return payload;
    try {
      return JSON.stringify(withoutKeys(JSON.parse(text), hidden));
    } catch {
      return payload;
    }
  });
}
