/**
 * Billing periods of petty cash (petty-cash-config billingCycle): 1 每月 (calendar month), 2 每半月 (1st-15th,
 * 16th-end), 3 每周 (Monday-Sunday). Pure date arithmetic on YYYY-MM-DD in UTC, so it is the same on every server.
 */

export const BILLING_CYCLES: Readonly<Record<number, string>> = { 1: '每月', 2: '每半月', 3: '每周' };

export interface Period {
  beginDate: string;
  endDate: string;
  label: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid calendar date as a UTC Date; undefined for 2026-02-30 or anything not YYYY-MM-DD. */
export function parseDay(s: string): Date | undefined {
  const m = DATE.exec(s);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? d : undefined;
}

export const dayText = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const monthEnd = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0));

/** The period of `cycle` that contains `day`. */
export function periodOf(cycle: number, day: string): Period {
  const d = parseDay(day);
  if (!d) throw new RangeError(`not a date: ${day}`);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const ym = `${y}年${m + 1}月`;
  if (cycle === 2) {
    const first = d.getUTCDate() <= 15;
    const begin = new Date(Date.UTC(y, m, first ? 1 : 16));
    const end = first ? new Date(Date.UTC(y, m, 15)) : monthEnd(y, m);
    return { beginDate: dayText(begin), endDate: dayText(end), label: `${ym}${first ? '上半月' : '下半月'}` };
  }
  if (cycle === 3) {
    const back = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    const begin = addDays(d, -back);
    const end = addDays(begin, 6);
    return { beginDate: dayText(begin), endDate: dayText(end), label: `${dayText(begin)} 至 ${dayText(end)}` };
  }
  return { beginDate: dayText(new Date(Date.UTC(y, m, 1))), endDate: dayText(monthEnd(y, m)), label: ym };
}

/** The `count` periods up to and including the one containing `day`, newest first. */
export function recentPeriods(cycle: number, day: string, count: number): Period[] {
  const out: Period[] = [];
  let p = periodOf(cycle, day);
  for (let i = 0; i < count; i++) {
    out.push(p);
    p = periodOf(cycle, dayText(addDays(parseDay(p.beginDate)!, -1)));
  }
  return out;
}
