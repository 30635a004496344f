import { proxy } from 'valtio';
import { appState } from '../store/appStore';

/**
 * The user's favourite pages (收藏), shown at the top of the sidebar; per tenant and user in this browser, like the
 * recent pages. Paths only: the sidebar names them from the menus, in the user's language, and drops one the user is
 * no longer granted.
 */
export const MAX_FAVOURITES = 12;

export const favouritesState = proxy<{ paths: string[] }>({ paths: [] });

const keyOf = () => `favourites:${appState.tenantId}:${String(appState.user?.userId ?? '')}`;

/** Reads the user's favourites (after login or a reload). */
export function loadFavourites(): void {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf()) ?? '[]') as unknown;
    favouritesState.paths = Array.isArray(saved) ? saved.filter((p): p is string => typeof p === 'string').slice(0, MAX_FAVOURITES) : [];
  } catch {
    favouritesState.paths = [];
  }
}

/** The favourites with `path` added at the end or taken out; at most MAX_FAVOURITES (the oldest goes). */
export function toggledFavourites(paths: readonly string[], path: string): string[] {
  return paths.includes(path) ? paths.filter((p) => p !== path) : [...paths, path].slice(-MAX_FAVOURITES);
}

export function toggleFavourite(path: string): void {
  if (!appState.user) return;
  favouritesState.paths = toggledFavourites(favouritesState.paths, path);
  localStorage.setItem(keyOf(), JSON.stringify(favouritesState.paths));
}
