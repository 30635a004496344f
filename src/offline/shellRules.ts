import { REGISTER_PATHS } from '../../core/staticPaths.ts';

/**
 * The register's offline shell (sw.ts), as pure rules. The service worker answers only three kinds of request and
 * leaves every other one to the network untouched: a navigation to the register itself (its page, the build's
 * index.html, from the cache of the version the worker installed, so a reload without network opens the register),
 * and the files of that version it precached (the register's scripts and styles). The API, the back-office's pages
 * and its other files never come from this cache: the back-office has no offline mode and is never shown stale.
 */
export const SHELL_URL = '/index.html';

export type ShellRoute = 'shell' | 'precached' | 'network';

export interface ShellRequest {
  method: string;
  mode: string;
  url: string;
}

export function shellRoute(req: ShellRequest, origin: string, precached: ReadonlySet<string>): ShellRoute {
  if (req.method !== 'GET') return 'network';
  const url = new URL(req.url);
  if (url.origin !== origin) return 'network';
  if (req.mode === 'navigate') return REGISTER_PATHS.includes(url.pathname) ? 'shell' : 'network';
  return !url.search && precached.has(url.pathname) ? 'precached' : 'network';
}

/** One cache per registration (the retail and the practice register each have theirs) and version. */
export const CACHE_PREFIX = 'wxy-register';
export const cacheName = (scope: string, version: string) => `${CACHE_PREFIX} ${scope} ${version}`;

/** The caches an activating worker deletes: its scope's older versions, never another scope's. */
export function staleCaches(names: readonly string[], scope: string, version: string): string[] {
  const mine = `${CACHE_PREFIX} ${scope} `;
  return names.filter((n) => n.startsWith(mine) && n !== cacheName(scope, version));
}

/** The message a page sends the waiting worker to take over (the register sends it only at a safe moment). */
export const SKIP_WAITING = 'wxy-skip-waiting';
