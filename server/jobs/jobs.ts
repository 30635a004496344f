import type { Database, Queryable } from '../db/index.ts';

/**
 * Background jobs (ARCHITECTURE §3): a report's snapshot of a period, a salary month, a large import — work too
 * long for a request. A domain registers a kind once (`registerJob`); a request enqueues it for a key (the report
 * and its period) and answers at once with the job, whose progress the browser reads from bg-job/info/{jobId}.
 * One active job per (tenant, kind, key): asking again while it runs answers the running one. The runner
 * (runner.ts) takes queued jobs, also after a restart, and runs one at a time per process.
 */

export interface JobContext<P = Record<string, unknown>> {
  jobId: number;
  tenantId: number;
  userId: number | null;
  userName: string | null;
  key: string;
  params: P;
  db: Database;
  /** A transaction in the job's tenant (row-level security as for a request). Work in chunks: on the embedded
   *  database one long transaction would hold every request back. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Reports how far the job is (done of total, and what it is doing); also the job's heartbeat. */
  progress(done: number, total: number, message?: string): Promise<void>;
  /** Aborted when the server stops: a job that checks it between chunks is taken up again at the next start. */
  signal: AbortSignal;
}

export interface JobKind<P = Record<string, unknown>> {
  /** What a person reads in the progress bar (门店月度贡献 2026-11). */
  title(key: string, params: P): string;
  /** Returns a small JSON summary kept with the job (rows written, ...). */
  run(ctx: JobContext<P>): Promise<unknown>;
}

const kinds = new Map<string, JobKind<never>>();

export function registerJob<P>(kind: string, spec: JobKind<P>): void {
  if (kinds.has(kind) && kinds.get(kind) !== (spec as unknown)) throw new Error(`background job kind ${kind} registered twice`);
  kinds.set(kind, spec as unknown as JobKind<never>);
}

export const jobKind = (kind: string): JobKind<Record<string, unknown>> | undefined => kinds.get(kind) as JobKind<Record<string, unknown>> | undefined;
export const registeredKinds = (): string[] => [...kinds.keys()];

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export const JOB_STATUS_NAMES: Record<JobStatus, string> = { queued: '排队中', running: '计算中', done: '已完成', failed: '失败' };

export interface JobView {
  jobId: number;
  kind: string;
  key: string;
  title: string;
  status: JobStatus;
  statusName: string;
  progress: number;
  message: string | null;
  error: string | null;
  result: unknown;
  createUserName: string | null;
  createTime: string;
  startTime: string | null;
  finishTime: string | null;
}

export const JOB_COLUMNS = `job_id AS "jobId", kind, job_key AS "key", title, status, progress, message, error, result,
  create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
  to_char(start_time, 'YYYY-MM-DD HH24:MI:SS') AS "startTime", to_char(finish_time, 'YYYY-MM-DD HH24:MI:SS') AS "finishTime"`;

const withStatusName = (row: Omit<JobView, 'statusName'>): JobView => ({ ...row, statusName: JOB_STATUS_NAMES[row.status] });

/** The JSON Schema of a job in answers (progress bars read it). */
export const jobViewSchema = {
  type: 'object',
  properties: {
    jobId: { type: 'integer' }, kind: { type: 'string' }, key: { type: 'string' }, title: { type: 'string' },
    status: { type: 'string' }, statusName: { type: 'string' }, progress: { type: 'integer' },
    message: { type: ['string', 'null'] }, error: { type: ['string', 'null'] }, result: {},
    createUserName: { type: ['string', 'null'] }, createTime: { type: 'string' },
    startTime: { type: ['string', 'null'] }, finishTime: { type: ['string', 'null'] },
  },
} as const;

/** The channel the runner listens on; a NOTIFY at commit wakes it (in any process sharing the database). */
export const JOB_CHANNEL = 'bg_job';

export interface JobRequester {
  tenantId: number;
  userId: number | null;
  userName?: string | null;
}

/**
 * Enqueues `kind` for `key` in the caller's transaction; `started` is false when one was already queued or
 * running for the same key (that one is answered). The runner is woken when the transaction commits.
 */
export async function enqueueJob(tx: Queryable, who: JobRequester, kind: string, key: string, params: object = {}): Promise<{ job: JobView; started: boolean }> {
  const spec = jobKind(kind);
  if (!spec) throw new Error(`unknown background job kind ${kind}`);
  const inserted = await tx.query<Omit<JobView, 'statusName'>>(
    `INSERT INTO bg_job (tenant_id, kind, job_key, title, params, create_user_id, create_user_name)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
     ON CONFLICT (tenant_id, kind, job_key) WHERE status IN ('queued', 'running') DO NOTHING
     RETURNING ${JOB_COLUMNS}`,
    [who.tenantId, kind, key, spec.title(key, params as Record<string, unknown>).slice(0, 100), JSON.stringify(params), who.userId, who.userName ?? null],
  );
  if (inserted.rows[0]) {
    await tx.query(`SELECT pg_notify($1, $2)`, [JOB_CHANNEL, String(who.tenantId)]);
    return { job: withStatusName(inserted.rows[0]), started: true };
  }
  const running = await activeJob(tx, kind, key);
  if (!running) throw new Error(`background job ${kind}/${key} neither inserted nor active`);
  return { job: running, started: false };
}

export async function jobById(tx: Queryable, jobId: number): Promise<JobView | null> {
  const r = await tx.query<Omit<JobView, 'statusName'>>(`SELECT ${JOB_COLUMNS} FROM bg_job WHERE job_id = $1`, [jobId]);
  return r.rows[0] ? withStatusName(r.rows[0]) : null;
}

/** The queued or running job of a key, if any. */
export async function activeJob(tx: Queryable, kind: string, key: string): Promise<JobView | null> {
  const r = await tx.query<Omit<JobView, 'statusName'>>(
    `SELECT ${JOB_COLUMNS} FROM bg_job WHERE kind = $1 AND job_key = $2 AND status IN ('queued', 'running') ORDER BY job_id DESC LIMIT 1`,
    [kind, key],
  );
  return r.rows[0] ? withStatusName(r.rows[0]) : null;
}

/** The last finished (done) job of a kind, of one key or of any: what `lastDate` / `last-refresh-time` answer. */
export async function lastDoneJob(tx: Queryable, kind: string, key?: string): Promise<JobView | null> {
  const r = await tx.query<Omit<JobView, 'statusName'>>(
    `SELECT ${JOB_COLUMNS} FROM bg_job WHERE kind = $1 AND status = 'done' AND ($2::text IS NULL OR job_key = $2)
     ORDER BY finish_time DESC, job_id DESC LIMIT 1`,
    [kind, key ?? null],
  );
  return r.rows[0] ? withStatusName(r.rows[0]) : null;
}
