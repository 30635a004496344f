import type { Queryable } from '../../db/index.ts';
import { dbToday } from '../../db/calendar.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { dateParam, idField } from '../../http/fields.ts';
import { activeJob, enqueueJob, lastDoneJob, registerJob } from '../../jobs/jobs.ts';
import type { Req } from '../../resources/access.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { computePeople, jobKey, monthBounds, peopleOfMonth, refuseWhileComputing, SALARY_JOB, writePeople, type PersonMonth } from './month.ts';
import { frozenMessage, lockMonth, monthWords } from './months.ts';
import { yuanText } from '../../../core/money.ts';

/**
 * 月度薪资 (fd-monthly-salary-stat, fd-monthly-salary-det-stat): refresh computes a plan's month as a background job
 * (asking again while it runs answers the same job; a frozen month is refused with 409 and never written), freeze
 * locks it for good, early settlement computes one leaving person up to their last day (undone until frozen), and
 * last-refresh-time says when the month was last computed.
 */

const CHUNK = 200;

registerJob<{ month: string; planId: number }>(SALARY_JOB, {
  title: (key) => `月度薪资 ${key.replace('/', ' 方案')}`,
  async run(ctx) {
    const { month, planId } = ctx.params;
    const ids = await ctx.tx(async (tx) => {
      const m = await lockMonth(tx, month, planId);
      if (m.frozen) throw new Error(frozenMessage(month, m.planName));
      return peopleOfMonth(tx, month, planId);
    });
    const people: PersonMonth[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      if (ctx.signal.aborted) throw new Error('服务停止，任务将在重启后继续');
      await ctx.progress(i, ids.length + 1, `已计算 ${i}/${ids.length} 人`);
      people.push(...(await ctx.tx((tx) => computePeople(tx, month, planId, ids.slice(i, i + CHUNK)))));
    }
    await ctx.progress(ids.length, ids.length + 1, '写入结果');
    const written = await ctx.tx((tx) => writePeople(tx, month, planId, people, true));
    return { people: written, totalPay: yuanText(people.reduce((a, p) => a + p.result.totalFen, 0)) };
  },
});

const monthField = dateParam('月份', 'month');
const planField = idField('薪资方案');

async function startRefresh(req: Req, month: string, planId: number) {
  const auth = req.auth!;
  const { job, started } = await req
    .tenantTx(async (tx) => {
      const m = await lockMonth(tx, month, planId);
      if (m.frozen) throw new ApiError('CONFLICT', frozenMessage(month, m.planName));
      return enqueueJob(tx, { tenantId: auth.tenantId, userId: auth.userId, userName: auth.displayName ?? auth.userName }, SALARY_JOB, jobKey(month, planId), { month, planId });
    })
    .catch(asCallerError);
  return ok(job, started ? `已开始计算 ${month} 月薪资` : `${month} 月薪资正在计算中`);
}

registerCustomRoute('salary.refresh', {
  schema: { params: { type: 'object', required: ['month', 'fdSalaryPlanId'], properties: { month: monthField, fdSalaryPlanId: planField } } },
  handler: async (req) => {
    const p = req.params as unknown as { month: string; fdSalaryPlanId: number };
    return startRefresh(req, p.month, p.fdSalaryPlanId);
  },
});

/** det-stat refresh {month?, fdSalaryPlanId?}: this month and the first enabled plan when left out. */
registerCustomRoute('salary.detRefresh', {
  schema: { body: { type: ['object', 'null'], properties: { month: monthField, fdSalaryPlanId: planField } } },
  handler: async (req) => {
    const b = (req.body ?? {}) as { month?: string; fdSalaryPlanId?: number };
    const { month, planId } = await req.tenantTx(async (tx) => ({
      month: b.month ?? (await dbToday(tx)).slice(0, 7),
      planId: b.fdSalaryPlanId ?? (await tx.query<{ plan_id: number }>(`SELECT plan_id FROM fd_salary_plan WHERE status = 1 ORDER BY plan_id LIMIT 1`)).rows[0]?.plan_id,
    }));
    if (!planId) throw new ApiError('BAD_REQUEST', '请先建立薪资方案（fdSalaryPlanId）');
    return startRefresh(req, month, planId);
  },
});

registerCustomRoute('salary.lastRefreshTime', {
  schema: { querystring: { type: 'object', properties: { month: monthField, fdSalaryPlanId: planField } } },
  handler: async (req) => {
    const q = (req.query ?? {}) as { month?: string; fdSalaryPlanId?: number };
    const both = q.month !== undefined && q.fdSalaryPlanId !== undefined;
    const answer = await req.tenantTx(async (tx) => {
      const key = both ? jobKey(q.month!, q.fdSalaryPlanId!) : undefined;
      const last = await lastDoneJob(tx, SALARY_JOB, key);
      const running = key ? await activeJob(tx, SALARY_JOB, key) : null;
      const m = both
        ? (await tx.query<{ frozen: boolean; freeze_time: string | null; freeze_user_name: string | null }>(
            `SELECT frozen, to_char(freeze_time, 'YYYY-MM-DD HH24:MI:SS') AS freeze_time, freeze_user_name FROM fd_salary_month WHERE month = $1 AND plan_id = $2`,
            [q.month, q.fdSalaryPlanId],
          )).rows[0]
        : undefined;
      return {
        lastRefreshTime: last?.finishTime ?? null,
        lastRefreshUserName: last?.createUserName ?? null,
        lastJobKey: last?.key ?? null,
        runningJob: running,
        frozen: m?.frozen ?? false,
        freezeTime: m?.freeze_time ?? null,
        freezeUserName: m?.freeze_user_name ?? null,
      };
    });
    return ok(answer);
  },
});

/** The month and plan a call names: {month, fdSalaryPlanId}, or a stat row's {id}. */
async function monthOfCall(tx: Queryable, b: { id?: number; month?: string; fdSalaryPlanId?: number }): Promise<{ month: string; planId: number; userId?: number }> {
  if (b.id !== undefined) {
    const r = (await tx.query<{ month: string; plan_id: number; user_id: number }>(`SELECT month, plan_id, user_id FROM fd_monthly_salary_stat WHERE id = $1`, [b.id])).rows[0];
    if (!r) throw new ApiError('NOT_FOUND', '薪资记录不存在，请刷新后重试');
    return { month: r.month, planId: Number(r.plan_id), userId: Number(r.user_id) };
  }
  if (!b.month || !b.fdSalaryPlanId) throw new ApiError('BAD_REQUEST', '请指定薪资记录（id）或月份（month）与薪资方案（fdSalaryPlanId）');
  return { month: b.month, planId: b.fdSalaryPlanId };
}

const monthBody = { type: 'object', properties: { id: idField('薪资记录'), month: monthField, fdSalaryPlanId: planField } };

registerCustomRoute('salary.freeze', {
  schema: { body: monthBody },
  handler: async (req) => {
    const auth = req.auth!;
    const done = await req
      .tenantTx(async (tx) => {
        const { month, planId } = await monthOfCall(tx, req.body as { id?: number; month?: string; fdSalaryPlanId?: number });
        const m = await lockMonth(tx, month, planId);
        if (m.frozen) throw new ApiError('CONFLICT', `${month} 月（${m.planName}）薪资已冻结`);
        // A month still running would go on receiving clock-ins, sales and requests that a frozen month could never count.
        if (month >= (await dbToday(tx)).slice(0, 7)) throw new ApiError('CONFLICT', `${monthWords(month)}尚未结束，不能冻结该月的工资（月内的打卡、销售和考勤申请还会计入）`);
        await refuseWhileComputing(tx, month, planId, '冻结');
        const n = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM fd_monthly_salary_stat WHERE month = $1 AND plan_id = $2`, [month, planId])).rows[0].n;
        if (!n) throw new ApiError('CONFLICT', `${month} 月（${m.planName}）薪资尚未计算，不能冻结`);
        await tx.query(`UPDATE fd_salary_month SET frozen = true, freeze_time = now(), freeze_user_name = $3 WHERE month = $1 AND plan_id = $2`, [month, planId, auth.displayName ?? auth.userName]);
        return { month, fdSalaryPlanId: planId, planName: m.planName, people: n };
      })
      .catch(asCallerError);
    return ok(done, `${done.month} 月（${done.planName}）薪资已冻结，共 ${done.people} 人`);
  },
});

/** Recomputes one person of an open month (after their early settlement changed). */
async function recomputePerson(tx: Queryable, month: string, planId: number, userId: number) {
  const people = await computePeople(tx, month, planId, [userId]);
  await writePeople(tx, month, planId, people, false);
  const r = await tx.query(
    `SELECT id, month, plan_id AS "fdSalaryPlanId", user_id AS "userId", user_name AS "userName", total_pay::float8 AS "totalPay", commission::float8 AS commission,
            to_char(early_settle_date, 'YYYY-MM-DD') AS "earlySettleDate"
       FROM fd_monthly_salary_stat WHERE month = $1 AND plan_id = $2 AND user_id = $3`,
    [month, planId, userId],
  );
  if (!r.rows[0]) throw new ApiError('CONFLICT', '该人员已不在本月薪资中（薪资档案已删除或停用），请重新计算');
  return r.rows[0];
}

async function openMonthOfRow(tx: Queryable, id: number, what: string) {
  const { month, planId, userId } = await monthOfCall(tx, { id });
  const m = await lockMonth(tx, month, planId);
  if (m.frozen) throw new ApiError('CONFLICT', frozenMessage(month, m.planName));
  await refuseWhileComputing(tx, month, planId, what);
  return { month, planId, userId: userId! };
}

registerCustomRoute('salary.earlySettlement', {
  schema: { body: { type: 'object', required: ['id', 'earlySettleDate'], properties: { id: idField('薪资记录'), earlySettleDate: dateParam('提前结算日期') } } },
  handler: async (req) => {
    const b = req.body as { id: number; earlySettleDate: string };
    const auth = req.auth!;
    const row = await req
      .tenantTx(async (tx) => {
        const { month, planId, userId } = await openMonthOfRow(tx, b.id, '提前结算');
        const { first, last } = await monthBounds(tx, month);
        const entry = (await tx.query<{ entry: string }>(`SELECT to_char(entry_date, 'YYYY-MM-DD') AS entry FROM fd_personal_pc WHERE user_id = $1`, [userId])).rows[0]?.entry;
        if (!entry) throw new ApiError('CONFLICT', '该人员已没有薪资档案，不能提前结算');
        if (b.earlySettleDate < first || b.earlySettleDate > last) throw new ApiError('BAD_REQUEST', `提前结算日期应在 ${month} 月内`);
        if (b.earlySettleDate < entry) throw new ApiError('BAD_REQUEST', `提前结算日期不能早于入职日期 ${entry}`);
        await tx.query(
          `INSERT INTO fd_salary_early_settlement (tenant_id, month, plan_id, user_id, settle_date, create_user_name) VALUES (app_current_tenant(), $1, $2, $3, $4, $5)
           ON CONFLICT (tenant_id, month, plan_id, user_id) DO UPDATE SET settle_date = EXCLUDED.settle_date, create_user_name = EXCLUDED.create_user_name, create_time = now()`,
          [month, planId, userId, b.earlySettleDate, auth.displayName ?? auth.userName],
        );
        return recomputePerson(tx, month, planId, userId);
      })
      .catch(asCallerError);
    return ok(row, `${row.userName} 已按 ${b.earlySettleDate} 提前结算`);
  },
});

registerCustomRoute('salary.unEarlySettlement', {
  schema: { body: { type: 'object', required: ['id'], properties: { id: idField('薪资记录') } } },
  handler: async (req) => {
    const b = req.body as { id: number };
    const row = await req
      .tenantTx(async (tx) => {
        const { month, planId, userId } = await openMonthOfRow(tx, b.id, '取消提前结算');
        const gone = await tx.query(`DELETE FROM fd_salary_early_settlement WHERE month = $1 AND plan_id = $2 AND user_id = $3`, [month, planId, userId]);
        if (!gone.rowCount) throw new ApiError('CONFLICT', '该人员本月未提前结算');
        return recomputePerson(tx, month, planId, userId);
      })
      .catch(asCallerError);
    return ok(row, `${row.userName} 已取消提前结算`);
  },
});
