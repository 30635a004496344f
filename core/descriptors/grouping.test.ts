import { describe, expect, it } from 'vitest';
import type { ResourceDescriptor } from './types.ts';
import { groupKindOf, groupsPath, summableField } from './grouping.ts';

const r = {
  name: 'po-order', primaryKey: 'orderId',
  fields: {
    orderId: { type: 'integer', title: '订单ID' },
    status: { type: 'integer', title: '状态', 'x-dictionary': 'orderStatus' },
    isPractice: { type: 'boolean', title: '练习' },
    createTime: { type: 'string', title: '下单时间', format: 'date-time' },
    shopId: { type: 'integer', title: '门店', 'x-ref': 'shop-base' },
    shopName: { type: 'string', title: '门店' },
    remark: { type: 'string', title: '备注' },
    memberName: { type: 'string', title: '会员' },
    totalAmount: { type: 'number', title: '订单金额' },
    totalQuantity: { type: 'number', title: '件数' },
    note: { type: 'string', title: '说明', 'x-detailOnly': true },
  },
} as unknown as ResourceDescriptor;

describe('grouping rules', () => {
  it('groups on dictionaries, flags, dates and a reference by its name; never on an id, a free text or an amount', () => {
    expect(['status', 'isPractice', 'createTime', 'shopName'].map((f) => groupKindOf(r, f))).toEqual(['dictionary', 'flag', 'date', 'reference']);
    // memberName has no memberId beside it: a text, not a reference
    expect(['orderId', 'shopId', 'remark', 'memberName', 'totalAmount', 'note', 'nope'].map((f) => groupKindOf(r, f))).toEqual([null, null, null, null, null, null, null]);
  });

  it('sums amounts and quantities, not keys, references or codes', () => {
    expect(['totalAmount', 'totalQuantity'].every((f) => summableField(r, f))).toBe(true);
    expect(['orderId', 'shopId', 'status', 'shopName'].some((f) => summableField(r, f))).toBe(false);
  });

  it('asks for the groups beside the page route', () => {
    expect(groupsPath('page/{pageNum}/{pageSize}')).toBe('page/groups');
    expect(groupsPath('findPage')).toBe('findPage/groups');
    expect(groupsPath('{pageNum}/{pageSize}')).toBe('groups');
    expect(groupsPath('/api/x/page/{pageNum}/{pageSize}')).toBe('/api/x/page/groups');
  });
});
