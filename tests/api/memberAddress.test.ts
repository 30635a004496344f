import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller, type Json } from './resourceCalls.ts';

/** 会员收货地址 (wxy-member-server mb-member-my-address query/address/{memberId}). */
let s: TestServer;
let A: Caller;
let S: Caller;
let A2: Caller;
let memberId: number;
const M = 'wxy-member-server/mb-member-my-address';

beforeAll(async () => {
  s = await startTestServer();
  A = callerFor(s, await s.login('admin', 'admin123'));
  S = callerFor(s, await s.login('shop01', 'shop123'));
  A2 = callerFor(s, await s.login('admin', 'admin123', 2), 2);
  memberId = (await s.db.tenant(1, (tx) => tx.query<{ member_id: number }>(`SELECT member_id FROM mb_base_info WHERE phone_number = '13800000001' AND NOT is_practice`))).rows[0].member_id;
}, 180_000);
afterAll(async () => s?.stop());

describe('会员收货地址', () => {
  it('answers a demo member’s addresses, the default first', async () => {
    const r = await A('GET', `${M}/query/address/${memberId}`);
    expect(r.status, r.body).toBe(200);
    const list = r.json.data as Json[];
    expect(list.length).toBe(2);
    expect(list[0]).toMatchObject({ memberId, isDefault: true, receiverPhone: '13800000001', region: '上海市 徐汇区' });
    expect(list[1].isDefault).toBe(false);
  });

  it('refuses a bad id; a member that does not exist and another tenant\'s are 404; shop01 only with 会员列表', async () => {
    const bad = await A('GET', `${M}/query/address/abc`);
    expect(bad.status).toBe(400);
    // A member that does not exist (or is another tenant's) is named, not answered with no addresses.
    for (const none of [await A('GET', `${M}/query/address/99999999`), await A2('GET', `${M}/query/address/${memberId}`)]) {
      expect(none.status).toBe(404);
      expect(none.json.msg).toBe('会员不存在');
    }
    // shop01's role holds 会员列表 (the register looks members up), so it reads them; without it, 403.
    expect((await S('GET', `${M}/query/address/${memberId}`)).json.data).toHaveLength(2);
    await s.db.tenant(1, (tx) => tx.query(`DELETE FROM sys_role_menu rm USING sys_role r, sys_menu m WHERE rm.role_id = r.id AND rm.menu_id = m.id AND r.code = 'shop_staff' AND m.perms = 'member:info:list'`));
    const again = callerFor(s, await s.login('shop01', 'shop123'));
    expect((await again('GET', `${M}/query/address/${memberId}`)).status).toBe(403);
  });
});
