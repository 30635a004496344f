import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/**
 * Warehouse fulfilment: locations, online orders imported from a platform file, their sync into picking
 * (stock reserved, idempotent, exceptions kept), picking tasks by order and summed by SKU, completing a task
 * (stock out through the ledger), cancelling, parcels — with refusals, shop01 and tenant isolation.
 */
let s: TestServer;
let A: Caller;
let S: Caller;
let A2: Caller;
let token: string;
let wh: Json;
let skus: Json[];
let adminId: number;
const W = (p: string) => `wxy-warehouse-server/${p}`;
const M = (p: string) => `wxy-member-server/${p}`;

async function balance(whId: number, skuId: number): Promise<Json> {
  return (await A('POST', W('wh-stock/stock/page/1/1'), { whId, skuId })).json.data.records[0] ?? { onHand: 0, reserved: 0 };
}

async function importFile(rows: unknown[][]) {
  const tpl = await s.call('GET', `/api/${M('ec-order-import/template')}`, { token, tenant: 1 });
  expect(tpl.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(tpl.rawPayload as never);
  const ws = wb.worksheets[0];
  ws.spliceRows(2, 1);
  for (const r of rows) ws.addRow(r);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  const res = await s.call('POST', `/api/${M('ec-order-import/import')}`, { token, tenant: 1, body: buf, headers: { 'content-type': 'application/octet-stream' } });
  return { status: res.statusCode, json: res.json() as Json };
}

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('admin', 'admin123');
  A = callerFor(s, token);
  S = callerFor(s, await s.login('shop01', 'shop123'));
  A2 = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  wh = (await A('POST', W('wh-base-info/page/1/1'), { whType: 1 })).json.data.records[0];
  skus = (await A('GET', 'wxy-production-server/pd-sku/findPage/1/60?status=1&sort=skuId&order=asc')).json.data.records;
  adminId = (await A('GET', 'wxy-system-server/user-option/page/1/10')).json.data.records.find((u: Json) => u.name === '系统管理员').userId;
}, 180_000);
afterAll(async () => s?.stop());

describe('locations', () => {
  it('adds, lists by name, sets pickers and counts within the stock, and totals', async () => {
    const sku = skus[50];
    const add = await A('POST', W('location/addLocation'), { whId: wh.whId, locationCode: 'Z-09-01', zone: 'Z区', skuId: sku.skuId, pickingUserId: adminId });
    expect(add.status, add.body).toBe(200);
    expect(add.json.data).toMatchObject({ whName: wh.whName, skuName: sku.skuName, pickingUserName: '系统管理员', stockCount: 0 });
    const id = add.json.data.locationId;
    expect((await A('POST', W('location/addLocation'), { whId: wh.whId, locationCode: 'Z-09-01' })).status).toBe(409);
    expect((await A('POST', W('location/addLocation'), { whId: wh.whId, locationCode: 'Z 09' })).json.msg).toBe('库位编码只能包含字母、数字、下划线或短横线');
    const onHand = (await balance(wh.whId, sku.skuId)).onHand;
    const over = await A('POST', W('location/updateStockCount'), { locationId: id, stockCount: onHand + 1 });
    expect(over.status).toBe(400);
    expect(over.json.msg).toContain('库位数量合计超过实际库存');
    expect((await A('POST', W('location/updateStockCount'), { locationId: id, stockCount: onHand })).status).toBe(200);
    expect((await A('POST', W('location/updatePickingUser'), { ids: [id, 99999999], pickingUserId: null })).status).toBe(404);
    expect((await A('POST', W('location/updatePickingUser'), { ids: [id], pickingUserId: null })).status).toBe(200);
    expect((await A('GET', W(`location/info/${id}`))).json.data.pickingUserName).toBeNull();
    const totals = (await A('POST', W('location/findPageTotal'), { whId: wh.whId })).json.data;
    expect(totals.locationCount).toBeGreaterThanOrEqual(41);
    expect((await A('DELETE', W(`location/deleteLocation/${id}`))).status).toBe(200);
    expect((await S('POST', W('location/page/1/10'), {})).status).toBe(403);
    expect((await A2('POST', W('location/page/1/10'), { locationCode: 'Z-09-01' })).json.data.total).toBe(0);
  });
});

describe('online orders to picking', () => {
  it('imports a platform file once, reports every bad row and writes nothing then', async () => {
    const bad = await importFile([
      ['抖音', 'DY-T-1', '2026-11-24 10:00:00', '赵六', '13900001111', '上海', '', skus[10].skuCode, 2, 9.9],
      ['微店', '', 'yesterday', '赵六', '123', '上海', '', '', 0, -1],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.json.data.errors.filter((e: Json) => e.row === 3).length).toBeGreaterThanOrEqual(6);
    expect((await A('POST', M('ec-order/page/1/10'), { platformOrderNo: 'DY-T-1' })).json.data.total).toBe(0);
    const rows = [
      ['抖音', 'DY-T-1', '2026-11-24 10:00:00', '赵六', '13900001111', '上海市静安区1号', wh.whCode, skus[10].skuCode, 2, 9.9],
      ['抖音', 'DY-T-1', '2026-11-24 10:00:00', '赵六', '13900001111', '上海市静安区1号', wh.whCode, skus[11].barcode, 1, 5],
      ['快手', 'KS-T-2', '', '赵六', '13900001111', '上海市静安区1号', '', skus[12].skuCode, 1, 3],
    ];
    const ok1 = await importFile(rows);
    expect(ok1.status, JSON.stringify(ok1.json)).toBe(200);
    expect(ok1.json.data).toMatchObject({ created: 2, skipped: 0 });
    const again = await importFile(rows);
    expect(again.json.data).toMatchObject({ created: 0, skipped: 2 });
    const o = (await A('POST', M('ec-order/page/1/10'), { platformOrderNo: 'DY-T-1' })).json.data.records[0];
    expect(o).toMatchObject({ status: 1, totalQuantity: 3, totalAmount: 24.8, buyerName: '赵六' });
  });

  it('syncs waiting orders into picking with stock reserved; a second sync picks nothing again; a short order stays as an exception', async () => {
    const sku = skus[10];
    const before = await balance(wh.whId, sku.skuId);
    // An order larger than the stock: stays 待同步 and is reported.
    const huge = await importFile([['京东', 'JD-T-9', '', '钱七', '', '', wh.whCode, skus[13].skuCode, 99999, 1]]);
    expect(huge.status).toBe(200);
    const sync = await A('POST', W('wh-order-sync-rs/sync-data'));
    expect(sync.status, sync.body).toBe(200);
    expect(sync.json.data.exceptions.map((e: Json) => e.platformOrderNo)).toEqual(['JD-T-9']);
    expect(sync.json.data.exceptions[0].reason).toMatch(/^库存不足：/);
    const after = await balance(wh.whId, sku.skuId);
    expect(after.reserved).toBe(before.reserved + 2);
    expect(after.onHand).toBe(before.onHand);
    const again = await A('POST', W('wh-order-sync-rs/sync-data'));
    expect(again.json.data).toMatchObject({ total: 1, success: 0, fail: 1 });
    expect((await balance(wh.whId, sku.skuId)).reserved).toBe(after.reserved);
    const csv = await s.call('GET', `/api/${W(`wh-order-sync-rs/exc-det-export?whOrderSyncRsId=${sync.json.data.syncId}`)}`, { token, tenant: 1 });
    expect(csv.body).toContain('JD-T-9');
    expect((await A('GET', W('wh-order-sync-rs/last-sync-time'))).json.data.lastSyncTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await A('GET', W('wh-order-sync-rs/page/1/5'))).json.data.records[0]).toMatchObject({ totalCount: 1, failCount: 1 });
    expect((await A('POST', M('ec-order/page/1/10'), { platformOrderNo: 'JD-T-9' })).json.data.records[0].status).toBe(1);
  });

  it('pick lists, tasks by order and summed, completing a task takes the stock out once', async () => {
    const waiting = (await A('POST', W('wh-picking/pick/list/order'), { whId: wh.whId, keyword: 'DY-T-1' })).json.data as Json[];
    expect(waiting).toHaveLength(1);
    const p1 = waiting[0];
    expect(p1.detList.map((l: Json) => l.quantity).sort()).toEqual([1, 2]);
    const p2 = (await A('POST', W('wh-picking/pick/list/order'), { keyword: 'KS-T-2' })).json.data[0];
    const bySku = (await A('POST', W('wh-picking/pick/list/sku'), { pickingIds: [p1.pickingId, p2.pickingId] })).json.data as Json[];
    expect(bySku.map((x) => x.skuId).sort()).toEqual([skus[10].skuId, skus[11].skuId, skus[12].skuId].sort());
    const loc10 = (await A('POST', W('location/page/1/10'), { whId: wh.whId, skuId: skus[10].skuId })).json.data.records.map((l: Json) => l.locationCode).join('、') || null;
    expect(loc10).toBeTruthy();
    expect(bySku.find((x) => x.skuId === skus[10].skuId)!.locations).toBe(loc10);
    // The walk: SKUs with a location first, in location order.
    const codes = bySku.map((x) => x.locations).filter(Boolean);
    expect(codes).toEqual([...codes].sort());
    const save = await A('POST', W('wh-picking/save/sum'), { pickingIds: [p1.pickingId, p2.pickingId], pickerId: adminId });
    expect(save.status, save.body).toBe(200);
    const taskId = save.json.data.taskIds[0];
    const dup = await A('POST', W('wh-picking/save/order'), { pickingIds: [p1.pickingId], pickerId: adminId });
    expect(dup.status).toBe(409);
    expect(dup.json.msg).toContain('已分配拣货任务');
    const info = (await A('POST', W('wh-picking-task/getInfo'), { taskId })).json.data;
    expect(info).toMatchObject({ taskType: 2, pickerName: '系统管理员', orderCount: 2, totalQuantity: 4, status: 1 });
    expect((await A('GET', W(`wh-picking/picking/sum/detail/${taskId}/${wh.whId}`))).json.data.orderList).toHaveLength(2);
    const det = (await A('GET', W(`wh-picking/picking/order/detail/${p1.pickingId}/${wh.whId}`))).json.data.detList as Json[];
    expect(det.find((l) => l.skuId === skus[10].skuId)!.locations).toBe(loc10);
    expect((await A('GET', W(`wh-picking/find/wh/${p1.pickingId}`))).json.data).toMatchObject({ whId: wh.whId, whName: wh.whName });
    const before = await balance(wh.whId, skus[10].skuId);
    const [a, b] = await Promise.all([A('GET', W(`wh-picking-task/batch/modify?ids=${taskId}&status=2`)), A('GET', W(`wh-picking-task/batch/modify?ids=${taskId}&status=2`))]);
    expect([a.json.data.success, b.json.data.success].sort()).toEqual([0, 1]);
    const after = await balance(wh.whId, skus[10].skuId);
    expect(after.onHand).toBe(before.onHand - 2);
    expect(after.reserved).toBe(before.reserved - 2);
    const doc = (await A('GET', W(`wh-picking/info/${p1.pickingId}`))).json.data;
    expect(doc.status).toBe(2);
    expect(doc.history.map((h: Json) => h.actionLabel)).toEqual(['同步生成', '拣货完成']);
    const log = (await A('POST', W('wh-stock-log/pd/page/1/10'), { docNo: doc.pickingNo, skuId: skus[10].skuId })).json.data.records as Json[];
    expect(log.map((l) => [l.docType, l.qty, l.reservedDelta]).sort()).toEqual([['picking', -2, -2], ['picking', 0, 2]].sort());
    const totals = (await A('POST', W('wh-picking-task_record/total/quantum'), {})).json.data;
    expect(totals.doneCount).toBeGreaterThanOrEqual(1);
    expect((await A('POST', W('wh-picking-task_record/findPage'), { pageNum: 1, pageSize: 5 })).json.data.records.every((t: Json) => t.status === 2)).toBe(true);
    // Parcels: both orders of 赵六 at one address combine into one parcel, and unpack.
    const pre = (await A('POST', M('ec-back-order/findPreParcelList'), { keyword: '赵六' })).json.data as Json[];
    expect(pre).toHaveLength(2);
    const combine = await A('POST', M('ec-back-shipment-packet/batch/combine-unpack'), { ecOrderIds: pre.map((o) => o.ecOrderId), action: 'combine' });
    expect(combine.json.data.parcelNo).toMatch(/^BG\d{8}-\d{4}$/);
    expect((await A('POST', M('ec-back-shipment-packet/batch/combine-unpack'), { ecOrderIds: pre.map((o) => o.ecOrderId), action: 'unpack' })).json.msg).toBe('已拆包');
    const top = (await A('POST', M('ec-pdtop/queryPage/1/10'), {})).json.data;
    expect(top.total).toBeGreaterThan(0);
  });

  it('cancelling a picking order releases its reservation and sends the order back to 待同步', async () => {
    await importFile([['淘宝', 'TB-T-5', '', '孙八', '', '', wh.whCode, skus[14].skuCode, 3, 1]]);
    await A('POST', W('wh-order-sync-rs/sync-data'));
    const p = (await A('POST', W('wh-picking/pick/list/order'), { keyword: 'TB-T-5' })).json.data[0];
    const before = await balance(wh.whId, skus[14].skuId);
    const r = await A('POST', W(`wh-picking/cancel/pick/${p.pickingId}`), { note: '买家取消' });
    expect(r.status, r.body).toBe(200);
    expect((await balance(wh.whId, skus[14].skuId)).reserved).toBe(before.reserved - 3);
    expect((await A('POST', M('ec-order/page/1/10'), { platformOrderNo: 'TB-T-5' })).json.data.records[0].status).toBe(1);
    expect((await A('POST', W(`wh-picking/cancel/pick/${p.pickingId}`))).status).toBe(409);
    // Synced again, it gets a new picking order.
    const again = await A('POST', W('wh-order-sync-rs/sync-data'));
    expect(again.json.data.success).toBe(1);
  });

  it('refuses shop01 and keeps tenants apart', async () => {
    expect((await S('POST', W('wh-order-sync-rs/sync-data'))).status).toBe(403);
    expect((await S('POST', W('wh-picking/pick/list/order'), {})).status).toBe(403);
    expect((await A2('POST', W('wh-picking/pick/list/order'), { keyword: 'KS-T-2' })).json.data).toEqual([]);
    expect((await A2('POST', M('ec-order/page/1/10'), { platformOrderNo: 'DY-T-1' })).json.data.total).toBe(0);
    expect((await A('GET', W('wh-picking-task/batch/modify?ids=abc&status=2'))).status).toBe(400);
    expect((await A('POST', W('wh-ec-config/update'), { defaultWhId: 99999999, pickingMode: 1, autoSync: 0 })).json.msg).toBe('默认发货仓库不存在或已停用');
  });
});
