import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, uploadPng, type Caller, type Json } from './resourceCalls.ts';

/**
 * 巡店申请 (shop-inspect-apply, filed from /h5/inspectApply): shop01 files an inspection of the first shop with its
 * items and a photo; the demo 巡店审批 process puts it in the shop manager's 我的待办, whose approval sets it 已通过.
 * A 不合格 item without what to put right, a day in the future, no items, a photo nobody uploaded: 400, nothing
 * written. Another tenant sees none of it; a direct audit is refused while the process runs.
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
let shop: Caller;
let other: Caller;
let shopToken: string;
let shopId: number;

const R = 'wxy-system-server/shop-inspect-apply';
const P = 'wxy-process-server/process';
const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;
const count = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM shop_inspect_apply`))[0].n;
const today = async () => (await sql<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`))[0].d;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  manager = callerFor(s, await s.login('manager01', 'manager123'));
  shopToken = await s.login('shop01', 'shop123');
  shop = callerFor(s, shopToken);
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  shopId = (await sql<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager ORDER BY shop_id LIMIT 1`))[0].shop_id;
}, 300_000);
afterAll(async () => s?.stop());

describe('巡店申请', () => {
  it('the demo has one audited inspection of the first shop by shop01, with its items', async () => {
    const list = (await manager('POST', `${R}/findPage`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[];
    const demo = list.find((r) => r.remark === '例行巡店：整体良好');
    expect(demo).toMatchObject({ status: 2, itemCount: 4, failCount: 1, createUserName: '门店店员01', auditRemark: '已核实整改' });
    expect(((await manager('GET', `${R}/det/${demo!.id}`)).json.data as Json[]).map((l) => l.itemName)).toEqual(['陈列整齐', '价签齐全', '卫生清洁', '消防通道畅通']);
  });

  it('goes to the inspected shop manager, who approves it; the items, photo and counts are kept', async () => {
    const photo = await uploadPng(s, shopToken, 'inspect.png');
    const day = await today();
    const saved = await shop('POST', `${R}/save`, {
      shopId,
      inspectDate: day,
      photos: photo.videoObjectKey,
      remark: '例行巡店',
      itemList: [
        { itemName: '陈列整齐', result: 1 },
        { itemName: '价签齐全', result: 2, remark: '三个价签缺失，今日补齐' },
      ],
    });
    expect(saved.status, saved.body).toBe(200);
    const doc = saved.json.data;
    expect(doc).toMatchObject({ status: 1, inspectDate: day, itemCount: 2, failCount: 1, photos: photo.videoObjectKey, createUserName: '门店店员01' });
    expect(doc.docNo).toMatch(/^XDSQ\d{8}-\d{4}$/);
    const lines = (await shop('GET', `${R}/det/${doc.id}`)).json.data as Json[];
    expect(lines.map((l) => [l.itemName, l.result, l.remark ?? null])).toEqual([['陈列整齐', 1, null], ['价签齐全', 2, '三个价签缺失，今日补齐']]);

    const tasks = (await manager('GET', `${P}/task/agents/list/1/100`)).json.data.records as Json[];
    const task = tasks.find((t) => t.businessId === String(doc.id) && t.businessType === 'inspectApply');
    expect(task).toMatchObject({ taskName: '店长确认', applicantName: '门店店员01' });
    expect(task!.title).toContain('1项不合格');
    expect((await admin('POST', `${R}/audit`, { id: doc.id, auditStatus: 2 })).json.msg).toBe('该巡店申请正在审批流程中，请由审批人在“我的待办”中审批');
    expect((await shop('POST', `${P}/task/complete/${task!.processInstanceId}/${task!.taskId}/1`, {})).status).toBe(403);
    const done = await manager('POST', `${P}/task/complete/${task!.processInstanceId}/${task!.taskId}/1`, { comment: '价签已补' });
    expect(done.status, done.body).toBe(200);
    expect((await shop('GET', `${R}/get/${doc.id}`)).json.data).toMatchObject({ status: 2, auditUserName: '店长01', auditRemark: '价签已补' });
    // Another tenant sees none of it.
    expect(((await other('POST', `${R}/findPage`, { pageNum: 1, pageSize: 50 })).json.data.records as Json[]).find((r) => r.docNo === doc.docNo)).toBeUndefined();
    expect((await other('GET', `${R}/get/${doc.id}`)).status).toBe(404);
  });

  it('refuses a failed item without a note, a future day, no items and an unknown photo; nothing written', async () => {
    const before = await count();
    const day = await today();
    const cases: [Json, number, string][] = [
      [{ shopId, inspectDate: day, itemList: [{ itemName: '卫生', result: 2 }] }, 400, '不合格的检查项“卫生”请填写整改说明'],
      [{ shopId, inspectDate: '2099-01-01', itemList: [{ itemName: '卫生', result: 1 }] }, 400, '巡店日期不能晚于今天'],
      [{ shopId, inspectDate: day, itemList: [] }, 400, ''],
      [{ shopId, inspectDate: day, photos: '202611/00000000-0000-4000-8000-000000000000.png', itemList: [{ itemName: '卫生', result: 1 }] }, 400, '巡店照片“202611/00000000-0000-4000-8000-000000000000.png”不存在，请重新上传'],
      [{ shopId, inspectDate: day, itemList: [{ itemName: '卫生', result: 3 }] }, 400, '检查结果'],
      [{ shopId: 99999999, inspectDate: day, itemList: [{ itemName: '卫生', result: 1 }] }, 400, '门店（shopId）不存在'],
    ];
    for (const [body, status, msg] of cases) {
      const r = await shop('POST', `${R}/save`, body);
      expect(r.status, r.body).toBe(status);
      expect(r.json.msg).toContain(msg);
    }
    expect(await count()).toBe(before);
  });

  it('without the process a holder of shop:inspect:audit rejects it once; shop staff cannot audit', async () => {
    await sql(`UPDATE wf_definition SET suspended = true WHERE process_key = 'inspect'`);
    try {
      const doc = (await manager('POST', `${R}/save`, { shopId, inspectDate: await today(), itemList: [{ itemName: '消防通道', result: 1 }] })).json.data;
      expect(doc.status).toBe(1);
      expect((await shop('POST', `${R}/audit`, { id: doc.id, auditStatus: 3, auditRemark: '照片缺失' })).status).toBe(403);
      const noReason = await admin('POST', `${R}/audit`, { id: doc.id, auditStatus: 3 });
      expect([noReason.status, noReason.json.msg]).toEqual([400, '驳回时请填写审批意见（auditRemark）']);
      const [a, b] = await Promise.all([
        admin('POST', `${R}/audit`, { id: doc.id, auditStatus: 3, auditRemark: '请补拍照片' }),
        admin('POST', `${R}/audit`, { id: doc.id, auditStatus: 3, auditRemark: '请补拍照片' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect((await manager('GET', `${R}/get/${doc.id}`)).json.data).toMatchObject({ status: 3, auditRemark: '请补拍照片' });
    } finally {
      await sql(`UPDATE wf_definition SET suspended = false WHERE process_key = 'inspect'`);
    }
  });
});
