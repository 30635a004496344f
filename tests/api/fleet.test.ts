import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { enqueueJob, registerJob } from '../../server/jobs/jobs.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { roundRobinProxy, type FleetProxy } from './fleetProxy.ts';
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

describe.skipIf(!process.env.DATABASE_URL)('three servers on one PostgreSQL behind a proxy (DATABASE_URL)', () => {
  const servers: RunningServer[] = [];
  const sockets: WebSocket[] = [];
  let proxy: FleetProxy;
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

  describe('a settlement (the register\'s, with its uuid) sent to more than one server', () => {
    let sale: { shopId: number; whId: number; skuId: number; price: number };
    const O = '/api/wxy-order-server/order/settlement';
    const body = (uuid: string) => ({ uuid, shopId: sale.shopId, lines: [{ skuId: sale.skuId, quantity: 2 }], payments: [{ payType: 1, amount: Math.ceil(sale.price * 2) }] });
    /** What the database holds for the uuid: its orders, their payments and sale ledger rows, and the SKU's stock. */
    const held = (uuid: string) =>
      servers[0].db.tenant(1, async (tx) => (await tx.query<{ orders: number; pays: number; ledger: number; on_hand: number }>(
        `SELECT (SELECT count(*)::int FROM po_order WHERE client_uuid = $1) AS orders,
                (SELECT count(*)::int FROM po_order_pay p JOIN po_order o USING (order_id) WHERE o.client_uuid = $1) AS pays,
                (SELECT count(*)::int FROM stock_ledger l JOIN po_order o ON l.doc_type = 'sale' AND l.doc_id = o.order_id WHERE o.client_uuid = $1) AS ledger,
                (SELECT on_hand::float8 FROM stock_balance WHERE wh_id = $2 AND sku_id = $3) AS on_hand`,
        [uuid, sale.whId, sale.skuId],
      )).rows[0]);

    beforeAll(async () => {
      sale = (await servers[0].db.tenant(1, (tx) => tx.query<typeof sale>(
        `SELECT w.shop_id AS "shopId", w.wh_id AS "whId", s.sku_id AS "skuId", s.retail_price::float8 AS price
           FROM wh_base_info w JOIN stock_balance b ON b.wh_id = w.wh_id JOIN pd_sku s ON s.sku_id = b.sku_id
          WHERE w.shop_id IS NOT NULL AND w.status = 1 AND s.status = 1 AND s.retail_price > 0 AND b.on_hand - b.reserved >= 20
          ORDER BY w.wh_id, s.sku_id LIMIT 1`,
      ))).rows[0];
    });

    it('retried on another server with the same uuid: one order, one payment, stock moved once; the retry answers that order', async () => {
      const uuid = randomUUID();
      const before = (await held(uuid)).on_hand;
      const first = await call('POST', O, body(uuid));
      expect(first.status, first.buffer.toString()).toBe(200);
      const retry = await call('POST', O, body(uuid));
      expect(retry.status, retry.buffer.toString()).toBe(200);
      expect(retry.upstream).not.toBe(first.upstream);
      expect(json(retry).data).toMatchObject({ orderId: json(first).data.orderId, orderNo: json(first).data.orderNo });
      expect(await held(uuid)).toEqual({ orders: 1, pays: 1, ledger: 1, on_hand: before - 2 });
    });

    it('sent to all three at once: exactly one order, and all three answer it', async () => {
      const uuid = randomUUID();
      const before = (await held(uuid)).on_hand;
      const answers = await Promise.all(servers.map(() => call('POST', O, body(uuid))));
      expect(new Set(answers.map((a) => a.upstream)).size).toBe(3);
      for (const a of answers) expect(a.status, a.buffer.toString()).toBe(200);
      expect(new Set(answers.map((a) => json(a).data.orderNo)).size).toBe(1);
      expect(await held(uuid)).toEqual({ orders: 1, pays: 1, ledger: 1, on_hand: before - 2 });
    });
  });
});

async function until(ok: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
