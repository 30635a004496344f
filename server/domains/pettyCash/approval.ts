import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { onProcessEnd, PROCESS_NOTICE_TYPE, registerProcessBusiness, startProcess } from '../process/index.ts';
import { postPettyCash } from './ledger.ts';
import { amountText } from '../../../core/money.ts';

/**
 * 备用金 through 审批流程: with 备用金设置 "走审批流程" on, a submitted spend starts the process `pettyCash` (its
 * approvers and amount rules are drawn in 流程设计) and waits as 待审核; the direct audit buttons refuse it; when the
 * process ends, an approval audits it (the ledger moves, exactly once) and a rejection sends it back to the shop
 * with the approver's comment, in the process's own transaction.
 */

export const PROCESS_KEY = 'pettyCash';
export const BUSINESS_TYPE = 'pettyCashRecord';
const RECORD_NOTICE = 2011;

registerProcessBusiness(BUSINESS_TYPE, { noticeType: PROCESS_NOTICE_TYPE, queue: 'pettycash/user-message', label: '备用金', noticeId: 'instance' });

export async function usesProcess(tx: Queryable): Promise<boolean> {
  return (await tx.query<{ use_process: boolean }>(`SELECT use_process FROM petty_cash_config`)).rows[0]?.use_process ?? false;
}

/** Starts the approval of a record (a new one, or one submitted again after a rejection). */
export async function startRecordApproval(tx: Queryable, auth: AuthContext, r: { id: number; docNo: string; shopId: number; amount: number; usageName: string; usageType: number }): Promise<void> {
  await startProcess(tx, auth, {
    processKey: PROCESS_KEY,
    businessType: BUSINESS_TYPE,
    businessId: String(r.id),
    title: `备用金 ${r.docNo}：${r.usageName} ${amountText(r.amount)} 元`,
    shopId: r.shopId,
    variables: { amount: r.amount, shopId: r.shopId, usageName: r.usageName, usageType: r.usageType, recordNo: r.docNo },
  });
}

/** 409 when the record is in a running approval: its approvers decide it in 我的待办, not here. */
export async function refuseWhileInProcess(tx: Queryable, recordId: number, message = '该备用金记录正在审批流程中，请由审批人在“我的待办”中审批'): Promise<void> {
  const running = await tx.query(`SELECT 1 FROM wf_instance WHERE business_type = $1 AND business_id = $2 AND status = 1`, [BUSINESS_TYPE, String(recordId)]);
  if (running.rows.length) throw new ApiError('CONFLICT', message);
}

/** A record in a running approval is not withdrawn under its approvers' feet. */
registerDocFn('pettyCash.recordDelete', async ({ tx, id }) => refuseWhileInProcess(tx, id, '该备用金记录正在审批流程中，不能撤回'), { lines: false });

onProcessEnd(BUSINESS_TYPE, async (tx, e) => {
  if (e.outcome === 'cancelled') return; // the definition was deleted: the record waits for a direct audit again
  const id = Number(e.businessId);
  const r = (await tx.query<{ status: number; shop_id: number; amount: string; usage_type: number; usage_name: string; occur_date: string; record_no: string; create_user_id: number }>(
    `SELECT status, shop_id, amount::text AS amount, usage_type, usage_name, to_char(occur_date, 'YYYY-MM-DD') AS occur_date, record_no, create_user_id
       FROM petty_cash_record WHERE record_id = $1 FOR UPDATE`,
    [id],
  )).rows[0];
  if (!r) throw new ApiError('CONFLICT', '备用金记录已被删除，不能审批');
  if (Number(r.status) !== 1) throw new ApiError('CONFLICT', '单据状态已变更，请刷新后重试');
  const who = e.auth.displayName ?? e.auth.userName;
  let balance: string | null = null;
  if (e.outcome === 'approved')
    balance = await postPettyCash(tx, { shopId: r.shop_id, amount: Number(r.usage_type) === 1 ? `-${r.amount}` : r.amount, refType: 'record', refId: id, refNo: r.record_no, bizDate: r.occur_date, userName: who });
  const to = e.outcome === 'approved' ? 2 : 3;
  await tx.query(
    `UPDATE petty_cash_record SET status = $2, audit_user_id = $3, audit_user_name = $4, audit_time = now(), audit_remark = $5, balance_after = $6::numeric WHERE record_id = $1`,
    [id, to, e.auth.userId, who, e.comment?.slice(0, 200) ?? null, balance],
  );
  await recordDocEvent(tx, e.auth, { docType: 'pettyCashRecord', docId: id, action: e.outcome === 'approved' ? 'audit' : 'reject', actionLabel: e.outcome === 'approved' ? '审批通过' : '审批驳回', fromStatus: 1, toStatus: to, note: e.comment ?? `流程实例 ${e.processInstanceId}` });
  if (r.create_user_id && r.create_user_id !== e.auth.userId && e.outcome === 'approved')
    await notifyUsersInTx(tx, e.auth.tenantId, [r.create_user_id], {
      queue: 'pettycash/user-message',
      businessType: RECORD_NOTICE,
      businessId: id,
      messageTypeInfo: '备用金审核通过',
      noticeTemplateInfo: `备用金记录 ${r.record_no}（${r.usage_name} ${amountText(r.amount)} 元）审批通过，门店余额 ${amountText(balance!)} 元。`,
    });
});
