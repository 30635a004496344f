import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, worksAt, type Caller, type Json } from './resourceCalls.ts';
import { noticeExpiringLots } from '../../server/domains/stock/index.ts';

/**
 * Lots and expiry (issue 29), the way a warehouse clerk and a cashier use them: a dated SKU received in two lots, sent
 * to a shop (the lots travel with the goods), sold at the register first-expiry-first-out, written off by lot; an
 * expired lot refused at the register; a missing or foreign lot refused by name; and, after each step and under 50
 * registers at once, the lots adding up to the SKU's on-hand.
 */
let s: TestServer;
let admin: Caller;
let central: { whId: number; whName: string };
let shop: { shopId: number; whId: number; whName: string };
let today: string;
const W = 'wxy-warehouse-server';

/** A new 批次管理 + 保质期管理 SKU (shelf life 10 days), so nothing else in the suite holds it. */
async function datedSku(name: string): Promise<Json> {
  const spuId = (await admin('GET', 'wxy-production-server/pd-sku/findPage/1/1?status=1')).json.data.records[0].spuId;
  const r = await admin('POST', 'wxy-production-server/pd-sku/save', {
    spuId, skuCode: `LOT${randomUUID().slice(0, 8)}`, skuName: name, unit: '盒', retailPrice: 5,
    lotManaged: true, expiryManaged: true, shelfLifeDays: 10,
  });
  expect(r.status, r.body).toBe(200);
  return (await admin('GET', `wxy-production-server/pd-sku/get/${r.json.data.skuId ?? r.json.data}`)).json.data;
}

const day = (offset: number) => dbDay(s, offset);

/** Lots holding stock of a SKU in a warehouse, by lot number, as the 临期/过期 report lists them. */
async function lots(skuId: number, whId: number): Promise<Record<string, Json>> {
  const r = await admin('POST', `${W}/wh-stock-lot/page/1/100`, { skuId, whId });
  expect(r.status, r.body).toBe(200);
  return Object.fromEntries((r.json.data.records as Json[]).map((l) => [l.lotNo, l]));
}

/** The invariant: per (warehouse, SKU) of a lot-managed SKU, Σ lot on_hand = on_hand = Σ lot ledger = Σ ledger. */
async function invariant(skuId: number) {
  const r = await s.db.tenant(1, (tx) =>
    tx.query<{ wh_id: number; on_hand: string; lots: string; lot_ledger: string; ledger: string }>(
      `SELECT b.wh_id, b.on_hand,
              (SELECT coalesce(sum(on_hand), 0) FROM stock_lot_balance l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id) AS lots,
              (SELECT coalesce(sum(qty), 0) FROM stock_lot_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id) AS lot_ledger,
              (SELECT coalesce(sum(qty), 0) FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id) AS ledger
         FROM stock_balance b WHERE b.sku_id = $1`,
      [skuId],
    ),
  );
  expect(r.rows.length).toBeGreaterThan(0);
  for (const row of r.rows) expect([Number(row.lots), Number(row.lot_ledger), Number(row.ledger)], `warehouse ${row.wh_id}`).toEqual([Number(row.on_hand), Number(row.on_hand), Number(row.on_hand)]);
}

async function onHand(skuId: number, whId: number): Promise<number> {
  const r = await s.db.tenant(1, (tx) => tx.query<{ on_hand: string }>(`SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]));
  return Number(r.rows[0]?.on_hand ?? 0);
}

async function stockIn(whId: number, detList: Json[]) {
  const d = await admin('POST', `${W}/wh-other-stock-in/add`, { whId, reason: 5, detList });
  expect(d.status, d.body).toBe(200);
  return { doc: d.json.data, confirm: await admin('PUT', `${W}/wh-other-stock-in/confirm/${d.json.data.stockInId}`, {}) };
}

async function writeOff(whId: number, detList: Json[]) {
  const d = await admin('POST', `${W}/wh-write-off/add`, { whId, reason: 2, detList });
  expect(d.status, d.body).toBe(200);
  return admin('PUT', `${W}/wh-write-off/confirm/${d.json.data.writeOffId}`, {});
}

const sell = (skuId: number, quantity: number) =>
  admin('POST', 'wxy-order-server/order/settlement', { uuid: randomUUID(), shopId: shop.shopId, lines: [{ skuId, quantity }], payments: [{ payType: 1, amount: 5 * quantity }] });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  central = (await admin('POST', `${W}/wh-base-info/page/1/10`, { whType: 1 })).json.data.records[0];
  const w = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; wh_name: string; shop_id: number }>(
    `SELECT wh_id, wh_name, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shop = { shopId: w.shop_id, whId: w.wh_id, whName: w.wh_name };
  today = await day(0);
}, 180_000);
afterAll(async () => s?.stop());

describe('批次与保质期', () => {
  it('receive two lots → transfer to a shop → sell first-expiry-first-out → write off by lot; lots always add up', async () => {
    const milk = await datedSku('鲜牛奶 1L（批次）');
    expect(milk).toMatchObject({ lotManaged: true, expiryManaged: true, shelfLifeDays: 10 });

    // A line without a lot is refused naming the SKU; nothing is posted.
    const bare = await stockIn(central.whId, [{ skuId: milk.skuId, quantity: 3, unitCost: 2 }]);
    expect([bare.confirm.status, bare.confirm.json.msg]).toEqual([400, '「鲜牛奶 1L（批次）」是批次管理商品，请填写批次号']);
    expect(await onHand(milk.skuId, central.whId)).toBe(0);

    // Two lots on one receipt: A1 expires in 3 days (临期), B1 is made today and expires with the 10-day shelf life.
    const got = await stockIn(central.whId, [
      { skuId: milk.skuId, quantity: 5, unitCost: 2, lotNo: 'A1', expiryDate: await day(3) },
      { skuId: milk.skuId, quantity: 5, unitCost: 2, lotNo: 'B1', productionDate: today },
    ]);
    expect(got.confirm.status, got.confirm.body).toBe(200);
    let c = await lots(milk.skuId, central.whId);
    expect(c.A1).toMatchObject({ onHand: 5, expiryDate: await day(3), daysLeft: 3, expiryStatus: 2 });
    expect(c.B1).toMatchObject({ onHand: 5, productionDate: today, expiryDate: await day(10), daysLeft: 10, expiryStatus: 1 });
    await invariant(milk.skuId);

    // Transfer 6 to the shop: A1 (earliest) goes whole, then 1 of B1; they arrive as the same lots.
    const A = `${W}/wh-allocation`;
    const t = (await admin('POST', `${A}/add`, { outWhId: central.whId, inWhId: shop.whId, detList: [{ skuId: milk.skuId, quantity: 6 }] })).json.data;
    const out = await admin('PUT', `${A}/confirm-out/${t.allocationId}`, {});
    expect(out.status, out.body).toBe(200);
    c = await lots(milk.skuId, central.whId);
    expect([c.A1, c.B1?.onHand]).toEqual([undefined, 4]);
    const inn = await admin('PUT', `${A}/confirm-in/${t.allocationId}`, {});
    expect(inn.status, inn.body).toBe(200);
    let sh = await lots(milk.skuId, shop.whId);
    expect([sh.A1?.onHand, sh.A1?.expiryDate, sh.B1?.onHand, sh.B1?.expiryDate]).toEqual([5, await day(3), 1, await day(10)]);
    await invariant(milk.skuId);

    // The register sells 2 from A1, the lot that expires first.
    const sold = await sell(milk.skuId, 2);
    expect(sold.status, sold.body).toBe(200);
    sh = await lots(milk.skuId, shop.whId);
    expect([sh.A1.onHand, sh.B1.onHand]).toEqual([3, 1]);
    const lotRows = await s.db.tenant(1, (tx) => tx.query<{ lot_no: string; qty: string }>(`SELECT lot_no, qty FROM stock_lot_ledger WHERE doc_type = 'sale' AND doc_id = $1`, [sold.json.data.orderId]));
    expect(lotRows.rows.map((r) => [r.lot_no, Number(r.qty)])).toEqual([['A1', -2]]);

    // Written off by lot: the named lot B1, not the first-expiring A1.
    const off = await writeOff(shop.whId, [{ skuId: milk.skuId, quantity: 1, lotNo: 'B1' }]);
    expect(off.status, off.body).toBe(200);
    sh = await lots(milk.skuId, shop.whId);
    expect([sh.A1.onHand, sh.B1]).toEqual([3, undefined]);
    await invariant(milk.skuId);

    // A refund puts the goods back into the lot they were sold from.
    const refund = await admin('PUT', 'wxy-order-server/order-pay/refund', { orderNo: sold.json.data.orderNo, reason: '顾客退货' });
    expect(refund.status, refund.body).toBe(200);
    expect((await lots(milk.skuId, shop.whId)).A1.onHand).toBe(5);
    await invariant(milk.skuId);

    // An exchange takes the returned box back into the lot it was sold from, and gives a new one first-expiry-first-out.
    const again = (await sell(milk.skuId, 1)).json.data;
    expect((await lots(milk.skuId, shop.whId)).A1.onHand).toBe(4);
    const swap = await admin('POST', 'wxy-order-server/order/exchange', { uuid: randomUUID(), orderNo: again.orderNo, returnLines: [{ detId: again.detList[0].detId, quantity: 1 }], giveLines: [{ skuId: milk.skuId, quantity: 1 }], reason: '包装破损' });
    expect(swap.status, swap.body).toBe(200);
    const exchangeLots = await s.db.tenant(1, (tx) => tx.query<{ lot_no: string; qty: string }>(`SELECT lot_no, qty FROM stock_lot_ledger WHERE doc_type = 'exchange' AND doc_id = $1 ORDER BY lot_ledger_id`, [swap.json.data.exchangeId]));
    expect(exchangeLots.rows.map((r) => [r.lot_no, Number(r.qty)])).toEqual([['A1', 1], ['A1', -1]]);
    await invariant(milk.skuId);
  });

  it('a purchase receipt takes one line per lot of a SKU; a line without a lot is refused naming the SKU', async () => {
    const yogurt = await datedSku('酸奶（批次）');
    const supplierId = (await admin('GET', 'wxy-production-server/pd-supplier/findPage1/1/1')).json.data.records[0].id;
    const P = `${W}/wh-purchase`;
    const R = `${W}/wh-receipt`;
    const po = await admin('POST', `${P}/save`, { supplierId, whId: central.whId, expectedDate: await day(1), detList: [{ skuId: yogurt.skuId, quantity: 10, unitPrice: 3 }] });
    expect(po.status, po.body).toBe(200);
    expect((await admin('PUT', `${P}/audit`, { id: po.json.data.purchaseId })).status).toBe(200);
    const purchaseId = po.json.data.purchaseId;
    const bare = (await admin('POST', `${R}/save`, { purchaseId, detList: [{ skuId: yogurt.skuId, quantity: 4 }] })).json.data;
    const refused = await admin('PUT', `${R}/audit`, { id: bare.receiptId });
    expect([refused.status, refused.json.msg]).toEqual([400, '「酸奶（批次）」是批次管理商品，请填写批次号']);
    expect((await admin('DELETE', `${R}/delete/${bare.receiptId}`)).status).toBe(200);
    const r = await admin('POST', `${R}/save`, { purchaseId, detList: [
      { skuId: yogurt.skuId, quantity: 4, lotNo: 'Y1', productionDate: await day(-2) },
      { skuId: yogurt.skuId, quantity: 6, lotNo: 'Y2', expiryDate: await day(12) },
    ] });
    expect(r.status, r.body).toBe(200);
    const twice = await admin('PUT', `${R}/update/${r.json.data.receiptId}`, { purchaseId, detList: [{ skuId: yogurt.skuId, quantity: 1, lotNo: 'Y1' }, { skuId: yogurt.skuId, quantity: 1, lotNo: 'Y1' }] });
    expect([twice.status, twice.json.msg]).toEqual([400, '第2行：商品 酸奶（批次） 批次 Y1 与第1行重复']);
    const audit = await admin('PUT', `${R}/audit`, { id: r.json.data.receiptId });
    expect(audit.status, audit.body).toBe(200);
    const got = await lots(yogurt.skuId, central.whId);
    expect([got.Y1.onHand, got.Y1.expiryDate, got.Y2.onHand, got.Y2.expiryDate]).toEqual([4, await day(8), 6, await day(12)]);
    expect((await admin('GET', `${P}/get?id=${purchaseId}`)).json.data.detList[0].receivedQuantity).toBe(10);
    await invariant(yogurt.skuId);
  });

  it('the register refuses an expired lot by name and posts nothing; it sells around it while fresh lots last', async () => {
    const bread = await datedSku('全麦面包（批次）');
    const got = await stockIn(shop.whId, [
      { skuId: bread.skuId, quantity: 2, unitCost: 1, lotNo: 'OLD1', expiryDate: await day(-1) },
      { skuId: bread.skuId, quantity: 3, unitCost: 1, lotNo: 'NEW1', expiryDate: await day(5) },
    ]);
    expect(got.confirm.status, got.confirm.body).toBe(200);
    expect((await lots(bread.skuId, shop.whId)).OLD1).toMatchObject({ daysLeft: -1, expiryStatus: 3 });
    // 3 fresh ones sell (skipping the expired lot); a 4th would have to come from the expired lot: refused.
    const over = await sell(bread.skuId, 4);
    expect([over.status, over.json.msg]).toEqual([400, `批次已过期：「全麦面包（批次）」批次 OLD1 于 ${await day(-1)} 到期，禁止销售`]);
    expect(await onHand(bread.skuId, shop.whId)).toBe(5);
    const fresh = await sell(bread.skuId, 3);
    expect(fresh.status, fresh.body).toBe(200);
    const left = await lots(bread.skuId, shop.whId);
    expect([left.OLD1.onHand, left.NEW1]).toEqual([2, undefined]);
    // A chain that allows it (批次设置: 禁止销售过期批次 off) sells from the expired lot.
    const cfg = (await admin('POST', `${W}/wh-lot-config/list`, { pageNum: 1, pageSize: 10 })).json.data.records[0];
    expect(cfg).toMatchObject({ refuseExpiredSale: true, nearExpiryDays: 7 });
    const save = (refuseExpiredSale: boolean) => admin('POST', `${W}/wh-lot-config/save`, { configId: cfg.configId, refuseExpiredSale, nearExpiryDays: 7 });
    expect((await save(false)).status).toBe(200);
    const allowed = await sell(bread.skuId, 1);
    await save(true);
    expect(allowed.status, allowed.body).toBe(200);
    // The rest of the expired lot is written off by name.
    expect((await writeOff(shop.whId, [{ skuId: bread.skuId, quantity: 1, lotNo: 'OLD1' }])).status).toBe(200);
    expect(await onHand(bread.skuId, shop.whId)).toBe(0);
    await invariant(bread.skuId);
  });

  it('a lot that does not exist, or lies in another warehouse, is refused naming the SKU and the lot; nothing posted', async () => {
    const juice = await datedSku('橙汁（批次）');
    expect((await stockIn(central.whId, [{ skuId: juice.skuId, quantity: 4, unitCost: 3, lotNo: 'J1', expiryDate: await day(30) }])).confirm.status).toBe(200);
    expect((await stockIn(shop.whId, [
      { skuId: juice.skuId, quantity: 2, unitCost: 3, lotNo: 'J2', expiryDate: await day(30) },
      { skuId: juice.skuId, quantity: 5, unitCost: 3, lotNo: 'J3', expiryDate: await day(40) },
    ])).confirm.status).toBe(200);
    const none = await writeOff(shop.whId, [{ skuId: juice.skuId, quantity: 1, lotNo: 'NOPE' }]);
    expect([none.status, none.json.msg]).toEqual([400, `批次不存在：「橙汁（批次）」在「${shop.whName}」没有批次 NOPE`]);
    const foreign = await writeOff(shop.whId, [{ skuId: juice.skuId, quantity: 1, lotNo: 'J1' }]);
    expect([foreign.status, foreign.json.msg]).toEqual([400, `批次不存在：「橙汁（批次）」在「${shop.whName}」没有批次 J1（该批次在「${central.whName}」）`]);
    const short = await writeOff(shop.whId, [{ skuId: juice.skuId, quantity: 3, lotNo: 'J2' }]);
    expect([short.status, short.json.msg]).toEqual([409, `批次库存不足：「橙汁（批次）」批次 J2（${shop.whName}）可用 2，需要 3`]);
    expect([await onHand(juice.skuId, shop.whId), await onHand(juice.skuId, central.whId)]).toEqual([7, 4]);
    // A lot received again with another expiry date is refused.
    const clash = await stockIn(central.whId, [{ skuId: juice.skuId, quantity: 1, unitCost: 3, lotNo: 'J1', expiryDate: await day(31) }]);
    expect([clash.confirm.status, clash.confirm.json.msg]).toEqual([400, `「橙汁（批次）」批次 J1 已有到期日期 ${await day(30)}，与本次 ${await day(31)} 不一致`]);
    await invariant(juice.skuId);
  });

  it('the demo has dated goods: lots near and past expiry in the report, counted on the 工作台', async () => {
    const report = await admin('POST', `${W}/wh-stock-lot/page/1/200`, { expiryStatuses: [2, 3] });
    expect(report.status, report.body).toBe(200);
    const rows = report.json.data.records as Json[];
    expect(rows.some((r) => r.expiryStatus === 3 && /鲜牛奶/.test(r.skuName) && r.daysLeft < 0)).toBe(true);
    expect(rows.some((r) => r.expiryStatus === 2 && r.daysLeft >= 0 && r.daysLeft <= r.nearExpiryDays)).toBe(true);
    expect(rows.every((r) => [2, 3].includes(r.expiryStatus))).toBe(true);
    const dash = (await admin('GET', 'wxy-order-server/statistics/dashboard')).json.data;
    const all = (await admin('POST', `${W}/wh-stock-lot/page/1/500`, {})).json.data.records as Json[];
    expect(dash.expiryAlerts).toEqual({
      nearExpiry: all.filter((r) => r.expiryStatus === 2).length,
      expired: all.filter((r) => r.expiryStatus === 3).length,
      link: '/storageManage/whStockLot',
    });
    expect(dash.expiryAlerts.expired).toBeGreaterThan(0);
    // The shop's staff are told once about the lots of their shop near or past expiry.
    const demoShop = rows.find((r) => r.expiryStatus === 3)!;
    const shopId = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(`SELECT shop_id FROM wh_base_info WHERE wh_id = $1`, [demoShop.whId]))).rows[0].shop_id;
    await worksAt(s, 'shop01', shopId);
    const told = async () => (await s.db.tenant(1, (tx) => tx.query<{ notice_template_info: string }>(
      `SELECT m.notice_template_info FROM sys_message m JOIN sys_user u ON u.id = m.user_id WHERE u.user_name = 'shop01' AND m.business_type = 2041`))).rows;
    expect(await told()).toEqual([]);
    expect(await s.db.tenant(1, (tx) => noticeExpiringLots(tx, 1))).toBeGreaterThan(0);
    const notes = (await told()).map((r) => r.notice_template_info).filter((n) => n.includes(demoShop.whName));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`${demoShop.skuName} 批次 ${demoShop.lotNo} 已过期（${demoShop.expiryDate}）`);
    await s.db.tenant(1, (tx) => noticeExpiringLots(tx, 1));
    expect((await told()).filter((r) => r.notice_template_info.includes(demoShop.whName))).toHaveLength(1);
    // Each demo lot SKU's lots add up to its stock in every warehouse.
    for (const skuId of new Set(all.map((r) => r.skuId))) await invariant(skuId);
  });

  it('50 registers at once: lots never go below zero and still add up to on-hand', async () => {
    const water = await datedSku('矿泉水（批次）');
    expect((await stockIn(shop.whId, [
      { skuId: water.skuId, quantity: 10, unitCost: 1, lotNo: 'W1', expiryDate: await day(20) },
      { skuId: water.skuId, quantity: 10, unitCost: 1, lotNo: 'W2', expiryDate: await day(10) },
      { skuId: water.skuId, quantity: 10, unitCost: 1, lotNo: 'W3', expiryDate: await day(30) },
    ])).confirm.status).toBe(200);
    const results = await Promise.all(Array.from({ length: 50 }, () => sell(water.skuId, 1)));
    const ok = results.filter((r) => r.status === 200).length;
    expect(results.find((r) => r.status !== 409 && r.status !== 200)?.body).toBeUndefined();
    expect(ok).toBe(30);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await onHand(water.skuId, shop.whId)).toBe(0);
    expect(await lots(water.skuId, shop.whId)).toEqual({});
    await invariant(water.skuId);
  }, 60_000);
});
