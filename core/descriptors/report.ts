import type { ScreenDescriptor } from './types.ts';
import type { ReportTab } from './generated/screen.ts';

/**
 * A tab of a report screen as a list screen of its own: the report's filters, period and fields with the tab's route,
 * columns, export, actions, summary, charts and notice. Its name is the report's and the tab's key (its queries, saved
 * columns and test ids). The engine renders it (engine/report/ReportTabs.tsx); schemas:check checks it like a screen.
 */
export function tabScreen(screen: ScreenDescriptor, tab: ReportTab): ScreenDescriptor {
  return {
    ...screen,
    name: `${screen.name}-${tab.key}`,
    endpoint: tab.endpoint,
    rowKey: tab.rowKey ?? screen.rowKey,
    columns: tab.columns,
    toolbar: tab.toolbar ?? [],
    rowActions: tab.rowActions ?? [],
    bulkActions: [],
    export: tab.export,
    columnConfigTitle: `${screen.columnConfigTitle ?? screen.name}_${tab.key}`,
    report: { period: screen.report?.period, summary: tab.summary, charts: tab.charts, notice: tab.notice },
  };
}
