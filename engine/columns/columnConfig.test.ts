import { describe, expect, it } from 'vitest';
import { groupFileConfigs, headerProps, moveProp, savedWidths, selectedProps, toFileConfigs } from './columnConfig';

const fields = [
  { prop: 'shopCode', label: '门店编码', width: 120, sortable: true },
  { prop: 'shopName', label: '门店名称', width: 200 },
  { prop: 'province', label: '省', parent: '地址' },
  { prop: 'city', label: '市', parent: '地址' },
  { prop: 'status', label: '状态', sortable: true },
];

describe('column config', () => {
  it('saves the drawer selection in its order with isSort 1/0, titleParent and wide', () => {
    expect(toFileConfigs(fields, ['shopName', 'city', 'shopCode', 'gone'])).toEqual([
      { fieldName: '门店名称', fieldId: 'shopName', isSort: 0, titleParent: null, wide: 200 },
      { fieldName: '市', fieldId: 'city', isSort: 0, titleParent: '地址', wide: null },
      { fieldName: '门店编码', fieldId: 'shopCode', isSort: 1, titleParent: null, wide: 120 },
    ]);
  });

  it('groups children under their parent where the first child stands', () => {
    const header = groupFileConfigs(toFileConfigs(fields, ['province', 'shopCode', 'city']));
    expect(header).toEqual([
      { name: '地址', children: [
        { prop: 'province', name: '省', width: null, sortable: false },
        { prop: 'city', name: '市', width: null, sortable: false },
      ] },
      { prop: 'shopCode', name: '门店编码', width: 120, sortable: true },
    ]);
    expect(headerProps(header)).toEqual(['province', 'city', 'shopCode']);
  });

  it('preselects every field when nothing is saved', () => {
    expect(selectedProps(fields, null)).toEqual(['shopCode', 'shopName', 'province', 'city', 'status']);
    expect(selectedProps(fields, [])).toEqual(['shopCode', 'shopName', 'province', 'city', 'status']);
  });

  it('keeps the saved order and drops fields the screen no longer offers', () => {
    const saved = [{ prop: 'status', name: '状态' }, { prop: 'costTotal', name: '成本总金额' }, { prop: 'shopName', name: '门店名称', width: 260 }];
    expect(selectedProps(fields, saved)).toEqual(['status', 'shopName']);
    expect(savedWidths(saved)).toEqual({ shopName: 260 });
  });

  it('moves a field up or down, not past the ends', () => {
    expect(moveProp(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveProp(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveProp(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
  });
});
