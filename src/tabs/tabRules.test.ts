import { describe, expect, it } from 'vitest';
import {
  addView, closeAllViews, closeOtherViews, closeView, isThirdLevel, MAX_TABS, overflowView, restoreViews, setPinned, shouldSaveViewsOnUnload,
  storageKeysClearedOnClose, stripTabFlags, tabLink, touchCache, viewsNeedingConfirm, type TabView,
} from './tabRules';

function view(path: string, over: Partial<TabView['meta']> = {}, query: Record<string, string> = {}): TabView {
  const module = path.split('/')[1];
  return { path, name: path, fullPath: path + (Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''), title: path, query,
    meta: { module, fixed: false, thirdLevel: false, keepAlive: true, ...over } };
}
const HOME = '/home/index';
const home = view(HOME, { fixed: true });
const userList = view('/systemManage/userList', { fixed: true });
const loginLog = view('/systemManage/loginLog');
const versionLog = view('/systemManage/versionLog');
const userEdit = view('/systemManage/userEdit', { thirdLevel: true }, { id: '2' });
const procureOrder = view('/purchaseManage/procureOrder');

describe('adding tabs', () => {
  it('appends a new page and updates the query of an open one in place', () => {
    const views = addView(addView([home], loginLog), view('/systemManage/loginLog', {}, { success: 'false' }));
    expect(views.map((v) => v.fullPath)).toEqual([HOME, '/systemManage/loginLog?success=false']);
  });
  it('replaces the open page of the same module, keeping its position', () => {
    const views = addView([home, userList, loginLog, procureOrder], versionLog);
    expect(views.map((v) => v.path)).toEqual([HOME, '/systemManage/userList', '/systemManage/versionLog', '/purchaseManage/procureOrder']);
  });
  it('never replaces the fixed module index or a third-level page', () => {
    const views = addView(addView([home, userList], userEdit), loginLog);
    expect(views.map((v) => v.path)).toEqual([HOME, '/systemManage/userList', '/systemManage/userEdit', '/systemManage/loginLog']);
  });
});

describe('closing tabs', () => {
  const views = [home, userList, loginLog, userEdit];
  it('cannot close a fixed tab', () => {
    const result = closeView(views, HOME, HOME, HOME);
    expect(result.views).toHaveLength(4);
    expect(result.closed).toEqual([]);
  });
  it('closing the active tab opens the last remaining tab', () => {
    const result = closeView(views, '/systemManage/userEdit', '/systemManage/userEdit', HOME);
    expect(result.navigateTo).toBe('/systemManage/loginLog');
    expect(closeView(views, '/systemManage/loginLog', '/systemManage/userEdit', HOME).navigateTo).toBeNull();
  });
  it('goes home when nothing remains', () => {
    expect(closeView([loginLog], '/systemManage/loginLog', '/systemManage/loginLog', HOME)).toMatchObject({ views: [], navigateTo: HOME });
  });
  it('close others keeps fixed tabs and the chosen one, and opens it', () => {
    const result = closeOtherViews(views, '/systemManage/loginLog', '/systemManage/userEdit', HOME);
    expect(result.views.map((v) => v.path)).toEqual([HOME, '/systemManage/userList', '/systemManage/loginLog']);
    expect(result.navigateTo).toBe('/systemManage/loginLog');
  });
  it('close all keeps only fixed tabs and opens the last of them', () => {
    const result = closeAllViews(views, '/systemManage/loginLog', HOME);
    expect(result.views.map((v) => v.path)).toEqual([HOME, '/systemManage/userList']);
    expect(result.navigateTo).toBe('/systemManage/userList');
  });
  it('asks confirmation only for third-level pages', () => {
    expect(viewsNeedingConfirm(closeAllViews(views, HOME, HOME).closed).map((v) => v.path)).toEqual(['/systemManage/userEdit']);
    expect(isThirdLevel(view('/storageManage/inventoryOpt'))).toBe(true);
    expect(isThirdLevel(view('/memberInfo/coupons'))).toBe(true);
    expect(isThirdLevel(view('/memberInfo/couponList'))).toBe(false);
  });
  it('clears the stored params of allotIn and allotOut', () => {
    expect(storageKeysClearedOnClose([view('/storageManage/allotIn'), view('/storageManage/allotOut'), loginLog])).toEqual(['allotInParams', 'allotOutParams']);
  });
});

describe('tab links', () => {
  it('carry fromTab, refresh and refreshTable as strings', () => {
    const link = new URL(tabLink(userEdit, { refreshTable: true }), 'http://x');
    expect(link.pathname).toBe('/systemManage/userEdit');
    expect(Object.fromEntries(link.searchParams)).toEqual({ id: '2', fromTab: 'true', refresh: 'false', refreshTable: 'true' });
    expect(stripTabFlags(Object.fromEntries(link.searchParams))).toEqual({ id: '2' });
  });
});

describe('kept-alive views', () => {
  it('keeps at most 8, evicting the least recently used', () => {
    let cache: string[] = [];
    for (let i = 1; i <= 8; i++) cache = touchCache(cache, `/p${i}`).cache;
    cache = touchCache(cache, '/p1').cache; // p1 used again, p2 is now the oldest
    const result = touchCache(cache, '/p9');
    expect(result.evicted).toEqual(['/p2']);
    expect(result.cache).toHaveLength(8);
    expect(result.cache[7]).toBe('/p9');
    expect(result.cache).toContain('/p1');
  });
});

describe('saving and restoring tabs', () => {
  it('does not save on the login page', () => {
    expect(shouldSaveViewsOnUnload('/login')).toBe(false);
    expect(shouldSaveViewsOnUnload('/home/index')).toBe(true);
  });
  it('restores only views still permitted, ignoring junk', () => {
    const restored = restoreViews([home, userList, { path: 3 }, loginLog, home], (p) => p !== '/systemManage/userList');
    expect(restored.map((v) => v.path)).toEqual([HOME, '/systemManage/loginLog']);
    expect(restoreViews('nonsense', () => true)).toEqual([]);
  });
});

describe('closing a page that tracks unsaved changes', () => {
  const doc = (path: string, thirdLevel: boolean) => ({ path, fullPath: path, name: path, title: path, query: {}, meta: { module: 'm', fixed: false, thirdLevel, keepAlive: false } });
  it('asks exactly when it has changes; other third-level pages always ask', () => {
    const a = doc('/storageManage/otherInOpt', true);
    const b = doc('/systemManage/userEdit', true);
    const c = doc('/storageManage/whStock', false);
    const unsaved = (p: string) => (p === a.path ? false : undefined);
    expect(viewsNeedingConfirm([a, b, c], unsaved).map((v) => v.path)).toEqual([b.path]);
    expect(viewsNeedingConfirm([a, b, c], () => true).map((v) => v.path)).toEqual([a.path, b.path, c.path]);
  });
});

describe('a bound on the tabs, and pinned tabs', () => {
  const pages = Array.from({ length: MAX_TABS + 1 }, (_, i) => view(`/m${i}/page`));
  const none = () => false;

  it('past the bound the oldest unpinned tab without changes closes; the active one never does', () => {
    expect(overflowView([home, ...pages.slice(0, MAX_TABS - 1)], '/m0/page', none)).toBeNull();
    const views = [home, ...pages];
    expect(overflowView(views, pages[MAX_TABS].path, none)).toEqual({ view: pages[0], ask: false });
    expect(overflowView(views, pages[0].path, none)).toEqual({ view: pages[1], ask: false });
    // A changed tab is passed over; when every candidate has changes, the oldest asks.
    expect(overflowView(views, pages[MAX_TABS].path, (v) => v === pages[0])).toEqual({ view: pages[1], ask: false });
    expect(overflowView(views, pages[MAX_TABS].path, () => true)).toEqual({ view: pages[0], ask: true });
  });

  it('a pinned tab moves first, is never closed for the bound, nor by close others or close all, nor replaced in its module', () => {
    const views = setPinned([home, ...pages], pages[5].path, true);
    expect(views.slice(0, 2).map((v) => v.path)).toEqual([HOME, pages[5].path]);
    expect(overflowView(setPinned(views, pages[0].path, true), pages[MAX_TABS].path, none)?.view.path).toBe(pages[1].path);
    expect(closeAllViews(views, HOME, HOME).views.map((v) => v.path)).toEqual([HOME, pages[5].path]);
    expect(closeOtherViews(views, pages[1].path, HOME, HOME).views.map((v) => v.path)).toEqual([HOME, pages[5].path, pages[1].path]);
    const pinnedLog = setPinned([home, loginLog], loginLog.path, true);
    expect(addView(pinnedLog, versionLog).map((v) => v.path)).toEqual([HOME, loginLog.path, versionLog.path]);
    expect(setPinned(views, pages[5].path, false)[1]).toMatchObject({ path: pages[5].path, pinned: undefined }); // unpinned where it stands
  });
});
