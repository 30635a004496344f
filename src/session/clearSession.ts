import { appState } from '../store/appStore';
import { removeToken } from './sessionStorage';
import { forgetAnswer } from '../offline/keptAnswers';

/**
 * Forgets the session in this tab. `keepCookie` leaves the shared cookie alone: used when another
 * tab has already replaced it with its own login.
 */
export function clearSession(options: { keepCookie?: boolean } = {}): void {
  if (options.keepCookie) sessionStorage.removeItem('Admin-Token');
  else removeToken();
  // The register's copy of this session (for a start without network) goes with it.
  forgetAnswer('session');
  appState.token = '';
  appState.user = null;
  appState.menuList = [];
  appState.routes = [];
  appState.tabs.visited = [];
  appState.tabs.cached = [];
  appState.tabs.menuActiveName = '';
  appState.tabs.activePath = '';
}
