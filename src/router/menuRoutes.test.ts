import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/types';
import { buildRoutes, filterRoutesByRoles, findRoute, flattenRoutes, permittedRoutes, routeTrail } from './menuRoutes';

const node = (over: Partial<MenuNode> & Pick<MenuNode, 'id' | 'path' | 'menuName'>): MenuNode => ({
  parentId: 0, menuType: 1, childList: [], ...over,
});

const menu: MenuNode[] = [
  node({ id: 9, path: '/systemManage', menuName: '系统管理', sort: 2, meta: { module: 'systemManage', icon: 'setting' }, childList: [
    node({ id: 11, parentId: 9, path: 'loginLog', menuName: '登录日志', sort: 2 }),
    node({ id: 10, parentId: 9, path: 'userList', menuName: '用户列表', sort: 1, meta: { roles: ['admin'] }, childList: [
      node({ id: 12, parentId: 10, path: '', menuName: '解锁', menuType: 2, perms: 'system:user:unlock' }),
    ] }),
    node({ id: 13, parentId: 9, path: 'userEdit', menuName: '编辑用户', sort: 3, hidden: true, meta: { thirdLevel: true } }),
    node({ id: 14, parentId: 9, path: 'auditLog', menuName: '审计日志', sort: 4, meta: { roles: ['auditor'] }, childList: [
      node({ id: 15, parentId: 14, path: 'detail', menuName: '详情', meta: { roles: ['admin'] } }),
    ] }),
  ] }),
  node({ id: 1, path: '/home', menuName: '首页', sort: 1, childList: [node({ id: 2, parentId: 1, path: 'index', menuName: '首页' })] }),
  node({ id: 20, path: '/app', menuName: 'APP权限', sort: 3, childList: [node({ id: 21, parentId: 20, path: 'scan', menuName: '扫码' })] }),
  node({ id: 30, path: '/purchaseManage', menuName: '采购管理', sort: 5, childList: [
    node({ id: 31, parentId: 30, path: 'procureOrder', menuName: '采购订单' }),
  ] }),
];

describe('building routes from the menu list', () => {
  const routes = buildRoutes(menu);

  it('orders modules by sort and names each route by its full path', () => {
    expect(routes.map((r) => r.name)).toEqual(['/home', '/systemManage', '/app', '/purchaseManage']);
    expect(routes[1].children.map((r) => r.name)).toEqual(['/systemManage/userList', '/systemManage/loginLog', '/systemManage/userEdit', '/systemManage/auditLog']);
  });

  it('never turns button permissions (menuType 2) into routes', () => {
    const userList = findRoute(routes, '/systemManage/userList');
    expect(userList?.children).toEqual([]);
    expect(flattenRoutes(routes).some((r) => r.meta.title === '解锁')).toBe(false);
  });

  it('carries title, icon, module, hidden and third-level flags into meta', () => {
    const edit = findRoute(routes, '/systemManage/userEdit');
    expect(edit?.hidden).toBe(true);
    expect(edit?.meta).toMatchObject({ title: '编辑用户', module: 'systemManage', thirdLevel: true, keepAlive: true });
    expect(routes[1].meta.icon).toBe('setting');
    // spec list of third-level pages applies without the flag
    expect(findRoute(routes, '/purchaseManage/procureOrder')?.meta.thirdLevel).toBe(true);
    expect(findRoute(routes, '/systemManage/loginLog')?.meta.thirdLevel).toBe(false);
  });
});

describe('filtering routes by role', () => {
  const routes = buildRoutes(menu);

  it('gives admin every route except APP权限', () => {
    const paths = flattenRoutes(filterRoutesByRoles(routes, ['admin'])).map((r) => r.path);
    expect(paths).toContain('/systemManage/auditLog');
    expect(paths).toContain('/systemManage/auditLog/detail');
    expect(paths.some((p) => p.startsWith('/app'))).toBe(false);
  });

  it('keeps routes without roles and drops routes whose roles the user lacks, recursively', () => {
    const paths = flattenRoutes(filterRoutesByRoles(routes, ['auditor'])).map((r) => r.path);
    expect(paths).toContain('/systemManage/loginLog');
    expect(paths).toContain('/systemManage/auditLog');
    expect(paths).not.toContain('/systemManage/userList');
    expect(paths).not.toContain('/systemManage/auditLog/detail');
    expect(paths.some((p) => p.startsWith('/app'))).toBe(false);
  });

  it('marks the first visible page of each module as its fixed index', () => {
    const routesForAdmin = permittedRoutes(menu, ['admin']);
    const indexes = flattenRoutes(routesForAdmin).filter((r) => r.meta.moduleIndex).map((r) => r.path);
    expect(indexes).toEqual(['/home/index', '/systemManage/userList', '/purchaseManage/procureOrder']);
  });

  it('gives no index to a module granted only for a hidden page (a detail a notice opens)', () => {
    const onlyDetail = [
      ...menu,
      node({ id: 40, path: '/attendManage', menuName: '考勤薪资', sort: 0, childList: [
        node({ id: 41, parentId: 40, path: 'attendAuditDetail', menuName: '考勤申请详情', hidden: true }),
      ] }),
    ];
    const indexes = flattenRoutes(permittedRoutes(onlyDetail, ['admin'])).filter((r) => r.meta.moduleIndex).map((r) => r.path);
    expect(indexes).toEqual(['/home/index', '/systemManage/userList', '/purchaseManage/procureOrder']);
  });

  it('gives the breadcrumb trail from module to page', () => {
    expect(routeTrail(permittedRoutes(menu, ['admin']), '/systemManage/loginLog').map((r) => r.meta.title)).toEqual(['系统管理', '登录日志']);
  });
});
