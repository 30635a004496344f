import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
let admin: string;
let shop: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin', 'admin123');
  shop = await s.login('shop01', 'shop123');
});
afterAll(async () => s?.stop());

const sys = (path: string) => `/api/wxy-system-server/${path}`;

describe('user/permissions', () => {
  it('gives admin every menu and every field permission', async () => {
    const d = (await s.call('GET', sys('user/permissions'), { token: admin, tenant: 1 })).json().data;
    // Modules land over time: admin sees each of them, system management included.
    expect(d.menuVOList.map((m: { path: string }) => m.path)).toEqual(expect.arrayContaining(['/home', '/shopManage', '/systemManage']));
    expect(d.fieldPermissionNames).toEqual(['进价总金额', '成本总金额', '零售价', '供应商', '毛利率']);
    expect(d.searchTimeLimitList.map((x: { subjectId: number }) => x.subjectId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(d).toMatchObject({ id: d.userId, userName: 'admin', totalMessage: 0 });
    const userList = d.menuVOList.find((m: { path: string }) => m.path === '/systemManage').childList.find((c: { path: string }) => c.path === '/systemManage/userList');
    expect(userList.childList.map((b: { perms: string; menuType: number }) => [b.perms, b.menuType])).toContainEqual(['system:user:unlock', 2]);
  });

  it('gives shop01 only its modules and withholds 进价总金额 and 成本总金额', async () => {
    const d = (await s.call('GET', sys('user/permissions'), { token: shop, tenant: 1 })).json().data;
    const paths = d.menuVOList.map((m: { path: string }) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['/home', '/shopManage']));
    expect(paths).not.toContain('/systemManage');
    expect(d.roles).toEqual(['shop_staff']);
    expect(d.fieldPermissionNames).not.toContain('进价总金额');
    expect(d.fieldPermissionNames).not.toContain('成本总金额');
    expect(d.fieldPermissionNames).toContain('零售价');
  });

  it('refuses admin-only calls to shop01 on the server', async () => {
    for (const url of [sys('user/findPage/1/20'), sys('login-record/tenant/findPage/1/20'), sys('user/info/1')]) {
      const res = await s.call('GET', url, { token: shop, tenant: 1 });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe(4030);
    }
  });
});

describe('profile and lookups', () => {
  it('edits the own name and avatar; refuses markup, SQL punctuation and over-long names without writing', async () => {
    const ok = await s.call('PUT', sys('user/profile'), { token: shop, tenant: 1, body: { name: '王小明', headPortrait: '/branding/tenant-1-logo.svg' } });
    expect(ok.json().code).toBe(200);
    for (const [name, msg] of [
      ['<script>x</script>', '姓名不能包含 < > ; -- /* 等特殊字符'],
      ["x';DROP TABLE a;--", '姓名不能包含 < > ; -- /* 等特殊字符'],
      ['名'.repeat(25), '姓名长度不能超过24个字符'],
      ['', '姓名不能为空'],
    ]) {
      const res = await s.call('PUT', sys('user/profile'), { token: shop, tenant: 1, body: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const bad = await s.call('PUT', sys('user/profile'), { token: shop, tenant: 1, body: { name: '李', headPortrait: 'javascript:alert(1)' } });
    expect(bad.json().msg).toBe('头像必须是 http(s) 地址或站内路径');
    const d = (await s.call('GET', sys('user/permissions'), { token: shop, tenant: 1 })).json().data;
    expect(d).toMatchObject({ name: '王小明', headPortrait: '/branding/tenant-1-logo.svg' });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await s.call('PUT', sys('user/profile'), { token: shop, tenant: 1, body: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '请求体不是合法的 JSON' });
  });

  it('serves branding by id (public) and by domain, dictionaries, server time, names map, users by number, version log', async () => {
    const byId = (await s.call('POST', sys('tenant/get'), { body: { id: 1 } })).json();
    expect(byId.data).toMatchObject({ tenantName: '演示连锁', domain: 'demo.wxy.local', mainIndustry: 1, recordNumber: expect.stringContaining('ICP') });
    expect((await s.call('POST', sys('tenant/get'), { body: { domain: 'chain2.wxy.local' } })).json().data.tenantName).toBe('第二连锁');
    expect((await s.call('POST', sys('tenant/get'), { body: { domain: 'elsewhere.example' } })).json().data).toBeNull();
    expect((await s.call('POST', sys('tenant/get'), { body: { id: 77 } })).json().code).toBe(4004);

    const dict = (await s.call('GET', sys('ms-data-dictionary/findList/enableStatus'), { token: shop, tenant: 1 })).json().data;
    expect(dict.map((d: { label: string }) => d.label)).toEqual(['启用', '停用']);
    expect((await s.call('GET', sys("ms-data-dictionary/findList/a'b"), { token: shop, tenant: 1 })).json().msg).toBe('字典编码格式不正确');

    const now = (await s.call('GET', sys('sys-date/now'), { token: shop, tenant: 1 })).json().data;
    expect(Math.abs(now.timestamp - Date.now())).toBeLessThan(60_000);

    expect((await s.call('GET', sys('sys-base-config/name-map'), { token: shop, tenant: 1 })).json().data).toContainEqual({ defaultName: '门店', newName: '门店' });

    const users = (await s.call('POST', sys('user/batch/user-no'), { token: shop, tenant: 1, body: { userNos: ['S0001', 'A0001', 'ZZZ'] } })).json().data;
    expect(users.map((u: { userName: string }) => u.userName)).toEqual(['admin', 'shop01']);

    const log = (await s.call('GET', sys('sys-version-log/findPage/1/20'), { token: shop, tenant: 1 })).json().data;
    expect(log.total).toBeGreaterThan(0);
    expect(log.records[0]).toHaveProperty('version');
  });

  it('rejects a page size over the limit and a page number of 0', async () => {
    expect((await s.call('GET', sys('sys-version-log/findPage/0/20'), { token: shop, tenant: 1 })).json().msg).toBe('页码不能小于1');
    expect((await s.call('GET', sys('sys-version-log/findPage/1/abc'), { token: shop, tenant: 1 })).json().msg).toBe('每页条数应为整数');
  });
});

describe('user administration', () => {
  it('edits another user; disabling signs them out and stops their login', async () => {
    const users = (await s.call('GET', sys('user/findPage/1/20?keyword=shop01'), { token: admin, tenant: 1 })).json().data.records;
    const id = users[0].id;
    const badPhone = await s.call('PUT', sys(`user/edit/${id}`), { token: admin, tenant: 1, body: { name: '店员', phone: '1234', status: 1 } });
    expect(badPhone.json().msg).toBe('手机号码有误，请重填!');
    const clash = await s.call('PUT', sys(`user/edit/${id}`), { token: admin, tenant: 1, body: { name: '店员', phone: '13800000000', status: 1 } });
    expect(clash.json()).toMatchObject({ code: 4090, msg: '手机号码已被其他用户使用' });
    const disabled = await s.call('PUT', sys(`user/edit/${id}`), { token: admin, tenant: 1, body: { name: '店员', phone: '13800000001', status: 0 } });
    expect(disabled.json().code).toBe(200);
    expect((await s.call('GET', sys('user/permissions'), { token: shop, tenant: 1 })).json().code).toBe(4703);
    await expect(s.login('shop01', 'shop123')).rejects.toThrow(/停用/);
    await s.call('PUT', sys(`user/edit/${id}`), { token: admin, tenant: 1, body: { name: '门店店员01', phone: '13800000001', status: 1 } });
    shop = await s.login('shop01', 'shop123');
  });

  it('lists the tenant login log for admin with filters', async () => {
    const page = (await s.call('GET', sys('login-record/tenant/findPage/1/50?userName=shop01&success=false'), { token: admin, tenant: 1 })).json().data;
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((r: { userName: string; success: boolean }) => r.userName === 'shop01' && !r.success)).toBe(true);
  });
});

describe('platform', () => {
  it('unknown API paths answer 请求地址不存在 with HTTP 404', async () => {
    const res = await s.call('GET', '/api/wxy-system-server/nothing-here', { token: admin, tenant: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '请求地址不存在', data: null });
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const doc = (await s.call('GET', '/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/wxy-auth-server/oauth/token', '/api/wxy-system-server/user/permissions']));
  });

  it('seeding again changes nothing (idempotent)', async () => {
    const { seedDemoData } = await import('../../server/db/seed/index.ts');
    await s.db.system((tx) => tx.query(`DELETE FROM app_meta WHERE key = 'seed_version'`));
    const count = () => s.db.tenant(1, async (tx) => (await tx.query<{ n: number }>(`SELECT (SELECT count(*) FROM sys_user) + (SELECT count(*) FROM sys_menu) + (SELECT count(*) FROM sys_role_menu) AS n`)).rows[0].n);
    const before = await count();
    expect(await seedDemoData(s.db)).toBe(true);
    expect(await count()).toBe(before);
    await s.login('shop01', 'shop123'); // passwords untouched
  });
});
