import type { UserInfo } from '../api/types';
import type { AppRoute } from './appRoute';
import { flattenRoutes } from './menuRoutes';
import {
  DEVICE_ACTIVE_PATH, HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, PUBLIC_PATHS, REGISTER_PATHS, STATIC_PATHS, isH5Path,
} from './staticRoutes';

/**
 * The route guard of spec §4/§5 as pure decisions. The React side (RouteGuard) performs them:
 * it navigates, shows the message (an i18n key) and loads the session when asked.
 */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; messageKey?: string }
  | { kind: 'load' }
  | { kind: 'logout'; messageKey: string };

export interface GuardTarget {
  path: string;
  fullPath: string;
}

export interface GuardState {
  hasToken: boolean;
  userLoaded: boolean;
  routes: readonly AppRoute[];
  /** This browser is an activated register device (the login answered its shop, cookie deviceShopId). */
  registerDevice?: boolean;
}

export const MESSAGE_NO_PAGE_PERMISSION = 'guard.noPagePermission';
export const MESSAGE_NO_MENUS = 'guard.noMenus';
export const MESSAGE_VERIFY_FAILED = 'guard.verifyFailed';

/** Paths that never need the user loaded: the login page, mobile pages, device activation. */
function skipsSession(path: string): boolean {
  return path === LOGIN_PATH || isH5Path(path) || path === DEVICE_ACTIVE_PATH;
}

export function passesWithoutToken(path: string): boolean {
  return PUBLIC_PATHS.includes(path) || isH5Path(path);
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Page access (spec §5): every segment of the target path must appear among the segments of the
 * permitted menu routes or of the static routes.
 */
export function canAccessPage(path: string, routes: readonly AppRoute[]): boolean {
  const known = new Set<string>();
  for (const route of flattenRoutes(routes)) segments(route.path).forEach((s) => known.add(s));
  for (const staticPath of STATIC_PATHS) segments(staticPath).forEach((s) => known.add(s));
  return segments(path).every((segment) => known.has(segment));
}

/**
 * The page "/" and a closed last tab lead to: home when permitted, else the first module's index —
 * never the register, a window of its own without the shell.
 */
export function homePath(routes: readonly AppRoute[]): string {
  const all = flattenRoutes(routes);
  if (all.some((route) => route.path === HOME_PATH)) return HOME_PATH;
  return all.find((route) => route.meta.moduleIndex && !REGISTER_PATHS.includes(route.path))?.path ?? NOT_FOUND_PATH;
}

/**
 * Where "/" (a login without a redirect) lands: on a register device (a browser activated under 门店设备) the
 * register itself for a user who may sell there, else the home page (the landing page of the user's role).
 */
export function landingPath(routes: readonly AppRoute[], registerDevice: boolean): string {
  const register = REGISTER_PATHS[0];
  if (registerDevice && flattenRoutes(routes).some((route) => route.path === register)) return register;
  return homePath(routes);
}

export function loginRedirect(target: GuardTarget): string {
  if (target.path === '/' || target.path === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target.fullPath)}`;
}

/** Decision for a navigation, before the session is (re)loaded. */
export function decideNavigation(target: GuardTarget, state: GuardState): GuardDecision {
  if (!state.hasToken) {
    return passesWithoutToken(target.path) ? { kind: 'allow' } : { kind: 'redirect', to: loginRedirect(target) };
  }
  if (skipsSession(target.path)) return { kind: 'allow' };
  if (!state.userLoaded) return { kind: 'load' };
  return decideAccess(target, state.routes, false, state.registerDevice ?? false);
}

/**
 * Decision once user info has been fetched for a fresh page load: missing user data logs out with
 * 验证失败，请重新登录, no menus logs out with 无任何权限!, then the page-access rule.
 */
export function decideAfterLoad(target: GuardTarget, user: UserInfo | null | undefined, routes: readonly AppRoute[], registerDevice = false): GuardDecision {
  if (!user || !Array.isArray(user.menuVOList)) return { kind: 'logout', messageKey: MESSAGE_VERIFY_FAILED };
  if (user.menuVOList.length === 0) return { kind: 'logout', messageKey: MESSAGE_NO_MENUS };
  return decideAccess(target, routes, true, registerDevice);
}

function decideAccess(target: GuardTarget, routes: readonly AppRoute[], justLoaded: boolean, registerDevice: boolean): GuardDecision {
  if (target.path === '/') return { kind: 'redirect', to: landingPath(routes, registerDevice) };
  if (canAccessPage(target.path, routes)) return { kind: 'allow' };
  return { kind: 'redirect', to: justLoaded ? LOGIN_PATH : NOT_FOUND_PATH, messageKey: MESSAGE_NO_PAGE_PERMISSION };
}
