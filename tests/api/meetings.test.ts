import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, worksAt, type Caller, type Json } from './resourceCalls.ts';

/**
 * 会议管理 (wxy-shop-server shop-daily-meeting, shop-weekly-meeting, shop-meeting): figures from yesterday's orders
 * and the targets, one meeting per shop and day / week / type (409 otherwise), a stock check of chosen SKUs.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopId: number;
let otherShopId: number;
let whId: number;
let adminId: number;
let staffId: number;
let skus: { skuId: number; skuCode: string; retailPrice: number }[];
let today: string;
let yesterday: string;

const S = 'wxy-shop-server';
const round2 = (n: number) => Math.round(n * 100) / 100;
const sold = { admin: 0, staff: 0 };

async function q<T = Json>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await s.db.tenant(1, (tx) => tx.query<T>(sql, params))).rows;
}

async function saleOn(day: string, skuIdx: number, qty: number, cashier: number): Promise<number> {
  const r = await admin('POST', 'wxy-order-server/order/settlement', {
    uuid: randomUUID(), shopId, lines: [{ skuId: skus[skuIdx].skuId, quantity: qty }], payments: [{ payType: 2, amount: round2(skus[skuIdx].retailPrice * qty) }],
  });
  expect(r.status, r.body).toBe(200);
  await q(`UPDATE po_order SET create_time = $2::date + time '11:00', cashier_user_id = $3 WHERE order_no = $1`, [r.json.data.orderNo, day, cashier]);
  return r.json.data.payAmount;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const wh = (await q<{ wh_id: number; shop_id: number }>(`SELECT w.wh_id, w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 ORDER BY w.wh_id LIMIT 1`))[0];
  shopId = wh.shop_id;
  whId = wh.wh_id;
  otherShopId = (await q<{ shop_id: number }>(`SELECT shop_id FROM shop_base WHERE shop_id <> $1 ORDER BY shop_id LIMIT 1`, [shopId]))[0].shop_id;
  const users = await q<{ id: number; user_name: string }>(`SELECT id, user_name FROM sys_user`);
  adminId = users.find((u) => u.user_name === 'admin')!.id;
  staffId = users.find((u) => u.user_name === 'shop01')!.id;
  // shop01 holds this shop's meetings: one of the shops it works at.
  await worksAt(s, 'shop01', shopId);
  const d = (await q<{ t: string; y: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS t, to_char(current_date - 1, 'YYYY-MM-DD') AS y`))[0];
  today = d.t;
  yesterday = d.y;
  // The seeded demo orders (and demo meetings/targets) moved out of the way: the figures below are only this file's.
  await q(`UPDATE po_order SET create_time = '2020-01-15 10:00' WHERE is_practice = false`);
  await q(`DELETE FROM shop_daily_meeting`);
  await q(`DELETE FROM shop_weekly_meeting`);
  await q(`DELETE FROM shop_meeting`);
  await q(`DELETE FROM shop_performance_target`);
  skus = await q(
    `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 30 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 3`, [whId],
  );
  sold.admin = round2((await saleOn(yesterday, 0, 2, adminId)) + (await saleOn(yesterday, 1, 1, adminId)));
  sold.staff = await saleOn(yesterday, 2, 1, staffId);
  // This month's (and yesterday's month's) target: 3000 a month for admin, 1500 for shop01.
  const months = [...new Set([yesterday.slice(0, 7), today.slice(0, 7)])];
  const r = await admin('POST', `${S}/shop-performance-target/mergeNew`, {
    list: months.map((m) => ({ shopId, targetMoonTime: m, targetAmount: 4500, userTargets: [{ userId: adminId, targetAmount: 3000 }, { userId: staffId, targetAmount: 1500 }] })),
  });
  expect(r.status, r.body).toBe(200);
}, 180_000);
afterAll(async () => s?.stop());

const dayTarget = async (userId: number, day: string) =>
  Number((await q<{ a: string }>(`SELECT coalesce(sum(target_amount), 0)::text AS a FROM shop_user_performance_daily_target WHERE user_id = $1 AND target_date = $2 AND shop_id = $3`, [userId, day, shopId]))[0].a);

describe('日会', () => {
  let meetingId: number;

  it('is pre-filled with yesterday’s sales against target per person and today’s target', async () => {
    const can = await admin('GET', `${S}/shop-daily-meeting/canInsert/${shopId}`);
    expect(can.json.data).toMatchObject({ canInsert: true, meetingId: null, meetingDate: today });
    const r = await admin('GET', `${S}/shop-daily-meeting/selectOnUpdate?shopId=${shopId}`);
    expect(r.status, r.body).toBe(200);
    const form = r.json.data;
    expect(form).toMatchObject({ meetingId: null, shopId, meetingDate: today, yesterday, hasWarehouse: true, yesterdayActual: round2(sold.admin + sold.staff) });
    const a = form.detList.find((p: Json) => p.userId === adminId);
    const b = form.detList.find((p: Json) => p.userId === staffId);
    expect(a).toMatchObject({ userName: '系统管理员', yesterdayActual: sold.admin, yesterdayOrders: 2, yesterdayTarget: await dayTarget(adminId, yesterday), todayTarget: await dayTarget(adminId, today) });
    expect(b).toMatchObject({ userName: '门店店员01', yesterdayActual: sold.staff, yesterdayOrders: 1, yesterdayTarget: await dayTarget(staffId, yesterday) });
    expect(a.yesterdayReachRate).toBe(round2((sold.admin / a.yesterdayTarget) * 100));
  });

  it('finds SKUs of the shop’s warehouse with their book stock', async () => {
    const all = await admin('POST', `${S}/shop-daily-meeting/meetingFindInventory`, { shopId });
    expect(all.status, all.body).toBe(200);
    expect(all.json.data.whId).toBe(whId);
    expect(all.json.data.list.length).toBeGreaterThan(0);
    const one = (await admin('POST', `${S}/shop-daily-meeting/meetingFindInventory`, { shopId, keyword: skus[0].skuCode })).json.data.list;
    const book = (await q<{ on_hand: number }>(`SELECT on_hand::float8 AS on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skus[0].skuId]))[0].on_hand;
    expect(one.find((x: Json) => x.skuId === skus[0].skuId)).toMatchObject({ skuCode: skus[0].skuCode, bookQuantity: book });
  });

  it('saves the meeting with goals and a stock check; a second one for the shop and day is a 409 that writes nothing', async () => {
    const book0 = (await q<{ v: number }>(`SELECT on_hand::float8 AS v FROM stock_balance WHERE wh_id = $1 AND sku_id = $2`, [whId, skus[0].skuId]))[0].v;
    const r = await admin('POST', `${S}/shop-daily-meeting/save`, {
      shopId, summary: '昨日饮料销售好，今日主推零食', todayPlan: '上午补货',
      detList: [{ userId: adminId, todayGoal: 200, remark: '冲刺' }],
      inventoryList: [{ skuId: skus[0].skuId, countedQuantity: book0 - 1, remark: '少一瓶' }, { skuId: skus[1].skuId, countedQuantity: 5 }],
    });
    expect(r.status, r.body).toBe(200);
    meetingId = r.json.data.meetingId;
    const again = await admin('POST', `${S}/shop-daily-meeting/save`, { shopId, summary: '又一次' });
    expect(again.status).toBe(409);
    expect(again.json.msg).toMatch(new RegExp(`${today} 的日会已召开，不能重复创建`));
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM shop_daily_meeting`))[0].n).toBe(1);

    const m = (await admin('GET', `${S}/shop-daily-meeting/selectOnUpdate?meetingId=${meetingId}`)).json.data;
    expect(m).toMatchObject({ meetingId, meetingDate: today, summary: '昨日饮料销售好，今日主推零食', todayPlan: '上午补货', yesterdayActual: round2(sold.admin + sold.staff), hostName: '系统管理员' });
    expect(m.detList.find((p: Json) => p.userId === adminId)).toMatchObject({ yesterdayActual: sold.admin, todayGoal: 200, remark: '冲刺' });
    expect(m.inventoryList.find((x: Json) => x.skuId === skus[0].skuId)).toMatchObject({ bookQuantity: book0, countedQuantity: book0 - 1, diffQuantity: -1, remark: '少一瓶' });
    expect((await admin('GET', `${S}/shop-daily-meeting/canInsert/${shopId}`)).json.data).toMatchObject({ canInsert: false, meetingId });
    // Opening the shop's day again finds the saved meeting.
    expect((await admin('GET', `${S}/shop-daily-meeting/selectOnUpdate?shopId=${shopId}`)).json.data.meetingId).toBe(meetingId);
  });

  it('two managers saving the same shop’s day at once: one meeting', async () => {
    const [a, b] = await Promise.all([
      admin('POST', `${S}/shop-daily-meeting/save`, { shopId: otherShopId, summary: 'A' }),
      admin('POST', `${S}/shop-daily-meeting/save`, { shopId: otherShopId, summary: 'B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM shop_daily_meeting WHERE shop_id = $1`, [otherShopId]))[0].n).toBe(1);
  });

  it('updates the minutes, the goals and the counts; figures stay the server’s', async () => {
    expect((await admin('PUT', `${S}/shop-daily-meeting/update`, { meetingId, summary: '改后的纪要', todayPlan: '下午陈列' })).status).toBe(200);
    expect((await admin('PUT', `${S}/shop-daily-meeting/updateDetail`, { meetingId, detList: [{ userId: staffId, todayGoal: 120.5, remark: '新人' }] })).status).toBe(200);
    const badDet = await admin('PUT', `${S}/shop-daily-meeting/updateDetail`, { meetingId, detList: [{ userId: 999999, todayGoal: 1 }] });
    expect(badDet.status).toBe(400);
    expect(badDet.json.msg).toBe('第1行：该人员不在本次日会中');
    // A typed figure is no input: dropped like any unknown field, the server's stays.
    await admin('PUT', `${S}/shop-daily-meeting/updateDetail`, { meetingId, detList: [{ userId: staffId, todayGoal: 120.5, remark: '新人', yesterdayActual: 99999 }] });
    const counts = await admin('POST', `${S}/shop-daily-meeting/meetingInventorySave`, { meetingId, list: [{ skuId: skus[1].skuId, countedQuantity: 7 }, { skuId: skus[2].skuId, countedQuantity: 0 }] });
    expect(counts.status, counts.body).toBe(200);
    const list = (await admin('GET', `${S}/shop-daily-meeting/findInventoryByMeetingId/${meetingId}`)).json.data;
    expect(list).toHaveLength(3);
    expect(list.find((x: Json) => x.skuId === skus[1].skuId).countedQuantity).toBe(7);
    const m = (await admin('GET', `${S}/shop-daily-meeting/selectOnUpdate?meetingId=${meetingId}`)).json.data;
    expect(m).toMatchObject({ summary: '改后的纪要', todayPlan: '下午陈列' });
    expect(m.detList.find((p: Json) => p.userId === staffId)).toMatchObject({ todayGoal: 120.5, remark: '新人', yesterdayActual: sold.staff });
    const page = (await admin('POST', `${S}/shop-daily-meeting/findPage/1/10`, { shopId })).json.data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ meetingId, inventoryCount: 3 });
  });

  it('refuses bad input in Chinese naming the field, writing nothing', async () => {
    const before = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM shop_daily_meeting_inventory`))[0].n;
    for (const [url, method, body, msg] of [
      ['save', 'POST', { shopId, meetingDate: '2099-01-01' }, '会议日期不能晚于今天'],
      ['save', 'POST', { shopId, meetingDate: '2026/11/01' }, '会议日期格式不正确，应为 YYYY-MM-DD'],
      ['save', 'POST', { shopId, meetingDate: '2026-02-30' }, '会议日期格式不正确，应为 YYYY-MM-DD'],
      ['save', 'POST', { shopId: 999999 }, '门店不存在（门店ID 999999）'],
      ['save', 'POST', {}, '门店不能为空'],
      ['meetingInventorySave', 'POST', { meetingId, list: [{ skuId: skus[0].skuId, countedQuantity: -1 }] }, '第1行：实盘数量不能小于0'],
      ['meetingInventorySave', 'POST', { meetingId, list: [{ skuId: skus[0].skuId, countedQuantity: null }] }, '第1行：实盘数量不能为空'],
      ['meetingInventorySave', 'POST', { meetingId, list: [{ skuId: skus[0].skuId, countedQuantity: 1 }, { skuId: 99999999, countedQuantity: 1 }] }, '第2行：商品不存在或已停用（SKU ID 99999999）'],
      ['meetingInventorySave', 'POST', { meetingId, list: [{ skuId: skus[0].skuId, countedQuantity: 1 }, { skuId: skus[0].skuId, countedQuantity: 2 }] }, '第2行：商品重复'],
      ['meetingInventorySave', 'POST', { meetingId: 999999, list: [{ skuId: skus[0].skuId, countedQuantity: 1 }] }, '日会不存在或已被删除'],
    ] as const) {
      const r = await admin(method, `${S}/shop-daily-meeting/${url}`, body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.json.msg).toBe(msg);
    }
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM shop_daily_meeting_inventory`))[0].n).toBe(before);
  });
});

describe('周会', () => {
  let meetingId: number;

  it('numbers weeks ISO-style and refuses a bad date', async () => {
    expect((await admin('GET', `${S}/shop-weekly-meeting/getWeekNum/2026-12-31`)).json.data).toMatchObject({ year: 2026, weekNum: 53, weekStart: '2026-12-28', weekEnd: '2027-01-03' });
    expect((await admin('GET', `${S}/shop-weekly-meeting/getWeekNum/2024-12-30`)).json.data).toMatchObject({ year: 2025, weekNum: 1 });
    const bad = await admin('GET', `${S}/shop-weekly-meeting/getWeekNum/2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('周日期格式不正确，应为 YYYY-MM-DD（该周任一天）');
    expect((await admin('GET', `${S}/shop-weekly-meeting/getWeekNum/20261201`)).json.msg).toBe('周日期格式不正确，应为 YYYY-MM-DD（该周任一天）');
  });

  it('pre-fills the week’s figures per person and saves once per shop and week', async () => {
    const pre = (await admin('GET', `${S}/shop-weekly-meeting/selectOnInsert?shopId=${shopId}&weekDateStr=${yesterday}`)).json.data;
    expect(pre.meetingId).toBeNull();
    expect(pre.weekActual).toBe(round2(sold.admin + sold.staff));
    const a = pre.detList.find((p: Json) => p.userId === adminId);
    expect(a.weekActual).toBe(sold.admin);
    expect(a.weekTarget).toBeGreaterThan(0);
    expect((await admin('GET', `${S}/shop-weekly-meeting/checkMeetingExist/${shopId}?weekDateStr=${yesterday}`)).json.data.exists).toBe(false);
    const r = await admin('POST', `${S}/shop-weekly-meeting/save`, {
      shopId, weekDateStr: yesterday, summary: '本周完成情况', nextWeekPlan: '下周促销', detList: [{ userId: staffId, nextWeekTarget: 400, remark: '加油' }],
    });
    expect(r.status, r.body).toBe(200);
    meetingId = r.json.data.meetingId;
    const again = await admin('POST', `${S}/shop-weekly-meeting/save`, { shopId, weekDateStr: yesterday });
    expect(again.status).toBe(409);
    expect(again.json.msg).toMatch(/周的周会已召开，不能重复创建/);
    const m = (await admin('GET', `${S}/shop-weekly-meeting/get/${meetingId}`)).json.data;
    expect(m).toMatchObject({ weekNum: pre.weekNum, weekYear: pre.weekYear, summary: '本周完成情况', weekActual: round2(sold.admin + sold.staff) });
    expect(m.detList.find((p: Json) => p.userId === staffId)).toMatchObject({ weekActual: sold.staff, nextWeekTarget: 400, remark: '加油' });
    // Without a typed target, the suggestion from the month targets' day split is kept.
    expect(m.detList.find((p: Json) => p.userId === adminId).nextWeekTarget).toBe(a.suggestedNextWeekTarget);
    expect((await admin('GET', `${S}/shop-weekly-meeting/checkMeetingExist/${shopId}?weekDateStr=${yesterday}`)).json.data).toMatchObject({ exists: true, meetingId });
    const future = await admin('POST', `${S}/shop-weekly-meeting/save`, { shopId, weekDateStr: '2099-06-01' });
    expect(future.status).toBe(400);
    expect(future.json.msg).toBe('不能为尚未开始的周召开周会');
  });

  it('updates minutes and personal targets, lists and deletes', async () => {
    expect((await admin('PUT', `${S}/shop-weekly-meeting/update/${meetingId}`, { summary: '修改后的总结' })).status).toBe(200);
    expect((await admin('PUT', `${S}/shop-weekly-meeting/personalTarget/update`, { meetingId, list: [{ userId: adminId, nextWeekTarget: 888.88 }] })).status).toBe(200);
    const bad = await admin('PUT', `${S}/shop-weekly-meeting/personalTarget/update`, { meetingId, list: [{ userId: adminId, nextWeekTarget: -5 }] });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toBe('第1行：下周目标不能小于0');
    const m = (await admin('GET', `${S}/shop-weekly-meeting/get/${meetingId}`)).json.data;
    expect(m.summary).toBe('修改后的总结');
    expect(m.detList.find((p: Json) => p.userId === adminId).nextWeekTarget).toBe(888.88);
    expect((await admin('POST', `${S}/shop-weekly-meeting/findPage/1/10`, { shopId })).json.data.total).toBe(1);
    expect((await shop('DELETE', `${S}/shop-weekly-meeting/deleteById/${meetingId}`)).status).toBe(403);
    expect((await admin('DELETE', `${S}/shop-weekly-meeting/deleteById/${meetingId}`)).status).toBe(200);
    expect((await admin('GET', `${S}/shop-weekly-meeting/get/${meetingId}`)).status).toBe(404);
  });
});

describe('店会', () => {
  it('shows the day’s and month’s sales against target and each person’s day target; saves once per day and type', async () => {
    const init = (await admin('GET', `${S}/shop-meeting/query/init/${shopId}`)).json.data;
    expect(init.persons.map((p: Json) => p.userId)).toEqual([adminId, staffId]);
    const sale = (await admin('GET', `${S}/shop-meeting/query/sale/${shopId}?date=${yesterday}`)).json.data;
    expect(sale).toMatchObject({ date: yesterday, dayActual: round2(sold.admin + sold.staff), monthTarget: 4500 });
    const users = (await admin('GET', `${S}/shop-meeting/query/user-day-target/${shopId}?date=${yesterday}`)).json.data;
    expect(users.find((u: Json) => u.userId === staffId)).toMatchObject({ dayActual: sold.staff, monthTarget: 1500, dayTarget: await dayTarget(staffId, yesterday) });
    expect((await admin('GET', `${S}/shop-meeting/display/exists?shopId=${shopId}&date=${yesterday}`)).json.data.exists).toBe(false);
    const r = await admin('POST', `${S}/shop-meeting/add`, { shopId, meetingDate: yesterday, meetingType: 1, title: '月中经营分析', content: '饮料缺货', attendees: '系统管理员、门店店员01' });
    expect(r.status, r.body).toBe(200);
    const dup = await admin('POST', `${S}/shop-meeting/add`, { shopId, meetingDate: yesterday, meetingType: 1, title: '再开一次' });
    expect(dup.status).toBe(409);
    expect(dup.json.msg).toBe(`门店「${init.shopName}」${yesterday} 的经营分析会已召开，不能重复创建`);
    expect((await admin('POST', `${S}/shop-meeting/add`, { shopId, meetingDate: yesterday, meetingType: 2, title: '新品培训' })).status).toBe(200);
    const blank = await admin('POST', `${S}/shop-meeting/add`, { shopId, title: '' });
    expect(blank.status).toBe(400);
    expect(blank.json.msg).toBe('会议主题不能为空');
    const info = (await admin('GET', `${S}/shop-meeting/info/${r.json.data.meetingId}`)).json.data;
    expect(info).toMatchObject({ title: '月中经营分析', meetingTypeName: '经营分析会', monthTarget: 4500 });
    expect(info.users.find((u: Json) => u.userId === adminId).dayActual).toBe(sold.admin);
    expect((await admin('GET', `${S}/shop-meeting/display/exists?shopId=${shopId}&date=${yesterday}`)).json.data.meetings).toHaveLength(2);
    expect((await admin('GET', `${S}/shop-meeting/display/actual?shopId=${shopId}&date=${yesterday}`)).json.data).toMatchObject({ dayActual: round2(sold.admin + sold.staff) });
    expect((await admin('POST', `${S}/shop-meeting/findPage/1/10`, { shopId })).json.data.total).toBe(2);
    expect((await admin('DELETE', `${S}/shop-meeting/delete/${r.json.data.meetingId}`)).status).toBe(200);
    expect((await admin('GET', `${S}/shop-meeting/info/${r.json.data.meetingId}`)).status).toBe(404);
  });
});

describe('会议的权限与租户隔离', () => {
  it('shop01 holds daily meetings but no weekly or shop meeting, and deletes nothing', async () => {
    expect((await shop('GET', `${S}/shop-daily-meeting/canInsert/${shopId}`)).status).toBe(200);
    expect((await shop('POST', `${S}/shop-daily-meeting/meetingFindInventory`, { shopId })).status).toBe(200);
    expect((await shop('POST', `${S}/shop-weekly-meeting/save`, { shopId, weekDateStr: today })).status).toBe(403);
    expect((await shop('POST', `${S}/shop-meeting/add`, { shopId, title: '店员开会' })).status).toBe(403);
    expect((await shop('DELETE', `${S}/shop-meeting/delete/1`)).status).toBe(403);
    expect((await shop('GET', `${S}/shop-weekly-meeting/getWeekNum/${today}`)).status).toBe(200);
  });

  it('another tenant sees no meeting and cannot open tenant 1’s shop', async () => {
    expect((await other('POST', `${S}/shop-daily-meeting/findPage/1/10`, {})).json.data).toEqual({ records: [], total: 0 });
    expect((await other('POST', `${S}/shop-meeting/findPage/1/10`, {})).json.data).toEqual({ records: [], total: 0 });
    for (const url of [`shop-daily-meeting/canInsert/${shopId}`, `shop-daily-meeting/selectOnUpdate?shopId=${shopId}`, `shop-weekly-meeting/selectOnInsert?shopId=${shopId}`, `shop-meeting/query/sale/${shopId}`]) {
      const r = await other('GET', `${S}/${url}`);
      expect(r.status, url).toBe(400);
      expect(r.json.msg).toBe(`门店不存在（门店ID ${shopId}）`);
    }
    const meetingId = (await q<{ meeting_id: number }>(`SELECT meeting_id FROM shop_daily_meeting ORDER BY meeting_id LIMIT 1`))[0].meeting_id;
    expect((await other('GET', `${S}/shop-daily-meeting/selectOnUpdate?meetingId=${meetingId}`)).status).toBe(404);
    expect((await other('POST', `${S}/shop-daily-meeting/meetingInventorySave`, { meetingId, list: [{ skuId: skus[0].skuId, countedQuantity: 1 }] })).status).toBe(404);
  });
});
