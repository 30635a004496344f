import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../server/http/routeTable.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * What the input sweep of issue 27 found (bad requests over every operation): each answers a 4xx in the API envelope
 * with a Chinese message naming what was wrong — never a 500, never a 200 that did something else.
 */
let s: TestServer;
let admin: Caller;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('admin', 'admin123');
  admin = callerFor(s, token);
}, 180_000);
afterAll(async () => s?.stop());

const send = async (method: string, url: string, contentType: string | undefined, payload?: string | Buffer) => {
  const r = await s.app.inject({
    method: method as 'POST',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1', ...(contentType ? { 'content-type': contentType } : {}) },
    payload,
  });
  return { status: r.statusCode, json: (r.headers['content-type'] ?? '').toString().includes('json') ? (r.json() as Json) : ({} as Json) };
};

const refused = (r: { status: number; json: Json }, status: number, msg: string | RegExp, code = status) => {
  expect(r.status).toBe(status);
  expect(r.json.code).toBe(code);
  expect(r.json.data).toBeNull();
  if (typeof msg === 'string') expect(r.json.msg).toBe(msg);
  else expect(r.json.msg).toMatch(msg);
};

const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('a deeply nested body', () => {
  it('is refused by its depth before anything walks it (5,000 levels used to overflow the stack: 500)', async () => {
    refused(await send('POST', 'wxy-shop-server/shop-base/page/1/20', 'application/json', nested(5000)), 400, '请求内容嵌套层数过多（最多 64 层）');
    refused(await send('POST', 'wxy-shop-server/shop-base/page/1/20', 'application/json', nested(65)), 400, /嵌套层数过多/);
    // Brackets inside strings are text, not nesting.
    const r = await send('POST', 'wxy-shop-server/shop-base/page/1/20', 'application/json', JSON.stringify({ shopName: '', x: '['.repeat(100) }));
    expect(r.status).toBe(200);
    expect((await send('POST', 'wxy-shop-server/shop-base/page/1/20', 'application/json', nested(64))).status).toBe(200);
  });
});

describe('the content type of a write', () => {
  it('a body the route does not take is a 415 before it is read: XML, text, a form, a file', async () => {
    // task/complete sent as XML was approved with an empty body.
    refused(await send('POST', 'wxy-process-server/process/task/complete/1/1/1', 'application/xml', '<x approved="true"/>'), 415, '不支持的请求内容类型 application/xml，请以 application/json 发送');
    refused(await send('POST', 'wxy-shop-server/shop-base/page/1/20', 'text/plain', 'hello'), 415, /text\/plain/);
    refused(await send('PUT', 'wxy-shop-server/shop-base/edit-state', 'application/x-www-form-urlencoded', 'shopId=1&status=0'), 415, /x-www-form-urlencoded/);
    refused(await send('POST', 'wxy-shop-server/shop-base/add', 'multipart/form-data; boundary=x', '--x--'), 415, /multipart\/form-data/);
    refused(await send('POST', 'wxy-shop-server/shop-base/add', 'application/octet-stream', Buffer.from('abc')), 415, /octet-stream/);
    refused(await send('POST', 'wxy-shop-server/shop-base/add', undefined, '{"shopCode":"X"}'), 415, /缺少内容类型/);
  });

  it('JSON with its charset, a body-less call, a form login and an import file still pass', async () => {
    expect((await send('POST', 'wxy-shop-server/shop-base/page/1/20', 'application/json; charset=utf-8', '{}')).status).toBe(200);
    expect((await send('POST', 'wxy-shop-server/shop-base/page/1/20', undefined)).status).not.toBe(415);
    const form = await s.app.inject({
      method: 'POST',
      url: '/api/wxy-auth-server/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`, 'x-tenant-id': '1', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=admin&password=admin123',
    });
    expect(form.statusCode).toBe(200);
    // An import takes the xlsx itself as the body: refused for what the file holds, not for its type.
    const xlsx = await send('POST', 'wxy-shop-server/shop-base/import', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', Buffer.from('not a workbook'));
    expect(xlsx.status).toBe(400);
    expect(xlsx.json.msg).not.toMatch(/内容类型/);
  });
});

describe('what Fastify refuses before a route', () => {
  it('a too long path parameter is a 414 saying so (it was an empty message)', async () => {
    refused(await send('GET', `wxy-system-server/user/info/${'9'.repeat(500)}`, undefined), 414, '请求地址过长（路径中的参数最多 100 个字符）');
  });

  it('an address that does not decode, an unknown address, a body over the limit', async () => {
    refused(await send('GET', 'wxy-system-server/user/info/%E0%A4%A', undefined), 400, /请求地址格式不正确/);
    refused(await send('GET', 'wxy-system-server/no-such-call', undefined), 404, '请求地址不存在');
    refused(await send('POST', 'wxy-shop-server/shop-base/page/1/20', 'application/json', `{"x":"${'a'.repeat(11 * 1024 * 1024)}"}`), 413, /请求内容过大（该接口最多 10 MB）/);
  });

  it("what Node's HTTP parser refuses answers the envelope too", async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.app.server.address() as net.AddressInfo).port;
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
        let got = '';
        socket.on('data', (d) => (got += d.toString()));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
    const garbage = await raw('HELLO THERE\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1.1 400/);
    expect(JSON.parse(garbage.split('\r\n\r\n')[1])).toEqual({ code: 400, msg: '请求格式不正确，无法读取', data: null });
    const longHead = await raw(`GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longHead).toMatch(/^HTTP\/1.1 431/);
    expect(JSON.parse(longHead.split('\r\n\r\n')[1]).msg).toMatch(/请求头过大/);
  });
});

describe('page numbers', () => {
  it('null, "1e3", 1.5 or a word are refused naming 页码 / 每页条数, in the path, the query and the body', async () => {
    refused(await admin('POST', 'wxy-shop-server/shop-base/page/1e3/20', {}), 400, '页码应为整数');
    refused(await admin('POST', 'wxy-shop-server/shop-base/page/1/1e3', {}), 400, '每页条数应为整数');
    refused(await admin('POST', 'wxy-system-server/attn-clock/findPage', { pageNum: null }), 400, '页码不能为空');
    refused(await admin('POST', 'wxy-system-server/attn-clock/findPage', { pageNum: 1, pageSize: null }), 400, '每页条数不能为空');
    refused(await admin('POST', 'wxy-system-server/attn-clock/findPage', { pageNum: '1e3' }), 400, '页码应为整数');
    refused(await admin('POST', 'wxy-system-server/attn-clock/findPage', { pageNum: 1.5 }), 400, '页码应为整数');
    refused(await admin('POST', 'wxy-system-server/attn-clock/findPage', { pageNum: 1, pageSize: 0 }), 400, '每页条数不能小于1');
    refused(await admin('POST', 'wxy-warehouse-server/wh-inventory-diff-det/list', { pageNum: '1e3' }), 400, '页码应为整数');
    refused(await admin('GET', 'wxy-system-server/user/findPage/1/20?pageNum=null'), 400, '页码应为整数');
    const page = await admin('POST', 'wxy-system-server/attn-clock/findPage', { pageNum: '2', pageSize: 5 });
    expect(page.status).toBe(200);
  });
});

type Prop = { type?: string | string[]; properties?: Record<string, Prop>; items?: Prop; anyOf?: Prop[]; oneOf?: Prop[]; 'x-date'?: string };
const DATE_NAME = /(date|time|month|day|deadline)(start|end|begin|str)?$/i;
const takesText = (p: Prop) => [p.type ?? [], ...(p.anyOf ?? []).map((a) => a.type ?? [])].flat().includes('string');

/** Every property of a request schema whose name says it is a date, a time or a month and that declares no x-date. */
function undeclaredDates(schema: Prop | undefined, path: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    if (DATE_NAME.test(name) && takesText(p) && !p['x-date']) out.push(`${path}.${name}`);
    undeclaredDates(p, `${path}.${name}`, out);
  }
  undeclaredDates(schema.items, `${path}[]`, out);
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) undeclaredDates(alt, path, out);
}

describe('date and time parameters', () => {
  it('every date, time or month parameter of every route declares its kind (x-date), so the guard checks it before SQL', () => {
    const unchecked: string[] = [];
    for (const r of routeTable(s.app).filter((x) => x.url.startsWith('/api/'))) {
      for (const part of ['params', 'querystring', 'body'] as const) undeclaredDates(r.schema[part] as Prop, `${r.method} ${r.url} ${part}`, unchecked);
    }
    expect(unchecked).toEqual([]);
  });

  it('a malformed or impossible date is a 400 naming the field, not a 500 from SQL', async () => {
    for (const v of ['abc', '2026-13-45']) {
      refused(await admin('POST', 'wxy-warehouse-server/wh-inventory-diff-det/list/merge', { submitTimeStart: v }), 400, /^过账开始时间格式不正确/);
      refused(await admin('POST', 'wxy-warehouse-server/wh-inventory-diff-det/list', { submitTimeEnd: v }), 400, /^过账结束时间格式不正确/);
    }
    // A descriptor's filter names its field's label and the parameter; a write names the field.
    refused(await admin('POST', 'wxy-shop-server/shop-base/page/1/20', { openDateEnd: '2026-02-30' }), 400, '开业日期(openDateEnd)日期格式不正确');
    refused(await admin('POST', 'wxy-system-server/attn-clock/findPage', { clockDateStart: '2026-13-45' }), 400, /考勤日期\(clockDateStart\)/);
    // Empty is not sent; a real day or moment answers.
    for (const body of [{ submitTimeStart: '' }, { submitTimeStart: '2026-01-01', submitTimeEnd: '2026-12-31 23:59:59' }]) {
      expect((await admin('POST', 'wxy-warehouse-server/wh-inventory-diff-det/list/merge', body)).status).toBe(200);
    }
  });
});

const typesOf = (p: Prop | undefined) => (p?.type === undefined ? [] : [p.type].flat());
/** A value for a path parameter that names nothing: an id no record has, a day, a month, a code. */
function missingValue(p: Prop | undefined): string {
  if (typesOf(p).includes('integer') || typesOf(p).includes('number')) return '99999999';
  if (p?.['x-date']) return p['x-date'] === 'month' ? '2026-01' : '2026-01-05';
  const e = (p as { enum?: unknown[] } | undefined)?.enum;
  return e?.length ? String(e[0]) : 'NOSUCH';
}
const isEmptyAnswer = (d: unknown) => d === null || d === undefined || (Array.isArray(d) && !d.length) || (typeof d === 'object' && Array.isArray((d as Json).records) && !(d as Json).records.length);

describe('lines of a record that does not exist', () => {
  it('every lookup by a record id in its path answers 404 naming the record when there is none (49 answered [])', async () => {
    const empty: string[] = [];
    for (const r of routeTable(s.app)) {
      const lookup = r.method === 'GET' || (r.method === 'POST' && /(find|page|list|det|query|get)/i.test(r.url) && !/(save|add|edit|update|delete|confirm|audit|submit|merge|import|export|refresh|collect)/i.test(r.url));
      if (!lookup || !r.url.startsWith('/api/')) continue;
      const names = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const props = (r.schema.params as Prop | undefined)?.properties ?? {};
      if (!names.some((n) => n !== 'pageNum' && n !== 'pageSize' && typesOf(props[n]).includes('integer'))) continue;
      const url = names.reduce((u, n) => u.replace(`:${n}`, n === 'pageNum' ? '1' : n === 'pageSize' ? '10' : missingValue(props[n])), r.url);
      const res = await admin(r.method, url.slice('/api/'.length), r.method === 'POST' ? {} : undefined);
      if (res.status === 200 && String(res.json.code) === '200' && isEmptyAnswer(res.json.data)) empty.push(`${r.method} ${r.url}`);
    }
    expect(empty).toEqual([]);
  });

  it('names the record (as its detail does); lines of one that exists still answer, another tenant\'s id is one that does not exist', async () => {
    refused(await admin('GET', 'wxy-warehouse-server/wh-purchase/det/99999999'), 404, '采购单不存在', 4040);
    refused(await admin('GET', 'wxy-shop-server/shop-pay-method-config/getByShop/99999999'), 404, '门店不存在', 4040);
    refused(await admin('GET', 'wxy-member-server/mb-coupon/user/99999999'), 404, '会员不存在', 4040);
    refused(await admin('POST', 'wxy-order-server/order/findMemberRecordPage/99999999/1/10', {}), 404, '会员不存在', 4040);
    const purchase = (await admin('POST', 'wxy-warehouse-server/wh-purchase/findPage', { pageNum: 1, pageSize: 1 })).json.data.records[0];
    const lines = await admin('GET', `wxy-warehouse-server/wh-purchase/det/${purchase.purchaseId}`);
    expect(lines.status).toBe(200);
    expect((lines.json.data as Json[]).length).toBeGreaterThan(0);
    const other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
    refused(await other('GET', `wxy-warehouse-server/wh-purchase/det/${purchase.purchaseId}`), 404, '采购单不存在', 4040);
  });
});

describe('lists sent as null', () => {
  it('ms/batch/read with ids null or left out marks nothing (it marked every message read); all is asked by name', async () => {
    const shop = callerFor(s, await s.login('shop01', 'shop123'));
    const shopUser = (await admin('GET', 'wxy-system-server/user/findPage/1/20?keyword=shop01')).json.data.records[0].id;
    for (const n of [1, 2]) {
      const sent = await admin('POST', 'wxy-system-server/ms/send', { userIds: [shopUser], businessType: 1, businessId: `P${n}`, messageTypeInfo: '采购单审核', noticeTemplateInfo: `采购单 P${n} 已审核` });
      expect(sent.status).toBe(200);
    }
    const before = (await shop('GET', 'wxy-system-server/ms/list/1/1?isRead=0')).json.data.total;
    expect(before).toBeGreaterThan(0);
    refused(await shop('POST', 'wxy-system-server/ms/batch/read', { ids: null }), 400, '消息ID列表不能为空');
    refused(await shop('POST', 'wxy-system-server/ms/batch/read', {}), 400, /^消息ID列表不能为空/);
    refused(await shop('POST', 'wxy-system-server/ms/batch/read', { ids: [] }), 400, '消息ID列表不能为空');
    expect((await shop('GET', 'wxy-system-server/ms/list/1/1?isRead=0')).json.data.total).toBe(before);
    const all = await shop('POST', 'wxy-system-server/ms/batch/read', { all: true });
    expect(all.json.data).toMatchObject({ updated: before, totalMessage: 0 });
  });

  it('every write taking a list refuses null for it, naming the list, before anything runs', async () => {
    const accepted: string[] = [];
    for (const r of routeTable(s.app)) {
      if (!['POST', 'PUT', 'DELETE'].includes(r.method) || !r.url.startsWith('/api/')) continue;
      const body = r.schema.body as Prop | undefined;
      for (const [name, p] of Object.entries(body?.properties ?? {})) {
        if (typesOf(p).join() !== 'array') continue;
        const url = r.url.replace(/:([A-Za-z0-9_]+)/g, '1').slice('/api/'.length);
        const res = await admin(r.method, url, { [name]: null });
        if (res.status !== 400 || !String(res.json.msg).includes(`${(p as { title?: string }).title ?? name}不能为空`)) accepted.push(`${r.method} ${r.url} ${name}: ${res.status} ${res.json.msg}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('a batch write without its list is refused; the batches whose list may be left out for "every shop" refuse null and []', async () => {
    refused(await admin('PUT', 'wxy-warehouse-server/wh-other-stock-in/batch-confirm', {}), 400, /ID列表不能为空/);
    refused(await admin('POST', 'wxy-shop-server/shop-pay-method-config/init', { shopIds: null }), 400, '门店不能为空');
    refused(await admin('POST', 'wxy-shop-server/shop-pay-method-config/init', { shopIds: [] }), 400, '门店不能为空');
    refused(await admin('POST', 'wxy-shop-server/shop-petty-cash-reconciliation/generate', { shopIds: null }), 400, '门店不能为空');
    refused(await admin('POST', 'wxy-shop-server/shop-petty-cash-reconciliation/generate', { shopIds: [] }), 400, '门店不能为空');
  });
});

describe('a client uuid used again', () => {
  it('settling the same cart again answers the first order; another cart under that uuid is a 409 naming it, nothing sold', async () => {
    const q = async <T,>(sql: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(sql, params))).rows;
    const wh = (await q<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))[0];
    const skus = await q<{ skuId: number }>(
      `SELECT s.sku_id AS "skuId" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
        WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 10 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 2`, [wh.wh_id]);
    const onHand = async (skuId: number) => Number((await q<{ h: string }>(`SELECT on_hand AS h FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [wh.wh_id, skuId]))[0].h);
    const uuid = randomUUID();
    const cart = { uuid, shopId: wh.shop_id, lines: [{ skuId: skus[0].skuId, quantity: 1 }], payments: [{ payType: 1, amount: 100000 }] };
    const first = await admin('POST', 'wxy-order-server/order/settlement', cart);
    expect(first.status, first.body).toBe(200);
    // A retry (the offline queue leaves out the null coupon, the remark may differ): the first order.
    const retry = await admin('POST', 'wxy-order-server/order/settlement', { ...cart, memberCouponId: null, remark: '重发' });
    expect(retry.status).toBe(200);
    expect(retry.json.data.orderNo).toBe(first.json.data.orderNo);
    const stockBefore = await onHand(skus[1].skuId);
    const orders = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM po_order`))[0].n;
    const other = await admin('POST', 'wxy-order-server/order/settlement', { ...cart, lines: [{ skuId: skus[1].skuId, quantity: 2 }] });
    refused(other, 409, `订单标识 ${uuid} 已用于另一笔结算（内容不同），请为新的结算生成新的订单标识`, 4090);
    refused(await admin('POST', 'wxy-order-server/order/settlement', { ...cart, payments: [{ payType: 1, amount: 200000 }] }), 409, new RegExp(uuid), 4090);
    expect(await onHand(skus[1].skuId)).toBe(stockBefore);
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM po_order`))[0].n).toBe(orders);
  });

  it('a recharge likewise: the same one again is the first, another amount under its uuid is a 409', async () => {
    const shopId = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(`SELECT shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0].shop_id;
    const member = (await admin('GET', 'wxy-member-server/mb-base-info/info/13800000011/0')).json.data;
    const body = { uuid: randomUUID(), shopId, memberId: member.memberId, payType: 1, amount: 50 };
    const first = await admin('POST', 'wxy-order-server/balance-recharge/save', body);
    expect(first.status, first.body).toBe(200);
    expect((await admin('POST', 'wxy-order-server/balance-recharge/save', body)).json.data.rechargeNo).toBe(first.json.data.rechargeNo);
    refused(await admin('POST', 'wxy-order-server/balance-recharge/save', { ...body, amount: 500 }), 409, new RegExp(`充值标识 ${body.uuid} 已用于另一笔充值`), 4090);
  });
});
