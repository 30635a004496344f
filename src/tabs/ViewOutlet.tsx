import { Activity, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { NotFoundContent } from '../pages/errors/NotFoundContent';
import type { AppRoute } from '../router/appRoute';
import { homePath } from '../router/guard';
import { findRoute, firstVisibleLeaf } from '../router/menuRoutes';
import { pageFor } from '../router/pageRegistry';
import { resolveRoute } from '../router/resolveRoute';
import { LAST_MODULE_KEY } from '../router/staticRoutes';
import { PageLoader } from '../router/PageLoader';
import { appState } from '../store/appStore';
import { refreshView } from './tabActions';
import { ViewContext } from './ViewContext';

/** /redirect/:path*: reopens the page with a fresh state. */
function RedirectHelper() {
  const location = useLocation();
  const target = location.pathname.replace(/^\/redirect/, '') || '/';
  useEffect(() => refreshView(target), [target]);
  return <Navigate to={target + location.search} replace />;
}

/** /router/index?routeKey=module opens a module's index page; without routeKey, the last active module. */
function ModuleEntry() {
  const location = useLocation();
  const routeKey = new URLSearchParams(location.search).get('routeKey') ?? localStorage.getItem(LAST_MODULE_KEY);
  const module = appState.routes.find((route) => route.meta.module === routeKey || route.path === `/${routeKey}`);
  const index = module ? firstVisibleLeaf(findRoute(appState.routes, module.path) ?? module) : null;
  if (index && routeKey) localStorage.setItem(LAST_MODULE_KEY, routeKey);
  return <Navigate to={index ? index.path : homePath(appState.routes)} replace />;
}

function ViewPage({ route }: { route: AppRoute | null }) {
  const Page = route ? pageFor(route.path, route.component) : null;
  return Page ? <Page /> : <NotFoundContent />;
}

/**
 * The page area. Up to 8 kept-alive views stay mounted while hidden (React's Activity keeps their
 * state); the least recently used is dropped by the tab rules.
 */
export function ViewOutlet() {
  const { pathname } = useLocation();
  const tabs = useSnapshot(appState.tabs);
  const routes = useSnapshot(appState).routes as AppRoute[];
  if (pathname === '/redirect' || pathname.startsWith('/redirect/')) return <RedirectHelper />;
  if (pathname === '/router/index') return <ModuleEntry />;
  const activePath = tabs.activePath;
  const keys = tabs.cached.includes(activePath) ? [...tabs.cached] : [...tabs.cached, activePath];
  return (
    <>
      {keys.map((path) => {
        const view = tabs.visited.find((v) => v.path === path);
        const active = path === activePath;
        if (!active && !view) return null;
        return (
          <Activity key={`${path}#${tabs.refreshKeys[path] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
            <ViewContext.Provider value={{ path, query: view?.query ?? {}, active }}>
              <Suspense fallback={<PageLoader />}>
                <ViewPage route={resolveRoute(routes, path)} />
              </Suspense>
            </ViewContext.Provider>
          </Activity>
        );
      })}
    </>
  );
}
