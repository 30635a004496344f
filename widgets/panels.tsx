import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PanelProps } from './panelProps.ts';
export type { PanelProps };
import type { PanelKey } from '../core/descriptors/widgetKeys.ts';


/** One implementation per key of PANELS (core/descriptors/widgetKeys.ts). */
export const PANEL_IMPLEMENTATIONS: Record<PanelKey, LazyExoticComponent<ComponentType<PanelProps>>> = {
  putStockRegionHeat: lazy(() => import('../screens-custom/reports/RegionHeat').then((m) => ({ default: m.RegionHeat }))),
};
