import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, uploadPng, type Caller } from './resourceCalls.ts';

/**
 * 打卡 (wxy-system-server attn-clock): a person clocks in at a shop with a photo from the file service; the shop's
 * clock-in list shows each of its people with their clocks; double taps, bad input, other tenants and people
 * without the permission are refused.
 */
let s: TestServer;
let admin: Caller;
let shop: Caller;
let other: Caller;
let shopToken: string;
let shopId: number;
let staffId: number;
let inspectorId: number;

const A = 'wxy-system-server/attn-clock';
const clocksOf = async (userId: number) =>
  (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM attn_clock WHERE user_id = $1`, [userId]))).rows[0].n;

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  shopToken = await s.login('shop01', 'shop123');
  shop = callerFor(s, shopToken);
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  await s.db.tenant(1, async (tx) => {
    // This file's shop is one without demo clock-ins: its people are only the ones made here.
    shopId = (await tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_base WHERE status = 1 ORDER BY shop_id DESC LIMIT 1`)).rows[0].shop_id;
    await tx.query(`DELETE FROM attn_clock WHERE shop_id = $1`, [shopId]);
    // shop01 clocks in here: one of the shops it works at (a clock-in elsewhere is refused by name).
    await tx.query(`INSERT INTO sys_user_shop (tenant_id, user_id, shop_id) SELECT 1, id, $1 FROM sys_user WHERE user_name = 'shop01' ON CONFLICT DO NOTHING`, [shopId]);
    const users = (await tx.query<{ id: number; user_name: string }>(`SELECT id, user_name FROM sys_user`)).rows;
    staffId = users.find((u) => u.user_name === 'shop01')!.id;
    inspectorId = users.find((u) => u.user_name === 'manager01')!.id;
    await tx.query(`DELETE FROM attn_clock WHERE user_id = ANY($1::int[])`, [[staffId, inspectorId]]);
    // manager01 inspects shops (巡店) from a salary profile at this shop.
    const plan = (await tx.query<{ plan_id: number }>(`INSERT INTO fd_salary_plan (tenant_id, plan_name) VALUES (1, '考勤测试方案') RETURNING plan_id`)).rows[0].plan_id;
    const rule = (await tx.query<{ rule_id: number }>(
      `INSERT INTO fd_position_rule (tenant_id, position_name, base_salary, commission_rate, required_days) VALUES (1, '考勤测试巡店', 5000, 0, 22) RETURNING rule_id`,
    )).rows[0].rule_id;
    await tx.query(`DELETE FROM fd_personal_pc WHERE user_id = $1`, [inspectorId]);
    await tx.query(
      `INSERT INTO fd_personal_pc (tenant_id, user_id, user_name, shop_id, position_rule_id, position_name, plan_id, entry_date, is_inspection)
       VALUES (1, $1, '店长', $2, $3, '考勤测试巡店', $4, current_date - 30, 1)`,
      [inspectorId, shopId, rule, plan],
    );
  });
}, 300_000); // start-up and demo seeding on a busy machine
afterAll(async () => {
  await s?.stop();
});

describe('attn-clock', () => {
  it('a clock-in with its photo is recorded once at the server time; a second tap within a minute is refused', async () => {
    const photo = await uploadPng(s, shopToken, 'clock.png');
    const [a, b] = await Promise.all([
      shop('POST', `${A}/clock-in`, { shopId, clockType: 1, photoKey: photo.videoObjectKey }),
      shop('POST', `${A}/clock-in`, { shopId, clockType: 1, photoKey: photo.videoObjectKey }),
    ]);
    const answers = [a, b].sort((x, y) => x.status - y.status);
    expect(answers.map((r) => r.status), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(answers[1].json.msg).toBe('1分钟内已上班打卡，请勿重复打卡');
    const row = answers[0].json.data;
    expect(row).toMatchObject({ shopId, clockType: 1, clockTypeName: '上班', photoKey: photo.videoObjectKey });
    const db = (await s.db.tenant(1, (tx) => tx.query<{ t: string; today: string }>(
      `SELECT to_char(clock_time, 'YYYY-MM-DD HH24:MI:SS') AS t, to_char(current_date, 'YYYY-MM-DD') AS today FROM attn_clock WHERE clock_id = $1`, [row.clockId],
    ))).rows[0];
    expect(row.clockTime).toBe(db.t);
    expect(row.clockDate).toBe(db.today);
    expect(await clocksOf(staffId)).toBe(1);
    // Clocking out is another clock.
    const out = await shop('POST', `${A}/clock-in`, { shopId, clockType: 2, photoKey: photo.videoObjectKey, remark: '下班' });
    expect(out.status, out.body).toBe(200);
    expect(await clocksOf(staffId)).toBe(2);
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const photo = await uploadPng(s, shopToken, 'clock2.png');
    const cases: [Record<string, unknown>, string][] = [
      [{ shopId, clockType: 1 }, '打卡照片'],
      [{ shopId, clockType: 3, photoKey: photo.videoObjectKey }, '打卡类型'],
      [{ clockType: 1, photoKey: photo.videoObjectKey }, '门店'],
      [{ shopId: 99999999, clockType: 1, photoKey: photo.videoObjectKey }, '门店（shopId）不存在'],
      [{ shopId, clockType: 1, photoKey: '202611/00000000-0000-4000-8000-000000000000.png' }, '打卡照片“202611/00000000-0000-4000-8000-000000000000.png”不存在'],
      [{ shopId, clockType: 1, photoKey: '../../etc/passwd' }, '不是上传的图片'],
      [{ shopId, clockType: 1, photoKey: `${photo.videoObjectKey},${photo.videoObjectKey.replace(/.$/, 'x')}` }, '打卡照片长度不能超过64个字符'],
    ];
    const before = await clocksOf(staffId);
    for (const [body, field] of cases) {
      const r = await shop('POST', `${A}/clock-in`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.msg).toContain(field);
    }
    expect(await clocksOf(staffId)).toBe(before);
  });

  it("lists the shop's people with their clocks; inspection staff can be left out", async () => {
    const r = await admin('GET', `${A}/list/user/${shopId}/0/0`);
    expect(r.status, r.body).toBe(200);
    const staff = r.json.data.find((u: { userId: number }) => u.userId === staffId);
    const expected = (await s.db.tenant(1, (tx) => tx.query<{ clockId: number; photoKey: string; clockTime: string }>(
      `SELECT clock_id AS "clockId", photo_key AS "photoKey", to_char(clock_time, 'YYYY-MM-DD HH24:MI:SS') AS "clockTime"
         FROM attn_clock WHERE user_id = $1 AND shop_id = $2 AND clock_date = current_date ORDER BY clock_time`, [staffId, shopId],
    ))).rows;
    expect(staff).toMatchObject({ clockCount: expected.length, workDays: 1, firstClockTime: expected[0].clockTime, lastClockTime: expected.at(-1)!.clockTime });
    expect(staff.clocks.map((c: { clockId: number; photoKey: string }) => ({ clockId: c.clockId, photoKey: c.photoKey }))).toEqual(expected.map((e) => ({ clockId: e.clockId, photoKey: e.photoKey })));
    // The inspector has a profile here but no clock: listed with none, and left out when asked.
    expect(r.json.data.find((u: { userId: number }) => u.userId === inspectorId)).toMatchObject({ clockCount: 0, isInspection: 1, clocks: [] });
    const filtered = await admin('GET', `${A}/list/user/${shopId}/1/0`);
    expect(filtered.json.data.map((u: { userId: number }) => u.userId)).toContain(staffId);
    expect(filtered.json.data.map((u: { userId: number }) => u.userId)).not.toContain(inspectorId);
    // Another day range has no clocks of today.
    const past = await admin('GET', `${A}/list/user/${shopId}/0/0?startDate=2020-01-01&endDate=2020-01-02`);
    expect(past.json.data.find((u: { userId: number }) => u.userId === staffId)).toBeUndefined();
    // Bad parameters name themselves.
    const bad = await admin('GET', `${A}/list/user/${shopId}/2/0`);
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('是否过滤巡店人员');
    const range = await admin('GET', `${A}/list/user/${shopId}/0/0?startDate=2026-01-01&endDate=2026-03-01`);
    expect(range.status).toBe(400);
    expect(range.json.msg).toContain('不能超过31天');
  });

  it('the clock-in records list pages them; shop staff clock in but may not read the lists (403)', async () => {
    const page = await admin('POST', `${A}/findPage`, { pageNum: 1, pageSize: 20, userId: staffId });
    expect(page.status, page.body).toBe(200);
    expect(page.json.data.total).toBe(await clocksOf(staffId));
    expect((await shop('GET', `${A}/list/user/${shopId}/0/0`)).status).toBe(403);
    expect((await shop('POST', `${A}/findPage`, { pageNum: 1, pageSize: 20 })).status).toBe(403);
  });

  it('another tenant sees none of it and cannot clock in at its shops', async () => {
    const page = await other('POST', `${A}/findPage`, { pageNum: 1, pageSize: 20 });
    expect(page.status).toBe(200);
    expect(page.json.data.records.filter((r: { shopId: number }) => r.shopId === shopId)).toEqual([]);
    const list = await other('GET', `${A}/list/user/${shopId}/0/0`);
    expect(list.status).toBe(400);
    expect(list.json.msg).toContain('门店（shopId）不存在');
  });

  it('a shop manager (manager01) is granted clock-in like shop staff and clocks in at their shop', async () => {
    const token = await s.login('manager01', 'manager123');
    const manager = callerFor(s, token);
    const own = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number }>(
      `SELECT shop_id FROM sys_user_shop WHERE user_id = $1 ORDER BY shop_id LIMIT 1`, [inspectorId]))).rows[0]?.shop_id ?? shopId;
    const before = await clocksOf(inspectorId);
    const photo = await uploadPng(s, token, 'manager-clock.png');
    const r = await manager('POST', `${A}/clock-in`, { shopId: own, clockType: 1, photoKey: photo.videoObjectKey });
    expect(r.status, r.body).toBe(200);
    expect(await clocksOf(inspectorId)).toBe(before + 1);
    const today = await manager('GET', `${A}/my-today`);
    expect(today.status, today.body).toBe(200);
    expect(JSON.stringify(today.json.data)).toContain(photo.videoObjectKey);
  });
});
