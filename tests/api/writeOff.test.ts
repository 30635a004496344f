import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * 报损单 (wh-write-off): a document made of descriptors, one migration and no TypeScript (its confirm and void are
 * declared postings), used the way a warehouse clerk does: write off broken goods, confirm, find it, print it, void it.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let wh: { whId: number; whName: string };
let skus: Json[];

const BASE = 'wxy-warehouse-server/wh-write-off';

const stockOf = async (skuId: number): Promise<Json> =>
  (await admin('POST', 'wxy-warehouse-server/wh-stock/stock/page/1/10', { whId: wh.whId, skuId })).json.data.records[0] ?? { onHand: 0, avgCost: 0 };
const ledger = async (docNo: string): Promise<Json[]> => (await admin('POST', 'wxy-warehouse-server/wh-stock-log/pd/page/1/100', { docNo })).json.data.records;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  // A central warehouse holds every demo SKU with opening stock.
  wh = (await admin('POST', 'wxy-warehouse-server/wh-base-info/page/1/10', { whType: 1 })).json.data.records[0];
  skus = (await admin('GET', 'wxy-production-server/pd-sku/findPage/1/10?status=1')).json.data.records;
}, 180_000);

afterAll(async () => s?.stop());

describe('报损单', () => {
  it('draft → 已确认 takes the goods out at moving-average cost exactly once → 作废 brings them back', async () => {
    const [a, b] = skus;
    const [sa, sb] = [await stockOf(a.skuId), await stockOf(b.skuId)];
    expect(sa.onHand).toBeGreaterThan(3);
    const add = await admin('POST', `${BASE}/add`, { whId: wh.whId, reason: 1, remark: '搬运摔破', detList: [{ skuId: a.skuId, quantity: 2 }, { skuId: b.skuId, quantity: 1 }] });
    expect(add.status, add.body).toBe(200);
    const d = add.json.data;
    expect(d).toMatchObject({ status: 1, whName: wh.whName, totalQuantity: 3, actions: ['confirm'] });
    expect(d.writeOffNo).toMatch(/^BS\d{8}-\d{4}$/);
    // It waits on the 工作台 for whoever confirms write-offs.
    const waiting = (await admin('GET', 'wxy-order-server/statistics/dashboard')).json.data.waitingDocuments as Json[];
    expect(waiting.find((w) => w.label === '报损单待确认')).toMatchObject({ link: '/storageManage/writeOff' });

    const [c1, c2] = await Promise.all([admin('PUT', `${BASE}/confirm/${d.writeOffId}`, {}), admin('PUT', `${BASE}/confirm/${d.writeOffId}`, {})]);
    expect([c1.status, c2.status].sort()).toEqual([200, 409]);
    const done = (c1.status === 200 ? c1 : c2).json.data;
    expect(done).toMatchObject({ status: 2, actions: ['void'] });
    expect(done.confirmTime).toBeTruthy();
    expect(done.detList[0].unitCost).toBeCloseTo(sa.avgCost, 4);
    expect(done.totalAmount).toBeCloseTo(Math.round((2 * sa.avgCost + sb.avgCost) * 100) / 100, 2);
    expect((await stockOf(a.skuId)).onHand).toBe(sa.onHand - 2);
    expect((await stockOf(b.skuId)).onHand).toBe(sb.onHand - 1);
    const rows = await ledger(d.writeOffNo);
    expect(rows.map((r) => [r.docType, r.qty]).sort((x, y) => x[1] - y[1])).toEqual([['writeOff', -2], ['writeOff', -1]]);
    const types = (await admin('GET', 'wxy-system-server/ms-data-dictionary/findList/docType')).json.data as Json[];
    expect(types).toContainEqual(expect.objectContaining({ label: '报损', value: 'writeOff' }));

    const v = await admin('PUT', `${BASE}/void/${d.writeOffId}`, { note: '货找到了' });
    expect(v.status, v.body).toBe(200);
    expect(v.json.data.status).toBe(3);
    expect(v.json.data.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '确认报损', '作废']);
    const back = await stockOf(a.skuId);
    expect([back.onHand, back.avgCost]).toEqual([sa.onHand, sa.avgCost]);
    expect((await stockOf(b.skuId)).onHand).toBe(sb.onHand);
    expect((await ledger(d.writeOffNo)).length).toBe(4);
    expect((await admin('PUT', `${BASE}/void/${d.writeOffId}`, {})).status).toBe(409);
  });

  it('more than the warehouse holds is refused naming the SKU and the quantities; nothing moves', async () => {
    const [a, b] = [skus[2], skus[3]];
    const [sa, sb] = [await stockOf(a.skuId), await stockOf(b.skuId)];
    const d = (await admin('POST', `${BASE}/add`, { whId: wh.whId, reason: 4, detList: [{ skuId: a.skuId, quantity: 1 }, { skuId: b.skuId, quantity: sb.onHand + 5 }] })).json.data;
    const r = await admin('PUT', `${BASE}/confirm/${d.writeOffId}`, {});
    expect(r.status).toBe(409);
    expect(r.json.msg).toBe(`库存不足：${b.skuName}（${wh.whName}）可用 ${sb.available ?? sb.onHand}，需要 ${sb.onHand + 5}`);
    expect((await stockOf(a.skuId)).onHand).toBe(sa.onHand);
    expect((await admin('GET', `${BASE}/info/${d.writeOffId}`)).json.data.status).toBe(1);
    expect(await ledger(d.writeOffNo)).toEqual([]);
    // Bad input names the field; a draft cannot be voided.
    const bad = await admin('POST', `${BASE}/add`, { whId: wh.whId, reason: 9, detList: [{ skuId: a.skuId, quantity: 1 }] });
    expect([bad.status, bad.json.msg]).toEqual([400, expect.stringContaining('报损原因')]);
    expect((await admin('PUT', `${BASE}/void/${d.writeOffId}`, {})).status).toBe(409);
  });

  it('list with the status filter, export, print with its own business type; shop staff without the menu are refused', async () => {
    const page = await admin('POST', `${BASE}/page`, { pageNum: 1, pageSize: 20, status: 3 });
    expect(page.status).toBe(200);
    expect(page.json.data.records.length).toBeGreaterThan(0);
    expect(page.json.data.records.every((r: Json) => r.status === 3)).toBe(true);
    const exp = await admin('POST', `${BASE}/export`, { status: 3 });
    expect(exp.status).toBe(200);
    const id = page.json.data.records[0].writeOffId;
    const print = await admin('GET', `${BASE}/ticket/${id}/data`);
    expect(print.status).toBe(200);
    expect(print.json.data.data).toMatchObject({ statusLabel: '已作废', whName: wh.whName });
    const types = (await admin('GET', 'wxy-system-server/print-template/business-types')).json.data as Json[];
    expect(types).toContainEqual({ value: 'writeOff', label: '报损单' });
    const tpl = await admin('POST', 'wxy-system-server/print-template/add', { name: '报损单（门店）', businessType: 'writeOff', template: print.json.data.template });
    expect(tpl.status, tpl.body).toBe(200);
    expect((await shop('POST', `${BASE}/page`, { pageNum: 1, pageSize: 20 })).status).toBe(403);
    // The screen comes with its labels (core/descriptors/i18n's whWriteOff block), as an outside module's do: no browser build.
    const screen = (await admin('GET', `wxy-system-server/screen-descriptor?route=${encodeURIComponent('/storageManage/writeOff')}`)).json.data;
    expect(screen.texts['zh-CN'].whWriteOff.fields.writeOffNo).toBe('报损单号');
    expect(screen.texts.en.whWriteOff.title).toBe('Stock write-off');
    expect(Object.keys(screen.texts['zh-CN'])).not.toContain('engine');
  });
});
