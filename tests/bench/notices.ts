/**
 * Real-time notices: 1,000 connected @stomp/stompjs clients (each a different user of tenant 1), one
 * version notice published to all of them; time from the publish call until each client has it.
 * Baselines in the same run: one notice to one connected user (notifyUser), and the same fan-out of the
 * same body over raw `ws` sockets without STOMP, the database or authentication.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@stomp/stompjs';
import { WebSocket, WebSocketServer } from 'ws';
import { configFromEnv } from '../../server/config.ts';
import { startServer } from '../../server/start.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { notifyUser } from '../../server/messages/messageService.ts';

const CLIENTS = 1000;
const ROUNDS = 3;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Receiver {
  client: Client;
  arrivals: number[];
}

function connectStomp(url: string, token: string): Promise<Receiver> {
  return new Promise((resolve, reject) => {
    const arrivals: number[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(url),
      connectHeaders: { Authorization: `Bearer ${token}`, 'X-TENANT-ID': '1' },
      reconnectDelay: 0,
      heartbeatIncoming: 5000,
      heartbeatOutgoing: 5000,
      onConnect: () => {
        client.watchForReceipt('ready', () => resolve({ client, arrivals }));
        client.subscribe('/user/queue/version-message', () => void arrivals.push(performance.now()));
        client.subscribe('/user/queue/user-message', () => void arrivals.push(performance.now()), { receipt: 'ready' });
      },
      onStompError: (f) => reject(new Error(f.headers.message)),
    });
    client.activate();
  });
}

async function waitAll(receivers: { arrivals: number[] }[], count: number, timeoutMs = 60_000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (receivers.some((r) => r.arrivals.length < count)) {
    if (performance.now() > until) throw new Error(`only ${receivers.filter((r) => r.arrivals.length >= count).length} of ${receivers.length} received`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function rawWsBaseline(body: string): Promise<number[]> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const sockets: { arrivals: number[]; ws: WebSocket }[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, CLIENTS - i) }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
        const entry = { arrivals: [] as number[], ws };
        ws.on('message', () => void entry.arrivals.push(performance.now()));
        await new Promise((r) => ws.once('open', r));
        sockets.push(entry);
      }),
    );
  }
  while (wss.clients.size < CLIENTS) await new Promise((r) => setTimeout(r, 5));
  const latencies: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const t0 = performance.now();
    for (const c of wss.clients) c.send(body);
    await waitAll(sockets, round);
    for (const s of sockets) latencies.push(s.arrivals[round - 1] - t0);
  }
  for (const s of sockets) s.ws.terminate();
  await new Promise((r) => wss.close(r));
  return latencies;
}

export async function benchNotices(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-bench-notices-'));
  const config = { ...configFromEnv({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' }), databaseUrl: undefined, port: 0, host: '127.0.0.1', staticDir: undefined };
  const server = await startServer(config, { logger: false });
  const receivers: Receiver[] = [];
  try {
    // 1,000 users of tenant 1, each with a token (issued directly: 1,000 scrypt logins would dominate the run).
    const userIds = await server.db.tenant(1, async (tx) => {
      await tx.query(
        `INSERT INTO sys_user(tenant_id, user_no, user_name, name, password_hash)
         SELECT 1, 'B' || g, 'bench' || g, '压测' || g, (SELECT password_hash FROM sys_user WHERE user_name = 'admin')
           FROM generate_series(1, $1::int) g`,
        [CLIENTS],
      );
      return (await tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name LIKE 'bench%' ORDER BY id`)).rows.map((r) => r.id);
    });
    const tokens = [];
    for (const userId of userIds) tokens.push(await issueToken(server.db, { tenantId: 1, userId, shopId: null, grantType: 'password', ttlSeconds: 3600 }));
    const adminRow = await server.db.tenant(1, (tx) => tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`));
    const adminToken = await issueToken(server.db, { tenantId: 1, userId: adminRow.rows[0].id, shopId: null, grantType: 'password', ttlSeconds: 3600 });

    const url = `${server.url.replace('http', 'ws')}/wbskt/`;
    const connectStarted = performance.now();
    for (let i = 0; i < tokens.length; i += 100) receivers.push(...(await Promise.all(tokens.slice(i, i + 100).map((t) => connectStomp(url, t)))));
    const connectMs = performance.now() - connectStarted;

    // Baseline A: one notice to one connected user, end to end (store, NOTIFY, push), 50 times.
    const single: number[] = [];
    const one = receivers[0];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await notifyUser(server.db, 1, userIds[0], { businessType: 4, messageTypeInfo: '压测', noticeTemplateInfo: `单条 ${i}` });
      await waitAll([one], i + 1);
      single.push(one.arrivals[i] - t0);
    }
    one.arrivals.length = 0;

    // The fan-out: a version notice to every user of the tenant (1,000 bench users + 2 demo users).
    const fanout: number[] = [];
    const publishCall: number[] = [];
    let body = '';
    for (let round = 1; round <= ROUNDS; round++) {
      const t0 = performance.now();
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/wxy-system-server/ms/version/publish',
        headers: { authorization: `Bearer ${adminToken}`, 'x-tenant-id': '1' },
        payload: { version: `bench-${Date.now()}-${round}`, content: '压测版本' },
      });
      if (res.json().code !== 200) throw new Error(res.body);
      publishCall.push(performance.now() - t0);
      await waitAll(receivers, round);
      for (const r of receivers) fanout.push(r.arrivals[round - 1] - t0);
    }
    body = JSON.stringify({ id: 1, businessType: 12, businessId: null, messageTypeInfo: '版本更新', noticeTemplateInfo: '系统已更新至 bench-0000000000000-1', isRead: 0, createTime: '2026-11-22 00:00:00', timeDesc: '刚刚', totalMessage: 1 });
    for (const r of receivers) await r.client.deactivate();
    receivers.length = 0;

    const raw = await rawWsBaseline(body);
    const singleP50 = pct(single, 50);
    const rawP50 = pct(raw, 50);
    console.log(`\n## Real-time notices: ${CLIENTS} connected STOMP clients`);
    console.log(`connecting ${CLIENTS} clients (CONNECT with token check + 2 SUBSCRIBEs each)   ${ms(connectMs)} (${ms(connectMs / CLIENTS)} per client)`);
    console.log(`baseline: one notice to one user (store + NOTIFY + push)   p50 ${ms(singleP50)}  p99 ${ms(pct(single, 99))}`);
    console.log(`baseline: same body to ${CLIENTS} raw ws sockets (no STOMP, no database)   p50 ${ms(rawP50)}  p99 ${ms(pct(raw, 99))}`);
    console.log(
      `version notice to all ${CLIENTS} (publish call -> each client), ${ROUNDS} rounds   p50 ${ms(pct(fanout, 50))}  p99 ${ms(pct(fanout, 99))}  max ${ms(Math.max(...fanout))}` +
        `  (p50 ${(pct(fanout, 50) / singleP50).toFixed(1)}x one notice, ${(pct(fanout, 50) / rawP50).toFixed(1)}x raw ws fan-out)`,
    );
    console.log(`  of which the publish call itself (version log + ${CLIENTS + 2} message rows + NOTIFYs, one transaction)   p50 ${ms(pct(publishCall, 50))}`);
  } finally {
    for (const r of receivers) await r.client.deactivate().catch(() => undefined);
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchNotices();
