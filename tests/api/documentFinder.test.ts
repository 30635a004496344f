import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, uploadPng, type Caller, type Json } from './resourceCalls.ts';

/**
 * The command palette's 单号 (issue 31): a document number opens its detail page, for a caller who may read that
 * document type, within their shops (manager01 manages shop 1; shop 3 is not his).
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
const numbers: Record<number, { no: string; id: number }> = {};
const find = (caller: Caller, number: string) => caller('GET', `wxy-system-server/document/find?number=${encodeURIComponent(number)}`);

beforeAll(async () => {
  s = await startTestServer();
  const adminToken = await s.login('admin', 'admin123');
  admin = callerFor(s, adminToken);
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  const today = await dbDay(s);
  const usage = (await s.db.tenant(1, (tx) => tx.query<{ usage_id: number }>(`SELECT usage_id FROM shop_petty_cash_usage_config ORDER BY usage_id LIMIT 1`))).rows[0].usage_id;
  const photo = (await uploadPng(s, adminToken, '小票.png')).videoObjectKey;
  for (const shopId of [1, 3]) {
    const saved = await admin('POST', 'wxy-shop-server/petty-cash-record/save', { shopId, usageId: usage, amount: 8, occurDate: today, pictures: photo, remark: '单号查找' });
    expect(saved.status, saved.body).toBe(200);
    const row = (await s.db.tenant(1, (tx) => tx.query<Json>(`SELECT record_id, record_no FROM petty_cash_record WHERE shop_id = $1 ORDER BY record_id DESC LIMIT 1`, [shopId]))).rows[0];
    numbers[shopId] = { no: row.record_no, id: Number(row.record_id) };
  }
}, 180_000);
afterAll(async () => s?.stop());

describe('document/find', () => {
  it('answers the page and key a number opens (numbers are upper case, as printed; the palette sends them so)', async () => {
    const found = await find(admin, numbers[3].no.toLowerCase());
    expect(found.status, found.body).toBe(400);
    const ok = await find(admin, numbers[3].no);
    expect(ok.json.data).toEqual({ number: numbers[3].no, title: '备用金记录', route: '/pettyCash/recordOpt', query: { recordId: String(numbers[3].id) } });
  });

  it('finds only within the caller\'s shops: another shop\'s number is not found', async () => {
    expect((await find(manager, numbers[1].no)).json.data.query).toEqual({ recordId: String(numbers[1].id) });
    const other = await find(manager, numbers[3].no);
    expect(other.status).toBe(404);
    expect(other.json.msg).toBe(`没有找到单号 ${numbers[3].no}`);
  });

  it('names the field of a malformed number, and an unknown prefix is not found', async () => {
    const bad = await find(admin, 'CG-0001');
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('单号');
    expect((await find(admin, 'ZZ20261128-0001')).status).toBe(404);
  });
});
