import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PanelProps } from './panelProps.ts';
export type { PanelProps };
import type { PanelKey } from '../core/descriptors/widgetKeys.ts';


// Charts load with their library (recharts) only on the screens that show one.
const charts = () => import('../screens-custom/reports/ReportCharts');

/** One implementation per key of PANELS (core/descriptors/widgetKeys.ts). */
export const PANEL_IMPLEMENTATIONS: Record<PanelKey, LazyExoticComponent<ComponentType<PanelProps>>> = {
  contributionDayTrend: lazy(() => charts().then((m) => ({ default: m.ContributionDayTrend }))),
  contributionPersonRanking: lazy(() => charts().then((m) => ({ default: m.ContributionPersonRanking }))),
  shopContributionRanking: lazy(() => charts().then((m) => ({ default: m.ShopContributionRanking }))),
  starDistribution: lazy(() => charts().then((m) => ({ default: m.StarDistribution }))),
  starUserDistribution: lazy(() => charts().then((m) => ({ default: m.StarUserDistribution }))),
  accessConversionTrend: lazy(() => charts().then((m) => ({ default: m.AccessConversionTrend }))),
  editLogTrend: lazy(() => charts().then((m) => ({ default: m.EditLogTrend }))),
  putStockRegionHeat: lazy(() => import('../screens-custom/reports/RegionHeat').then((m) => ({ default: m.RegionHeat }))),
};
