import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * Input the database cannot take is refused before any query with a 400 naming the field (server/http/inputGuard.ts):
 * null never becomes 0, NUL characters, integers past PostgreSQL's range, broken multipart bodies.
 */
let s: TestServer;
let admin: Caller;
let shopId: number;
let userId: number;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shopId = (await admin('POST', 'wxy-shop-server/shop-base/page/1/1', {})).json.data.records[0].shopId;
  userId = (await admin('GET', 'wxy-system-server/user/findPage/1/20?keyword=shop01')).json.data.records[0].id;
}, 180_000);
afterAll(async () => s?.stop());

const refused = (r: { status: number; json: Json }, msg?: string | RegExp) => {
  expect(r.status).toBe(400);
  expect(r.json.code).toBe(400);
  if (typeof msg === 'string') expect(r.json.msg).toBe(msg);
  else if (msg) expect(r.json.msg).toMatch(msg);
};

describe('null is not 0', () => {
  it('a required field sent as null is refused like a missing one, and nothing changes', async () => {
    refused(await admin('PUT', `wxy-system-server/user/edit/${userId}`, { name: '门店店员', status: null }), '状态不能为空');
    const user = (await admin('GET', `wxy-system-server/user/info/${userId}`)).json.data;
    expect(user.status).toBe(1);
    refused(await admin('PUT', 'wxy-shop-server/shop-base/edit-state', { shopId, status: null }), /状态.*不能为空|不能为空/);
    refused(await admin('PUT', 'wxy-shop-server/shop-base/edit-state/batch', { ids: [shopId], status: null }), /不能为空/);
    const shop = (await admin('POST', 'wxy-shop-server/shop-base/page/1/50', {})).json.data.records.find((r: Json) => r.shopId === shopId);
    expect(shop.status).toBe(1);
    const spu = (await admin('GET', 'wxy-production-server/pd-spu/findPage/1/1')).json.data.records[0];
    refused(await admin('POST', 'wxy-production-server/pd-sku/save', { spuId: spu.spuId, skuCode: 'NULLPRICE1', skuName: '空价格', unit: '个', retailPrice: null }), '零售价不能为空');
    expect((await admin('GET', 'wxy-production-server/pd-sku/findPage/1/5?skuCode=NULLPRICE1')).json.data.records).toEqual([]);
  });

  it('an optional field sent as null counts as not sent', async () => {
    const r = await admin('POST', 'wxy-warehouse-server/wh-other-stock-in/page/1/5', { status: null, stockInNo: null });
    expect(r.status).toBe(200);
    expect(r.json.data.total).toBeGreaterThan(0);
  });
});

describe('characters and numbers the database cannot hold', () => {
  it('a NUL character in a name, a message, a template or a search is a 400 naming the field', async () => {
    refused(await admin('PUT', `wxy-system-server/user/edit/${userId}`, { name: '门店\u0000店员', status: 1 }), '姓名不能包含空字符');
    refused(await admin('POST', 'wxy-system-server/ms/version/publish', { version: '9.9.9', content: 'a\u0000b' }), /不能包含空字符/);
    refused(await admin('POST', 'wxy-system-server/print-template/page/1/10', { name: '\u0000' }), '模板名称不能包含空字符');
    refused(await admin('GET', 'wxy-system-server/user/findPage/1/20?keyword=%00'), /不能包含空字符/);
    refused(await admin('POST', 'wxy-warehouse-server/wh-other-stock-in/export', { stockInNo: 'QT\u0000' }), /不能包含空字符/);
    refused(await admin('POST', 'wxy-warehouse-server/wh-other-stock-in/add', { whId: 1, reason: 1, detList: [{ skuId: 1, quantity: 1, remark: 'x\u0000' }] }), /不能包含空字符/);
  });

  it('ids and page numbers past the 32-bit range are 400s naming the field', async () => {
    refused(await admin('GET', 'wxy-system-server/user/info/2147483648'), /不能大于2147483647/);
    refused(await admin('GET', 'wxy-system-server/user/info/12345678901234567890'), /不能大于2147483647|格式不正确/);
    refused(await admin('GET', 'wxy-system-server/print-template/info/99999999999'), /不能大于2147483647/);
    refused(await admin('GET', 'wxy-system-server/user/findPage/100000000000000000000/20'), /不能大于2147483647|格式不正确/);
    refused(await admin('POST', 'wxy-warehouse-server/wh-other-stock-in/page/1/10', { whId: 2147483648 }), /不能大于2147483647/);
    const tenant = await s.call('POST', '/api/wxy-system-server/tenant/get', { body: { id: 2147483648 } });
    expect(tenant.statusCode).toBe(400);
    expect(tenant.json().msg).toMatch(/租户ID不能大于2147483647/);
  });

  it('a multipart upload without its boundary, or cut short, is a 400', async () => {
    const token = await s.login('admin', 'admin123');
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1' };
    const noBoundary = await s.app.inject({ method: 'POST', url: '/api/wxy-file-server/file/upload', headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: 'abc' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().code).toBe(400);
    const boundary = '----x';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\na.png\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNGDATA`;
    const short = await s.app.inject({ method: 'POST', url: '/api/wxy-file-server/file/upload', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: cut });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe(400);
  });

  it('a body of the wrong kind says what it should be, and a field of the wrong type says which type', async () => {
    const url = '/api/wxy-shop-server/shop-base/page/1/20';
    const post = async (contentType: string, payload: string, to = url) => {
      const r = await s.app.inject({ method: 'POST', url: to, headers: { authorization: `Bearer ${await s.login('admin', 'admin123')}`, 'x-tenant-id': '1', 'content-type': contentType }, payload });
      return { status: r.statusCode, json: r.json() as Json };
    };
    for (const body of ['[]', '"x"', 'null']) refused(await post('application/json', body), '请求体应为 JSON 对象');
    const text = await post('text/plain', 'hello');
    expect(text.status).toBe(415);
    expect(text.json.msg).toBe('不支持的请求内容类型 text/plain，请以 application/json 发送');
    refused(await post('application/json', '{bad'), '请求体不是合法的 JSON');
    refused(await post('application/json', ''), '请求体为空，应为 JSON 对象');
    refused(await post('application/json', '{}', '/api/wxy-shop-server/shop-base/page/1/abc'), '每页条数应为整数');
    refused(await post('application/json', JSON.stringify({ shopCode: 'TY1', shopName: '类型', shopType: 'a' }), '/api/wxy-shop-server/shop-base/add'), '门店类型应为整数');
  });

  it('the login still takes its query form', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
    expect(r.statusCode).toBe(200);
  });
});
