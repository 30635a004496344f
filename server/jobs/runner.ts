import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { JOB_CHANNEL, jobKind, registeredKinds, type JobContext } from './jobs.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface ClaimedJob {
  job_id: number;
  tenant_id: number;
  kind: string;
  job_key: string;
  params: Record<string, unknown>;
  create_user_id: number | null;
  create_user_name: string | null;
  attempts: number;
}

/** A running job beats its heart at least this often; one silent for STALE_AFTER_S lost its process. */
const HEARTBEAT_MS = 10_000;
const STALE_AFTER_S = 60;
const MAX_ATTEMPTS = 3;

/**
 * Takes queued jobs and runs them, one at a time in this process (JOB_RUNNER=0 turns it off, e.g. on a
 * process that only serves requests). Woken by the NOTIFY of an enqueue and every JOB_POLL_MS (default 5 s).
 * A job is claimed with FOR UPDATE SKIP LOCKED, so several processes on one PostgreSQL server never run the
 * same job; a job left running by a process that died (stale heartbeat; on the embedded database, any at start,
 * since no other process can hold one) is queued again, and failed after three attempts.
 */
export function startJobRunner(
  db: Database,
  log: Log,
  env: NodeJS.ProcessEnv = process.env,
  /** Told of every job this process ran to the end (the metrics count them). */
  finished: (kind: string, outcome: 'done' | 'failed') => void = () => {},
): { stop(graceMs?: number): Promise<void>; wake(): void } {
  if (env.JOB_RUNNER === '0') return { stop: async () => {}, wake: () => {} };
  const pollMs = Math.max(100, Number(env.JOB_POLL_MS) || 5000);
  const abort = new AbortController();
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let pending = true;
  let firstRound = true;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const unlisten = db.listen(JOB_CHANNEL, wake).catch((err) => {
    log.warn({ err }, 'background jobs: LISTEN failed, polling only');
    return async () => {};
  });

  const requeueStale = async (tenantId: number) => {
    const staleAfter = firstRound && db.kind === 'pglite' ? 0 : STALE_AFTER_S;
    await db.tenant(tenantId, (tx) =>
      tx.query(
        `UPDATE bg_job SET
           status = CASE WHEN attempts >= $2 THEN 'failed' ELSE 'queued' END,
           error = CASE WHEN attempts >= $2 THEN '任务多次中断（服务重启），已停止，请重新发起' ELSE error END,
           finish_time = CASE WHEN attempts >= $2 THEN now() END
         WHERE status = 'running' AND heartbeat_time < now() - make_interval(secs => $1)`,
        [staleAfter, MAX_ATTEMPTS],
      ),
    );
  };

  const claim = async (): Promise<ClaimedJob | null> => {
    const kinds = registeredKinds();
    if (!kinds.length) return null;
    const tenants = await db.system((tx) => tx.query<{ id: number }>(`SELECT id FROM sys_tenant ORDER BY id`));
    for (const t of tenants.rows) {
      await requeueStale(t.id);
      const claimed = await db.tenant(t.id, (tx) =>
        tx.query<ClaimedJob>(
          `UPDATE bg_job SET status = 'running', attempts = attempts + 1, start_time = COALESCE(start_time, now()), heartbeat_time = now()
           WHERE job_id = (SELECT job_id FROM bg_job WHERE status = 'queued' AND kind = ANY($1) ORDER BY job_id LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING job_id, tenant_id, kind, job_key, params, create_user_id, create_user_name, attempts`,
          [kinds],
        ),
      );
      if (claimed.rows[0]) return claimed.rows[0];
    }
    firstRound = false;
    return null;
  };

  const run = async (job: ClaimedJob) => {
    const spec = jobKind(job.kind)!;
    const tx: JobContext['tx'] = (fn) => db.tenant(job.tenant_id, fn);
    const beat = (progress: number | null, message: string | null) =>
      tx((q) =>
        q.query(`UPDATE bg_job SET heartbeat_time = now(), progress = COALESCE($2, progress), message = COALESCE($3, message) WHERE job_id = $1 AND status = 'running'`, [
          job.job_id, progress, message,
        ]),
      );
    let lastReport = 0;
    const heart = setInterval(() => void beat(null, null).catch(() => {}), HEARTBEAT_MS);
    heart.unref();
    const ctx: JobContext = {
      jobId: job.job_id,
      tenantId: job.tenant_id,
      userId: job.create_user_id,
      userName: job.create_user_name,
      key: job.job_key,
      params: job.params,
      db,
      tx,
      signal: abort.signal,
      progress: async (done, total, message) => {
        // At most two writes a second: a job reporting every row would spend its time on its own progress.
        const now = Date.now();
        if (done < total && now - lastReport < 500) return;
        lastReport = now;
        const pct = total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
        await beat(pct, message?.slice(0, 200) ?? null);
      },
    };
    try {
      const result = await spec.run(ctx);
      await tx((q) =>
        q.query(`UPDATE bg_job SET status = 'done', progress = 100, result = $2::jsonb, finish_time = now(), heartbeat_time = now(), error = NULL WHERE job_id = $1`, [
          job.job_id, JSON.stringify(result ?? null),
        ]),
      );
      finished(job.kind, 'done');
    } catch (err) {
      if (abort.signal.aborted) {
        // Stopped by the server's shutdown: the next start takes it up again (this attempt does not count).
        await tx((q) => q.query(`UPDATE bg_job SET status = 'queued', attempts = attempts - 1 WHERE job_id = $1 AND status = 'running'`, [job.job_id])).catch(() => {});
        return;
      }
      const msg = err instanceof ApiError ? err.message : `任务失败：${(err as Error).message ?? String(err)}`;
      log.error({ err, jobId: job.job_id, kind: job.kind, key: job.job_key }, 'background job failed');
      finished(job.kind, 'failed');
      await tx((q) => q.query(`UPDATE bg_job SET status = 'failed', error = $2, finish_time = now() WHERE job_id = $1`, [job.job_id, msg.slice(0, 500)])).catch(() => {});
    } finally {
      clearInterval(heart);
    }
  };

  const loop = (async () => {
    while (!stopped) {
      let job: ClaimedJob | null = null;
      if (pending) {
        pending = false;
        try {
          job = await claim();
        } catch (err) {
          if (!stopped) log.warn({ err }, 'background jobs: claiming failed');
        }
      }
      if (job) {
        pending = true; // there may be more
        await run(job);
        continue;
      }
      if (pending) continue; // woken while claiming
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending = true;
          resolve();
        }, pollMs);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();

  return {
    wake,
    /**
     * Takes no more jobs; the one running gets `graceMs` to finish (a shutdown: it ends done, not taken up again by
     * another process), then is aborted (queued again for the next process, the attempt not counted).
     */
    stop: async (graceMs = 0) => {
      stopped = true;
      wakeUp?.();
      if (graceMs > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([loop, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
      }
      abort.abort();
      await loop;
      await (await unlisten)();
    },
  };
}
