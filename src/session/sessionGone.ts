import { SELF_CLOSING_PAGES } from '../api/failure';
import { notifyError } from '../feedback/notify';
import { currentLocation, navigateTo } from '../router/navigation';
import { clearSession } from './clearSession';
import { cookieToken, tabToken } from './sessionStorage';

/**
 * This tab's session has ended elsewhere (spec 000 §8, token mismatch): another tab logged out or in as someone
 * else, or the server revoked the token. Says 当前登录帐户已退出登录，请重新登录！, forgets the session here (the
 * shared cookie too, unless it now holds another tab's login), closes the register's own window, goes to login.
 */
export function leaveEndedSession(): void {
  const here = currentLocation();
  notifyError({ key: 'session.loggedOutElsewhere' });
  clearSession({ keepCookie: cookieToken() !== (tabToken() ?? undefined) });
  if (SELF_CLOSING_PAGES.includes(here.path)) window.close();
  navigateTo('/login', { replace: true });
}
