import type { ComponentType, LazyExoticComponent } from 'react';
import { SCREEN_ROUTES } from '../../engine/runtime/screenRoutes';
import { lazyPage } from './lazyPage';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Screens that exist, by route path. A menu route without a screen here is answered by the 404 page;
 * no placeholder screens.
 */
export const PAGES: Readonly<Record<string, Page>> = {
  '/home/index': lazyPage(() => import('../pages/home/HomePage')),
  '/systemManage/userList': lazyPage(() => import('../pages/systemManage/UserListPage')),
  '/systemManage/userEdit': lazyPage(() => import('../pages/systemManage/UserEditPage')),
  '/systemManage/loginLog': lazyPage(() => import('../pages/systemManage/LoginLogPage')),
  '/systemManage/versionLog': lazyPage(() => import('../pages/systemManage/VersionLogPage')),
  '/userInfo/baseInfo': lazyPage(() => import('../pages/userInfo/ProfilePage')),
  '/userInfo/resetPsw': lazyPage(() => import('../pages/userInfo/ResetPasswordPage')),
  '/userInfo/loginRecord': lazyPage(() => import('../pages/userInfo/LoginRecordPage')),
  '/userInfo/messageNotice': lazyPage(() => import('../pages/userInfo/MessageNoticePage')),
  '/userInfo/systemLog': lazyPage(() => import('../pages/userInfo/SystemLogPage')),
  '/userInfo/routerSetting': lazyPage(() => import('../pages/userInfo/RouterSettingPage')),
  '/storageManage/sysPrintTem': lazyPage(() => import('../../screens-custom/designer/SysPrintTemPage')),
};

/** Every menu path with a screen descriptor (schemas/screens/*.json) renders the generic screen page. */
const SCREEN_PAGE: Page = lazyPage(() => import('../../engine/ScreenPage'));

export function pageFor(path: string, component?: string | null): Page | null {
  if (PAGES[path]) return PAGES[path];
  if (SCREEN_ROUTES.has(path)) return SCREEN_PAGE;
  // Menus may name the screen by component instead of path ("systemManage/userList/index").
  const byComponent = component ? `/${component.replace(/^\/+/, '').replace(/\/index$/, '')}` : null;
  return byComponent && PAGES[byComponent] ? PAGES[byComponent] : null;
}
