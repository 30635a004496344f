import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, type IMessage } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.ts';
import { BASIC, freshDatabaseConfig } from './harness.ts';

/**
 * The STOMP endpoint with a real @stomp/stompjs client over `ws`, against a listening server.
 * The server heart-beat is shortened to 300 ms so the liveness checks run fast.
 */
const HEARTBEAT_MS = 300;
const QUEUES = ['pay/user-message', 'class/reocrd/user-message', 'version-message', 'user-message', 'pettycash/user-message', 'grant/attend', 'grant/order'];

let server: RunningServer;
let cleanup: () => Promise<void>;
let wsUrl: string;
let databaseUrl: string | undefined;
const clients: Client[] = [];

async function login(s: RunningServer, user: string, password: string, tenant: number): Promise<{ token: string; userId: number }> {
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/wxy-auth-server/oauth/token?grant_type=password&username=${user}&password=${password}`,
    headers: { authorization: BASIC, 'x-tenant-id': String(tenant) },
  });
  const body = res.json();
  return { token: body.access_token, userId: body.user_id };
}

const api = (s: RunningServer, method: 'POST' | 'GET' | 'PUT', url: string, token: string, tenant: number, body?: unknown) =>
  s.app.inject({ method, url: `/api/wxy-system-server/${url}`, headers: { authorization: `Bearer ${token}`, 'x-tenant-id': String(tenant) }, payload: body as object });

interface Connected {
  client: Client;
  received: { queue: string; body: Record<string, unknown> }[];
}

/** Connects and subscribes every user queue; resolves once the subscriptions are confirmed by receipt. */
function connect(url: string, headers: Record<string, string>, heartbeat = HEARTBEAT_MS): Promise<Connected> {
  return new Promise((resolve, reject) => {
    const received: Connected['received'] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(url),
      connectHeaders: headers,
      reconnectDelay: 0,
      heartbeatIncoming: heartbeat,
      heartbeatOutgoing: heartbeat,
      onConnect: () => {
        for (const q of QUEUES) client.subscribe(`/user/queue/${q}`, (m: IMessage) => received.push({ queue: q, body: JSON.parse(m.body) }));
        const receipt = 'subscribed';
        client.watchForReceipt(receipt, () => resolve({ client, received }));
        client.subscribe('/user/queue/user-message', () => undefined, { receipt, id: 'probe' });
      },
      onStompError: (frame) => reject(Object.assign(new Error(frame.headers.message), { headers: frame.headers })),
      onWebSocketClose: () => reject(new Error('closed before CONNECTED')),
    });
    clients.push(client);
    client.activate();
  });
}

async function waitFor(ok: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  const fresh = await freshDatabaseConfig();
  cleanup = fresh.cleanup;
  databaseUrl = fresh.config.databaseUrl;
  server = await startServer({ ...fresh.config, port: 0, host: '127.0.0.1', stompHeartbeatMs: HEARTBEAT_MS }, { logger: false });
  wsUrl = `${server.url.replace('http', 'ws')}/wbskt/`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.deactivate().catch(() => undefined)));
  await server?.close();
  await cleanup?.();
});

describe('STOMP CONNECT', () => {
  it('is refused without a valid token for the named tenant: ERROR frame, then the socket closes', async () => {
    const { token } = await login(server, 'admin', 'admin123', 1);
    const cases: [Record<string, string>, string, string][] = [
      [{ 'X-TENANT-ID': '1' }, '4701', '未登录或登录已过期，请重新登录'],
      [{ Authorization: 'Bearer not-a-real-token-0123456789', 'X-TENANT-ID': '1' }, '4705', '登录令牌无效，请重新登录'],
      [{ Authorization: `Bearer ${token}`, 'X-TENANT-ID': '2' }, '4704', '登录信息与租户不匹配，请重新登录'],
      [{ Authorization: `Bearer ${token}` }, '400', '请求头 X-TENANT-ID 不能为空'],
    ];
    for (const [headers, code, message] of cases) {
      const err = (await connect(wsUrl, headers).then(() => null, (e) => e)) as Error & { headers?: Record<string, string> };
      expect(err?.headers, message).toMatchObject({ code, message });
    }
  });

  it('refuses a token that was logged out', async () => {
    const { token } = await login(server, 'shop01', 'shop123', 1);
    await server.app.inject({ method: 'POST', url: '/api/wxy-auth-server/oauth/loginout', headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1' } });
    await expect(connect(wsUrl, { Authorization: `Bearer ${token}`, 'X-TENANT-ID': '1' })).rejects.toMatchObject({ headers: { code: '4703' } });
  });

  it('closes a live socket as soon as its token is revoked (logout; password changed elsewhere), and only that one', async () => {
    const connectRaw = async (token: string) => {
      const r = await rawSocket(wsUrl);
      r.ws.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${token}\nX-TENANT-ID:1\n\n\0`);
      await waitFor(() => r.text().startsWith('CONNECTED'));
      return r;
    };
    const a = await login(server, 'shop01', 'shop123', 1);
    const b = await login(server, 'shop01', 'shop123', 1);
    const sockA = await connectRaw(a.token);
    const sockB = await connectRaw(b.token);

    await server.app.inject({ method: 'POST', url: '/api/wxy-auth-server/oauth/loginout', headers: { authorization: `Bearer ${a.token}`, 'x-tenant-id': '1' } });
    await waitFor(() => sockA.closed);
    expect(sockA.text()).toMatch(/ERROR\n[^]*code:4703/);
    expect(sockA.text()).toMatch(/message:登录已失效，请重新登录/);
    expect(sockB.closed).toBe(false);

    // Session c changes the password: b's socket closes, c's own stays open.
    const c = await login(server, 'shop01', 'shop123', 1);
    const sockC = await connectRaw(c.token);
    const changed = await api(server, 'PUT', 'user/password', c.token, 1, { oldPassword: 'shop123', newPassword: 'shop456' });
    expect(changed.json().code).toBe(200);
    await waitFor(() => sockB.closed);
    expect(sockB.text()).toMatch(/code:4703/);
    await new Promise((r) => setTimeout(r, 200));
    expect(sockC.closed).toBe(false);
    await api(server, 'PUT', 'user/password', c.token, 1, { oldPassword: 'shop456', newPassword: 'shop123' });
    sockC.ws.close();
  });

  it('answers a frame before CONNECT, an unknown destination and a SEND with ERROR and closes', async () => {
    const raw = await rawSocket(wsUrl);
    raw.ws.send('SUBSCRIBE\nid:0\ndestination:/user/queue/user-message\n\n\0');
    await waitFor(() => raw.closed);
    expect(raw.text()).toMatch(/^ERROR\n[^]*message:请先发送 CONNECT/);

    const { token } = await login(server, 'admin', 'admin123', 1);
    for (const frame of ['SUBSCRIBE\nid:1\ndestination:/topic/all\n\n\0', 'SEND\ndestination:/user/queue/user-message\n\nhi\0']) {
      const r = await rawSocket(wsUrl);
      r.ws.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${token}\nX-TENANT-ID:1\n\n\0`);
      await waitFor(() => r.text().startsWith('CONNECTED'));
      r.ws.send(frame);
      await waitFor(() => r.closed);
      expect(r.text()).toMatch(/ERROR\n[^]*message:(不支持的订阅地址 \/topic\/all|不支持的命令 SEND：本服务只推送消息)/);
    }
  });
});

describe('delivery', () => {
  it('user A never receives user B’s messages, nor another tenant’s; each queue gets only its own', async () => {
    const [a, b, other] = await Promise.all([login(server, 'admin', 'admin123', 1), login(server, 'shop01', 'shop123', 1), login(server, 'admin', 'admin123', 2)]);
    const [ca, cb, co] = await Promise.all([
      connect(wsUrl, { Authorization: `Bearer ${a.token}`, 'X-TENANT-ID': '1' }),
      connect(wsUrl, { Authorization: `Bearer ${b.token}`, 'X-TENANT-ID': '1' }),
      connect(wsUrl, { Authorization: `Bearer ${other.token}`, 'X-TENANT-ID': '2' }),
    ]);
    const sent = await api(server, 'POST', 'ms/send', a.token, 1, { userIds: [b.userId], queue: 'grant/order', businessType: 1, businessId: '42', messageTypeInfo: '采购', noticeTemplateInfo: '给店员的消息' });
    expect(sent.json().code).toBe(200);
    await waitFor(() => cb.received.length === 1);
    expect(cb.received[0]).toMatchObject({ queue: 'grant/order', body: { businessType: 1, businessId: '42', noticeTemplateInfo: '给店员的消息', isRead: 0, totalMessage: 1 } });

    // tenant 2 publishes a version: only its own user hears it
    await api(server, 'POST', 'ms/version/publish', other.token, 2, { version: '2.0.0', content: '第二连锁的更新' });
    await waitFor(() => co.received.length === 1);
    expect(co.received[0]).toMatchObject({ queue: 'version-message', body: { businessType: 12, noticeTemplateInfo: '系统已更新至 2.0.0' } });

    // a last message to A: once it arrived, everything sent before has been delivered (one NOTIFY stream, in order)
    await api(server, 'POST', 'ms/send', a.token, 1, { userIds: [a.userId], businessType: 12, messageTypeInfo: '系统', noticeTemplateInfo: '给管理员的消息' });
    await waitFor(() => ca.received.length === 1);
    expect(ca.received.map((m) => [m.queue, m.body.noticeTemplateInfo])).toEqual([['user-message', '给管理员的消息']]);
    expect(cb.received.length).toBe(1);
    expect(co.received.length).toBe(1);
  });

  it('every socket of the same user gets the notice', async () => {
    const b = await login(server, 'shop01', 'shop123', 1);
    const a = await login(server, 'admin', 'admin123', 1);
    const sockets = await Promise.all([1, 2, 3].map(() => connect(wsUrl, { Authorization: `Bearer ${b.token}`, 'X-TENANT-ID': '1' })));
    await api(server, 'POST', 'ms/send', a.token, 1, { userIds: [b.userId], queue: 'pettycash/user-message', businessType: 10, messageTypeInfo: '备用金', noticeTemplateInfo: '三处都收到' });
    await waitFor(() => sockets.every((s) => s.received.length === 1));
    expect(sockets.map((s) => s.received[0].queue)).toEqual(['pettycash/user-message', 'pettycash/user-message', 'pettycash/user-message']);
  });
});

describe('heart-beats', () => {
  it('keep an idle connection alive for many intervals; the server sends them too', async () => {
    const { token } = await login(server, 'admin', 'admin123', 1);
    let closed = false;
    const c = await connect(wsUrl, { Authorization: `Bearer ${token}`, 'X-TENANT-ID': '1' });
    c.client.onWebSocketClose = () => void (closed = true);
    const raw = await rawSocket(wsUrl);
    raw.ws.send(`CONNECT\naccept-version:1.2\nheart-beat:0,${HEARTBEAT_MS}\nAuthorization:Bearer ${token}\nX-TENANT-ID:1\n\n\0`);
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 8));
    expect(closed).toBe(false);
    expect(c.client.connected).toBe(true);
    // the raw client promised no beats (0,...) and was kept; it got about one beat per interval
    expect(raw.closed).toBe(false);
    expect(raw.heartbeats()).toBeGreaterThanOrEqual(5);
    raw.ws.close();
  });

  it('drop a client that promised beats and went silent', async () => {
    const { token } = await login(server, 'admin', 'admin123', 1);
    const raw = await rawSocket(wsUrl);
    raw.ws.send(`CONNECT\naccept-version:1.2\nheart-beat:${HEARTBEAT_MS},${HEARTBEAT_MS}\nAuthorization:Bearer ${token}\nX-TENANT-ID:1\n\n\0`);
    const started = Date.now();
    await waitFor(() => raw.closed, HEARTBEAT_MS * 10);
    const silentFor = Date.now() - started;
    expect(raw.text()).toMatch(/^CONNECTED\n[^]*heart-beat:300,300/);
    expect(silentFor).toBeGreaterThanOrEqual(HEARTBEAT_MS * 2);
    expect(silentFor).toBeLessThan(HEARTBEAT_MS * 5);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server processes sharing one PostgreSQL (DATABASE_URL)', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const done = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await done;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a message sent through one process reaches a socket held by the other, both ways', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'wxy-stomp-2-'));
    const port = 18181; // notices' port + 100
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', STOMP_HEARTBEAT_MS: String(HEARTBEAT_MS) },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('second server exited');
      if (await fetch(`${base}/api/wxy-system-server/sys-date/now`).then(() => true, () => false)) break; // any answer: it is up
      if (Date.now() > until) throw new Error('second server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const [a, b] = await Promise.all([login(server, 'admin', 'admin123', 1), login(server, 'shop01', 'shop123', 1)]);
    // shop01 holds a socket on the second process; admin sends through the first
    const onSecond = await connect(`ws://127.0.0.1:${port}/wbskt/`, { Authorization: `Bearer ${b.token}`, 'X-TENANT-ID': '1' });
    await api(server, 'POST', 'ms/send', a.token, 1, { userIds: [b.userId], businessType: 2, messageTypeInfo: '跨进程', noticeTemplateInfo: '从进程一发出' });
    await waitFor(() => onSecond.received.length === 1);
    expect(onSecond.received[0].body).toMatchObject({ noticeTemplateInfo: '从进程一发出' });
    // and the other way: admin's socket on the first process, the call made to the second over HTTP
    const onFirst = await connect(wsUrl, { Authorization: `Bearer ${a.token}`, 'X-TENANT-ID': '1' });
    const res = await fetch(`${base}/api/wxy-system-server/ms/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'x-tenant-id': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: [a.userId], businessType: 3, messageTypeInfo: '跨进程', noticeTemplateInfo: '从进程二发出' }),
    });
    expect((await res.json()).code).toBe(200);
    await waitFor(() => onFirst.received.length === 1);
    expect(onFirst.received[0].body).toMatchObject({ noticeTemplateInfo: '从进程二发出' });
  });
});

/** A bare WebSocket speaking STOMP by hand, for what a well-behaved client never does. */
async function rawSocket(url: string) {
  const ws = new WebSocket(url);
  const chunks: string[] = [];
  let closed = false;
  ws.on('message', (d) => chunks.push(d.toString()));
  ws.on('close', () => void (closed = true));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    get closed() {
      return closed;
    },
    text: () => chunks.join(''),
    heartbeats: () => chunks.filter((c) => c === '\n').length,
  };
}
