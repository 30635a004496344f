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
  // The shop list's 门店详情 page (schemas/screens/shop-base.json forms.detail, "mode": "page"): hidden, opened from a shop code.
  { key: 'shopManage.shopBaseDetail', parent: 'shopManage', path: '/shopManage/shopBaseDetail', component: 'shopManage/shopBaseDetail', name: '门店详情', hidden: true, sort: 9, meta: { module: 'shopManage', keepAlive: false }, roles: ['shop_staff'] },
  { key: 'shopManage.shopSite', parent: 'shopManage', path: '/shopManage/shopSite', component: 'shopManage/shopSite', name: '门店站点', icon: 'map-pin', sort: 2, meta: { module: 'shopManage', keepAlive: true }, roles: ['shop_staff'] },
  { key: 'shopManage.shopSite.list', parent: 'shopManage.shopSite', name: '查询站点', menuType: 2, perms: 'shop:site:list', sort: 1, roles: ['shop_staff'] },
  { key: 'shopManage.shopSite.add', parent: 'shopManage.shopSite', name: '新增站点', menuType: 2, perms: 'shop:site:add', sort: 2 },
  { key: 'shopManage.shopSite.edit', parent: 'shopManage.shopSite', name: '编辑站点', menuType: 2, perms: 'shop:site:edit', sort: 3 },
  { key: 'shopManage.shopSite.delete', parent: 'shopManage.shopSite', name: '删除站点', menuType: 2, perms: 'shop:site:delete', sort: 4 },
  { key: 'shopManage.shopRegion', parent: 'shopManage', path: '/shopManage/shopRegion', component: 'shopManage/shopRegion', name: '门店区域', icon: 'map', sort: 3, meta: { module: 'shopManage', keepAlive: true } },
  { key: 'shopManage.shopRegion.list', parent: 'shopManage.shopRegion', name: '查询区域', menuType: 2, perms: 'shop:region:list', sort: 1 },
  { key: 'shopManage.shopRegion.add', parent: 'shopManage.shopRegion', name: '新增区域', menuType: 2, perms: 'shop:region:add', sort: 2 },
  { key: 'shopManage.shopRegion.edit', parent: 'shopManage.shopRegion', name: '编辑区域', menuType: 2, perms: 'shop:region:edit', sort: 3 },
  { key: 'shopManage.shopRegion.delete', parent: 'shopManage.shopRegion', name: '删除区域', menuType: 2, perms: 'shop:region:delete', sort: 4 },

  // Engine modules (schemas/resources + schemas/screens; shop_staff reads products without 进价/成本).
  { key: 'purchaseManage', path: '/purchaseManage', component: 'Layout', name: '采购管理', icon: 'truck', sort: 30, meta: { module: 'purchaseManage' } },
  { key: 'purchaseManage.supplier', parent: 'purchaseManage', path: '/purchaseManage/supplier', component: 'purchaseManage/supplier', name: '供应商管理', icon: 'truck-delivery', sort: 1, meta: { module: 'purchaseManage', keepAlive: true } },
  { key: 'purchaseManage.supplier.list', parent: 'purchaseManage.supplier', name: '查询供应商', menuType: 2, perms: 'pd:supplier:list', sort: 1 },
  { key: 'purchaseManage.supplier.add', parent: 'purchaseManage.supplier', name: '新增供应商', menuType: 2, perms: 'pd:supplier:add', sort: 2 },
  { key: 'purchaseManage.supplier.edit', parent: 'purchaseManage.supplier', name: '编辑供应商', menuType: 2, perms: 'pd:supplier:edit', sort: 3 },
  { key: 'purchaseManage.supplier.delete', parent: 'purchaseManage.supplier', name: '删除供应商', menuType: 2, perms: 'pd:supplier:delete', sort: 4 },
  { key: 'purchaseManage.supplier.export', parent: 'purchaseManage.supplier', name: '导出供应商', menuType: 2, perms: 'pd:supplier:export', sort: 5 },
  { key: 'purchaseManage.supplier.import', parent: 'purchaseManage.supplier', name: '导入供应商', menuType: 2, perms: 'pd:supplier:import', sort: 6 },
  { key: 'productManage', path: '/productManage', component: 'Layout', name: '商品管理', icon: 'package', sort: 40, meta: { module: 'productManage' }, roles: ['shop_staff'] },
  { key: 'productManage.pdSpu', parent: 'productManage', path: '/productManage/pdSpu', component: 'productManage/pdSpu', name: '商品档案', icon: 'package', sort: 1, meta: { module: 'productManage', keepAlive: true }, roles: ['shop_staff'] },
  { key: 'productManage.pdSpu.list', parent: 'productManage.pdSpu', name: '查询商品', menuType: 2, perms: 'pd:spu:list', sort: 1, roles: ['shop_staff'] },
  { key: 'productManage.pdSpu.add', parent: 'productManage.pdSpu', name: '新增商品', menuType: 2, perms: 'pd:spu:add', sort: 2 },
  { key: 'productManage.pdSpu.edit', parent: 'productManage.pdSpu', name: '编辑商品', menuType: 2, perms: 'pd:spu:edit', sort: 3 },
  { key: 'productManage.pdSpu.delete', parent: 'productManage.pdSpu', name: '删除商品', menuType: 2, perms: 'pd:spu:delete', sort: 4 },
  { key: 'productManage.pdSpu.export', parent: 'productManage.pdSpu', name: '导出商品', menuType: 2, perms: 'pd:spu:export', sort: 5 },
  { key: 'productManage.pdSpu.import', parent: 'productManage.pdSpu', name: '导入商品', menuType: 2, perms: 'pd:spu:import', sort: 6 },
  { key: 'productManage.pdSku', parent: 'productManage', path: '/productManage/pdSku', component: 'productManage/pdSku', name: 'SKU管理', icon: 'barcode', sort: 2, meta: { module: 'productManage', keepAlive: true }, roles: ['shop_staff'] },
  { key: 'productManage.pdSku.list', parent: 'productManage.pdSku', name: '查询SKU', menuType: 2, perms: 'pd:sku:list', sort: 1, roles: ['shop_staff'] },
  { key: 'productManage.pdSku.add', parent: 'productManage.pdSku', name: '新增SKU', menuType: 2, perms: 'pd:sku:add', sort: 2 },
  { key: 'productManage.pdSku.edit', parent: 'productManage.pdSku', name: '编辑SKU', menuType: 2, perms: 'pd:sku:edit', sort: 3 },
  { key: 'productManage.pdSku.delete', parent: 'productManage.pdSku', name: '删除SKU', menuType: 2, perms: 'pd:sku:delete', sort: 4 },
  { key: 'productManage.pdSku.export', parent: 'productManage.pdSku', name: '导出SKU', menuType: 2, perms: 'pd:sku:export', sort: 5, roles: ['shop_staff'] },
  { key: 'productManage.pdSku.import', parent: 'productManage.pdSku', name: '导入SKU', menuType: 2, perms: 'pd:sku:import', sort: 6 },
  { key: 'productManage.spuExpand', parent: 'productManage', path: '/productManage/spuExpand', component: 'productManage/spuExpand', name: '商品扩展属性', icon: 'list-details', sort: 3, meta: { module: 'productManage', keepAlive: true } },
  { key: 'productManage.spuExpand.list', parent: 'productManage.spuExpand', name: '查询扩展属性', menuType: 2, perms: 'pd:expand:list', sort: 1 },
  { key: 'productManage.spuExpand.add', parent: 'productManage.spuExpand', name: '新增扩展属性', menuType: 2, perms: 'pd:expand:add', sort: 2 },
  { key: 'productManage.spuExpand.edit', parent: 'productManage.spuExpand', name: '编辑扩展属性', menuType: 2, perms: 'pd:expand:edit', sort: 3 },
  { key: 'productManage.spuExpand.delete', parent: 'productManage.spuExpand', name: '删除扩展属性', menuType: 2, perms: 'pd:expand:delete', sort: 4 },
  { key: 'productManage.spuExpand.import', parent: 'productManage.spuExpand', name: '导入扩展属性', menuType: 2, perms: 'pd:expand:import', sort: 5 },
  { key: 'productManage.skuExpand', parent: 'productManage', path: '/productManage/skuExpand', component: 'productManage/skuExpand', name: 'SKU扩展属性', icon: 'list-details', sort: 4, meta: { module: 'productManage', keepAlive: true } },
  // 仓储管理 holds the warehouse pages and the print designer's page (further below).
  { key: 'storageManage', path: '/storageManage', component: 'Layout', name: '仓储管理', icon: 'building-warehouse', sort: 50, meta: { module: 'storageManage' } },
  { key: 'storageManage.whBaseInfo', parent: 'storageManage', path: '/storageManage/whBaseInfo', component: 'storageManage/whBaseInfo', name: '仓库信息', icon: 'building-warehouse', sort: 1, meta: { module: 'storageManage', keepAlive: true } },
  { key: 'storageManage.whBaseInfo.list', parent: 'storageManage.whBaseInfo', name: '查询仓库', menuType: 2, perms: 'wh:base:list', sort: 1 },
  { key: 'storageManage.whBaseInfo.add', parent: 'storageManage.whBaseInfo', name: '新增仓库', menuType: 2, perms: 'wh:base:add', sort: 2 },
  { key: 'storageManage.whBaseInfo.edit', parent: 'storageManage.whBaseInfo', name: '编辑仓库', menuType: 2, perms: 'wh:base:edit', sort: 3 },
  { key: 'storageManage.whBaseInfo.delete', parent: 'storageManage.whBaseInfo', name: '删除仓库', menuType: 2, perms: 'wh:base:delete', sort: 4 },
  { key: 'storageManage.whRegion', parent: 'storageManage', path: '/storageManage/whRegion', component: 'storageManage/whRegion', name: '仓库区域', icon: 'map', sort: 2, meta: { module: 'storageManage', keepAlive: true } },
  { key: 'storageManage.whRegion.list', parent: 'storageManage.whRegion', name: '查询仓库区域', menuType: 2, perms: 'wh:region:list', sort: 1 },
  { key: 'storageManage.whRegion.add', parent: 'storageManage.whRegion', name: '新增仓库区域', menuType: 2, perms: 'wh:region:add', sort: 2 },
  { key: 'storageManage.whRegion.edit', parent: 'storageManage.whRegion', name: '编辑仓库区域', menuType: 2, perms: 'wh:region:edit', sort: 3 },
  { key: 'storageManage.whRegion.delete', parent: 'storageManage.whRegion', name: '删除仓库区域', menuType: 2, perms: 'wh:region:delete', sort: 4 },
  { key: 'storageManage.whExpand', parent: 'storageManage', path: '/storageManage/whExpand', component: 'storageManage/whExpand', name: '仓库扩展属性', icon: 'list-details', sort: 3, meta: { module: 'storageManage', keepAlive: true } },
  { key: 'storageManage.whExpand.list', parent: 'storageManage.whExpand', name: '查询仓库扩展属性', menuType: 2, perms: 'wh:expand:list', sort: 1 },
  { key: 'storageManage.whExpand.add', parent: 'storageManage.whExpand', name: '新增仓库扩展属性', menuType: 2, perms: 'wh:expand:add', sort: 2 },
  { key: 'storageManage.whExpand.edit', parent: 'storageManage.whExpand', name: '编辑仓库扩展属性', menuType: 2, perms: 'wh:expand:edit', sort: 3 },
  { key: 'storageManage.whExpand.delete', parent: 'storageManage.whExpand', name: '删除仓库扩展属性', menuType: 2, perms: 'wh:expand:delete', sort: 4 },
  { key: 'storageManage.whExpand.import', parent: 'storageManage.whExpand', name: '导入仓库扩展属性', menuType: 2, perms: 'wh:expand:import', sort: 5 },
  { key: 'storageManage.whSpuExpand', parent: 'storageManage', path: '/storageManage/whSpuExpand', component: 'storageManage/whSpuExpand', name: '仓库商品扩展属性', icon: 'list-details', sort: 4, meta: { module: 'storageManage', keepAlive: true } },
  { key: 'storageManage.whSkuExpand', parent: 'storageManage', path: '/storageManage/whSkuExpand', component: 'storageManage/whSkuExpand', name: '仓库SKU扩展属性', icon: 'list-details', sort: 5, meta: { module: 'storageManage', keepAlive: true } },

  // Print-template designer (issue 5). The page node is designer-ui's; the button perms guard print-template/* calls.
  // The 仓储管理 module node (storageManage) is declared above with the warehouse pages.
  { key: 'storageManage.sysPrintTem', parent: 'storageManage', path: '/storageManage/sysPrintTem', component: 'storageManage/sysPrintTem', name: '打印模板', icon: 'printer', sort: 90, meta: { module: 'storageManage', keepAlive: true } },
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
  { key: 'systemManage.examList', parent: 'systemManage', path: '/systemManage/examList', component: 'systemManage/examList', name: '考试管理', icon: 'certificate', sort: 6, meta: { module: 'systemManage', keepAlive: true } },
  { key: 'systemManage.examList.list', parent: 'systemManage.examList', name: '查询考试', menuType: 2, perms: 'system:exam:list', sort: 1 },
  { key: 'systemManage.examList.add', parent: 'systemManage.examList', name: '新增考试', menuType: 2, perms: 'system:exam:add', sort: 2 },
  { key: 'systemManage.examList.edit', parent: 'systemManage.examList', name: '编辑考试', menuType: 2, perms: 'system:exam:edit', sort: 3 },
  { key: 'systemManage.examList.delete', parent: 'systemManage.examList', name: '删除考试', menuType: 2, perms: 'system:exam:delete', sort: 4 },
];
