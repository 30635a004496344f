import { describe, expect, it } from 'vitest';
import { loadDescriptorDirs } from '../../server/resources/descriptorFiles';
import {
  bulkCallBody, defaultColumnProps, fieldOptions, filterRequest, pageFormAt, pageFormPath, pageFormRow, resolveRoute, rowCallBody, rowCallParams, rowMatches,
  screenFormContext, submitBody, visibleColumns,
} from './screenModel';

// The project's descriptors as the server loads them (the browser receives them per screen).
const descriptors = loadDescriptorDirs(['schemas']).set;
const screen = descriptors.screens.get('shop-base')!;
const resource = descriptors.resources.get('shop-base')!;

describe('screen model (shop-base descriptors)', () => {
  it('resolves route ids to calls under /api', () => {
    expect(resolveRoute(descriptors, screen, 'page')).toMatchObject({ method: 'POST', path: '/wxy-shop-server/shop-base/page/{pageNum}/{pageSize}' });
    expect(resolveRoute(descriptors, screen, 'delete')).toMatchObject({ method: 'DELETE', path: '/wxy-shop-server/shop-base/delete/{shopId}' });
    expect(resolveRoute(descriptors, screen, 'shop-base#info')?.path).toBe('/wxy-shop-server/shop-base/info/{shopId}');
    expect(resolveRoute(descriptors, screen, 'missing')).toBeNull();
  });

  it('drops columns guarded by a field permission the user lacks (成本总金额 guards minCost)', () => {
    expect(visibleColumns(descriptors, screen, []).map((c) => c.field)).not.toContain('minCost');
    expect(visibleColumns(descriptors, screen, ['成本总金额']).map((c) => c.field)).toContain('minCost');
  });

  it('offers every column to the drawer but shows the descriptor-hidden ones only when picked', () => {
    const columns = visibleColumns(descriptors, screen, ['成本总金额']);
    const options = fieldOptions(columns, (k) => `t:${k}`);
    expect(options.find((o) => o.prop === 'phone')).toEqual({ prop: 'phone', label: 't:shopBase.fields.phone', width: 120, sortable: false, parent: 't:shopBase.groups.contact' });
    expect(defaultColumnProps(columns)).not.toContain('createTime');
    expect(options.map((o) => o.prop)).toContain('createTime');
  });

  it('turns filter values into the request parameters the resource declares', () => {
    expect(filterRequest(resource, screen.filters!, {
      shopName: '朝阳', shopCode: '', shopType: [1, 2], status: 1, openDate: ['2026-01-01', null], area: [10, 200],
    })).toEqual({ shopName: '朝阳', shopTypes: [1, 2], status: 1, openDateStart: '2026-01-01', areaMin: 10, areaMax: 200 });
  });

  it('shows row actions by row state', () => {
    const del = screen.rowActions!.find((a) => a.id === 'delete')!;
    expect(rowMatches(del.visibleWhen, { status: 0 })).toBe(true);
    expect(rowMatches(del.visibleWhen, { status: 1 })).toBe(false);
    expect(rowMatches([{ field: 's', in: [1, 2] }], { s: '2' })).toBe(true);
    expect(rowMatches([{ field: 's', notIn: [1] }], { s: 1 })).toBe(false);
    expect(rowMatches(undefined, {})).toBe(true);
  });

  it('fills row calls from the row: id in the path, fixed body plus the key', () => {
    const del = resolveRoute(descriptors, screen, 'delete')!;
    expect(rowCallParams(del.route, {}, { shopId: 7 }, 'shopId')).toEqual({ shopId: 7 });
    expect(rowCallBody(del.route, {}, { shopId: 7 }, resource)).toBeUndefined();
    const state = resolveRoute(descriptors, screen, 'edit-state')!;
    expect(rowCallBody(state.route, { body: { status: 0 } }, { shopId: 7, status: 1 }, resource)).toEqual({ status: 0, shopId: 7 });
    expect(rowCallParams({ method: 'PUT', path: 'edit/status/{id}/{status}', action: 'setField', field: 'status' }, { body: { status: 1 } }, { id: 3 }, 'id')).toEqual({ id: 3, status: 1 });
    expect(bulkCallBody({}, ['3', 'x'])).toEqual({ ids: [3, 'x'] });
  });

  it('submits writable fields and the key of the edited row, never server-set fields', () => {
    const data = { shopId: 99, shopCode: 'A1', shopName: '店', createTime: '2026-01-01 00:00:00', extra: 1, area: undefined };
    expect(submitBody(resource, data, null)).toEqual({ shopCode: 'A1', shopName: '店' });
    expect(submitBody(resource, data, { shopId: 7 })).toEqual({ shopCode: 'A1', shopName: '店', shopId: 7 });
  });
});

describe('page forms (shop-base detail at /shopManage/shopBaseDetail)', () => {
  it('finds the form a path shows and builds its path from a row', () => {
    expect(pageFormAt(screen, '/shopManage/shopBaseDetail')).toMatchObject({ name: 'detail', form: { mode: 'page', readOnly: true } });
    expect(pageFormAt(screen, '/shopManage/shopBase')).toBeNull();
    expect(pageFormPath('/shopManage/shopBaseDetail', 'shopId', { shopId: 12, shopCode: 'S012' })).toBe('/shopManage/shopBaseDetail?shopId=12');
    expect(pageFormPath('/shopManage/shopBaseDetail', 'shopId', null)).toBe('/shopManage/shopBaseDetail');
  });

  it('reads the row key from the query typed like the key field', () => {
    expect(pageFormRow(resource, 'shopId', { shopId: '12' })).toEqual({ shopId: 12 });
    expect(pageFormRow(resource, 'shopId', {})).toBeNull();
    expect(pageFormRow(resource, 'shopId', { shopId: 'abc' })).toBeUndefined();
    expect(pageFormRow(resource, 'shopCode', { shopCode: 'S012' })).toEqual({ shopCode: 'S012' });
  });

  it('lets form widgets resolve routes of other resources the screen names', () => {
    const sku = descriptors.screens.get('pd-sku')!;
    expect(screenFormContext(descriptors, sku).resolveEndpoint('pd-supplier#findPage1')).toMatchObject({ method: 'GET', path: '/wxy-production-server/pd-supplier/findPage1/{pageNum}/{pageSize}' });
    expect(screenFormContext(descriptors, sku).resolveEndpoint('pd-supplier#nope')).toBeNull();
  });
});
