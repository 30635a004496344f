import type { AppRoute } from './appRoute';

export * from '../../core/staticPaths.ts';

function personal(path: string, titleKey: string, hidden = false): AppRoute {
  return {
    name: path,
    path,
    component: null,
    hidden,
    meta: { title: titleKey, titleKey, keepAlive: true, thirdLevel: false, module: 'userInfo' },
    children: [],
  };
}

/** The personal centre pages that exist in this shell (routes that have a screen). */
export const PERSONAL_ROUTES: readonly AppRoute[] = [
  personal('/userInfo/baseInfo', 'route.profile'),
  personal('/userInfo/resetPsw', 'route.resetPassword'),
  personal('/userInfo/loginRecord', 'route.loginRecord'),
  personal('/userInfo/messageNotice', 'route.messageNotice'),
  personal('/userInfo/systemLog', 'route.versionLog'),
  personal('/userInfo/routerSetting', 'route.routerSetting', true),
];
