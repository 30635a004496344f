import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { registerDocExtras, registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { checkPictures } from '../pettyCash/index.ts';
import { approvalFor, onProcessEnd, registerProcessBusiness, startProcess } from '../process/index.ts';

/**
 * 巡店申请 (shop-inspect-apply), filed from the phone page /h5/inspectApply: the shop, the day, each item checked with
 * its result (a 不合格 item says what must be put right) and the photos. When the tenant deployed the process
 * `inspect` (巡店审批), a new or corrected application starts it: the inspected shop's manager confirms it in 我的待办
 * (desktop or /h5/authorList) and the outcome sets its status. Without the process a holder of shop:inspect:audit
 * audits it once. An inspection day lies at most 30 days back and never in the future.
 */

export const PROCESS_KEY = 'inspect';
export const BUSINESS_TYPE = 'inspectApply';
export const RESULT_NAMES: Record<number, string> = { 1: '合格', 2: '不合格' };
const MAX_DAYS_BACK = 30;
const MAX_ITEMS = 30;

registerProcessBusiness(BUSINESS_TYPE, { noticeType: 2001, label: '巡店申请' });
onProcessEnd(BUSINESS_TYPE, async (tx, e) => {
  if (e.outcome === 'cancelled') return;
  const id = Number(e.businessId);
  const h = (await tx.query<{ status: number }>(`SELECT status FROM shop_inspect_apply WHERE id = $1 FOR UPDATE`, [id])).rows[0];
  if (!h) throw new ApiError('CONFLICT', '巡店申请已被删除，不能审批');
  if (Number(h.status) !== 1) throw new ApiError('CONFLICT', '单据状态已变更，请刷新后重试');
  const to = e.outcome === 'approved' ? 2 : 3;
  await setAudited(tx, id, e.auth, e.comment ?? null, to);
  await recordDocEvent(tx, e.auth, { docType: 'inspectApply', docId: id, action: 'audit', actionLabel: to === 2 ? '审批通过' : '审批驳回', fromStatus: 1, toStatus: to, note: e.comment ?? `流程实例 ${e.processInstanceId}` });
});

registerDocExtras('inspectApply', (tx, auth, id) => approvalFor(tx, auth, [BUSINESS_TYPE], String(id)));

async function usesProcess(tx: Queryable): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM wf_definition WHERE process_key = $1 AND deleted_at IS NULL AND NOT suspended LIMIT 1`, [PROCESS_KEY]);
  return r.rows.length > 0;
}

async function refuseWhileInProcess(tx: Queryable, id: number, what: string): Promise<void> {
  const r = await tx.query(`SELECT 1 FROM wf_instance WHERE business_type = $1 AND business_id = $2 AND status = 1`, [BUSINESS_TYPE, String(id)]);
  if (r.rows.length) throw new ApiError('CONFLICT', `该巡店申请正在审批流程中，${what}`);
}

registerDocFn('inspect.applySave', async ({ tx, auth, id, ref, header, lines, body }) => {
  const photos = await checkPictures(tx, header.photos, false, '巡店照片');
  const d = (
    await tx.query<{ ahead: boolean; old: boolean; status: number }>(
      `SELECT inspect_date > current_date AS ahead, inspect_date < current_date - $2::int AS old, status FROM shop_inspect_apply WHERE id = $1`,
      [id, MAX_DAYS_BACK],
    )
  ).rows[0];
  if (d.ahead) throw new ApiError('BAD_REQUEST', '巡店日期不能晚于今天');
  if (d.old) throw new ApiError('BAD_REQUEST', `巡店日期不能早于${MAX_DAYS_BACK}天前`);
  if (lines.length > MAX_ITEMS) throw new ApiError('BAD_REQUEST', `检查项最多${MAX_ITEMS}项`);
  const failNoNote = lines.find((l) => Number(l.result) === 2 && !String(l.remark ?? '').trim());
  if (failNoNote) throw new ApiError('BAD_REQUEST', `不合格的检查项“${String(failNoNote.itemName)}”请填写整改说明`);
  const fails = lines.filter((l) => Number(l.result) === 2).length;
  await tx.query(`UPDATE shop_inspect_apply SET photos = $2, item_count = $3, fail_count = $4 WHERE id = $1`, [id, photos, lines.length, fails]);
  if (!body.created) {
    await tx.query(`UPDATE shop_inspect_apply SET status = 1, audit_user_id = NULL, audit_user_name = NULL, audit_time = NULL, audit_remark = NULL WHERE id = $1`, [id]);
    await recordDocEvent(tx, auth, { docType: 'inspectApply', docId: id, action: 'resubmit', actionLabel: '重新提交', fromStatus: 3, toStatus: 1 });
  }
  if (!(await usesProcess(tx))) return;
  const shop = (await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_inspect_apply WHERE id = $1`, [id])).rows[0];
  const failed = lines.filter((l) => Number(l.result) === 2).map((l) => String(l.itemName));
  await startProcess(tx, auth, {
    processKey: PROCESS_KEY,
    businessType: BUSINESS_TYPE,
    businessId: String(id),
    title: `巡店申请 ${ref.docNo}：${shop.shop_name} ${String(header.inspectDate)} ${lines.length}项${fails ? `，${fails}项不合格` : '，全部合格'}`.slice(0, 100),
    variables: {
      shopId: header.shopId,
      shopName: shop.shop_name,
      inspectDate: header.inspectDate,
      itemCount: lines.length,
      failCount: fails,
      failItems: failed.join('、').slice(0, 300) || '无',
      reason: header.remark ?? null,
      photoCount: photos ? photos.split(',').length : 0,
    },
    shopId: Number(header.shopId),
  });
});

registerDocFn('inspect.applyDelete', async ({ tx, id }) => refuseWhileInProcess(tx, id, '不能删除'), { lines: false });

registerDocFn(
  'inspect.applyAudit',
  async ({ tx, auth, id, body, note }) => {
    const auditStatus = body.auditStatus === undefined || body.auditStatus === null ? 2 : Number(body.auditStatus);
    if (auditStatus !== 2 && auditStatus !== 3) throw new ApiError('BAD_REQUEST', '审批结果（auditStatus）只能是 2（通过）或 3（驳回）');
    await refuseWhileInProcess(tx, id, '请由审批人在“我的待办”中审批');
    const remark = (typeof body.auditRemark === 'string' && body.auditRemark.trim()) || note || null;
    if (auditStatus === 3 && !remark) throw new ApiError('BAD_REQUEST', '驳回时请填写审批意见（auditRemark）');
    await setAudited(tx, id, auth, remark, null);
    return { to: auditStatus, label: auditStatus === 2 ? '审批通过' : '驳回' };
  },
  { lines: false },
);

async function setAudited(tx: Queryable, id: number, auth: AuthContext, remark: string | null, status: number | null) {
  await tx.query(`UPDATE shop_inspect_apply SET audit_user_id = $2, audit_user_name = $3, audit_time = now(), audit_remark = $4, status = coalesce($5::smallint, status) WHERE id = $1`, [
    id,
    auth.userId,
    auth.displayName ?? auth.userName,
    remark?.slice(0, 200) ?? null,
    status,
  ]);
}
