import type { ActivePromotion } from '../../core/pricing/promotions.ts';
import type { Dexie, EntityTable } from 'dexie';
import type { ScannedSku } from './cart';
import { billingT } from './labels';

/**
 * The register's offline store (IndexedDB `wxyRegister`): the shop's catalogue, so scanning goes on when the
 * network drops, and the queue of sales settled while offline, each with the uuid the register made for it.
 * A queued sale is sent again until the server answers; the server settles a uuid once, so sending twice (two
 * tabs, a reload in the middle) cannot sell twice. A sale the server refuses (a changed price, no stock) stays
 * in the queue marked failed, with the server's reason, for the cashier to deal with; it is never dropped
 * silently.
 */

export interface Catalogue {
  shopId: number;
  shopName: string;
  takenAt: string;
  skus: ScannedSku[];
  /** The shop's promotions when the catalogue was taken (absent in a copy kept before they were added). */
  promotions?: ActivePromotion[];
}

/** The settlement body as the register sends it. */
export interface SaleBody {
  uuid: string;
  shopId: number;
  isPractice: boolean;
  lines: { skuId: number; quantity: number; price?: number }[];
  memberId: number | null;
  payments: { payType: number; amount: number }[];
  /** When the sale was made (ISO 8601), for a sale kept offline: the server books it then. */
  saleTime?: string;
}

export interface QueuedSale {
  uuid: string;
  shopId: number;
  body: SaleBody;
  /** What the cashier saw: for the queue's list. */
  totalAmount: number;
  totalQuantity: number;
  createdAt: number;
  status: 'waiting' | 'failed';
  error: string | null;
}

type RegisterDb = Dexie & {
  catalogue: EntityTable<Catalogue, 'shopId'>;
  queue: EntityTable<QueuedSale, 'uuid'>;
};

let db: Promise<RegisterDb | null> | undefined;

/**
 * The database, opened on first use. Dexie is imported then, not with the register: the scan box is usable
 * before the offline store's code has arrived.
 */
export function registerDb(): Promise<RegisterDb | null> {
  if (db !== undefined) return db;
  if (typeof indexedDB === 'undefined' || !indexedDB) return (db = Promise.resolve(null));
  return (db = import('dexie').then(({ default: Dexie }) => {
    const d = new Dexie('wxyRegister') as RegisterDb;
    d.version(1).stores({ catalogue: 'shopId', queue: 'uuid, shopId, createdAt' });
    return d;
  }));
}

/** Closes and forgets the database (tests). */
export async function resetRegisterDb(): Promise<void> {
  (await db)?.close();
  db = undefined;
}

export async function saveCatalogue(c: Catalogue): Promise<void> {
  await (await registerDb())?.catalogue.put(c);
}

export async function loadCatalogue(shopId: number): Promise<Catalogue | undefined> {
  return (await registerDb())?.catalogue.get(shopId);
}

/** A scanned code in the cached catalogue: barcode first, then SKU code (as order/scanCode looks it up). */
export function findInCatalogue(c: Catalogue | undefined, code: string): ScannedSku | undefined {
  if (!c) return undefined;
  const k = code.trim();
  const index = catalogueIndex(c);
  return index.byBarcode.get(k) ?? index.byCode.get(k);
}

/** The catalogue's SKUs by barcode and by SKU code (the first of each, as a scan finds them), made once per copy. */
const indexes = new WeakMap<Catalogue, { byBarcode: Map<string, ScannedSku>; byCode: Map<string, ScannedSku> }>();
function catalogueIndex(c: Catalogue) {
  let index = indexes.get(c);
  if (!index) {
    index = { byBarcode: new Map(), byCode: new Map() };
    for (const s of c.skus) {
      if (s.barcode && !index.byBarcode.has(s.barcode)) index.byBarcode.set(s.barcode, s);
      if (!index.byCode.has(s.skuCode)) index.byCode.set(s.skuCode, s);
    }
    indexes.set(c, index);
  }
  return index;
}

export async function enqueueSale(body: SaleBody, totals: { totalAmount: number; totalQuantity: number }): Promise<void> {
  const d = await registerDb();
  if (!d) throw new Error(billingT('noIndexedDb'));
  await d.queue.put({ uuid: body.uuid, shopId: body.shopId, body, ...totals, createdAt: Date.now(), status: 'waiting', error: null });
}

export async function queuedSales(shopId: number): Promise<QueuedSale[]> {
  return (await (await registerDb())?.queue.where('shopId').equals(shopId).sortBy('createdAt')) ?? [];
}

export async function removeQueued(uuid: string): Promise<void> {
  await (await registerDb())?.queue.delete(uuid);
}

/** What became of one send: answered (settled, now or earlier), refused by the server, or not reached. */
export type SendOutcome = { kind: 'settled'; orderNo: string } | { kind: 'refused'; message: string } | { kind: 'unreachable' };

/** A failed call that never got an answer (offline, timeout, server down): worth sending again later. */
export function isUnreachable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { httpStatus?: number; code?: unknown };
  return e.httpStatus === undefined || e.httpStatus >= 502;
}

let draining: Promise<{ sent: number; failed: number }> | null = null;

/**
 * Sends the shop's waiting sales oldest first, stopping at the first one that cannot reach the server. Failed
 * ones are not retried here (the cashier retries or removes them). One drain at a time per page.
 */
export function drainQueue(shopId: number, send: (body: SaleBody) => Promise<SendOutcome>): Promise<{ sent: number; failed: number }> {
  if (draining) return draining;
  draining = (async () => {
    let sent = 0;
    let failed = 0;
    for (const q of await queuedSales(shopId)) {
      if (q.status !== 'waiting') continue;
      const outcome = await send(q.body);
      if (outcome.kind === 'unreachable') break;
      if (outcome.kind === 'settled') {
        await removeQueued(q.uuid);
        sent++;
      } else {
        await (await registerDb())?.queue.update(q.uuid, { status: 'failed', error: outcome.message });
        failed++;
      }
    }
    return { sent, failed };
  })().finally(() => {
    draining = null;
  });
  return draining;
}

/**
 * A failed sale the cashier sends again: back to waiting, at today's server prices (the lines lose the price the
 * offline register showed, which is what a changed price was refused for; the payments must still cover it).
 */
export async function retryQueued(uuid: string): Promise<void> {
  const d = await registerDb();
  const q = await d?.queue.get(uuid);
  if (!d || !q) return;
  const lines = q.body.lines.map(({ skuId, quantity }) => ({ skuId, quantity }));
  await d.queue.update(uuid, { status: 'waiting', error: null, body: { ...q.body, lines } });
}
