import type { MenuNode } from '../api/types';
import type { AppRoute } from './appRoute';
import { REGISTER_PATHS } from './staticRoutes';

/** Pages that ask before their tab closes (spec §2), besides any route flagged meta.thirdLevel. */
export const THIRD_LEVEL_PAGES: readonly string[] = [
  'procureOrder', 'placeOrder', 'promotionOpt', 'buyAGivePromotion', 'inventorySheet', 'inventoryOpt',
  'allotOutDetail', 'otherInOpt', 'otherOutOpt', 'allotOpt', 'coupons', 'couponDelivery', 'supplierMRB', 'rechargeGift',
];

/** Routes with this title never become routes (they carry the mobile app's permissions). */
export const APP_PERMISSION_TITLE = 'APP权限';

/** The last segment of a path: "/purchaseManage/procureOrder" -> "procureOrder". */
export function lastSegment(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

export function isThirdLevelPath(path: string, flagged = false): boolean {
  return flagged || THIRD_LEVEL_PAGES.includes(lastSegment(path));
}

function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  if (child === '') return parent || '/';
  return `${parent.replace(/\/$/, '')}/${child}`;
}

function bySort(a: MenuNode, b: MenuNode): number {
  return (a.sort ?? 0) - (b.sort ?? 0);
}

function nodeToRoute(node: MenuNode, parentPath: string, module: string | null): AppRoute {
  const path = joinPath(parentPath, node.path);
  const ownModule = module ?? node.meta?.module ?? path.split('/').filter(Boolean)[0] ?? '';
  const children = (node.childList ?? [])
    .filter((child) => child.menuType !== 2)
    .sort(bySort)
    .map((child) => nodeToRoute(child, path, ownModule));
  return {
    name: path,
    path,
    component: node.component ?? null,
    hidden: node.hidden === true || node.hidden === 1,
    meta: {
      title: node.meta?.title || node.menuName,
      icon: node.meta?.icon || node.icon || undefined,
      keepAlive: node.meta?.keepAlive ?? true,
      thirdLevel: isThirdLevelPath(path, node.meta?.thirdLevel === true),
      module: ownModule,
      roles: node.meta?.roles,
    },
    children,
  };
}

/** Builds routes from the menu list of user info; button permissions (menuType 2) are not routes. */
export function buildRoutes(menuVOList: readonly MenuNode[]): AppRoute[] {
  return [...menuVOList]
    .filter((node) => node.menuType !== 2)
    .sort(bySort)
    .map((node) => nodeToRoute(node, '', null));
}

function allowedByRoles(route: AppRoute, roles: readonly string[]): boolean {
  const needed = route.meta.roles;
  if (!needed || needed.length === 0) return true;
  return roles.some((role) => needed.includes(role));
}

function withoutAppPermission(routes: AppRoute[]): AppRoute[] {
  return routes
    .filter((route) => route.meta.title !== APP_PERMISSION_TITLE)
    .map((route) => ({ ...route, children: withoutAppPermission(route.children) }));
}

/**
 * Role filter (spec §4): admin gets every route; others keep routes without roles or whose meta.roles
 * share a role with the user, recursively. Routes titled APP权限 are excluded for everyone.
 */
export function filterRoutesByRoles(routes: AppRoute[], roles: readonly string[]): AppRoute[] {
  const visible = withoutAppPermission(routes);
  if (roles.includes('admin')) return visible;
  const filter = (list: AppRoute[]): AppRoute[] =>
    list.filter((route) => allowedByRoles(route, roles)).map((route) => ({ ...route, children: filter(route.children) }));
  return filter(visible);
}

/** Marks each module's first visible page as its index: that page's tab is fixed. */
export function markModuleIndexes(routes: AppRoute[]): AppRoute[] {
  return routes.map((module) => {
    const index = firstVisibleLeaf(module);
    const mark = (route: AppRoute): AppRoute => ({
      ...route,
      meta: route === index ? { ...route.meta, moduleIndex: true } : route.meta,
      children: route.children.map(mark),
    });
    return mark(module);
  });
}

export function firstVisibleLeaf(route: AppRoute): AppRoute | null {
  // The register opens as a window of its own: it is never a module's landing page or fixed tab.
  if (route.hidden || REGISTER_PATHS.includes(route.path)) return null;
  const visibleChildren = route.children.filter((child) => !child.hidden);
  // A module granted only for its hidden pages (a detail a notice opens) has no page of its own to land on.
  if (visibleChildren.length === 0) return route.children.length ? null : route;
  for (const child of visibleChildren) {
    const leaf = firstVisibleLeaf(child);
    if (leaf) return leaf;
  }
  return null;
}

/** Routes the user may open: built from the menu, filtered by roles, module indexes marked. */
export function permittedRoutes(menuVOList: readonly MenuNode[], roles: readonly string[]): AppRoute[] {
  return markModuleIndexes(filterRoutesByRoles(buildRoutes(menuVOList), roles));
}

export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children)]);
}

export function findRoute(routes: readonly AppRoute[], path: string): AppRoute | null {
  return flattenRoutes(routes).find((route) => route.path === path) ?? null;
}

/** The chain of routes from the module down to the route at `path` (for the breadcrumb). */
export function routeTrail(routes: readonly AppRoute[], path: string): AppRoute[] {
  for (const route of routes) {
    if (route.path === path) return [route];
    const below = routeTrail(route.children, path);
    if (below.length > 0) return [route, ...below];
  }
  return [];
}
