import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/** 线上订单发货仓 (wxy-member-server ec-order-wh-config): a platform's default shipping warehouse, used by the import. */
let s: TestServer;
let token: string;
let A: Caller;
let S: Caller;
let A2: Caller;
let wh: Json;
const M = (p: string) => `wxy-member-server/${p}`;

async function importRow(row: unknown[]) {
  const tpl = await s.call('GET', `/api/${M('ec-order-import/template')}`, { token, tenant: 1 });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(tpl.rawPayload as never);
  const ws = wb.worksheets[0];
  ws.spliceRows(2, 1);
  ws.addRow(row);
  const res = await s.call('POST', `/api/${M('ec-order-import/import')}`, { token, tenant: 1, body: Buffer.from(await wb.xlsx.writeBuffer()), headers: { 'content-type': 'application/octet-stream' } });
  return res.json() as Json;
}

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('admin', 'admin123');
  A = callerFor(s, token);
  S = callerFor(s, await s.login('shop01', 'shop123'));
  A2 = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  wh = (await A('POST', 'wxy-warehouse-server/wh-base-info/page/1/1', { whType: 1 })).json.data.records[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('发货仓配置', () => {
  it('lists every platform, sets 快手’s warehouse, and an imported 快手 order naming none ships from it', async () => {
    const before = (await A('GET', M('ec-order-wh-config/list'))).json.data as Json[];
    expect(before.map((c) => c.platformName)).toEqual(['抖音', '快手', '淘宝', '京东', '拼多多', '其他']);
    expect(before.every((c) => c.whId === null)).toBe(true);
    const saved = await A('POST', M('ec-order-wh-config/save'), { platform: 2, whId: wh.whId });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.data).toMatchObject({ platform: 2, platformName: '快手', whId: wh.whId, whName: wh.whName, updateUserName: '系统管理员' });
    const sku = (await A('GET', 'wxy-production-server/pd-sku/findPage/1/1?status=1')).json.data.records[0];
    const done = await importRow(['快手', 'KS-WH-CONFIG-1', '2026-11-24 10:00:00', '李四', '13800138001', '杭州市西湖区1号', '', sku.skuCode, 1, 9.9]);
    expect(done.code, JSON.stringify(done)).toBe(200);
    const order = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number }>(`SELECT wh_id FROM ec_order WHERE platform_order_no = 'KS-WH-CONFIG-1'`))).rows[0];
    expect(order.wh_id).toBe(wh.whId);
    expect((await A('DELETE', M('ec-order-wh-config/delete/2'))).json.msg).toBe('已清除发货仓');
    expect((await A('DELETE', M('ec-order-wh-config/delete/2'))).json.msg).toBe('快手未配置发货仓');
  });

  it('refuses bad input, an unknown warehouse, shop01 and another tenant’s warehouse', async () => {
    const bad = await A('POST', M('ec-order-wh-config/save'), { platform: 9, whId: wh.whId });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('平台');
    const noWh = await A('POST', M('ec-order-wh-config/save'), { platform: 1 });
    expect(noWh.status).toBe(400);
    expect(noWh.json.msg).toContain('发货仓库');
    expect((await A('POST', M('ec-order-wh-config/save'), { platform: 1, whId: 99999999 })).json.msg).toBe('发货仓库不存在');
    expect((await S('GET', M('ec-order-wh-config/list'))).status).toBe(403);
    expect((await S('POST', M('ec-order-wh-config/save'), { platform: 1, whId: wh.whId })).status).toBe(403);
    expect((await A2('POST', M('ec-order-wh-config/save'), { platform: 1, whId: wh.whId })).json.msg).toBe('发货仓库不存在');
    await A('POST', M('ec-order-wh-config/save'), { platform: 1, whId: wh.whId });
    expect(((await A2('GET', M('ec-order-wh-config/list'))).json.data as Json[]).every((c) => c.whId === null)).toBe(true);
  });

  it('keeps an audit row of every import, a refused one too (ec-order-import-audit)', async () => {
    const sku = (await A('GET', 'wxy-production-server/pd-sku/findPage/1/1?status=1')).json.data.records[0];
    expect((await importRow(['抖音', 'DY-AUDIT-1', '', '王五', '', '', '', sku.skuCode, 2, 5])).code).toBe(200);
    const refused = await importRow(['抖音', 'DY-AUDIT-2', '', '王五', '', '', '', 'NO-SUCH-SKU', 1, 5]);
    expect(refused.code).toBe(400);
    const page = await A('POST', M('ec-order-import-audit/page/1/10'), {});
    expect(page.status, page.body).toBe(200);
    const [last, prev] = page.json.data.records as Json[];
    expect(last).toMatchObject({ result: 2, createdCount: 0, errorCount: 1, userName: '系统管理员', message: refused.msg });
    expect(prev).toMatchObject({ result: 1, rowCount: 1, createdCount: 1, skippedCount: 0, message: '导入完成：新增 1 单' });
    expect((await A('POST', M('ec-order-import-audit/page/1/10'), { result: 1 })).json.data.records.every((r: Json) => r.result === 1)).toBe(true);
    expect((await A('POST', M('ec-order-import-audit/page/0/10'), {})).status).toBe(400);
    expect((await S('POST', M('ec-order-import-audit/page/1/10'), {})).status).toBe(403);
    expect((await A2('POST', M('ec-order-import-audit/page/1/10'), {})).json.data.total).toBe(0);
  });
});
