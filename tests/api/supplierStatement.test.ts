import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, grantShopStaff, type Caller, type Json } from './resourceCalls.ts';

/**
 * 供应商对账 and 供应商往来账 (wxy-order-server supplier/...): goods received from a new supplier, some sent back,
 * payments recorded and corrected through the API; what we owe is recomputed here by plain SQL over the
 * documents and the payment ledger, and no balance is ever typed.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let supplier: Json;
let wh: Json;
let skus: Json[];
let today: string;

const ST = 'wxy-order-server/supplier/reconciliation-stat/v2';
const AD = 'wxy-order-server/supplier/account-det';
const P = 'wxy-warehouse-server/wh-purchase';
const RC = 'wxy-warehouse-server/wh-receipt';
const M = 'wxy-production-server/pd-supplier-mrb';

const sql = async <T extends Json>(q: string, params: unknown[] = [], tenant = 1) => (await s.db.tenant(tenant, (tx) => tx.query<T>(q, params))).rows;

/** What we owe a supplier by plain SQL: audited receipts' lines - confirmed returns' lines - payments and corrections, in fen. */
async function owedFen(supplierId: number, until = '9999-12-31'): Promise<number> {
  const r = await sql<{ fen: string }>(
    `SELECT (coalesce((SELECT sum(d.quantity * d.unit_price) FROM wh_receipt r JOIN wh_receipt_det d USING (receipt_id) JOIN wh_purchase p USING (purchase_id)
                        WHERE r.status = 2 AND p.supplier_id = $1 AND r.audit_time::date <= $2), 0)
           - coalesce((SELECT sum(d.quantity * d.unit_price) FROM pd_supplier_mrb m JOIN pd_supplier_mrb_det d USING (mrb_id) JOIN wh_receipt r ON r.receipt_id = m.receipt_id
                        JOIN wh_purchase p ON p.purchase_id = r.purchase_id WHERE m.status = 2 AND p.supplier_id = $1 AND m.confirm_time::date <= $2), 0)
           - coalesce((SELECT sum(amount) FROM pd_supplier_account_det WHERE supplier_id = $1 AND pay_date <= $2), 0)) * 100 AS fen`,
    [supplierId, until],
  );
  return Math.round(Number(r[0].fen));
}

/** Received 10 × 12.34 + 4 × 5.05 = 143.60 from the supplier, audited. */
async function receive(): Promise<Json> {
  const p = (await admin('POST', `${P}/save`, { supplierId: supplier.id, whId: wh.whId, detList: [{ skuId: skus[0].skuId, quantity: 10, unitPrice: 12.34 }, { skuId: skus[1].skuId, quantity: 4, unitPrice: 5.05 }] })).json.data;
  expect((await admin('PUT', `${P}/audit`, { id: p.purchaseId })).status).toBe(200);
  const r = (await admin('POST', `${RC}/save`, { purchaseId: p.purchaseId, detList: [] })).json.data;
  expect((await admin('PUT', `${RC}/audit`, { id: r.receiptId })).status).toBe(200);
  return r;
}

const pay = (amount: number, extra: Json = {}) => admin('POST', `${AD}/add-payment-order`, { supplierId: supplier.id, amount, payMethod: 1, remark: '11月货款', ...extra });
const statementRow = async (body: Json = {}) => ((await admin('POST', `${ST}/page`, { pageNum: 1, pageSize: 50, supplierId: supplier.id, ...body })).json.data.records as Json[])[0];

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  today = (await sql<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;
  const created = await admin('POST', 'wxy-production-server/pd-supplier/save', { supplierNo: 'SUPTEST01', supplierName: '对账测试供应商', supplierType: 1, settleType: 1 });
  expect(created.status, created.body).toBe(200);
  supplier = (await sql<Json>(`SELECT id, supplier_name AS "supplierName" FROM pd_supplier WHERE supplier_no = 'SUPTEST01'`))[0];
  wh = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/10', { whType: 1 })).json.data.records[0];
  skus = (await admin('GET', 'wxy-production-server/pd-sku/findPage/1/10?status=1')).json.data.records;
}, 180_000);
afterAll(async () => s?.stop());

describe('供应商对账', () => {
  it('demo data: a supplier received from, sent back to and half paid', async () => {
    const demo = ((await admin('POST', `${ST}/page`, { pageNum: 1, pageSize: 50, dateEnd: today })).json.data.records as Json[])
      .find((r) => r.paymentAmount > 0)!;
    expect(demo, 'demo payment').toBeTruthy();
    expect(demo.receiptAmount).toBeGreaterThan(0);
    expect(Math.round(demo.closingBalance * 100)).toBe(await owedFen(demo.pdSupplierId));
  });

  it('owes what was received less what went back less what was paid, exactly, and equals plain SQL for every supplier', async () => {
    expect(await statementRow()).toBeUndefined(); // no dealings yet
    const receipt = await receive();
    expect((await statementRow()).receiptAmount).toBe(143.6);
    const mrb = (await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 1, detList: [{ skuId: skus[0].skuId, quantity: 3 }] })).json.data;
    // A draft return owes nothing back yet.
    expect((await statementRow()).returnAmount).toBe(0);
    expect((await admin('PUT', `${M}/confirm/${mrb.mrbId}`, {})).status).toBe(200);
    const paid = await pay(50.1);
    expect(paid.status, paid.body).toBe(200);
    expect(paid.json.data).toMatchObject({ detType: 3, amount: 50.1, pdSupplierId: supplier.id, balance: 56.48 }); // 143.60 - 37.02 - 50.10
    expect(paid.json.data.detNo).toMatch(/^FK\d{8}-\d{4}$/);
    const row = await statementRow();
    expect(row).toMatchObject({ supplierName: '对账测试供应商', openingBalance: 0, receiptAmount: 143.6, receiptCount: 1, returnAmount: 37.02, returnCount: 1, paymentAmount: 50.1, paymentCount: 1, lastPayDate: today });
    expect(Math.round(row.closingBalance * 100)).toBe(await owedFen(supplier.id));
    expect(Math.round(row.closingBalance * 100)).toBe(14360 - 3702 - 5010);

    // Every supplier of the list against plain SQL; the summary is the sum of the rows.
    const all = (await admin('POST', `${ST}/page`, { pageNum: 1, pageSize: 999999 })).json.data;
    expect(all.records.length).toBe(all.total);
    for (const r of all.records as Json[]) expect(Math.round(r.closingBalance * 100), r.supplierName).toBe(await owedFen(r.pdSupplierId));
    const sum = (await admin('POST', `${ST}/summary`, {})).json.data;
    expect(sum.supplierCount).toBe(all.total);
    expect(Math.round(sum.closingBalance * 100)).toBe((all.records as Json[]).reduce((a, r) => a + Math.round(r.closingBalance * 100), 0));
    const last = (await admin('GET', `${AD}/last-balance?supplierId=${supplier.id}`)).json.data;
    expect(Math.round(last.balance * 100)).toBe(await owedFen(supplier.id));
  });

  it('a period before today opens with what was owed then', async () => {
    const yesterday = (await sql<{ d: string }>(`SELECT to_char(current_date - 1, 'YYYY-MM-DD') AS d`))[0].d;
    const before = await statementRow({ dateStart: '2026-01-01', dateEnd: yesterday > '2026-01-01' ? yesterday : '2026-01-01' });
    expect(before).toBeUndefined(); // everything happened today
    // Paid with yesterday's date: it opens today's period.
    await pay(10, { payDate: yesterday });
    const todays = await statementRow({ dateStart: today, dateEnd: today });
    expect(todays.openingBalance).toBe(-10);
    expect(Math.round(todays.closingBalance * 100)).toBe(await owedFen(supplier.id));
    expect(Math.round(todays.openingBalance * 100)).toBe(await owedFen(supplier.id, yesterday));
  });

  it('the detail lists each entry with the balance after it, adding up to the figures', async () => {
    const d = await admin('GET', `${ST}/detail/${supplier.id}?dateStart=${today}&dateEnd=${today}`);
    expect(d.status, d.body).toBe(200);
    const data = d.json.data;
    expect(data.supplierName).toBe('对账测试供应商');
    const entries = data.records as Json[];
    expect(entries.map((e) => e.detTypeName).sort()).toEqual(['付款', '收货', '退货']);
    // Newest first: the first entry's balance is the closing balance; oldest's balance = opening + its delta.
    expect(entries[0].balance).toBe(data.closingBalance);
    const oldest = entries[entries.length - 1];
    expect(Math.round(oldest.balance * 100)).toBe(Math.round((data.openingBalance + oldest.delta) * 100));
    const deltas = entries.reduce((a, e) => a + Math.round(e.delta * 100), 0);
    expect(Math.round(data.openingBalance * 100) + deltas).toBe(Math.round(data.closingBalance * 100));
    expect((await admin('POST', `${ST}/detail/${supplier.id}`, { dateStart: today, dateEnd: today })).json.data.total).toBe(entries.length);
    expect((await admin('GET', `${ST}/detail/99999999`)).json.msg).toBe('供应商不存在');
  });

  it('a payment is recorded once per request; a correction keeps the original and is made once', async () => {
    const uuid = randomUUID();
    const [a, b] = await Promise.all([pay(200, { clientUuid: uuid }), pay(200, { clientUuid: uuid })]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.json.data.detId).toBe(b.json.data.detId);
    expect((await sql(`SELECT 1 FROM pd_supplier_account_det WHERE client_uuid = $1`, [uuid])).length).toBe(1);
    const owedBefore = await owedFen(supplier.id);
    const fix = { detId: a.json.data.detId, amount: 180.5, remark: '录入错误，实付 180.50' };
    const [x, y] = await Promise.all([admin('PUT', `${AD}/update`, fix), admin('PUT', `${AD}/update`, fix)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const done = x.status === 200 ? x : y;
    expect(done.json.data).toMatchObject({ detType: 4, amount: -19.5, newAmount: 180.5, correctsId: a.json.data.detId, paymentId: a.json.data.detId });
    expect(await owedFen(supplier.id)).toBe(owedBefore + 1950);
    expect(Math.round(done.json.data.balance * 100)).toBe(owedBefore + 1950);
    // The original is still there as it was; correcting it again is refused, correcting the correction works.
    const orig = await sql<{ amount: string }>(`SELECT amount FROM pd_supplier_account_det WHERE det_id = $1`, [a.json.data.detId]);
    expect(Number(orig[0].amount)).toBe(200);
    const again = await admin('PUT', `${AD}/update`, { ...fix, amount: 170 });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe(`该付款已由 ${done.json.data.detNo} 更正，请更正最新一条记录`);
    const second = await admin('PUT', `${AD}/update`, { detId: done.json.data.detId, amount: 190, remark: '再次核对' });
    expect(second.json.data).toMatchObject({ amount: 9.5, newAmount: 190, paymentId: a.json.data.detId });
    expect(await owedFen(supplier.id)).toBe(owedBefore + 1000);
    // The ledger lists original and corrections; only the latest is correctable.
    const list = (await admin('POST', `${AD}/list`, { pageNum: 1, pageSize: 100, supplierId: supplier.id, dateStart: today, dateEnd: today })).json.data.records as Json[];
    const chain = list.filter((e) => [a.json.data.detId, done.json.data.detId, second.json.data.detId].includes(e.docId) && e.detType >= 3);
    expect(chain.map((e) => [e.detTypeName, e.amount, e.correctable])).toEqual([['付款更正', 9.5, true], ['付款更正', -19.5, false], ['付款', 200, false]]);
    expect(list[0].balance).toBe((await admin('GET', `${AD}/last-balance?supplierId=${supplier.id}`)).json.data.balance);
    // The table refuses edits: a balance cannot be typed.
    await expect(sql(`UPDATE pd_supplier_account_det SET amount = 1 WHERE det_id = $1`, [a.json.data.detId])).rejects.toThrow(/不可修改/);
  });

  it('exports the statement and the ledger', async () => {
    const csv = (await admin('POST', `${ST}/export`, { supplierId: supplier.id })).body;
    expect(csv.split('\r\n')[0]).toContain('期末应付');
    expect(csv).toContain('对账测试供应商');
    const ledger = (await admin('POST', `${AD}/export`, { supplierId: supplier.id, dateStart: today, dateEnd: today })).body;
    expect(ledger.split('\r\n')[0]).toContain('应付余额');
    expect(ledger).toContain('付款更正');
  });

  it('bad input is a 400 naming the field and writes nothing', async () => {
    const count = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM pd_supplier_account_det`))[0].n;
    const n = await count();
    const cases: [Json, string | RegExp][] = [
      [{ supplierId: supplier.id, amount: 0 }, '付款金额必须大于0'],
      [{ supplierId: supplier.id, amount: 1.234 }, '付款金额最多2位小数'],
      [{ supplierId: supplier.id, amount: '12a' }, /付款金额/],
      [{ amount: 10 }, '供应商不能为空'],
      [{ supplierId: 99999999, amount: 10 }, '供应商不存在'],
      [{ supplierId: supplier.id, amount: 10, payDate: '2999-01-01' }, '付款日期不能晚于今天'],
      [{ supplierId: supplier.id, amount: 10, payDate: '2026-02-30' }, '付款日期格式不正确，应为 YYYY-MM-DD'],
      [{ supplierId: supplier.id, amount: 10, payMethod: 9 }, /付款方式/],
      [{ supplierId: supplier.id, amount: 10, remark: '<script>' }, /备注/],
    ];
    for (const [body, msg] of cases) {
      const r = await admin('POST', `${AD}/add-payment-order`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.msg).toMatch(msg);
    }
    expect((await admin('PUT', `${AD}/update`, { detId: 1, amount: 5 })).json.msg).toMatch(/更正原因/);
    expect((await admin('PUT', `${AD}/update`, { detId: 99999999, amount: 5, remark: 'x' })).status).toBe(404);
    expect((await admin('POST', `${ST}/page`, { dateStart: '2026/01/01' })).json.msg).toBe('开始日期格式不正确，应为 YYYY-MM-DD');
    expect(await count()).toBe(n);
  });

  it('shop01 is refused, and without 进价总金额 sees no amounts; another tenant sees nothing and cannot pay', async () => {
    expect((await shop('POST', `${ST}/page`, {})).status).toBe(403);
    expect((await shop('POST', `${AD}/add-payment-order`, { supplierId: supplier.id, amount: 1 })).status).toBe(403);
    await grantShopStaff(s, 'supplier:reconciliation:list');
    const row = ((await shop('POST', `${ST}/page`, { pageNum: 1, pageSize: 10, supplierId: supplier.id })).json.data.records as Json[])[0];
    expect(row.supplierName).toBe('对账测试供应商');
    // A clerk counts its shops' receipts only: this one was received at a central warehouse (head office's).
    expect(row.receiptCount).toBe(0);
    for (const f of ['receiptAmount', 'closingBalance', 'openingBalance', 'paymentAmount']) expect(row).not.toHaveProperty(f);
    const entries = (await shop('GET', `${ST}/detail/${supplier.id}`)).json.data.records as Json[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).not.toHaveProperty('balance');

    expect((await other('POST', `${ST}/page`, { pageNum: 1, pageSize: 10, supplierId: supplier.id })).json.msg).toBe('供应商不存在');
    expect((await other('GET', `${ST}/detail/${supplier.id}`)).json.msg).toBe('供应商不存在');
    expect((await other('POST', `${AD}/add-payment-order`, { supplierId: supplier.id, amount: 1 })).json.msg).toBe('供应商不存在');
    expect((await other('POST', `${AD}/list`, { supplierId: supplier.id })).json.msg).toBe('供应商不存在');
    const mine = await sql<{ id: number }>(`SELECT id FROM pd_supplier`, [], 2);
    const theirs = (await other('POST', `${ST}/page`, { pageNum: 1, pageSize: 999 })).json.data.records as Json[];
    expect(theirs.every((r) => mine.some((m) => m.id === r.pdSupplierId))).toBe(true);
  });
});
