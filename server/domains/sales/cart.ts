import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { dbToday } from '../../db/calendar.ts';
import { couponForSale } from '../members/index.ts';
import { activePromotionsSql, toActivePromotion, type PromotionRow } from '../promotions/index.ts';
import { assertMayDiscount } from './lineDiscount.ts';
import { priceLines, type CartLine, type PricedSku } from './pricing.ts';
import { assertCashierShop, assertRegisterShop, checkShop, shopSql, type ShopRow } from './registerShop.ts';
import { fenOf } from '../../../core/money.ts';
import { applyPromotions } from '../../../core/pricing/promotions.ts';

/** A cart at the server's prices: the price preview, the coupon screens and the sale's first step read it. */

/** What a cart costs the member before payments: the server's prices (the register's are only compared). */
export async function payableOf(tx: Queryable, auth: AuthContext, cart: { shopId: number; lines: CartLine[]; memberId?: number | null; memberCouponId?: number | null }): Promise<number> {
  return (await quoteCart(tx, auth, cart, false)).payableFen;
}

/** A cart at the server's prices after promotions (the coupon screens check thresholds against it). */
export async function cartTotalFen(tx: Queryable, auth: AuthContext, cart: { shopId: number; lines: CartLine[]; memberId?: number | null }): Promise<number> {
  return (await quoteCart(tx, auth, { shopId: cart.shopId, lines: cart.lines, memberId: cart.memberId }, false)).payableFen;
}

/** What pricing a cart reads: the shop, the cart's SKUs and the gifts its promotions may add, the promotions. */
export interface CartRead {
  shop: ShopRow | null;
  skus: { sku_id: number; sku_name: string; retail_price: string | number; status: number }[];
  promotions: PromotionRow[];
}

/**
 * The SELECT list that reads a cart (CartRead's three columns), after a `WITH p AS (cartPromotionsSql)`, with the
 * parameters named by the caller: the shop id, the SKU ids (an int array, or its text `{1,2}`) and the member id. The
 * sale sends it within its first statement; promoteCart on its own.
 */
export const cartPromotionsSql = (shop: string, member: string) => activePromotionsSql(shop, `EXISTS (SELECT 1 FROM mb_base_info WHERE member_id = ${member} AND status = 1)`);
export const cartReadColumns = (shop: string, skus: string) =>
  `(SELECT row_to_json(s) FROM (${shopSql(shop)}) s) AS shop,
   (SELECT coalesce(json_agg(json_build_object('sku_id', k.sku_id, 'sku_name', k.sku_name, 'retail_price', k.retail_price, 'status', k.status)), '[]'::json)
      FROM pd_sku k WHERE k.sku_id = ANY(${skus}::int[]) OR k.sku_id IN (SELECT p.gift_sku_id FROM p WHERE p.promotion_type <> 3 AND json_array_length(p.lines) > 0)) AS skus,
   (SELECT coalesce(json_agg(p ORDER BY p.promotion_id), '[]'::json) FROM p) AS promotions`;

/** The cart's SKU ids, once each. */
export const cartSkuIds = (lines: CartLine[]): number[] => [...new Set(lines.map((l) => l.skuId))];

/**
 * A cart at the server's prices with the shop's active promotions applied (gift lines included); a member's cart
 * (an existing, enabled member) also gets the member-only ones (会员价). `read`: what the cart's read answered when
 * the caller sent it already (the sale, within its first statement); else read here, one statement.
 */
export async function promoteCart(tx: Queryable, auth: AuthContext, cart: { shopId: number; lines: CartLine[]; memberId?: number | null }, read?: CartRead) {
  assertRegisterShop(auth, cart.shopId);
  const r = read ?? (await tx.query<CartRead>(
    `WITH p AS (${cartPromotionsSql('$1', '$3')}) SELECT ${cartReadColumns('$1', '$2')}`,
    [cart.shopId, cartSkuIds(cart.lines), cart.memberId ?? null],
  )).rows[0];
  const { shop: row, skus: skuRows, promotions: promotionRows } = r;
  const shop = checkShop(row);
  await assertCashierShop(tx, auth, shop);
  const skus = new Map<number, PricedSku>(skuRows.map((s) => [s.sku_id, { skuId: s.sku_id, skuName: s.sku_name, retailPrice: Number(s.retail_price), status: s.status }]));
  const priced = priceLines(cart.lines, skus);
  if (priced.lines.some((l) => l.discountPercent !== undefined)) await assertMayDiscount(tx, auth);
  const promotions = promotionRows.map(toActivePromotion);
  const promo = applyPromotions(priced.lines, promotions, (id) => {
    const sku = skus.get(id);
    return sku ? { retailFen: fenOf(sku.retailPrice), sellable: Number(sku.status) === 1 } : undefined;
  });
  return { shop, skus, priced, promo };
}

/**
 * A cart priced as the sale would be: promoteCart, then the coupon, whose threshold reads the amount after
 * promotions. `lock` holds the coupon row to the end of the transaction; the price preview (order/price) does not.
 */
export async function quoteCart(tx: Queryable, auth: AuthContext, cart: { shopId: number; lines: CartLine[]; memberId?: number | null; memberCouponId?: number | null }, lock: boolean) {
  const { shop, skus, priced, promo } = await promoteCart(tx, auth, cart);
  const coupon = cart.memberCouponId
    ? await couponForSale(tx, cart.memberCouponId, { totalFen: promo.afterFen, shopId: shop.shop_id, memberId: cart.memberId ?? null, today: await dbToday(tx) }, lock)
    : null;
  const couponFen = coupon?.discountFen ?? 0;
  return { shop, skus, priced, promo, coupon, couponFen, payableFen: promo.afterFen - couponFen };
}
