import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, headerOf, uploadXlsx, type Caller, type Json } from './resourceCalls.ts';

/**
 * 调拨 (wh-allocation) and 其他出库 (wh-other-stock-out) on the document layer: stock leaves the source at its
 * moving-average cost, travels in transit, arrives (with a recorded shortfall), and every step can be undone
 * exactly; nothing ever goes negative, also under parallel confirm-outs.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let central: Json;
let shopWh: Json;
let shopWh2: Json;
let skus: Json[];

const A = 'wxy-warehouse-server/wh-allocation';
const O = 'wxy-warehouse-server/wh-other-stock-out';

async function balance(whId: number, skuId: number): Promise<{ onHand: number; inTransit: number; avgCost: number }> {
  const r = await s.db.tenant(1, (tx) =>
    tx.query<{ on_hand: string; in_transit: string; avg_cost: string }>(`SELECT on_hand, in_transit, avg_cost FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]),
  );
  const b = r.rows[0];
  return { onHand: Number(b?.on_hand ?? 0), inTransit: Number(b?.in_transit ?? 0), avgCost: Number(b?.avg_cost ?? 0) };
}

async function ledgerSums(whId: number, skuId: number): Promise<{ qty: number; inTransit: number }> {
  const r = await s.db.tenant(1, (tx) =>
    tx.query<{ q: string; t: string }>(`SELECT coalesce(sum(qty), 0) AS q, coalesce(sum(in_transit_delta), 0) AS t FROM stock_ledger WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]),
  );
  return { qty: Number(r.rows[0].q), inTransit: Number(r.rows[0].t) };
}

const draft = (lines: Json[], extra: Json = {}) => admin('POST', `${A}/add`, { outWhId: central.whId, inWhId: shopWh.whId, remark: '测试调拨', detList: lines, ...extra });

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const whs = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/100', {})).json.data.records as Json[];
  central = whs.find((w) => w.whType === 1)!;
  [shopWh, shopWh2] = whs.filter((w) => w.whType === 2);
  skus = (await admin('GET', 'wxy-production-server/pd-sku/findPage/1/40?status=1')).json.data.records;
}, 180_000);
afterAll(async () => s?.stop());

describe('调拨', () => {
  it('demo data has a transfer waiting, one on its way and one received with a shortfall', async () => {
    const page = await admin('POST', `${A}/output-page`, { pageNum: 1, pageSize: 50 });
    expect(page.status).toBe(200);
    const statuses = (page.json.data.records as Json[]).map((r) => r.status);
    expect(statuses).toEqual(expect.arrayContaining([1, 2, 3]));
    const received = (page.json.data.records as Json[]).find((r) => r.status === 3)!;
    expect(received.diffQuantity).toBe(-2);
  });

  it('refuses the same warehouse on both ends, bad lines, and writes nothing', async () => {
    const same = await draft([{ skuId: skus[0].skuId, quantity: 1 }], { inWhId: central.whId });
    expect(same.status).toBe(400);
    expect(same.json.msg).toBe('调出仓库和调入仓库不能相同');
    const twice = await draft([{ skuId: skus[0].skuId, quantity: 1 }, { skuId: skus[0].skuId, quantity: 2 }]);
    expect(twice.status).toBe(400);
    expect(twice.json.msg).toMatch(/^第2行：商品 .* 与第1行重复$/);
    const fractional = await draft([{ skuId: skus[0].skuId, quantity: 1.5 }]);
    expect(fractional.status).toBe(400);
    expect(fractional.json.msg).toMatch(/^第1行：/);
    const foreignWh = await other('POST', `${A}/add`, { outWhId: central.whId, inWhId: shopWh.whId, detList: [{ skuId: skus[0].skuId, quantity: 1 }] });
    expect(foreignWh.status).toBe(400);
  });

  it('confirm-out moves stock into transit at the source cost, once; the destination is told', async () => {
    const sku = skus[5];
    const src = await balance(central.whId, sku.skuId);
    const dst = await balance(shopWh.whId, sku.skuId);
    const d = (await draft([{ skuId: sku.skuId, quantity: 4 }])).json.data;
    expect(d.allocationNo).toMatch(/^DB\d{8}-\d{4}$/);
    expect(d.status).toBe(1);
    const [a, b] = await Promise.all([admin('PUT', `${A}/confirm-out/${d.allocationId}`, {}), admin('PUT', `${A}/confirm-out/${d.allocationId}`, {})]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await balance(central.whId, sku.skuId)).onHand).toBe(src.onHand - 4);
    expect((await balance(shopWh.whId, sku.skuId)).inTransit).toBe(dst.inTransit + 4);
    const info = (await admin('GET', `${A}/info/${d.allocationId}`)).json.data;
    expect(info.status).toBe(2);
    expect(info.detList[0].unitCost).toBe(src.avgCost);
    expect(info.totalAmount).toBe(Math.round(src.avgCost * 4 * 100) / 100);
    expect(info.outUserName).toBe('系统管理员');
    expect(info.actions).toEqual(['cancelOut', 'confirmIn', 'confirmInClaim']);
    // The receivers' notice (type 13 opens 在途调拨).
    const notices = await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_message WHERE business_type = 13 AND business_id = $1`, [String(d.allocationId)]));
    expect(notices.rows[0].n).toBeGreaterThan(0);
    // Cancel-out puts it back exactly.
    expect((await admin('PUT', `${A}/cancel-out/${d.allocationId}`, {})).status).toBe(200);
    expect(await balance(central.whId, sku.skuId)).toMatchObject({ onHand: src.onHand });
    expect((await balance(shopWh.whId, sku.skuId)).inTransit).toBe(dst.inTransit);
  });

  it('confirm-in receives what arrived: a shortfall is the difference, more than sent is refused; un-audit reverses', async () => {
    const [s1, s2] = [skus[6], skus[7]];
    const before1 = await balance(shopWh.whId, s1.skuId);
    const before2 = await balance(shopWh.whId, s2.skuId);
    const d = (await draft([{ skuId: s1.skuId, quantity: 6 }, { skuId: s2.skuId, quantity: 3 }])).json.data;
    await admin('PUT', `${A}/confirm-out/${d.allocationId}`, {});
    const lines = (await admin('GET', `${A}/info/${d.allocationId}`)).json.data.detList as Json[];
    const over = await admin('PUT', `${A}/confirm-in/${d.allocationId}`, { detList: [{ detId: lines[0].detId, inQuantity: 7 }] });
    expect(over.status).toBe(400);
    expect(over.json.msg).toBe(`第1行：${s1.skuName} 实收数量 7 不能大于调出数量 6`);
    const foreignLine = await admin('PUT', `${A}/confirm-in/${d.allocationId}`, { detList: [{ detId: 999999, inQuantity: 1 }] });
    expect(foreignLine.status).toBe(400);
    const inn = await admin('PUT', `${A}/confirm-in/${d.allocationId}`, { note: '少到 2 件', detList: [{ detId: lines[0].detId, inQuantity: 4 }] });
    expect(inn.status).toBe(200);
    expect(inn.json.data).toMatchObject({ status: 3, totalQuantity: 9, totalInQuantity: 7, diffQuantity: -2, inUserName: '系统管理员' });
    expect(inn.json.data.detList.map((l: Json) => [l.inQuantity, l.diffQuantity])).toEqual([[4, -2], [3, 0]]);
    expect(inn.json.data.history.at(-1)).toMatchObject({ actionLabel: '确认收货', fromStatus: 2, toStatus: 3 });
    expect(inn.json.data.history.at(-1).note).toContain('少到 2 件');
    const after1 = await balance(shopWh.whId, s1.skuId);
    expect(after1.onHand).toBe(before1.onHand + 4);
    expect(after1.inTransit).toBe(before1.inTransit);
    expect((await balance(shopWh.whId, s2.skuId)).onHand).toBe(before2.onHand + 3);
    for (const [wh, sku] of [[central.whId, s1.skuId], [shopWh.whId, s1.skuId]]) {
      const b = await balance(wh, sku);
      expect(await ledgerSums(wh, sku)).toEqual({ qty: b.onHand, inTransit: b.inTransit });
    }
    // Un-audit: back in transit, the received stock taken back.
    const un = await admin('PUT', `${A}/un-audit/${d.allocationId}`, {});
    expect(un.status).toBe(200);
    expect(un.json.data).toMatchObject({ status: 2, totalInQuantity: null });
    expect(await balance(shopWh.whId, s1.skuId)).toMatchObject({ onHand: before1.onHand, inTransit: before1.inTransit + 6 });
    // Editing or deleting a document that left is refused.
    expect((await admin('PUT', `${A}/edit`, { allocationId: d.allocationId, outWhId: central.whId, inWhId: shopWh.whId, detList: [{ skuId: s1.skuId, quantity: 1 }] })).status).toBe(409);
    expect((await admin('DELETE', `${A}/delete/${d.allocationId}`)).status).toBe(409);
  });

  it('a shortfall is posted as 调拨短少 at the cost the goods left at; un-audit takes it back; Σ ledger = balances throughout', async () => {
    const sku = skus[13];
    const before = await balance(shopWh.whId, sku.skuId);
    const d = (await draft([{ skuId: sku.skuId, quantity: 5 }])).json.data;
    const out = await admin('PUT', `${A}/confirm-out/${d.allocationId}`, {});
    const cost = out.json.data.detList[0].unitCost as number;
    const detId = out.json.data.detList[0].detId as number;
    const inn = await admin('PUT', `${A}/confirm-in/${d.allocationId}`, { detList: [{ detId, inQuantity: 3 }] });
    expect(inn.status, inn.body).toBe(200);
    const lossAmount = Math.round(2 * cost * 100) / 100;
    expect(inn.json.data.history.at(-1).note).toBe(`实收 3，差异 -2；短少 2 件记为损耗（成本 ${lossAmount.toFixed(2)} 元）`);
    const rows = async () =>
      (await admin('POST', 'wxy-warehouse-server/wh-stock-log/pd/page/1/50', { docNo: d.allocationNo })).json.data.records
        .map((r: Json) => [r.docType, r.whId, r.qty, r.inTransitDelta, r.unitCost, r.amount])
        .sort((x: Json[], y: Json[]) => `${x[0]}${x[1]}${x[2]}${x[3]}`.localeCompare(`${y[0]}${y[1]}${y[2]}${y[3]}`));
    expect(await rows()).toEqual(
      [
        ['allocation', central.whId, -5, 0, cost, -Math.round(5 * cost * 100) / 100],
        ['allocation', shopWh.whId, 0, 5, expect.any(Number), 0],
        ['allocation', shopWh.whId, 3, -3, cost, Math.round(3 * cost * 100) / 100],
        ['allocationLoss', shopWh.whId, 0, -2, cost, -lossAmount],
      ].sort((x, y) => `${x[0]}${x[1]}${x[2]}${x[3]}`.localeCompare(`${y[0]}${y[1]}${y[2]}${y[3]}`)),
    );
    const types = (await admin('GET', 'wxy-system-server/ms-data-dictionary/findList/docType')).json.data as Json[];
    expect(types).toEqual(expect.arrayContaining([expect.objectContaining({ label: '调拨短少', value: 'allocationLoss' }), expect.objectContaining({ label: '调拨短少退回调出方', value: 'allocationClaim' })]));
    const after = await balance(shopWh.whId, sku.skuId);
    expect(after).toMatchObject({ onHand: before.onHand + 3, inTransit: before.inTransit });
    for (const wh of [central.whId, shopWh.whId]) {
      const b = await balance(wh, sku.skuId);
      expect(await ledgerSums(wh, sku.skuId)).toEqual({ qty: b.onHand, inTransit: b.inTransit });
    }
    // Un-audit: the 3 received leave, the 2 lost come back into transit, at the value they were lost at.
    expect((await admin('PUT', `${A}/un-audit/${d.allocationId}`, {})).status).toBe(200);
    expect(await balance(shopWh.whId, sku.skuId)).toMatchObject({ onHand: before.onHand, inTransit: before.inTransit + 5 });
    const net = await s.db.tenant(1, (tx) =>
      tx.query<{ t: string; a: string }>(`SELECT sum(in_transit_delta) AS t, sum(amount) AS a FROM stock_ledger WHERE doc_type = 'allocationLoss' AND doc_id = $1`, [d.allocationId]),
    );
    expect([Number(net.rows[0].t), Number(net.rows[0].a)]).toEqual([0, 0]);
    for (const wh of [central.whId, shopWh.whId]) {
      const b = await balance(wh, sku.skuId);
      expect(await ledgerSums(wh, sku.skuId)).toEqual({ qty: b.onHand, inTransit: b.inTransit });
    }
    // Received again in full: no loss this time.
    const again = await admin('PUT', `${A}/confirm-in/${d.allocationId}`, {});
    expect(again.json.data.diffQuantity).toBe(0);
    expect(await balance(shopWh.whId, sku.skuId)).toMatchObject({ onHand: before.onHand + 5, inTransit: before.inTransit });
  });

  it('短少由调出方承担: the shortfall goes back on the sender\'s stock at the cost it left at; un-audit takes it out again', async () => {
    const sku = skus[14];
    const src = await balance(central.whId, sku.skuId);
    const dst = await balance(shopWh.whId, sku.skuId);
    const d = (await draft([{ skuId: sku.skuId, quantity: 4 }])).json.data;
    const out = await admin('PUT', `${A}/confirm-out/${d.allocationId}`, {});
    const cost = out.json.data.detList[0].unitCost as number;
    const detId = out.json.data.detList[0].detId as number;
    const inn = await admin('PUT', `${A}/confirm-in-claim/${d.allocationId}`, { detList: [{ detId, inQuantity: 1 }] });
    expect(inn.status, inn.body).toBe(200);
    expect(inn.json.data).toMatchObject({ status: 3, totalInQuantity: 1, diffQuantity: -3 });
    expect(inn.json.data.history.at(-1).actionLabel).toBe('确认收货（短少由调出方承担）');
    expect(inn.json.data.history.at(-1).note).toContain(`退回调出方「${central.whName}」承担`);
    expect(await balance(central.whId, sku.skuId)).toMatchObject({ onHand: src.onHand - 1, avgCost: src.avgCost });
    expect(await balance(shopWh.whId, sku.skuId)).toMatchObject({ onHand: dst.onHand + 1, inTransit: dst.inTransit });
    const claim = await s.db.tenant(1, (tx) =>
      tx.query<{ wh_id: number; qty: string; t: string; unit_cost: string; amount: string }>(
        `SELECT wh_id, qty, in_transit_delta AS t, unit_cost, amount FROM stock_ledger WHERE doc_type = 'allocationClaim' AND doc_id = $1 ORDER BY wh_id = $2 DESC`,
        [d.allocationId, central.whId],
      ),
    );
    expect(claim.rows.map((r) => [Number(r.wh_id), Number(r.qty), Number(r.t), Number(r.unit_cost), Number(r.amount)])).toEqual([
      [central.whId, 3, 0, cost, Math.round(3 * cost * 100) / 100],
      [shopWh.whId, 0, -3, cost, -Math.round(3 * cost * 100) / 100],
    ]);
    for (const wh of [central.whId, shopWh.whId]) {
      const b = await balance(wh, sku.skuId);
      expect(await ledgerSums(wh, sku.skuId)).toEqual({ qty: b.onHand, inTransit: b.inTransit });
    }
    expect((await admin('PUT', `${A}/un-audit/${d.allocationId}`, {})).status).toBe(200);
    expect(await balance(central.whId, sku.skuId)).toMatchObject({ onHand: src.onHand - 4 });
    expect(await balance(shopWh.whId, sku.skuId)).toMatchObject({ onHand: dst.onHand, inTransit: dst.inTransit + 4 });
    for (const wh of [central.whId, shopWh.whId]) {
      const b = await balance(wh, sku.skuId);
      expect(await ledgerSums(wh, sku.skuId)).toEqual({ qty: b.onHand, inTransit: b.inTransit });
    }
    // Cancelling the transfer now puts all 4 back on the sender.
    expect((await admin('PUT', `${A}/cancel-out/${d.allocationId}`, {})).status).toBe(200);
    expect((await balance(central.whId, sku.skuId)).onHand).toBe(src.onHand);
  });

  it('a transfer of more than is available is refused naming the SKU, and nothing moves', async () => {
    const sku = skus[8];
    const src = await balance(central.whId, sku.skuId);
    const d = (await draft([{ skuId: skus[9].skuId, quantity: 1 }, { skuId: sku.skuId, quantity: src.onHand + 1 }])).json.data;
    const r = await admin('PUT', `${A}/confirm-out/${d.allocationId}`, {});
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(`库存不足：${sku.skuName}（${central.whName}）可用 ${src.onHand}，需要 ${src.onHand + 1}`);
    expect((await balance(central.whId, sku.skuId)).onHand).toBe(src.onHand);
    expect((await admin('GET', `${A}/info/${d.allocationId}`)).json.data.status).toBe(1);
  });

  it('batch confirm-out and batch delete answer per document', async () => {
    const ok1 = (await draft([{ skuId: skus[10].skuId, quantity: 1 }])).json.data;
    const ok2 = (await draft([{ skuId: skus[11].skuId, quantity: 1 }])).json.data;
    await admin('PUT', `${A}/confirm-out/${ok2.allocationId}`, {});
    const r = await admin('PUT', `${A}/batch-confirm-out`, { ids: [ok1.allocationId, ok2.allocationId] });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ success: 1, fail: 1 });
    expect(r.json.msg).toBe(`1 条成功，1 条失败：单据 ${ok2.allocationNo} 状态已变更`);
    const d3 = (await draft([{ skuId: skus[12].skuId, quantity: 1 }])).json.data;
    const del = await admin('POST', `${A}/batch/delete`, { ids: [d3.allocationId, ok1.allocationId] });
    expect(del.json.data).toMatchObject({ success: 1, fail: 1 });
    expect((await admin('GET', `${A}/info/${d3.allocationId}`)).status).toBe(404);
  });

  it('incoming and outgoing pages, exports of both and of the lines, and the printed ticket', async () => {
    const incoming = await admin('POST', `${A}/input-page`, { pageNum: 1, pageSize: 5, inWhId: shopWh.whId });
    expect(incoming.status).toBe(200);
    expect((incoming.json.data.records as Json[]).every((r) => r.inWhId === shopWh.whId && r.inWhName === shopWh.whName)).toBe(true);
    expect(incoming.json.data.records.length).toBeLessThanOrEqual(5);
    const outCsv = await admin('POST', `${A}/export/out`, { outWhId: central.whId });
    expect(outCsv.status).toBe(200);
    expect(outCsv.body.split('\r\n')[0]).toContain('调拨单号');
    expect((await admin('POST', `${A}/export/in`, { inWhId: shopWh.whId })).status).toBe(200);
    const first = incoming.json.data.records[0];
    const lines = await admin('POST', `${A}/export/batch`, { allocationIds: [first.allocationId] });
    expect(lines.status).toBe(200);
    expect(lines.body.split('\r\n')[0]).toContain('实收数量');
    const pdf = await s.call('GET', `/api/${A}/ticket/${first.allocationId}/pdf`, { token: await s.login('admin', 'admin123'), tenant: 1 });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const data = (await admin('GET', `${A}/ticket/${first.allocationId}/data`)).json.data;
    expect(data.data.allocationNo).toBe(first.allocationNo);
  });

  it('shop01 without the warehouse menus is refused; another tenant sees nothing', async () => {
    expect((await shop('POST', `${A}/output-page`, {})).status).toBe(403);
    expect((await shop('POST', `${A}/add`, { outWhId: central.whId, inWhId: shopWh.whId, detList: [{ skuId: skus[0].skuId, quantity: 1 }] })).status).toBe(403);
    const mine = (await admin('POST', `${A}/output-page`, { pageNum: 1, pageSize: 1 })).json.data.records[0];
    expect((await other('GET', `${A}/info/${mine.allocationId}`)).status).toBe(404);
    expect((await other('PUT', `${A}/confirm-out/${mine.allocationId}`, {})).status).toBe(404);
    expect((await other('POST', `${A}/output-page`, { pageNum: 1, pageSize: 50 })).json.data.records.find((r: Json) => r.allocationId === mine.allocationId)).toBeUndefined();
  });

  it('twenty parallel confirm-outs drawing on one SKU send exactly what is available, never below zero', async () => {
    const sku = skus[20];
    const { onHand } = await balance(central.whId, sku.skuId);
    const each = Math.max(1, Math.floor(onHand / 7));
    const docs = await Promise.all(Array.from({ length: 20 }, () => draft([{ skuId: sku.skuId, quantity: each }], { inWhId: shopWh2.whId })));
    const answers = await Promise.all(docs.map((d) => admin('PUT', `${A}/confirm-out/${d.json.data.allocationId}`, {})));
    const sent = answers.filter((a) => a.status === 200).length;
    expect(sent).toBe(Math.min(20, Math.floor(onHand / each)));
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.json.msg.startsWith('库存不足'))).toBe(true);
    const after = await balance(central.whId, sku.skuId);
    expect(after.onHand).toBe(onHand - sent * each);
    expect(after.onHand).toBeGreaterThanOrEqual(0);
    expect((await ledgerSums(central.whId, sku.skuId)).qty).toBe(after.onHand);
    const dst = await balance(shopWh2.whId, sku.skuId);
    expect((await ledgerSums(shopWh2.whId, sku.skuId)).inTransit).toBe(dst.inTransit);
  });
});

describe('其他出库', () => {
  it('a draft confirmed takes stock out at the moving-average cost; pages take paging in the body', async () => {
    const sku = skus[15];
    const before = await balance(central.whId, sku.skuId);
    const d = (await admin('POST', `${O}/add`, { whId: central.whId, reason: 1, remark: '破损', detList: [{ skuId: sku.skuId, quantity: 3 }] })).json.data;
    expect(d.stockOutNo).toMatch(/^QTCK\d{8}-\d{4}$/);
    const r = await admin('PUT', `${O}/confirm/${d.stockOutId}`, {});
    expect(r.status).toBe(200);
    expect(r.json.data.status).toBe(2);
    expect(r.json.data.detList[0].unitCost).toBe(before.avgCost);
    expect(r.json.data.totalAmount).toBe(Math.round(before.avgCost * 3 * 100) / 100);
    expect((await balance(central.whId, sku.skuId)).onHand).toBe(before.onHand - 3);
    const det = await admin('GET', `${O}/det/${d.stockOutId}`);
    expect(det.json.data.map((l: Json) => l.skuName)).toEqual([sku.skuName]);
    const page = await admin('POST', `${O}/page`, { pageNum: 1, pageSize: 2, status: 2 });
    expect(page.json.data.records.length).toBeLessThanOrEqual(2);
    expect(page.json.data.total).toBeGreaterThanOrEqual(2);
    const page2 = await admin('POST', `${O}/page`, { pageNum: 2, pageSize: 1, status: 2 });
    expect(page2.json.data.records[0].stockOutId).not.toBe(page.json.data.records[0].stockOutId);
    expect((await admin('POST', `${O}/page`, { pageNum: 0, pageSize: 2 })).status).toBe(400);
  });

  it('more than on hand is refused and nothing moves; shop01 is refused', async () => {
    const sku = skus[16];
    const before = await balance(central.whId, sku.skuId);
    const d = (await admin('POST', `${O}/add`, { whId: central.whId, reason: 2, detList: [{ skuId: sku.skuId, quantity: before.onHand + 5 }] })).json.data;
    const r = await admin('PUT', `${O}/confirm/${d.stockOutId}`, {});
    expect(r.status).toBe(409);
    expect(r.json.msg).toContain('库存不足');
    expect((await balance(central.whId, sku.skuId)).onHand).toBe(before.onHand);
    expect((await shop('POST', `${O}/page`, {})).status).toBe(403);
  });
});

describe('退货', () => {
  const T = 'wxy-warehouse-server/return-order';
  let allocation: Json;
  beforeAll(async () => {
    // A transfer of 5 + 4, received with the first line one short (4 + 4).
    const d = (await draft([{ skuId: skus[25].skuId, quantity: 5 }, { skuId: skus[26].skuId, quantity: 4 }])).json.data;
    await admin('PUT', `${A}/confirm-out/${d.allocationId}`, {});
    await admin('PUT', `${A}/confirm-in/${d.allocationId}`, { detList: [{ detId: d.detList[0].detId, inQuantity: 4 }] });
    allocation = (await admin('GET', `${A}/info/${d.allocationId}`)).json.data;
  });

  it('returns goods of a received transfer at its cost, never more than received less what came back already', async () => {
    const [s1] = [skus[25]];
    const lines = (await admin('POST', `${T}/findDetListByAllocation`, { allocationId: allocation.allocationId })).json.data as Json[];
    expect(lines.map((l) => [l.skuName, l.receivedQuantity, l.returnableQuantity])).toEqual([[s1.skuName, 4, 4], [skus[26].skuName, 4, 4]]);
    const over = await admin('POST', `${T}/save`, { allocationId: allocation.allocationId, detList: [{ skuId: s1.skuId, quantity: 5 }] });
    expect(over.status).toBe(400);
    expect(over.json.msg).toBe(`第1行：${s1.skuName} 实收 4，已退 0，最多还能退 4`);
    const before = { shop: await balance(shopWh.whId, s1.skuId), centre: await balance(central.whId, s1.skuId) };
    const r = (await admin('POST', `${T}/save`, { allocationId: allocation.allocationId, reason: 2, detList: [{ skuId: s1.skuId, quantity: 3 }] })).json.data;
    expect(r).toMatchObject({ status: 1, allocationNo: allocation.allocationNo, outWhName: shopWh.whName, inWhName: central.whName, totalQuantity: 3 });
    expect(r.returnNo).toMatch(/^TH\d{8}-\d{4}$/);
    expect(r.detList[0].unitCost).toBe(allocation.detList[0].unitCost);
    const [a, b] = await Promise.all([admin('PUT', `${T}/audit/${r.returnId}`, {}), admin('PUT', `${T}/audit/${r.returnId}`, {})]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await balance(shopWh.whId, s1.skuId)).onHand).toBe(before.shop.onHand - 3);
    expect((await balance(central.whId, s1.skuId)).onHand).toBe(before.centre.onHand + 3);
    // Only 1 more can come back now.
    const second = (await admin('POST', `${T}/save`, { allocationId: allocation.allocationId, detList: [{ skuId: s1.skuId, quantity: 2 }] })).json;
    expect(second.msg).toBe(`第1行：${s1.skuName} 实收 4，已退 3，最多还能退 1`);
    const stats = (await admin('POST', `${T}/statistics`, { outWhId: shopWh.whId })).json.data as Json[];
    expect(stats[0]).toMatchObject({ outWhName: shopWh.whName, auditedCount: 1, returnedQuantity: 3 });
    // Un-audit reverses; the draft can then be deleted.
    expect((await admin('PUT', `${T}/unAudit/${r.returnId}`, {})).status).toBe(200);
    expect((await balance(shopWh.whId, s1.skuId)).onHand).toBe(before.shop.onHand);
    expect((await admin('GET', `${T}/get/${r.returnId}`)).json.data.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '审核', '反审核']);
    expect((await admin('POST', `${T}/findPage`, { pageNum: 1, pageSize: 5, allocationNo: allocation.allocationNo })).json.data.total).toBe(1);
    expect((await admin('GET', `${T}/export/info/${r.returnId}`)).body.split('\r\n')[0]).toContain('退货数量');
    expect((await admin('DELETE', `${T}/deleteById/${r.returnId}`)).status).toBe(200);
  });

  it('imports returns from a spreadsheet: rows of one transfer make one draft; any bad row writes nothing', async () => {
    const template = (await admin('GET', `${T}/download/template`)).raw;
    expect(await headerOf(template)).toEqual(['调拨单号', 'SKU编码', '退货数量', '退货原因', '备注']);
    const token = await s.login('admin', 'admin123');
    const count = async () => (await admin('POST', `${T}/findPage`, { pageNum: 1, pageSize: 1 })).json.data.total;
    const before = await count();
    const bad = await fillTemplate(template, [
      { 调拨单号: allocation.allocationNo, SKU编码: skus[26].skuCode, 退货数量: 3, 退货原因: '临期' },
      { 调拨单号: allocation.allocationNo, SKU编码: skus[26].skuCode, 退货数量: 2 },
      { 调拨单号: 'DB-NOPE', SKU编码: skus[26].skuCode, 退货数量: 1 },
    ]);
    const refused = await uploadXlsx(s, token, `${T}/import`, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors.map((e: Json) => [e.row, e.field])).toEqual([[3, '退货数量'], [4, '调拨单号']]);
    expect(refused.json().data.errors[0].message).toBe('退货数量 2 超过可退数量 1');
    expect(await count()).toBe(before);
    const good = await fillTemplate(template, [{ 调拨单号: allocation.allocationNo, SKU编码: skus[26].skuCode, 退货数量: 4, 退货原因: '临期', 备注: '临期退回' }]);
    const done = await uploadXlsx(s, token, `${T}/import`, good);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.orders).toBe(1);
    const made = (await admin('POST', `${T}/findPage`, { pageNum: 1, pageSize: 1 })).json.data.records[0];
    expect(made).toMatchObject({ allocationNo: allocation.allocationNo, reason: 3, status: 1, totalQuantity: 4, outWhName: shopWh.whName });
  });

  it('a transfer still on its way cannot be returned; shop01 and other tenants are kept out', async () => {
    const d = (await draft([{ skuId: skus[27].skuId, quantity: 1 }])).json.data;
    await admin('PUT', `${A}/confirm-out/${d.allocationId}`, {});
    const r = await admin('POST', `${T}/save`, { allocationId: d.allocationId, detList: [{ skuId: skus[27].skuId, quantity: 1 }] });
    expect(r.status).toBe(409);
    expect(r.json.msg).toMatch(/尚未收货，不能退货$/);
    expect((await shop('POST', `${T}/findPage`, {})).status).toBe(403);
    expect((await other('POST', `${T}/findDetListByAllocation`, { allocationId: allocation.allocationId })).status).toBe(404);
  });
});
