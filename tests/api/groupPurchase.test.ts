import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../server/context.ts';
import { attendanceXml } from '../../server/domains/process/bpmnXml.ts';
import { deployDefinition } from '../../server/domains/process/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, headerOf, uploadXlsx, type Caller, type Json } from './resourceCalls.ts';

/**
 * 团购单 (poGroupPurchase): a customer organisation's order at negotiated prices, drafted by the shop manager,
 * submitted, audited (directly, or through the process `groupPurchase` when deployed), then turned once into its
 * sales order (order/unitOrder/insert), which takes the goods out of the shop's warehouse through the ledger.
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
let shop: Caller;
let other: Caller;
let adminToken: string;
let shopId: number;
let whId: number;
let skus: Json[];

const G = 'wxy-order-server/poGroupPurchase';
const INSERT = 'wxy-order-server/order/unitOrder/insert';
const P = 'wxy-process-server/process';
const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;
const onHand = async (skuId: number) => Number((await sql<{ on_hand: string }>(`SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]))[0]?.on_hand ?? 0);
const count = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM po_group_purchase`))[0].n;
/** A price at most the retail price, a few fen below it, so amounts are not round. */
const priceOf = (i: number) => Math.round(skus[i].retailPrice * 100 - 7) / 100;
const body = (extra: Json = {}) => ({
  customerName: '东方电子有限公司', contactName: '张经理', contactPhone: '13912345678', shopId, remark: '中秋福利',
  detList: [{ skuId: skus[0].skuId, quantity: 3, unitPrice: priceOf(0) }, { skuId: skus[1].skuId, quantity: 7, unitPrice: priceOf(1) }],
  ...extra,
});

async function approved(extra: Json = {}): Promise<Json> {
  const saved = await manager('POST', `${G}/save`, body(extra));
  expect(saved.status, saved.body).toBe(200);
  const id = saved.json.data.groupPurchaseId;
  expect((await manager('POST', `${G}/submit`, { id })).status).toBe(200);
  const a = await admin('POST', `${G}/audit`, { id, auditStatus: 2 });
  expect(a.status, a.body).toBe(200);
  return a.json.data;
}

beforeAll(async () => {
  s = await startTestServer();
  adminToken = await s.login('admin', 'admin123');
  admin = callerFor(s, adminToken);
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  shopId = (await sql<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager ORDER BY shop_id LIMIT 1`))[0].shop_id;
  whId = (await sql<{ wh_id: number }>(`SELECT wh_id FROM wh_base_info WHERE shop_id = $1 AND status = 1 ORDER BY wh_id LIMIT 1`, [shopId]))[0].wh_id;
  skus = await sql(
    `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.retail_price::float8 AS "retailPrice", b.available::float8 AS available
       FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.available >= 12 AND s.status = 1 AND s.retail_price >= 1 ORDER BY s.sku_id DESC LIMIT 3`,
    [whId],
  );
  expect(skus.length).toBe(3);
}, 180_000);
afterAll(async () => s?.stop());

describe('团购单', () => {
  it('the demo has a shipped group purchase with its sales order, and a draft', async () => {
    const page = await admin('POST', `${G}/page`, { pageNum: 1, pageSize: 50 });
    expect(page.status).toBe(200);
    const demo = page.json.data.records as Json[];
    const shipped = demo.find((d) => d.customerName === '星河科技有限公司')!;
    expect(shipped).toMatchObject({ status: 4, shopName: expect.any(String) });
    expect(shipped.orderNo).toMatch(/^XS\d{8}-\d{4,}$/);
    const order = (await sql<{ total_amount: string; order_type: number }>(`SELECT total_amount, order_type FROM po_order WHERE order_no = $1`, [shipped.orderNo]))[0];
    expect({ amount: Number(order.total_amount), type: order.order_type }).toEqual({ amount: shipped.totalAmount, type: 2 });
    expect(demo.find((d) => d.customerName === '实验小学工会')).toMatchObject({ status: 1 });
  });

  it('cpSkuList offers the shop warehouse on-sale SKUs with retail price and available stock', async () => {
    const r = await manager('GET', `wxy-order-server/po-group-purchase-order/cpSkuList?shopId=${shopId}&keyword=${encodeURIComponent(skus[0].skuCode)}`);
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.records[0]).toMatchObject({ skuId: skus[0].skuId, retailPrice: skus[0].retailPrice, available: skus[0].available });
    const all = (await manager('GET', `wxy-order-server/po-group-purchase-order/cpSkuList?shopId=${shopId}&limit=200`)).json.data.records as Json[];
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((x) => x.available > 0)).toBe(true);
    expect((await other('GET', `wxy-order-server/po-group-purchase-order/cpSkuList?shopId=${shopId}`)).json.msg).toBe('门店不存在');
    expect((await shop('GET', `wxy-order-server/po-group-purchase-order/cpSkuList?shopId=${shopId}`)).status).toBe(403);
  });

  it('saves a draft with totals exact to the fen; refuses bad input with nothing written', async () => {
    const saved = await manager('POST', `${G}/save`, body());
    expect(saved.status, saved.body).toBe(200);
    const d = saved.json.data;
    const totalFen = 3 * Math.round(priceOf(0) * 100) + 7 * Math.round(priceOf(1) * 100);
    const retailFen = 3 * Math.round(skus[0].retailPrice * 100) + 7 * Math.round(skus[1].retailPrice * 100);
    expect(d).toMatchObject({ status: 1, totalQuantity: 10, totalAmount: totalFen / 100, retailAmount: retailFen / 100, discountAmount: (retailFen - totalFen) / 100, whId, createUserName: expect.any(String) });
    expect(d.purchaseNo).toMatch(/^TG\d{8}-\d{4}$/);
    expect(d.detList.map((l: Json) => [l.skuName, l.quantity, l.unitPrice, l.retailPrice])).toEqual([
      [skus[0].skuName, 3, priceOf(0), skus[0].retailPrice],
      [skus[1].skuName, 7, priceOf(1), skus[1].retailPrice],
    ]);
    const n = await count();
    const above = await manager('POST', `${G}/save`, body({ detList: [{ skuId: skus[0].skuId, quantity: 1, unitPrice: skus[0].retailPrice + 1 }] }));
    expect(above.status).toBe(400);
    expect(above.json.msg).toContain(`第1行：${skus[0].skuName} 团购价`);
    expect((await manager('POST', `${G}/save`, body({ detList: [] }))).status).toBe(400);
    const phone = await manager('POST', `${G}/save`, body({ contactPhone: '123' }));
    expect(phone.status).toBe(400);
    expect(phone.json.msg).toContain('联系电话');
    expect((await manager('POST', `${G}/save`, body({ detList: [{ skuId: skus[0].skuId, quantity: 1, unitPrice: 1.234 }] }))).status).toBe(400);
    expect((await manager('POST', `${G}/save`, body({ detList: [{ skuId: skus[0].skuId, quantity: 1, unitPrice: 1 }, { skuId: skus[0].skuId, quantity: 2, unitPrice: 1 }] }))).status).toBe(400);
    expect((await shop('POST', `${G}/save`, body())).status).toBe(403);
    expect((await shop('POST', `${G}/page`, { pageNum: 1, pageSize: 10 })).status).toBe(403);
    expect(await count()).toBe(n);
  });

  it('edits and deletes only while draft; audit needs its permission; a rejection needs a reason and goes back to draft', async () => {
    const id = (await manager('POST', `${G}/save`, body())).json.data.groupPurchaseId;
    const upd = await manager('PUT', `${G}/update`, { ...body({ customerName: '东方电子（改）' }), groupPurchaseId: id });
    expect(upd.status, upd.body).toBe(200);
    expect(upd.json.data.customerName).toBe('东方电子（改）');
    expect((await manager('POST', `${G}/submit`, { id })).json.data.status).toBe(2);
    expect((await manager('PUT', `${G}/update`, { ...body(), groupPurchaseId: id })).status).toBe(409);
    expect((await manager('DELETE', `${G}/delete/${id}`)).status).toBe(409);
    expect((await manager('POST', `${G}/audit`, { id, auditStatus: 2 })).status).toBe(403);
    expect((await admin('POST', `${INSERT}`, { groupPurchaseId: id, payType: 2 })).status).toBe(409);
    const noReason = await admin('POST', `${G}/audit`, { id, auditStatus: 3 });
    expect(noReason.status).toBe(400);
    expect(noReason.json.msg).toContain('驳回时请填写审核意见');
    const rejected = await admin('POST', `${G}/audit`, { id, auditStatus: 3, auditRemark: '价格太低，请重新报价' });
    expect(rejected.json.data).toMatchObject({ status: 1, auditRemark: '价格太低，请重新报价' });
    expect(rejected.json.data.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '修改', '提交审核', '驳回']);
    const del = await manager('DELETE', `${G}/delete/${id}`);
    expect(del.status, del.body).toBe(200);
    expect((await admin('GET', `${G}/detail/${id}`)).status).toBe(404);
  });

  it('an approved group purchase becomes one sales order, even when clicked twice at once; the stock leaves once', async () => {
    const gp = await approved();
    expect(gp.status).toBe(3);
    const before = [await onHand(skus[0].skuId), await onHand(skus[1].skuId)];
    expect((await manager('POST', INSERT, { groupPurchaseId: gp.groupPurchaseId, payType: 2 })).status).toBe(403);
    expect((await admin('POST', INSERT, { groupPurchaseId: gp.groupPurchaseId, payType: 5 })).status).toBe(400);
    const [a, b] = await Promise.all([admin('POST', INSERT, { groupPurchaseId: gp.groupPurchaseId, payType: 2 }), admin('POST', INSERT, { groupPurchaseId: gp.groupPurchaseId, payType: 2 })]);
    expect(a.status, a.body).toBe(200);
    expect(b.status, b.body).toBe(200);
    expect(b.json.data.orderId).toBe(a.json.data.orderId);
    expect(a.json.data).toMatchObject({ payAmount: gp.totalAmount, paidAmount: gp.totalAmount, totalQuantity: 10, groupPurchaseId: gp.groupPurchaseId });
    expect(a.json.data.payList).toEqual([{ payId: expect.any(Number), payType: 2, amount: gp.totalAmount, voucherCode: null }]);
    expect(a.json.data.detList.map((l: Json) => [l.skuId, l.quantity, l.unitPrice])).toEqual([[skus[0].skuId, 3, priceOf(0)], [skus[1].skuId, 7, priceOf(1)]]);
    expect([await onHand(skus[0].skuId), await onHand(skus[1].skuId)]).toEqual([before[0] - 3, before[1] - 7]);
    expect((await sql(`SELECT 1 FROM stock_ledger WHERE doc_type = 'sale' AND doc_id = $1`, [a.json.data.orderId])).length).toBe(2);
    const again = await admin('POST', INSERT, { groupPurchaseId: gp.groupPurchaseId, payType: 3 });
    expect(again.json.data.orderId).toBe(a.json.data.orderId);
    expect([await onHand(skus[0].skuId), await onHand(skus[1].skuId)]).toEqual([before[0] - 3, before[1] - 7]);
    const done = (await admin('GET', `${G}/detail/${gp.groupPurchaseId}`)).json.data;
    expect(done).toMatchObject({ status: 4, orderNo: a.json.data.orderNo, payType: 2, actions: [] });
    expect((await admin('DELETE', `${G}/delete/${gp.groupPurchaseId}`)).status).toBe(409);
  });

  it('refuses goods the shop does not have with a 409 naming the SKU, and writes nothing', async () => {
    const have = await onHand(skus[2].skuId);
    const gp = await approved({ detList: [{ skuId: skus[2].skuId, quantity: Math.min(have + 1, 99999), unitPrice: priceOf(2) }] });
    const orders = (await sql(`SELECT 1 FROM po_order`)).length;
    // No payment method named: the shop's transfer (or first) method; the stock check refuses it all the same.
    const r = await admin('POST', INSERT, { groupPurchaseId: gp.groupPurchaseId });
    expect(r.status).toBe(409);
    expect(r.json.msg).toContain('库存不足');
    expect(r.json.msg).toContain(skus[2].skuName);
    expect((await sql(`SELECT 1 FROM po_order`)).length).toBe(orders);
    expect(await onHand(skus[2].skuId)).toBe(have);
    expect((await admin('GET', `${G}/detail/${gp.groupPurchaseId}`)).json.data.status).toBe(3);
  });

  it('ships paid the way the user names it (a method the shop takes, never 余额); the sales order carries it', async () => {
    const gp = await approved();
    const taken = (await admin('GET', `wxy-shop-server/shop-pay-method-config/getByShop/${shopId}`)).json.data as Json[];
    const methods = taken.filter((m) => m.enabled && m.payType >= 1 && m.payType <= 4).map((m) => Number(m.payType));
    const notTaken = [1, 2, 3, 4].find((t) => !methods.includes(t));
    if (notTaken) {
      const refused = await admin('POST', INSERT, { groupPurchaseId: gp.groupPurchaseId, payType: notTaken });
      expect(refused.status).toBe(400);
      expect(refused.json.msg).toContain('本店未开通');
      expect((await admin('GET', `${G}/detail/${gp.groupPurchaseId}`)).json.data.status).toBe(3);
    }
    const chosen = methods.find((t) => t !== 2) ?? methods[0];
    const r = await admin('POST', INSERT, { groupPurchaseId: gp.groupPurchaseId, payType: chosen });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.payList).toEqual([expect.objectContaining({ payType: chosen, amount: gp.totalAmount })]);
    const page = (await admin('POST', `${G}/page`, { pageNum: 1, pageSize: 20, purchaseNo: gp.purchaseNo })).json.data.records as Json[];
    expect(page.find((x) => x.groupPurchaseId === gp.groupPurchaseId)).toMatchObject({ status: 4, payType: chosen, orderNo: r.json.data.orderNo });
  });

  it('prints through the designer: the default 团购单 template with its lines, then the PDF; the tenant’s own 团购单 template wins', async () => {
    const mine = (await manager('POST', `${G}/save`, body())).json.data;
    const data = await admin('GET', `${G}/print/${mine.groupPurchaseId}/data`);
    expect(data.status, data.body).toBe(200);
    expect(data.json.data).toMatchObject({ templateName: '团购单（默认模板）', isDefault: true, data: { purchaseNo: mine.purchaseNo, customerName: '东方电子有限公司', statusLabel: '草稿', totalAmount: mine.totalAmount } });
    expect(data.json.data.data.detList.map((l: Json) => [l.skuName, l.quantity, l.unitPrice])).toEqual([[skus[0].skuName, 3, priceOf(0)], [skus[1].skuName, 7, priceOf(1)]]);
    const pdf = await admin('GET', `${G}/print/${mine.groupPurchaseId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const types = (await admin('GET', 'wxy-system-server/print-template/business-types')).json.data as Json[];
    expect(types).toEqual(expect.arrayContaining([{ value: 'groupPurchase', label: '团购单' }, { value: 'preSale', label: '预售单' }]));
    const fields = (await admin('GET', 'wxy-system-server/print-template/business-fields/groupPurchase')).json.data as Json[];
    expect(fields.map((f) => f.field)).toEqual(expect.arrayContaining(['purchaseNo', 'customerName', 'detList', 'unitPrice']));
    const own = await admin('POST', 'wxy-system-server/print-template/add', { name: '门店团购单', businessType: 'groupPurchase', template: data.json.data.template });
    expect(own.status, own.body).toBe(200);
    expect((await admin('GET', `${G}/print/${mine.groupPurchaseId}/data`)).json.data).toMatchObject({ templateName: '门店团购单', isDefault: false });
    expect((await admin('GET', `${G}/print/${mine.groupPurchaseId}/xls`)).status).toBe(400);
    expect((await other('GET', `${G}/print/${mine.groupPurchaseId}/data`)).status).toBe(404);
  });

  it('another tenant sees none of it', async () => {
    const mine = (await manager('POST', `${G}/save`, body())).json.data.groupPurchaseId;
    expect((await other('GET', `${G}/detail/${mine}`)).status).toBe(404);
    expect((await other('POST', `${G}/page`, { pageNum: 1, pageSize: 100 })).json.data.records.some((r: Json) => r.groupPurchaseId === mine)).toBe(false);
    expect((await other('DELETE', `${G}/delete/${mine}`)).status).toBe(404);
    expect((await other('POST', INSERT, { groupPurchaseId: mine, payType: 2 })).status).toBe(404);
    expect((await admin('GET', `${G}/detail/${mine}`)).status).toBe(200);
  });

  it('imports drafts by customer and shop; bad rows are reported by row and column and nothing is written', async () => {
    const tpl = await admin('GET', `${G}/template`);
    expect(await headerOf(tpl.raw)).toEqual(['团购客户', '联系人', '联系电话', '门店编码', 'SKU编码', '数量', '团购价', '交货日期', '备注']);
    const code = (await sql<{ shop_code: string }>(`SELECT shop_code FROM shop_base WHERE shop_id = $1`, [shopId]))[0].shop_code;
    const row = (extra: Json) => ({ 团购客户: '城南社区', 联系人: '赵阿姨', 联系电话: '13700000001', 门店编码: code, SKU编码: skus[0].skuCode, 数量: 5, 团购价: priceOf(0), ...extra });
    const n = await count();
    const bad = await uploadXlsx(s, adminToken, `${G}/import`, await fillTemplate(tpl.raw, [
      row({}),
      row({ 门店编码: 'NOPE' }),
      row({ SKU编码: 'NOSUCH' }),
      row({ 数量: 0 }),
      row({ 团购价: 1.005 }),
    ]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([
      { row: 3, field: '门店编码', message: '门店编码“NOPE”不存在' },
      { row: 4, field: 'SKU编码', message: 'SKU编码“NOSUCH”不存在或已停用' },
      { row: 5, field: '数量', message: '数量必须是 1 到 99999 的整数' },
      { row: 6, field: '团购价', message: '团购价最多2位小数' },
    ]);
    const tooDear = await uploadXlsx(s, adminToken, `${G}/import`, await fillTemplate(tpl.raw, [row({ 团购价: skus[0].retailPrice + 5 })]));
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json().data.errors).toEqual([{ row: 2, field: '团购价', message: `团购价 ${(skus[0].retailPrice + 5).toFixed(2)} 不能高于零售价 ${skus[0].retailPrice.toFixed(2)}` }]);
    expect(await count()).toBe(n);
    const good = await uploadXlsx(s, adminToken, `${G}/import`, await fillTemplate(tpl.raw, [
      row({}),
      row({ SKU编码: skus[1].skuCode, 数量: 2, 团购价: priceOf(1) }),
      row({ 团购客户: '育才中学', 联系电话: '13700000002', 交货日期: '2099-01-05' }),
    ]));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.orders).toBe(2);
    const rows = await sql<{ customer_name: string; status: number; lines: number; delivery: string | null }>(
      `SELECT customer_name, status, (SELECT count(*)::int FROM po_group_purchase_det d WHERE d.group_purchase_id = h.group_purchase_id) AS lines, to_char(delivery_date, 'YYYY-MM-DD') AS delivery
         FROM po_group_purchase h ORDER BY group_purchase_id DESC LIMIT 2`,
    );
    expect(rows.sort((x, y) => x.customer_name.localeCompare(y.customer_name))).toEqual([
      { customer_name: '城南社区', status: 1, lines: 2, delivery: null },
      { customer_name: '育才中学', status: 1, lines: 1, delivery: '2099-01-05' },
    ].sort((x, y) => x.customer_name.localeCompare(y.customer_name)));
  });

  it('with the 团购审批 process deployed, submitting starts it, the audit button refuses, and the approver decides', async () => {
    const me = (await sql<{ id: number; name: string }>(`SELECT id, name FROM sys_user WHERE user_name = 'admin'`))[0];
    const auth: AuthContext = { tenantId: 1, userId: me.id, userName: 'admin', displayName: me.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    await s.db.tenant(1, (tx) => deployDefinition(tx, auth, { bpmnXml: attendanceXml('groupPurchase', '团购审批'), businessType: 'groupPurchase', description: '团购单：门店店长审批' }));
    const id = (await manager('POST', `${G}/save`, body())).json.data.groupPurchaseId;
    expect((await manager('POST', `${G}/submit`, { id })).status).toBe(200);
    const direct = await admin('POST', `${G}/audit`, { id, auditStatus: 2 });
    expect(direct.status).toBe(409);
    expect(direct.json.msg).toContain('审批流程');
    const task = ((await manager('GET', `${P}/task/agents/list/1/100`)).json.data.records as Json[]).find((t) => t.businessId === String(id))!;
    expect(task).toBeTruthy();
    const done = await manager('POST', `${P}/task/complete/${task.processInstanceId}/${task.taskId}/1`, { comment: '同意按此价格' });
    expect(done.status, done.body).toBe(200);
    const doc = (await admin('GET', `${G}/detail/${id}`)).json.data;
    expect(doc).toMatchObject({ status: 3, auditRemark: '同意按此价格' });
    expect(doc.history.at(-1).actionLabel).toBe('审批通过');
  });
});
