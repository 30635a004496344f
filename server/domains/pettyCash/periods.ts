/**
 * Billing periods of petty cash (petty-cash-config billingCycle): 1 每月 (calendar month), 2 每半月 (1st-15th,
 * 16th-end), 3 每周 (Monday-Sunday). Pure arithmetic on the business calendar (core/calendar.ts).
 */

import { addDays, monthOf, monthRange, parseDay, weekStart } from '../../../core/calendar.ts';

export const BILLING_CYCLES: Readonly<Record<number, string>> = { 1: '每月', 2: '每半月', 3: '每周' };

export interface Period {
  beginDate: string;
  endDate: string;
  label: string;
}

/** The period of `cycle` that contains `day`. */
export function periodOf(cycle: number, day: string): Period {
  const d = parseDay(day);
  if (!d) throw new RangeError(`not a date: ${day}`);
  const ym = `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月`;
  const month = monthRange(monthOf(day));
  if (cycle === 2) {
    const first = d.getUTCDate() <= 15;
    const mid = `${monthOf(day)}-15`;
    return first ? { beginDate: month.from, endDate: mid, label: `${ym}上半月` } : { beginDate: addDays(mid, 1), endDate: month.to, label: `${ym}下半月` };
  }
  if (cycle === 3) {
    const begin = weekStart(day);
    const end = addDays(begin, 6);
    return { beginDate: begin, endDate: end, label: `${begin} 至 ${end}` };
  }
  return { beginDate: month.from, endDate: month.to, label: ym };
}

/** The `count` periods up to and including the one containing `day`, newest first. */
export function recentPeriods(cycle: number, day: string, count: number): Period[] {
  const out: Period[] = [];
  let p = periodOf(cycle, day);
  for (let i = 0; i < count; i++) {
    out.push(p);
    p = periodOf(cycle, addDays(p.beginDate, -1));
  }
  return out;
}
