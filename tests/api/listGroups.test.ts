import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Group-by on a list (issue 31): the groups call beside a page route counts and sums every row its filters match
 * (not the page on screen), with the page's permission, filters, shop scope and field permissions.
 */
let s: TestServer;
let admin: string;
let manager01: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, manager01] = await Promise.all([s.login('admin', 'admin123', 1), s.login('manager01', 'manager123', 1)]);
});
afterAll(async () => s?.stop());

type Json = Record<string, unknown>;
type Groups = { groups: { key: unknown; count: number; sums: Record<string, number> }[]; total: { count: number; sums: Record<string, number> }; truncated: boolean };
const q = async <T = Json>(sql: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query(sql, params))).rows as T[];
const ORDERS = '/api/wxy-order-server/order/findPage/groups';

async function groups(token: string, url: string, body: Json) {
  const res = await s.call('POST', url, { token, tenant: 1, body });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: Groups } };
}

describe('list groups', () => {
  it('counts and sums every order per status, equal to plain SQL over the table', async () => {
    const { status, body } = await groups(admin, ORDERS, { groupBy: 'status', sums: ['totalAmount', 'paidAmount'] });
    expect(status, JSON.stringify(body)).toBe(200);
    const expected = await q<{ status: number; n: string; total: string; paid: string }>(
      `SELECT status, count(*) AS n, sum(total_amount) AS total, sum(paid_amount) AS paid FROM po_order WHERE tenant_id = 1 GROUP BY status`);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.data.groups).toHaveLength(expected.length);
    for (const e of expected) {
      const g = body.data.groups.find((x) => x.key === e.status)!;
      expect(g.count).toBe(Number(e.n));
      expect(g.sums.totalAmount).toBeCloseTo(Number(e.total), 2);
      expect(g.sums.paidAmount).toBeCloseTo(Number(e.paid), 2);
    }
    expect(body.data.total.count).toBe(expected.reduce((a, e) => a + Number(e.n), 0));
    // The largest group first.
    const counts = body.data.groups.map((g) => g.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('follows the list filters, and groups a date by day or month, newest first', async () => {
    const [{ day }] = await q<{ day: string }>(`SELECT to_char(max(create_time), 'YYYY-MM-DD') AS day FROM po_order WHERE tenant_id = 1`);
    const filtered = await groups(admin, ORDERS, { groupBy: 'createTime', unit: 'day', createTimeStart: `${day} 00:00:00`, createTimeEnd: `${day} 23:59:59` });
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.data.groups.map((g) => g.key)).toEqual([day]);
    const [{ n }] = await q<{ n: string }>(`SELECT count(*) AS n FROM po_order WHERE tenant_id = 1 AND to_char(create_time, 'YYYY-MM-DD') = $1`, [day]);
    expect(filtered.body.data.groups[0].count).toBe(Number(n));

    const months = await groups(admin, ORDERS, { groupBy: 'createTime', unit: 'month' });
    const keys = months.body.data.groups.map((g) => String(g.key));
    expect(keys.every((k) => /^\d{4}-\d{2}$/.test(k))).toBe(true);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('groups by a reference by its name (门店), and a shop manager only sees his shops\' groups', async () => {
    const url = '/api/wxy-shop-server/petty-cash-record/findPage/groups';
    const all = await groups(admin, url, { groupBy: 'shopName', sums: ['amount'] });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.groups.length).toBeGreaterThan(1);
    const mine = await groups(manager01, url, { groupBy: 'shopName' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const [{ shops }] = await q<{ shops: string[] }>(
      `SELECT array_agg(DISTINCT s.shop_name) AS shops FROM petty_cash_record p JOIN shop_base s ON s.shop_id = p.shop_id WHERE p.tenant_id = 1 AND p.shop_id IN
         (SELECT us.shop_id FROM sys_user u JOIN sys_user_shop us ON us.user_id = u.id WHERE u.user_name = 'manager01')`);
    expect(mine.body.data.groups.length).toBeGreaterThan(0);
    expect(mine.body.data.groups.length).toBeLessThan(all.body.data.groups.length);
    expect(mine.body.data.groups.map((g) => g.key).sort()).toEqual([...shops].sort());
  });

  it('refuses a field that does not group or sum, naming it, and needs the list permission', async () => {
    const id = await groups(admin, ORDERS, { groupBy: 'orderId' });
    expect(id.status).toBe(400);
    expect(id.body.msg).toContain('分组字段');
    const text = await groups(admin, ORDERS, { groupBy: 'status', sums: ['memberPhone'] });
    expect(text.status).toBe(400);
    expect(text.body.msg).toContain('合计字段');
    const none = await s.call('POST', ORDERS, { tenant: 1, body: { groupBy: 'status' } });
    expect(none.statusCode).toBe(401);
  });
});
