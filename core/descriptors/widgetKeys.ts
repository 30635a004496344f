/**
 * The keys descriptors may name. Pure (no React) so `npm run schemas:check` and the server can read it;
 * the browser registers one implementation per key (engine-ui owns the implementations and extends these lists).
 */

/** Cell formatters: value -> text. */
export const FORMATTERS = ['text', 'number', 'money', 'percent', 'rate', 'integer', 'date', 'dateTime', 'dictionary', 'enabled', 'yesNo', 'image', 'phone'] as const;

/** Cell stylers: row -> colour or emphasis. */
export const STYLERS = ['statusColor', 'negativeRed'] as const;

/** Filter-form widgets. */
export const FILTER_WIDGETS = ['input', 'select', 'dictSelect', 'refSelect', 'integer', 'multiSelect', 'dateRange', 'numberRange', 'date'] as const;

/** Detail and edit form widgets (rjsf ui:widget values besides rjsf's own). */
export const FORM_WIDGETS = ['text', 'textarea', 'decimal', 'negative', 'integer', 'integerNoLeadingZero', 'dictSelect', 'date', 'dateTime', 'switch', 'phone', 'select', 'refSelect', 'refMultiSelect', 'images', 'textFile', 'password'] as const;

/** Panels a list screen shows above its table (charts of a report); widgets/panels.tsx draws them. */
export const PANELS = ['putStockRegionHeat'] as const;

export type FormatterKey = (typeof FORMATTERS)[number];
export type StylerKey = (typeof STYLERS)[number];
export type FilterWidgetKey = (typeof FILTER_WIDGETS)[number];
export type FormWidgetKey = (typeof FORM_WIDGETS)[number];
export type PanelKey = (typeof PANELS)[number];

/**
 * Menu icons (menus/*.json `icon`): names of the Tabler icon set the shell draws them with
 * (src/layout/icons.tsx maps each one; the meta-schema offers exactly these).
 */
export const MENU_ICONS = [
  'home', 'dashboard', 'building-store', 'map-pin', 'map', 'truck', 'truck-delivery', 'truck-return', 'package', 'package-import',
  'package-export', 'barcode', 'list-details', 'list-numbers', 'building-warehouse', 'printer', 'settings', 'users', 'history', 'news',
  'certificate', 'receipt', 'cash-register', 'school', 'device-desktop', 'arrow-back-up', 'calendar-time', 'checklist', 'clipboard-check',
  'file-invoice', 'grid-dots', 'shopping-cart-check', 'stack-2', 'world-www', 'wallet', 'coin', 'users-group', 'chart-bar', 'calendar-event',
  'gift', 'ticket', 'discount', 'id-badge', 'user-check', 'git-branch', 'report-analytics', 'target', 'camera',
] as const;
export type MenuIconKey = (typeof MENU_ICONS)[number];
