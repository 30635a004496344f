import type { Queryable } from '../../db/index.ts';
import type { ActivePromotion, PromotionRule, PromotionType } from '../../../core/pricing/promotions.ts';
import { fenOf } from '../../../core/money.ts';

/**
 * The promotions a shop's sale takes part in right now: audited (已生效), begun, not ended, for all shops or for
 * chosen shops among which this one; member-only ones (会员专享, e.g. a 会员价 特价) only for a member's sale. Read in the sale's transaction, so
 * a promotion stopped a moment earlier no longer applies.
 */
export async function activePromotions(tx: Queryable, shopId: number, forMember: boolean): Promise<ActivePromotion[]> {
  return (await tx.query<PromotionRow>(`${activePromotionsSql('$1', '$2')} ORDER BY p.promotion_id`, [shopId, forMember])).rows.map(toActivePromotion);
}

/** A row of activePromotionsSql (also read as JSON, inside a larger statement). */
export interface PromotionRow {
  promotion_id: number; promotion_name: string; promotion_type: number; gift_sku_id: number | null; gift_quantity: number | null;
  tiers: [string | number | null, string | number | null][]; lines: { skuId: number; specialPrice: string | number | null; discount: string | number | null; buyQuantity: number | null }[];
}

/**
 * The active promotions as SQL (alias p, no ORDER BY), for the shop and member flag the two SQL expressions give:
 * the settlement reads them in the one statement that reads its shop, SKUs and member.
 */
export const activePromotionsSql = (shopId: string, forMember: string) =>
  `SELECT p.promotion_id, p.promotion_name, p.promotion_type, p.gift_sku_id, p.gift_quantity,
          json_build_array(json_build_array(p.threshold1, p.reduce1), json_build_array(p.threshold2, p.reduce2), json_build_array(p.threshold3, p.reduce3)) AS tiers,
          coalesce((SELECT json_agg(json_build_object('skuId', d.sku_id, 'specialPrice', d.special_price, 'discount', d.discount, 'buyQuantity', d.buy_quantity) ORDER BY d.line_no)
                      FROM po_promotion_det d WHERE d.promotion_id = p.promotion_id), '[]'::json) AS lines
     FROM po_promotion p
    WHERE p.status = 3 AND p.begin_time <= now() AND p.end_time > now() AND (p.shop_ids IS NULL OR ${shopId} = ANY(string_to_array(p.shop_ids, ',')::int[])) AND (NOT p.member_only OR ${forMember})`;

export function toActivePromotion(p: PromotionRow): ActivePromotion {
  const type = Number(p.promotion_type) as PromotionType;
  const rules: PromotionRule[] = type === 3
    ? p.tiers.filter(([t, x]) => t !== null && x !== null).map(([t, x]) => ({ thresholdFen: fenOf(t), reduceFen: fenOf(x) }))
    : p.lines.map((l) => ({
        skuId: l.skuId,
        specialPriceFen: l.specialPrice === null ? null : fenOf(l.specialPrice),
        payPercent: l.discount === null ? null : Math.round(Number(l.discount) * 10),
        buyQuantity: l.buyQuantity,
        giftSkuId: p.gift_sku_id,
        giftQuantity: p.gift_quantity,
      }));
  return { promotionId: p.promotion_id, promotionName: p.promotion_name, promotionType: type, rules };
}
