import { appState } from '../store/appStore';
import type { TabView } from '../tabs/tabRules';
import { type RecentPage, withRecent } from './menuSearch';

/** The user's recent pages (the command palette's 最近访问), per tenant and user in this browser. */
const keyOf = () => `recentPages:${appState.tenantId}:${String(appState.user?.userId ?? '')}`;

export function recentPages(): RecentPage[] {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf()) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as RecentPage[]).filter((r) => r && typeof r.path === 'string' && typeof r.fullPath === 'string' && typeof r.title === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberPage(view: Pick<TabView, 'path' | 'fullPath'>, title: string): void {
  if (!appState.user) return;
  localStorage.setItem(keyOf(), JSON.stringify(withRecent(recentPages(), { path: view.path, fullPath: view.fullPath, title })));
}
