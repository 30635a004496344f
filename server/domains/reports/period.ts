/**
 * The periods of the report snapshots: a month `YYYY-MM` (a report's period and its background job's key), read by
 * the one period helper (server/domains/period/period.ts).
 */
export { MONTH_PATTERN, monthField, monthMessage, reportMonth } from '../period/index.ts';

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
