import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../server/db/index.ts';
import { loadDescriptors } from '../../core/descriptors/load.ts';
import { readDescriptorFiles } from '../../server/resources/descriptorFiles.ts';
import { readDictionaries } from '../../server/resources/dictionaryFiles.ts';
import { seedDictionaries } from '../../server/db/seed/dictionaries.ts';
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

  it('a new tenant gets every shipped dictionary (schemas/dictionaries and the documents\' stock-log labels); later items reach every tenant, deleted ones stay deleted', async () => {
    const shipped = readDictionaries(s.config.schemaDirs, loadDescriptors(readDescriptorFiles(s.config.schemaDirs)).set.resources.values());
    const items = [...shipped.items.values()].flat().length;
    await s.db.system((tx) => tx.query(`INSERT INTO sys_tenant(id, tenant_name, domain) VALUES (77, '新连锁', 'new.wxy.local')`));
    const dict = (tenant: number, code: string) =>
      s.db.tenant(tenant, async (tx) => (await tx.query<{ label: string; value: string }>(`SELECT label, value FROM sys_data_dictionary WHERE code = $1 ORDER BY sort`, [code])).rows);
    expect(await s.db.tenant(77, async (tx) => (await tx.query(`SELECT 1 FROM sys_data_dictionary`)).rows.length)).toBe(items);
    expect(await dict(77, 'otherOutReason')).toContainEqual({ label: '报损', value: '1' });
    // 库存流水's 类型 labels: a document's stockLog beside the non-document kinds.
    for (const t of [1, 77]) expect(await dict(t, 'docType')).toEqual(expect.arrayContaining([{ label: '其他入库', value: 'otherStockIn' }, { label: '销售', value: 'sale' }]));
    // A tenant deletes an item; a later version ships a new one: every tenant gets the new one, not the deleted one back.
    await s.db.tenant(1, (tx) => tx.query(`DELETE FROM sys_data_dictionary WHERE code = 'otherOutReason' AND value = '3'`));
    shipped.items.set('otherOutReason', [...shipped.items.get('otherOutReason')!, { label: '过期销毁', value: '9' }]);
    expect(await seedDictionaries(s.db, shipped)).toBe(true);
    for (const t of [1, 2, 77]) expect(await dict(t, 'otherOutReason')).toContainEqual({ label: '过期销毁', value: '9' });
    expect((await dict(1, 'otherOutReason')).map((x) => x.value)).not.toContain('3');
    expect(await seedDictionaries(s.db, shipped)).toBe(false);
  });
});
