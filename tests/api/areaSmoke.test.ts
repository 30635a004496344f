import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * One call per area of the spec (shared/tools/calls.json's areas), as admin on the demo data: each answers 200 with
 * the demo's rows. The full suite runs on one backend; this file runs on both (vitest.config.ts BACKEND_SUBSET), so an
 * area that breaks on the other backend only is seen at least once.
 */
let s: TestServer;
let admin: Caller;
beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
});
afterAll(async () => {
  await s?.stop();
});

/** The rows of an answer: a page's records, a list, or an object's entries. */
const rowsOf = (data: Json | Json[] | null): unknown[] =>
  Array.isArray(data) ? data : Array.isArray(data?.records) ? data.records : data && typeof data === 'object' ? Object.keys(data) : [];

const AREAS: [area: string, method: string, url: string, body?: unknown][] = [
  ['System', 'GET', 'wxy-system-server/user/permissions'],
  ['Shops', 'POST', 'wxy-shop-server/shop-base/page/1/20', {}],
  ['Petty cash', 'POST', 'wxy-shop-server/petty-cash-record/findPage', { pageNum: 1, pageSize: 20 }],
  ['Meetings', 'POST', 'wxy-shop-server/shop-meeting/findPage/1/10', {}],
  ['Orders and retail billing', 'POST', 'wxy-order-server/order/findPage', { pageNum: 1, pageSize: 20 }],
  ['Members', 'POST', 'wxy-member-server/mb-base-info/findPage', { pageNum: 1, pageSize: 20 }],
  ['Attendance and salary', 'POST', 'wxy-system-server/fd-monthly-salary-stat/findPage', { pageNum: 1, pageSize: 20 }],
  ['Approval process', 'GET', 'wxy-process-server/process/definition/list/1/10'],
  ['Supplier', 'GET', 'wxy-production-server/pd-supplier/findPage/1/10'],
  ['Production service: product expansions', 'GET', 'wxy-production-server/pdSpuExpand/findPage/1/20'],
  ['Warehouse service', 'POST', 'wxy-warehouse-server/wh-base-info/page/1/10', {}],
  ['Report service', 'POST', 'wxy-report-server/put-stock-analyse/list/page/1/20', {}],
];

describe('one call per area answers the demo data', () => {
  it.each(AREAS)('%s: %s %s', async (_area, method, url, body) => {
    const res = await admin(method, url, body);
    expect(res.status, res.body).toBe(200);
    expect(res.json.code, res.body).toBe(200);
    expect(rowsOf(res.json.data).length, res.body).toBeGreaterThan(0);
  });

  it('Auth: a password login answers a token that reaches the menus', async () => {
    const token = await s.login('shop01', 'shop123');
    const res = await callerFor(s, token)('GET', 'wxy-system-server/user/permissions');
    expect(res.json.code).toBe(200);
  });

  it('Files: an upload is stored and served back byte for byte', async () => {
    const boundary = '----smoke';
    const content = Buffer.from('门店巡检记录 smoke');
    const name = '巡检记录.txt';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\n${name}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileSize"\r\n\r\n${content.length}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const token = await s.login('admin', 'admin123');
    const up = await s.call('POST', '/api/wxy-file-server/file/upload', { token, tenant: 1, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(up.statusCode, up.body).toBe(200);
    const down = await s.app.inject({ method: 'GET', url: up.json().data.url, headers: { cookie: `Admin-Token=${token}` } });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.rawPayload.equals(content)).toBe(true);
  });
});
