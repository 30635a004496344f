import dayjs from 'dayjs';
import { isDateText } from '../core/descriptors/dates.ts';

/** Pure date helpers of the pickers (widgets/datePickers.tsx). */

/** Typed text as a date: 2026-03-10, 2026/3/10, 2026.3.10 or 20260310; anything else is no date. */
export function parseTypedDate(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const iso = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  return isDateText('date', iso) ? iso : null;
}

export type Range = [string, string];

/** 今天 / 昨天 / 近7天 / 近30天 / 本月 / 上月, as of `today`. */
export function rangePresets(today: string): { key: string; range: Range }[] {
  const d = dayjs(today);
  const f = (x: dayjs.Dayjs) => x.format('YYYY-MM-DD');
  const lastMonth = d.subtract(1, 'month');
  return [
    { key: 'today', range: [f(d), f(d)] },
    { key: 'yesterday', range: [f(d.subtract(1, 'day')), f(d.subtract(1, 'day'))] },
    { key: 'last7', range: [f(d.subtract(6, 'day')), f(d)] },
    { key: 'last30', range: [f(d.subtract(29, 'day')), f(d)] },
    { key: 'thisMonth', range: [f(d.startOf('month')), f(d)] },
    { key: 'lastMonth', range: [f(lastMonth.startOf('month')), f(lastMonth.endOf('month'))] },
  ];
}

