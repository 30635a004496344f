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
