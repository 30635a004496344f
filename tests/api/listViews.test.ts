import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Saved views of a list (issue 31): private or shared with a role, one default per user and list, only the owner
 * changes one, and a view names only its list's filters, columns, sorts and groups.
 */
let s: TestServer;
let admin: string;
let manager01: string;
let shop01: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, manager01, shop01] = await Promise.all([s.login('admin', 'admin123', 1), s.login('manager01', 'manager123', 1), s.login('shop01', 'shop123', 1)]);
});
afterAll(async () => s?.stop());

type View = { viewId: number; name: string; mine: boolean; ownerName: string; roleCode: string | null; roleName: string | null; isDefault: boolean; state: Record<string, unknown> };
const API = '/api/wxy-system-server/list-view';
const SCREEN = 'petty-cash-record';
const STATE = { filters: { status: 2 }, sorting: [{ id: 'amount', desc: true }], size: 50, columns: ['recordNo', 'shopName', 'amount'], group: { field: 'shopName' } };

async function call(token: string, method: string, url: string, body?: unknown) {
  const res = await s.call(method, url, { token, tenant: 1, body });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
}
const list = async (token: string) => (await call(token, 'GET', `${API}/list?screen=${SCREEN}`)).body.data as View[];

describe('saved list views', () => {
  it('a private view is the owner\'s alone; one shared with 店长 reaches the role\'s members, who cannot change it', async () => {
    const mine = await call(manager01, 'POST', `${API}/add`, { screen: SCREEN, name: '本店已审核', state: STATE });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toMatchObject({ name: '本店已审核', mine: true, ownerName: '店长01', roleCode: null, isDefault: false, state: STATE });
    expect((await list(manager01)).map((v) => v.name)).toEqual(['本店已审核']);
    expect(await list(admin)).toEqual([]);

    const shared = await call(admin, 'POST', `${API}/add`, { screen: SCREEN, name: '大额支出', roleCode: 'shop_manager', isDefault: true, state: { ...STATE, filters: {} } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const seen = await list(manager01);
    expect(seen.map((v) => [v.name, v.mine, v.roleName])).toEqual([['本店已审核', true, null], ['大额支出', false, '店长']]);
    const other = seen[1];
    expect((await call(manager01, 'PUT', `${API}/edit/${other.viewId}`, { name: '改名' })).status).toBe(403);
    expect((await call(manager01, 'DELETE', `${API}/delete/${other.viewId}`)).status).toBe(403);
    // A clerk holds no 店长 role: neither sees nor reaches it.
    expect((await call(shop01, 'GET', `${API}/list?screen=${SCREEN}`)).body.data).toEqual([]);
    expect((await call(shop01, 'DELETE', `${API}/delete/${other.viewId}`)).status).toBe(404);
  });

  it('one default per user and list; rename, update and delete by the owner', async () => {
    const a = (await call(manager01, 'POST', `${API}/add`, { screen: SCREEN, name: '默认一', isDefault: true, state: STATE })).body.data as View;
    const b = (await call(manager01, 'POST', `${API}/add`, { screen: SCREEN, name: '默认二', isDefault: true, state: STATE })).body.data as View;
    const defaults = (await list(manager01)).filter((v) => v.mine && v.isDefault).map((v) => v.name);
    expect(defaults).toEqual(['默认二']);
    const edited = await call(manager01, 'PUT', `${API}/edit/${a.viewId}`, { name: '默认一改', isDefault: true, state: { ...STATE, size: 100 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: '默认一改', isDefault: true, state: { size: 100 } });
    expect((await list(manager01)).filter((v) => v.mine && v.isDefault).map((v) => v.name)).toEqual(['默认一改']);
    expect((await call(manager01, 'DELETE', `${API}/delete/${b.viewId}`)).status).toBe(200);
    expect((await list(manager01)).some((v) => v.viewId === b.viewId)).toBe(false);
  });

  it('refuses, naming the field: a name taken, a filter/column/sort/group the list lacks, a role not held, a list not granted', async () => {
    const refused = async (token: string, body: Record<string, unknown>, status: number, text: string) => {
      const res = await call(token, 'POST', `${API}/add`, { screen: SCREEN, name: '新视图', state: STATE, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.msg).toContain(text);
    };
    await refused(manager01, { name: '本店已审核' }, 400, 'name');
    await refused(manager01, { state: { ...STATE, filters: { nope: 1 } } }, 400, 'state.filters');
    await refused(manager01, { state: { ...STATE, columns: ['passwordHash'] } }, 400, 'state.columns');
    await refused(manager01, { state: { ...STATE, sorting: [{ id: 'usageName', desc: false }] } }, 400, 'state.sorting');
    await refused(manager01, { state: { ...STATE, group: { field: 'amount' } } }, 400, 'state.group');
    await refused(manager01, { roleCode: 'admin' }, 400, 'roleCode');
    await refused(manager01, { name: '' }, 400, '视图名称');
    await refused(manager01, { screen: 'no-such-screen' }, 400, 'screen');
    // A list whose page the clerk is not granted (仓库信息): neither its views nor a new one.
    expect((await call(shop01, 'GET', `${API}/list?screen=wh-base-info`)).status).toBe(403);
    await refused(shop01, { screen: 'wh-base-info', state: { filters: {}, sorting: [], size: 20 } }, 403, '无权');
  });
});
