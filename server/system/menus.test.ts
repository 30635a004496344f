import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menus.ts';

const row = (id: number, parent_id: number, sort: number, path = `/p${id}`) => ({
  id, parent_id, path, component: '', menu_name: `m${id}`, menu_type: 1, hidden: false, type: 1, label: null, sort, label_sort: sort, icon: null, perms: null, meta: {},
});

describe('buildMenuTree', () => {
  it('nests children under their parents, ordered by sort', () => {
    const tree = buildMenuTree([row(3, 1, 2), row(1, 0, 2), row(2, 1, 1), row(4, 0, 1)]);
    expect(tree.map((n) => n.id)).toEqual([4, 1]);
    expect(tree[1].childList.map((n) => n.id)).toEqual([2, 3]);
    expect(tree[1].meta.title).toBe('m1');
  });

  it('drops a node whose parent was not granted instead of promoting it to the top', () => {
    const tree = buildMenuTree([row(1, 0, 1), row(5, 9, 1)]);
    expect(tree.map((n) => n.id)).toEqual([1]);
  });
});
