import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, headerOf, uploadPng, uploadXlsx, type Caller, type Json } from './resourceCalls.ts';

/**
 * 备用金 (wxy-shop-server petty cash): a shop records a spend with its receipt photo, the auditor audits it once and
 * the float moves through the ledger exactly once; transfers confirmed once; a period's reconciliation generated
 * from the ledger, its counted difference explained and posted at audit.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopToken: string;
let adminToken: string;
let adminId: number;
let shopId: number;
let usage: Record<string, number>;

const P = 'wxy-shop-server';

const photo = async (token: string) => (await uploadPng(s, token, '小票.png')).videoObjectKey;

const sql = async <T extends Json>(text: string, params: unknown[] = [], tenant = 1) => (await s.db.tenant(tenant, (tx) => tx.query<T>(text, params))).rows;
const balance = async (id = shopId) => Number((await sql<{ b: string }>(`SELECT balance AS b FROM petty_cash_balance WHERE shop_id = $1`, [id]))[0].b);
const ledgerSum = async (id = shopId) => Number((await sql<{ s: string }>(`SELECT coalesce(sum(amount), 0) AS s FROM petty_cash_ledger WHERE shop_id = $1`, [id]))[0].s);
/** The server's today (the business zone's date, not the UTC one). */
let todayText: string;
const today = () => todayText;

async function spend(caller: Caller, amount: number, extra: Json = {}) {
  return caller('POST', `${P}/petty-cash-record/save`, { shopId, usageId: usage['办公用品'], amount, occurDate: today(), pictures: await photo(shopToken), remark: '测试支出', ...extra });
}

beforeAll(async () => {
  s = await startTestServer();
  todayText = await dbDay(s);
  adminToken = await s.login('admin', 'admin123');
  shopToken = await s.login('shop01', 'shop123');
  admin = callerFor(s, adminToken);
  shop = callerFor(s, shopToken);
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  adminId = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))[0].id;
  shopId = (await sql<{ shop_id: number }>(`SELECT shop_id FROM petty_cash_balance WHERE balance > 0 ORDER BY shop_id LIMIT 1`))[0].shop_id;
  usage = Object.fromEntries((await sql<{ usage_name: string; usage_id: number }>(`SELECT usage_name, usage_id FROM shop_petty_cash_usage_config`)).map((u) => [u.usage_name, u.usage_id]));
}, 180_000);
afterAll(async () => s?.stop());

describe('备用金记录', () => {
  it('demo floats equal their ledgers, and every shop has its float row', async () => {
    const shops = await sql<{ shop_id: number; balance: string }>(`SELECT shop_id, balance FROM petty_cash_balance`);
    expect(shops.length).toBe((await sql(`SELECT shop_id FROM shop_base`)).length);
    for (const x of shops.filter((r) => Number(r.balance) !== 0)) expect(await ledgerSum(x.shop_id)).toBe(Number(x.balance));
    const page = await shop('POST', `${P}/petty-cash-record/findPage`, { pageNum: 1, pageSize: 50 });
    expect(page.status).toBe(200);
    expect(page.json.data.records.some((r: Json) => r.status === 3 && r.auditRemark)).toBe(true);
  });

  it('a shop records a spend with a receipt photo; the auditor is told; admin audits it and the float moves once', async () => {
    const before = await balance();
    const saved = await spend(shop, 23.5);
    expect(saved.status, saved.body).toBe(200);
    const rec = saved.json.data;
    expect(rec).toMatchObject({ status: 1, usageName: '办公用品', usageType: 1, amount: 23.5, createUserName: '门店店员01' });
    expect(rec.recordNo).toMatch(/^BYJ\d{8}-\d{4}$/);
    expect(rec.actions).toEqual([]);
    expect(await balance()).toBe(before); // nothing moves before the audit
    const notices = await sql<{ business_type: number; message_type_info: string }>(`SELECT business_type, message_type_info FROM sys_message WHERE user_id = $1 AND business_id = $2`, [adminId, String(rec.recordId)]);
    expect(notices).toEqual([expect.objectContaining({ business_type: 2011, message_type_info: '备用金待审核' })]);
    // shop01 may not audit
    expect((await shop('POST', `${P}/petty-cash-record/single/audit`, { recordId: rec.recordId })).status).toBe(403);
    const audited = await admin('POST', `${P}/petty-cash-record/single/audit`, { recordId: rec.recordId, auditRemark: '票据清楚' });
    expect(audited.status, audited.body).toBe(200);
    expect(audited.json.data).toMatchObject({ status: 2, auditUserName: '系统管理员', auditRemark: '票据清楚', balanceAfter: before - 23.5 });
    expect(await balance()).toBe(before - 23.5);
    expect(await ledgerSum()).toBe(before - 23.5);
    // 备用金流水 names the row's shop (it lists several shops at once).
    const shopName = (await sql<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [shopId]))[0].shop_name;
    const flow = (await admin('POST', `${P}/petty-cash-ledger/page`, { pageNum: 1, pageSize: 5, refNo: rec.recordNo })).json.data.records;
    expect(flow).toEqual([expect.objectContaining({ shopId, shopName, refNo: rec.recordNo, amount: -23.5, balanceAfter: before - 23.5 })]);
    // Audited: no second audit, no edit, no delete.
    const again = await admin('POST', `${P}/petty-cash-record/single/audit`, { recordId: rec.recordId });
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe('单据状态已变更，请刷新后重试');
    const edit = await shop('POST', `${P}/petty-cash-record/save`, { recordId: rec.recordId, shopId, usageId: usage['办公用品'], amount: 1, occurDate: today(), pictures: rec.pictures });
    expect(edit.status).toBe(409);
    expect(edit.json.msg).toContain('已审核');
    expect((await shop('DELETE', `${P}/petty-cash-record/delete/${rec.recordId}`)).status).toBe(409);
    // The audit's notice reaches the shop's person on the pettycash queue.
    const back = await sql<{ message_type_info: string }>(`SELECT message_type_info FROM sys_message WHERE business_type = 2011 AND business_id = $1 AND user_id <> $2`, [String(rec.recordId), adminId]);
    expect(back.map((m) => m.message_type_info)).toEqual(['备用金审核通过']);
  });

  it('two auditors at once: one audit, one ledger row', async () => {
    const rec = (await spend(shop, 11)).json.data;
    const before = await balance();
    const [a, b] = await Promise.all([
      admin('POST', `${P}/petty-cash-record/single/audit`, { recordId: rec.recordId }),
      admin('POST', `${P}/petty-cash-record/audit`, { ids: [rec.recordId] }),
    ]);
    // Exactly one of the two wins; the other is told the record changed.
    expect((a.status === 200 ? 1 : 0) + (b.json.data?.success ?? 0)).toBe(1);
    expect(a.status === 200 ? b.json.data.results[0].msg : a.json.msg).toBe('单据状态已变更，请刷新后重试');
    const rows = await sql(`SELECT 1 FROM petty_cash_ledger WHERE ref_type = 'record' AND ref_id = $1`, [rec.recordId]);
    expect(rows.length).toBe(1);
    expect(await balance()).toBe(before - 11);
  });

  it('refuses bad spends with a clear answer and writes nothing', async () => {
    const count = async () => (await sql(`SELECT 1 FROM petty_cash_record`)).length;
    const n = await count();
    const noPhoto = await shop('POST', `${P}/petty-cash-record/save`, { shopId, usageId: usage['办公用品'], amount: 5, occurDate: today() });
    expect([noPhoto.status, noPhoto.json.msg]).toEqual([400, '请上传票据照片']);
    const pic = await photo(shopToken);
    const cases: [Json, number, string | RegExp][] = [
      [{ amount: 5, pictures: '202611/00000000-0000-4000-8000-000000000000.png' }, 400, /票据照片“.*”不存在，请重新上传/],
      [{ amount: 5, pictures: '../../etc/passwd' }, 400, /不是上传的图片/],
      [{ amount: 5.123 }, 400, '金额最多2位小数'],
      [{ amount: 0 }, 400, /金额/],
      [{ amount: 5, occurDate: '2999-01-01' }, 400, '发生日期不能晚于今天'],
      [{ amount: 5, occurDate: '2026-02-30' }, 400, /发生日期/],
      [{ amount: 600 }, 400, '费用用途“办公用品”单笔金额不能超过 500.00 元'],
      [{ amount: 5, usageId: 999999 }, 400, '费用用途不存在'],
      [{ amount: 5, shopId: 999999 }, 400, '门店（shopId）不存在'],
    ];
    for (const [extra, status, msg] of cases) {
      const res = await shop('POST', `${P}/petty-cash-record/save`, { shopId, usageId: usage['办公用品'], occurDate: today(), pictures: pic, ...extra });
      expect(res.status, JSON.stringify(extra) + res.body).toBe(status);
      if (typeof msg === 'string') expect(res.json.msg).toBe(msg);
      else expect(res.json.msg).toMatch(msg);
    }
    // Above what the float can still pay (balance less the spends waiting for audit): 409 naming the figures.
    const avail = (await shop('GET', `${P}/petty-cash-shop-config/get/${shopId}`)).json.data;
    expect(avail.availableAmount).toBe(Math.round((avail.balance - avail.pendingAmount) * 100) / 100);
    const tooMuch = await shop('POST', `${P}/petty-cash-record/save`, { shopId, usageId: usage['维修费'], amount: Math.min(2999, avail.availableAmount + 1), occurDate: today(), pictures: pic });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.msg).toMatch(/备用金可用余额不足：可用 [\d.]+ 元（余额 [\d.]+ 元，待审核支出 [\d.]+ 元）/);
    // A disabled usage, and one meant for another kind of shop.
    await admin('PUT', `${P}/shop-petty-cash-usage-config/status/switch`, { usageId: usage['清洁用品'], status: 0 });
    const disabled = await shop('POST', `${P}/petty-cash-record/save`, { shopId, usageId: usage['清洁用品'], amount: 5, occurDate: today(), pictures: pic });
    expect([disabled.status, disabled.json.msg]).toEqual([400, '费用用途“清洁用品”已停用，请选择其他用途']);
    await admin('PUT', `${P}/shop-petty-cash-usage-config/status/switch`, { usageId: usage['清洁用品'], status: 1 });
    const franchise = (await sql<{ shop_id: number; shop_name: string }>(`SELECT shop_id, shop_name FROM shop_base WHERE shop_type = 2 ORDER BY shop_id LIMIT 1`))[0];
    const scope = await admin('POST', `${P}/petty-cash-record/save`, { shopId: franchise.shop_id, usageId: usage['员工餐补'], amount: 5, occurDate: today(), pictures: pic });
    expect([scope.status, scope.json.msg]).toEqual([400, `费用用途“员工餐补”不适用于门店“${franchise.shop_name}”`]);
    expect(await count()).toBe(n);
  });

  it('a rejection needs its reason; the shop corrects the record and submits it again', async () => {
    const rec = (await spend(shop, 9.9)).json.data;
    const bare = await admin('POST', `${P}/petty-cash-record/single/reject`, { recordId: rec.recordId });
    expect([bare.status, bare.json.msg]).toEqual([400, '驳回时请填写驳回原因']);
    const rejected = await admin('POST', `${P}/petty-cash-record/audit`, { ids: [rec.recordId], auditStatus: 3, auditRemark: '发票抬头不对' });
    expect(rejected.json.data).toMatchObject({ success: 1, fail: 0 });
    const got = (await shop('GET', `${P}/petty-cash-record/get/${rec.recordId}`)).json.data;
    expect(got).toMatchObject({ status: 3, auditRemark: '发票抬头不对', actions: ['resubmit'] });
    const fixed = await shop('POST', `${P}/petty-cash-record/save`, { recordId: rec.recordId, shopId, usageId: usage['办公用品'], amount: 9.5, occurDate: today(), pictures: rec.pictures, remark: '已换发票' });
    expect(fixed.status, fixed.body).toBe(200);
    const again = await shop('PUT', `${P}/petty-cash-record/resubmit/${rec.recordId}`, {});
    expect(again.status, again.body).toBe(200);
    expect(again.json.data).toMatchObject({ status: 1, amount: 9.5, auditRemark: null });
    expect(again.json.data.history.map((h: Json) => h.actionLabel)).toEqual(['创建', '驳回', '修改', '重新提交']);
  });

  it('the figures: statistics, per usage, last spend of a usage, records of orders, records by ids', async () => {
    const stats = (await admin('POST', `${P}/petty-cash-record/statistics`, { shopId })).json.data;
    const rows = await sql<{ status: number; usage_type: number; amount: string }>(`SELECT status, usage_type, amount FROM petty_cash_record WHERE shop_id = $1`, [shopId]);
    const sum = (f: (r: (typeof rows)[number]) => boolean) => Math.round(rows.filter(f).reduce((a, r) => a + Number(r.amount) * 100, 0)) / 100;
    expect(stats).toMatchObject({ count: rows.length, spendAmount: sum((r) => r.status === 2 && r.usage_type === 1), pendingAmount: sum((r) => r.status === 1) });
    const byUsage = (await admin('POST', `${P}/petty-cash-record/usageStats`, { shopId })).json.data as Json[];
    expect(byUsage.find((u) => u.usageName === '办公用品')!.amount).toBe(sum((r) => r.status === 2 && r.usage_type === 1 && true) - byUsage.filter((u) => u.usageName !== '办公用品' && u.usageType === 1).reduce((a, u) => a + u.amount * 100, 0) / 100);
    const last = (await admin('GET', `${P}/petty-cash-record/getLastDateByUsage?shopId=${shopId}&usageId=${usage['办公用品']}`)).json.data;
    expect(last.lastDate).toBe(today());
    const withOrder = (await spend(shop, 3, { orderNo: 'XS20261125-0001' })).json.data;
    const exist = (await admin('POST', `${P}/petty-cash-record/existOrderList`, { orderNos: ['XS20261125-0001', 'NOPE'] })).json.data as Json[];
    expect(exist.map((r) => r.recordNo)).toEqual([withOrder.recordNo]);
    const byIds = (await admin('POST', `${P}/petty-cash-record/findListByIds`, { ids: [withOrder.recordId] })).json.data as Json[];
    expect(byIds).toEqual([expect.objectContaining({ recordNo: withOrder.recordNo, amount: 3, usageName: '办公用品' })]);
  });

  it('an overdraft only where the tenant allows it and only to the shop’s limit', async () => {
    const shop2 = (await sql<{ shop_id: number; config_id: number }>(`SELECT c.shop_id, c.config_id FROM petty_cash_shop_config c JOIN petty_cash_balance b USING (tenant_id, shop_id) WHERE b.balance = 0 ORDER BY c.shop_id LIMIT 1`))[0];
    const pic = await photo(adminToken);
    const body = { shopId: shop2.shop_id, usageId: usage['快递运费'], amount: 30, occurDate: today(), pictures: pic };
    expect((await admin('POST', `${P}/petty-cash-record/save`, body)).status).toBe(409);
    const cfg = (await admin('POST', `${P}/petty-cash-config/list`, { pageNum: 1, pageSize: 10 })).json.data.records[0];
    expect((await admin('POST', `${P}/petty-cash-config/save`, { configId: cfg.configId, billingCycle: 1, allowOverdraft: true, needPicture: true })).status).toBe(200);
    expect((await admin('POST', `${P}/petty-cash-shop-config/save`, { configId: shop2.config_id, overdraftLimit: 50, auditUserId: adminId })).status).toBe(200);
    const ok = await admin('POST', `${P}/petty-cash-record/save`, body);
    expect(ok.status, ok.body).toBe(200);
    expect((await admin('POST', `${P}/petty-cash-record/single/audit`, { recordId: ok.json.data.recordId })).json.data.balanceAfter).toBe(-30);
    expect((await admin('POST', `${P}/petty-cash-record/save`, { ...body, amount: 25 })).status).toBe(409);
    await admin('POST', `${P}/petty-cash-config/save`, { configId: cfg.configId, billingCycle: 1, allowOverdraft: false, needPicture: true });
  });
});

describe('备用金调拨', () => {
  it('head office sends money, the shop confirms it once, and only then the float grows', async () => {
    const before = await balance();
    const made = await admin('POST', `${P}/shop-petty-cash/transfer/merge`, { shopId, amount: 500, transferDate: today(), remark: '补充备用金' });
    expect(made.status, made.body).toBe(200);
    const t = made.json.data;
    expect(t).toMatchObject({ status: 1, shopName: expect.any(String), amount: 500 });
    const edited = await admin('POST', `${P}/shop-petty-cash/transfer/merge`, { orderId: t.orderId, shopId, amount: 600, transferDate: today() });
    expect(edited.json.data).toMatchObject({ orderId: t.orderId, amount: 600, orderNo: t.orderNo });
    expect(await balance()).toBe(before);
    const [a, b] = await Promise.all([shop('PUT', `${P}/shop-petty-cash/transfer/confirm/${t.orderId}`, {}), shop('PUT', `${P}/shop-petty-cash/transfer/confirm/${t.orderId}`, {})]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balance()).toBe(before + 600);
    expect((await admin('POST', `${P}/shop-petty-cash/transfer/merge`, { orderId: t.orderId, shopId, amount: 1, transferDate: today() })).status).toBe(409);
    const batch = await shop('PUT', `${P}/shop-petty-cash/transfer/batch-confirm`, { ids: [t.orderId] });
    expect(batch.json.data).toMatchObject({ success: 0, fail: 1 });
    expect(batch.json.data.results[0].msg).toBe('单据状态已变更，请刷新后重试');
    // shop01 may confirm but not send.
    expect((await shop('POST', `${P}/shop-petty-cash/transfer/merge`, { shopId, amount: 1, transferDate: today() })).status).toBe(403);
    expect((await admin('POST', `${P}/shop-petty-cash/transfer/merge`, { shopId, amount: -5, transferDate: today() })).status).toBe(400);
  });

  it('imports transfers by shop code; a bad row is reported with its row and nothing is written', async () => {
    const tpl = await admin('GET', `${P}/shop-petty-cash/transfer/template`);
    expect(await headerOf(tpl.raw)).toEqual(['门店编码', '调拨金额', '调拨日期', '备注']);
    const code = (await sql<{ shop_code: string }>(`SELECT shop_code FROM shop_base WHERE shop_id = $1`, [shopId]))[0].shop_code;
    const n = (await sql(`SELECT 1 FROM petty_cash_transfer`)).length;
    const bad = await uploadXlsx(s, adminToken, `${P}/shop-petty-cash/transfer/import`, await fillTemplate(tpl.raw, [
      { 门店编码: code, 调拨金额: 100, 调拨日期: '2026-11-02' },
      { 门店编码: 'NOPE', 调拨金额: 100, 调拨日期: '2026-11-02' },
      { 门店编码: code, 调拨金额: 1.234, 调拨日期: '2026/11/3' },
    ]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([
      { row: 3, field: '门店编码', message: '门店编码“NOPE”不存在' },
      { row: 4, field: '调拨金额', message: '调拨金额最多2位小数' },
    ]);
    expect((await sql(`SELECT 1 FROM petty_cash_transfer`)).length).toBe(n);
    const good = await uploadXlsx(s, adminToken, `${P}/shop-petty-cash/transfer/import`, await fillTemplate(tpl.raw, [
      { 门店编码: code, 调拨金额: 100, 调拨日期: '2026/11/3', 备注: '导入' },
      { 门店编码: code, 调拨金额: 200.5, 调拨日期: '2026-11-04' },
    ]));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.imported).toBe(2);
    const rows = await sql<{ status: number; transfer_date: string }>(`SELECT status, to_char(transfer_date, 'YYYY-MM-DD') AS transfer_date FROM petty_cash_transfer ORDER BY order_id DESC LIMIT 2`);
    expect(rows).toEqual([{ status: 1, transfer_date: '2026-11-04' }, { status: 1, transfer_date: '2026-11-03' }]);
  });
});

describe('备用金对账', () => {
  it('generates a period from the ledger, needs the counted difference explained, and posts it at audit', async () => {
    const cycle = (await admin('GET', `${P}/petty-cash-config/getBillingCycle`)).json.data;
    const last = cycle.periods[1];
    const open = await admin('POST', `${P}/shop-petty-cash-reconciliation/generate`, { date: cycle.current.beginDate });
    expect(open.status).toBe(400);
    expect(open.json.msg).toContain('尚未结束，不能生成对账单');
    const gen = await admin('POST', `${P}/shop-petty-cash-reconciliation/generate`, { date: last.beginDate, shopIds: [shopId] });
    expect(gen.status, gen.body).toBe(200);
    expect(gen.json.data).toMatchObject({ beginDate: last.beginDate, endDate: last.endDate, created: 0, refreshed: 1, skipped: 0 });
    const list = (await admin('POST', `${P}/shop-petty-cash-reconciliation/list`, { pageNum: 1, pageSize: 10, shopId })).json.data.records as Json[];
    const r = list.find((x) => x.beginDate === last.beginDate)!;
    // The book figures are the ledger's: opening before the period, in and out within it.
    const [fig] = await sql<{ opening: string; income: string; spend: string }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE biz_date < $2::date), 0) AS opening,
              coalesce(sum(amount) FILTER (WHERE biz_date BETWEEN $2::date AND $3::date AND amount > 0), 0) AS income,
              coalesce(-sum(amount) FILTER (WHERE biz_date BETWEEN $2::date AND $3::date AND amount < 0), 0) AS spend
         FROM petty_cash_ledger WHERE shop_id = $1`,
      [shopId, last.beginDate, last.endDate],
    );
    expect(r).toMatchObject({ openingBalance: Number(fig.opening), incomeAmount: Number(fig.income), spendAmount: Number(fig.spend), bookBalance: Number(fig.opening) + Number(fig.income) - Number(fig.spend) });
    const noReason = await shop('POST', `${P}/shop-petty-cash-reconciliation/merge`, { reconId: r.reconId, actualBalance: r.bookBalance - 20, differenceReason: '' });
    expect([noReason.status, noReason.json.msg]).toEqual([400, '实盘金额与账面余额相差 -20.00 元，请填写差异说明']);
    const merged = await shop('POST', `${P}/shop-petty-cash-reconciliation/merge`, { reconId: r.reconId, actualBalance: r.bookBalance - 20, differenceReason: '找零短款' });
    expect(merged.status, merged.body).toBe(200);
    expect(merged.json.data.differenceAmount).toBe(-20);
    const notMe = await admin('PUT', `${P}/shop-petty-cash-reconciliation/audit/${r.reconId}/999999`, {});
    expect([notMe.status, notMe.json.msg]).toEqual([400, '审核人与当前登录用户不一致，请刷新后重试']);
    expect((await shop('PUT', `${P}/shop-petty-cash-reconciliation/audit/${r.reconId}/${adminId}`, {})).status).toBe(403);
    const before = await balance();
    const audited = await admin('PUT', `${P}/shop-petty-cash-reconciliation/audit/${r.reconId}/${adminId}`, {});
    expect(audited.status, audited.body).toBe(200);
    expect(audited.json.data).toMatchObject({ status: 2, auditUserName: '系统管理员' });
    expect(await balance()).toBe(before - 20);
    expect(await sql(`SELECT amount::float8 AS amount, to_char(biz_date, 'YYYY-MM-DD') AS d FROM petty_cash_ledger WHERE ref_type = 'reconciliation' AND ref_id = $1`, [r.reconId])).toEqual([{ amount: -20, d: last.endDate }]);
    const detail = (await admin('GET', `${P}/shop-petty-cash-reconciliation/detail/${r.reconId}`)).json.data;
    expect(detail.history.map((h: Json) => h.actionLabel)).toEqual(['生成', '重新计算', '修改', '审核']);
    expect(detail.history[1].note).toMatch(/^账面余额 [\d.]+ → [\d.]+$/);
    // Audited ones are left alone by a new generate.
    const again = await admin('POST', `${P}/shop-petty-cash-reconciliation/generate`, { date: last.endDate, shopIds: [shopId] });
    expect(again.json.data).toMatchObject({ created: 0, refreshed: 0, skipped: 1 });
    expect((await shop('POST', `${P}/shop-petty-cash-reconciliation/merge`, { reconId: r.reconId, actualBalance: 1, differenceReason: 'x' })).status).toBe(409);
  });
});

describe('费用用途与门店备用金', () => {
  it('pulldown by type and shop type; a used usage cannot be deleted; the ledger cannot be rewritten', async () => {
    const spends = (await shop('GET', `${P}/shop-petty-cash-usage-config/pulldown/1/2`)).json.data as Json[];
    expect(spends.map((u) => u.label)).not.toContain('员工餐补');
    expect(spends.map((u) => u.label)).toContain('办公用品');
    expect(((await shop('GET', `${P}/shop-petty-cash-usage-config/pulldown/2/0`)).json.data as Json[]).map((u) => u.label)).toEqual(['废品回收收入']);
    expect((await shop('GET', `${P}/shop-petty-cash-usage-config/pulldown/3/0`)).status).toBe(400);
    const del = await admin('DELETE', `${P}/shop-petty-cash-usage-config/delete/${usage['办公用品']}`);
    expect([del.status, del.json.msg]).toEqual([409, '该费用用途已被引用，不能删除']);
    const dup = await admin('POST', `${P}/shop-petty-cash-usage-config/save`, { usageName: '办公用品', usageType: 1, scopeType: 0 });
    expect([dup.status, dup.json.msg]).toEqual([409, '用途名称已存在']);
    await expect(s.db.tenant(1, (tx) => tx.query(`UPDATE petty_cash_ledger SET amount = 1`))).rejects.toThrow('备用金流水只能新增，不能修改或删除');
    const foreignUser = (await sql<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`, [], 2))[0].id;
    const cfg = (await sql<{ config_id: number }>(`SELECT config_id FROM petty_cash_shop_config WHERE shop_id = $1`, [shopId]))[0];
    const bad = await admin('POST', `${P}/petty-cash-shop-config/save`, { configId: cfg.config_id, auditUserId: foreignUser });
    expect([bad.status, bad.json.msg]).toEqual([400, '审核人不存在或已停用']);
  });

  it('another tenant sees nothing of these and cannot spend from these shops', async () => {
    const rec = (await sql<{ record_id: number }>(`SELECT record_id FROM petty_cash_record LIMIT 1`))[0];
    expect((await other('GET', `${P}/petty-cash-record/get/${rec.record_id}`)).status).toBe(404);
    const res = await other('POST', `${P}/petty-cash-record/save`, { shopId, usageId: usage['办公用品'], amount: 1, occurDate: today() });
    expect(res.status).toBe(400);
    expect((await other('GET', `${P}/petty-cash-shop-config/get/${shopId}`)).status).toBe(404);
  });
});

describe('撤回', () => {
  it('a pending record is withdrawn by the shop (nothing was posted); its history keeps the withdrawal', async () => {
    const rec = (await spend(shop, 4)).json.data;
    const before = await balance();
    expect((await shop('DELETE', `${P}/petty-cash-record/delete/${rec.recordId}`)).status).toBe(200);
    expect((await admin('GET', `${P}/petty-cash-record/get/${rec.recordId}`)).status).toBe(404);
    expect(await balance()).toBe(before);
    expect(await sql(`SELECT action_label FROM doc_event WHERE doc_type = 'pettyCashRecord' AND doc_id = $1 ORDER BY event_id`, [rec.recordId])).toEqual([{ action_label: '创建' }, { action_label: '删除' }]);
  });
});

describe('备用金走审批流程', () => {
  it('with 走审批流程 on, a spend waits for the 备用金审批 process: the manager approves it (ledger moves once) or finance rejects it with a comment', async () => {
    const W = 'wxy-process-server/process';
    const manager = callerFor(s, await s.login('manager01', 'manager123'));
    const finance = callerFor(s, await s.login('finance01', 'finance123'));
    const managed = (await sql<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager LIMIT 1`))[0].shop_id;
    expect(managed).toBe(shopId);
    const cfg = (await admin('POST', `${P}/petty-cash-config/list`, { pageNum: 1, pageSize: 1 })).json.data.records[0];
    expect((await admin('POST', `${P}/petty-cash-config/save`, { configId: cfg.configId, billingCycle: 1, allowOverdraft: false, needPicture: true, useProcess: true })).status).toBe(200);
    const taskFor = async (c: Caller, recordNo: string) =>
      ((await c('GET', `${W}/task/agents/list/1/100`)).json.data.records as Json[]).find((t) => String(t.title).includes(recordNo));
    try {
      // 30 yuan: the shop manager's approval is the whole process.
      const small = (await spend(shop, 30)).json.data;
      expect(small.status).toBe(1);
      const direct = await admin('POST', `${P}/petty-cash-record/single/audit`, { recordId: small.recordId });
      expect([direct.status, direct.json.msg]).toEqual([409, '该备用金记录正在审批流程中，请由审批人在“我的待办”中审批']);
      const withdraw = await shop('DELETE', `${P}/petty-cash-record/delete/${small.recordId}`);
      expect([withdraw.status, withdraw.json.msg]).toEqual([409, '该备用金记录正在审批流程中，不能撤回']);
      const before = await balance();
      const t1 = (await taskFor(manager, small.recordNo))!;
      expect((await manager('POST', `${W}/task/complete/${t1.processInstanceId}/${t1.taskId}/1`, { comment: '同意' })).status).toBe(200);
      const approved = (await admin('GET', `${P}/petty-cash-record/get/${small.recordId}`)).json.data;
      expect(approved).toMatchObject({ status: 2, auditUserName: expect.any(String), balanceAfter: before - 30 });
      expect(approved.history.at(-1)).toMatchObject({ actionLabel: '审批通过' });
      expect(await balance()).toBe(before - 30);
      // 520 yuan of 维修费 (above 500 needs finance too): the manager passes it on, finance rejects it.
      const big = (await spend(shop, 520, { usageId: usage['维修费'] })).json.data;
      const t2 = (await taskFor(manager, big.recordNo))!;
      await manager('POST', `${W}/task/complete/${t2.processInstanceId}/${t2.taskId}/1`, {});
      expect((await admin('GET', `${P}/petty-cash-record/get/${big.recordId}`)).json.data.status).toBe(1);
      const t3 = (await taskFor(finance, big.recordNo))!;
      expect((await finance('POST', `${W}/task/complete/${t3.processInstanceId}/${t3.taskId}/2`, { comment: '请附维修报价单' })).status).toBe(200);
      expect((await admin('GET', `${P}/petty-cash-record/get/${big.recordId}`)).json.data).toMatchObject({ status: 3, auditRemark: '请附维修报价单' });
      expect(await balance()).toBe(before - 30);
    } finally {
      await admin('POST', `${P}/petty-cash-config/save`, { configId: cfg.configId, billingCycle: 1, allowOverdraft: false, needPicture: true, useProcess: false });
    }
  });
});

describe('余额即流水', () => {
  /**
   * The invariant, over every shop of every tenant: a shop's balance row equals the sum of its ledger, each ledger row's
   * balance_after is the running sum of the shop's rows in posting order, and every shop (and every shop with a ledger)
   * has its balance row.
   */
  async function invariant() {
    const broken = await s.db.system((tx) =>
      tx.query(
        `SELECT 'balance' AS what, b.tenant_id, b.shop_id, b.balance::text AS v FROM petty_cash_balance b
          WHERE b.balance <> (SELECT coalesce(sum(l.amount), 0) FROM petty_cash_ledger l WHERE l.tenant_id = b.tenant_id AND l.shop_id = b.shop_id)
         UNION ALL
         SELECT 'balance_after', x.tenant_id, x.shop_id, x.ledger_id::text FROM (
           SELECT tenant_id, shop_id, ledger_id, balance_after, sum(amount) OVER (PARTITION BY tenant_id, shop_id ORDER BY ledger_id) AS run FROM petty_cash_ledger) x
          WHERE x.balance_after <> x.run
         UNION ALL
         SELECT 'no balance row', s.tenant_id, s.shop_id, '' FROM (SELECT tenant_id, shop_id FROM shop_base UNION SELECT tenant_id, shop_id FROM petty_cash_ledger) s
          WHERE NOT EXISTS (SELECT 1 FROM petty_cash_balance b WHERE b.tenant_id = s.tenant_id AND b.shop_id = s.shop_id)`,
      ),
    );
    expect(broken.rows).toEqual([]);
  }

  it('after spends, transfers, approvals, rejections, a reconciliation and 30 concurrent audits, every balance is Σ its ledger and never went below zero where the rules forbid', async () => {
    await invariant(); // the demo's and every test above's postings
    // A shop no test above touched: nothing in its ledger.
    const x = (await sql<{ shop_id: number; config_id: number; shop_name: string }>(
      `SELECT c.shop_id, c.config_id, c.shop_name FROM petty_cash_shop_config c JOIN shop_base s USING (tenant_id, shop_id)
        WHERE s.status = 1 AND NOT EXISTS (SELECT 1 FROM petty_cash_ledger l WHERE l.shop_id = c.shop_id) ORDER BY c.shop_id DESC LIMIT 1`,
    ))[0];
    const transferIn = async (amount: number) => {
      const t = (await admin('POST', `${P}/shop-petty-cash/transfer/merge`, { shopId: x.shop_id, amount, transferDate: today() })).json.data;
      return admin('PUT', `${P}/shop-petty-cash/transfer/confirm/${t.orderId}`, {});
    };
    expect((await transferIn(200)).status).toBe(200);
    // 30 spends of 10 waiting for audit: saved while the tenant allows a 100 yuan overdraft (200 + 100 = 300 available).
    const cfg = (await admin('POST', `${P}/petty-cash-config/list`, { pageNum: 1, pageSize: 1 })).json.data.records[0];
    const rules = (allowOverdraft: boolean) => admin('POST', `${P}/petty-cash-config/save`, { configId: cfg.configId, billingCycle: 1, allowOverdraft, needPicture: true });
    expect((await rules(true)).status).toBe(200);
    expect((await admin('POST', `${P}/petty-cash-shop-config/save`, { configId: x.config_id, overdraftLimit: 100, auditUserId: adminId })).status).toBe(200);
    const pic = await photo(adminToken);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const saved = await admin('POST', `${P}/petty-cash-record/save`, { shopId: x.shop_id, usageId: usage['快递运费'], amount: 10, occurDate: today(), pictures: pic });
      expect(saved.status, saved.body).toBe(200);
      ids.push(saved.json.data.recordId);
    }
    // The overdraft is withdrawn; all 30 audited at once: the float covers 20, the other 10 are refused, none below zero.
    try {
      expect((await rules(false)).status).toBe(200);
      const audits = await Promise.all(ids.map((recordId) => admin('POST', `${P}/petty-cash-record/single/audit`, { recordId })));
      expect(audits.filter((a) => a.status === 200).length).toBe(20);
      const refused = audits.filter((a) => a.status !== 200);
      expect(new Set(refused.map((a) => `${a.status} ${a.json.msg}`))).toEqual(new Set([`409 ${x.shop_name}备用金余额不足：当前余额 0.00 元，本次需要 10.00 元`]));
      expect(await balance(x.shop_id)).toBe(0);
      const after = await sql<{ b: string }>(`SELECT balance_after::text AS b FROM petty_cash_ledger WHERE shop_id = $1 AND ref_type = 'record' ORDER BY ledger_id`, [x.shop_id]);
      expect(after.map((r) => Number(r.b))).toEqual(Array.from({ length: 20 }, (_, i) => 190 - 10 * i));
    } finally {
      await rules(false);
    }
    await invariant();
    // 门店备用金's list shows the ledger's balance.
    const listed = (await admin('POST', `${P}/petty-cash-shop-config/findPage`, { pageNum: 1, pageSize: 10, shopId: x.shop_id })).json.data.records;
    expect(listed).toEqual([expect.objectContaining({ shopId: x.shop_id, balance: 0, overdraftLimit: 100 })]);
    // The refused ones wait: one rejected (nothing posted), an income audited, then transfers confirmed while the rest are audited.
    const pending = (await sql<{ record_id: number }>(`SELECT record_id FROM petty_cash_record WHERE shop_id = $1 AND status = 1 ORDER BY record_id`, [x.shop_id])).map((r) => r.record_id);
    expect(pending.length).toBe(10);
    const rejected = await admin('POST', `${P}/petty-cash-record/single/audit`, { recordId: pending[0], auditStatus: 3, auditRemark: '重复报销' });
    expect(rejected.json.data).toMatchObject({ status: 3 });
    const income = await admin('POST', `${P}/petty-cash-record/save`, { shopId: x.shop_id, usageId: usage['废品回收收入'], amount: 15, occurDate: today() });
    expect((await admin('POST', `${P}/petty-cash-record/single/audit`, { recordId: income.json.data.recordId })).json.data).toMatchObject({ status: 2, balanceAfter: 15 });
    const mixed = await Promise.all([
      ...pending.slice(1).map((recordId) => admin('POST', `${P}/petty-cash-record/single/audit`, { recordId })),
      ...[30, 40, 50].map((amount) => transferIn(amount)),
    ]);
    expect(mixed.slice(9).map((r) => r.status)).toEqual([200, 200, 200]);
    const spent = mixed.slice(0, 9).filter((r) => r.status === 200).length;
    expect(mixed.slice(0, 9).every((r) => r.status === 200 || (r.status === 409 && String(r.json.msg).includes('备用金余额不足')))).toBe(true);
    expect(await balance(x.shop_id)).toBe(15 + 120 - 10 * spent);
    expect(await balance(x.shop_id)).toBeGreaterThanOrEqual(0);
    // Last period's count finds 3 yuan more than the book: the difference is posted at audit.
    const last = (await admin('GET', `${P}/petty-cash-config/getBillingCycle`)).json.data.periods[1];
    expect((await admin('POST', `${P}/shop-petty-cash-reconciliation/generate`, { date: last.beginDate, shopIds: [x.shop_id] })).status).toBe(200);
    const recon = ((await admin('POST', `${P}/shop-petty-cash-reconciliation/list`, { pageNum: 1, pageSize: 10, shopId: x.shop_id })).json.data.records as Json[]).find((r) => r.beginDate === last.beginDate)!;
    expect(recon.bookBalance).toBe(0);
    expect((await admin('POST', `${P}/shop-petty-cash-reconciliation/merge`, { reconId: recon.reconId, actualBalance: 3, differenceReason: '盘点多出零钱' })).status).toBe(200);
    expect((await admin('PUT', `${P}/shop-petty-cash-reconciliation/audit/${recon.reconId}/${adminId}`, {})).status).toBe(200);
    expect(await balance(x.shop_id)).toBe(18 + 120 - 10 * spent);
    // No spend ever took this shop below zero (the overdraft was off whenever one was audited).
    const lowest = await sql<{ m: string }>(`SELECT min(balance_after)::text AS m FROM petty_cash_ledger WHERE shop_id = $1`, [x.shop_id]);
    expect(Number(lowest[0].m)).toBeGreaterThanOrEqual(0);
    await invariant();
  });
});
