import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller } from './resourceCalls.ts';

/** 抖音 / 快手 平台配置 (po-douyin-config, po-ks-config get/save): the app secret sealed, never answered in clear. */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;

const O = 'wxy-order-server';
const SECRET = 'dy-Secret-0123456789abcdef';

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
}, 180_000);
afterAll(async () => s?.stop());

describe('抖音配置 po-douyin-config', () => {
  it('answers an empty config first, then what was saved — the secret only as a fingerprint, sealed in the database', async () => {
    expect((await admin('GET', `${O}/po-douyin-config/get`)).json.data).toMatchObject({ configId: null, appKey: null, secretSet: false, enabled: true });
    const first = await admin('POST', `${O}/po-douyin-config/save`, { appKey: 'awx1234567', appSecret: SECRET, accountId: '7001', enabled: true });
    expect(first.status, first.body).toBe(200);
    expect(first.json.msg).toBe('抖音配置已保存，密钥已加密存储');
    const got = await admin('GET', `${O}/po-douyin-config/get`);
    expect(got.json.data).toMatchObject({ appKey: 'awx1234567', accountId: '7001', enabled: true, secretSet: true, updateUserName: '系统管理员' });
    expect(got.json.data.secretHint).toMatch(/^SHA256:[0-9a-f]{8}$/);
    expect(got.body).not.toContain(SECRET);
    const stored = (await s.db.tenant(1, (tx) => tx.query<{ secret_sealed: string }>(`SELECT secret_sealed FROM po_platform_config WHERE platform_type = 2`))).rows[0];
    expect(stored.secret_sealed.startsWith('v1:')).toBe(true);
    expect(stored.secret_sealed).not.toContain(SECRET);
    // Saved again without a secret: the old one stays (same fingerprint).
    await admin('POST', `${O}/po-douyin-config/save`, { appKey: 'awx1234567', accountId: '7002', enabled: false });
    const kept = (await admin('GET', `${O}/po-douyin-config/get`)).json.data;
    expect(kept).toMatchObject({ accountId: '7002', enabled: false, secretHint: got.json.data.secretHint });
  });

  it('refuses bad input, a first save without secret (快手), shop01 and keeps tenants apart', async () => {
    const bad = await admin('POST', `${O}/po-douyin-config/save`, { appKey: 'a b' });
    expect([bad.status, bad.json.msg]).toEqual([400, '应用标识只能包含字母、数字、下划线、点或短横线，最多64位']);
    expect((await admin('POST', `${O}/po-douyin-config/save`, { appKey: 'k1', appSecret: 'short' })).json.msg).toBe('应用密钥须为8到256位、不含空格的字符');
    const missing = await admin('POST', `${O}/po-douyin-config/save`, {});
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toContain('应用标识');
    expect((await admin('POST', `${O}/po-ks-config/save`, { appKey: 'ks001' })).json.msg).toBe('首次保存快手配置须填写应用密钥');
    expect((await shop('GET', `${O}/po-douyin-config/get`)).status).toBe(403);
    expect((await shop('POST', `${O}/po-ks-config/save`, { appKey: 'ks001', appSecret: SECRET })).status).toBe(403);
    expect((await other('GET', `${O}/po-douyin-config/get`)).json.data).toMatchObject({ secretSet: false, appKey: null });
    const ks = await other('POST', `${O}/po-ks-config/save`, { appKey: 'ks-t2', appSecret: 'ks-secret-for-tenant-2' });
    expect(ks.status).toBe(200);
    expect(ks.json.data).toMatchObject({ appKey: 'ks-t2', secretSet: true });
    expect(JSON.stringify(ks.json)).not.toContain('ks-secret-for-tenant-2');
    expect((await admin('GET', `${O}/po-ks-config/get`)).json.data.secretSet).toBe(false);
  });
});
