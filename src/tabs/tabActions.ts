import { rememberPage } from '../layout/recentPages';
import { i18n } from '../i18n/i18n';
import type { AppRoute } from '../router/appRoute';
import { homePath } from '../router/guard';
import { navigateTo } from '../router/navigation';
import { resolveRoute } from '../router/resolveRoute';
import { LAST_MODULE_KEY } from '../router/staticRoutes';
import { appState } from '../store/appStore';
import { confirmClose } from './confirmClose';
import { unsavedAt } from './unsaved';
import {
  type CloseResult, type TabView, addView, overflowView, pinnedFirst, setPinned, closeAllViews, closeOtherViews, closeView, fullPathOf, restoreViews,
  shouldSaveViewsOnUnload, storageKeysClearedOnClose, stripTabFlags, touchCache, viewStateKey, viewsNeedingConfirm,
} from './tabRules';

export const VISITED_VIEWS_KEY = 'visitedViews';

export function viewOf(route: AppRoute, search: string): TabView {
  const query = stripTabFlags(Object.fromEntries(new URLSearchParams(search)));
  return {
    path: route.path,
    name: route.name,
    fullPath: fullPathOf(route.path, query),
    title: route.meta.title,
    query,
    meta: {
      module: route.meta.module,
      fixed: route.meta.moduleIndex === true,
      thirdLevel: route.meta.thirdLevel,
      keepAlive: route.meta.keepAlive,
      titleKey: route.meta.titleKey,
    },
  };
}

export function viewTitle(view: Pick<TabView, 'title' | 'meta' | 'pageTitle'>): string {
  return view.pageTitle ?? (view.meta.titleKey ? i18n.t(view.meta.titleKey) : view.title);
}

/** A page names its own tab (and the breadcrumb's last step); undefined gives the menu's name back. */
export function setViewTitle(path: string, title: string | undefined): void {
  const view = appState.tabs.visited.find((v) => v.path === path);
  if (view && view.pageTitle !== title) view.pageTitle = title;
}

function forget(closed: TabView[]): void {
  const paths = closed.map((v) => v.path);
  appState.tabs.cached = appState.tabs.cached.filter((key) => !paths.includes(key));
  for (const key of storageKeysClearedOnClose(closed)) localStorage.removeItem(key);
  // A closed tab starts afresh when opened again; a reload keeps what an open one holds.
  for (const view of closed) sessionStorage.removeItem(viewStateKey(view.path));
}

function apply(result: CloseResult): void {
  appState.tabs.visited = result.views;
  forget(result.closed);
  if (result.navigateTo) navigateTo(result.navigateTo);
}

/**
 * Runs after the guard lets a layout page through (the router's afterEach): adds or replaces its tab,
 * keeps it alive (LRU of 8), remembers the active menu and module, honours refresh flags, and closes
 * the tab left when the user went back.
 */
export function onLayoutNavigation(path: string, search: string, navigationType: 'POP' | 'PUSH' | 'REPLACE'): void {
  appState.tabs.activePath = path;
  const route = resolveRoute(appState.routes, path);
  if (!route) return;
  const previous = appState.tabs.menuActiveName;
  let views = appState.tabs.visited;
  if (navigationType === 'POP' && previous && previous !== path) {
    const result = closeView(views, previous, path, homePath(appState.routes));
    forget(result.closed);
    views = result.views;
  }
  const view = viewOf(route, search);
  const next = pinnedFirst(addView(views, view));
  const kept = new Set(next.map((v) => v.path));
  forget(views.filter((v) => !kept.has(v.path)));
  appState.tabs.visited = next;
  if (view.meta.keepAlive) appState.tabs.cached = touchCache(appState.tabs.cached, view.path).cache;
  appState.tabs.menuActiveName = view.path;
  rememberPage(view, viewTitle(view));
  void keepWithinBound(path);
  if (!route.meta.titleKey) localStorage.setItem(LAST_MODULE_KEY, route.meta.module);
  const flags = new URLSearchParams(search);
  if (flags.get('refresh') === 'true') refreshView(view.path);
  if (flags.get('refreshTable') === 'true') void import('../api/queryClient').then(({ queryClient }) => queryClient.invalidateQueries());
}

/**
 * Past MAX_TABS the oldest unpinned tab without unsaved changes closes; when each has some, the oldest asks first
 * (kept when the user says no).
 */
async function keepWithinBound(activePath: string): Promise<void> {
  const over = overflowView(appState.tabs.visited, activePath, (v) => viewsNeedingConfirm([v], unsavedAt).length > 0);
  if (!over) return;
  if (over.ask && !(await confirmClose([viewTitle(over.view)]))) return;
  const result = closeView(appState.tabs.visited, over.view.path, activePath, homePath(appState.routes));
  appState.tabs.visited = result.views;
  forget(result.closed);
}

/** Pins a tab (first in the strip, never closed for the bound) or unpins it. */
export function pinTab(path: string, pinned: boolean): void {
  appState.tabs.visited = setPinned(appState.tabs.visited, path, pinned);
}

/** Remounts a view: its state is dropped and its data fetched again. */
export function refreshView(path: string): void {
  appState.tabs.refreshKeys[path] = (appState.tabs.refreshKeys[path] ?? 0) + 1;
}

async function confirmed(closing: TabView[]): Promise<boolean> {
  const asking = viewsNeedingConfirm(closing, unsavedAt);
  return asking.length === 0 || confirmClose(asking.map(viewTitle));
}

function activePath(): string {
  return window.location.pathname;
}

export async function closeTab(path: string): Promise<void> {
  const result = closeView(appState.tabs.visited, path, activePath(), homePath(appState.routes));
  if (result.closed.length === 0 || !(await confirmed(result.closed))) return;
  apply(result);
}

export async function closeOtherTabs(path: string): Promise<void> {
  const result = closeOtherViews(appState.tabs.visited, path, activePath(), homePath(appState.routes));
  if (!(await confirmed(result.closed))) return;
  apply(result);
}

export async function closeAllTabs(): Promise<void> {
  const result = closeAllViews(appState.tabs.visited, activePath(), homePath(appState.routes));
  if (!(await confirmed(result.closed))) return;
  apply(result);
}

export function saveVisitedViews(): void {
  if (!shouldSaveViewsOnUnload(window.location.pathname)) return;
  sessionStorage.setItem(VISITED_VIEWS_KEY, JSON.stringify(appState.tabs.visited));
}

/** Restores the tabs saved before a reload; called once the routes are known. */
export function restoreVisitedViews(): void {
  const raw = sessionStorage.getItem(VISITED_VIEWS_KEY);
  if (!raw) return;
  sessionStorage.removeItem(VISITED_VIEWS_KEY);
  try {
    appState.tabs.visited = restoreViews(JSON.parse(raw), (path) => resolveRoute(appState.routes, path) !== null);
  } catch {
    appState.tabs.visited = [];
  }
}

/** A page finished its work (e.g. saved): its tab closes without asking and the user goes on to `to`. */
export function finishView(path: string, to: string): void {
  const result = closeView(appState.tabs.visited, path, '', homePath(appState.routes));
  appState.tabs.visited = result.views;
  forget(result.closed);
  navigateTo(to);
}
