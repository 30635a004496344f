import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUser, notifyUsersInTx } from '../../server/messages/messageService.ts';
import { NOTICE_CHANNEL } from '../../server/messages/queues.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
let admin: string;
let shop: string;
let admin2: string;
let adminId: number;
let shopId: number;
let admin2Id: number;

const sys = (path: string) => `/api/wxy-system-server/${path}`;
const me = async (token: string, tenant = 1) => (await s.call('GET', sys('user/permissions'), { token, tenant })).json().data;
const list = async (token: string, query = '', tenant = 1, page = '1/20') => (await s.call('GET', sys(`ms/list/${page}${query}`), { token, tenant })).json().data;
const send = (token: string, body: unknown, tenant = 1) => s.call('POST', sys('ms/send'), { token, tenant, body });
const notice = (n: number, extra: object = {}) => ({ businessType: 1, businessId: `P${n}`, messageTypeInfo: '采购单审核', noticeTemplateInfo: `采购单 P${n} 已审核`, ...extra });

beforeAll(async () => {
  s = await startTestServer();
  [admin, shop, admin2] = await Promise.all([s.login('admin', 'admin123'), s.login('shop01', 'shop123'), s.login('admin', 'admin123', 2)]);
  [adminId, shopId, admin2Id] = [(await me(admin)).userId, (await me(shop)).userId, (await me(admin2, 2)).userId];
});
afterAll(async () => s?.stop());

describe('messages are per user and per tenant', () => {
  it('a sent message reaches only its recipient, with every field, and counts as unread', async () => {
    const res = await send(admin, { userIds: [shopId], ...notice(1) });
    expect(res.json()).toMatchObject({ code: 200, data: { sent: 1 } });
    const mine = await list(shop);
    expect(mine.total).toBe(1);
    expect(mine.records[0]).toMatchObject({
      id: res.json().data.ids[0], businessType: 1, businessId: 'P1', messageTypeInfo: '采购单审核', noticeTemplateInfo: '采购单 P1 已审核', isRead: 0, timeDesc: '刚刚',
    });
    expect(mine.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await me(shop)).totalMessage).toBe(1);
    expect((await list(admin)).total).toBe(0);
    expect((await list(admin2, '', 2)).total).toBe(0);
    expect((await me(admin2, 2)).totalMessage).toBe(0);
  });

  it('lists newest first, pages, and filters unread (0) and read (1)', async () => {
    for (const n of [2, 3, 4]) await send(admin, { userIds: [shopId], ...notice(n) });
    const page1 = await list(shop, '', 1, '1/2');
    expect(page1.total).toBe(4);
    expect(page1.records.map((r: { businessId: string }) => r.businessId)).toEqual(['P4', 'P3']);
    expect((await list(shop, '', 1, '2/2')).records.map((r: { businessId: string }) => r.businessId)).toEqual(['P2', 'P1']);
    const p3 = page1.records[1].id;
    expect((await s.call('PUT', sys(`ms/read/${p3}`), { token: shop, tenant: 1 })).json()).toMatchObject({ code: 200, data: { updated: 1, totalMessage: 3 } });
    expect((await list(shop, '?isRead=1')).records.map((r: { id: number; isRead: number }) => [r.id, r.isRead])).toEqual([[p3, 1]]);
    expect((await list(shop, '?isRead=0')).total).toBe(3);
    // reading it again changes nothing and is not an error
    expect((await s.call('PUT', sys(`ms/read/${p3}`), { token: shop, tenant: 1 })).json().data).toEqual({ updated: 0, totalMessage: 3 });
  });

  it("cannot read someone else's message: answered as missing, and it stays unread", async () => {
    const id = (await list(shop, '?isRead=0')).records[0].id;
    for (const [token, tenant] of [[admin, 1], [admin2, 2]] as const) {
      const res = await s.call('PUT', sys(`ms/read/${id}`), { token, tenant });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 4040, msg: '消息不存在' });
    }
    expect((await list(shop, '?isRead=0')).records[0].id).toBe(id);
  });

  it('batch read marks the given own ids, then all (asked by all: true), leaving other users untouched', async () => {
    await send(admin, { userIds: [adminId, shopId], ...notice(5) });
    const unread = (await list(shop, '?isRead=0')).records as { id: number }[];
    const adminMsg = (await list(admin, '?isRead=0')).records[0].id;
    const some = await s.call('POST', sys('ms/batch/read'), { token: shop, tenant: 1, body: { ids: [unread[0].id, unread[1].id, adminMsg] } });
    expect(some.json().data).toEqual({ updated: 2, totalMessage: unread.length - 2 });
    const all = await s.call('POST', sys('ms/batch/read'), { token: shop, tenant: 1, body: { all: true } });
    expect(all.json().data).toEqual({ updated: unread.length - 2, totalMessage: 0 });
    expect((await me(shop)).totalMessage).toBe(0);
    expect((await list(admin, '?isRead=0')).records.map((r: { id: number }) => r.id)).toEqual([adminMsg]);
    expect((await me(admin)).totalMessage).toBe(1);
  });
});

describe('permissions and bad input', () => {
  it('needs a session, and only admins (system:message:send / system:version:publish) send or publish', async () => {
    expect((await s.call('GET', sys('ms/list/1/20'), { tenant: 1 })).json().code).toBe(4701);
    expect((await s.call('POST', sys('ms/batch/read'), { tenant: 1, body: {} })).json().code).toBe(4701);
    const denied = await send(shop, { userIds: [adminId], ...notice(9) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(4030);
    const publish = await s.call('POST', sys('ms/version/publish'), { token: shop, tenant: 1, body: { version: '9.9.9', content: 'x' } });
    expect(publish.json().code).toBe(4030);
    expect((await list(admin, '?isRead=0')).total).toBe(1);
  });

  it('refuses bad fields with a Chinese message naming the field, writing nothing', async () => {
    const before = (await list(shop)).total;
    const cases: [unknown, string][] = [
      [{ userIds: [], ...notice(1) }, '接收用户不能为空'],
      [{ userIds: [shopId], ...notice(1, { queue: 'topic/all' }) }, '消息队列取值不在允许范围内'],
      [{ userIds: [shopId], ...notice(1, { messageTypeInfo: '<b>x</b>' }) }, '消息类型不能包含 < > ; -- /* 等特殊字符'],
      [{ userIds: [shopId], ...notice(1, { noticeTemplateInfo: '长'.repeat(501) }) }, '消息内容长度不能超过500个字符'],
      [{ userIds: [shopId], ...notice(1, { businessType: 'abc' }) }, '业务类型应为整数'],
      [{ userIds: [shopId], businessType: 1, messageTypeInfo: '通知' }, '消息内容不能为空'],
      [{ userIds: [shopId], ...notice(1, { businessId: "1' OR 1=1" }) }, '业务单据ID只能包含字母、数字、下划线或 -'],
    ];
    for (const [body, msg] of cases) {
      const res = await send(admin, body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    // a user of another tenant (or unknown) is refused, and the valid recipient in the same call gets nothing
    const cross = await send(admin, { userIds: [shopId, admin2Id === shopId ? 999999 : admin2Id, 999999], ...notice(8) });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().msg).toMatch(/^接收用户不存在或已停用: .*999999/);
    expect((await list(shop)).total).toBe(before);

    for (const [url, msg] of [
      ['ms/list/1/20?isRead=2', '是否已读取值不在允许范围内'],
      ['ms/list/0/20', '页码不能小于1'],
      ['ms/list/1/abc', '每页条数应为整数'],
    ]) {
      const res = await s.call('GET', sys(url), { token: shop, tenant: 1 });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect((await s.call('PUT', sys('ms/read/abc'), { token: shop, tenant: 1 })).json().msg).toBe('消息ID应为整数');
    expect((await s.call('POST', sys('ms/batch/read'), { token: shop, tenant: 1, body: { ids: ['x'] } })).json().msg).toBe('消息ID应为整数');
    expect((await s.call('POST', sys('ms/batch/read'), { token: shop, tenant: 1, body: { ids: [] } })).json().msg).toBe('消息ID列表不能为空');
    expect((await s.call('POST', sys('ms/batch/read'), { token: shop, tenant: 1, body: '{"ids": [' })).json().msg).toBe('请求体不是合法的 JSON');
  });
});

describe('version notices', () => {
  it('publishing writes the version log and notifies every enabled user of the tenant only', async () => {
    const enabled = (await s.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM sys_user WHERE status = 1`))).rows.length;
    expect(enabled).toBeGreaterThanOrEqual(2);
    const res = await s.call('POST', sys('ms/version/publish'), { token: admin, tenant: 1, body: { version: '0.2.0', content: '消息中心与实时通知上线。' } });
    expect(res.json()).toMatchObject({ code: 200, data: { sent: enabled } });
    const logs = (await s.call('GET', sys('sys-version-log/findPage/1/10'), { token: shop, tenant: 1 })).json().data.records;
    expect(logs[0]).toMatchObject({ version: '0.2.0', content: '消息中心与实时通知上线。' });
    for (const token of [admin, shop]) {
      expect((await list(token, '?isRead=0')).records[0]).toMatchObject({ businessType: 12, businessId: null, messageTypeInfo: '版本更新', noticeTemplateInfo: '系统已更新至 0.2.0' });
    }
    expect((await list(admin2, '', 2)).total).toBe(0);
    const again = await s.call('POST', sys('ms/version/publish'), { token: admin, tenant: 1, body: { version: '0.2.0', content: '重复' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('版本号 0.2.0 已存在');
    expect((await list(shop, '?isRead=0')).total).toBe(1);
    const bad = await s.call('POST', sys('ms/version/publish'), { token: admin, tenant: 1, body: { version: '1.0 beta', content: 'x' } });
    expect(bad.json().msg).toBe('版本号只能包含字母、数字、点、下划线或 -');
  });
});

describe('the message service other modules call', () => {
  it('notifyUser stores the message and raises one NOTIFY for the recipient at commit', async () => {
    const heard: string[] = [];
    const unlisten = await s.db.listen(NOTICE_CHANNEL, (p) => heard.push(p));
    try {
      const n = await notifyUser(s.db, 1, shopId, { queue: 'grant/order', businessType: 16, businessId: 77, messageTypeInfo: '退货', noticeTemplateInfo: '供应商退货单 77' });
      await waitFor(() => heard.length === 1);
      const event = JSON.parse(heard[0]);
      // The NOTIFY names the stored message; the broker reads it with the unread count for a connected recipient.
      expect(event).toEqual({ tenantId: 1, userId: shopId, queue: 'grant/order', id: n.id });
      expect(n).toMatchObject({ businessType: 16, businessId: '77', noticeTemplateInfo: '供应商退货单 77', isRead: 0 });
      expect(n.totalMessage).toBe((await me(shop)).totalMessage);

      // a business change that rolls back raises no notice and stores nothing
      const before = (await list(shop)).total;
      await expect(
        s.db.tenant(1, async (tx) => {
          await notifyUsersInTx(tx, 1, [shopId], { businessType: 1, messageTypeInfo: '采购', noticeTemplateInfo: '不会发出' });
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.length).toBe(1);
      expect((await list(shop)).total).toBe(before);
      // a user of another tenant cannot be notified from this tenant
      await expect(notifyUser(s.db, 1, admin2Id, notice(1))).rejects.toThrow(/接收用户不存在/);
    } finally {
      await unlisten();
    }
  });
});

async function waitFor(ok: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
