import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 退供应商 (pd-supplier-mrb): goods of an audited receipt go back to the supplier at the receipt's price, never
 * more than arrived less what went back before; confirming takes them out of stock through the ledger once.
 * Also the notices of new drafts: 5 (其他入库), 6 (其他出库), 16 (退供应商, opened only while it exists).
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let wh: Json;
let skus: Json[];
let clerkId: number;

const M = 'wxy-production-server/pd-supplier-mrb';
const P = 'wxy-warehouse-server/wh-purchase';
const R = 'wxy-warehouse-server/wh-receipt';

async function onHand(whId: number, skuId: number) {
  const r = await s.db.tenant(1, (tx) => tx.query<{ on_hand: string }>(`SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]));
  return Number(r.rows[0]?.on_hand ?? 0);
}

const ledgerOf = async (docId: number) =>
  (await s.db.tenant(1, (tx) => tx.query<{ qty: string }>(`SELECT qty FROM stock_ledger WHERE doc_type = 'supplierMrb' AND doc_id = $1`, [docId]))).rows.map((r) => Number(r.qty));

const noticesOf = async (type: number, id: number) =>
  (await s.db.tenant(1, (tx) => tx.query<{ user_id: number; notice_template_info: string }>(`SELECT user_id, notice_template_info FROM sys_message WHERE business_type = $1 AND business_id = $2`, [type, String(id)]))).rows;

/** An audited receipt of 10 + 6 pieces at 2.50 and 4.00 into `wh`. */
async function receivedGoods(): Promise<Json> {
  const suppliers = (await admin('GET', 'wxy-production-server/pd-supplier/findPage1/1/10')).json.data.records;
  const p = (await admin('POST', `${P}/save`, { supplierId: suppliers[2].id, whId: wh.whId, detList: [{ skuId: skus[0].skuId, quantity: 10, unitPrice: 2.5 }, { skuId: skus[1].skuId, quantity: 6, unitPrice: 4 }] })).json.data;
  expect((await admin('PUT', `${P}/audit`, { id: p.purchaseId })).status).toBe(200);
  const r = (await admin('POST', `${R}/save`, { purchaseId: p.purchaseId, detList: [] })).json.data;
  expect((await admin('PUT', `${R}/audit`, { id: r.receiptId })).status).toBe(200);
  return { ...r, supplierName: suppliers[2].supplierName };
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  wh = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/10', { whType: 1 })).json.data.records[1];
  skus = (await admin('GET', 'wxy-production-server/pd-sku/findPage/1/90?status=1')).json.data.records.slice(84);
  // A second warehouse clerk who may confirm (an admin-role user): the notices go to them, not to the maker.
  clerkId = await s.db.tenant(1, async (tx) => {
    const u = await tx.query<{ id: number }>(
      `INSERT INTO sys_user (tenant_id, user_no, user_name, name, password_hash) VALUES (1, 'W0009', 'clerk09', '仓管09', 'x') RETURNING id`,
    );
    await tx.query(`INSERT INTO sys_user_role (tenant_id, user_id, role_id) SELECT 1, $1, id FROM sys_role WHERE code = 'admin'`, [u.rows[0].id]);
    return u.rows[0].id;
  });
}, 180_000);
afterAll(async () => s?.stop());

describe('退供应商单', () => {
  it('demo data has a confirmed return and a draft, with names and the ledger behind the confirmed one', async () => {
    const page = await admin('POST', `${M}/findPage`, { pageNum: 1, pageSize: 10 });
    expect(page.status).toBe(200);
    const rows = page.json.data.records as Json[];
    expect(rows.map((r) => r.status).sort()).toEqual([1, 2]);
    for (const r of rows) {
      expect(r.mrbNo).toMatch(/^CGTH\d{8}-\d{4}$/);
      expect(r.supplierName).toBeTruthy();
      expect(r.whName).toBeTruthy();
      expect(r.receiptNo).toMatch(/^SH/);
    }
    const confirmed = rows.find((r) => r.status === 2)!;
    expect((await ledgerOf(confirmed.mrbId)).every((q) => q === -2)).toBe(true);
  });

  it('saved without lines it takes everything returnable at the receipt price; names come from the receipt', async () => {
    const receipt = await receivedGoods();
    const r = await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 1, remark: '破损', detList: [] });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d).toMatchObject({ status: 1, receiptNo: receipt.receiptNo, supplierName: receipt.supplierName, whName: wh.whName, totalQuantity: 16, totalAmount: 49 });
    expect((d.detList as Json[]).map((l) => [l.quantity, l.unitPrice])).toEqual([[10, 2.5], [6, 4]]);
    // The get route the notice's existence check reads.
    expect((await admin('GET', `${M}/get/${d.mrbId}`)).json.data.mrbNo).toBe(d.mrbNo);
    expect((await admin('DELETE', `${M}/delete/${d.mrbId}`)).status).toBe(200);
    expect((await admin('GET', `${M}/get/${d.mrbId}`)).json.code).toBe(4040);
  });

  it('confirming takes stock out once; more than is left to return is refused naming the line and quantities', async () => {
    const receipt = await receivedGoods();
    const before = await onHand(wh.whId, skus[0].skuId);
    const d = (await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 2, detList: [{ skuId: skus[0].skuId, quantity: 7 }] })).json.data;
    expect(d.detList[0].unitPrice).toBe(2.5);
    const [a, b] = await Promise.all([admin('PUT', `${M}/confirm/${d.mrbId}`, {}), admin('PUT', `${M}/confirm/${d.mrbId}`, {})]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await onHand(wh.whId, skus[0].skuId)).toBe(before - 7);
    expect(await ledgerOf(d.mrbId)).toEqual([-7]);
    const done = (await admin('GET', `${M}/get/${d.mrbId}`)).json.data;
    expect(done).toMatchObject({ status: 2, confirmUserName: '系统管理员' });
    expect(done.detList[0].unitCost).toBeGreaterThan(0);
    // 10 arrived, 7 went back: 4 more is too many, in a new draft and at confirm alike.
    const over = await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 2, detList: [{ skuId: skus[0].skuId, quantity: 4 }] });
    expect(over.status).toBe(400);
    expect(over.json.msg).toBe(`第1行：${skus[0].skuName} 收货 10，已退 7，最多还能退 3，本次 4`);
    // Two drafts of 3 each pass on their own; confirmed at once, only one goes.
    const x = (await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 2, detList: [{ skuId: skus[0].skuId, quantity: 3 }] })).json.data;
    const y = (await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 2, detList: [{ skuId: skus[0].skuId, quantity: 3 }] })).json.data;
    const both = await Promise.all([admin('PUT', `${M}/confirm/${x.mrbId}`, {}), admin('PUT', `${M}/confirm/${y.mrbId}`, {})]);
    expect(both.map((c) => c.status).sort()).toEqual([200, 400]);
    expect(await onHand(wh.whId, skus[0].skuId)).toBe(before - 10);
    // Stock the supplier took back cannot be un-received.
    const unAudit = await admin('PUT', `${R}/unAudit`, { id: receipt.receiptId });
    expect(unAudit.status).toBe(409);
    expect(unAudit.json.msg).toBe(`收货单 ${receipt.receiptNo} 已有退供应商单 ${d.mrbNo}，不能反审核`);
  });

  it('refuses a SKU not on the receipt, a draft receipt, a posted return edited, shop01 and another tenant', async () => {
    const receipt = await receivedGoods();
    const stranger = await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 1, detList: [{ skuId: skus[3].skuId, quantity: 1 }] });
    expect(stranger.json.msg).toBe(`第1行：${skus[3].skuName} 不在收货单 ${receipt.receiptNo} 中`);
    const draftReceipt = (await admin('POST', `${R}/findPage`, { pageNum: 1, pageSize: 50, status: 1 })).json.data.records[0];
    const early = await admin('POST', `${M}/save`, { receiptId: draftReceipt.receiptId, reason: 1, detList: [] });
    expect(early.status).toBe(409);
    expect(early.json.msg).toBe(`收货单 ${draftReceipt.receiptNo} 尚未确认入库，不能退货`);
    expect((await admin('POST', `${M}/save`, { receiptId: 99999999, reason: 1, detList: [] })).json.msg).toBe('收货单不存在');
    expect((await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: null, detList: [] })).status).toBe(400);
    const d = (await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 1, detList: [{ skuId: skus[1].skuId, quantity: 1 }] })).json.data;
    await admin('PUT', `${M}/confirm/${d.mrbId}`, {});
    expect((await admin('PUT', `${M}/update/${d.mrbId}`, { receiptId: receipt.receiptId, reason: 1, detList: [{ skuId: skus[1].skuId, quantity: 2 }] })).status).toBe(409);
    expect((await admin('DELETE', `${M}/delete/${d.mrbId}`)).status).toBe(409);
    expect((await shop('POST', `${M}/findPage`, {})).status).toBe(403);
    expect((await other('GET', `${M}/get/${d.mrbId}`)).status).toBe(404);
    expect((await other('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 1, detList: [] })).json.msg).toBe('收货单不存在');
  });

  it('prints, exports and pages by supplier name', async () => {
    const first = (await admin('POST', `${M}/findPage`, { pageNum: 1, pageSize: 1 })).json.data.records[0];
    const byName = await admin('POST', `${M}/findPage`, { pageNum: 1, pageSize: 50, supplierName: first.supplierName });
    expect((byName.json.data.records as Json[]).every((r) => r.supplierName === first.supplierName)).toBe(true);
    expect((await admin('POST', `${M}/export`, {})).body.split('\r\n')[0]).toContain('退货单号');
    const data = await admin('GET', `${M}/ticket/${first.mrbId}/data`);
    expect(data.json.data.data).toMatchObject({ mrbNo: first.mrbNo, supplierName: first.supplierName });
    expect(data.json.data.data.reasonLabel).toBeTruthy();
    const pdf = await s.call('GET', `/api/${M}/ticket/${first.mrbId}/pdf`, { token: await s.login('admin', 'admin123'), tenant: 1 });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});

describe('notices of new drafts (5, 6, 16)', () => {
  it('go to the others who may confirm, not to the maker, and name the document', async () => {
    const receipt = await receivedGoods();
    const mrb = (await admin('POST', `${M}/save`, { receiptId: receipt.receiptId, reason: 1, detList: [] })).json.data;
    const sixteen = await noticesOf(16, mrb.mrbId);
    expect(sixteen.map((n) => n.user_id)).toContain(clerkId);
    expect(sixteen[0].notice_template_info).toContain(mrb.mrbNo);
    const adminId = (await s.db.tenant(1, (tx) => tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))).rows[0].id;
    expect(sixteen.map((n) => n.user_id)).not.toContain(adminId);
    // An edit sends nothing new.
    await admin('PUT', `${M}/update/${mrb.mrbId}`, { receiptId: receipt.receiptId, reason: 3, detList: [{ skuId: skus[0].skuId, quantity: 1 }] });
    expect(await noticesOf(16, mrb.mrbId)).toHaveLength(sixteen.length);

    const inDoc = (await admin('POST', 'wxy-warehouse-server/wh-other-stock-in/add', { whId: wh.whId, reason: 3, detList: [{ skuId: skus[2].skuId, quantity: 5, unitCost: 1 }] })).json.data;
    const five = await noticesOf(5, inDoc.stockInId);
    expect(five.map((n) => n.user_id)).toEqual([clerkId]);
    expect(five[0].notice_template_info).toContain(`${inDoc.stockInNo}（${wh.whName}，共 5 件）`);
    const outDoc = (await admin('POST', 'wxy-warehouse-server/wh-other-stock-out/add', { whId: wh.whId, reason: 1, detList: [{ skuId: skus[2].skuId, quantity: 2 }] })).json.data;
    const six = await noticesOf(6, outDoc.stockOutId);
    expect(six.map((n) => n.user_id)).toEqual([clerkId]);
    expect(six[0].notice_template_info).toContain(outDoc.stockOutNo);
    // A refused save sends nothing.
    const refused = await admin('POST', 'wxy-warehouse-server/wh-other-stock-out/add', { whId: 99999999, reason: 1, detList: [{ skuId: skus[2].skuId, quantity: 2 }] });
    expect(refused.status).toBe(400);
    const sixes = await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_message WHERE business_type = 6`));
    expect(sixes.rows[0].n).toBe(1);
  });
});
