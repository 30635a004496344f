import type { AuthContext } from '../../context.ts';
import { dbToday } from '../../db/calendar.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import { activeJob, enqueueJob, lastDoneJob, type JobView } from '../../jobs/jobs.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { editLog, editReportRow, type EditableReport } from './edits.ts';
import { monthField, reportMonth } from './period.ts';

/**
 * The calls every snapshot report shares (collect/merge/refresh, lastDate/last-refresh-time, edit, editLog), as
 * custom routes its descriptor names: the permission of each comes from the descriptor's route.
 */

export const authOf = (req: Req): AuthContext => {
  if (!req.auth) throw new ApiError('NO_TOKEN');
  return req.auth;
};

const who = (auth: AuthContext) => ({ tenantId: auth.tenantId, userId: auth.userId, userName: auth.displayName ?? auth.userName });

/**
 * Starts the job computing `month` (validated: format, not after this month) or answers the one already running
 * for it: the answer is the job, whose progress the list shows.
 */
export async function startSnapshot(req: Req, kind: string, monthValue: unknown, title: string, check?: (tx: Queryable, month: string) => Promise<void>): Promise<JobView> {
  const auth = authOf(req);
  return req.tenantTx(async (tx) => {
    const { month } = reportMonth(monthValue, title, await dbToday(tx));
    if (check) await check(tx, month);
    return (await enqueueJob(tx, who(auth), kind, month, { month })).job;
  });
}

/**
 * When a report (of one month, or any) was last computed, by whom, and the job computing it now if any. `alsoBy`:
 * other job kinds that write the same rows (月度贡献's job also writes 每日贡献).
 */
export async function lastComputed(req: Req, kind: string, monthValue: unknown, title: string, alsoBy: string[] = []) {
  return req.tenantTx(async (tx) => {
    const month = monthValue === undefined || monthValue === null || monthValue === '' ? null : reportMonth(monthValue, title, await dbToday(tx)).month;
    let done: JobView | null = null;
    for (const k of [kind, ...alsoBy]) {
      const job = await lastDoneJob(tx, k, month ?? undefined);
      if (job && (!done || String(job.finishTime ?? '') > String(done.finishTime ?? ''))) done = job;
    }
    const running = month ? await activeJob(tx, kind, month) : null;
    return {
      reportMonth: month ?? done?.key ?? null,
      lastDate: done?.finishTime ?? null,
      lastJobId: done?.jobId ?? null,
      lastUserName: done?.createUserName ?? null,
      running,
    };
  });
}

const monthBody = (title: string) => ({ type: 'object', properties: { reportMonth: monthField(title) } });

/** Registers `<prefix>.collect` and `<prefix>.lastDate` for a job kind. */
export function registerSnapshotCalls(prefix: string, kind: string, title: string, check?: (tx: Queryable, month: string) => Promise<void>, alsoBy: string[] = []): void {
  registerCustomRoute(`${prefix}.collect`, {
    schema: { body: { ...monthBody(title), required: ['reportMonth'] } },
    handler: async (req) => ok(await startSnapshot(req, kind, req.body?.reportMonth, title, check), '已开始计算'),
  });
  registerCustomRoute(`${prefix}.lastDate`, {
    schema: { body: { ...monthBody(title), type: ['object', 'null'] } },
    handler: async (req) => ok(await lastComputed(req, kind, req.body?.reportMonth, title, alsoBy)),
  });
}

/** The edit body: the row id, the corrected figures (null clears one) and why. */
export function editBodySchema(report: EditableReport, idName = 'id') {
  const props: Record<string, unknown> = { [idName]: idField('记录ID'), editRemark: plainText('修改原因', 200), remark: plainText('修改原因', 200) };
  for (const f of report.figures) props[f.field] = f.integer ? { type: ['integer', 'null'], title: f.title } : { type: ['number', 'null'], title: f.title };
  return { type: 'object', required: [idName], additionalProperties: false, properties: props };
}

/** Registers `<prefix>.edit` (body {id, figures, editRemark}) and `<prefix>.editLog` (query ?id=, or all). */
export function registerEditCalls(prefix: string, report: EditableReport): void {
  registerCustomRoute(`${prefix}.edit`, {
    schema: { body: editBodySchema(report) },
    handler: async (req) => {
      const b = req.body ?? {};
      return ok(await req.tenantTx((tx) => editReportRow(tx, authOf(req), report, Number(b.id), b, b.editRemark ?? b.remark)), '修改成功');
    },
  });
  registerCustomRoute(`${prefix}.editLog`, {
    schema: { querystring: { type: 'object', properties: { id: idField('记录ID') } } },
    handler: async (req) => ok(await req.tenantTx((tx) => editLog(tx, authOf(req), report, req.query.id === undefined ? null : Number(req.query.id)))),
  });
}
