import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, uploadPng, type Caller, type Json } from './resourceCalls.ts';

/**
 * The roles as a chain uses them (issue 27), in the demo tenant: the 店长 (manager01, of the first shop) does a 店长's
 * work within his shops — lands on the 工作台, his shop pickers answer his shops, he holds the weekly and shop
 * meetings, keeps the petty cash, asks for his own leave, manages his shops' promotions — and nothing at another shop;
 * 财务 (finance01, head office) audits petty cash, reconciliations and the ledger across shops.
 */
let s: TestServer;
let admin: Caller;
let manager: Caller;
let finance: Caller;
let managerToken: string;
const MINE = 1;
const OTHER = 3;
const P = 'wxy-shop-server';
let today: string;

const sql = async <T extends Json>(text: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query<T>(text, params))).rows;

/** Every path and permission of a user's menu tree (user/permissions). */
async function menusOf(caller: Caller): Promise<Set<string>> {
  const out = new Set<string>();
  const walk = (nodes: Json[]) => {
    for (const n of nodes) {
      if (n.path) out.add(n.path);
      if (n.perms) out.add(n.perms);
      walk(n.childList ?? []);
    }
  };
  walk((await caller('GET', 'wxy-system-server/user/permissions')).json.data.menuVOList);
  return out;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  managerToken = await s.login('manager01', 'manager123');
  manager = callerFor(s, managerToken);
  finance = callerFor(s, await s.login('finance01', 'finance123'));
  today = await dbDay(s);
}, 180_000);
afterAll(async () => s?.stop());

describe('店长 (manager01): his shops\' work, within his shops', () => {
  it('lands on the 工作台 and holds the menus of a 店长\'s work', async () => {
    const menus = await menusOf(manager);
    for (const m of ['/home/index', '/shopManage/shopBase', 'shop:base:list', '/shopManage/meeting', 'shop:meeting:daily', 'shop:meeting:weekly', 'shop:meeting:shop',
      '/pettyCash/record', 'pettyCash:record:add', 'pettyCash:transfer:confirm', 'pettyCash:recon:edit', 'pettyCash:ledger:list',
      '/attendManage/attendRequest', 'attend:request:add', '/pricePromote/promotion', 'promotion:add', '/orderInfo/groupPurchase', 'order:groupPurchase:add']) {
      expect(menus.has(m), m).toBe(true);
    }
    // Head office's: auditing promotions, petty cash and reconciliations, deleting meetings.
    for (const m of ['promotion:audit', 'pettyCash:record:audit', 'pettyCash:recon:audit', 'shop:meeting:delete']) expect(menus.has(m), m).toBe(false);
    const dash = await manager('GET', 'wxy-order-server/statistics/dashboard?days=7');
    expect(dash.status, dash.body).toBe(200);
  });

  it('his shop pickers (促销详情, 团购单详情) answer his shops, not a 403', async () => {
    const list = await manager('POST', `${P}/shop-base/list`, {});
    expect(list.status, list.body).toBe(200);
    expect(list.json.data.map((r: Json) => r.shopId)).toEqual([MINE]);
    const page = await manager('POST', `${P}/shop-base/page/1/99999`, {});
    expect(page.status, page.body).toBe(200);
    expect(page.json.data.records.map((r: Json) => r.shopId)).toEqual([MINE]);
  });

  it('holds his shop\'s weekly and shop meeting; another shop\'s is refused by name', async () => {
    const past = (await sql<{ d: string }>(`SELECT to_char(current_date - 28, 'YYYY-MM-DD') AS d`))[0].d;
    const weekly = await manager('POST', `${P}/shop-weekly-meeting/save`, { shopId: MINE, weekDateStr: past });
    expect(weekly.status, weekly.body).toBe(200);
    const meeting = await manager('POST', `${P}/shop-meeting/add`, { shopId: MINE, meetingDate: past, meetingType: 1, title: '店长例会', content: '排班', attendees: '店长01' });
    expect(meeting.status, meeting.body).toBe(200);
    const other = await manager('POST', `${P}/shop-meeting/add`, { shopId: OTHER, meetingDate: past, meetingType: 1, title: '越权', content: 'x', attendees: 'x' });
    expect(other.status).toBe(403);
    expect(other.json.msg).toMatch(/^无权操作门店「.+」的数据$/);
  });

  it('keeps his shop\'s petty cash: records a spend, confirms a transfer, enters the counted cash; another shop\'s transfer is not his to confirm', async () => {
    const usage = (await sql<{ usage_id: number }>(`SELECT usage_id FROM shop_petty_cash_usage_config WHERE usage_name = '办公用品'`))[0].usage_id;
    const photo = (await uploadPng(s, managerToken, '小票.png')).videoObjectKey;
    const spent = await manager('POST', `${P}/petty-cash-record/save`, { shopId: MINE, usageId: usage, amount: 12.5, occurDate: today, pictures: photo, remark: '店长买文具' });
    expect(spent.status, spent.body).toBe(200);
    const mine = (await admin('POST', `${P}/shop-petty-cash/transfer/merge`, { shopId: MINE, amount: 200, transferDate: today })).json.data;
    const theirs = (await admin('POST', `${P}/shop-petty-cash/transfer/merge`, { shopId: OTHER, amount: 300, transferDate: today })).json.data;
    const balanceOf = async (shop: number) => Number((await sql<{ b: string }>(`SELECT balance AS b FROM petty_cash_balance WHERE shop_id = $1`, [shop]))[0].b);
    const otherBefore = await balanceOf(OTHER);
    expect((await manager('PUT', `${P}/shop-petty-cash/transfer/confirm/${mine.orderId}`, {})).status).toBe(200);
    const refused = await manager('PUT', `${P}/shop-petty-cash/transfer/confirm/${theirs.orderId}`, {});
    expect(refused.status).toBe(404);
    expect(await balanceOf(OTHER)).toBe(otherBefore);
    expect((await sql<{ status: number }>(`SELECT status FROM petty_cash_transfer WHERE order_id = $1`, [theirs.orderId]))[0].status).toBe(1);
    // 财务 generates last period's reconciliation; the 店长 enters the counted cash; 财务 audits it.
    const cycle = (await finance('GET', `${P}/petty-cash-config/getBillingCycle`)).json.data;
    const last = cycle.periods[1];
    const gen = await finance('POST', `${P}/shop-petty-cash-reconciliation/generate`, { date: last.beginDate, shopIds: [MINE] });
    expect(gen.status, gen.body).toBe(200);
    const recon = ((await manager('POST', `${P}/shop-petty-cash-reconciliation/list`, { pageNum: 1, pageSize: 20 })).json.data.records as Json[]).find((r) => r.beginDate === last.beginDate)!;
    expect(recon.shopId).toBe(MINE);
    const counted = await manager('POST', `${P}/shop-petty-cash-reconciliation/merge`, { reconId: recon.reconId, actualBalance: recon.bookBalance });
    expect(counted.status, counted.body).toBe(200);
    const financeId = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'finance01'`))[0].id;
    const audited = await finance('PUT', `${P}/shop-petty-cash-reconciliation/audit/${recon.reconId}/${financeId}`, {});
    expect(audited.status, audited.body).toBe(200);
  });

  it('asks for his own leave', async () => {
    const leave = await manager('POST', 'wxy-system-server/attn-request/save', {
      requestType: 1, leaveType: 3, shopId: MINE, startTime: '2030-05-06 09:00:00', endTime: '2030-05-06 18:00:00', days: 1, reason: '店长年假',
    });
    expect(leave.status, leave.body).toBe(200);
    expect(leave.json.data).toMatchObject({ status: 1, userName: '店长01' });
  });

  it('manages his shop\'s promotions, not one reaching another shop', async () => {
    const sku = (await sql<{ sku_id: number; retail_price: string }>(
      `SELECT s.sku_id, s.retail_price FROM stock_balance b JOIN wh_base_info w ON w.wh_id = b.wh_id JOIN pd_sku s ON s.sku_id = b.sku_id
        WHERE w.shop_id = $1 AND s.status = 1 AND s.retail_price > 1 AND NOT EXISTS (SELECT 1 FROM po_promotion_det d WHERE d.sku_id = s.sku_id) ORDER BY s.sku_id LIMIT 1`, [MINE]))[0];
    const day = (offset: number) => `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)} 00:00:00`;
    const body = { promotionName: '店长特价', promotionType: 1, beginTime: day(1), endTime: day(5), detList: [{ skuId: sku.sku_id, specialPrice: 1 }] };
    const saved = await manager('POST', 'wxy-order-server/po-promotion/save', { ...body, shopIds: String(MINE) });
    expect(saved.status, saved.body).toBe(200);
    expect((await manager('POST', 'wxy-order-server/po-promotion/submit', { id: saved.json.data.promotionId })).status).toBe(200);
    const wider = await manager('POST', 'wxy-order-server/po-promotion/save', { ...body, promotionName: '两店特价', shopIds: `${MINE},${OTHER}` });
    expect(wider.status).toBe(403);
    // A chain-wide promotion (no shops chosen) is head office's.
    const chain = await manager('POST', 'wxy-order-server/po-promotion/save', { ...body, promotionName: '全连锁特价' });
    expect(chain.status).toBe(403);
    const listed = (await manager('POST', 'wxy-order-server/po-promotion/findPage', { pageNum: 1, pageSize: 100 })).json.data.records as Json[];
    expect(listed.some((p) => p.promotionId === saved.json.data.promotionId)).toBe(true);
    expect(listed.every((p) => p.shopIds === null || String(p.shopIds).split(',').map(Number).includes(MINE))).toBe(true);
  });
});

describe('财务 (finance01): head office, every shop', () => {
  it('audits petty cash across shops and reads the ledger and reconciliations of every shop', async () => {
    const menus = await menusOf(finance);
    for (const m of ['/home/index', '/pettyCash/record', 'pettyCash:record:audit', 'pettyCash:recon:audit', 'pettyCash:ledger:list', '/pettyCash/shopConfig']) expect(menus.has(m), m).toBe(true);
    const records = (await finance('POST', `${P}/petty-cash-record/findPage`, { pageNum: 1, pageSize: 200 })).json.data.records as Json[];
    expect(new Set(records.map((r) => r.shopId)).size).toBeGreaterThan(1);
    const ledger = (await finance('POST', `${P}/petty-cash-ledger/page`, { pageNum: 1, pageSize: 200 })).json.data.records as Json[];
    expect(new Set(ledger.map((r) => r.shopId)).size).toBeGreaterThan(1);
    const pending = records.find((r) => r.status === 1 && r.shopId === MINE);
    expect(pending, 'the 店长\'s spend waits for audit').toBeTruthy();
    const audited = await finance('POST', `${P}/petty-cash-record/single/audit`, { recordId: pending!.recordId, auditRemark: '财务审核' });
    expect(audited.status, audited.body).toBe(200);
    expect((await sql<{ status: number }>(`SELECT status FROM petty_cash_record WHERE record_id = $1`, [pending!.recordId]))[0].status).toBe(2);
  });

  it('sees the cost figures a clerk may not; 打卡 stays the shop people\'s (my-today needs attend:clock:add)', async () => {
    const ref = await finance('GET', `${P}/shop-base/ref-min-cost/${MINE}`);
    expect(ref.status).toBe(403); // 门店信息 is not a finance menu
    expect((await finance('GET', 'wxy-system-server/attn-clock/my-today')).status).toBe(403);
    expect((await manager('GET', 'wxy-system-server/attn-clock/my-today')).status).toBe(200);
  });
});

describe('field permissions where answers are written', () => {
  it('shop01 without 成本总金额 gets no cost from a hand-written route (shop-base/ref-min-cost)', async () => {
    const shop = callerFor(s, await s.login('shop01', 'shop123'));
    const mine = await shop('GET', `${P}/shop-base/ref-min-cost/${MINE}`);
    expect(mine.status, mine.body).toBe(200);
    for (const k of ['minCost', 'costPerSqm', 'refMinCost']) expect(mine.json.data, k).not.toHaveProperty(k);
    const full = (await admin('GET', `${P}/shop-base/ref-min-cost/${MINE}`)).json.data;
    expect(Object.keys(full)).toEqual(expect.arrayContaining(['refMinCost']));
  });
});
