import { addDays } from '../../core/calendar.ts';
import type { DrillDecl, ReportChartDecl, ReportSummaryDecl, ScreenDescriptor } from '../../core/descriptors/index.ts';
export { tabScreen } from '../../core/descriptors/report.ts';

/**
 * The report screen's pure rules (engine/report): the period a report opens on and its quick picks, each tab as a list
 * screen of its own over the report's filters, the summary figures and chart rows read from an answer, and the request
 * a drill-down sends. No React here: the unit tests read them directly.
 */

export type Answer = Record<string, unknown>;

/** The period of the last `days` days ending `today` (1: today only), as a dateRange filter holds it. */
export function lastDays(days: number, today: string): [string, string] {
  return [addDays(today, -(Math.max(1, days) - 1)), today];
}

/** The screen with its period filter opening on the report's default days (the filter's own default wins if it has one). */
export function withPeriodDefault(screen: ScreenDescriptor, today: string): ScreenDescriptor {
  const period = screen.report?.period;
  if (!period?.defaultDays) return screen;
  return {
    ...screen,
    filters: (screen.filters ?? []).map((f) => (f.filter === period.filter && f.defaultValue === undefined ? { ...f, defaultValue: lastDays(period.defaultDays!, today) } : f)),
  };
}

/** The object the summary reads: `key` of the answer (default `summary`), "." the answer itself. */
export function summarySource(summary: ReportSummaryDecl, answer: Answer | undefined): Answer | undefined {
  if (!answer) return undefined;
  const key = summary.key ?? 'summary';
  if (key === '.') return answer;
  const v = answer[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Answer) : undefined;
}

export interface Figure {
  key: string;
  label: string;
  value: unknown;
  format?: string;
  /** A label the server gave (a payment method's name), not an i18n key. */
  literal?: boolean;
}

/**
 * The summary row: each declared field the answer carries (a figure the caller may not see is absent, so it is not
 * shown), then one figure per item of the declared list.
 */
export function summaryFigures(summary: ReportSummaryDecl, source: Answer | undefined, answer: Answer | undefined = source): Figure[] {
  if (!source) return [];
  const figures: Figure[] = summary.fields.filter((f) => f.field in source).map((f) => ({ key: f.field, label: f.label, value: source[f.field], format: f.format }));
  const list = summary.list ? answer?.[summary.list.key] : undefined;
  if (summary.list && Array.isArray(list)) {
    const l = summary.list;
    for (const [i, item] of (list as Answer[]).entries()) figures.push({ key: `${l.key}-${i}`, label: String(item[l.label] ?? ''), value: item[l.value], format: l.format, literal: true });
  }
  return figures;
}

/** The rows a chart draws from an answer: its `source` array (default the records), the first `limit` of them. */
export function chartRows(chart: ReportChartDecl, answer: Answer | undefined): Answer[] {
  const rows = answer?.[chart.source ?? 'records'];
  if (!Array.isArray(rows)) return [];
  const limit = chart.limit ?? chart.ranking?.limit;
  return (limit ? rows.slice(0, limit) : rows) as Answer[];
}

/** A ranking chart's request: the list's own filters, sorted by the ranked field, largest first. */
export function rankingRequest(chart: ReportChartDecl, request: Answer): Answer {
  const { sort: _s, order: _o, lastKey: _l, ...filters } = request;
  return chart.ranking ? { ...filters, sort: chart.ranking.sort, order: 'desc' } : filters;
}

/**
 * What a drill-down asks for: the list's filters (unless `filters: false`; never its sort or keyset), and the row's
 * values under the declared parameter names; `path` fills the endpoint's path parameters.
 */
export function drillRequest(drill: DrillDecl, row: Answer, request: Answer): { body: Answer; path: Answer } {
  const { sort: _s, order: _o, lastKey: _l, pageNum: _n, pageSize: _z, ...filters } = request;
  const body: Answer = drill.filters === false ? {} : { ...filters };
  for (const [param, field] of Object.entries(drill.params ?? {})) body[param] = row[field] ?? null;
  const path: Answer = {};
  for (const [param, field] of Object.entries(drill.path ?? {})) path[param] = row[field];
  return { body, path };
}

/** A cell opens its drill-down only when it has a figure to open. */
export const drillable = (value: unknown) => value !== null && value !== undefined && value !== '';

/** A drill route's path with the row's parameters filled and {pageNum}/{pageSize} left for the page call. */
export function fillRowParams(path: string, params: Answer): string {
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => (name === 'pageNum' || name === 'pageSize' || params[name] === undefined || params[name] === null ? whole : encodeURIComponent(String(params[name]))));
}

/** The x value a chart draws: a date read as its day of the month (28) or month and day (11-28), else as it is. */
export function chartX(value: unknown, as: 'day' | 'monthDay' | undefined): unknown {
  if (!as || typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  return as === 'day' ? value.slice(8, 10) : value.slice(5, 10);
}

/** The series a chart draws: those whose field some row carries (a figure the caller may not see never arrives). */
export const shownSeries = <S extends { field: string }>(series: readonly S[], rows: readonly Answer[]): S[] =>
  rows.length ? series.filter((s) => rows.some((r) => s.field in r)) : [...series];

/**
 * What a chart's own call sends: the list's filters with the snapshot month it shows (the filter's, else the last
 * computed one) and the chart's fixed parameters. Null: a snapshot report with no month computed yet (nothing to ask).
 */
export function chartRequest(request: Answer, body: Answer | undefined, period: string | undefined, lastMonth: string | null | undefined): Answer | null {
  const { sort: _s, order: _o, lastKey: _l, ...filters } = request;
  if (!period) return { ...filters, ...(body ?? {}) };
  const asked = typeof filters[period] === 'string' && filters[period] ? String(filters[period]) : null;
  const month = asked ?? lastMonth ?? null;
  return month ? { ...filters, [period]: month, ...(body ?? {}) } : null;
}
