import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/**
 * The shop scope of a call's input, for every route (hand-written ones included): a caller who reaches only some shops
 * (AuthContext.shops) and names another shop or another shop's warehouse in the path, the query or the body
 * (`shopId`, `shopIds`, `whId`, … at any depth up to 4) is refused by name before the handler runs, so no route answers
 * a form, a figure or a pulldown about a shop that is not the caller's, nor writes for one. What a call reaches by a
 * record's id is bounded by the shop_scope policies (migration 350), which every transaction of the call runs under.
 *
 * A route whose shop parameter is not a claim on that shop (none today) opts out with `config: { shopParams: false }`;
 * one whose path names a shop under another name (the spec's `/shop-meeting/query/init/{id}`) says which with
 * `config: { shopPathParam: 'id' }`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's shopId/whId inputs do not name shops the caller acts on (the shop guard leaves them alone). */
    shopParams?: boolean;
    /** The refusal of another shop in this route's words ({shop} is its name), e.g. the register's 只能为所属门店收银…. */
    shopRefusal?: string;
    /** A path parameter that is a shop's id under another name (`id`): guarded as a shopId is. */
    shopPathParam?: string;
  }
}

/** The answer to a row written for a shop outside the caller's (the policies' WITH CHECK: SQLSTATE 42501). */
export const SHOP_SCOPE_WRITE_REFUSED = '无权操作其他门店的数据';

const SHOP_KEYS = new Set(['shopId', 'shopIds', 'fromShopId', 'toShopId', 'inShopId', 'outShopId', 'targetShopId']);
const WAREHOUSE_KEYS = new Set(['whId', 'whIds', 'inWhId', 'outWhId', 'warehouseId', 'fromWhId', 'toWhId']);
const MAX_DEPTH = 4;
/** Routes that read although they are not GET (a page or a figure asked for with a POST body). */
const READ_PATH = /\/(page|list|findPage|findList|find\w*|query|stat\w*|statistics|export\w*|select\w*|get\w*|detail|info|count|summary|report|price-check|canInsert|check\w*|dashboard|tree\w*)(\/|$)/i;
const MAX_ITEMS = 1000;

/** Positive integer ids a value names: a number, a numeric string, '1,2,3', or an array of those. */
function idsOf(v: unknown, out: Set<number>): void {
  if (v === null || v === undefined || v === '') return;
  if (Array.isArray(v)) {
    for (const x of v.slice(0, MAX_ITEMS)) idsOf(x, out);
    return;
  }
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v) && v > 0) out.add(v);
    return;
  }
  if (typeof v === 'string') {
    for (const part of v.split(',').slice(0, MAX_ITEMS)) {
      const t = part.trim();
      if (/^[1-9]\d{0,9}$/.test(t) && Number(t) <= 2147483647) out.add(Number(t));
    }
  }
}

interface Named {
  shops: Set<number>;
  warehouses: Set<number>;
  /** The key each shop id came under (the field a 门店不存在 names). */
  keyOf: Map<number, string>;
}

/** The shop and warehouse ids an input names under the guarded keys. */
export function namedShops(input: unknown, found: Named = { shops: new Set(), warehouses: new Set(), keyOf: new Map() }, depth = 0): Named {
  if (depth > MAX_DEPTH || input === null || typeof input !== 'object' || Buffer.isBuffer(input)) return found;
  if (Array.isArray(input)) {
    for (const x of input.slice(0, MAX_ITEMS)) namedShops(x, found, depth + 1);
    return found;
  }
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (SHOP_KEYS.has(k)) {
      const ids = new Set<number>();
      idsOf(v, ids);
      for (const id of ids) {
        found.shops.add(id);
        if (!found.keyOf.has(id)) found.keyOf.set(id, k);
      }
    } else if (WAREHOUSE_KEYS.has(k)) idsOf(v, found.warehouses);
    else if (v !== null && typeof v === 'object') namedShops(v, found, depth + 1);
  }
  return found;
}

async function checkCall(req: FastifyRequest): Promise<void> {
  const auth = req.auth;
  if (!auth || auth.shops === null || req.routeOptions.config.shopParams === false) return;
  const pathShop = req.routeOptions.config.shopPathParam;
  const params = req.params as Record<string, unknown> | undefined;
  const found = namedShops([req.params, req.query, req.body, pathShop && params ? { shopId: params[pathShop] } : null]);
  if (!found.shops.size && !found.warehouses.size) return;
  const scope = new Set(auth.shops);
  const foreignShops = [...found.shops].filter((s) => !scope.has(s));
  // A read (GET, or a POST that pages, lists, exports or computes figures) 查看; a write 操作.
  const verb = req.method === 'GET' || READ_PATH.test(req.routeOptions.url ?? '') ? '查看' : '操作';
  if (!foreignShops.length && !found.warehouses.size) return;
  const refusal = await req.tenantTx(async (tx) => {
    // Shops and warehouses are master data every caller reads (shop_base, wh_base_info): their names can be given.
    if (foreignShops.length) {
      const known = (await tx.query<{ shop_id: number; shop_name: string }>(`SELECT shop_id, shop_name FROM shop_base WHERE shop_id = ANY ($1::int[]) ORDER BY shop_id`, [foreignShops])).rows;
      // A shop that does not exist (or is another tenant's, which row-level security hides): 门店不存在, as anyone is told.
      if (known.length < foreignShops.length) {
        const unknown = foreignShops.find((id) => !known.some((k) => Number(k.shop_id) === id))!;
        return { status: 'BAD_REQUEST' as const, msg: `门店（${found.keyOf.get(unknown) ?? 'shopId'}）不存在` };
      }
      const own = req.routeOptions.config.shopRefusal;
      return { status: 'FORBIDDEN' as const, msg: own ? own.replace('{shop}', known[0].shop_name) : `无权${verb}门店「${known[0].shop_name}」的数据` };
    }
    if (found.warehouses.size) {
      const w = (await tx.query<{ wh_name: string }>(
        `SELECT wh_name FROM wh_base_info WHERE wh_id = ANY ($1::int[]) AND (shop_id IS NULL OR NOT shop_id = ANY ($2::int[])) ORDER BY wh_id LIMIT 1`,
        [[...found.warehouses], [...scope]],
      )).rows[0];
      if (w) return { status: 'FORBIDDEN' as const, msg: `无权${verb}仓库「${w.wh_name}」的数据` };
    }
    return null;
  });
  if (refusal) throw new ApiError(refusal.status, refusal.msg);
}

/** Registers the guard on every route (call on the root instance before the modules register). */
export function registerShopGuard(app: FastifyInstance): void {
  app.addHook('preHandler', checkCall);
}
