import { createHash, randomBytes } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { enqueueJob, registerJob } from '../../server/jobs/jobs.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { BASIC, freshDatabaseConfig } from './harness.ts';

/**
 * The fleet (issue 30): three app servers on one PostgreSQL database and one shared DATA_DIR (the uploaded files'
 * folder, as docs/operations.md "Running several servers" asks), behind a small round-robin proxy started here. A session
 * made through one server works on the others, a notice raised on one reaches STOMP sockets held on every server, a
 * job enqueued once runs once, and a chunked upload whose parts reach different servers completes and downloads
 * from each.
 */

const QUEUES = ['user-message', 'pay/user-message', 'version-message'];
const CHUNK = 5_242_880;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const runs: number[] = [];
registerJob('test-fleet-once', {
  title: () => '集群里只跑一次',
  run: async (ctx) => {
    runs.push(ctx.jobId);
    await new Promise((r) => setTimeout(r, 300));
    return { ok: true };
  },
});

/** Round-robin over `targets`, HTTP and WebSocket upgrades alike; answers say which server took them (x-upstream). */
function roundRobinProxy(targets: URL[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const pick = () => targets[next++ % targets.length];
  const server: Server = createServer((req, res) => {
    const to = pick();
    const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer: IncomingMessage) => {
      res.writeHead(answer.statusCode!, { ...answer.headers, 'x-upstream': to.port });
      answer.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  server.on('upgrade', (req, socket, head) => {
    const to = pick();
    const up = tcpConnect(Number(to.port), to.hostname, () => {
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
      up.write(head);
      up.pipe(socket).pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) });
    }),
  );
}

describe.skipIf(!process.env.DATABASE_URL)('three servers on one PostgreSQL behind a proxy (DATABASE_URL)', () => {
  const servers: RunningServer[] = [];
  const sockets: WebSocket[] = [];
  let proxy: { url: string; close(): Promise<void> };
  let cleanup: () => Promise<void> = async () => {};
  let token = '';
  let adminId = 0;

  beforeAll(async () => {
    const fresh = await freshDatabaseConfig();
    cleanup = fresh.cleanup;
    for (let i = 0; i < 3; i++) servers.push(await startServer({ ...fresh.config, port: 0, host: '127.0.0.1' }, { logger: false, sms: { sendLoginCode: async () => {} } }));
    proxy = await roundRobinProxy(servers.map((s) => new URL(s.url)));
  });
  afterAll(async () => {
    for (const ws of sockets) ws.close();
    await proxy?.close();
    for (const s of servers) await s.close();
    await cleanup();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${proxy.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1', ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, upstream: res.headers.get('x-upstream'), buffer: Buffer.from(await res.arrayBuffer()) };
  };
  const json = (r: { buffer: Buffer }) => JSON.parse(r.buffer.toString());

  it('a session made through one server works on the others', async () => {
    const login = await call('POST', '/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', undefined, { authorization: BASIC });
    token = json(login).access_token;
    adminId = json(login).user_id;
    const seen = new Set<string | null>([login.upstream]);
    for (let i = 0; i < 3; i++) {
      const me = await call('GET', '/api/wxy-system-server/user/permissions');
      expect(me.status).toBe(200);
      seen.add(me.upstream);
    }
    expect(seen.size).toBe(3);
  });

  it('a notice raised on one server reaches STOMP sockets held on all three', async () => {
    const received: string[][] = [];
    // Three upgrades in a row through the round-robin: one socket on each server.
    for (let i = 0; i < 3; i++) {
      const ws = new WebSocket(`${proxy.url.replace('http', 'ws')}/wbskt/`);
      sockets.push(ws);
      const frames: string[] = [];
      received.push(frames);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.on('message', (d) => frames.push(d.toString()));
      ws.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\nX-TENANT-ID:1\n\n\0`);
      await until(() => frames.some((f) => f.startsWith('CONNECTED')));
      // The receipt of the last subscription: all of them are in place.
      QUEUES.forEach((q, n) => ws.send(`SUBSCRIBE\nid:${q}\ndestination:/user/queue/${q}\n${n === QUEUES.length - 1 ? 'receipt:ready\n' : ''}\n\0`));
      await until(() => frames.some((f) => f.startsWith('RECEIPT'))).catch(() => { throw new Error(`no receipt on socket ${i}: ${JSON.stringify(frames)}`); });
    }
    const sent = await call('POST', '/api/wxy-system-server/ms/send', { userIds: [adminId], businessType: 2, messageTypeInfo: '集群', noticeTemplateInfo: '发往每台服务器的通知' });
    expect(json(sent).code).toBe(200);
    await until(() => received.every((frames) => frames.some((f) => f.startsWith('MESSAGE') && f.includes('发往每台服务器的通知')))).catch(() => { throw new Error(JSON.stringify(received)); });
  });

  it('a job enqueued once runs once, whichever server takes it', async () => {
    const { job } = await servers[0].db.tenant(1, (tx) => enqueueJob(tx, { tenantId: 1, userId: 1, userName: '系统管理员' }, 'test-fleet-once', 'once', {}));
    await until(async () => (await call('GET', `/api/wxy-system-server/bg-job/info/${job.jobId}`).then(json)).data.status === 'done');
    expect(runs.filter((id) => id === job.jobId)).toHaveLength(1);
  });

  it('a chunked upload whose parts reach different servers completes and downloads from each', async () => {
    const file = randomBytes(CHUNK + 300_000);
    const key = `fleet-${Date.now()}`;
    const upstreams = new Set<string | null>();
    let done: { file: { videoObjectKey: string; videoBucketName: string } | null } | null = null;
    for (const part of [1, 2]) {
      const data = file.subarray((part - 1) * CHUNK, part * CHUNK);
      const form = new FormData();
      for (const [k, v] of Object.entries({ currentPart: part, size: CHUNK, totalPart: 2, fileName: '集群上传.zip', fileSize: file.length, key, chunkSha256: sha(data) })) form.set(k, String(v));
      form.set('file', new Blob([data]), 'blob');
      const res = await call('POST', '/api/wxy-file-server/file/chunk-upload', form);
      expect(res.status, res.buffer.toString()).toBe(200);
      upstreams.add(res.upstream);
      done = json(res).data;
    }
    expect(upstreams.size).toBe(2);
    expect(done?.file).toBeTruthy();
    const q = `videoObjectKey=${encodeURIComponent(done!.file!.videoObjectKey)}&videoBucketName=${done!.file!.videoBucketName}`;
    const from = new Set<string | null>();
    for (let i = 0; i < 3; i++) {
      const got = await call('GET', `/api/wxy-file-server/file/download?${q}`);
      expect(got.status).toBe(200);
      expect(sha(got.buffer)).toBe(sha(file));
      from.add(got.upstream);
    }
    expect(from.size).toBe(3);
  });
});

async function until(ok: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
