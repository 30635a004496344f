import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/**
 * The shops whose figures a user sees: the caller's shops (AuthContext.shops, the one rule of app_caller_shops,
 * migration 350): every shop for admin and 全部门店 roles (null); otherwise the shops they work at (sys_user_shop),
 * the shops they manage (wf_shop_manager) and the shop of the register they logged in on. A user with none sees no
 * figures (an empty answer, never another shop's).
 */
export async function shopScope(_tx: Queryable, auth: AuthContext): Promise<number[] | null> {
  return auth.shops === null ? null : [...auth.shops];
}

/**
 * The shops a call reads: the scope narrowed to the asked shop. A shop of no one's (or another tenant's, which
 * RLS hides) is 门店不存在; a shop outside the caller's scope is refused by name.
 */
export async function shopsOfCall(tx: Queryable, auth: AuthContext, shopId: number | null | undefined): Promise<number[] | null> {
  const scope = await shopScope(tx, auth);
  if (shopId === null || shopId === undefined) return scope;
  const s = (await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [shopId])).rows[0];
  if (!s) throw new ApiError('BAD_REQUEST', '门店不存在');
  if (scope && !scope.includes(shopId)) throw new ApiError('FORBIDDEN', `无权查看门店「${s.shop_name}」的数据`);
  return [shopId];
}
