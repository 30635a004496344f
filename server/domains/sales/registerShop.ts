import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { shopScope } from '../../auth/callerShops.ts';

/** The shop a register sells at, and the reach of a cashier: which shops, which orders. */

export interface ShopRow {
  shop_id: number;
  shop_name: string;
  status: number;
  wh_id: number | null;
  /** The payment methods the shop has enabled (门店支付方式). */
  pay_types: number[];
}

/** The shop as a sale reads it (parameter $1: the shop id). */
/** The register's shop with its warehouse and the payment types it takes; `shopParam` names the shop id's parameter. */
export const shopSql = (shopParam: string) => `SELECT s.shop_id, s.shop_name, s.status, (SELECT w.wh_id FROM wh_base_info w WHERE w.shop_id = s.shop_id AND w.status = 1 ORDER BY w.wh_id LIMIT 1) AS wh_id,
                         ARRAY(SELECT c.pay_type FROM shop_pay_method_config c WHERE c.shop_id = s.shop_id AND c.enabled) AS pay_types
                    FROM shop_base s WHERE s.shop_id = ${shopParam}`;
export const SHOP_SQL = shopSql('$1');

/** A register bound to a shop sells only there. */
export function assertRegisterShop(auth: AuthContext, shopId: number): void {
  if (auth.shopId && auth.shopId !== shopId) throw new ApiError('FORBIDDEN', '本收银设备只能为所属门店收银');
}

/** The shop found must exist, be enabled and have an enabled shop warehouse. */
export function checkShop(shop: ShopRow | null | undefined): ShopRow & { wh_id: number } {
  if (!shop) throw new ApiError('BAD_REQUEST', '门店不存在');
  if (Number(shop.status) !== 1) throw new ApiError('BAD_REQUEST', `门店「${shop.shop_name}」已停用，不能收银`);
  if (!shop.wh_id) throw new ApiError('BAD_REQUEST', `门店「${shop.shop_name}」没有启用的门店仓，不能收银`);
  return { ...shop, wh_id: shop.wh_id };
}

/**
 * The shop sold in and the warehouse its stock leaves from. A register bound to a shop sells only there; a
 * cashier or 店长 logged in without one sells only at the shops they work at or manage (shopScope); admin anywhere.
 */
export async function shopOf(tx: Queryable, auth: AuthContext, shopId: number): Promise<ShopRow & { wh_id: number }> {
  assertRegisterShop(auth, shopId);
  const shop = checkShop((await tx.query<ShopRow>(SHOP_SQL, [shopId])).rows[0]);
  await assertCashierShop(tx, auth, shop);
  return shop;
}

/** Without a register device, a cashier or 店长 reaches only the shops they work at or manage (shopScope); admin any. */
async function assertInScope(tx: Queryable, auth: AuthContext, shopId: number, refusal: () => string): Promise<void> {
  if (auth.shopId) return;
  const scope = await shopScope(tx, auth);
  if (scope && !scope.includes(shopId)) throw new ApiError('FORBIDDEN', refusal());
}

export const assertCashierShop = (tx: Queryable, auth: AuthContext, shop: ShopRow) =>
  assertInScope(tx, auth, Number(shop.shop_id), () => `只能为所属门店收银，不能为门店「${shop.shop_name}」收银`);

/**
 * An order the register acts on afterwards (退款, 作废, 重打小票) must be within reach as a sale is: a register device
 * only its own shop's; without one, a cashier or 店长 only the shops they work at or manage; admin any.
 */
export async function assertOrderInReach(tx: Queryable, auth: AuthContext, order: { shop_id: number; order_no: string }, verb: string): Promise<void> {
  if (auth.shopId && auth.shopId !== Number(order.shop_id)) throw new ApiError('FORBIDDEN', `本收银设备只能为所属门店的订单${verb}`);
  await assertInScope(tx, auth, Number(order.shop_id), () => `只能为所属门店的订单${verb}，订单 ${order.order_no} 不是所属门店的订单`);
}
