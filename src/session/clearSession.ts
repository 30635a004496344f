import { appState } from '../store/appStore';
import { removeToken } from './sessionStorage';
import { forgetAnswers } from '../offline/keptAnswers';

/**
 * Forgets the session in this tab. `keepCookie` leaves the shared cookie alone: used when another
 * tab has already replaced it with its own login.
 */
export function clearSession(options: { keepCookie?: boolean } = {}): void {
  if (options.keepCookie) sessionStorage.removeItem('Admin-Token');
  else removeToken();
  // What the register kept of this session for a start without network (session, shift, last order) goes with it.
  forgetAnswers();
  appState.token = '';
  appState.user = null;
  appState.menuList = [];
  appState.routes = [];
  appState.tabs.visited = [];
  appState.tabs.cached = [];
  appState.tabs.menuActiveName = '';
  appState.tabs.activePath = '';
}
