import { describe, expect, it } from 'vitest';
import { applyFilters, clampPage, createListState, listQuery, readListState, resetFilters, saveListState, selectedIds, setPage, setGroup, setPageSize, setSelection, setSorting } from './listState';
import { scrollTopAt, tableHeightFor } from './layout';

describe('list state', () => {
  it('comes back after a reload of its tab for the same user: filters, page, size, sort and group, not the selection', () => {
    const state = createListState({ status: 1 });
    state.draft.shopName = '引擎';
    applyFilters(state);
    setPageSize(state, 50);
    setSorting(state, [{ id: 'shopCode', desc: true }]);
    setPage(state, 2);
    setSelection(state, { '7': true });
    setGroup(state, { field: 'createTime', unit: 'month' });
    const saved = readListState(saveListState(state, '1:1'), '1:1');
    expect(saved).toEqual({ filters: { status: 1, shopName: '引擎' }, page: 2, size: 50, sorting: [{ id: 'shopCode', desc: true }], group: { field: 'createTime', unit: 'month' } });
    const again = createListState({ status: 1 }, 20, saved);
    expect([again.page, again.size, again.filters, again.draft, again.sorting, again.selection, again.group]).toEqual([2, 50, { status: 1, shopName: '引擎' }, { status: 1, shopName: '引擎' }, [{ id: 'shopCode', desc: true }], {}, { field: 'createTime', unit: 'month' }]);
    // a group choice that is not one is dropped, the rest kept
    expect(readListState(JSON.stringify({ owner: '1:1', filters: {}, page: 1, size: 20, sorting: [], group: { field: 'x', unit: 'year' } }), '1:1')?.group).toBeNull();
    // another user's, a broken or an impossible value starts afresh
    expect(readListState(saveListState(state, '1:1'), '1:2')).toBeNull();
    expect(readListState('{"owner":"1:1"', '1:1')).toBeNull();
    expect(readListState(JSON.stringify({ owner: '1:1', filters: {}, page: 0, size: 20, sorting: [] }), '1:1')).toBeNull();
    expect(readListState(JSON.stringify({ owner: '1:1', filters: {}, page: 1, size: 33, sorting: [] }), '1:1')).toBeNull();
    expect(readListState(null, '1:1')).toBeNull();
  });

  it('starts at page 1 of 20 with the default filters', () => {
    const state = createListState({ status: 1 });
    expect([state.page, state.size, state.filters, state.draft]).toEqual([1, 20, { status: 1 }, { status: 1 }]);
  });

  it('applies typed filters from page 1 and forgets the old selection', () => {
    const state = createListState();
    setPage(state, 4);
    setSelection(state, { a: true, b: false });
    state.draft.shopName = '朝阳';
    expect(state.filters).toEqual({});
    applyFilters(state);
    expect(state.filters).toEqual({ shopName: '朝阳' });
    expect(state.page).toBe(1);
    expect(selectedIds(state)).toEqual([]);
  });

  it('keeps the selection across pages for bulk actions', () => {
    const state = createListState();
    setSelection(state, { a: true, b: false, c: true });
    setPage(state, 2);
    expect(selectedIds(state)).toEqual(['a', 'c']);
  });

  it('resets to the defaults', () => {
    const state = createListState({ status: 1 });
    state.draft = { status: 0, shopName: 'x' };
    applyFilters(state);
    resetFilters(state, { status: 1 });
    expect(state.filters).toEqual({ status: 1 });
  });

  it('restarts at page 1 on a new size or sort', () => {
    const state = createListState();
    setPage(state, 3);
    setPageSize(state, 50);
    expect([state.page, state.size]).toEqual([1, 50]);
    setPage(state, 3);
    setSorting(state, [{ id: 'shopCode', desc: true }, { id: 'x', desc: false }]);
    expect(state.page).toBe(1);
    expect(state.sorting).toEqual([{ id: 'shopCode', desc: true }]);
  });

  it('keeps the page after a mutation unless it no longer exists', () => {
    expect(clampPage(3, 20, 60)).toBe(3);
    expect(clampPage(3, 20, 40)).toBe(2);
    expect(clampPage(2, 20, 0)).toBe(1);
  });

  it('sends filters without empty values, plus the sort', () => {
    expect(listQuery({ filters: { a: '', b: null, c: 0, d: 'x', range: [null, null], r2: ['2026-01-01', null] }, sorting: [{ id: 'shopCode', desc: false }] }))
      .toEqual({ c: 0, d: 'x', r2: ['2026-01-01', null], sort: 'shopCode', order: 'asc' });
  });
});

describe('table layout', () => {
  it('fills the window below the table less 86 px, at least 300 px', () => {
    expect(tableHeightFor(1000, 200)).toBe(714);
    expect(tableHeightFor(500, 200)).toBe(300);
  });
  it('scrolls to the top over 800 ms, easing in and out', () => {
    expect(scrollTopAt(1000, 0)).toBe(1000);
    expect(scrollTopAt(1000, 400)).toBeCloseTo(500);
    expect(scrollTopAt(1000, 100)).toBeGreaterThan(900);
    expect(scrollTopAt(1000, 800)).toBe(0);
  });
});
