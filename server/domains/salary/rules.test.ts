import { describe, expect, it } from 'vitest';
import { mulDivHalfUp } from '../../../core/money.ts';
import { computeSalary, type SalaryInput } from './rules.ts';

const base: SalaryInput = {
  baseFen: 400000, commissionBp: 300, requiredDays: 26, personalBaseFen: null, personalBp: null,
  workDays: 20, netSalesFen: 1234567, subsidyFen: 15050, specialAddFen: 30000, specialDeductFen: 5050, early: null,
};

describe('salary rules', () => {
  it('prorates the base by days clocked (capped at the required days) and adds commission, subsidies and adjustments', () => {
    const r = computeSalary(base);
    expect(r).toMatchObject({ basePayFen: 307692, commissionFen: 37037, totalFen: 307692 + 37037 + 15050 + 30000 - 5050 });
    expect(computeSalary({ ...base, workDays: 31 }).basePayFen).toBe(400000);
    expect(r.items.map((i) => i.itemName)).toEqual(['底薪', '销售提成', '调岗补贴', '特殊人员加项', '特殊人员扣项', '实发合计']);
    expect(r.items[0].basis).toBe('底薪 4000.00 元（岗位规则） × 出勤 20/26 天（打卡 20 天）');
    expect(r.items.slice(0, 5).reduce((a, i) => a + i.amountFen, 0)).toBe(r.totalFen);
  });

  it('counts a half day as half: 20.5 of 26 days is 4000 × 41/52, exact to the fen', () => {
    const r = computeSalary({ ...base, workDays: 20.5 });
    expect(r.basePayFen).toBe(315385); // 3153.846… -> 3153.85
    expect(r.items[0].basis).toBe('底薪 4000.00 元（岗位规则） × 出勤 20.5/26 天（打卡 20.5 天）');
  });

  it("a person's own rule wins over the position's; no commission on a net loss", () => {
    const r = computeSalary({ ...base, personalBaseFen: 500000, personalBp: 450, netSalesFen: -1000 });
    expect(r).toMatchObject({ baseSalaryFen: 500000, commissionBp: 450, commissionFen: 0 });
    expect(r.items[1].basis).toContain('无正销售额不计提成');
  });

  it('early settlement pays the rule’s share of the commission, all of it without a rule', () => {
    const early = computeSalary({ ...base, early: { settleDate: '2026-11-15', daysInPost: 15, payBp: 5000, ruleMinDays: 10 } });
    expect(early.commissionFen).toBe(mulDivHalfUp(37037, 5000, 10000));
    expect(early.items[1].basis).toContain('2026-11-15 提前结算，在岗 15 天，按规则（不少于 10 天）发放 50%');
    expect(computeSalary({ ...base, early: { settleDate: '2026-11-03', daysInPost: 3, payBp: null, ruleMinDays: null } }).commissionFen).toBe(37037);
  });
});
