import { describe, expect, it } from 'vitest';
import type { MenuNode, UserInfo } from '../api/types';
import { canAccessPage, decideAfterLoad, decideNavigation, homePath } from './guard';
import { permittedRoutes } from './menuRoutes';

const adminMenu: MenuNode[] = [
  { id: 1, parentId: 0, path: '/home', menuName: '首页', menuType: 1, childList: [{ id: 2, parentId: 1, path: 'index', menuName: '首页', menuType: 1 }] },
  { id: 3, parentId: 0, path: '/systemManage', menuName: '系统管理', menuType: 1, childList: [{ id: 4, parentId: 3, path: 'userList', menuName: '用户列表', menuType: 1 }] },
];
const shopMenu = adminMenu.slice(0, 1);
const adminRoutes = permittedRoutes(adminMenu, ['admin']);
const shopRoutes = permittedRoutes(shopMenu, ['shop']);
const to = (fullPath: string) => ({ path: fullPath.split('?')[0], fullPath });
const user = (menuVOList: MenuNode[]): UserInfo => ({
  id: 1, userId: 1, userNo: 'S01', userName: 'shop01', name: '店员', phone: null, headPortrait: null, roles: ['shop_staff'], roleNames: ['店员'],
  menuVOList, searchTimeLimitList: [], fieldPermissionNames: [], totalMessage: 0,
});

describe('guard without a token', () => {
  const state = { hasToken: false, userLoaded: false, routes: [] };
  it('lets the login page, h5 pages and device activation through', () => {
    expect(decideNavigation(to('/login'), state)).toEqual({ kind: 'allow' });
    expect(decideNavigation(to('/h5/scanCode?id=3'), state)).toEqual({ kind: 'allow' });
    expect(decideNavigation(to('/baseInfo/deviceActive'), state)).toEqual({ kind: 'allow' });
    expect(decideNavigation(to('/404'), state)).toEqual({ kind: 'allow' });
  });
  it('sends every other page to login with the page to come back to', () => {
    expect(decideNavigation(to('/systemManage/userList?keyword=a'), state)).toEqual({
      kind: 'redirect', to: '/login?redirect=%2FsystemManage%2FuserList%3Fkeyword%3Da',
    });
    expect(decideNavigation(to('/'), state)).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('guard with a token', () => {
  it('shows the login page without loading the user', () => {
    expect(decideNavigation(to('/login'), { hasToken: true, userLoaded: false, routes: [] })).toEqual({ kind: 'allow' });
  });
  it('asks to load user info first when it is not loaded', () => {
    expect(decideNavigation(to('/home/index'), { hasToken: true, userLoaded: false, routes: [] })).toEqual({ kind: 'load' });
  });
  it('sends / to the home page', () => {
    expect(decideNavigation(to('/'), { hasToken: true, userLoaded: true, routes: shopRoutes })).toEqual({ kind: 'redirect', to: '/home/index' });
  });
  it('refuses a page outside the menu with 您无该页面的权限 and /404 once logged in', () => {
    expect(decideNavigation(to('/systemManage/userList'), { hasToken: true, userLoaded: true, routes: shopRoutes })).toEqual({
      kind: 'redirect', to: '/404', messageKey: 'guard.noPagePermission',
    });
    expect(decideNavigation(to('/systemManage/userList'), { hasToken: true, userLoaded: true, routes: adminRoutes })).toEqual({ kind: 'allow' });
  });
});

describe('guard right after loading user info', () => {
  it('logs out with 验证失败 when user data is missing', () => {
    expect(decideAfterLoad(to('/home/index'), null, [])).toEqual({ kind: 'logout', messageKey: 'guard.verifyFailed' });
  });
  it('logs out with 无任何权限! when the user has no menus', () => {
    expect(decideAfterLoad(to('/home/index'), user([]), [])).toEqual({ kind: 'logout', messageKey: 'guard.noMenus' });
  });
  it('sends a typed-in forbidden address to login with 您无该页面的权限', () => {
    expect(decideAfterLoad(to('/systemManage/userList'), user(shopMenu), shopRoutes)).toEqual({
      kind: 'redirect', to: '/login', messageKey: 'guard.noPagePermission',
    });
    expect(decideAfterLoad(to('/home/index'), user(shopMenu), shopRoutes)).toEqual({ kind: 'allow' });
  });
});

describe('page access by segments', () => {
  it('accepts paths whose every segment is a menu or static segment', () => {
    expect(canAccessPage('/userInfo/baseInfo', shopRoutes)).toBe(true);
    expect(canAccessPage('/home/index', shopRoutes)).toBe(true);
    expect(canAccessPage('/router/index', shopRoutes)).toBe(true);
  });
  it('rejects a path with one unknown segment', () => {
    expect(canAccessPage('/systemManage/userList', shopRoutes)).toBe(false);
    expect(canAccessPage('/home/secret', shopRoutes)).toBe(false);
    expect(canAccessPage('/redirect/systemManage/userList', shopRoutes)).toBe(false);
    expect(canAccessPage('/redirect/systemManage/userList', adminRoutes)).toBe(true);
  });
  it('uses home, or the first module index when home is not permitted', () => {
    expect(homePath(adminRoutes)).toBe('/home/index');
    expect(homePath(permittedRoutes(adminMenu.slice(1), ['x']))).toBe('/systemManage/userList');
  });
  it('never lands on the register, a window without the shell, even when it is the first page granted', () => {
    // manager01 (店长): no 首页, and 订单管理 opens with 零售收银 and 练习收银 before 销售报表.
    const orders: MenuNode = { id: 10, parentId: 0, path: '/orderInfo', menuName: '订单管理', menuType: 1, childList: [
      { id: 11, parentId: 10, path: 'retailOrder', menuName: '零售收银', menuType: 1 },
      { id: 12, parentId: 10, path: 'practiceCash', menuName: '练习收银', menuType: 1 },
      { id: 13, parentId: 10, path: 'saleReport', menuName: '销售报表', menuType: 1 },
    ] };
    const manager = permittedRoutes([orders, adminMenu[1]], ['shop_manager']);
    expect(homePath(manager)).toBe('/orderInfo/saleReport');
    expect(decideNavigation(to('/'), { hasToken: true, userLoaded: true, routes: manager })).toEqual({ kind: 'redirect', to: '/orderInfo/saleReport' });
    // A user granted only the register lands on no page of it either.
    const cashierOnly = permittedRoutes([{ ...orders, childList: orders.childList!.slice(0, 2) }], ['shop_staff']);
    expect(homePath(cashierOnly)).toBe('/404');
    // shop01 (门店店员) keeps 首页.
    expect(homePath(permittedRoutes([adminMenu[0], orders], ['shop_staff']))).toBe('/home/index');
  });
  it('lands on the register on a register device, for a user who may sell there, and only from "/"', () => {
    const orders: MenuNode = { id: 10, parentId: 0, path: '/orderInfo', menuName: '订单管理', menuType: 1, childList: [
      { id: 11, parentId: 10, path: 'retailOrder', menuName: '零售收银', menuType: 1 },
      { id: 13, parentId: 10, path: 'saleReport', menuName: '销售报表', menuType: 1 },
    ] };
    const cashier = permittedRoutes([adminMenu[0], orders], ['shop_staff']);
    const device = { hasToken: true, userLoaded: true, routes: cashier, registerDevice: true };
    expect(decideNavigation(to('/'), device)).toEqual({ kind: 'redirect', to: '/orderInfo/retailOrder' });
    expect(decideAfterLoad(to('/'), user([adminMenu[0], orders]), cashier, true)).toEqual({ kind: 'redirect', to: '/orderInfo/retailOrder' });
    // A page asked for by name still opens; off a register device "/" is the home page; no register granted, no register.
    expect(decideNavigation(to('/home/index'), device)).toEqual({ kind: 'allow' });
    expect(decideNavigation(to('/'), { ...device, registerDevice: false })).toEqual({ kind: 'redirect', to: '/home/index' });
    expect(decideNavigation(to('/'), { ...device, routes: shopRoutes })).toEqual({ kind: 'redirect', to: '/home/index' });
  });
});
