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

function MenuItem({ route, activePath, navOpen }: { route: AppRoute; activePath: string; navOpen: boolean }) {
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
      defaultOpened={navOpen || contains(route, activePath)}
      childrenOffset={12}
      data-testid={`menu-${route.path}`}
    >
      {children.map((child) => (
        <MenuItem key={child.path} route={child} activePath={activePath} navOpen={navOpen} />
      ))}
    </NavLink>
  );
}

/** Collapsed (72 px): module icons; hovering one lists its pages. */
function CollapsedModule({ route, activePath }: { route: AppRoute; activePath: string }) {
  const open = useOpenMenu();
  const leaves = (r: AppRoute): AppRoute[] => (visible(r.children).length === 0 ? [r] : visible(r.children).flatMap(leaves));
  const pages = leaves(route);
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
        {routes.map((route) =>
          collapsed ? (
            <CollapsedModule key={route.path} route={route} activePath={pathname} />
          ) : (
            <MenuItem key={route.path} route={route} activePath={pathname} navOpen={snap.sidebar.open} />
          ),
        )}
      </nav>
    </>
  );
}
