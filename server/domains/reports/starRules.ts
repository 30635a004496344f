/**
 * 星级评定 rules (pure): a rule gives its star when every threshold it sets is met (reach ≥, margin ≥, sales ≥; an
 * unset threshold always passes, a threshold on a figure the person lacks — no target, so no reach — fails). A person
 * gets the highest star a rule gives, 0 when none does.
 */

export interface StarRule {
  star: number;
  minReachRate: number | null;
  minGrossMargin: number | null;
  minSaleAmount: number | null;
}

export interface StarFigures {
  reachRate: number | null;
  grossMargin: number | null;
  saleAmount: number;
}

const meets = (value: number | null, min: number | null) => min === null || (value !== null && value >= min);

export function starFor(f: StarFigures, rules: StarRule[]): { star: number; rule: string } {
  const best = [...rules].sort((a, b) => b.star - a.star).find((r) => meets(f.reachRate, r.minReachRate) && meets(f.grossMargin, r.minGrossMargin) && meets(f.saleAmount, r.minSaleAmount));
  return best ? { star: best.star, rule: describeRule(best) } : { star: 0, rule: '未达到任何星级规则' };
}

/** 4星：达成率≥100%，毛利率≥20%（no thresholds: 基础星级）. */
export function describeRule(r: StarRule): string {
  const parts = [
    r.minReachRate !== null ? `达成率≥${r.minReachRate}%` : null,
    r.minGrossMargin !== null ? `毛利率≥${r.minGrossMargin}%` : null,
    r.minSaleAmount !== null ? `销售额≥${r.minSaleAmount}` : null,
  ].filter(Boolean);
  return `${r.star}星：${parts.length ? parts.join('，') : '基础星级'}`;
}

/** The demo rules a tenant starts with (editable under 星级规则). */
export const DEMO_STAR_RULES: (StarRule & { remark: string })[] = [
  { star: 5, minReachRate: 120, minGrossMargin: 25, minSaleAmount: null, remark: '超额完成且毛利高' },
  { star: 4, minReachRate: 100, minGrossMargin: 20, minSaleAmount: null, remark: '完成目标且毛利达标' },
  { star: 3, minReachRate: 80, minGrossMargin: null, minSaleAmount: null, remark: '基本完成目标' },
  { star: 2, minReachRate: 50, minGrossMargin: null, minSaleAmount: null, remark: '完成过半' },
  { star: 1, minReachRate: null, minGrossMargin: null, minSaleAmount: null, remark: '基础星级' },
];
