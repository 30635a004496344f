import { logout as logoutCall } from '../api/auth';
import type { LoginAnswer } from '../api/types';
import { navigateTo } from '../router/navigation';
import { LOGIN_PATH } from '../router/staticRoutes';
import { appState } from '../store/appStore';
import { clearSession } from './clearSession';
import { rememberTenantId, saveDeviceShopId, saveToken } from './sessionStorage';

/**
 * Keeps the token of a successful login (cookie Admin-Token 30 days + session storage) and the device shop: the token
 * answer's, or a token a link brought (no device shop).
 */
export function establishSession(answer: Pick<LoginAnswer, 'access_token' | 'X_SHOP_ID'>, tenantId: string): void {
  saveToken(answer.access_token);
  saveDeviceShopId(answer.X_SHOP_ID);
  rememberTenantId(tenantId);
  appState.token = answer.access_token;
  appState.tenantId = tenantId;
  appState.deviceShopId = answer.X_SHOP_ID ? String(answer.X_SHOP_ID) : '';
  // A new login loads its own user, routes and tabs.
  appState.user = null;
  appState.routes = [];
  appState.menuList = [];
  appState.tabs.visited = [];
  appState.tabs.cached = [];
}

/** 退出登录: revoke the token on the server, forget it here, go to the login page. */
export async function logOut(): Promise<void> {
  try {
    await logoutCall();
  } catch {
    // The session is being dropped anyway; a failed revoke must not keep the user in.
  }
  clearSession();
  navigateTo(LOGIN_PATH, { replace: true });
}
