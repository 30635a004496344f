/**
 * The salary of one person for one month, from what the month holds for them (pure; integer fen throughout):
 *
 * - 底薪: the base salary (their own, else their position's) × days clocked in / required days, at most the whole;
 * - 提成: net sales (sold less refunded, as the orders' cashier) × the commission rate (their own, else their
 *   position's); nothing on a net loss; a person settled early (leaving) gets the early-settlement rule's share of it;
 * - 调岗补贴 and 特殊人员 加项 / 扣项: the month's audited documents as they are;
 * - 实发 = 底薪 + 提成 + 补贴 + 加项 − 扣项.
 *
 * Rounding is half up to the fen at each item (as PostgreSQL's round(numeric, 2) does), so a plain SQL recomputation
 * gives the same figures. Rates are percent with two decimals, carried as basis points (3.5 % = 350).
 */

import { mulDivHalfUp, yuanText } from '../../../core/money.ts';

export interface SalaryInput {
  baseFen: number;
  commissionBp: number;
  requiredDays: number;
  /** The person's own rule, when they have one (each part optional). */
  personalBaseFen: number | null;
  personalBp: number | null;
  workDays: number;
  netSalesFen: number;
  subsidyFen: number;
  specialAddFen: number;
  specialDeductFen: number;
  /** Set when the person is settled early: the settle date (YYYY-MM-DD), days in post this month, and the rule found. */
  early: { settleDate: string; daysInPost: number; payBp: number | null; ruleMinDays: number | null } | null;
}

export interface SalaryItem {
  itemNo: number;
  itemName: string;
  basis: string;
  amountFen: number;
}

export interface SalaryResult {
  workDays: number;
  netSalesFen: number;
  baseSalaryFen: number;
  basePayFen: number;
  commissionBp: number;
  commissionFen: number;
  subsidyFen: number;
  specialAddFen: number;
  specialDeductFen: number;
  totalFen: number;
  items: SalaryItem[];
}

const rateOf = (bp: number): string => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

export function computeSalary(p: SalaryInput): SalaryResult {
  const baseSalaryFen = p.personalBaseFen ?? p.baseFen;
  const commissionBp = p.personalBp ?? p.commissionBp;
  const paidDays = Math.min(p.workDays, p.requiredDays);
  // Days come in halves (a half-day leave): computed in half days so the fen stay exact.
  const basePayFen = mulDivHalfUp(baseSalaryFen, Math.round(paidDays * 2), p.requiredDays * 2);
  const fullCommission = p.netSalesFen > 0 ? mulDivHalfUp(p.netSalesFen, commissionBp, 10000) : 0;
  const earlyBp = p.early ? (p.early.payBp ?? 10000) : 10000;
  const commissionFen = p.early ? mulDivHalfUp(fullCommission, earlyBp, 10000) : fullCommission;
  const totalFen = basePayFen + commissionFen + p.subsidyFen + p.specialAddFen - p.specialDeductFen;
  const own = (v: unknown) => (v !== null ? '（个人规则）' : '（岗位规则）');
  const items: SalaryItem[] = [
    { itemNo: 1, itemName: '底薪', basis: `底薪 ${yuanText(baseSalaryFen)} 元${own(p.personalBaseFen)} × 出勤 ${paidDays}/${p.requiredDays} 天（打卡 ${p.workDays} 天）`, amountFen: basePayFen },
    {
      itemNo: 2,
      itemName: '销售提成',
      basis:
        `净销售额 ${yuanText(p.netSalesFen)} 元 × ${rateOf(commissionBp)}${own(p.personalBp)}` +
        (p.netSalesFen <= 0 ? '，无正销售额不计提成' : '') +
        (p.early
          ? `；${p.early.settleDate} 提前结算，在岗 ${p.early.daysInPost} 天，${p.early.payBp === null ? '无适用的提前结算规则，全额发放' : `按规则（不少于 ${p.early.ruleMinDays} 天）发放 ${rateOf(earlyBp)}`}（应计 ${yuanText(fullCommission)} 元）`
          : ''),
      amountFen: commissionFen,
    },
    { itemNo: 3, itemName: '调岗补贴', basis: `本月已审核调岗补贴合计 ${yuanText(p.subsidyFen)} 元`, amountFen: p.subsidyFen },
    { itemNo: 4, itemName: '特殊人员加项', basis: `本月已审核加项合计 ${yuanText(p.specialAddFen)} 元`, amountFen: p.specialAddFen },
    { itemNo: 5, itemName: '特殊人员扣项', basis: `本月已审核扣项合计 ${yuanText(p.specialDeductFen)} 元`, amountFen: -p.specialDeductFen },
    { itemNo: 6, itemName: '实发合计', basis: '底薪 + 销售提成 + 调岗补贴 + 加项 − 扣项', amountFen: totalFen },
  ];
  return { workDays: p.workDays, netSalesFen: p.netSalesFen, baseSalaryFen, basePayFen, commissionBp, commissionFen, subsidyFen: p.subsidyFen, specialAddFen: p.specialAddFen, specialDeductFen: p.specialDeductFen, totalFen, items };
}
