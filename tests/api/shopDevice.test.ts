import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 门店设备 (shop-device): a shop's cash-register computers are registered, then activated once from the browser
 * that becomes the register (its fingerprint bound to the device); the phone login of an activated browser
 * knows its shop.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shops: Json[];

const D = 'wxy-shop-server/shop-device';
const FP = 'WXY-0123456789abcdef0123456789abcdef';

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  shops = (await admin('POST', 'wxy-shop-server/shop-base/list', {})).json.data;
}, 180_000);
afterAll(async () => s?.stop());

describe('门店设备', () => {
  it('demo devices belong to a real shop of their tenant and show its name', async () => {
    const page = await admin('POST', `${D}/page`, { pageNum: 1, pageSize: 10 });
    expect(page.status).toBe(200);
    const rows = page.json.data.records as Json[];
    expect(rows.map((r) => [r.deviceName, r.active])).toEqual(expect.arrayContaining([['收银台1号机', true], ['收银台2号机', false]]));
    for (const r of rows) expect(shops.map((x) => x.shopName)).toContain(r.shopName);
    const theirs = (await other('POST', `${D}/page`, { pageNum: 1, pageSize: 10 })).json.data.records as Json[];
    expect(theirs.every((r) => r.fingerprintCode === null || String(r.fingerprintCode).startsWith('T2-'))).toBe(true);
  });

  it('a registered device is activated once, by one browser; the fingerprint is checked', async () => {
    const added = await admin('POST', `${D}/add`, { shopId: shops[0].shopId, deviceName: '收银台9号机', remark: '前台' });
    expect(added.status).toBe(200);
    const dev = added.json.data;
    expect(dev).toMatchObject({ shopName: shops[0].shopName, active: false, fingerprintCode: null });
    expect((await admin('PUT', `${D}/active/${dev.shopDeviceId}/short`)).json.msg).toBe('设备指纹长度不能少于8个字符');
    expect((await admin('PUT', `${D}/active/${dev.shopDeviceId}/${encodeURIComponent('WXY-<script>x')}`)).json.msg).toBe('设备指纹只能包含字母、数字、下划线或短横线');
    expect((await admin('PUT', `${D}/active/${dev.shopDeviceId}/${FP}`)).status).toBe(200);
    const row = ((await admin('POST', `${D}/page`, { pageNum: 1, pageSize: 50, deviceName: '9号机' })).json.data.records as Json[])[0];
    expect(row).toMatchObject({ active: true, fingerprintCode: FP });
    expect(row.activatedAt).toBeTruthy();
    // The same browser again: nothing changes; another browser cannot take the device over.
    expect((await admin('PUT', `${D}/active/${dev.shopDeviceId}/${FP}`)).status).toBe(200);
    const takeOver = await admin('PUT', `${D}/active/${dev.shopDeviceId}/WXY-ffffffffffffffff`);
    expect(takeOver.status).toBe(400);
    expect(takeOver.json.msg).toBe('该设备已在另一台电脑上激活，如需更换请删除后重新登记');
    // One browser is one device.
    const second = (await admin('POST', `${D}/add`, { shopId: shops[1].shopId, deviceName: '收银台10号机' })).json.data;
    const twice = await admin('PUT', `${D}/active/${second.shopDeviceId}/${FP}`);
    expect(twice.json.msg).toBe('本机已激活为「收银台9号机」，不能再激活为其他设备');
    // Deleted, the browser is free again.
    expect((await admin('DELETE', `${D}/delete/${dev.shopDeviceId}`)).status).toBe(200);
    expect((await admin('PUT', `${D}/active/${second.shopDeviceId}/${FP}`)).status).toBe(200);
  });

  it('refuses a shop that is not the tenant’s, an empty name, shop01 and another tenant’s device', async () => {
    expect((await admin('POST', `${D}/add`, { shopId: 99999999, deviceName: 'x' })).json.msg).toBe('所属门店不存在');
    expect((await admin('POST', `${D}/add`, { shopId: shops[0].shopId, deviceName: '' })).status).toBe(400);
    const theirShop = ((await other('POST', 'wxy-shop-server/shop-base/list', {})).json.data as Json[])[0];
    expect((await admin('POST', `${D}/add`, { shopId: theirShop.shopId, deviceName: '越权' })).json.msg).toBe('所属门店不存在');
    const mine = ((await admin('POST', `${D}/page`, { pageNum: 1, pageSize: 1 })).json.data.records as Json[])[0];
    expect((await other('PUT', `${D}/active/${mine.shopDeviceId}/WXY-eeeeeeeeeeeeeeee`)).status).toBe(404);
    expect((await other('DELETE', `${D}/delete/${mine.shopDeviceId}`)).status).toBe(404);
    expect((await shop('POST', `${D}/page`, {})).status).toBe(403);
    expect((await shop('PUT', `${D}/active/${mine.shopDeviceId}/WXY-eeeeeeeeeeeeeeee`)).status).toBe(403);
  });

  it('the phone login of an activated browser answers its shop; the demo’s waiting device activates with its own fingerprint', async () => {
    const dev = (await admin('POST', `${D}/add`, { shopId: shops[2].shopId, deviceName: '收银台11号机' })).json.data;
    const fp = 'WXY-1111222233334444';
    await admin('PUT', `${D}/active/${dev.shopDeviceId}/${fp}`);
    const basic = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
    await s.call('POST', '/api/wxy-auth-server/sms/send-code?phoneNumber=13800000000&tenantId=1', { headers: { authorization: basic } });
    const code = s.smsCodes.get('13800000000')!;
    const q = new URLSearchParams({ grant_type: 'phoneNumber', terminalType: '5', isPhoneNumber: 'true', isCheckCode: 'true', tenantId: '1', username: '13800000000', code, fingerprintCode: fp });
    const res = await s.call('POST', `/api/wxy-auth-server/oauth/token?${q}`, { headers: { authorization: basic } });
    expect(res.statusCode).toBe(200);
    expect(res.json().X_SHOP_ID).toBe(shops[2].shopId);
    const waiting = ((await admin('POST', `${D}/page`, { pageNum: 1, pageSize: 50, active: false })).json.data.records as Json[]).find((r) => r.fingerprintCode === 'T1-DEVICE-0002')!;
    expect((await admin('PUT', `${D}/active/${waiting.shopDeviceId}/T1-DEVICE-0002`)).status).toBe(200);
    const now = ((await admin('POST', `${D}/page`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[]).find((r) => r.shopDeviceId === waiting.shopDeviceId)!;
    expect(now.active).toBe(true);
  });
});
