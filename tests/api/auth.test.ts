import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, startTestServer, tokenUrl, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

const passwordLogin = (username: string, password: string, tenant: number | string = 1, headers: Record<string, string> = { authorization: BASIC }) =>
  s.call('GET', tokenUrl({ grant_type: 'password', username, password, scope: 'server' }), { tenant, headers });

const countLoginRecords = (tenant: number, userName: string) =>
  s.db.tenant(tenant, async (tx) => (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_login_record WHERE user_name = $1`, [userName])).rows[0].n);

describe('password grant', () => {
  it('answers an OAuth token that opens the user info, by GET and by POST', async () => {
    const res = await passwordLogin('admin', 'admin123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 30 * 24 * 3600, tenant_id: 1 });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const info = await s.call('GET', '/api/wxy-system-server/user/permissions', { token: body.access_token, tenant: 1 });
    expect(info.json()).toMatchObject({ code: 200, data: { userName: 'admin', roles: ['admin'], roleNames: ['管理员'] } });

    const post = await s.call('POST', tokenUrl({ grant_type: 'password', username: 'admin', password: 'admin123' }), { tenant: 1, headers: { authorization: BASIC } });
    expect(post.statusCode).toBe(200);
    expect(post.json().access_token).not.toBe(body.access_token);
  });

  it('takes the grant in a form or JSON body too, so the page never puts the password in the URL', async () => {
    const form = await s.app.inject({
      method: 'POST',
      url: '/api/wxy-auth-server/oauth/token',
      headers: { authorization: BASIC, 'x-tenant-id': '1', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=shop01&password=shop123',
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().access_token).toBeTruthy();
    const json = await s.call('POST', '/api/wxy-auth-server/oauth/token', { tenant: 1, headers: { authorization: BASIC }, body: { grant_type: 'password', username: 'shop01', password: 'wrong' } });
    expect(json.json().code).toBe(4012);
    const missing = await s.call('POST', '/api/wxy-auth-server/oauth/token', { tenant: 1, headers: { authorization: BASIC }, body: { username: 'shop01', password: 'shop123' } });
    expect(missing.json()).toMatchObject({ code: 400, msg: '授权类型不能为空' });
    await s.db.tenant(1, (tx) => tx.query(`UPDATE sys_user SET fail_count = 0, fail_window_start = NULL WHERE user_name = 'shop01'`));
  });

  it('refuses a missing or wrong client credential and writes nothing', async () => {
    const before = await countLoginRecords(1, 'admin');
    const missing = await passwordLogin('admin', 'admin123', 1, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 4011, msg: '客户端认证信息缺失' });
    const wrong = await passwordLogin('admin', 'admin123', 1, { authorization: `Basic ${Buffer.from('wxy-admin:nope').toString('base64')}` });
    expect(wrong.json()).toMatchObject({ code: 4011, msg: '客户端认证失败' });
    expect(await countLoginRecords(1, 'admin')).toBe(before);
  });

  it('refuses an unknown or malformed tenant in Chinese', async () => {
    expect((await passwordLogin('admin', 'admin123', 99)).json()).toMatchObject({ code: 4004, msg: '租户不存在' });
    const bad = await passwordLogin('admin', 'admin123', '1 OR 1=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('X-TENANT-ID');
  });

  it('refuses SQL text and over-long names with a message naming the field', async () => {
    const sql = await passwordLogin("admin' OR '1'='1", 'x');
    expect(sql.statusCode).toBe(400);
    expect(sql.json().msg).toContain('用户名');
    const long = await passwordLogin('a'.repeat(25), 'x');
    expect(long.json()).toMatchObject({ code: 400, msg: '用户名长度不能超过24个字符' });
  });

  it('records every attempt, good or bad, for the login-record screen', async () => {
    const token = await s.login('shop01', 'shop123');
    await passwordLogin('shop01', 'wrong-password');
    await s.login('shop01', 'shop123');
    const page = await s.call('GET', '/api/wxy-system-server/login-record/findPage/1/10', { token, tenant: 1 });
    const records = page.json().data.records as { success: boolean; msg: string }[];
    expect(records.slice(0, 3).map((r) => r.success)).toEqual([true, false, true]);
    expect(records[1].msg).toContain('用户名或密码错误');
  });

  it('records the socket address, not what X-Forwarded-For claims (no proxy is trusted unless TRUST_PROXY names it)', async () => {
    await passwordLogin('shop01', 'shop123', 1, { authorization: BASIC, 'x-forwarded-for': '6.6.6.6' });
    const ip = await s.db.tenant(1, async (tx) => (await tx.query<{ ip: string }>(`SELECT ip FROM sys_login_record ORDER BY id DESC LIMIT 1`)).rows[0].ip);
    expect(ip).not.toBe('6.6.6.6');
    expect(ip).toBe('127.0.0.1');
  });
});

describe('lock-out', () => {
  it('locks the account for 10 minutes after five wrong passwords, even for the right one, until unlocked', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await passwordLogin('admin', 'bad-password', 2)).json());
    expect(answers[0].msg).toBe('用户名或密码错误，再错4次账户将被锁定10分钟');
    expect(answers[3].msg).toBe('用户名或密码错误，再错1次账户将被锁定10分钟');
    expect(answers[4]).toMatchObject({ code: 4013, msg: '密码连续错误5次，账户已被锁定，请10分钟后再试' });
    const right = await passwordLogin('admin', 'admin123', 2);
    expect(right.statusCode).toBe(423);
    expect(right.json().msg).toContain('已被锁定');
    // Ten minutes later (moved back in the database) the right password works again.
    await s.db.tenant(2, (tx) => tx.query(`UPDATE sys_user SET locked_until = now() - interval '1 second' WHERE user_name = 'admin'`));
    expect((await passwordLogin('admin', 'admin123', 2)).statusCode).toBe(200);
  });

  it('50 wrong passwords sent at once check exactly 5; a right one among 19 wrong ones is refused once 5 are taken', async () => {
    // A user of tenant 2 of its own, so the other tests' admin stays usable.
    const checked = async () => {
      const rows = await s.db.tenant(2, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_login_record WHERE user_name = 'admin' AND msg LIKE '用户名或密码错误%'`));
      return rows.rows[0].n;
    };
    await s.db.tenant(2, (tx) => tx.query(`UPDATE sys_user SET locked_until = NULL, fail_count = 0, fail_window_start = NULL WHERE user_name = 'admin'`));
    const before = await checked();
    const answers = await Promise.all(Array.from({ length: 50 }, () => passwordLogin('admin', 'wrong-guess', 2)));
    const codes = answers.map((a) => a.json().code);
    // Four answers say how many tries are left, the fifth locks; the other 45 never had their password checked.
    expect(codes.filter((c) => c === 4012)).toHaveLength(4);
    expect(codes.filter((c) => c === 4013)).toHaveLength(46);
    expect((await checked()) - before).toBe(4);
    await s.db.tenant(2, (tx) => tx.query(`UPDATE sys_user SET locked_until = NULL, fail_count = 0, fail_window_start = NULL WHERE user_name = 'admin'`));
    const mixed = await Promise.all(Array.from({ length: 20 }, (_, i) => passwordLogin('admin', i === 10 ? 'admin123' : 'wrong-guess', 2)));
    const tokens = mixed.filter((a) => a.statusCode === 200);
    const wrongChecked = mixed.filter((a) => a.json().code === 4012).length;
    // At most 5 passwords were looked at, the right one included if it got a slot.
    expect(wrongChecked + tokens.length).toBeLessThanOrEqual(5);
    await s.db.tenant(2, (tx) => tx.query(`UPDATE sys_user SET locked_until = NULL, fail_count = 0, fail_window_start = NULL WHERE user_name = 'admin'`));
  });

  it('changing the password with a wrong old one is limited the same way', async () => {
    const token = await s.login('admin', 'admin123', 2);
    const tries = [];
    for (let i = 0; i < 6; i++) tries.push((await s.call('PUT', '/api/wxy-system-server/user/password', { token, tenant: 2, body: { oldPassword: 'nope', newPassword: 'newpass1' } })).json());
    expect(tries[0]).toMatchObject({ code: 400, msg: '原密码不正确，再错4次账户将被锁定10分钟' });
    expect(tries[4]).toMatchObject({ code: 4013 });
    // Locked: even the right old password is refused now, and so is a login.
    expect((await s.call('PUT', '/api/wxy-system-server/user/password', { token, tenant: 2, body: { oldPassword: 'admin123', newPassword: 'newpass1' } })).json().code).toBe(4013);
    expect((await passwordLogin('admin', 'admin123', 2)).json().code).toBe(4013);
    await s.db.tenant(2, (tx) => tx.query(`UPDATE sys_user SET locked_until = NULL, fail_count = 0, fail_window_start = NULL WHERE user_name = 'admin'`));
  });

  it('lets an admin unlock a locked user; shop staff may not', async () => {
    for (let i = 0; i < 5; i++) await passwordLogin('shop01', 'bad');
    expect((await passwordLogin('shop01', 'shop123')).json().code).toBe(4013);
    const shopToken = await s.login('admin', 'admin123');
    const users = (await s.call('GET', '/api/wxy-system-server/user/findPage/1/20?keyword=shop01', { token: shopToken, tenant: 1 })).json().data.records;
    expect(users[0]).toMatchObject({ userName: 'shop01', locked: true });
    const unlock = await s.call('PUT', `/api/wxy-system-server/user/unlock/${users[0].id}`, { token: shopToken, tenant: 1 });
    expect(unlock.json().code).toBe(200);
    const staff = await s.login('shop01', 'shop123');
    const refused = await s.call('PUT', `/api/wxy-system-server/user/unlock/${users[0].id}`, { token: staff, tenant: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 4030, msg: '您无权限执行该操作' });
  });
});

describe('phone grant', () => {
  const phoneLogin = (params: Record<string, string>) =>
    s.call('POST', tokenUrl({ grant_type: 'phoneNumber', terminalType: '5', isPhoneNumber: 'true', isCheckCode: 'true', tenantId: '1', ...params }), {
      headers: { authorization: BASIC },
    });
  const sendCode = (phone: string) =>
    s.call('POST', `/api/wxy-auth-server/sms/send-code?phoneNumber=${phone}&tenantId=1`, { headers: { authorization: BASIC } });

  it('logs in with the SMS code once; a reused or wrong code is refused', async () => {
    expect((await sendCode('13800000001')).json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    const code = s.smsCodes.get('13800000001')!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await phoneLogin({ username: '13800000001', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ code: 4014, msg: '验证码错误或已过期' });
    const good = await phoneLogin({ username: '13800000001', code });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ token_type: 'bearer', tenant_id: 1, X_SHOP_ID: null });
    expect((await phoneLogin({ username: '13800000001', code })).json().code).toBe(4014);
    // A second code within a minute is refused.
    expect((await sendCode('13800000001')).json().code).toBe(4016);
  });

  it('needs an activated device when a fingerprint is given; its shop becomes X_SHOP_ID', async () => {
    await s.db.tenant(1, (tx) => tx.query(`DELETE FROM sys_sms_code`));
    await sendCode('13800000000');
    const inactive = await phoneLogin({ username: '13800000000', code: s.smsCodes.get('13800000000')!, fingerprintCode: 'T1-DEVICE-0002' });
    expect(inactive.json()).toMatchObject({ code: 4015, msg: '该设备未激活，请先激活设备' });
    await s.db.tenant(1, (tx) => tx.query(`DELETE FROM sys_sms_code`));
    await sendCode('13800000000');
    const active = await phoneLogin({ username: '13800000000', code: s.smsCodes.get('13800000000')!, fingerprintCode: 'T1-DEVICE-0001' });
    expect(active.statusCode).toBe(200);
    expect(active.json().X_SHOP_ID).toBe(1);
  });

  it('refuses a bad phone number with the spec message and sends nothing to unknown phones', async () => {
    expect((await sendCode('11345678901')).json()).toMatchObject({ code: 400, msg: '手机号码有误，请重填!' });
    expect((await sendCode('13999999999')).json().code).toBe(200);
    expect(s.smsCodes.has('13999999999')).toBe(false);
  });
});

describe('sessions', () => {
  it('logout revokes the token (47xx afterwards)', async () => {
    const token = await s.login('admin', 'admin123');
    expect((await s.call('POST', '/api/wxy-auth-server/oauth/loginout', { token, tenant: 1 })).json().code).toBe(200);
    const after = await s.call('GET', '/api/wxy-system-server/user/permissions', { token, tenant: 1 });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 4703, data: null });
  });

  it('a changed password revokes the other tokens but keeps this one', async () => {
    await s.db.tenant(1, (tx) => tx.query(`UPDATE sys_user SET locked_until = NULL WHERE user_name = 'shop01'`));
    const a = await s.login('shop01', 'shop123');
    const b = await s.login('shop01', 'shop123');
    const wrongOld = await s.call('PUT', '/api/wxy-system-server/user/password', { token: a, tenant: 1, body: { oldPassword: 'nope', newPassword: 'newpass1' } });
    expect(wrongOld.json()).toMatchObject({ code: 400, msg: '原密码不正确，再错4次账户将被锁定10分钟' });
    const changed = await s.call('PUT', '/api/wxy-system-server/user/password', { token: a, tenant: 1, body: { oldPassword: 'shop123', newPassword: 'newpass1' } });
    expect(changed.json().code).toBe(200);
    expect((await s.call('GET', '/api/wxy-system-server/user/permissions', { token: b, tenant: 1 })).json().code).toBe(4703);
    expect((await s.call('GET', '/api/wxy-system-server/user/permissions', { token: a, tenant: 1 })).json().code).toBe(200);
    expect((await passwordLogin('shop01', 'shop123')).json().code).toBe(4012);
    await s.login('shop01', 'newpass1');
    await s.call('PUT', '/api/wxy-system-server/user/password', { token: a, tenant: 1, body: { oldPassword: 'newpass1', newPassword: 'shop123' } });
  });

  it('an expired token is refused with 4702; missing and malformed ones with 4701 and 4705', async () => {
    const token = await s.login('admin', 'admin123');
    await s.db.system((tx) => tx.query(`UPDATE oauth_token SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL AND user_id = 1 AND tenant_id = 1`));
    expect((await s.call('GET', '/api/wxy-system-server/user/permissions', { token, tenant: 1 })).json().code).toBe(4702);
    expect((await s.call('GET', '/api/wxy-system-server/user/permissions', { tenant: 1 })).json().code).toBe(4701);
    expect((await s.call('GET', '/api/wxy-system-server/user/permissions', { token: "x' OR 1=1 --", tenant: 1 })).json().code).toBe(4705);
    expect((await s.call('GET', '/api/wxy-system-server/user/permissions', { token: 'A'.repeat(43), tenant: 1 })).json().code).toBe(4705);
  });

  it('tokens live 30 days', async () => {
    await s.login('admin', 'admin123');
    const r = await s.db.system((tx) =>
      tx.query<{ days: number }>(`SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM oauth_token ORDER BY created_at DESC LIMIT 1`),
    );
    expect(r.rows[0].days).toBe(30);
  });
});
