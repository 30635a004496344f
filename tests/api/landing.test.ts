import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * The landing page of each role (issue 31), from the 工作台's one call (statistics/dashboard): admin and the 店长 get
 * their shops' 工作台 (focus 'shops'), the 店员 his shop's day (focus 'shop'), 财务 the documents waiting for audit
 * (focus 'audit'), counted as plain SQL counts them.
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
let staff: Caller;
let finance: Caller;
const DASH = 'wxy-order-server/statistics/dashboard?days=7';

const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  staff = callerFor(s, await s.login('shop01', 'shop123'));
  finance = callerFor(s, await s.login('finance01', 'finance123'));
}, 180_000);
afterAll(async () => s?.stop());

describe('the landing page of each role', () => {
  it('admin and the 店长 land on their shops\' 工作台, the 店员 on his shop\'s day, 财务 on the audits', async () => {
    const focus = async (c: Caller) => {
      const r = await c('GET', DASH);
      expect(r.status, r.body).toBe(200);
      return r.json.data.focus;
    };
    expect(await focus(admin)).toBe('shops');
    expect(await focus(manager)).toBe('shops');
    expect(await focus(staff)).toBe('shop');
    expect(await focus(finance)).toBe('audit');
  });

  it('财务\'s waiting documents count the petty-cash spends and reconciliations to audit as plain SQL does', async () => {
    const docs: Json[] = (await finance('GET', DASH)).json.data.waitingDocuments;
    const count = (key: string) => docs.find((d) => d.key === key)?.count ?? 0;
    const [records] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM petty_cash_record WHERE status = 1`);
    const [recons] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM petty_cash_reconciliation WHERE status = 1`);
    expect(records.n + recons.n, 'the demo has something to audit').toBeGreaterThan(0);
    expect(count('pettyCashRecord.audit')).toBe(records.n);
    expect(count('pettyCashReconciliation.audit')).toBe(recons.n);
    // The 店员 may not audit: none of these are his to do.
    const staffDocs: Json[] = (await staff('GET', DASH)).json.data.waitingDocuments;
    expect(staffDocs.map((d) => d.key)).not.toContain('pettyCashReconciliation.audit');
  });
});

describe('the demo of a working day (server/db/seed/dailyDemo.ts)', () => {
  it('every demo sale falls in a handed-over 收银班次 of its cashier at its shop, whose figures are its orders\'', async () => {
    const outside = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM po_order o WHERE NOT o.is_practice AND o.cashier_user_id IS NOT NULL AND o.create_time < now() - interval '1 minute'
          AND NOT EXISTS (SELECT 1 FROM shop_class_record c WHERE c.user_id = o.cashier_user_id AND c.shop_id = o.shop_id AND NOT c.is_practice
                             AND o.create_time >= c.start_time AND o.create_time < coalesce(c.end_time, now()))`);
    const shifts = await sql<{ n: number; open: number }>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 1)::int AS open FROM shop_class_record`);
    expect(shifts[0].n, 'the demo has shifts').toBeGreaterThan(0);
    expect(outside[0].n, 'demo sales outside every shift').toBe(0);
    // Each shift's order count and sales are those of the orders in it (plain SQL), its drawer counted as expected.
    const wrong = await sql<Json>(
      `SELECT c.class_id, c.order_count, c.sale_amount, x.n, x.amount FROM shop_class_record c
         CROSS JOIN LATERAL (SELECT count(*)::int AS n, coalesce(sum(o.pay_amount), 0) AS amount FROM po_order o
               WHERE o.cashier_user_id = c.user_id AND o.shop_id = c.shop_id AND NOT o.is_practice AND o.status IN (1, 2, 4)
                 AND o.create_time >= c.start_time AND o.create_time < c.end_time) x
        WHERE c.status = 2 AND (c.order_count <> x.n OR c.sale_amount <> x.amount OR c.counted_cash IS DISTINCT FROM c.expected_cash)`);
    expect(wrong).toEqual([]);
    const list = await admin('POST', 'wxy-shop-server/shop-class-record/findList', { pageNum: 1, pageSize: 10 });
    expect(list.status, list.body).toBe(200);
    expect(list.json.data.total).toBe(shifts[0].n);
  });

  it('退货单 has an audited return and one waiting; admin has a leave to approve and approvals done; the 店长 approved one', async () => {
    const returns = await sql<{ status: number; n: number }>(`SELECT status, count(*)::int AS n FROM return_order GROUP BY status ORDER BY status`);
    expect(returns).toEqual([{ status: 1, n: 1 }, { status: 2, n: 1 }]);
    const P = 'wxy-process-server/process';
    const todo = (await admin('GET', `${P}/task/agents/list/1/100`)).json.data.records as Json[];
    expect(todo.map((t) => t.title).join()).toMatch(/事假|请假/);
    const done = (await admin('GET', `${P}/task/completes/list/1/100`)).json.data;
    expect(done.total).toBeGreaterThan(0);
    expect((await manager('GET', `${P}/task/completes/list/1/100`)).json.data.total).toBeGreaterThan(0);
    const requests = await sql<{ status: number; n: number }>(`SELECT status, count(*)::int AS n FROM attn_request GROUP BY status ORDER BY status`);
    expect(requests).toEqual([{ status: 1, n: 1 }, { status: 2, n: 1 }]);
  });
});
