import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoginPage } from '../pages/login/LoginPage';
import { NotFoundPage, UnauthorizedPage } from '../pages/errors/ErrorPages';
import { appState } from '../store/appStore';
import { lazyPage } from './lazyPage';
import { PageLoader } from './PageLoader';
import { DEVICE_ACTIVE_PATH, LOGIN_PATH, NOT_FOUND_PATH, REGISTER_PATHS, UNAUTHORIZED_PATH, isH5Path } from './staticRoutes';
import { useRouteGuard } from './useRouteGuard';

/** The logged-in layout is its own chunk so the login page stays small. */
const AppLayout = lazyPage(() => import('../layout/AppLayout'));
/** The query cache, dialogs and full component styles: loaded with the first page behind the login, not with it. */
const ShellProviders = lazyPage(() => import('./ShellProviders'));
const DeviceActivePage = lazyPage(() => import('../pages/deviceActive/DeviceActivePage'));
const H5App = lazyPage(() => import('../pages/h5/H5App'));
/**
 * The cash register (零售收银, 练习收银) is a window of its own, as spec §2 lists it with the static routes: no
 * sidebar, tabs or notice socket, so it is usable without loading the shell (its chunk is the page's alone).
 * REGISTER_PATHS (staticRoutes) lists it.
 */
const RegisterPage = lazyPage(() => import('../../screens-custom/billing/RetailOrderPage'));

/** /auth-redirect: the end of an external sign-in; continues to its redirect target or home. */
function AuthRedirect() {
  const redirect = new URLSearchParams(useLocation().search).get('redirect');
  return <Navigate to={redirect && redirect.startsWith('/') ? redirect : '/'} replace />;
}

const STANDALONE = [LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH, '/auth-redirect', DEVICE_ACTIVE_PATH];

/** A page loaded on demand inside the shell's providers, the loader showing meanwhile. */
function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <ShellProviders>{children}</ShellProviders>
    </Suspense>
  );
}

function Layout() {
  return (
    <Lazy>
      <AppLayout />
    </Lazy>
  );
}

export function RootView() {
  const allowed = useRouteGuard();
  const { pathname } = useLocation();
  // While the guard checks a navigation the layout stays mounted (showing the last allowed page),
  // so kept-alive views keep their state.
  if (!allowed) return appState.user && !STANDALONE.includes(pathname) && !REGISTER_PATHS.includes(pathname) && !isH5Path(pathname) ? <Layout /> : <PageLoader />;
  if (pathname === LOGIN_PATH) return <LoginPage />;
  if (pathname === NOT_FOUND_PATH) return <NotFoundPage />;
  if (pathname === UNAUTHORIZED_PATH) return <UnauthorizedPage />;
  if (pathname === '/auth-redirect') return <AuthRedirect />;
  if (pathname === DEVICE_ACTIVE_PATH)
    return (
      <Lazy>
        <DeviceActivePage />
      </Lazy>
    );
  // The mobile pages have a shell of their own (no sidebar, their own login).
  if (isH5Path(pathname))
    return (
      <Lazy>
        <H5App />
      </Lazy>
    );
  if (!appState.user) return <NotFoundPage />;
  if (REGISTER_PATHS.includes(pathname))
    return (
      <Lazy>
        <RegisterPage />
      </Lazy>
    );
  return <Layout />;
}
