import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/types';
import { badgeText, canSeeField, hasPermission } from './permission';

const menus: MenuNode[] = [
  {
    id: 1, parentId: 0, path: '/systemManage', menuName: '系统管理', menuType: 1,
    childList: [
      { id: 2, parentId: 1, path: 'userList', menuName: '用户列表', menuType: 1, childList: [
        { id: 3, parentId: 2, path: '', menuName: '解锁', menuType: 2, perms: 'system:user:unlock' },
      ] },
    ],
  },
];

describe('permission directive rule', () => {
  it('shows an element when a nested button permission holds the string', () => {
    expect(hasPermission(menus, 'system:user:unlock')).toBe(true);
  });
  it('hides it when the user lacks the permission or has no menus', () => {
    expect(hasPermission(menus, 'system:user:edit')).toBe(false);
    expect(hasPermission([], 'system:user:unlock')).toBe(false);
    expect(hasPermission(null, 'system:user:unlock')).toBe(false);
  });
});

describe('field permissions', () => {
  it('shop staff without 进价总金额 and 成本总金额 sees retail price but not purchase or cost totals', () => {
    const names = ['零售价', '供应商', '毛利率'];
    expect(canSeeField(names, 'retailPrice')).toBe(true);
    expect(canSeeField(names, 'supplier')).toBe(true);
    expect(canSeeField(names, 'purchaseTotal')).toBe(false);
    expect(canSeeField(names, 'costTotal')).toBe(false);
    expect(canSeeField(undefined, 'grossMargin')).toBe(false);
  });
});

describe('bell badge', () => {
  it('is hidden without unread messages and capped at 99', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
