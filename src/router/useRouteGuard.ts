import { useEffect, useState } from 'react';
import { type Location, type NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';
import { notifyError } from '../feedback/notify';
import { clearSession } from '../session/clearSession';
import { commitSession, loadSession } from '../session/loadSession';
import { appState } from '../store/appStore';
import { onLayoutNavigation, restoreVisitedViews } from '../tabs/tabActions';
import { type GuardDecision, decideAfterLoad, decideNavigation } from './guard';
import { LOGIN_PATH } from './staticRoutes';

/** The location (history entry key) whose page the tabs last recorded: each location is recorded once. */
let recordedKey: string | null = null;

function recordAllowed(location: Location, navigationType: NavigationType): void {
  if (location.key === recordedKey) return;
  recordedKey = location.key;
  onLayoutNavigation(location.pathname, location.search, navigationType);
}

const stateNow = () => ({ hasToken: Boolean(appState.token), userLoaded: appState.user !== null, routes: appState.routes, registerDevice: Boolean(appState.deviceShopId) });

/** The last location the router reached, and how: recorded by the guard's effect once React renders it. */
let reached: { location: Location; navigationType: NavigationType } | null = null;

/**
 * The router's listener (router.tsx). React renders router updates as transitions, and a transition that a newer
 * navigation overtakes never commits: the guard's effect below never runs for it, so a page opened from the command
 * palette and followed at once by another (a document by its number) left neither tab nor 最近访问 entry. When the
 * router moves on from a location React never rendered, that location is recorded then, as the guard would have
 * (the page itself never shows, so nothing of the kept-alive views changes under a page being rendered).
 */
export function onRouterLocation(location: Location, navigationType: NavigationType): void {
  const before = reached;
  if (before && before.location.key !== location.key && before.location.key !== recordedKey) {
    const decision = decideNavigation({ path: before.location.pathname, fullPath: before.location.pathname + before.location.search }, stateNow());
    if (decision.kind === 'allow') recordAllowed(before.location, before.navigationType);
  }
  if (!before || before.location.key !== location.key) reached = { location, navigationType };
}

/**
 * Performs the guard's decisions for each navigation (the router's beforeEach/afterEach).
 * Returns true once the current location may render.
 */
export function useRouteGuard(): boolean {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [allowedKey, setAllowedKey] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const target = { path: location.pathname, fullPath: location.pathname + location.search };
    const perform = (decision: GuardDecision) => {
      if (cancelled) return;
      switch (decision.kind) {
        case 'allow':
          recordAllowed(location, navigationType);
          setAllowedKey(location.key);
          return;
        case 'redirect':
          if (decision.messageKey) notifyError({ key: decision.messageKey });
          navigate(decision.to, { replace: true });
          return;
        case 'logout':
          notifyError({ key: decision.messageKey });
          clearSession();
          navigate(LOGIN_PATH, { replace: true });
          return;
        case 'load':
          void loadSession().then((loaded) => {
            if (cancelled || loaded.sessionGone) return;
            const next = decideAfterLoad(target, loaded.user, loaded.routes, Boolean(appState.deviceShopId));
            if (next.kind !== 'logout') {
              commitSession(loaded);
              restoreVisitedViews();
            }
            perform(next);
          });
          return;
      }
    };
    perform(decideNavigation(target, stateNow()));
    return () => {
      cancelled = true;
    };
    // The guard runs once per navigation (location.key), like a router hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return allowedKey === location.key;
}
