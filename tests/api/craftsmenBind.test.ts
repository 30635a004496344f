import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, fillTemplate, uploadXlsx, type Caller, type Json } from './resourceCalls.ts';

/**
 * 手艺人绑定 (wxy-system-server craftsmen-bind findPage, modify, import, template): a person's craftsman account on a
 * platform for the shop they serve at — one account belongs to one person, names read from the user and the shop,
 * imported by 工号 and 门店编码 with a per-row report, all rows or none.
 */
let s: TestServer;
let admin: Caller;
let adminToken: string;
let shop: Caller;
let other: Caller;
let shopId: number;
let shopCode: string;
let shopName: string;
let staff: { id: number; user_no: string; name: string };
let manager: { id: number; user_no: string; name: string };

const C = 'wxy-system-server/craftsmen-bind';

beforeAll(async () => {
  s = await startTestServer();
  adminToken = await s.login('admin', 'admin123');
  admin = callerFor(s, adminToken);
  shop = callerFor(s, await s.login('shop01', 'shop123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  const first = (await s.db.tenant(1, (tx) => tx.query<{ shop_id: number; shop_code: string; shop_name: string }>(`SELECT shop_id, shop_code, shop_name FROM shop_base ORDER BY shop_id LIMIT 1`))).rows[0];
  ({ shop_id: shopId, shop_code: shopCode, shop_name: shopName } = first);
  const users = (await s.db.tenant(1, (tx) => tx.query<{ id: number; user_no: string; name: string; user_name: string }>(`SELECT id, user_no, name, user_name FROM sys_user WHERE user_name IN ('shop01', 'manager01')`))).rows;
  staff = users.find((u) => u.user_name === 'shop01')!;
  manager = users.find((u) => u.user_name === 'manager01')!;
});
afterAll(async () => {
  await s?.stop();
});

const rowsOf = async (body: object = {}) => (await admin('POST', `${C}/findPage/1/50`, body)).json.data.records as Json[];

describe('craftsmen-bind', () => {
  it('binds an account with the person and shop named, one account to one person, and modifies it', async () => {
    const add = await admin('POST', `${C}/add`, { userId: staff.id, shopId, platformType: 2, craftsmanNo: 'MT-1001', craftsmanName: '小王师傅' });
    expect(add.status, add.body).toBe(200);
    const [row] = await rowsOf({ craftsmanNo: 'MT-1001' });
    expect(row).toMatchObject({ userNo: staff.user_no, userName: staff.name, shopName, platformType: 2, craftsmanName: '小王师傅', status: 1 });

    const taken = await admin('POST', `${C}/add`, { userId: manager.id, shopId, platformType: 2, craftsmanNo: 'MT-1001' });
    expect(taken.status).toBe(409);
    const badNo = await admin('POST', `${C}/add`, { userId: manager.id, shopId, platformType: 1, craftsmanNo: 'MT 1001' });
    expect(badNo.status).toBe(400);
    expect(badNo.json.msg).toContain('手艺人ID');

    const modify = await admin('PUT', `${C}/modify`, { bindId: row.bindId, userId: staff.id, shopId, platformType: 2, craftsmanNo: 'MT-1002', craftsmanName: '王师傅', status: 1 });
    expect(modify.status, modify.body).toBe(200);
    expect((await rowsOf({ craftsmanNo: 'MT-100' })).map((r) => r.craftsmanNo)).toEqual(['MT-1002']);
  });

  it('imports by 工号 and 门店编码: a bad row writes nothing; a known slot is updated, not doubled', async () => {
    const template = await admin('GET', `${C}/template`);
    expect(template.status).toBe(200);
    const bad = await fillTemplate(template.raw, [
      { 工号: manager.user_no, 门店编码: shopCode, 平台: '抖音', 手艺人ID: 'DY-2001', 手艺人名称: '李店长' },
      { 工号: 'NOBODY', 门店编码: shopCode, 平台: '美团', 手艺人ID: 'MT-2002' },
      { 工号: manager.user_no, 门店编码: shopCode, 平台: '淘宝', 手艺人ID: 'TB-1' },
    ]);
    const refused = await uploadXlsx(s, adminToken, `${C}/import`, bad);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().data.errors as Json[];
    expect(errors.map((e) => [e.row, e.field])).toEqual([[3, '工号'], [4, '平台']]);
    expect(await rowsOf({ craftsmanNo: 'DY-2001' })).toHaveLength(0);

    const good = await fillTemplate(template.raw, [
      { 工号: manager.user_no, 门店编码: shopCode, 平台: '抖音', 手艺人ID: 'DY-2001', 手艺人名称: '李店长' },
      { 工号: staff.user_no, 门店编码: shopCode, 平台: '饿了么', 手艺人ID: 'MT-3003', 手艺人名称: '王师傅' },
    ]);
    const done = await uploadXlsx(s, adminToken, `${C}/import`, good);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ total: 2, imported: 2 });
    // shop01's 饿了么 account at that shop was MT-1002: the same slot now holds MT-3003, still one row.
    const staffRows = (await rowsOf()).filter((r) => r.userNo === staff.user_no && r.platformType === 2);
    expect(staffRows.map((r) => r.craftsmanNo)).toEqual(['MT-3003']);

    const stolen = await fillTemplate(template.raw, [{ 工号: staff.user_no, 门店编码: shopCode, 平台: '抖音', 手艺人ID: 'DY-2001' }]);
    const r = await uploadXlsx(s, adminToken, `${C}/import`, stolen);
    expect(r.statusCode).toBe(400);
    expect(r.json().data.errors[0].message).toContain('已绑定给');
  });

  it('is head office\'s: shop staff are refused, another tenant sees none', async () => {
    expect((await shop('POST', `${C}/findPage/1/10`, {})).status).toBe(403);
    expect((await shop('POST', `${C}/add`, { userId: staff.id, shopId, platformType: 2, craftsmanNo: 'X1' })).status).toBe(403);
    expect((await other('POST', `${C}/findPage/1/10`, {})).json.data.total).toBe(0);
  });
});
