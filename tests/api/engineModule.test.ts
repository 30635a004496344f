import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * A module made of descriptor files and one migration only (tests/fixtures/engine-module), loaded from an
 * extra schema directory: no TypeScript for it anywhere. It uses the other verb style of the spec
 * (GET findPage, save, update/{id}, deleteById/{id}, edit/status/{id}/{status}).
 */
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/engine-module');
let s: TestServer;
let admin: string;
let shop01: string;
beforeAll(async () => {
  s = await startTestServer({ extraSchemaDirs: [FIXTURE] });
  [admin, shop01] = await Promise.all([s.login('admin', 'admin123', 1), s.login('shop01', 'shop123', 1)]);
});
afterAll(async () => s?.stop());

const api = (p: string) => `/api/wxy-production-server/fx-gadget/${p}`;
const call = (token: string, method: string, p: string, body?: unknown) => s.call(method, api(p), { token, tenant: 1, body });

describe('a module from descriptors alone', () => {
  it('creates, pages, reads, updates, switches status and deletes through its own verbs', async () => {
    const root = await call(admin, 'POST', 'save', { name: '根', price: 10, purchasePrice: 6.5, madeOn: '2025-05-01' });
    expect(root.statusCode, root.body).toBe(200);
    const rootId = root.json().data.id;
    for (const [i, name] of ['甲', '乙', '丙'].entries()) {
      const res = await call(admin, 'POST', 'save', { name, parentId: rootId, price: 20 + i, purchasePrice: 10 + i, madeOn: `2025-05-0${i + 2}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const pageRes = await call(admin, 'GET', 'findPage/1/2?sort=price&order=desc');
    expect(pageRes.json().data.total).toBe(4);
    expect(pageRes.json().data.records.map((r: { name: string }) => r.name)).toEqual(['丙', '乙']);
    const ranged = await call(admin, 'GET', 'findPage/1/20?beginTime=2025-05-02&endTime=2025-05-03&priceStart=20');
    expect(ranged.json().data.records.map((r: { name: string }) => r.name)).toEqual(['甲', '乙']);

    const got = await call(admin, 'GET', `get/${rootId}`);
    expect(got.json().data).toMatchObject({ id: rootId, name: '根', price: 10, purchasePrice: 6.5, status: 1, madeOn: '2025-05-01', parentId: null });
    const upd = await call(admin, 'PUT', `update/${rootId}`, { name: '总根', price: 11.25 });
    expect(upd.json().data).toMatchObject({ name: '总根', price: 11.25, purchasePrice: 6.5 });
    expect((await call(admin, 'PUT', `edit/status/${rootId}/0`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `get/${rootId}`)).json().data.status).toBe(0);
    expect((await call(admin, 'PUT', `edit/status/${rootId}/5`)).json().msg).toBe('状态取值不在允许范围内');

    const tree = (await call(admin, 'GET', 'tree')).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0].label).toBe('总根');
    expect(tree[0].children.map((c: { label: string }) => c.label)).toEqual(['甲', '乙', '丙']);
    const pull = (await call(admin, 'GET', 'pulldown?name=%E4%B9%99')).json().data;
    expect(pull.map((p: { value: number; label: string }) => p.label)).toEqual(['乙']);

    const csv = await call(admin, 'GET', 'export?sort=name&order=asc');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFID,名称,上级,零售价,进价,状态,生产日期');
    expect(csv.body.trim().split('\r\n')).toHaveLength(5);

    const ids = (await call(admin, 'GET', 'findPage/1/20?name=%E7%94%B2')).json().data.records.map((r: { id: number }) => r.id);
    expect((await call(admin, 'POST', 'batch/delete', { ids })).json().data).toEqual({ deleted: 1 });
    // A row with children stays until they are gone (the tree route makes it a tree); a whole branch goes at once.
    expect((await call(admin, 'DELETE', `deleteById/${rootId}`)).json()).toEqual({ code: 4090, msg: '该小工具下还有下级小工具，请先删除或移走下级', data: null });
    expect((await call(admin, 'GET', 'findPage/1/20')).json().data.total).toBe(3);
    const rest = (await call(admin, 'GET', 'findPage/1/20')).json().data.records.map((r: { id: number }) => r.id);
    expect((await call(admin, 'POST', 'batch/delete', { ids: rest })).json().data).toEqual({ deleted: 3 });
    expect((await call(admin, 'GET', 'findPage/1/20')).json().data.total).toBe(0);
  });

  it('validates with the field titles, and names a unique clash', async () => {
    expect((await call(admin, 'POST', 'save', { price: 1 })).json()).toEqual({ code: 400, msg: '名称不能为空', data: null });
    expect((await call(admin, 'POST', 'save', { name: '贵', price: 1e9 })).json().msg).toBe('零售价不能大于99999999');
    expect((await call(admin, 'PUT', 'update/abc', { name: 'x' })).json().msg).toBe('ID应为整数');
    await call(admin, 'POST', 'save', { name: '唯一' });
    expect((await call(admin, 'POST', 'save', { name: '唯一' })).json()).toMatchObject({ code: 4090, msg: '名称已存在' });
  });

  it('enforces its permissions and field permissions once a menu grants them', async () => {
    expect((await call(shop01, 'GET', 'findPage/1/20')).statusCode).toBe(403);
    // Grant shop_staff the list permission (a menu button node), as an administrator would.
    await s.db.tenant(1, async (tx) => {
      const menu = await tx.query<{ id: number }>(
        `INSERT INTO sys_menu(tenant_id, menu_key, menu_name, menu_type, perms) VALUES (1, 'fixture.gadget.list', '查询小工具', 2, 'fx:gadget:list') RETURNING id`,
      );
      await tx.query(`INSERT INTO sys_role_menu(tenant_id, role_id, menu_id) SELECT 1, id, $1 FROM sys_role WHERE code = 'shop_staff'`, [menu.rows[0].id]);
    });
    const res = await call(shop01, 'GET', 'findPage/1/20?sort=name');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.records;
    expect(rows.length).toBeGreaterThan(0);
    // shop01 holds 零售价 but not 进价总金额.
    for (const row of rows) {
      expect(row).toHaveProperty('price');
      expect(row).not.toHaveProperty('purchasePrice');
    }
    expect((await call(shop01, 'GET', 'findPage/1/20?sort=purchasePrice')).json()).toMatchObject({ code: 4030, msg: '您无权按进价排序' });
    expect((await call(shop01, 'GET', 'findPage/1/20?purchasePriceStart=1')).json()).toMatchObject({ code: 4030, msg: '您无权按进价筛选' });
    expect((await call(shop01, 'GET', 'export')).body.split('\r\n')[0]).toBe('\uFEFFID,名称,上级,零售价,状态,生产日期');
    expect((await call(shop01, 'POST', 'save', { name: '不行' })).statusCode).toBe(403);
  });
});

describe('its menu and screen for the browser', () => {
  const screenOf = (token: string, route: string) => s.call('GET', `/api/wxy-system-server/screen-descriptor?route=${encodeURIComponent(route)}`, { token, tenant: 1 });

  it('seeds the module menu (menus/*.json) into every tenant, for admin only', async () => {
    const menusOf = async (token: string, tenant: number) =>
      (await s.call('GET', '/api/wxy-system-server/user/permissions', { token, tenant })).json().data.menuVOList as { path: string; menuName: string; childList: { path: string; menuName: string }[] }[];
    const fixture = (await menusOf(admin, 1)).find((m) => m.path === '/fixture');
    expect(fixture?.menuName).toBe('测试模块');
    expect(fixture?.childList.map((c) => [c.path, c.menuName])).toEqual([['/fixture/gadget', '小工具']]);
    expect((await menusOf(await s.login('admin', 'admin123', 2), 2)).map((m) => m.path)).toContain('/fixture');
    expect((await menusOf(shop01, 1)).map((m) => m.path)).not.toContain('/fixture');
  });

  it('answers the screen descriptor of a granted menu path with its resources and module labels', async () => {
    const res = await screenOf(admin, '/fixture/gadget');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.screen).toMatchObject({ name: 'fx-gadget', route: '/fixture/gadget', endpoint: 'findPage' });
    expect(data.resources.map((r: { name: string }) => r.name)).toEqual(['fx-gadget']);
    expect(data.resources[0].routes.map((r: { path: string }) => r.path)).toContain('save');
    expect(data.texts['zh-CN'].fxGadget.title).toBe('小工具');
    expect(data.texts.en.fxGadget.title).toBe('Gadgets');
    // A built-in screen comes with its own label block (core/descriptors/i18n), so an edited label needs no browser build.
    const shop = (await screenOf(shop01, '/shopManage/shopBase')).json();
    expect(shop.data.screen.name).toBe('shop-base');
    expect(Object.keys(shop.data.texts['zh-CN'])).toEqual(['shopBase']);
    expect(shop.data.texts['zh-CN'].shopBase.title).toBeTruthy();
    // A page form's route (the hidden 门店详情 node, granted to shop staff with the list) answers its screen.
    const detail = (await screenOf(shop01, '/shopManage/shopBaseDetail')).json();
    expect(detail.code).toBe(200);
    expect(detail.data.screen.name).toBe('shop-base');
    expect(detail.data.screen.forms.detail).toMatchObject({ mode: 'page', route: '/shopManage/shopBaseDetail' });
    // The SKU screen brings the resources its reference selects read (SPU and supplier lists).
    const sku = (await screenOf(admin, '/productManage/pdSku')).json();
    expect(sku.data.resources.map((r: { name: string }) => r.name).sort()).toEqual(['pd-sku', 'pd-spu', 'pd-supplier']);
  });

  it('refuses menu paths the caller is not granted, and names unknown or malformed paths', async () => {
    expect((await screenOf(shop01, '/fixture/gadget')).json()).toMatchObject({ code: 4030, msg: '您无权访问该页面' });
    expect((await screenOf(shop01, '/purchaseManage/supplier')).statusCode).toBe(403);
    expect((await screenOf(admin, '/nowhere/atAll')).json()).toEqual({ code: 4040, msg: '页面不存在', data: null });
    const bad = await screenOf(admin, 'fixture gadget');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('页面路径');
    expect((await s.call('GET', '/api/wxy-system-server/screen-descriptor?route=/fixture/gadget', { tenant: 1 })).statusCode).toBe(401);
  });
});

describe('start-up checks of module directories', () => {
  it('refuses to start when a descriptor names a column its table lacks, naming the file and pointer', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wxy-broken-module-'));
    try {
      mkdirSync(path.join(dir, 'resources'));
      const broken = JSON.parse(readFileSync(path.join(FIXTURE, 'resources/fx-gadget.json'), 'utf8'));
      Object.assign(broken, { name: 'fx-broken', basePath: 'fx-broken' });
      broken.fields.color = { type: 'string', title: '颜色', maxLength: 12 };
      writeFileSync(path.join(dir, 'resources/fx-broken.json'), JSON.stringify(broken));
      await expect(startTestServer({ extraSchemaDirs: [FIXTURE, dir] })).rejects.toThrow(/fx-broken\.json#\/fields\/color column "color" is not in table "fx_gadget"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000); // starts a server of its own: as slow as a start-up hook on a loaded machine

  it('refuses to start on a module menu that reuses a key, names an unknown parent or icon, or shows a node without an icon', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wxy-broken-menus-'));
    try {
      mkdirSync(path.join(dir, 'menus'));
      writeFileSync(
        path.join(dir, 'menus/broken.json'),
        JSON.stringify({ menus: [{ key: 'home', name: '重复', sort: 1, icon: 'home' }, { key: 'x.page', parent: 'x', path: '/x/page', name: '孤儿', sort: 2, icon: 'package' }] }),
      );
      writeFileSync(
        path.join(dir, 'menus/invalid.json'),
        JSON.stringify({ menus: [{ key: 'x.btn', name: '按钮', sort: 'a', menuType: 2 }, { key: 'x.icon', name: '图标', sort: 1, icon: 'nope' }, { key: 'x.bare', name: '无图标', sort: 2 }] }),
      );
      const err = await startTestServer({ extraSchemaDirs: [dir] }).then(() => null, (e: Error) => e.message);
      expect(err).toMatch(/broken\.json#\/menus\/0\/key duplicate menu key "home"/);
      expect(err).toMatch(/broken\.json#\/menus\/1\/parent unknown parent "x"/);
      expect(err).toMatch(/invalid\.json#\/menus\/0\/sort must be integer/);
      expect(err).toMatch(/invalid\.json#\/menus\/1\/icon must be equal to one of the allowed values/);
      expect(err).toMatch(/invalid\.json#\/menus\/2 must have required property 'icon'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000); // starts a server of its own: as slow as a start-up hook on a loaded machine
});
