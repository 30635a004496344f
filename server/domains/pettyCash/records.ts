import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';
import { availableOf, postPettyCash } from './ledger.ts';
import { checkPictures } from './pictures.ts';
import { refuseWhileInProcess, startRecordApproval, usesProcess } from './approval.ts';
import { amountText } from '../../../core/money.ts';

/**
 * 备用金记录 (petty-cash-record): a shop spends from its float (or takes money in) and shows the receipts; the
 * auditor passes it (the ledger moves, exactly once) or rejects it with a reason (the shop may correct it and
 * submit again). Status 1 待审核, 2 已审核, 3 已驳回; nothing changes after 2.
 */

export const RECORD_NOTICE = 2011;
export const AUDIT_PERM = 'pettyCash:record:audit';
const SPEND = 1;

interface ShopRow {
  shop_name: string;
  shop_type: number;
  status: number;
  audit_user_id: number | null;
  audit_user_name: string | null;
}

async function shopOf(tx: Queryable, shopId: unknown): Promise<ShopRow> {
  const res = await tx.query<ShopRow>(
    `SELECT b.shop_name, b.shop_type, b.status, c.audit_user_id, c.audit_user_name
       FROM shop_base b JOIN petty_cash_shop_config c ON c.shop_id = b.shop_id WHERE b.shop_id = $1`,
    [shopId],
  );
  if (!res.rows[0]) throw new ApiError('BAD_REQUEST', '门店不存在');
  return res.rows[0];
}

/** The usage checks of a spend: enabled, meant for this kind of shop, within its single-spend cap. */
async function checkUsage(tx: Queryable, usageId: unknown, shop: ShopRow, amount: number) {
  const res = await tx.query<{ usage_name: string; usage_type: number; scope_type: number; max_amount: string | null; status: number }>(
    `SELECT usage_name, usage_type, scope_type, max_amount::text AS max_amount, status FROM shop_petty_cash_usage_config WHERE usage_id = $1`,
    [usageId],
  );
  const u = res.rows[0];
  if (!u) throw new ApiError('BAD_REQUEST', '费用用途不存在');
  if (Number(u.status) !== 1) throw new ApiError('BAD_REQUEST', `费用用途“${u.usage_name}”已停用，请选择其他用途`);
  if (Number(u.scope_type) !== 0 && Number(u.scope_type) !== Number(shop.shop_type)) throw new ApiError('BAD_REQUEST', `费用用途“${u.usage_name}”不适用于门店“${shop.shop_name}”`);
  if (u.max_amount !== null && amount > Number(u.max_amount)) throw new ApiError('BAD_REQUEST', `费用用途“${u.usage_name}”单笔金额不能超过 ${amountText(u.max_amount)} 元`);
  return u;
}

/** A spend the float cannot cover (balance, less spends still waiting, plus any overdraft) is refused at once. */
async function checkAvailable(tx: Queryable, shopId: number, recordId: number, amount: number): Promise<void> {
  const a = await availableOf(tx, shopId, recordId);
  if (a && amount > Number(a.available))
    throw new ApiError('CONFLICT', `${a.shopName ?? '门店'}备用金可用余额不足：可用 ${amountText(Math.max(0, Number(a.available)))} 元（余额 ${amountText(a.balance)} 元，待审核支出 ${amountText(a.pending)} 元），本次 ${amountText(amount)} 元`);
}

/** Who is told a record waits: the shop's own auditor when it has one, else everyone who may audit (not the maker). */
async function notifyAuditors(tx: Queryable, auth: AuthContext, shop: ShopRow, id: number, text: string): Promise<void> {
  const message = { queue: 'pettycash/user-message' as const, businessType: RECORD_NOTICE, businessId: id, messageTypeInfo: '备用金待审核', noticeTemplateInfo: text };
  if (shop.audit_user_id) await notifyUsersInTx(tx, auth.tenantId, [shop.audit_user_id], message);
  else await notifyConfirmers(tx, auth, AUDIT_PERM, message);
}

registerDocFn(
  'pettyCash.recordSave',
  async ({ tx, auth, id, ref, header, body }) => {
    const amount = Number(header.amount);
    const shop = await shopOf(tx, header.shopId);
    if (Number(shop.status) !== 1) throw new ApiError('BAD_REQUEST', `门店“${shop.shop_name}”已停用，不能记录备用金`);
    const usage = await checkUsage(tx, header.usageId, shop, amount);
    const future = await tx.query<{ future: boolean; old: boolean }>(`SELECT $1::date > current_date AS future, $1::date < current_date - 366 AS old`, [header.occurDate]);
    if (future.rows[0].future) throw new ApiError('BAD_REQUEST', '发生日期不能晚于今天');
    if (future.rows[0].old) throw new ApiError('BAD_REQUEST', '发生日期不能早于一年前');
    const config = await tx.query<{ need_picture: boolean }>(`SELECT need_picture FROM petty_cash_config`);
    const needPicture = Number(usage.usage_type) === SPEND && (config.rows[0]?.need_picture ?? true);
    const pictures = await checkPictures(tx, header.pictures, needPicture);
    if (Number(usage.usage_type) === SPEND) await checkAvailable(tx, Number(header.shopId), id, amount);
    await tx.query(`UPDATE petty_cash_record SET shop_name = $2, usage_name = $3, usage_type = $4, pictures = $5 WHERE record_id = $1`, [
      id,
      shop.shop_name,
      usage.usage_name,
      usage.usage_type,
      pictures,
    ]);
    if (!body.created) return;
    // With 走审批流程 on, the process's approvers are told (its own notices); otherwise the shop's auditor.
    if (await usesProcess(tx)) await startRecordApproval(tx, auth, { id, docNo: ref.docNo, shopId: Number(header.shopId), amount, usageName: usage.usage_name, usageType: Number(usage.usage_type) });
    else await notifyAuditors(tx, auth, shop, id, `${shop.shop_name} ${auth.displayName ?? auth.userName} 提交了备用金记录 ${ref.docNo}（${usage.usage_name} ${amountText(amount)} 元），请审核。`);
  },
  { lines: false },
);

registerDocFn(
  'pettyCash.recordResubmit',
  async ({ tx, auth, id, ref, header }) => {
    const shop = await shopOf(tx, header.shopId);
    if (Number(header.usageType) === SPEND) await checkAvailable(tx, Number(header.shopId), id, Number(header.amount));
    await tx.query(`UPDATE petty_cash_record SET audit_user_id = NULL, audit_user_name = NULL, audit_time = NULL, audit_remark = NULL WHERE record_id = $1`, [id]);
    if (await usesProcess(tx))
      return void (await startRecordApproval(tx, auth, { id, docNo: ref.docNo, shopId: Number(header.shopId), amount: Number(header.amount), usageName: String(header.usageName), usageType: Number(header.usageType) }));
    await notifyAuditors(tx, auth, shop, id, `${shop.shop_name} 重新提交了备用金记录 ${ref.docNo}（${String(header.usageName)} ${amountText(header.amount)} 元），请审核。`);
  },
  { lines: false },
);

/**
 * 审核 (pass, or body auditStatus 3 = reject) and 驳回: only the shop's auditor (when it names one) or an admin,
 * never the person who made the record. A pass posts the money; a rejection needs its reason.
 */
registerDocFn(
  'pettyCash.recordAudit',
  async ({ tx, auth, id, ref, header, body, note, action }) => {
    const auditStatus = action?.id === 'reject' ? 3 : body.auditStatus === undefined || body.auditStatus === null ? 2 : Number(body.auditStatus);
    if (auditStatus !== 2 && auditStatus !== 3) throw new ApiError('BAD_REQUEST', '审核结果只能是 2（通过）或 3（驳回）');
    await refuseWhileInProcess(tx, id);
    const shop = await shopOf(tx, header.shopId);
    // The shop's own auditor, or head office (admin, a 全部门店 role such as 财务) auditing across shops.
    if (auth.shops !== null && !auth.isAdmin && shop.audit_user_id && shop.audit_user_id !== auth.userId)
      throw new ApiError('FORBIDDEN', `门店“${shop.shop_name}”的备用金由 ${shop.audit_user_name ?? '指定审核人'} 审核`);
    if (!auth.isAdmin && Number(header.createUserId) === auth.userId) throw new ApiError('FORBIDDEN', '不能审核自己提交的备用金记录');
    const remark = (typeof body.auditRemark === 'string' && body.auditRemark.trim()) || note || null;
    if (auditStatus === 3 && !remark) throw new ApiError('BAD_REQUEST', '驳回时请填写驳回原因');
    let balance: string | null = null;
    if (auditStatus === 2) {
      balance = await postPettyCash(tx, {
        shopId: Number(header.shopId),
        amount: Number(header.usageType) === SPEND ? `-${String(header.amount)}` : String(header.amount),
        refType: 'record',
        refId: id,
        refNo: ref.docNo,
        bizDate: String(header.occurDate),
        userName: auth.displayName ?? auth.userName,
      });
    }
    await tx.query(
      `UPDATE petty_cash_record SET audit_user_id = $2, audit_user_name = $3, audit_time = now(), audit_remark = $4, balance_after = $5::numeric WHERE record_id = $1`,
      [id, auth.userId, auth.displayName ?? auth.userName, remark?.slice(0, 200) ?? null, balance],
    );
    const maker = Number(header.createUserId);
    if (maker && maker !== auth.userId)
      await notifyUsersInTx(tx, auth.tenantId, [maker], {
        queue: 'pettycash/user-message',
        businessType: RECORD_NOTICE,
        businessId: id,
        messageTypeInfo: auditStatus === 2 ? '备用金审核通过' : '备用金被驳回',
        noticeTemplateInfo:
          auditStatus === 2
            ? `备用金记录 ${ref.docNo}（${String(header.usageName)} ${amountText(header.amount)} 元）已审核通过，门店余额 ${amountText(balance!)} 元。`
            : `备用金记录 ${ref.docNo}（${String(header.usageName)} ${amountText(header.amount)} 元）被驳回：${remark}。请修改后重新提交。`,
      });
    return auditStatus === 3 ? { to: 3, label: '驳回' } : { to: 2 };
  },
  { lines: false },
);
