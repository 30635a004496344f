import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 盘点 (wh-inventory): counting never freezes the warehouse — each count is measured against the book when it
 * is entered, so moves during the count are neither lost nor counted twice; posting writes each difference once.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let wh: Json;
let skus: Json[];

const I = 'wxy-warehouse-server/wh-inventory';

async function onHand(whId: number, skuId: number): Promise<number> {
  const r = await s.db.tenant(1, (tx) => tx.query<{ on_hand: string }>(`SELECT on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]));
  return Number(r.rows[0]?.on_hand ?? 0);
}
async function ledgerSum(whId: number, skuId: number): Promise<number> {
  const r = await s.db.tenant(1, (tx) => tx.query<{ q: string }>(`SELECT coalesce(sum(qty), 0) AS q FROM stock_ledger WHERE wh_id = $1 AND sku_id = $2`, [whId, skuId]));
  return Number(r.rows[0].q);
}
const otherIn = async (skuId: number, quantity: number) => {
  const d = (await admin('POST', 'wxy-warehouse-server/wh-other-stock-in/add', { whId: wh.whId, reason: 5, detList: [{ skuId, quantity, unitCost: 1 }] })).json.data;
  expect((await admin('PUT', `wxy-warehouse-server/wh-other-stock-in/confirm/${d.stockInId}`, {})).status).toBe(200);
};

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  wh = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/10', { whType: 1 })).json.data.records[2];
  skus = (await admin('GET', 'wxy-production-server/pd-sku/findPage/1/100?status=1')).json.data.records.slice(80);
}, 180_000);
afterAll(async () => s?.stop());

describe('盘点', () => {
  it('demo data: one stocktake in each state, the posted one with its differences', async () => {
    const page = await admin('POST', `${I}/page`, { pageNum: 1, pageSize: 10 });
    expect(page.status).toBe(200);
    expect((page.json.data.records as Json[]).map((r) => r.status).sort()).toEqual([1, 2, 3]);
    const checked = (page.json.data.records as Json[]).find((r) => r.status === 2)!;
    expect(checked).toMatchObject({ remark: '季度抽盘（已复核）', countedLines: 8, diffQuantity: 1 });
    expect((await admin('POST', `${I}/filter-page`, { pageNum: 1, pageSize: 10, status: 2 })).json.data.records.map((r: Json) => r.inventoryId)).toEqual([checked.inventoryId]);
    const posted = (page.json.data.records as Json[]).find((r) => r.status === 3)!;
    const diffs = (await admin('GET', `${I}/v2/findCorrectionDetList/${posted.inventoryId}`)).json.data as Json[];
    expect(diffs.map((d) => d.diffQuantity).sort()).toEqual([-1, 2]);
    const status = (await admin('GET', `${I}/status-list`)).json.data;
    expect(status).toEqual([{ value: 1, label: '盘点中', count: 1 }, { value: 2, label: '已复核', count: 1 }, { value: 3, label: '已过账', count: 1 }]);
  });

  it('counts are measured against the book when entered: a receipt during the count is not a gain; posting is once', async () => {
    const [a, b, c] = skus;
    const booked = { a: await onHand(wh.whId, a.skuId), b: await onHand(wh.whId, b.skuId), c: await onHand(wh.whId, c.skuId) };
    const created = await admin('POST', `${I}/add`, { whId: wh.whId, remark: '抽盘', detList: [{ skuId: a.skuId }, { skuId: b.skuId }, { skuId: c.skuId }] });
    expect(created.status).toBe(200);
    const doc = created.json.data;
    expect(doc).toMatchObject({ status: 1, scope: 2, totalLines: 3, countedLines: 0, whName: wh.whName });
    expect(doc.inventoryNo).toMatch(/^PD\d{8}-\d{4}$/);
    expect(doc.detList.map((l: Json) => l.bookQuantity)).toEqual([booked.a, booked.b, booked.c]);
    const lines = doc.detList as Json[];
    // a is counted first (2 short); then 5 of b arrive while people count; b is counted with them (no difference).
    await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: lines[0].detId, quantity: booked.a - 2 }] });
    await otherIn(b.skuId, 5);
    // And 3 more of a arrive after a was counted: a's difference stays -2.
    await otherIn(a.skuId, 3);
    const counted = await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: lines[1].detId, quantity: booked.b + 5 }] });
    expect(counted.status).toBe(200);
    expect(counted.json.data.detList.map((l: Json) => [l.quantity, l.diffQuantity])).toEqual([[booked.a - 2, -2], [booked.b + 5, 0], [null, null]]);
    expect(counted.json.data.countedLines).toBe(2);
    // The preview says what would post now.
    const preview = (await admin('POST', 'wxy-warehouse-server/wh-inventory-correction/difference/calculate', { inventoryId: doc.inventoryId })).json.data;
    expect(preview).toMatchObject({ diffLines: 1, lossQuantity: 2, gainQuantity: 0, uncountedAs: 1 });
    // Check, then post; twice at once posts once.
    expect((await admin('PUT', `${I}/check/${doc.inventoryId}`, {})).json.data.status).toBe(2);
    expect((await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: lines[2].detId, quantity: 1 }] })).status).toBe(409);
    const before = await onHand(wh.whId, a.skuId);
    const [x, y] = await Promise.all([admin('PUT', `${I}/submit/${doc.inventoryId}`, {}), admin('PUT', `${I}/v2/submit`, { id: doc.inventoryId })]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await onHand(wh.whId, a.skuId)).toBe(before - 2);
    expect(await onHand(wh.whId, c.skuId)).toBe(booked.c); // not counted: left alone
    for (const sku of [a, b, c]) expect(await ledgerSum(wh.whId, sku.skuId)).toBe(await onHand(wh.whId, sku.skuId));
    const info = (await admin('GET', `${I}/info/${doc.inventoryKey}`)).json.data;
    expect(info).toMatchObject({ status: 3, diffQuantity: -2, submitUserName: '系统管理员' });
    expect(info.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '保存盘点数', '保存盘点数', '复核', '过账']);
    const primary = (await admin('GET', `${I}/v2/primary/info/${doc.inventoryKey}`)).json.data;
    expect(primary.detList).toBeUndefined();
    const log = (await admin('POST', 'wxy-warehouse-server/wh-stock-log/pd/page/1/10', { docNo: doc.inventoryNo })).json.data.records as Json[];
    expect(log.map((r) => [r.skuName, r.qty])).toEqual([[a.skuName, -2]]);
  });

  it('a whole-warehouse stocktake takes every SKU with stock there; uncounted lines count as zero when configured', async () => {
    const small = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/50', { whType: 2 })).json.data.records[8];
    const whole = await admin('POST', `${I}/add`, { whId: small.whId, detList: [] });
    expect(whole.status).toBe(200);
    const n = await s.db.tenant(1, async (tx) => Number((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM stock_balance WHERE wh_id = $1`, [small.whId])).rows[0].n));
    expect(whole.json.data).toMatchObject({ scope: 1, totalLines: n });
    const again = await admin('POST', `${I}/add`, { whId: small.whId, detList: [] });
    expect(again.status).toBe(409);
    expect(again.json.msg).toMatch(/已有进行中的全仓盘点/);
    expect((await admin('POST', `${I}/updateInventoryConfig`, { uncountedAs: 2 })).status).toBe(200);
    expect((await admin('POST', `${I}/inventoryConfig`, {})).json.data).toMatchObject({ uncountedAs: 2 });
    const id = whole.json.data.inventoryId;
    const first = whole.json.data.detList[0];
    await admin('POST', `${I}/check-num`, { inventoryId: id, detList: [{ detId: first.detId, quantity: first.bookQuantity }] });
    const spus = (await admin('GET', `${I}/v2/spu-list?inventoryId=${id}`)).json.data as Json[];
    expect(spus.reduce((a, r) => a + r.skuCount, 0)).toBe(n);
    await admin('PUT', `${I}/check/${id}`, {});
    expect((await admin('PUT', `${I}/submit/${id}`, {})).status).toBe(200);
    const second = whole.json.data.detList[1];
    expect(await onHand(small.whId, second.skuId)).toBe(0);
    const merged = (await admin('POST', 'wxy-warehouse-server/wh-inventory-diff-det/list/merge', { whId: small.whId })).json.data as Json[];
    expect(merged.length).toBe(n - 1);
    const list = (await admin('POST', 'wxy-warehouse-server/wh-inventory-diff-det/list', { whId: small.whId, pageNum: 1, pageSize: 5 })).json.data;
    expect(list.total).toBe(n - 1);
    expect(list.records).toHaveLength(Math.min(5, n - 1));
    await admin('POST', `${I}/updateInventoryConfig`, { uncountedAs: 1 });
  });

  it('adds and removes lines while counting, refuses bad counts, and deletes only while counting', async () => {
    const d = (await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: skus[5].skuId }] })).json.data;
    const adj = await admin('POST', `${I}/adjust-det`, { inventoryId: d.inventoryId, addSkuIds: [skus[6].skuId, skus[7].skuId], removeDetIds: [d.detList[0].detId] });
    expect(adj.json.msg).toBe('加入 2 个、移除 1 个商品');
    const lines = (await admin('GET', `${I}/sku-list?inventoryId=${d.inventoryId}`)).json.data;
    expect(lines.total).toBe(2);
    expect((await admin('POST', `${I}/check-num`, { inventoryId: d.inventoryId, detList: [{ detId: lines.records[0].detId, quantity: -1 }] })).status).toBe(400);
    expect((await admin('POST', `${I}/check-num`, { inventoryId: d.inventoryId, detList: [{ detId: lines.records[0].detId, quantity: 1.5 }] })).status).toBe(400);
    expect((await admin('POST', `${I}/check-num`, { inventoryId: d.inventoryId, detList: [{ detId: 99999999, quantity: 1 }] })).status).toBe(400);
    expect((await admin('POST', `${I}/edit`, { inventoryId: d.inventoryId, remark: '改备注' })).status).toBe(200);
    expect((await admin('PUT', `${I}/check/${d.inventoryId}`, {})).json.msg).toBe('还没有录入任何盘点数量，不能复核');
    const del = await admin('DELETE', `${I}/v2/bacth/delete`, { ids: [d.inventoryId] });
    expect(del.json.data).toMatchObject({ success: 1, fail: 0 });
  });

  it('prints, exports, and keeps shop01 and other tenants out', async () => {
    const first = (await admin('POST', `${I}/page`, { pageNum: 1, pageSize: 1 })).json.data.records[0];
    const token = await s.login('admin', 'admin123');
    const pdf = await s.call('GET', `/api/${I}/ticket/${first.inventoryId}`, { token, tenant: 1 });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await admin('POST', `${I}/export`, {})).body.split('\r\n')[0]).toContain('盘点单号');
    expect((await admin('POST', `${I}/v2/export`, { inventoryId: first.inventoryId })).body.split('\r\n')[0]).toContain('实盘数量');
    expect((await shop('POST', `${I}/page`, {})).status).toBe(403);
    expect((await shop('GET', `${I}/info/${first.inventoryKey}`)).status).toBe(403);
    expect((await other('GET', `${I}/info/${first.inventoryKey}`)).status).toBe(404);
    expect((await other('PUT', `${I}/submit/${first.inventoryId}`, {})).status).toBe(404);
  });
});

const otherOut = async (whId: number, skuId: number, quantity: number) => {
  const d = (await admin('POST', 'wxy-warehouse-server/wh-other-stock-out/add', { whId, reason: 1, detList: [{ skuId, quantity }] })).json.data;
  expect((await admin('PUT', `wxy-warehouse-server/wh-other-stock-out/confirm/${d.stockOutId}`, {})).status).toBe(200);
};
const maxLedgerId = async () =>
  Number((await s.db.tenant(1, (tx) => tx.query<{ m: string }>(`SELECT coalesce(max(ledger_id), 0) AS m FROM stock_ledger`))).rows[0].m);
const ledgerBetween = async (whId: number, skuId: number, after: number, upTo: number) =>
  Number(
    (
      await s.db.tenant(1, (tx) =>
        tx.query<{ q: string }>(`SELECT coalesce(sum(qty), 0) AS q FROM stock_ledger WHERE wh_id = $1 AND sku_id = $2 AND ledger_id > $3 AND ledger_id <= $4`, [whId, skuId, after, upTo]),
      )
    ).rows[0].q,
  );
const noticesOf = async (type: number, id: number) =>
  (await s.db.tenant(1, (tx) => tx.query<{ user_id: number; message_type_info: string }>(`SELECT user_id, message_type_info FROM sys_message WHERE business_type = $1 AND business_id = $2`, [type, String(id)]))).rows;
const docsCount = async () => Number((await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM wh_inventory`))).rows[0].n);

describe('盘点：快照、录入时账面与过账', () => {
  it('difference = counted - (snapshot + ledger moves since the snapshot up to the count); moves after the count stay in the book', async () => {
    const [a, b] = [skus[10], skus[11]];
    await otherIn(a.skuId, 20);
    await otherIn(b.skuId, 20);
    const snapshotAt = await maxLedgerId();
    const doc = (await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: a.skuId }, { skuId: b.skuId }] })).json.data;
    const [la, lb] = doc.detList as Json[];
    const snap = { a: await onHand(wh.whId, a.skuId), b: await onHand(wh.whId, b.skuId) };
    expect([la.bookQuantity, lb.bookQuantity]).toEqual([snap.a, snap.b]);
    // Between the snapshot and the count: 5 of a come in, 3 of b go out (the warehouse is not frozen).
    await otherIn(a.skuId, 5);
    await otherOut(wh.whId, b.skuId, 3);
    // a is found 1 short of the book at this moment, b exactly as booked.
    const counted = (await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: la.detId, quantity: snap.a + 5 - 1 }, { detId: lb.detId, quantity: snap.b - 3 }] })).json.data;
    const countedAt = await maxLedgerId();
    const [ca, cb] = counted.detList as Json[];
    expect(ca.bookAtCount).toBe(ca.bookQuantity + (await ledgerBetween(wh.whId, a.skuId, snapshotAt, countedAt)));
    expect(cb.bookAtCount).toBe(cb.bookQuantity + (await ledgerBetween(wh.whId, b.skuId, snapshotAt, countedAt)));
    expect([ca.bookAtCount, ca.diffQuantity, cb.bookAtCount, cb.diffQuantity]).toEqual([snap.a + 5, -1, snap.b - 3, 0]);
    // After the count and before the submit: 2 more of a arrive, 4 of b go out.
    await otherIn(a.skuId, 2);
    await otherOut(wh.whId, b.skuId, 4);
    await admin('PUT', `${I}/check/${doc.inventoryId}`, {});
    const posted = await admin('PUT', `${I}/submit/${doc.inventoryId}`, {});
    expect(posted.status).toBe(200);
    // on hand = what was counted + what moved after the count.
    expect(await onHand(wh.whId, a.skuId)).toBe(snap.a + 5 - 1 + 2);
    expect(await onHand(wh.whId, b.skuId)).toBe(snap.b - 3 - 4);
    for (const sku of [a, b]) expect(await ledgerSum(wh.whId, sku.skuId)).toBe(await onHand(wh.whId, sku.skuId));
    const rows = (await s.db.tenant(1, (tx) => tx.query<{ sku_id: number; qty: string; line_id: string }>(`SELECT sku_id, qty, line_id FROM stock_ledger WHERE doc_type = 'inventory' AND doc_id = $1`, [doc.inventoryId]))).rows;
    expect(rows.map((r) => [r.sku_id, Number(r.qty), Number(r.line_id)])).toEqual([[a.skuId, -1, la.detId]]);
  });

  it('re-entering a count measures it against the book again', async () => {
    const a = skus[12];
    const doc = (await admin('POST', `${I}/add_check`, { whId: wh.whId, detList: [{ skuId: a.skuId, quantity: 0 }] })).json.data;
    const book = doc.detList[0].bookAtCount as number;
    expect(doc.detList[0]).toMatchObject({ quantity: 0, diffQuantity: -book });
    await otherIn(a.skuId, 7);
    const again = (await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: doc.detList[0].detId, quantity: book + 7 }] })).json.data;
    expect(again.detList[0]).toMatchObject({ bookAtCount: book + 7, diffQuantity: 0 });
    expect((await admin('DELETE', `${I}/delete/${doc.inventoryId}`)).status).toBe(200);
    expect((await admin('GET', `${I}/detail/${doc.inventoryId}`)).status).toBe(404);
  });

  it('notices 3 (复核, to whoever posts) and 18 (过账) name the stocktake; uncounted lines are left alone by default', async () => {
    const [a, b] = [skus[13], skus[14]];
    await otherIn(b.skuId, 4);
    const doc = (await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: a.skuId }, { skuId: b.skuId }] })).json.data;
    const bBefore = await onHand(wh.whId, b.skuId);
    await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: doc.detList[0].detId, quantity: doc.detList[0].bookQuantity + 2 }] });
    expect((await admin('PUT', `${I}/check/${doc.inventoryId}`, {})).status).toBe(200);
    const three = await noticesOf(3, doc.inventoryId);
    expect(three.length).toBeGreaterThan(0);
    expect(three[0].message_type_info).toBe('盘点待过账');
    expect(await noticesOf(18, doc.inventoryId)).toEqual([]);
    const res = await admin('PUT', `${I}/submit/${doc.inventoryId}`, {});
    expect(res.json.data).toMatchObject({ status: 3, diffQuantity: 2 });
    expect((await noticesOf(18, doc.inventoryId))[0].message_type_info).toBe('盘点已过账');
    expect(await onHand(wh.whId, b.skuId)).toBe(bBefore);
    // The difference lists of the posted stocktake.
    expect(((await admin('GET', `wxy-warehouse-server/wh-inventory-diff-det/sku/diff/det/${doc.inventoryId}`)).json.data as Json[]).map((r) => [r.skuId, r.diffQuantity])).toEqual([[a.skuId, 2]]);
    const bySpu = (await admin('GET', `${I}/v2/find/correction/pd/${doc.inventoryId}`)).json.data as Json[];
    expect(bySpu).toEqual([expect.objectContaining({ spuName: a.spuName, skuCount: 1, diffQuantity: 2 })]);
  });
});

describe('盘点：拒绝', () => {
  it('refuses an unknown SKU, a SKU twice, another tenant\'s warehouse, negative and fractional counts — writing nothing', async () => {
    const before = await docsCount();
    const unknown = await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: skus[15].skuId }, { skuId: 99999999 }] });
    expect([unknown.status, unknown.json.msg]).toEqual([400, '第2行：商品不存在或已停用']);
    const twice = await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: skus[15].skuId }, { skuId: skus[15].skuId }] });
    expect(twice.status).toBe(400);
    expect(twice.json.msg).toMatch(/^第2行：.*与第1行重复$/);
    const theirWh = (await other('POST', 'wxy-warehouse-server/wh-base-info/page/1/10', {})).json.data.records[0];
    const foreign = await admin('POST', `${I}/add`, { whId: theirWh.whId, detList: [{ skuId: skus[15].skuId }] });
    expect([foreign.status, foreign.json.msg]).toEqual([400, '盘点仓库不存在']);
    const neg = await admin('POST', `${I}/add_check`, { whId: wh.whId, detList: [{ skuId: skus[15].skuId, quantity: -1 }] });
    expect(neg.status).toBe(400);
    expect(neg.json.msg).toMatch(/^第1行：实盘数量/);
    const frac = await admin('POST', `${I}/add_check`, { whId: wh.whId, detList: [{ skuId: skus[15].skuId, quantity: 2.5 }] });
    expect(frac.status).toBe(400);
    expect(frac.json.msg).toMatch(/实盘数量/);
    expect(await docsCount()).toBe(before);
    const cfg = await admin('POST', `${I}/updateInventoryConfig`, { uncountedAs: 3 });
    expect(cfg.status).toBe(400);
    expect(cfg.json.msg).toMatch(/未盘商品处理/);
    expect((await admin('POST', `${I}/inventoryConfig`, {})).json.data).toEqual({ uncountedAs: 1 });
  });

  it('a SKU is in one open stocktake of a warehouse at a time (create, whole warehouse, adjust-det, two at once)', async () => {
    const [a, b, c] = [skus[16], skus[17], skus[18]];
    await otherIn(a.skuId, 1);
    const first = (await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: a.skuId }] })).json.data;
    const overlap = await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: b.skuId }, { skuId: a.skuId }] });
    expect([overlap.status, overlap.json.msg]).toEqual([409, `第2行：商品「${a.skuName}」已在进行中的盘点单 ${first.inventoryNo} 中，不能重复盘点`]);
    const whole = await admin('POST', `${I}/add`, { whId: wh.whId, detList: [] });
    expect(whole.status).toBe(409);
    expect(whole.json.msg).toMatch(/已在进行中的盘点单/);
    const second = (await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: b.skuId }] })).json.data;
    const adj = await admin('POST', `${I}/adjust-det`, { inventoryId: second.inventoryId, addSkuIds: [a.skuId] });
    expect([adj.status, adj.json.msg]).toEqual([409, `商品「${a.skuName}」已在进行中的盘点单 ${first.inventoryNo} 中，不能重复盘点`]);
    expect((await admin('GET', `${I}/sku-list?inventoryId=${second.inventoryId}`)).json.data.total).toBe(1);
    // Another warehouse may count the same SKU.
    const elsewhere = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/10', { whType: 1 })).json.data.records[0];
    const there = await admin('POST', `${I}/add`, { whId: elsewhere.whId, detList: [{ skuId: a.skuId }] });
    expect(there.status).toBe(200);
    // Two callers starting a count of the same SKU at once: one wins.
    const both = await Promise.all([0, 1].map(() => admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: c.skuId }] })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // Deleting the first frees its SKU.
    await admin('DELETE', `${I}/delete/${first.inventoryId}`);
    expect((await admin('POST', `${I}/adjust-det`, { inventoryId: second.inventoryId, addSkuIds: [a.skuId] })).json.msg).toBe('加入 1 个、移除 0 个商品');
    const ok = both.find((r) => r.status === 200)!.json.data;
    await admin('DELETE', `${I}/v2/bacth/delete`, { ids: [second.inventoryId, there.json.data.inventoryId, ok.inventoryId] });
  });

  it('a loss the moves after the count no longer leave room for is refused at submit, naming the SKU; 反复核 lets it be counted again', async () => {
    const a = skus[9];
    await otherIn(a.skuId, 6);
    const book = await onHand(wh.whId, a.skuId);
    // Counted: none there. Afterwards the book still shows them and someone issues all but one of them.
    const doc = (await admin('POST', `${I}/add_check`, { whId: wh.whId, detList: [{ skuId: a.skuId, quantity: 0 }] })).json.data;
    await otherOut(wh.whId, a.skuId, book - 1);
    await admin('PUT', `${I}/check/${doc.inventoryId}`, {});
    const refused = await admin('PUT', `${I}/submit/${doc.inventoryId}`, {});
    expect([refused.status, refused.json.msg]).toEqual([409, `库存不足：${a.skuName}（${wh.whName}）可用 1，需要 ${book}`]);
    expect((await admin('GET', `${I}/detail/${doc.inventoryId}`)).json.data).toMatchObject({ status: 2, actions: ['uncheck', 'submit'] });
    expect(await onHand(wh.whId, a.skuId)).toBe(1);
    // Back to counting; the count entered again is measured against the book now (1): a loss of 1 posts.
    const back = await admin('PUT', `${I}/un-check/${doc.inventoryId}`, {});
    expect(back.json.data).toMatchObject({ status: 1, checkUserName: null });
    await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: doc.detList[0].detId, quantity: 0 }] });
    await admin('PUT', `${I}/check/${doc.inventoryId}`, {});
    expect((await admin('PUT', `${I}/submit/${doc.inventoryId}`, {})).json.data).toMatchObject({ status: 3, diffQuantity: -1 });
    expect([await onHand(wh.whId, a.skuId), await ledgerSum(wh.whId, a.skuId)]).toEqual([0, 0]);
    expect((await admin('GET', `${I}/detail/${doc.inventoryId}`)).json.data.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '复核', '反复核', '保存盘点数', '复核', '过账']);
  });

  it('refuses a count line twice, a line of another stocktake, and another tenant\'s SKU added while counting', async () => {
    const doc = (await admin('POST', `${I}/add`, { whId: wh.whId, detList: [{ skuId: skus[8].skuId }] })).json.data;
    const det = doc.detList[0].detId;
    const twice = await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: det, quantity: 1 }, { detId: det, quantity: 2 }] });
    expect([twice.status, twice.json.msg]).toEqual([400, `第2行：明细 ${det} 与第1行重复`]);
    const posted = (await admin('POST', `${I}/page`, { pageNum: 1, pageSize: 20, status: 3 })).json.data.records[0];
    const foreignDet = (await admin('GET', `${I}/sku-list?inventoryId=${posted.inventoryId}`)).json.data.records[0].detId;
    const stray = await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: det, quantity: 1 }, { detId: foreignDet, quantity: 2 }] });
    expect([stray.status, stray.json.msg]).toEqual([400, `第2行：明细 ${foreignDet} 不属于该盘点单`]);
    const theirSku = (await other('GET', 'wxy-production-server/pd-sku/findPage/1/1')).json.data.records[0];
    const adj = await admin('POST', `${I}/adjust-det`, { inventoryId: doc.inventoryId, addSkuIds: [theirSku.skuId] });
    expect([adj.status, adj.json.msg]).toEqual([400, `商品 ${theirSku.skuId} 不存在或已停用`]);
    expect((await admin('GET', `${I}/detail/${doc.inventoryId}`)).json.data).toMatchObject({ countedLines: 0, totalLines: 1 });
    await admin('DELETE', `${I}/delete/${doc.inventoryId}`);
  });

  it('a posted stocktake cannot be edited, counted, adjusted, deleted or posted again', async () => {
    const a = skus[19];
    const doc = (await admin('POST', `${I}/add_check`, { whId: wh.whId, detList: [{ skuId: a.skuId, quantity: 3 }] })).json.data;
    await admin('PUT', `${I}/check/${doc.inventoryId}`, {});
    expect((await admin('PUT', `${I}/submit/${doc.inventoryId}`, {})).status).toBe(200);
    const ledgerRows = async () => Number((await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM stock_ledger WHERE doc_type = 'inventory' AND doc_id = $1`, [doc.inventoryId]))).rows[0].n);
    const rows = await ledgerRows();
    const stock = await onHand(wh.whId, a.skuId);
    expect(stock).toBe(3);
    const again = await admin('PUT', `${I}/submit/${doc.inventoryId}`, {});
    expect([again.status, again.json.msg]).toEqual([409, '单据状态已变更，请刷新后重试']);
    expect((await admin('PUT', `${I}/v2/submit`, { id: doc.inventoryId })).status).toBe(409);
    expect((await admin('POST', `${I}/edit`, { inventoryId: doc.inventoryId, remark: '改' })).status).toBe(409);
    expect((await admin('POST', `${I}/check-num`, { inventoryId: doc.inventoryId, detList: [{ detId: doc.detList[0].detId, quantity: 9 }] })).status).toBe(409);
    expect((await admin('POST', `${I}/adjust-det`, { inventoryId: doc.inventoryId, removeDetIds: [doc.detList[0].detId] })).status).toBe(409);
    expect((await admin('DELETE', `${I}/delete/${doc.inventoryId}`)).status).toBe(409);
    expect((await admin('DELETE', `${I}/v2/bacth/delete`, { ids: [doc.inventoryId] })).json.data).toMatchObject({ success: 0, fail: 1 });
    expect([await ledgerRows(), await onHand(wh.whId, a.skuId)]).toEqual([rows, stock]);
    expect((await admin('GET', `${I}/detail/${doc.inventoryId}`)).json.data).toMatchObject({ status: 3, remark: null, actions: [] });
  });

  it('another tenant\'s stocktake is not found by any call; shop01 is refused every call', async () => {
    const mine = (await admin('POST', `${I}/page`, { pageNum: 1, pageSize: 20, status: 1 })).json.data.records[0];
    const id = mine.inventoryId;
    const det = (await admin('GET', `${I}/sku-list?inventoryId=${id}`)).json.data.records[0];
    const theirs: [string, string, unknown?][] = [
      ['GET', `${I}/detail/${id}`],
      ['GET', `${I}/info/${mine.inventoryKey}`],
      ['GET', `${I}/v2/primary/info/${mine.inventoryKey}`],
      ['GET', `${I}/sku-list?inventoryId=${id}`],
      ['GET', `${I}/v2/spu-list?inventoryId=${id}`],
      ['POST', `${I}/check-num`, { inventoryId: id, detList: [{ detId: det.detId, quantity: 1 }] }],
      ['POST', `${I}/edit`, { inventoryId: id, remark: 'x' }],
      ['POST', `${I}/adjust-det`, { inventoryId: id, removeDetIds: [det.detId] }],
      ['PUT', `${I}/check/${id}`, {}],
      ['DELETE', `${I}/delete/${id}`],
      ['GET', `${I}/v2/findCorrectionDetList/${id}`],
      ['GET', `${I}/v2/find/correction/pd/${id}`],
      ['GET', `wxy-warehouse-server/wh-inventory-diff-det/sku/diff/det/${id}`],
      ['POST', 'wxy-warehouse-server/wh-inventory-correction/difference/calculate', { inventoryId: id }],
    ];
    for (const [m, u, b] of theirs) expect([u, (await other(m, u, b)).status]).toEqual([u, 404]);
    expect((await other('DELETE', `${I}/v2/bacth/delete`, { ids: [id] })).json.data).toMatchObject({ success: 0, fail: 1 });
    expect((await other('POST', `${I}/page`, { pageNum: 1, pageSize: 50 })).json.data.records.map((r: Json) => r.inventoryId)).not.toContain(id);
    expect((await other('POST', 'wxy-warehouse-server/wh-inventory-diff-det/list', {})).json.data.total).toBe(0);
    expect((await admin('GET', `${I}/detail/${id}`)).json.data.detList.find((l: Json) => l.detId === det.detId)).toMatchObject({ quantity: det.quantity });
    const calls: [string, string, unknown?][] = [
      ...theirs,
      ['POST', `${I}/filter-page`, {}],
      ['POST', `${I}/add`, { whId: wh.whId, detList: [] }],
      ['POST', `${I}/add_check`, { whId: wh.whId, detList: [] }],
      ['PUT', `${I}/submit/${id}`, {}],
      ['PUT', `${I}/v2/submit`, { id }],
      ['DELETE', `${I}/v2/bacth/delete`, { ids: [id] }],
      ['GET', `${I}/status-list`],
      ['GET', `${I}/ticket/${id}`],
      ['GET', `${I}/print/${id}/data`],
      ['GET', `${I}/sku-options?keyword=1`],
      ['POST', `${I}/export`, {}],
      ['POST', `${I}/v2/export`, { inventoryId: id }],
      ['POST', `${I}/inventoryConfig`, {}],
      ['POST', `${I}/updateInventoryConfig`, { uncountedAs: 2 }],
      ['POST', 'wxy-warehouse-server/wh-inventory-diff-det/list', {}],
      ['POST', 'wxy-warehouse-server/wh-inventory-diff-det/list/merge', {}],
    ];
    for (const [m, u, b] of calls) expect([u, (await shop(m, u, b)).status]).toEqual([u, 403]);
  });
});

describe('盘点：其余调用', () => {
  it('detail, print data and SKU options answer what the document page shows', async () => {
    const posted = (await admin('POST', `${I}/page`, { pageNum: 1, pageSize: 20, status: 3 })).json.data.records.at(-1);
    const detail = (await admin('GET', `${I}/detail/${posted.inventoryId}`)).json.data;
    expect(detail).toMatchObject({ inventoryNo: posted.inventoryNo, whName: posted.whName, actions: [] });
    expect(detail.detList[0].skuName).toBeTruthy();
    expect(detail.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '保存盘点数', '复核', '过账']);
    const print = (await admin('GET', `${I}/print/${posted.inventoryId}/data`)).json.data;
    expect(print.data.inventoryNo).toBe(posted.inventoryNo);
    const opts = await admin('GET', `${I}/sku-options?keyword=${encodeURIComponent(skus[0].skuCode)}&whId=${wh.whId}`);
    expect(opts.status).toBe(200);
    const counting = (await admin('POST', `${I}/page`, { pageNum: 1, pageSize: 20, status: 1 })).json.data.records[0];
    expect((await admin('GET', `${I}/detail/${counting.inventoryId}`)).json.data.actions).toEqual(['count', 'check']);
  });
});
