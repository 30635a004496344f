/** The static paths of spec §2 and §4: the browser routes them, the server checks descriptor menus against them. */
export const HOME_PATH = '/home/index';
export const LOGIN_PATH = '/login';
export const H5_LOGIN_PATH = '/h5/h5Login';
export const DEVICE_ACTIVE_PATH = '/baseInfo/deviceActive';
export const NOT_FOUND_PATH = '/404';
/**
 * The cash register (零售收银, 练习收银): a window of its own with no shell, so never a landing page or a
 * module's fixed index tab.
 */
export const REGISTER_PATHS: readonly string[] = ['/orderInfo/retailOrder', '/orderInfo/practiceCash'];
export const UNAUTHORIZED_PATH = '/401';

/** Mobile pages (spec §2): they skip the login check. */
export const H5_PAGES: readonly string[] = [
  '/h5/scanCode', '/h5/authorList', '/h5/h5Login', '/h5/attandAuth', '/h5/pettyCashAuth',
  '/h5/uploadFaceSuccess', '/h5/aicallLogin', '/h5/courseSharing', '/h5/inspectApply',
];

/** Paths reachable without a token besides /h5/* (spec §4). */
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, '/auth-redirect', NOT_FOUND_PATH, UNAUTHORIZED_PATH, DEVICE_ACTIVE_PATH];

/** Every static route of spec §2; their segments always pass the page-access rule. */
export const STATIC_PATHS: readonly string[] = [
  '/redirect', LOGIN_PATH, '/auth-redirect', NOT_FOUND_PATH, UNAUTHORIZED_PATH,
  '/storageManage/sysPrintTem', ...REGISTER_PATHS, DEVICE_ACTIVE_PATH, '/router/index',
  '/userInfo/baseInfo', '/userInfo/resetPsw', '/userInfo/loginRecord', '/userInfo/messageNotice', '/userInfo/routerSetting',
  '/userInfo/systemLog', '/userInfo/cateringCashier', '/userInfo/cateringCashierSet',
  ...H5_PAGES,
];

export function isH5Path(path: string): boolean {
  return path.startsWith('/h5/') || path.includes('/h5/');
}

/** Module entry of spec §2; the last active module is remembered under this key. */
export const LAST_MODULE_KEY = 'lastActiveModule';
export const AI_CALLOUT_PATH = '/aiCallout';
export const AI_CALL_LOGIN_PATH = '/h5/aicallLogin';
