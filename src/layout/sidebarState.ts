import Cookies from 'js-cookie';
import { appState, type SidebarStyle } from '../store/appStore';

/** Sidebar widths of spec §2. */
export const SIDEBAR_OPEN_WIDTH = 160;
export const SIDEBAR_COLLAPSED_WIDTH = 72;

const STATUS_COOKIE = 'sidebarStatus';
const STYLE_COOKIE = 'sidebarStyle';
const NAV_OPEN_COOKIE = 'sidebarNavOpen';

/**
 * Reads the saved sidebar state (cookies sidebarStatus 1/0, sidebarStyle, sidebarNavOpen). Modules start folded
 * except the current page's (issue 31: 119 items unfolded are a wall) unless the user turned 展开菜单 on.
 */
export function restoreSidebar(): void {
  appState.sidebar.opened = Cookies.get(STATUS_COOKIE) !== '0';
  appState.sidebar.style = Cookies.get(STYLE_COOKIE) === 'dark' ? 'dark' : 'light';
  appState.sidebar.open = Cookies.get(NAV_OPEN_COOKIE) === '1';
}

export function toggleSidebar(): void {
  appState.sidebar.opened = !appState.sidebar.opened;
  appState.sidebar.withoutAnimation = false;
  Cookies.set(STATUS_COOKIE, appState.sidebar.opened ? '1' : '0');
}

export function closeSidebar(withoutAnimation: boolean): void {
  appState.sidebar.opened = false;
  appState.sidebar.withoutAnimation = withoutAnimation;
  Cookies.set(STATUS_COOKIE, '0');
}

export function setSidebarStyle(style: SidebarStyle): void {
  appState.sidebar.style = style;
  Cookies.set(STYLE_COOKIE, style);
}

/** Whether the sub-menus of the sidebar start expanded. */
export function setSidebarNavOpen(open: boolean): void {
  appState.sidebar.open = open;
  Cookies.set(NAV_OPEN_COOKIE, open ? '1' : '0');
}
