import { ApiError } from '../api/http';
import { loadFavourites } from '../layout/favourites';
import { isSessionGoneCode, isStaleSession } from '../api/failure';
import { systemApi } from '../api/system';
import type { Tenant, UserInfo } from '../api/types';
import type { AppRoute } from '../router/appRoute';
import { permittedRoutes } from '../router/menuRoutes';
import { appState } from '../store/appStore';
import { REGISTER_PATHS } from '../router/staticRoutes';
import { isUnreachable, keepAnswer, keptAnswer, keptState, sessionOwner } from '../offline/keptAnswers';
import { cookieToken, tabToken } from './sessionStorage';

export interface LoadedSession {
  user: UserInfo | null;
  routes: AppRoute[];
  tenant: Tenant | null;
  baseConfigNames: Record<string, string>;
  /** The session was rejected (47xx): the API client is already on its way to login. */
  sessionGone: boolean;
}

/** The last session loaded in this browser, kept for the register's cold start without network. */
export const KEPT_SESSION = 'session';
type KeptSession = Pick<LoadedSession, 'user' | 'tenant' | 'baseConfigNames'>;

/**
 * What the guard loads for a token without user data (spec §4): user info, base config names and
 * tenant type, then routes built from the menu list. The register (a till that must open without network) falls
 * back on the copy this browser kept of the same session when the server cannot be reached.
 */
export async function loadSession(): Promise<LoadedSession> {
  const empty: LoadedSession = { user: null, routes: [], tenant: null, baseConfigNames: {}, sessionGone: false };
  const owner = sessionOwner(appState.tenantId, tabToken() ?? appState.token);
  const here = window.location.pathname;
  let user: UserInfo | null;
  try {
    // The register without network shows its own offline banner instead of a 网络错误 toast.
    user = await systemApi.userPermissions({ silent: REGISTER_PATHS.includes(here) && !navigator.onLine });
  } catch (error) {
    const offline = isUnreachable(error) && REGISTER_PATHS.includes(here) && !isStaleSession(cookieToken(), tabToken(), here);
    const kept = offline ? keptAnswer<KeptSession>(KEPT_SESSION, owner) : null;
    if (kept?.value.user && Array.isArray(kept.value.user.menuVOList)) {
      keptState.usedAt = kept.at;
      return { ...kept.value, routes: permittedRoutes(kept.value.user.menuVOList, kept.value.user.roles ?? []), sessionGone: false };
    }
    return { ...empty, sessionGone: error instanceof ApiError && isSessionGoneCode(error.code) };
  }
  if (!user || !Array.isArray(user.menuVOList)) return { ...empty, user: null };
  const [names, tenant] = await Promise.all([
    systemApi.baseConfigNames().catch(() => []),
    systemApi.tenant({ id: Number(appState.tenantId) }).catch(() => null),
  ]);
  const loaded: KeptSession = { user, tenant, baseConfigNames: Object.fromEntries((names ?? []).map((n) => [n.defaultName, n.newName])) };
  keepAnswer(KEPT_SESSION, loaded, owner);
  return { ...loaded, routes: permittedRoutes(user.menuVOList, user.roles ?? []), sessionGone: false };
}

export function commitSession(loaded: LoadedSession): void {
  appState.user = loaded.user;
  appState.menuList = loaded.user?.menuVOList ?? [];
  appState.routes = loaded.routes;
  appState.tenant = loaded.tenant;
  appState.tenantType = loaded.tenant?.mainIndustry ?? 1;
  appState.baseConfigNames = loaded.baseConfigNames;
  loadFavourites();
}
