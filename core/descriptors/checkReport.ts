import { tabScreen } from './report.ts';
import { filterName, resolveEndpoint } from './resource.ts';
import type { ReportChart, ReportSummary } from './generated/screen.ts';
import type { DescriptorSet, ResourceDescriptor, ScreenDescriptor } from './types.ts';

export interface ReportCheckTools {
  /** Reports an i18n key missing in a language. */
  key: (pointer: string, k: string | undefined) => void;
  /** Reports a formatter key nobody registered. */
  formatter: (pointer: string, k: string | undefined) => void;
  /** Checks a tab as the list screen it renders as (pointers under the tab). */
  screen: (tab: ScreenDescriptor, pointer: string) => void;
}

/** A route that answers a page: the engine's page action or a custom route declared to answer one. */
const answersPage = (set: DescriptorSet, s: ScreenDescriptor, ref: string) => {
  const hit = resolveEndpoint(set, s, ref);
  return !!hit && (hit.route.action === 'page' || (hit.route.action === 'custom' && hit.route.answers === 'page'));
};

/**
 * The report block of a screen (engine/report) and its columns' drill-downs: the period is a date-range filter of the
 * screen, summaries, charts and drills name routes that exist (a drill's a page), fields the rows carry and labels
 * both languages have; each tab is checked as the list it renders as.
 */
export function checkReport(s: ScreenDescriptor, r: ResourceDescriptor, set: DescriptorSet, tools: ReportCheckTools, err: (pointer: string, message: string) => void): void {
  const has = (f: string) => Object.hasOwn(r.fields, f);
  s.columns.forEach((c, i) => {
    if (!c.drill) return;
    const p = `/columns/${i}/drill`;
    tools.key(`${p}/title`, c.drill.title);
    const hit = resolveEndpoint(set, s, c.drill.endpoint);
    if (!hit) err(`${p}/endpoint`, `no route "${c.drill.endpoint}"`);
    else if (!answersPage(set, s, c.drill.endpoint)) err(`${p}/endpoint`, `route "${c.drill.endpoint}" answers no page (a page route, or a custom one with "answers": "page")`);
    for (const [param, f] of Object.entries({ ...c.drill.params, ...c.drill.path })) if (!has(f)) err(`${p}/params/${param}`, `field "${f}" is not in resource "${r.name}"`);
    if (c.drill.name && !has(c.drill.name)) err(`${p}/name`, `field "${c.drill.name}" is not in resource "${r.name}"`);
    for (const param of Object.keys(c.drill.path ?? {})) if (hit && !hit.route.path.includes(`{${param}}`)) err(`${p}/path/${param}`, `route "${c.drill.endpoint}" has no path parameter {${param}}`);
    c.drill.columns.forEach((dc, j) => {
      tools.key(`${p}/columns/${j}/label`, dc.label);
      tools.formatter(`${p}/columns/${j}/format`, dc.format);
      if (hit && !Object.hasOwn(hit.resource.fields, dc.field)) err(`${p}/columns/${j}/field`, `field "${dc.field}" is not in resource "${hit.resource.name}"`);
    });
  });
  const report = s.report;
  if (!report) return;
  if (report.period) {
    const shown = (s.filters ?? []).find((f) => f.filter === report.period!.filter);
    const decl = (r.filters ?? []).find((f) => filterName(f) === report.period!.filter);
    if (!shown) err('/report/period/filter', `the screen has no filter "${report.period.filter}"`);
    else if (decl?.op !== 'dateRange') err('/report/period/filter', `filter "${report.period.filter}" is no date range: a report's period is one`);
  }
  const summary = (p: string, sum: ReportSummary | undefined) => {
    if (!sum) return;
    if (sum.endpoint && !resolveEndpoint(set, s, sum.endpoint)) err(`${p}/endpoint`, `no route "${sum.endpoint}"`);
    if (sum.endpoint && sum.key) err(`${p}/key`, 'a summary reads either its own route\'s answer (endpoint) or a key of the list\'s answer, not both');
    sum.fields.forEach((f, i) => {
      tools.key(`${p}/fields/${i}/label`, f.label);
      tools.formatter(`${p}/fields/${i}/format`, f.format);
      if (!has(f.field)) err(`${p}/fields/${i}/field`, `field "${f.field}" is not in resource "${r.name}"`);
    });
    if (sum.list) tools.formatter(`${p}/list/format`, sum.list.format);
  };
  const charts = (p: string, list: ReportChart[] | undefined, listEndpoint: string) => {
    const ids = new Set<string>();
    (list ?? []).forEach((c, i) => {
      const q = `${p}/${i}`;
      if (ids.has(c.id)) err(`${q}/id`, `duplicate chart id "${c.id}"`);
      ids.add(c.id);
      tools.key(`${q}/title`, c.title);
      tools.formatter(`${q}/format`, c.format);
      c.series.forEach((se, j) => tools.key(`${q}/series/${j}/label`, se.label));
      if (c.endpoint && !resolveEndpoint(set, s, c.endpoint)) err(`${q}/endpoint`, `no route "${c.endpoint}"`);
      if (c.endpoint && c.ranking) err(`${q}/ranking`, 'a ranking reads the list\'s own route; a chart of another route has no ranking');
      if (c.ranking && !answersPage(set, s, listEndpoint)) err(`${q}/ranking`, `the list's route "${listEndpoint}" answers no page to rank`);
      if (c.ranking && !has(c.ranking.sort)) err(`${q}/ranking/sort`, `field "${c.ranking.sort}" is not in resource "${r.name}"`);
      // Rows of the records (the list's rows) are the resource's: their fields must be declared.
      if (!c.endpoint && (c.source ?? 'records') === 'records') {
        for (const [f, where] of [[c.x, `${q}/x`], ...c.series.map((se, j) => [se.field, `${q}/series/${j}/field`])] as [string, string][])
          if (!has(f)) err(where, `field "${f}" is not in resource "${r.name}"`);
      }
    });
  };
  summary('/report/summary', report.summary);
  charts('/report/charts', report.charts, s.endpoint);
  const keys = new Set<string>();
  (report.tabs ?? []).forEach((tab, i) => {
    const p = `/report/tabs/${i}`;
    if (keys.has(tab.key)) err(`${p}/key`, `duplicate tab key "${tab.key}"`);
    keys.add(tab.key);
    tools.key(`${p}/label`, tab.label);
    if (tab.rowKey && !has(tab.rowKey)) err(`${p}/rowKey`, `field "${tab.rowKey}" is not in resource "${r.name}"`);
    tools.screen(tabScreen(s, tab), p);
  });
  if (report.tabs && (report.summary || report.charts)) err('/report/tabs', 'a report with tabs declares its summary and charts in each tab');
}
