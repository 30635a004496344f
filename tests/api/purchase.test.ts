import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 采购 and 收货 (wh-purchase, wh-receipt, wh-expected-receipt): a purchase is audited, received in parts at its
 * price (moving average), never beyond what was ordered, interrupted for the rest; un-audits reverse exactly.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let wh: Json;
let suppliers: Json[];
let skus: Json[];

const P = 'wxy-warehouse-server/wh-purchase';
const R = 'wxy-warehouse-server/wh-receipt';
const E = 'wxy-warehouse-server/wh-expected-receipt';

async function balance(whId: number, skuId: number) {
  const r = await s.db.tenant(1, (tx) => tx.query<{ on_hand: string; avg_cost: string }>(`SELECT on_hand, avg_cost FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]));
  return { onHand: Number(r.rows[0]?.on_hand ?? 0), avgCost: Number(r.rows[0]?.avg_cost ?? 0) };
}

const purchase = async (lines: Json[], extra: Json = {}) => {
  const r = await admin('POST', `${P}/save`, { supplierId: suppliers[0].id, whId: wh.whId, expectedDate: '2026-12-01', remark: '测试采购', detList: lines, ...extra });
  return r;
};

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  wh = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/10', { whType: 1 })).json.data.records[1];
  suppliers = (await admin('GET', 'wxy-production-server/pd-supplier/findPage1/1/10')).json.data.records;
  skus = (await admin('GET', 'wxy-production-server/pd-sku/findPage/1/80?status=1')).json.data.records.slice(60);
}, 180_000);
afterAll(async () => s?.stop());

describe('采购单', () => {
  it('demo data has purchases in every state, their receipts and an expected delivery', async () => {
    const page = await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 50 });
    expect(page.status).toBe(200);
    expect(new Set((page.json.data.records as Json[]).map((r) => r.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    const receipts = (await admin('POST', `${R}/findPage`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[];
    expect(receipts.map((r) => r.status)).toEqual(expect.arrayContaining([1, 2]));
    const expected = (await admin('POST', `${E}/page`, { pageNum: 1, pageSize: 10 })).json.data.records as Json[];
    expect(expected[0]).toMatchObject({ carrier: '顺丰物流' });
    expect(expected[0].purchaseNo).toMatch(/^CG\d{8}-\d{4}$/);
  });

  it('a draft copies the supplier and warehouse names, prices its lines, and is audited once', async () => {
    const r = await purchase([{ skuId: skus[0].skuId, quantity: 10, unitPrice: 2.5 }, { skuId: skus[1].skuId, quantity: 4, unitPrice: 1.25 }]);
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d).toMatchObject({ status: 1, supplierName: suppliers[0].supplierName, whName: wh.whName, totalQuantity: 14, totalAmount: 30, expectedDate: '2026-12-01' });
    expect(d.purchaseNo).toMatch(/^CG\d{8}-\d{4}$/);
    const got = await admin('GET', `${P}/get?id=${d.purchaseId}`);
    expect(got.json.data.purchaseNo).toBe(d.purchaseNo);
    expect((await admin('GET', `${P}/getInfo/${d.purchaseId}`)).json.data.detList).toHaveLength(2);
    const upd = await admin('PUT', `${P}/update/${d.purchaseId}`, { supplierId: suppliers[1].id, whId: wh.whId, detList: [{ skuId: skus[0].skuId, quantity: 12, unitPrice: 2.5 }] });
    expect(upd.json.data).toMatchObject({ supplierName: suppliers[1].supplierName, totalQuantity: 12 });
    const [a, b] = await Promise.all([admin('PUT', `${P}/audit`, { id: d.purchaseId }), admin('PUT', `${P}/audit`, { id: d.purchaseId })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    // Audited: no more edits; un-audit brings it back while nothing was received.
    expect((await admin('PUT', `${P}/update/${d.purchaseId}`, { supplierId: suppliers[1].id, whId: wh.whId, detList: [{ skuId: skus[0].skuId, quantity: 1 }] })).status).toBe(409);
    expect((await admin('PUT', `${P}/unAudit`, { id: d.purchaseId })).json.data.status).toBe(1);
  });

  it('refuses an unknown supplier, a SKU twice, fractional quantities, and another tenant’s purchase', async () => {
    expect((await purchase([{ skuId: skus[0].skuId, quantity: 1 }], { supplierId: 999999 })).json.msg).toBe('供应商不存在');
    expect((await purchase([{ skuId: skus[0].skuId, quantity: 1 }, { skuId: skus[0].skuId, quantity: 1 }])).json.msg).toMatch(/^第2行：商品 .* 与第1行重复$/);
    expect((await purchase([{ skuId: skus[0].skuId, quantity: 0.5 }])).status).toBe(400);
    const mine = (await admin('POST', `${P}/findPage`, { pageNum: 1, pageSize: 1 })).json.data.records[0];
    expect((await other('GET', `${P}/get?id=${mine.purchaseId}`)).status).toBe(404);
    expect((await other('PUT', `${P}/audit`, { id: mine.purchaseId })).status).toBe(404);
    expect((await shop('POST', `${P}/findPage`, {})).status).toBe(403);
    expect((await shop('POST', `${R}/findPage`, {})).status).toBe(403);
  });
});

describe('收货', () => {
  let purchaseId = 0;
  let lines: Json[] = [];
  beforeAll(async () => {
    const d = (await purchase([{ skuId: skus[2].skuId, quantity: 10, unitPrice: 4 }, { skuId: skus[3].skuId, quantity: 5, unitPrice: 3 }])).json.data;
    purchaseId = d.purchaseId;
    lines = d.detList;
  });

  it('a receipt cannot be made against a draft purchase', async () => {
    const r = await admin('POST', `${R}/save`, { purchaseId, detList: [] });
    expect(r.status).toBe(409);
    expect(r.json.msg).toMatch(/尚未审核，不能收货$/);
    await admin('PUT', `${P}/audit`, { id: purchaseId });
  });

  it('saved without lines it takes what is still expected; audited it raises stock at the purchase price', async () => {
    const before = await balance(wh.whId, skus[2].skuId);
    const r = await admin('POST', `${R}/save`, { purchaseId, remark: '第一批', detList: [] });
    expect(r.status).toBe(200);
    const rec = r.json.data;
    expect(rec.detList.map((l: Json) => [l.skuName, l.quantity, l.unitPrice])).toEqual([
      [skus[2].skuName, 10, 4],
      [skus[3].skuName, 5, 3],
    ]);
    // Only 6 of the first line arrived this time.
    const edited = await admin('PUT', `${R}/update/${rec.receiptId}`, { purchaseId, detList: [{ skuId: skus[2].skuId, quantity: 6 }] });
    expect(edited.json.data).toMatchObject({ totalQuantity: 6, totalAmount: 24 });
    const audit = await admin('PUT', `${R}/audit`, { id: rec.receiptId });
    expect(audit.status).toBe(200);
    expect(audit.json.data.status).toBe(2);
    const after = await balance(wh.whId, skus[2].skuId);
    expect(after.onHand).toBe(before.onHand + 6);
    expect(after.avgCost).toBeCloseTo((before.onHand * before.avgCost + 24) / (before.onHand + 6), 3);
    const p = (await admin('GET', `${P}/get?id=${purchaseId}`)).json.data;
    expect(p).toMatchObject({ status: 3, receivedQuantity: 6 });
    expect(p.detList.map((l: Json) => l.receivedQuantity)).toEqual([6, 0]);
    expect(p.history.at(-1)).toMatchObject({ actionLabel: '收货', fromStatus: 2, toStatus: 3 });
  });

  it('a purchase price of 4 decimals reaches the receipt and the average exactly; 5 decimals are refused naming the field', async () => {
    const sku = skus[4];
    const five = await purchase([{ skuId: sku.skuId, quantity: 3, unitPrice: 3.33333 }]);
    expect(five.status).toBe(400);
    expect(five.json.msg).toBe('第1行：采购单价最多4位小数');
    const d = (await purchase([{ skuId: sku.skuId, quantity: 3, unitPrice: 3.3333 }])).json.data;
    expect(d.detList[0]).toMatchObject({ unitPrice: 3.3333, amount: 10 });
    await admin('PUT', `${P}/audit`, { id: d.purchaseId });
    const before = await s.db.tenant(1, (tx) => tx.query<{ on_hand: string; avg_cost: string }>(`SELECT on_hand, avg_cost FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [wh.whId, sku.skuId]));
    const rec = (await admin('POST', `${R}/save`, { purchaseId: d.purchaseId, detList: [] })).json.data;
    expect(rec.detList[0].unitPrice).toBe(3.3333);
    expect((await admin('PUT', `${R}/audit`, { id: rec.receiptId })).status).toBe(200);
    const r = await s.db.tenant(1, (tx) =>
      tx.query<{ expected: string; avg_cost: string }>(
        `SELECT round((greatest($3::numeric, 0) * $4::numeric + 3 * 3.3333) / (greatest($3::numeric, 0) + 3), 4)::text AS expected, avg_cost::text AS avg_cost
           FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`,
        [wh.whId, sku.skuId, before.rows[0]?.on_hand ?? '0', before.rows[0]?.avg_cost ?? '0'],
      ),
    );
    expect(r.rows[0].avg_cost).toBe(r.rows[0].expected);
  });

  it('more than ordered is refused naming the line and the quantities; two receipts audited at once never both pass', async () => {
    const r1 = (await admin('POST', `${R}/save`, { purchaseId, detList: [{ skuId: skus[2].skuId, quantity: 3 }] })).json.data;
    const r2 = (await admin('POST', `${R}/save`, { purchaseId, detList: [{ skuId: skus[2].skuId, quantity: 3 }] })).json.data;
    const [a, b] = await Promise.all([admin('PUT', `${R}/audit`, { id: r1.receiptId }), admin('PUT', `${R}/audit`, { id: r2.receiptId })]);
    const refused = [a, b].filter((x) => x.status !== 200);
    expect(refused).toHaveLength(1);
    expect(refused[0].json.msg).toBe(`第1行：${skus[2].skuName} 采购 10，已收 9，本次 3，超出 2`);
    const notOnPurchase = await admin('POST', `${R}/save`, { purchaseId, detList: [{ skuId: skus[9].skuId, quantity: 1 }] });
    expect(notOnPurchase.json.msg).toMatch(/^第1行：.* 不在采购单 CG/);
  });

  it('un-audit of a receipt takes its stock back and reopens the purchase; interrupting closes the rest', async () => {
    const receipts = (await admin('POST', `${R}/findPage`, { pageNum: 1, pageSize: 20, purchaseId, status: 2 })).json.data.records as Json[];
    const last = receipts[0];
    const before = await balance(wh.whId, skus[2].skuId);
    const un = await admin('PUT', `${R}/unAudit`, { id: last.receiptId });
    expect(un.status).toBe(200);
    expect((await balance(wh.whId, skus[2].skuId)).onHand).toBe(before.onHand - 3);
    expect((await admin('GET', `${P}/get?id=${purchaseId}`)).json.data.receivedQuantity).toBe(6);
    const stop = await admin('PUT', `${P}/interruptPurchase`, { id: purchaseId, note: '供应商缺货' });
    expect(stop.status).toBe(200);
    expect(stop.json.data.status).toBe(5);
    const again = await admin('PUT', `${R}/audit`, { id: last.receiptId });
    expect(again.status).toBe(409);
    expect(again.json.msg).toMatch(/已中止，不能再收货$/);
    expect(lines).toHaveLength(2);
  });

  it('prints and exports; expected deliveries are kept with the purchase number', async () => {
    const rec = (await admin('POST', `${R}/findPage`, { pageNum: 1, pageSize: 1, status: 2 })).json.data.records[0];
    expect((await admin('GET', `${R}/ticket/${rec.receiptId}/data`)).json.data.data.receiptNo).toBe(rec.receiptNo);
    expect((await admin('POST', `${P}/export`, {})).body.split('\r\n')[0]).toContain('采购单号');
    expect((await admin('POST', `${R}/export`, {})).body.split('\r\n')[0]).toContain('收货单号');
    const add = await admin('POST', `${E}/save`, { purchaseId, expectedTime: '2026-12-02 09:30:00', quantity: 3, carrier: '德邦', contactPhone: '13900000002' });
    expect(add.status).toBe(200);
    const row = (await admin('POST', `${E}/page`, { pageNum: 1, pageSize: 50, purchaseId })).json.data.records[0];
    expect(row).toMatchObject({ carrier: '德邦', quantity: 3 });
    expect(row.purchaseNo).toMatch(/^CG/);
    expect((await admin('POST', `${E}/updateById`, { id: row.id, purchaseId, expectedTime: '2026-12-03 09:30:00', quantity: 4 })).status).toBe(200);
    expect((await admin('POST', `${E}/save`, { purchaseId: 999999, expectedTime: '2026-12-02 09:30:00' })).json.msg).toBe('采购单不存在');
    expect((await admin('POST', `${E}/deleteById/${row.id}`)).status).toBe(200);
  });
});
