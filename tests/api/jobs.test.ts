import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, registerJob, type JobView } from '../../server/jobs/jobs.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { callerFor, type Caller } from './resourceCalls.ts';

/**
 * Background jobs (server/jobs): what a person who starts a long computation relies on — it runs once per key
 * however often they click, its progress can be read while it runs, a failure says why, another tenant cannot
 * see it, and a job cut off by a restart is taken up again (or failed after three tries), never left hanging.
 */
let s: TestServer;
let admin: Caller;
let other: Caller;

// A job of this test: counts the demo shops of its tenant in steps, so it runs long enough to be seen running.
let release: (() => void) | null = null;
let gate: Promise<void> = Promise.resolve();
const runs: string[] = [];
registerJob<{ steps: number }>('test-count-shops', {
  title: (key) => `数门店 ${key}`,
  run: async (ctx) => {
    runs.push(ctx.key);
    for (let i = 0; i < ctx.params.steps; i++) {
      await ctx.progress(i, ctx.params.steps, `第 ${i + 1} 步`);
      if (i === 0) await gate;
    }
    const n = await ctx.tx((tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base`));
    return { shops: n.rows[0].n };
  },
});
registerJob('test-fails', {
  title: () => '必然失败的任务',
  run: async () => {
    throw new Error('门店数据缺失');
  },
});

const info = async (jobId: number, caller: Caller = admin) => caller('GET', `wxy-system-server/bg-job/info/${jobId}`);

async function until(jobId: number, status: string[]): Promise<JobView> {
  for (let i = 0; i < 200; i++) {
    const r = await info(jobId);
    if (status.includes(r.json.data.status)) return r.json.data;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`job ${jobId} never reached ${status.join('/')}`);
}

const enqueue = (kind: string, key: string, params: object = {}) =>
  s.db.tenant(1, (tx) => enqueueJob(tx, { tenantId: 1, userId: 1, userName: '系统管理员' }, kind, key, params));

beforeAll(async () => {
  s = await startTestServer();
  admin = callerFor(s, await s.login('admin', 'admin123'));
  other = callerFor(s, await s.login('admin', 'admin123', 2), 2);
});
afterAll(async () => {
  release?.();
  await s?.stop();
});

describe('background jobs', () => {
  it('runs a job once per key: asking again while it runs answers the running job; progress and result are readable', async () => {
    gate = new Promise((res) => (release = res));
    const first = await enqueue('test-count-shops', '2026-11', { steps: 4 });
    expect(first.started).toBe(true);
    expect(first.job).toMatchObject({ status: 'queued', statusName: '排队中', title: '数门店 2026-11', progress: 0 });
    const running = await until(first.job.jobId, ['running']);
    expect(running.statusName).toBe('计算中');
    const again = await enqueue('test-count-shops', '2026-11', { steps: 4 });
    expect(again).toMatchObject({ started: false, job: { jobId: first.job.jobId } });
    release!();
    const done = await until(first.job.jobId, ['done']);
    const shops = (await s.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base`))).rows[0].n;
    expect(done).toMatchObject({ status: 'done', statusName: '已完成', progress: 100, result: { shops }, createUserName: '系统管理员' });
    expect(done.finishTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(runs.filter((k) => k === '2026-11')).toHaveLength(1);
    // Once finished, the same key may run again (a new snapshot).
    const next = await enqueue('test-count-shops', '2026-11', { steps: 1 });
    expect(next.started).toBe(true);
    expect(next.job.jobId).not.toBe(first.job.jobId);
    await until(next.job.jobId, ['done']);
  });

  it('a failing job says why in Chinese and frees its key', async () => {
    const { job } = await enqueue('test-fails', 'x');
    const failed = await until(job.jobId, ['failed']);
    expect(failed).toMatchObject({ statusName: '失败', error: '任务失败：门店数据缺失' });
    expect((await enqueue('test-fails', 'x')).started).toBe(true);
  });

  it("another tenant cannot read a job; an unknown or malformed id is a clear answer", async () => {
    const { job } = await enqueue('test-count-shops', 'tenant-check', { steps: 1 });
    await until(job.jobId, ['done']);
    expect((await info(job.jobId, other)).status).toBe(404);
    expect((await info(99999999)).json.msg).toBe('任务不存在');
    const bad = await info('abc' as unknown as number);
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('任务ID');
  });

  it('a job cut off by a restart (its heartbeat stopped) is run again; after three attempts it is failed', async () => {
    const stale = await s.db.tenant(1, (tx) =>
      tx.query<{ job_id: number }>(
        `INSERT INTO bg_job (tenant_id, kind, job_key, title, params, status, attempts, start_time, heartbeat_time)
         VALUES (1, 'test-count-shops', 'cut-off', '数门店 cut-off', '{"steps":1}', 'running', 1, now() - interval '10 minutes', now() - interval '5 minutes'),
                (1, 'test-count-shops', 'gave-up', '数门店 gave-up', '{"steps":1}', 'running', 3, now() - interval '10 minutes', now() - interval '5 minutes')
         RETURNING job_id`,
      ),
    );
    await s.db.tenant(1, (tx) => tx.query(`SELECT pg_notify('bg_job', '1')`));
    const [resumed, gaveUp] = stale.rows.map((r) => r.job_id);
    expect(await until(resumed, ['done'])).toMatchObject({ status: 'done', result: { shops: expect.any(Number) } });
    expect(await until(gaveUp, ['failed'])).toMatchObject({ error: '任务多次中断（服务重启），已停止，请重新发起' });
    const attempts = await s.db.tenant(1, (tx) => tx.query<{ attempts: number }>(`SELECT attempts FROM bg_job WHERE job_id = $1`, [resumed]));
    expect(attempts.rows[0].attempts).toBe(2);
  });
});
