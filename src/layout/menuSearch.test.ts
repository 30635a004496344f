import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../router/appRoute';
import { asDocumentNumber, findMenus, menuEntries, pinyinInitials, withRecent } from './menuSearch';

const route = (path: string, title: string, children: AppRoute[] = [], hidden = false): AppRoute => ({
  name: path, path, component: children.length ? null : path.slice(1), hidden, children,
  meta: { title, keepAlive: true, thirdLevel: false, module: path.split('/')[1] ?? '' },
});

const routes = [
  route('/home', '首页', [route('/home/index', '首页')]),
  route('/purchaseManage', '采购管理', [
    route('/purchaseManage/procure', '采购单'),
    route('/purchaseManage/procureOrder', '采购单编辑', [], true),
    route('/purchaseManage/supplierMRB', '退供应商单'),
  ]),
  route('/warehouse', '仓库管理', [route('/warehouse/otherIn', '其他入库'), route('/warehouse/skuAttr', '仓库SKU扩展属性')]),
];

describe('finding a menu', () => {
  it('reads the pinyin initials of menu names', () => {
    expect(pinyinInitials('采购单')).toBe('cgd');
    expect(pinyinInitials('其他入库')).toBe('qtrk');
    expect(pinyinInitials('提前结算提成规则')).toBe('tqjstcgz');
    expect(pinyinInitials('仓库SKU扩展属性')).toBe('ckskukzsx');
    expect(pinyinInitials('会员列表')).toBe('hylb');
  });

  it('finds pages by name or initials, hidden pages never', () => {
    const entries = menuEntries(routes);
    expect(entries.map((e) => e.path)).not.toContain('/purchaseManage/procureOrder');
    expect(findMenus(entries, 'cgd')[0]).toMatchObject({ path: '/purchaseManage/procure', title: '采购单', module: '采购管理' });
    expect(findMenus(entries, '采购').map((e) => e.title)).toEqual(['采购单', '退供应商单']); // the name first, then the module's pages
    expect(findMenus(entries, 'QTRK').map((e) => e.title)).toEqual(['其他入库']);
    expect(findMenus(entries, 'sku').map((e) => e.title)).toEqual(['仓库SKU扩展属性']);
    expect(findMenus(entries, '  ')).toEqual([]);
  });

  it('tells a document number from a menu query', () => {
    expect(asDocumentNumber(' cg20261128-0001 ')).toBe('CG20261128-0001');
    expect(asDocumentNumber('cgd')).toBeNull();
    expect(asDocumentNumber('CG2026-0001')).toBeNull();
  });

  it('keeps the recent pages newest first without repeats', () => {
    const a = { path: '/a', fullPath: '/a', title: 'A' };
    const b = { path: '/b', fullPath: '/b?x=1', title: 'B' };
    expect(withRecent(withRecent(withRecent([], a), b), a).map((r) => r.path)).toEqual(['/a', '/b']);
  });
});
