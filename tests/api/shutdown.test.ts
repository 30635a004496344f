import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { enqueueJob, registerJob } from '../../server/jobs/jobs.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { BASIC, freshDatabaseConfig } from './harness.ts';

/**
 * Stopping without losing a request (issue 30): what SIGTERM does (server/main.ts calls close()). Readiness turns
 * false, the listener closes (a new connection is refused: a proxy sends it elsewhere), the request in flight — an
 * upload still sending its body — and the background job running both finish, and a STOMP socket is closed with
 * 1012 (service restart: reconnect). A job still running at the end of the grace is queued again, not lost.
 */

let gate: () => void = () => {};
let jobStarted: () => void = () => {};
registerJob('test-shutdown-slow', {
  title: () => '关机时运行的任务',
  run: async (ctx) => {
    jobStarted();
    await new Promise<void>((resolve, reject) => {
      gate = resolve;
      ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
    return { finished: true };
  },
});

const opts = { logger: false, sms: { sendLoginCode: async () => {} } } as const;

describe('shutting down (SIGTERM)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function start(shutdownGraceMs: number) {
    const fresh = await freshDatabaseConfig();
    cleanups.push(fresh.cleanup);
    const config = { ...fresh.config, port: 0, host: '127.0.0.1', shutdownGraceMs };
    const server = await startServer(config, opts);
    cleanups.push(() => server.close());
    return { config, server };
  }

  const login = async (server: RunningServer) => {
    const res = await server.app.inject({ method: 'POST', url: '/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
    return res.json().access_token as string;
  };
  const jobStatus = (server: RunningServer, jobId: number) =>
    server.db.tenant(1, async (tx) => (await tx.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM bg_job WHERE job_id = $1`, [jobId])).rows[0]);

  it('the upload in flight and the job running finish; new connections are refused; sockets are told to reconnect', async () => {
    const { config, server } = await start(20_000);
    const token = await login(server);
    const port = new URL(server.url).port;

    // A STOMP session.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/wbskt/`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const connected = new Promise((resolve) => ws.once('message', resolve));
    ws.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\nX-TENANT-ID:1\n\n\0`);
    await connected;
    const closedWith = new Promise<[number, string]>((resolve) => ws.once('close', (code, reason) => resolve([code, reason.toString()])));

    // A job running.
    const running = new Promise<void>((resolve) => (jobStarted = resolve));
    const job = await server.db.tenant(1, (tx) => enqueueJob(tx, { tenantId: 1, userId: 1, userName: '系统管理员' }, 'test-shutdown-slow', 'k1', {}));
    await running;

    // An upload whose body is half sent.
    const data = randomBytes(400_000);
    const boundary = '----wxyShutdown';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fileName"\r\n\r\n关机前的照片.png\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="fileSize"\r\n\r\n${data.length}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="关机前的照片.png"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const upload = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/wxy-file-server/file/upload',
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + data.length + tail.length },
    });
    const answered = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      upload.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      });
      upload.on('error', reject);
    });
    answered.catch(() => {}); // awaited below; a failure before then must not be an unhandled rejection
    upload.write(head);
    upload.write(data.subarray(0, 200_000));
    await new Promise((r) => setTimeout(r, 200));

    // SIGTERM.
    const closing = server.close();
    expect(server.app.lifecycle.draining).toBe(true);
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect(await closedWith).toEqual([1012, 'server restarting']);
    // The listener closes once the sockets are told (on PGlite that waits for the database's turn).
    while (server.app.server.listening) await new Promise((r) => setTimeout(r, 20));
    const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(() => 'answered', (err: Error & { cause?: { code?: string } }) => err.cause?.code);
    expect(refused).toBe('ECONNREFUSED');

    // The rest of the body: the upload completes, and its connection closes with it.
    upload.end(Buffer.concat([data.subarray(200_000), tail]));
    const res = await answered;
    expect(res.status).toBe(200);
    expect(res.connection).toBe('close');
    const file = JSON.parse(res.body).data;
    expect(file).toMatchObject({ fileName: '关机前的照片.png', fileSize: data.length });

    // The job finishes and the server stops.
    gate();
    await closing;

    // Started again on the same database: the job is done (once), the upload is there.
    const again = await startServer({ ...config, port: 0 }, opts);
    cleanups.push(() => again.close());
    expect(await jobStatus(again, job.job.jobId)).toEqual({ status: 'done', attempts: 1 });
    const stored = await again.db.tenant(1, (tx) => tx.query(`SELECT 1 FROM file_object WHERE object_key = $1`, [file.videoObjectKey]));
    expect(stored.rowCount).toBe(1);
  });

  it('a job still running when the grace is over is queued again for the next server', async () => {
    const { server } = await start(300);
    const running = new Promise<void>((resolve) => (jobStarted = resolve));
    const job = await server.db.tenant(1, (tx) => enqueueJob(tx, { tenantId: 1, userId: 1, userName: '系统管理员' }, 'test-shutdown-slow', 'k2', {}));
    await running;
    const db = server.db;
    let after: { status: string; attempts: number } | undefined;
    // Read before the database closes: the job runner's stop puts it back in the queue first.
    const origClose = db.close.bind(db);
    db.close = async () => {
      after = await jobStatus(server, job.job.jobId);
      return origClose();
    };
    await server.close();
    expect(after).toEqual({ status: 'queued', attempts: 0 });
  });
});
