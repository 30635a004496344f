import type { AuthContext } from '../../context.ts';
import { callerDb, type Database, type Queryable } from '../../db/index.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { ApiError } from '../../errors.ts';
import { earlierRequest, requestDigest, type UuidKeyed } from '../../http/idempotency.ts';
import { fenOf, toFen, yuanText } from '../../../core/money.ts';

/**
 * 会员余额 (stored value). The balance moves only through mb_balance_ledger: a recharge, a sale paid with balance,
 * a refund or invalidation giving it back — one row each, unique by (ref_type, ref_id), so a retried call cannot
 * move it twice. The member row's balance is the ledger's running sum, changed by guarded updates (never below zero).
 */

export type BalanceRef = 'recharge' | 'sale' | 'saleRefund' | 'saleInvalid' | 'lineRefund';

/** Takes `fen` from the member's balance for a sale: 409 naming what is there when it is not enough. */
export async function spendBalance(tx: Queryable, auth: AuthContext, memberId: number, ref: { id: number; no: string; shopId: number }, fen: number): Promise<void> {
  const r = await tx.query<{ balance_after: string }>(
    `WITH m AS (UPDATE mb_base_info SET balance = balance - $2::numeric / 100 WHERE member_id = $1 AND balance >= $2::numeric / 100 RETURNING member_id, phone_number, balance)
     INSERT INTO mb_balance_ledger (tenant_id, member_id, member_phone, amount, balance_after, ref_type, ref_id, ref_no, shop_id, user_name)
     SELECT app_current_tenant(), member_id, phone_number, -$2::numeric / 100, balance, 'sale', $3, $4, $5, $6 FROM m RETURNING balance_after`,
    [memberId, fen, ref.id, ref.no, ref.shopId, auth.displayName ?? auth.userName],
  );
  if (r.rows[0]) return;
  const cur = await tx.query<{ balance: string }>(`SELECT balance FROM mb_base_info WHERE member_id = $1`, [memberId]);
  throw new ApiError('CONFLICT', `会员余额不足：可用 ${yuanText(fenOf(cur.rows[0]?.balance ?? 0))}，需要 ${yuanText(fen)}`);
}

/**
 * Gives back what a sale took from the balance (refund or invalidation of the order), once: the reversal's ledger
 * key is unique and the caller holds the order row. Answers the amount given back.
 */
export async function restoreBalance(tx: Queryable, auth: AuthContext, orderId: number, orderNo: string, refType: 'saleRefund' | 'saleInvalid'): Promise<number> {
  const r = await tx.query<{ amount: string }>(
    `WITH spent AS (SELECT member_id, -amount AS amount, shop_id FROM mb_balance_ledger WHERE ref_type = 'sale' AND ref_id = $1),
          m AS (UPDATE mb_base_info b SET balance = b.balance + s.amount FROM spent s WHERE b.member_id = s.member_id RETURNING b.member_id, b.phone_number, b.balance, s.amount, s.shop_id)
     INSERT INTO mb_balance_ledger (tenant_id, member_id, member_phone, amount, balance_after, ref_type, ref_id, ref_no, shop_id, user_name)
     SELECT app_current_tenant(), member_id, phone_number, amount, balance, $2, $1, $3, shop_id, $4 FROM m RETURNING amount`,
    [orderId, refType, orderNo, auth.displayName ?? auth.userName],
  );
  return r.rows[0] ? Number(r.rows[0].amount) : 0;
}

export interface RechargeRule {
  ruleId: number;
  ruleName: string;
  rechargeFen: number;
  giftFen: number;
}

/** The gift of a recharge: the running activity with the highest threshold the amount reaches (ties: the larger gift). */
export function giftFor(payFen: number, rules: readonly RechargeRule[]): RechargeRule | null {
  let best: RechargeRule | null = null;
  for (const r of rules) {
    if (r.rechargeFen > payFen) continue;
    if (!best || r.rechargeFen > best.rechargeFen || (r.rechargeFen === best.rechargeFen && r.giftFen > best.giftFen)) best = r;
  }
  return best;
}

export interface RechargeInput {
  uuid: string;
  shopId: number;
  memberId: number;
  payType: number;
  amount: number;
  remark?: string | null;
}

class AlreadyRecharged extends Error {}

/**
 * 会员充值: money in through one of the shop's enabled methods, the activity's gift added, one ledger row; exactly
 * once per client uuid (a retried or doubled call answers the first recharge).
 */
export async function recharge(
  appDb: Database,
  auth: AuthContext,
  input: RechargeInput,
  shopOf: (tx: Queryable) => Promise<{ shop_id: number; shop_name: string; pay_types: number[] }>,
): Promise<Record<string, unknown>> {
  // The caller's transactions, bounded by their shops as req.tenantTx's are.
  const db = callerDb(appDb, auth);
  // A retry sends the same recharge (answered the first one); another one under a used uuid is a 409.
  const digest = requestDigest({ shopId: input.shopId, memberId: input.memberId, payType: input.payType, amount: input.amount });
  const first = await db.tenant(auth.tenantId, async (tx) => {
    const earlier = await earlierRequest(tx, RECHARGES, input.uuid, digest);
    return earlier ? { earlier } : { no: await nextDocNo(tx, auth.tenantId, 'CZ') };
  });
  if (first.earlier) return db.tenant(auth.tenantId, (tx) => readRecharge(tx, first.earlier));
  let rechargeId: number;
  try {
    rechargeId = await db.tenant(auth.tenantId, async (tx) => {
      const shop = await shopOf(tx);
      if (!shop.pay_types.map(Number).includes(input.payType)) throw new ApiError('BAD_REQUEST', '本店未开通该支付方式，请换一种支付方式');
      const m = (await tx.query<{ member_id: number; phone_number: string; member_name: string | null; status: number; is_practice: boolean }>(
        `SELECT member_id, phone_number, member_name, status, is_practice FROM mb_base_info WHERE member_id = $1`, [input.memberId],
      )).rows[0];
      if (!m) throw new ApiError('BAD_REQUEST', '会员不存在');
      if (m.is_practice) throw new ApiError('BAD_REQUEST', '练习会员不能充值');
      if (Number(m.status) !== 1) throw new ApiError('BAD_REQUEST', `会员 ${m.phone_number} 已停用，不能充值`);
      const payFen = toFen(input.amount);
      const rules = (await tx.query<{ rule_id: number; rule_name: string; recharge_amount: string; gift_amount: string }>(
        `SELECT rule_id, rule_name, recharge_amount, gift_amount FROM mb_recharge_rule WHERE status = 1 AND current_date BETWEEN begin_date AND end_date`,
      )).rows.map((r) => ({ ruleId: r.rule_id, ruleName: r.rule_name, rechargeFen: fenOf(r.recharge_amount), giftFen: fenOf(r.gift_amount) }));
      const rule = giftFor(payFen, rules);
      const giftFen = rule?.giftFen ?? 0;
      const ins = await tx.query<{ recharge_id: number }>(
        `INSERT INTO mb_balance_recharge (tenant_id, recharge_no, client_uuid, member_id, member_phone, member_name, shop_id, shop_name, pay_type, pay_amount, gift_amount,
                                          rule_id, rule_name, balance_after, cashier_user_id, cashier_name, remark, request_digest)
         VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9::numeric / 100, $10::numeric / 100, $11, $12, 0, $13, $14, $15, $16)
         ON CONFLICT (tenant_id, client_uuid) DO NOTHING RETURNING recharge_id`,
        [first.no, input.uuid, m.member_id, m.phone_number, m.member_name, shop.shop_id, shop.shop_name, input.payType, payFen, giftFen,
          rule?.ruleId ?? null, rule?.ruleName ?? null, auth.userId, auth.displayName ?? auth.userName, input.remark ?? null, digest],
      );
      if (!ins.rows[0]) throw new AlreadyRecharged();
      const id = ins.rows[0].recharge_id;
      const after = await tx.query<{ balance_after: string }>(
        `WITH m AS (UPDATE mb_base_info SET balance = balance + $2::numeric / 100 WHERE member_id = $1 RETURNING member_id, phone_number, balance)
         INSERT INTO mb_balance_ledger (tenant_id, member_id, member_phone, amount, balance_after, ref_type, ref_id, ref_no, shop_id, user_name)
         SELECT app_current_tenant(), member_id, phone_number, $2::numeric / 100, balance, 'recharge', $3, $4, $5, $6 FROM m RETURNING balance_after`,
        [m.member_id, payFen + giftFen, id, first.no, shop.shop_id, auth.displayName ?? auth.userName],
      );
      await tx.query(`UPDATE mb_balance_recharge SET balance_after = $2 WHERE recharge_id = $1`, [id, after.rows[0].balance_after]);
      return id;
    });
  } catch (err) {
    if (!(err instanceof AlreadyRecharged)) throw err;
    return db.tenant(auth.tenantId, async (tx) => readRecharge(tx, (await earlierRequest(tx, RECHARGES, input.uuid, digest))!));
  }
  return db.tenant(auth.tenantId, (tx) => readRecharge(tx, rechargeId));
}

const RECHARGES: UuidKeyed = { table: 'mb_balance_recharge', idColumn: 'recharge_id', title: '充值标识', what: '充值' };

/** A recharge as the register's receipt and the recharge list read it. */
export async function readRecharge(tx: Queryable, rechargeId: number): Promise<Record<string, unknown>> {
  const r = await tx.query(
    `SELECT recharge_id AS "rechargeId", recharge_no AS "rechargeNo", client_uuid AS uuid, member_id AS "memberId", member_phone AS "memberPhone",
            member_name AS "memberName", shop_id AS "shopId", shop_name AS "shopName", pay_type AS "payType", pay_amount::float8 AS "payAmount",
            gift_amount::float8 AS "giftAmount", (pay_amount + gift_amount)::float8 AS "rechargeAmount", rule_name AS "ruleName",
            balance_after::float8 AS "balanceAfter", cashier_name AS "cashierName", remark, to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
       FROM mb_balance_recharge WHERE recharge_id = $1`,
    [rechargeId],
  );
  if (!r.rows[0]) throw new ApiError('NOT_FOUND', '充值记录不存在');
  return r.rows[0];
}

/** The member's balance in fen (0 for none). */
export async function balanceFen(tx: Queryable, memberId: number): Promise<number> {
  const r = await tx.query<{ balance: string }>(`SELECT balance FROM mb_base_info WHERE member_id = $1`, [memberId]);
  return fenOf(r.rows[0]?.balance ?? 0);
}

/** 部分退款: `fen` of what a sale took from the member's balance given back (ledger lineRefund: the refund record, the order's number). */
export async function giveBackBalance(tx: Queryable, auth: AuthContext, memberId: number, ref: { refundId: number; no: string; shopId: number }, fen: number): Promise<void> {
  if (fen <= 0) return;
  await tx.query(
    `WITH m AS (UPDATE mb_base_info SET balance = balance + $2::numeric / 100 WHERE member_id = $1 RETURNING member_id, phone_number, balance)
     INSERT INTO mb_balance_ledger (tenant_id, member_id, member_phone, amount, balance_after, ref_type, ref_id, ref_no, shop_id, user_name)
     SELECT app_current_tenant(), member_id, phone_number, $2::numeric / 100, balance, 'lineRefund', $3, $4, $5, $6 FROM m`,
    [memberId, fen, ref.refundId, ref.no, ref.shopId, auth.displayName ?? auth.userName],
  );
}
