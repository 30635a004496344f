import type { Params } from './params.ts';

/**
 * Rows a person may see of a resource, when that is more than the tenant (视频资料: the courses the caller may watch).
 * A descriptor names its scope (`"rowScope": "<key>"`); the domain registers an SQL condition over the row alias `t`,
 * given the caller's user id. The generic page, list and export routes add it to every query of that resource, so
 * paging, filters and export never show a row the caller could not open.
 */
export type RowScope = (userId: number, params: Params) => string;

const scopes = new Map<string, RowScope>();

export function registerRowScope(key: string, scope: RowScope): void {
  if (scopes.has(key)) throw new Error(`row scope "${key}" is registered twice`);
  scopes.set(key, scope);
}

/** The scope a descriptor names; a name nobody registered stops the start-up (checked when routes register). */
export function rowScope(key: string, where: string): RowScope {
  const s = scopes.get(key);
  if (!s) throw new Error(`${where}: no row scope "${key}" is registered`);
  return s;
}

/**
 * The caller's shops (AuthContext.shops, set on the transaction as app.shops): for a table every caller may read as
 * the chain's master data (shop_base), the rows a list, picker, export or detail of it shows a shop's own people.
 * app_shops() is NULL in a transaction opened for a caller who reaches every shop.
 */
registerRowScope('shop.inScope', () => `((SELECT app_shops()) IS NULL OR t.shop_id = ANY ((SELECT app_shops())::integer[]))`);
