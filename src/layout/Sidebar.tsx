import { Kbd, Menu, NavLink, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { isExternal } from '../forms/inputRules';
import type { AppRoute } from '../router/appRoute';
import { AI_CALLOUT_PATH, AI_CALL_LOGIN_PATH } from '../router/staticRoutes';
import { appState } from '../store/appStore';
import { openPalette } from './CommandPalette';
import { Icon } from './icons';
import { closeSidebar } from './sidebarState';
import { favouritesState } from './favourites';
import { useEffect, useState } from 'react';

/** Shown: what is not hidden, and not a module whose pages are all hidden (granted only for a detail a notice opens). */
function visible(routes: readonly AppRoute[]): AppRoute[] {
  return routes.filter((route) => !route.hidden && !(route.children.length > 0 && route.children.every((child) => child.hidden)));
}

function contains(route: AppRoute, path: string): boolean {
  return route.path === path || route.children.some((child) => contains(child, path));
}

/** Where a menu goes: /aiCallout and external links open a new window, the rest navigate. */
function useOpenMenu() {
  const navigate = useNavigate();
  return (route: AppRoute) => {
    if (route.path === AI_CALLOUT_PATH) window.open(AI_CALL_LOGIN_PATH, '_blank');
    else if (isExternal(route.path)) window.open(route.path, '_blank');
    else navigate(route.path);
    if (appState.device === 'mobile') closeSidebar(false);
  };
}

/** The pages of the sidebar, depth first (a module's own page when it has none under it). */
function leavesOf(route: AppRoute): AppRoute[] {
  const children = visible(route.children);
  return children.length === 0 ? [route] : children.flatMap(leavesOf);
}

interface Folding {
  isOpen: (path: string) => boolean;
  toggle: (path: string) => void;
}

function MenuItem({ route, activePath, folding }: { route: AppRoute; activePath: string; folding: Folding }) {
  const open = useOpenMenu();
  const children = visible(route.children);
  const active = route.path === activePath;
  if (children.length === 0) {
    return (
      <NavLink
        label={route.meta.title}
        title={route.meta.title}
        leftSection={route.meta.icon ? <Icon name={route.meta.icon} /> : undefined}
        active={active}
        onClick={() => open(route)}
        data-testid={`menu-${route.path}`}
      />
    );
  }
  return (
    <NavLink
      label={route.meta.title}
      title={route.meta.title}
      leftSection={<Icon name={route.meta.icon ?? route.meta.module} />}
      opened={folding.isOpen(route.path)}
      onChange={() => folding.toggle(route.path)}
      childrenOffset={12}
      data-testid={`menu-${route.path}`}
    >
      {children.map((child) => (
        <MenuItem key={child.path} route={child} activePath={activePath} folding={folding} />
      ))}
    </NavLink>
  );
}

/** Collapsed (72 px): module icons; hovering one lists its pages. */
function CollapsedModule({ route, activePath }: { route: AppRoute; activePath: string }) {
  const open = useOpenMenu();
  const pages = leavesOf(route);
  const icon = (
    <div className="shell-collapsed-item" data-active={contains(route, activePath)} data-testid={`menu-${route.path}`}>
      <Icon name={route.meta.icon ?? route.meta.module} size={20} />
    </div>
  );
  if (pages.length === 1 && pages[0] === route) {
    return <Tooltip label={route.meta.title} position="right"><div onClick={() => open(route)}>{icon}</div></Tooltip>;
  }
  return (
    <Menu trigger="hover" position="right-start" offset={4} withinPortal>
      <Menu.Target>{icon}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{route.meta.title}</Menu.Label>
        {pages.map((page) => (
          <Menu.Item key={page.path} onClick={() => open(page)} data-testid={`menu-popup-${page.path}`}>{page.meta.title}</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function Sidebar() {
  const { t } = useTranslation();
  const snap = useSnapshot(appState);
  const { pathname } = useLocation();
  const collapsed = !snap.sidebar.opened && snap.device === 'desktop';
  const tenant = snap.tenant;
  const routes = visible(snap.routes as AppRoute[]);
  const favourites = useSnapshot(favouritesState);
  // Modules fold except the current page's (and, with 展开菜单 on, every one); the user unfolds others, until
  // the next page of another module folds them again.
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setUnfolded(new Set()), [pathname]);
  const folding: Folding = {
    isOpen: (path) => (unfolded.has(path) ? true : unfolded.has(`-${path}`) ? false : path === 'favourites' || snap.sidebar.open || routes.some((r) => findPath(r, path, pathname))),
    toggle: (path) => setUnfolded((now) => {
      const next = new Set(now);
      const wasOpen = folding.isOpen(path);
      next.delete(path);
      next.delete(`-${path}`);
      next.add(wasOpen ? `-${path}` : path);
      return next;
    }),
  };
  const pages = routes.flatMap(leavesOf);
  const favouritePages = favourites.paths.map((p) => pages.find((r) => r.path === p)).filter((r): r is AppRoute => Boolean(r));
  return (
    <>
      <div className="shell-logo" data-testid="sidebar-logo">
        {tenant?.menuLogo ? <img src={tenant.menuLogo} alt="" /> : <Icon name="shop" size={24} />}
        {!collapsed && <span>{tenant?.tenantName ?? t('app.name')}</span>}
      </div>
      {!collapsed && (
        <UnstyledButton className="shell-search" onClick={openPalette} aria-label={t('sidebar.search')} data-testid="sidebar-search">
          <span>{t('sidebar.search')}</span>
          <Kbd size="xs">{t('sidebar.searchHint')}</Kbd>
        </UnstyledButton>
      )}
      <nav aria-label={t('sidebar.menu')}>
        {!collapsed && favouritePages.length > 0 && (
          <NavLink label={t('sidebar.favourites')} leftSection={<Icon name="star" />} opened={folding.isOpen('favourites')} onChange={() => folding.toggle('favourites')}
            childrenOffset={12} data-testid="menu-favourites">
            {favouritePages.map((page) => <FavouriteItem key={page.path} route={page} active={page.path === pathname} />)}
          </NavLink>
        )}
        {routes.map((route) =>
          collapsed ? (
            <CollapsedModule key={route.path} route={route} activePath={pathname} />
          ) : (
            <MenuItem key={route.path} route={route} activePath={pathname} folding={folding} />
          ),
        )}
      </nav>
    </>
  );
}

/** Whether `path` (a module or group) lies on the way from `route` to the page at `pathname`. */
function findPath(route: AppRoute, path: string, pathname: string): boolean {
  if (route.path === path) return contains(route, pathname);
  return route.children.some((child) => findPath(child, path, pathname));
}

function FavouriteItem({ route, active }: { route: AppRoute; active: boolean }) {
  const open = useOpenMenu();
  return (
    <NavLink label={route.meta.title} title={route.meta.title} active={active} onClick={() => open(route)} data-testid={`menu-favourite-${route.path}`}
      leftSection={route.meta.icon ? <Icon name={route.meta.icon} /> : undefined} />
  );
}
