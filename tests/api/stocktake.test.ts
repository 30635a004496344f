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
  it('demo data: one stocktake being counted, one posted with its differences', async () => {
    const page = await admin('POST', `${I}/page`, { pageNum: 1, pageSize: 10 });
    expect(page.status).toBe(200);
    expect((page.json.data.records as Json[]).map((r) => r.status).sort()).toEqual([1, 3]);
    const posted = (page.json.data.records as Json[]).find((r) => r.status === 3)!;
    const diffs = (await admin('GET', `${I}/v2/findCorrectionDetList/${posted.inventoryId}`)).json.data as Json[];
    expect(diffs.map((d) => d.diffQuantity).sort()).toEqual([-1, 2]);
    const status = (await admin('GET', `${I}/status-list`)).json.data;
    expect(status).toEqual([{ value: 1, label: '盘点中', count: 1 }, { value: 2, label: '已复核', count: 0 }, { value: 3, label: '已过账', count: 1 }]);
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
