import type { AppRoute } from './appRoute';
import { findRoute } from './menuRoutes';
import { PERSONAL_ROUTES } from './staticRoutes';

/** The route shown for a path: a permitted menu route or a personal-centre page. */
export function resolveRoute(routes: readonly AppRoute[], path: string): AppRoute | null {
  return findRoute(routes, path) ?? PERSONAL_ROUTES.find((route) => route.path === path) ?? null;
}
