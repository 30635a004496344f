import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { importDocuments } from '../../documents/writing.ts';
import { registerDocExtras, registerDocFn, registerDocImporter } from '../../documents/registry.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { report, type ImportRowError } from '../../resources/importer.ts';
import { amountOf, readSheet, template, text } from '../../resources/sheetImport.ts';
import { approvalFor, onProcessEnd, registerProcessBusiness, startProcess } from '../process/index.ts';
import { shopIdsByCode } from '../shops/index.ts';
import { isSalaryMonth, refuseFrozenMonths } from './months.ts';
import { dateParam, nullableIdField } from '../../http/fields.ts';
import { amountText } from '../../../core/money.ts';

/**
 * 调岗补贴 (fd-monthly-transfer-subsidy-det) and 特殊人员 (special-personal): a person's extra pay, or deduction,
 * of a month, each a header-only document: 1 待审核, 2 已审核, 3 已驳回. Only audited ones count in the month's
 * salary. When the tenant has deployed the process `transferSubsidy` / `specialPersonal` (审批流程), a new one
 * starts it and its outcome audits it (the direct audit then refuses it); otherwise whoever holds the audit
 * permission audits it once (a second click: 409 单据状态已变更). A frozen month takes no more of them.
 */

interface Kind {
  table: string;
  processKey: string;
  label: string;
  /** What a refusal for a frozen month calls it (不能再提交该月的…). */
  what: string;
  /** The HR matter's notice (spec 000 §2: 37, 38 open its detail page): to its approver, and its outcome to the applicant. */
  noticeType: number;
  auditPerm: string;
  title: (h: Record<string, unknown>, docNo: string) => string;
}

const KINDS: Record<'subsidy' | 'special', Kind> = {
  subsidy: {
    table: 'fd_monthly_transfer_subsidy_det',
    processKey: 'transferSubsidy',
    label: '调岗补贴',
    what: '调岗补贴',
    noticeType: 37,
    auditPerm: 'salary:subsidy:audit',
    title: (h, no) => `调岗补贴 ${no}：${String(h.userName ?? '')} ${String(h.month)} ${amountText(h.amount)} 元`,
  },
  special: {
    table: 'fd_special_personal',
    processKey: 'specialPersonal',
    label: '特殊人员',
    what: '特殊人员加扣款',
    noticeType: 38,
    auditPerm: 'salary:special:audit',
    title: (h, no) => `特殊人员 ${no}：${String(h.userName ?? '')} ${String(h.month)} ${Number(h.adjustType) === 2 ? '扣' : '加'} ${amountText(h.amount)} 元`,
  },
};

/** Whether the tenant approves this kind through a deployed, active process. */
async function usesProcess(tx: Queryable, k: Kind): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM wf_definition WHERE process_key = $1 AND deleted_at IS NULL AND NOT suspended LIMIT 1`, [k.processKey]);
  return r.rows.length > 0;
}

async function refuseWhileInProcess(tx: Queryable, k: Kind, id: number, what: string): Promise<void> {
  const r = await tx.query(`SELECT 1 FROM wf_instance WHERE business_type = $1 AND business_id = $2 AND status = 1`, [k.processKey, String(id)]);
  if (r.rows.length) throw new ApiError('CONFLICT', `该${k.label}正在审批流程中，${what}`);
}

function register(key: 'subsidy' | 'special') {
  const k = KINDS[key];
  registerProcessBusiness(k.processKey, { noticeType: k.noticeType, queue: 'user-message', label: k.label });
  // The detail page offers 同意 / 驳回 to whoever holds the running approval's task.
  registerDocExtras(k.processKey, (tx, auth, id) => approvalFor(tx, auth, [k.processKey], String(id)));

  registerDocFn(
    `salary.${key}Save`,
    async ({ tx, auth, id, ref, header, body }) => {
      const h = (await tx.query<{ user_id: number; month: string; status: number; user_name: string }>(`SELECT user_id, month, status, user_name FROM ${k.table} WHERE id = $1`, [id])).rows[0];
      if (!isSalaryMonth(h.month)) throw new ApiError('BAD_REQUEST', '月份格式应为 YYYY-MM');
      await refuseFrozenMonths(tx, h.user_id, [h.month], '提交', k.what);
      if (!body.created) {
        await refuseWhileInProcess(tx, k, id, '不能修改');
        // A rejected one, corrected, waits for its audit again.
        if (Number(h.status) === 3)
          await tx.query(`UPDATE ${k.table} SET status = 1, audit_user_id = NULL, audit_user_name = NULL, audit_time = NULL, audit_remark = NULL WHERE id = $1`, [id]);
        if (Number(h.status) !== 3) return;
      }
      const title = k.title({ ...header, userName: h.user_name }, ref.docNo);
      if (await usesProcess(tx, k))
        await startProcess(tx, auth, {
          processKey: k.processKey,
          businessType: k.processKey,
          businessId: String(id),
          title,
          variables: { ...header, amount: Number(header.amount), userName: h.user_name },
        });
      // Without a process, whoever may audit it hears of it (the same HR matter notice, opening its page).
      else await notifyConfirmers(tx, auth, k.auditPerm, { businessType: k.noticeType, businessId: id, messageTypeInfo: `${k.label}待审核`, noticeTemplateInfo: `${title}，等待审核` });
    },
    { lines: false },
  );

  registerDocFn(`salary.${key}Delete`, async ({ tx, id }) => refuseWhileInProcess(tx, k, id, '不能删除'), { lines: false });

  registerDocFn(
    `salary.${key}Audit`,
    async ({ tx, auth, id, header, body, note }) => {
      const auditStatus = body.auditStatus === undefined || body.auditStatus === null ? 2 : Number(body.auditStatus);
      if (auditStatus !== 2 && auditStatus !== 3) throw new ApiError('BAD_REQUEST', '审核结果（auditStatus）只能是 2（通过）或 3（驳回）');
      await refuseWhileInProcess(tx, k, id, '请由审批人在“我的待办”中审批');
      if (auditStatus === 2) await refuseFrozenMonths(tx, Number(header.userId), [String(header.month)], '审核', k.what);
      const remark = (typeof body.auditRemark === 'string' && body.auditRemark.trim()) || note || null;
      if (auditStatus === 3 && !remark) throw new ApiError('BAD_REQUEST', '驳回时请填写审核意见（auditRemark）');
      await setAudited(tx, k, id, auth, remark);
      return { to: auditStatus, label: auditStatus === 2 ? '审核通过' : '驳回' };
    },
    { lines: false },
  );

  onProcessEnd(k.processKey, async (tx, e) => {
    if (e.outcome === 'cancelled') return; // the definition was deleted: the document waits for a direct audit
    const id = Number(e.businessId);
    const h = (await tx.query<{ status: number; user_id: number; month: string }>(`SELECT status, user_id, month FROM ${k.table} WHERE id = $1 FOR UPDATE`, [id])).rows[0];
    if (!h) throw new ApiError('CONFLICT', `${k.label}已被删除，不能审批`);
    if (Number(h.status) !== 1) throw new ApiError('CONFLICT', '单据状态已变更，请刷新后重试');
    if (e.outcome === 'approved') await refuseFrozenMonths(tx, h.user_id, [h.month], '审批', k.what);
    const to = e.outcome === 'approved' ? 2 : 3;
    await setAudited(tx, k, id, e.auth, e.comment ?? null);
    await tx.query(`UPDATE ${k.table} SET status = $2 WHERE id = $1`, [id, to]);
    await recordDocEvent(tx, e.auth, { docType: k.processKey, docId: id, action: 'audit', actionLabel: to === 2 ? '审批通过' : '审批驳回', fromStatus: 1, toStatus: to, note: e.comment ?? `流程实例 ${e.processInstanceId}` });
  });
}

async function setAudited(tx: Queryable, k: Kind, id: number, auth: AuthContext, remark: string | null) {
  await tx.query(`UPDATE ${k.table} SET audit_user_id = $2, audit_user_name = $3, audit_time = now(), audit_remark = $4 WHERE id = $1`, [
    id,
    auth.userId,
    auth.displayName ?? auth.userName,
    remark?.slice(0, 200) ?? null,
  ]);
}

register('subsidy');
register('special');

/** find-merge: a month's audited adjustments merged per person (what the salary month takes). */
registerCustomRoute('salary.specialMerge', {
  schema: {
    body: {
      type: 'object',
      required: ['month'],
      properties: {
        month: dateParam('月份', 'month'),
        userId: nullableIdField('人员'),
      },
    },
  },
  handler: async (req: Req) => {
    const b = req.body as { month: string; userId?: number | null };
    const rows = await req.tenantTx((tx) =>
      tx.query(
        `SELECT user_id AS "userId", max(user_name) AS "userName", $1::text AS month, count(*)::int AS "count",
                coalesce(sum(amount) FILTER (WHERE adjust_type = 1), 0)::float8 AS "addAmount",
                coalesce(sum(amount) FILTER (WHERE adjust_type = 2), 0)::float8 AS "deductAmount",
                (coalesce(sum(amount) FILTER (WHERE adjust_type = 1), 0) - coalesce(sum(amount) FILTER (WHERE adjust_type = 2), 0))::float8 AS "netAmount",
                string_agg(reason, '；' ORDER BY id) AS reasons
           FROM fd_special_personal WHERE month = $1 AND status = 2 AND ($2::int IS NULL OR user_id = $2)
          GROUP BY user_id ORDER BY max(user_name), user_id`,
        [b.month, b.userId ?? null],
      ),
    );
    return ok(rows.rows);
  },
});

// ---- imports: people name a person by 工号 and shops by code ----

async function userIdsByNo(tx: Queryable, nos: string[]): Promise<Map<string, number>> {
  const r = await tx.query<{ user_no: string; id: number }>(`SELECT user_no, id FROM sys_user WHERE user_no = ANY($1::text[])`, [nos]);
  return new Map(r.rows.map((u) => [u.user_no, Number(u.id)]));
}

function answer(reply: FastifyReply, total: number, result: { imported: number; errors: ImportRowError[] }, what: string) {
  if (result.errors.length) return reply.status(400).send(report(total, 0, result.errors));
  return reply.send({ code: 200, msg: `导入成功，共${result.imported}条${what}（待审核）`, data: { total, imported: result.imported, errors: [] } });
}

const monthOf = (v: unknown): string | null => {
  const t = text(v).replace('/', '-').replace(/^(\d{4})-(\d)$/, '$1-0$2');
  return isSalaryMonth(t) ? t : null;
};

const SUBSIDY_COLUMNS = ['月份', '工号', '调出门店编码', '调入门店编码', '支援天数', '补贴金额', '备注'];

registerDocImporter('transferSubsidy', {
  template: (_req, reply) => template(reply, '调岗补贴', SUBSIDY_COLUMNS),
  async run(request, reply, doc) {
    const req = request as Req;
    const sheet = await readSheet(req, SUBSIDY_COLUMNS.slice(0, 6));
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const { users, shops } = await req.tenantTx(async (tx) => ({
      users: await userIdsByNo(tx, [...new Set(sheet.rows.map((r) => text(r.get('工号'))))]),
      shops: await shopIdsByCode(tx, [...new Set(sheet.rows.flatMap((r) => [text(r.get('调出门店编码')), text(r.get('调入门店编码'))]))]),
    }));
    const errors: ImportRowError[] = [];
    const bodies: { row: number; body: Record<string, unknown> }[] = [];
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const month = monthOf(r.get('月份'));
      const no = text(r.get('工号'));
      const from = text(r.get('调出门店编码'));
      const to = text(r.get('调入门店编码'));
      const days = Number(text(r.get('支援天数')));
      const amount = amountOf(r.get('补贴金额'), '补贴金额');
      const remark = text(r.get('备注'));
      if (!month) { fail('月份', '月份格式应为 YYYY-MM'); continue; }
      if (!users.has(no)) { fail('工号', no ? `工号“${no}”不存在` : '工号不能为空'); continue; }
      if (!shops.has(from)) { fail('调出门店编码', from ? `门店编码“${from}”不存在` : '调出门店编码不能为空'); continue; }
      if (!shops.has(to)) { fail('调入门店编码', to ? `门店编码“${to}”不存在` : '调入门店编码不能为空'); continue; }
      if (from === to) { fail('调入门店编码', '调入门店不能与调出门店相同'); continue; }
      if (!Number.isInteger(days) || days < 1 || days > 31) { fail('支援天数', '支援天数应为1到31的整数'); continue; }
      if (typeof amount === 'string') { fail('补贴金额', amount); continue; }
      if (remark.length > 200) { fail('备注', '备注长度不能超过200个字符'); continue; }
      bodies.push({ row: r.row, body: { month, userId: users.get(no), fromShopId: shops.get(from), toShopId: shops.get(to), days, amount, remark: remark || null } });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    return answer(reply, sheet.rows.length, await importDocuments(req, doc!, bodies), '调岗补贴');
  },
});

const SPECIAL_COLUMNS = ['月份', '工号', '调整类型', '金额', '原因'];
const ADJUST_TYPES: Record<string, number> = { 加项: 1, 扣项: 2 };

registerDocImporter('specialPersonal', {
  template: (_req, reply) => template(reply, '特殊人员', SPECIAL_COLUMNS),
  async run(request, reply, doc) {
    const req = request as Req;
    const sheet = await readSheet(req, SPECIAL_COLUMNS);
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const users = await req.tenantTx((tx) => userIdsByNo(tx, [...new Set(sheet.rows.map((r) => text(r.get('工号'))))]));
    const errors: ImportRowError[] = [];
    const bodies: { row: number; body: Record<string, unknown> }[] = [];
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const month = monthOf(r.get('月份'));
      const no = text(r.get('工号'));
      const type = ADJUST_TYPES[text(r.get('调整类型'))];
      const amount = amountOf(r.get('金额'), '金额');
      const reason = text(r.get('原因'));
      if (!month) { fail('月份', '月份格式应为 YYYY-MM'); continue; }
      if (!users.has(no)) { fail('工号', no ? `工号“${no}”不存在` : '工号不能为空'); continue; }
      if (!type) { fail('调整类型', '调整类型应为“加项”或“扣项”'); continue; }
      if (typeof amount === 'string') { fail('金额', amount); continue; }
      if (!reason) { fail('原因', '原因不能为空'); continue; }
      if (reason.length > 200) { fail('原因', '原因长度不能超过200个字符'); continue; }
      bodies.push({ row: r.row, body: { month, userId: users.get(no), adjustType: type, amount, reason } });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    return answer(reply, sheet.rows.length, await importDocuments(req, doc!, bodies), '特殊人员调整');
  },
});
