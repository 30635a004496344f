import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { registerDocExtras, registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';
import { approvalFor, onProcessEnd, registerProcessBusiness, startProcess } from '../process/index.ts';
import { monthsFromTo, refuseFrozenMonths } from '../salary/index.ts';

/**
 * 考勤申请 (attn-request): leave, overtime, missed clock, shift swap, business trip, outing, time off in lieu — each a
 * header-only document: 1 审批中, 2 已通过, 3 已驳回. When the tenant deployed the process `attendance` (审批流程), a new
 * request starts it; the approver's notice has businessType 18 + the request type (19-25, spec 000 §2), which opens
 * attendAuditDetail at the request; the outcome sets the request's status. Without the process, whoever holds
 * attend:request:audit approves it once. Leave-like requests of one person may not overlap. Approved missed clocks,
 * business trips, paid leave and time off in lieu count as worked days in the salary month (salary/month.ts).
 *
 * The other attendance notices (26-31, all opening attendAuditDetail at the request): the applicant hears of the
 * outcome (26 通过, 27 驳回, 31 审批流程撤销 — the request then waits for a direct approval); the colleague named in a
 * shift swap hears of it when it is submitted (28) and when it is approved (29); without a process, the holders of
 * attend:request:audit hear that a request waits for them (30, also when a process was withdrawn).
 */
export const ATTEND_NOTICE = { approved: 26, rejected: 27, swapAsked: 28, swapApproved: 29, awaitingAudit: 30, processCancelled: 31 } as const;
const AUDIT_PERM = 'attend:request:audit';

export const REQUEST_TYPES: Record<number, string> = { 1: '请假', 2: '加班', 3: '补卡', 4: '调班', 5: '出差', 6: '外出', 7: '调休' };
export const LEAVE_TYPES: Record<number, string> = { 1: '事假', 2: '病假', 3: '年假', 4: '婚假', 5: '产假', 6: '丧假' };
/** The request types whose time is away from the shop: one person's may not overlap. */
const AWAY = [1, 5, 6, 7];
/** The notice businessType of a request type (spec 000 §2: 19 to 31 open attendAuditDetail). */
export const noticeTypeOf = (requestType: number) => 18 + requestType;
export const PROCESS_KEY = 'attendance';
const businessTypeOf = (requestType: number) => `attendance.${requestType}`;

for (const [type, name] of Object.entries(REQUEST_TYPES)) {
  const businessType = businessTypeOf(Number(type));
  registerProcessBusiness(businessType, {
    noticeType: noticeTypeOf(Number(type)),
    queue: 'grant/attend',
    label: `${name}申请`,
    resultNoticeTypes: { approved: ATTEND_NOTICE.approved, rejected: ATTEND_NOTICE.rejected, cancelled: ATTEND_NOTICE.processCancelled },
  });
  onProcessEnd(businessType, async (tx, e) => {
    const id = Number(e.businessId);
    if (e.outcome === 'cancelled') {
      // The definition was deleted: the request waits for a direct approval; its approvers are told.
      const r = await readRequest(tx, id);
      if (r && Number(r.status) === 1) await tellAuditors(tx, e.auth, id, r, '审批流程已撤销，');
      return;
    }
    const h = (await tx.query<{ status: number }>(`SELECT status FROM attn_request WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!h) throw new ApiError('CONFLICT', '考勤申请已被删除，不能审批');
    if (Number(h.status) !== 1) throw new ApiError('CONFLICT', '单据状态已变更，请刷新后重试');
    const to = e.outcome === 'approved' ? 2 : 3;
    if (to === 2) await refuseFrozenMonth(tx, await readRequest(tx, id), '审批');
    await setAudited(tx, id, e.auth, e.comment ?? null, to);
    await recordDocEvent(tx, e.auth, { docType: 'attnRequest', docId: id, action: 'audit', actionLabel: to === 2 ? '审批通过' : '审批驳回', fromStatus: 1, toStatus: to, note: e.comment ?? `流程实例 ${e.processInstanceId}` });
    if (to === 2) await tellSwapColleague(tx, e.auth, id, await readRequest(tx, id), true);
  });
}

// attendAuditDetail shows the running approval, with 同意 / 驳回 when the reader holds its task.
registerDocExtras('attnRequest', (tx, auth, id) => approvalFor(tx, auth, Object.keys(REQUEST_TYPES).map((t) => businessTypeOf(Number(t))), String(id)));

interface Row {
  doc_no: string;
  request_type: number;
  leave_type: number | null;
  user_id: number;
  user_name: string;
  shop_id: number;
  start_time: string;
  end_time: string;
  start_text: string;
  end_text: string;
  hours: string;
  days: string | null;
  swap_user_id: number | null;
  status: number;
  reason: string;
}

async function readRequest(tx: Queryable, id: number): Promise<Row> {
  return (
    await tx.query<Row>(
      `SELECT doc_no, request_type, leave_type, user_id, user_name, shop_id, start_time, end_time, days::text, swap_user_id, status, reason,
              to_char(start_time, 'YYYY-MM-DD HH24:MI') AS start_text, to_char(end_time, 'YYYY-MM-DD HH24:MI') AS end_text,
              round(extract(epoch FROM end_time - start_time) / 3600.0, 1)::text AS hours
         FROM attn_request WHERE id = $1`,
      [id],
    )
  ).rows[0];
}

/** The rules of each type, read on the saved row (the layer validated the fields' formats). */
async function checkRequest(tx: Queryable, id: number, r: Row): Promise<void> {
  const type = Number(r.request_type);
  const hours = Number(r.hours);
  if (type === 1 && !r.leave_type) throw new ApiError('BAD_REQUEST', '请假申请请选择假期类型（leaveType）');
  if (type !== 1 && r.leave_type) await tx.query(`UPDATE attn_request SET leave_type = NULL WHERE id = $1`, [id]);
  if (type === 3) {
    if (r.start_text !== r.end_text) throw new ApiError('BAD_REQUEST', '补卡申请的开始时间与结束时间应为同一补卡时间');
    const late = await tx.query(`SELECT 1 WHERE $1::timestamptz > now()`, [r.start_time]);
    if (late.rows.length) throw new ApiError('BAD_REQUEST', '补卡时间不能晚于现在');
  } else if (hours <= 0) throw new ApiError('BAD_REQUEST', '结束时间应晚于开始时间');
  if (type === 2 && hours > 24) throw new ApiError('BAD_REQUEST', '一次加班不能超过24小时');
  if (type === 4 && !r.swap_user_id) throw new ApiError('BAD_REQUEST', '调班申请请选择调班对象（swapUserId）');
  if (type === 4 && Number(r.swap_user_id) === Number(r.user_id)) throw new ApiError('BAD_REQUEST', '调班对象不能是申请人本人');
  if (type !== 4 && r.swap_user_id) await tx.query(`UPDATE attn_request SET swap_user_id = NULL, swap_user_name = NULL WHERE id = $1`, [id]);
  if (AWAY.includes(type)) {
    if (r.days === null) throw new ApiError('BAD_REQUEST', `${REQUEST_TYPES[type]}申请请填写天数（days）`);
    const days = Number(r.days);
    if (Math.round(days * 2) !== days * 2) throw new ApiError('BAD_REQUEST', '天数以半天为单位（如 0.5、1、1.5）');
    const span = Math.floor(hours / 24) + 1;
    if (days > span) throw new ApiError('BAD_REQUEST', `天数（${days}）不能多于开始到结束的天数（${span}）`);
  } else if (r.days !== null) await tx.query(`UPDATE attn_request SET days = NULL WHERE id = $1`, [id]);
  await tx.query(`UPDATE attn_request SET hours = $2 WHERE id = $1`, [id, hours]);
  if (AWAY.includes(type)) {
    // One person's requests are decided one at a time: two overlapping ones submitted together still meet.
    await tx.query(`SELECT pg_advisory_xact_lock(7102, $1)`, [r.user_id]);
    const clash = (
      await tx.query<{ doc_no: string; request_type: number }>(
        `SELECT doc_no, request_type FROM attn_request
          WHERE user_id = $1 AND id <> $2 AND status IN (1, 2) AND request_type = ANY($3::int[])
            AND start_time < $5::timestamptz AND end_time > $4::timestamptz
          ORDER BY id LIMIT 1`,
        [r.user_id, id, AWAY, r.start_time, r.end_time],
      )
    ).rows[0];
    if (clash) throw new ApiError('CONFLICT', `与${REQUEST_TYPES[clash.request_type]}申请 ${clash.doc_no} 的时间重叠，请调整时间`);
  }
}

/** A request dated in a frozen salary month of its person could never count: refused at submit and at approval. */
const refuseFrozenMonth = (tx: Queryable, r: Row, verb: string) =>
  refuseFrozenMonths(tx, Number(r.user_id), monthsFromTo(r.start_text.slice(0, 7), r.end_text.slice(0, 7)), verb, '考勤申请');

const describe = (r: Row) => `${REQUEST_TYPES[Number(r.request_type)]}申请 ${r.doc_no}（${r.user_name} ${r.start_text}${r.start_text === r.end_text ? '' : ` 至 ${r.end_text}`}）`;

async function tell(tx: Queryable, auth: AuthContext, userIds: number[], businessType: number, id: number, title: string, text: string) {
  const to = userIds.filter((u) => u && u !== auth.userId);
  if (to.length) await notifyUsersInTx(tx, auth.tenantId, to, { queue: 'grant/attend', businessType, businessId: id, messageTypeInfo: title, noticeTemplateInfo: text.slice(0, 500) });
}

/** 30: a request waits for whoever may approve it directly (no process, or its process was withdrawn). */
async function tellAuditors(tx: Queryable, auth: AuthContext, id: number, r: Row, why = '') {
  await notifyConfirmers(tx, auth, AUDIT_PERM, {
    queue: 'grant/attend',
    businessType: ATTEND_NOTICE.awaitingAudit,
    businessId: id,
    messageTypeInfo: '考勤申请待审批',
    noticeTemplateInfo: `${why}${describe(r)}等待审批`.slice(0, 500),
  });
}

/** 28 when a shift swap naming a colleague is submitted, 29 when it is approved. */
async function tellSwapColleague(tx: Queryable, auth: AuthContext, id: number, r: Row, approved: boolean) {
  if (Number(r.request_type) !== 4 || !r.swap_user_id) return;
  await tell(tx, auth, [Number(r.swap_user_id)], approved ? ATTEND_NOTICE.swapApproved : ATTEND_NOTICE.swapAsked, id, approved ? '调班已生效' : '调班申请',
    approved ? `${describe(r)}已审批通过，请按调班后的班次上班` : `${r.user_name} 申请与您调班：${describe(r)}，事由：${r.reason}`);
}

async function usesProcess(tx: Queryable): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM wf_definition WHERE process_key = $1 AND deleted_at IS NULL AND NOT suspended LIMIT 1`, [PROCESS_KEY]);
  return r.rows.length > 0;
}

async function refuseWhileInProcess(tx: Queryable, id: number, type: number, what: string): Promise<void> {
  const r = await tx.query(`SELECT 1 FROM wf_instance WHERE business_type = $1 AND business_id = $2 AND status = 1`, [businessTypeOf(type), String(id)]);
  if (r.rows.length) throw new ApiError('CONFLICT', `该考勤申请正在审批流程中，${what}`);
}

registerDocFn(
  'attendance.requestSave',
  async ({ tx, auth, id, ref, body }) => {
    let r = await readRequest(tx, id);
    await checkRequest(tx, id, r);
    await refuseFrozenMonth(tx, r, '提交');
    if (!body.created) {
      // A rejected one, corrected, is submitted again.
      await tx.query(`UPDATE attn_request SET status = 1, audit_user_id = NULL, audit_user_name = NULL, audit_time = NULL, audit_remark = NULL WHERE id = $1`, [id]);
      await recordDocEvent(tx, auth, { docType: 'attnRequest', docId: id, action: 'resubmit', actionLabel: '重新提交', fromStatus: 3, toStatus: 1 });
    }
    r = await readRequest(tx, id);
    await tellSwapColleague(tx, auth, id, r, false);
    if (!(await usesProcess(tx))) {
      await tellAuditors(tx, auth, id, r);
      return;
    }
    const type = Number(r.request_type);
    const what = type === 1 ? `${LEAVE_TYPES[Number(r.leave_type)]} ${Number(r.days)} 天` : type === 2 ? `${Number(r.hours)} 小时` : type === 3 ? r.start_text : r.days ? `${Number(r.days)} 天` : '';
    await startProcess(tx, auth, {
      processKey: PROCESS_KEY,
      businessType: businessTypeOf(type),
      businessId: String(id),
      title: `${REQUEST_TYPES[type]}申请 ${ref.docNo}：${r.user_name} ${r.start_text}${r.start_text === r.end_text ? '' : ` 至 ${r.end_text}`} ${what}`.trim().slice(0, 100),
      variables: { requestType: type, leaveType: r.leave_type, days: r.days === null ? null : Number(r.days), hours: Number(r.hours), shopId: r.shop_id, userName: r.user_name, reason: r.reason },
      shopId: r.shop_id,
    });
  },
  { lines: false },
);

registerDocFn(
  'attendance.requestDelete',
  async ({ tx, id }) => {
    const r = await readRequest(tx, id);
    await refuseWhileInProcess(tx, id, Number(r.request_type), '不能删除');
  },
  { lines: false },
);

registerDocFn(
  'attendance.requestAudit',
  async ({ tx, auth, id, header, body, note }) => {
    const auditStatus = body.auditStatus === undefined || body.auditStatus === null ? 2 : Number(body.auditStatus);
    if (auditStatus !== 2 && auditStatus !== 3) throw new ApiError('BAD_REQUEST', '审批结果（auditStatus）只能是 2（通过）或 3（驳回）');
    await refuseWhileInProcess(tx, id, Number(header.requestType), '请由审批人在“我的待办”中审批');
    if (auditStatus === 2) await refuseFrozenMonth(tx, await readRequest(tx, id), '审批');
    const remark = (typeof body.auditRemark === 'string' && body.auditRemark.trim()) || note || null;
    if (auditStatus === 3 && !remark) throw new ApiError('BAD_REQUEST', '驳回时请填写审批意见（auditRemark）');
    await setAudited(tx, id, auth, remark, null);
    // The applicant hears of it (26 / 27); an approved swap reaches the colleague too (29).
    const r = await readRequest(tx, id);
    await tell(tx, auth, [Number(r.user_id)], auditStatus === 2 ? ATTEND_NOTICE.approved : ATTEND_NOTICE.rejected, id, '考勤审批结果',
      `${describe(r)}${auditStatus === 2 ? '已审批通过' : `被 ${auth.displayName ?? auth.userName} 驳回`}${remark ? `，意见：${remark}` : ''}`);
    if (auditStatus === 2) await tellSwapColleague(tx, auth, id, r, true);
    return { to: auditStatus, label: auditStatus === 2 ? '审批通过' : '驳回' };
  },
  { lines: false },
);

async function setAudited(tx: Queryable, id: number, auth: AuthContext, remark: string | null, status: number | null) {
  await tx.query(`UPDATE attn_request SET audit_user_id = $2, audit_user_name = $3, audit_time = now(), audit_remark = $4, status = coalesce($5::smallint, status) WHERE id = $1`, [
    id,
    auth.userId,
    auth.displayName ?? auth.userName,
    remark?.slice(0, 200) ?? null,
    status,
  ]);
}
