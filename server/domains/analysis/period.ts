import { dayPeriod, MAX_PERIOD_DAYS } from '../period/index.ts';
import { addDays } from '../../../core/calendar.ts';

/**
 * An analysis report's period (server/domains/period reads it): two calendar days (YYYY-MM-DD), start not after end, end not after today, at most
 * MAX_PERIOD_DAYS days. Without dates a report reads the last DEFAULT_PERIOD_DAYS days up to today.
 */

export { MAX_PERIOD_DAYS };
export const DEFAULT_PERIOD_DAYS = 30;

export interface Period {
  start: string;
  end: string;
}

/** The period a report reads (dateStart/dateEnd, the names the browser sends); a bad or future day is refused naming the field. */
export function reportPeriod(input: { dateStart?: string | null; dateEnd?: string | null }, today: string): Period {
  const p = dayPeriod(input.dateStart, input.dateEnd, today, {
    to: (start) => (start && addDays(start, DEFAULT_PERIOD_DAYS - 1) < today ? addDays(start, DEFAULT_PERIOD_DAYS - 1) : today),
    from: (end) => addDays(end, -(DEFAULT_PERIOD_DAYS - 1)),
  });
  return { start: p.from, end: p.to };
}

/** sold / put as a percentage with 2 decimals; nothing put has no rate (null), never a division by zero. */
export function sellThroughRate(sold: number, put: number): number | null {
  if (!(put > 0)) return null;
  return Math.round((sold / put) * 10000) / 100;
}

/** (sales - cost) / sales as a percentage with 2 decimals; no sales, no margin. Amounts in fen. */
export function grossMarginRate(salesFen: number, costFen: number): number | null {
  if (!(salesFen > 0)) return null;
  return Math.round(((salesFen - costFen) / salesFen) * 10000) / 100;
}
