/**
 * The periods of the report snapshots: a month `YYYY-MM` (a report's period and its background job's key), read by
 * the one period helper (server/domains/period/period.ts).
 */
export { monthField, monthMessage, reportMonth } from '../period/index.ts';
