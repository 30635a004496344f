/** One hour of the 工作台's 时段销售 bars. */
export interface HourSales { hour: number; saleAmount: number; orderCount: number }

const OPEN = 7;
const CLOSE = 22;

/**
 * The hours the bar chart shows: the usual opening hours (7:00-22:00), widened to every hour that sold something —
 * a late shop or a sale after midnight must show up instead of leaving the chart empty.
 */
export function visibleHours(hours: HourSales[]): HourSales[] {
  const sold = hours.filter((h) => h.saleAmount !== 0 || h.orderCount !== 0).map((h) => h.hour);
  const from = Math.min(OPEN, ...sold);
  const to = Math.max(CLOSE, ...sold);
  return hours.filter((h) => h.hour >= from && h.hour <= to);
}
