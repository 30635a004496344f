import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../server/db/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

describe('tenant isolation', () => {
  it('a tenant-1 token sent with X-TENANT-ID 2 gets a 47xx and nothing of tenant 2', async () => {
    const token = await s.login('admin', 'admin123', 1);
    for (const url of ['/api/wxy-system-server/user/permissions', '/api/wxy-system-server/user/findPage/1/20', '/api/wxy-system-server/sys-version-log/findPage/1/20']) {
      const res = await s.call('GET', url, { token, tenant: 2 });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 4704, msg: '登录信息与租户不匹配，请重新登录', data: null });
    }
  });

  it('each admin lists only the users of its own tenant', async () => {
    const t1 = await s.login('admin', 'admin123', 1);
    const t2 = await s.login('admin', 'admin123', 2);
    const names = async (token: string, tenant: number) =>
      ((await s.call('GET', '/api/wxy-system-server/user/findPage/1/100', { token, tenant })).json().data.records as { name: string }[]).map((r) => r.name).sort();
    expect(await names(t1, 1)).toEqual(['系统管理员', '门店店员01', '店长01', '财务01'].sort());
    expect(await names(t2, 2)).toEqual(['第二连锁管理员']);
  });

  it('a query that forgets its tenant filter sees only its tenant, and nothing when no tenant is set (RLS)', async () => {
    const t1 = await s.db.tenant(1, (tx) => tx.query<{ tenant_id: number }>(`SELECT tenant_id FROM sys_user`));
    expect(t1.rows.length).toBe(4);
    expect(new Set(t1.rows.map((r) => r.tenant_id))).toEqual(new Set([1]));
    const none = await s.db.system(async (tx) => {
      await tx.query(`SET LOCAL ROLE ${APP_ROLE}`);
      return tx.query(`SELECT * FROM sys_user`);
    });
    expect(none.rows).toEqual([]);
  });

  it('a write into another tenant is refused by the policy', async () => {
    await expect(
      s.db.tenant(1, (tx) => tx.query(`INSERT INTO sys_data_dictionary(tenant_id, code, label, value) VALUES (2, 'x', 'x', 'x')`)),
    ).rejects.toThrow(/row-level security/);
    const leaked = await s.db.tenant(2, (tx) => tx.query(`SELECT 1 FROM sys_data_dictionary WHERE code = 'x'`));
    expect(leaked.rows).toEqual([]);
  });

  it('every table with a tenant_id has row-level security forced on', async () => {
    const r = await s.db.system((tx) =>
      tx.query<{ relname: string }>(
        `SELECT c.relname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id'
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT (c.relrowsecurity AND c.relforcerowsecurity)`,
      ),
    );
    // Only the token table is looked up before the tenant is known; the token row then names the tenant.
    expect(r.rows.map((x) => x.relname)).toEqual(['oauth_token']);
  });
});
