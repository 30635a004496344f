/**
 * The demo menu tree: only modules that exist. It grows as modules land; seeding upserts by `key`,
 * so changing an entry here updates every tenant at the next start.
 * menuType 1 = module or page, 2 = button permission (never shown as a menu; `perms` is the string).
 */
export interface MenuSeed {
  key: string;
  parent?: string;
  path?: string;
  component?: string;
  name: string;
  menuType?: 1 | 2;
  hidden?: boolean;
  icon?: string;
  perms?: string;
  sort: number;
  meta?: Record<string, unknown>;
  /** Roles besides admin that are granted this node. */
  roles?: string[];
}

export const MENU_SEED: MenuSeed[] = [
  { key: 'home', path: '/home', component: 'Layout', name: '首页', icon: 'home', sort: 1, meta: { module: 'home' }, roles: ['shop_staff'] },
  { key: 'home.index', parent: 'home', path: '/home/index', component: 'home/index', name: '工作台', icon: 'dashboard', sort: 1, meta: { module: 'home', keepAlive: true }, roles: ['shop_staff'] },

  // Shops (schema engine: schemas/resources/shop-base.json, schemas/screens/shop-base.json).
  { key: 'shopManage', path: '/shopManage', component: 'Layout', name: '门店管理', icon: 'building-store', sort: 20, meta: { module: 'shopManage' }, roles: ['shop_staff'] },
  { key: 'shopManage.shopBase', parent: 'shopManage', path: '/shopManage/shopBase', component: 'shopManage/shopBase', name: '门店信息', icon: 'building-store', sort: 1, meta: { module: 'shopManage', keepAlive: true }, roles: ['shop_staff'] },
  { key: 'shopManage.shopBase.list', parent: 'shopManage.shopBase', name: '查询门店', menuType: 2, perms: 'shop:base:list', sort: 1, roles: ['shop_staff'] },
  { key: 'shopManage.shopBase.add', parent: 'shopManage.shopBase', name: '新增门店', menuType: 2, perms: 'shop:base:add', sort: 2 },
  { key: 'shopManage.shopBase.edit', parent: 'shopManage.shopBase', name: '编辑门店', menuType: 2, perms: 'shop:base:edit', sort: 3 },
  { key: 'shopManage.shopBase.delete', parent: 'shopManage.shopBase', name: '删除门店', menuType: 2, perms: 'shop:base:delete', sort: 4 },
  { key: 'shopManage.shopBase.export', parent: 'shopManage.shopBase', name: '导出门店', menuType: 2, perms: 'shop:base:export', sort: 5 },
  { key: 'shopManage.shopBase.import', parent: 'shopManage.shopBase', name: '导入门店', menuType: 2, perms: 'shop:base:import', sort: 6 },

  // Print-template designer (issue 5). The page node is designer-ui's; the button perms guard print-template/* calls.
  // hidden until the designer screen is registered (designer-ui unhides both nodes with it)
  { key: 'storageManage', path: '/storageManage', component: 'Layout', name: '仓储管理', icon: 'building-warehouse', hidden: true, sort: 30, meta: { module: 'storageManage' } },
  { key: 'storageManage.sysPrintTem', parent: 'storageManage', path: '/storageManage/sysPrintTem', component: 'storageManage/sysPrintTem', name: '打印模板', icon: 'printer', hidden: true, sort: 90, meta: { module: 'storageManage', keepAlive: true } },
  { key: 'storageManage.sysPrintTem.list', parent: 'storageManage.sysPrintTem', name: '查询打印模板', menuType: 2, perms: 'print:template:list', sort: 1 },
  { key: 'storageManage.sysPrintTem.add', parent: 'storageManage.sysPrintTem', name: '新增打印模板', menuType: 2, perms: 'print:template:add', sort: 2 },
  { key: 'storageManage.sysPrintTem.edit', parent: 'storageManage.sysPrintTem', name: '编辑打印模板', menuType: 2, perms: 'print:template:edit', sort: 3 },
  { key: 'storageManage.sysPrintTem.delete', parent: 'storageManage.sysPrintTem', name: '删除打印模板', menuType: 2, perms: 'print:template:delete', sort: 4 },
  { key: 'storageManage.sysPrintTem.render', parent: 'storageManage.sysPrintTem', name: '打印模板出图', menuType: 2, perms: 'print:template:render', sort: 5 },

  { key: 'systemManage', path: '/systemManage', component: 'Layout', name: '系统管理', icon: 'settings', sort: 90, meta: { module: 'systemManage' } },
  { key: 'systemManage.userList', parent: 'systemManage', path: '/systemManage/userList', component: 'systemManage/userList', name: '用户管理', icon: 'users', sort: 1, meta: { module: 'systemManage', keepAlive: true } },
  { key: 'systemManage.userList.list', parent: 'systemManage.userList', name: '查询用户', menuType: 2, perms: 'system:user:list', sort: 1 },
  { key: 'systemManage.userList.edit', parent: 'systemManage.userList', name: '编辑用户', menuType: 2, perms: 'system:user:edit', sort: 2 },
  { key: 'systemManage.userList.unlock', parent: 'systemManage.userList', name: '解除锁定', menuType: 2, perms: 'system:user:unlock', sort: 3 },
  { key: 'systemManage.userEdit', parent: 'systemManage', path: '/systemManage/userEdit', component: 'systemManage/userEdit', name: '编辑用户', hidden: true, sort: 2, meta: { module: 'systemManage', thirdLevel: true } },
  { key: 'systemManage.loginLog', parent: 'systemManage', path: '/systemManage/loginLog', component: 'systemManage/loginLog', name: '登录日志', icon: 'history', sort: 3, meta: { module: 'systemManage', keepAlive: true } },
  { key: 'systemManage.loginLog.list', parent: 'systemManage.loginLog', name: '查询登录日志', menuType: 2, perms: 'system:loginLog:list', sort: 1 },
  { key: 'systemManage.versionLog', parent: 'systemManage', path: '/systemManage/versionLog', component: 'systemManage/versionLog', name: '版本日志', icon: 'news', sort: 4, meta: { module: 'systemManage', keepAlive: true } },
  { key: 'systemManage.versionLog.publish', parent: 'systemManage.versionLog', name: '发布版本', menuType: 2, perms: 'system:version:publish', sort: 1 },
  { key: 'systemManage.messageSend', parent: 'systemManage', name: '发送消息', menuType: 2, perms: 'system:message:send', sort: 5 },
];
