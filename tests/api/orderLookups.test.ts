import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/** Order look-ups (wxy-order-server order/...): returnScanCode, findMemberRecordPage, findPageByRecord. */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let sku: Json;

const O = 'wxy-order-server';

async function sell(extra: Json = {}) {
  const r = await admin('POST', `${O}/order/settlement`, { uuid: randomUUID(), shopId, lines: [{ skuId: sku.skuId, quantity: 2 }], payments: [{ payType: 1, amount: 1000 }], ...extra });
  expect(r.status, r.body).toBe(200);
  return r.json.data as Json;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await s.db.tenant(1, (tx) => tx.query<{ wh_id: number; shop_id: number }>(`SELECT wh_id, shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  shopId = wh.shop_id;
  sku = (
    await s.db.tenant(1, (tx) =>
      tx.query<Json>(
        `SELECT s.sku_id AS "skuId", s.barcode, s.sku_name AS "skuName" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
          WHERE b.wh_id = $1 AND b.on_hand >= 20 AND s.status = 1 AND s.barcode IS NOT NULL AND s.retail_price BETWEEN 1 AND 100 ORDER BY s.sku_id DESC LIMIT 1`,
        [wh.wh_id],
      ),
    )
  ).rows[0];
}, 180_000);
afterAll(async () => s?.stop());

describe('退换货扫码 returnScanCode', () => {
  it('finds this shop’s recent sales of the scanned item, newest first; a refunded order is not offered', async () => {
    const first = await sell();
    const second = await sell();
    const refunded = await sell();
    expect((await admin('PUT', `${O}/order-pay/refund`, { orderNo: refunded.orderNo })).status).toBe(200);
    const r = await admin('POST', `${O}/order/returnScanCode`, { code: sku.barcode, shopId });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toMatchObject({ skuId: sku.skuId, skuName: sku.skuName, shopId });
    const nos = r.json.data.records.map((x: Json) => x.orderNo);
    expect(nos.indexOf(second.orderNo)).toBeLessThan(nos.indexOf(first.orderNo));
    expect(nos).not.toContain(refunded.orderNo);
    expect(r.json.data.records[0]).toMatchObject({ skuId: sku.skuId, quantity: 2, barcode: sku.barcode });
  });

  it('refuses an unknown or empty code, bad input, shop01 and another tenant', async () => {
    const unknown = await admin('POST', `${O}/order/returnScanCode`, { code: '0000000000000', shopId });
    expect([unknown.status, unknown.json.msg]).toEqual([404, '未找到条码「0000000000000」对应的商品']);
    expect((await admin('POST', `${O}/order/returnScanCode`, { code: '   ', shopId })).json.msg).toBe('请扫描或输入条码');
    const noShop = await admin('POST', `${O}/order/returnScanCode`, { code: sku.barcode });
    expect(noShop.status).toBe(400);
    expect(noShop.json.msg).toContain('门店');
    expect((await admin('POST', `${O}/order/returnScanCode`, { code: sku.barcode, shopId, isPractice: true })).json.msg).toBe(`本店近90天没有售出「${sku.skuName}」的有效订单，不能按此条码退换货`);
    expect((await shop('POST', `${O}/order/returnScanCode`, { code: sku.barcode, shopId })).status).toBe(403);
    expect((await other('POST', `${O}/order/returnScanCode`, { code: sku.barcode, shopId })).json.msg).toBe('门店不存在');
  });
});

describe('会员消费记录 findMemberRecordPage', () => {
  it('pages one member’s orders; another member’s and tenant 2’s are not there', async () => {
    const member = (await s.db.tenant(1, (tx) => tx.query<{ member_id: number }>(`SELECT member_id FROM mb_base_info WHERE NOT is_practice ORDER BY member_id LIMIT 1`))).rows[0];
    const mine = await sell({ memberId: member.member_id });
    await sell();
    const r = await admin('POST', `${O}/order/findMemberRecordPage/${member.member_id}/1/10`, {});
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.records.map((x: Json) => x.orderNo)).toContain(mine.orderNo);
    expect(r.json.data.records.every((x: Json) => x.memberId === member.member_id)).toBe(true);
    const bad = await admin('POST', `${O}/order/findMemberRecordPage/abc/1/10`, {});
    expect(bad.status).toBe(400);
    expect((await shop('POST', `${O}/order/findMemberRecordPage/${member.member_id}/1/10`, {})).status).toBe(403);
    // Another tenant's member does not exist for tenant 2: 404 naming the member, nothing of tenant 1 answered.
    const foreign = await other('POST', `${O}/order/findMemberRecordPage/${member.member_id}/1/10`, {});
    expect([foreign.status, foreign.json.msg]).toEqual([404, '会员不存在']);
  });
});

describe('班次订单 findPageByRecord', () => {
  it('pages the orders a shift sold; refuses an unknown shift, bad paging, shop01 without the menu and another tenant', async () => {
    const opened = await admin('POST', 'wxy-shop-server/shop-class-record/save', { shopId, openingCash: 100 });
    expect(opened.status, opened.body).toBe(200);
    const classId = opened.json.data.classId;
    const a = await sell();
    const b = await sell();
    const r = await admin('POST', `${O}/order/findPageByRecord/1/1`, { classId });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.total).toBe(2);
    expect(r.json.data.records.map((x: Json) => x.orderNo)).toEqual([b.orderNo]);
    expect((await admin('POST', `${O}/order/findPageByRecord/2/1`, { classId })).json.data.records.map((x: Json) => x.orderNo)).toEqual([a.orderNo]);
    expect((await admin('POST', `${O}/order/findPageByRecord/1/10`, { classId: 99999999 })).json.msg).toBe('收银班次不存在');
    const noClass = await admin('POST', `${O}/order/findPageByRecord/1/10`, {});
    expect(noClass.status).toBe(400);
    expect(noClass.json.msg).toContain('收银班次');
    expect((await admin('POST', `${O}/order/findPageByRecord/0/10`, { classId })).status).toBe(400);
    expect((await shop('POST', `${O}/order/findPageByRecord/1/10`, { classId })).status).toBe(403);
    expect((await other('POST', `${O}/order/findPageByRecord/1/10`, { classId })).json.msg).toBe('收银班次不存在');
  });
});
