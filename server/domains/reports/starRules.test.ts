import { describe, expect, it } from 'vitest';
import { DEMO_STAR_RULES, describeRule, starFor } from './starRules.ts';

describe('星级评定 rules', () => {
  it('gives the highest star whose every threshold is met', () => {
    expect(starFor({ reachRate: 130, grossMargin: 30, saleAmount: 1 }, DEMO_STAR_RULES).star).toBe(5);
    expect(starFor({ reachRate: 130, grossMargin: 22, saleAmount: 1 }, DEMO_STAR_RULES).star).toBe(4);
    expect(starFor({ reachRate: 100, grossMargin: 19.99, saleAmount: 1 }, DEMO_STAR_RULES)).toEqual({ star: 3, rule: '3星：达成率≥80%' });
    expect(starFor({ reachRate: 49.99, grossMargin: 50, saleAmount: 1 }, DEMO_STAR_RULES)).toEqual({ star: 1, rule: '1星：基础星级' });
  });
  it('a threshold on a figure the person lacks fails (no target: no reach)', () => {
    expect(starFor({ reachRate: null, grossMargin: 40, saleAmount: 100 }, DEMO_STAR_RULES).star).toBe(1);
    expect(starFor({ reachRate: 90, grossMargin: null, saleAmount: 0 }, [{ star: 2, minReachRate: null, minGrossMargin: 0, minSaleAmount: null }])).toEqual({ star: 0, rule: '未达到任何星级规则' });
  });
  it('describes a rule in Chinese', () => {
    expect(describeRule({ star: 4, minReachRate: 100, minGrossMargin: 20, minSaleAmount: 5000 })).toBe('4星：达成率≥100%，毛利率≥20%，销售额≥5000');
  });
});
