import { ApiError } from '../api/http';
import { loadFavourites } from '../layout/favourites';
import { isSessionGoneCode } from '../api/failure';
import { systemApi } from '../api/system';
import type { Tenant, UserInfo } from '../api/types';
import type { AppRoute } from '../router/appRoute';
import { permittedRoutes } from '../router/menuRoutes';
import { appState } from '../store/appStore';

export interface LoadedSession {
  user: UserInfo | null;
  routes: AppRoute[];
  tenant: Tenant | null;
  baseConfigNames: Record<string, string>;
  /** The session was rejected (47xx): the API client is already on its way to login. */
  sessionGone: boolean;
}

/**
 * What the guard loads for a token without user data (spec §4): user info, base config names and
 * tenant type, then routes built from the menu list.
 */
export async function loadSession(): Promise<LoadedSession> {
  const empty: LoadedSession = { user: null, routes: [], tenant: null, baseConfigNames: {}, sessionGone: false };
  let user: UserInfo | null;
  try {
    user = await systemApi.userPermissions();
  } catch (error) {
    return { ...empty, sessionGone: error instanceof ApiError && isSessionGoneCode(error.code) };
  }
  if (!user || !Array.isArray(user.menuVOList)) return { ...empty, user: null };
  const [names, tenant] = await Promise.all([
    systemApi.baseConfigNames().catch(() => []),
    systemApi.tenant({ id: Number(appState.tenantId) }).catch(() => null),
  ]);
  return {
    user,
    routes: permittedRoutes(user.menuVOList, user.roles ?? []),
    tenant,
    baseConfigNames: Object.fromEntries((names ?? []).map((n) => [n.defaultName, n.newName])),
    sessionGone: false,
  };
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
