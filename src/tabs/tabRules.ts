import { isThirdLevelPath } from '../router/menuRoutes';

/** A visited page in the tab strip (spec §3: path, fullPath, name, title, query, meta). */
export interface TabView {
  path: string;
  fullPath: string;
  name: string;
  title: string;
  /** The page's own title when the menu's name does not fit it (a new record: 新增采购单, not 采购单编辑). */
  pageTitle?: string;
  /** Pinned by the user: kept first, never closed for the bound, nor by 关闭其他/关闭所有. */
  pinned?: boolean;
  query: Record<string, string>;
  meta: {
    module: string;
    /** Module index pages: fixed, cannot be closed. */
    fixed: boolean;
    thirdLevel: boolean;
    keepAlive: boolean;
    titleKey?: string;
  };
}

/** Most tabs the strip holds: opening one more closes the oldest unpinned, unchanged one (overflowView). */
export const MAX_TABS = 12;

/** Views kept alive while hidden (spec §9). */
export const MAX_CACHED_VIEWS = 8;

/** Query flags that tab links carry (spec §2); they are navigation hints, not part of a view's identity. */
export const TAB_FLAGS = ['fromTab', 'refresh', 'refreshTable'] as const;

/** Routes whose locally stored params are cleared when their tab closes. */
export const PARAMS_CLEARED_ON_CLOSE: Readonly<Record<string, string>> = {
  allotIn: 'allotInParams',
  allotOut: 'allotOutParams',
};

export function isThirdLevel(view: Pick<TabView, 'path' | 'meta'>): boolean {
  return isThirdLevelPath(view.path, view.meta.thirdLevel);
}

export function stripTabFlags(query: Record<string, string>): Record<string, string> {
  const rest: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!(TAB_FLAGS as readonly string[]).includes(key)) rest[key] = value;
  }
  return rest;
}

export function fullPathOf(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The link a tab navigates to: its own query plus fromTab/refresh/refreshTable as 'true'/'false' strings. */
export function tabLink(view: Pick<TabView, 'path' | 'query'>, flags: { refresh?: boolean; refreshTable?: boolean } = {}): string {
  return fullPathOf(view.path, {
    ...view.query,
    fromTab: 'true',
    refresh: String(flags.refresh ?? false),
    refreshTable: String(flags.refreshTable ?? false),
  });
}

/**
 * Adds the view of a navigation. The same page updates its tab in place (new query); another
 * ordinary page of the same module replaces that module's open page tab; fixed module index tabs
 * and third-level pages keep their own tabs.
 */
export function addView(views: readonly TabView[], view: TabView): TabView[] {
  const same = views.findIndex((v) => v.path === view.path);
  // Another record at the same page drops the page's own title; the page names itself again.
  if (same !== -1) return views.map((v, i) => (i === same ? { ...v, fullPath: view.fullPath, query: view.query, title: view.title, pageTitle: v.fullPath === view.fullPath ? v.pageTitle : undefined } : v));
  const replaceable = (v: TabView) => !v.meta.fixed && !v.pinned && !isThirdLevel(v) && v.meta.module === view.meta.module;
  if (!view.meta.fixed && !isThirdLevel(view) && view.meta.module) {
    const index = views.findIndex(replaceable);
    if (index !== -1) return views.map((v, i) => (i === index ? view : v));
  }
  return [...views, view];
}

export interface CloseResult {
  views: TabView[];
  /** Views actually removed (fixed views never are). */
  closed: TabView[];
  /** Where to go when the active view was closed: the last remaining tab, or home when none. */
  navigateTo: string | null;
}

function close(views: readonly TabView[], shouldClose: (v: TabView) => boolean, activePath: string, home: string): CloseResult {
  const closed = views.filter((v) => !v.meta.fixed && !v.pinned && shouldClose(v));
  const remaining = views.filter((v) => !closed.includes(v));
  const activeClosed = closed.some((v) => v.path === activePath);
  const last = remaining[remaining.length - 1];
  return { views: remaining, closed, navigateTo: activeClosed ? (last ? last.fullPath : home) : null };
}

export function closeView(views: readonly TabView[], path: string, activePath: string, home: string): CloseResult {
  return close(views, (v) => v.path === path, activePath, home);
}

export function closeOtherViews(views: readonly TabView[], keepPath: string, activePath: string, home: string): CloseResult {
  const result = close(views, (v) => v.path !== keepPath, activePath, home);
  // "Close others" from a tab's menu makes that tab the active one.
  const kept = result.views.find((v) => v.path === keepPath);
  return { ...result, navigateTo: kept && kept.path !== activePath ? kept.fullPath : result.navigateTo };
}

export function closeAllViews(views: readonly TabView[], activePath: string, home: string): CloseResult {
  return close(views, () => true, activePath, home);
}

/** Third-level pages among the views about to close: the user confirms before they go. */
/**
 * The views whose closing asks first: third-level pages (spec 000 §2), except that a page telling whether it
 * has unsaved changes (`unsaved` answers true or false) asks exactly when it has them.
 */
export function viewsNeedingConfirm(views: readonly TabView[], unsaved: (path: string) => boolean | undefined = () => undefined): TabView[] {
  return views.filter((v) => {
    if (v.meta.fixed) return false;
    return unsaved(v.path) ?? isThirdLevel(v);
  });
}

/** sessionStorage key of what a view keeps over a reload (a list's filters and page); removed when its tab closes. */
export const viewStateKey = (path: string) => `viewState:${path}`;

/** localStorage keys to remove when these views close (allotIn, allotOut). */
export function storageKeysClearedOnClose(views: readonly TabView[]): string[] {
  return views.flatMap((v) => {
    const key = PARAMS_CLEARED_ON_CLOSE[v.path.split('/').filter(Boolean).pop() ?? ''];
    return key ? [key] : [];
  });
}

/**
 * Least-recently-used cache of kept-alive view keys: the touched key moves to the end; beyond `max`
 * the oldest keys are evicted.
 */
export function touchCache(cache: readonly string[], key: string, max = MAX_CACHED_VIEWS): { cache: string[]; evicted: string[] } {
  const next = [...cache.filter((k) => k !== key), key];
  const evicted = next.length > max ? next.slice(0, next.length - max) : [];
  return { cache: next.slice(next.length - Math.min(next.length, max)), evicted };
}

/** Visited tabs restored from session storage: only views the user may still open, without duplicates. */
export function restoreViews(saved: unknown, isOpenable: (path: string) => boolean): TabView[] {
  if (!Array.isArray(saved)) return [];
  const views: TabView[] = [];
  for (const item of saved as Partial<TabView>[]) {
    if (!item || typeof item.path !== 'string' || typeof item.fullPath !== 'string' || !item.meta) continue;
    if (!isOpenable(item.path) || views.some((v) => v.path === item.path)) continue;
    views.push(item as TabView);
  }
  return views;
}

/** Session storage is written on unload unless the user is on the login page. */
export function shouldSaveViewsOnUnload(currentPath: string): boolean {
  return currentPath !== '/login';
}

/** Pinned tabs first (fixed module tabs keep their place among them), each group in opening order. */
export function pinnedFirst(views: readonly TabView[]): TabView[] {
  const first = views.filter((v) => v.pinned || v.meta.fixed);
  return first.length === 0 || first.every((v, i) => views[i] === v) ? [...views] : [...first, ...views.filter((v) => !v.pinned && !v.meta.fixed)];
}

export function setPinned(views: readonly TabView[], path: string, pinned: boolean): TabView[] {
  return pinnedFirst(views.map((v) => (v.path === path ? { ...v, pinned: pinned || undefined } : v)));
}

/**
 * Past MAX_TABS, the tab to close: the oldest that is neither fixed, pinned nor the active one and has nothing unsaved
 * (`changed`: viewsNeedingConfirm's rule); when every candidate has, the oldest of them, which asks first (`ask`).
 * null when the strip is within the bound or nothing may close.
 */
export function overflowView(views: readonly TabView[], activePath: string, changed: (v: TabView) => boolean, max = MAX_TABS): { view: TabView; ask: boolean } | null {
  if (views.length <= max) return null;
  const candidates = views.filter((v) => !v.meta.fixed && !v.pinned && v.path !== activePath);
  const unchanged = candidates.find((v) => !changed(v));
  if (unchanged) return { view: unchanged, ask: false };
  return candidates[0] ? { view: candidates[0], ask: true } : null;
}
