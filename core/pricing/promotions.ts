/**
 * 价格促销的计价规则 (pure, in fen): what the promotions active for a shop at the moment take off a cart the
 * server has already priced. Rules:
 *
 * - Line promotions are 特价 (type 1: a special unit price), 折扣 (type 2: 几折 of the line) and 买赠 (type 4: buy
 *   N of A, get M of B free). One promotion per line: of those matching a line, the one worth most to the
 *   customer wins (a 买赠 is worth the retail value of its gifts); a tie goes to the older promotion (lower id).
 * - 满减 (type 3, tiers "满 X 减 Y") comes after the line promotions: the threshold reads the cart's amount after
 *   them; the highest tier reached applies once (never more than that amount); of several 满减 the one taking
 *   most off wins. It is the order's promotion, not a line's.
 * - Every amount is rounded to the fen once, per line (折扣: half up); a gift is a line of its own at price 0,
 *   taken out of stock like any sold line.
 * - 收银折扣 (a line discount the cashier gives, `discountPercent`, 95 = 9.5折) replaces the line's promotion: such a
 *   line takes no 特价/折扣/买赠, its paid part is its amount at that percent rounded half up to the fen (like 折扣),
 *   and the rest is its promotion amount, named "收银折扣 9.5折". 满减, coupons and balance then apply as to any line.
 * - Coupons come after all of this (their thresholds read `afterFen`), in the caller.
 */

export const PROMOTION_TYPES: Readonly<Record<number, string>> = { 1: '特价', 2: '折扣', 3: '满减', 4: '买赠' };
export type PromotionType = 1 | 2 | 3 | 4;

/** One rule row of a promotion (the meaning of each field by type). */
export interface PromotionRule {
  /** 特价, 折扣, 买赠: the SKU bought. */
  skuId?: number | null;
  /** 特价: the unit price in fen. */
  specialPriceFen?: number | null;
  /** 折扣: the percent of the price paid (85 = 8.5 折, 15% off); 1..99. */
  payPercent?: number | null;
  /** 满减: spend at least this (fen)... */
  thresholdFen?: number | null;
  /** ...take this off (fen). */
  reduceFen?: number | null;
  /** 买赠: buy this many of skuId... */
  buyQuantity?: number | null;
  /** ...get this SKU... */
  giftSkuId?: number | null;
  /** ...this many times, free. */
  giftQuantity?: number | null;
}

export interface ActivePromotion {
  promotionId: number;
  promotionName: string;
  promotionType: PromotionType;
  rules: PromotionRule[];
}

export interface PricedCartLine {
  skuId: number;
  quantity: number;
  priceFen: number;
  amountFen: number;
  /** 收银折扣: the percent of the line paid (95 = 9.5折), given by the cashier; replaces the line's promotion. */
  discountPercent?: number;
}

/** The name a cashier's line discount is saved and printed under: 收银折扣 9.5折. */
export const cashierDiscountName = (percent: number) => `收银折扣 ${(percent / 10).toString()}折`;

/** What a gift SKU costs at retail (its value as a benefit) and whether it may be sold; unknown: no gift. */
export type GiftSkuLookup = (skuId: number) => { retailFen: number; sellable: boolean } | undefined;

export interface PromotedLine extends PricedCartLine {
  promotionId: number | null;
  promotionName: string | null;
  /** What the line's promotion takes off it (fen); 0 for a gift line (its price is already 0). */
  promotionFen: number;
  isGift: boolean;
}

export interface PromotionResult {
  /** The paid lines in their order, then the gift lines. */
  lines: PromotedLine[];
  /** 满减 taken off the order, if one applies. */
  fullReduction: { promotionId: number; promotionName: string; reduceFen: number } | null;
  /** Everything the promotions take off (line promotions + 满减), fen. */
  promotionFen: number;
  /** The cart after promotions (coupons read this), fen. */
  afterFen: number;
}

interface Candidate {
  promotion: ActivePromotion;
  benefitFen: number;
  promotionFen: number;
  gift?: { skuId: number; quantity: number };
}

/** 折扣 of an amount: the part paid is rounded half up to the fen, the rest is the discount. */
export const discountOffFen = (amountFen: number, tenths: number): number => amountFen - Math.round((amountFen * tenths) / 100);

function candidatesFor(line: PricedCartLine, promotions: ActivePromotion[], gifts: GiftSkuLookup): Candidate[] {
  const out: Candidate[] = [];
  for (const p of promotions) {
    for (const r of p.rules) {
      if (r.skuId !== line.skuId) continue;
      if (p.promotionType === 1 && r.specialPriceFen != null && r.specialPriceFen < line.priceFen) {
        const off = (line.priceFen - r.specialPriceFen) * line.quantity;
        out.push({ promotion: p, benefitFen: off, promotionFen: off });
      } else if (p.promotionType === 2 && r.payPercent != null && r.payPercent > 0 && r.payPercent < 100) {
        const off = discountOffFen(line.amountFen, r.payPercent);
        if (off > 0) out.push({ promotion: p, benefitFen: off, promotionFen: off });
      } else if (p.promotionType === 4 && r.buyQuantity && r.giftSkuId && r.giftQuantity) {
        const sets = Math.floor(line.quantity / r.buyQuantity);
        const gift = gifts(r.giftSkuId);
        if (sets < 1 || !gift || !gift.sellable) continue;
        const quantity = sets * r.giftQuantity;
        out.push({ promotion: p, benefitFen: gift.retailFen * quantity, promotionFen: 0, gift: { skuId: r.giftSkuId, quantity } });
      }
    }
  }
  return out;
}

const better = (a: Candidate, b: Candidate) => a.benefitFen > b.benefitFen || (a.benefitFen === b.benefitFen && a.promotion.promotionId < b.promotion.promotionId);

/** Applies the active promotions to the server-priced lines (see the rules above). */
export function applyPromotions(lines: PricedCartLine[], promotions: ActivePromotion[], gifts: GiftSkuLookup): PromotionResult {
  const paid: PromotedLine[] = [];
  const giftLines: PromotedLine[] = [];
  for (const line of lines) {
    if (line.discountPercent !== undefined) {
      const off = discountOffFen(line.amountFen, line.discountPercent);
      paid.push({ ...line, promotionId: null, promotionName: cashierDiscountName(line.discountPercent), promotionFen: off, isGift: false });
      continue;
    }
    let best: Candidate | null = null;
    for (const c of candidatesFor(line, promotions, gifts)) if (!best || better(c, best)) best = c;
    paid.push({ ...line, promotionId: best?.promotion.promotionId ?? null, promotionName: best?.promotion.promotionName ?? null, promotionFen: best?.promotionFen ?? 0, isGift: false });
    if (best?.gift) {
      const same = giftLines.find((g) => g.skuId === best.gift!.skuId && g.promotionId === best.promotion.promotionId);
      if (same) same.quantity += best.gift.quantity;
      else giftLines.push({ skuId: best.gift.skuId, quantity: best.gift.quantity, priceFen: 0, amountFen: 0, promotionId: best.promotion.promotionId, promotionName: best.promotion.promotionName, promotionFen: 0, isGift: true });
    }
  }
  const lineOffFen = paid.reduce((a, l) => a + l.promotionFen, 0);
  const baseFen = paid.reduce((a, l) => a + l.amountFen, 0) - lineOffFen;
  let fullReduction: PromotionResult['fullReduction'] = null;
  for (const p of promotions) {
    if (p.promotionType !== 3) continue;
    const tier = p.rules
      .filter((r) => r.thresholdFen != null && r.reduceFen != null && r.reduceFen > 0 && baseFen >= r.thresholdFen)
      .sort((a, b) => b.thresholdFen! - a.thresholdFen!)[0];
    if (!tier) continue;
    const reduceFen = Math.min(tier.reduceFen!, baseFen);
    if (!fullReduction || reduceFen > fullReduction.reduceFen || (reduceFen === fullReduction.reduceFen && p.promotionId < fullReduction.promotionId))
      fullReduction = { promotionId: p.promotionId, promotionName: p.promotionName, reduceFen };
  }
  const promotionFen = lineOffFen + (fullReduction?.reduceFen ?? 0);
  return { lines: [...paid, ...giftLines], fullReduction, promotionFen, afterFen: baseFen - (fullReduction?.reduceFen ?? 0) };
}
