import { randomInt } from 'node:crypto';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { fenOf, yuanText } from '../../../core/money.ts';

/**
 * 优惠券: member coupons given from a definition (mb_coupon) and spent by a sale once. The rules of use are pure
 * (couponRefusal, couponDiscountFen); spending and giving back are guarded updates on the member coupon's status
 * (1 未使用 -> 2 已使用 and back), each move a row of mb_member_coupon_txn (1 发放, 2 核销, 3 退回).
 */

export const COUPON_STATUS = { unused: 1, used: 2, void: 3 } as const;
export const PAPER = 2;

export interface MemberCoupon {
  memberCouponId: number;
  couponCode: string;
  couponName: string;
  couponKind: number;
  faceFen: number;
  thresholdFen: number;
  beginDate: string;
  endDate: string;
  shopId: number | null;
  shopName: string | null;
  memberId: number;
  status: number;
}

export interface CouponUse {
  /** The cart's total at the server's prices, in fen. */
  totalFen: number;
  shopId: number;
  /** The order's member (electronic coupons are their member's only). */
  memberId: number | null;
  /** YYYY-MM-DD, the database's today. */
  today: string;
}

/** Why a coupon cannot be used for this cart, or null when it can. */
export function couponRefusal(c: MemberCoupon, use: CouponUse): string | null {
  if (c.status === COUPON_STATUS.used) return '优惠券已被使用';
  if (c.status === COUPON_STATUS.void) return '优惠券已作废';
  if (c.couponKind !== PAPER && c.memberId !== use.memberId) return '该优惠券不属于本单会员';
  if (use.today < c.beginDate) return `优惠券 ${c.beginDate} 起才能使用`;
  if (use.today > c.endDate) return `优惠券已于 ${c.endDate} 过期`;
  if (c.shopId !== null && c.shopId !== use.shopId) return `优惠券仅限${c.shopName ?? '指定门店'}使用`;
  if (use.totalFen < c.thresholdFen) return `未满 ${yuanText(c.thresholdFen)} 元，不能使用该优惠券`;
  return null;
}

/** What the coupon takes off: its face, never more than the cart. */
export const couponDiscountFen = (c: MemberCoupon, totalFen: number) => Math.min(c.faceFen, totalFen);

const COUPON_COLUMNS = `member_coupon_id AS "memberCouponId", coupon_id AS "couponId", coupon_code AS "couponCode", coupon_name AS "couponName", coupon_kind AS "couponKind",
  face_amount AS "faceAmount", threshold_amount AS "thresholdAmount", to_char(begin_date, 'YYYY-MM-DD') AS "beginDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate",
  shop_id AS "shopId", shop_name AS "shopName", member_id AS "memberId", member_phone AS "memberPhone", status,
  used_order_no AS "usedOrderNo", to_char(used_time, 'YYYY-MM-DD HH24:MI:SS') AS "usedTime", to_char(give_time, 'YYYY-MM-DD HH24:MI:SS') AS "giveTime"`;

type CouponRow = Omit<MemberCoupon, 'faceFen' | 'thresholdFen'> & { faceAmount: string; thresholdAmount: string; memberPhone: string | null };

const toCoupon = (r: CouponRow): MemberCoupon => ({ ...r, faceFen: fenOf(r.faceAmount), thresholdFen: fenOf(r.thresholdAmount), status: Number(r.status), couponKind: Number(r.couponKind) });

/** A member coupon as the register and the lists answer it (amounts in yuan). */
export const couponAnswer = (r: CouponRow) => ({ ...r, faceAmount: Number(r.faceAmount), thresholdAmount: Number(r.thresholdAmount) });

/** The member's coupons, unused first (order/optional/able reads them with each one's refusal for the cart). */
export async function couponsOfMember(tx: Queryable, memberId: number, onlyUnused: boolean): Promise<CouponRow[]> {
  return (await tx.query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} FROM mb_member_coupon WHERE member_id = $1 ${onlyUnused ? 'AND status = 1' : ''} ORDER BY status, end_date, member_coupon_id`,
    [memberId],
  )).rows;
}

export async function couponByCode(tx: Queryable, code: string): Promise<CouponRow | undefined> {
  return (await tx.query<CouponRow>(`SELECT ${COUPON_COLUMNS} FROM mb_member_coupon WHERE coupon_code = $1`, [code])).rows[0];
}

/** The coupon a settlement names, checked for the cart (400/409 naming why not) and its discount; `lock` holds the row. */
export async function couponForSale(tx: Queryable, memberCouponId: number, use: CouponUse, lock: boolean): Promise<{ coupon: MemberCoupon; discountFen: number }> {
  const r = (await tx.query<CouponRow>(`SELECT ${COUPON_COLUMNS} FROM mb_member_coupon WHERE member_coupon_id = $1 ${lock ? 'FOR UPDATE' : ''}`, [memberCouponId])).rows[0];
  if (!r) throw new ApiError('BAD_REQUEST', '优惠券不存在');
  const coupon = toCoupon(r);
  const refusal = couponRefusal(coupon, use);
  if (refusal) throw new ApiError(coupon.status === COUPON_STATUS.used ? 'CONFLICT' : 'BAD_REQUEST', refusal);
  return { coupon, discountFen: couponDiscountFen(coupon, use.totalFen) };
}

/** Marks the (locked, checked) coupon used by the order; the guard makes a lost race a 409, never a second use. */
export async function spendCoupon(tx: Queryable, auth: AuthContext, c: MemberCoupon, order: { id: number; no: string; shopId: number; shopName: string }, discountFen: number): Promise<void> {
  const r = await tx.query(
    `UPDATE mb_member_coupon SET status = 2, used_order_id = $2, used_order_no = $3, used_shop_name = $4, used_time = now() WHERE member_coupon_id = $1 AND status = 1`,
    [c.memberCouponId, order.id, order.no, order.shopName],
  );
  if (!r.rowCount) throw new ApiError('CONFLICT', '优惠券已被使用');
  await tx.query(`UPDATE mb_coupon SET used_count = used_count + 1 WHERE coupon_id = (SELECT coupon_id FROM mb_member_coupon WHERE member_coupon_id = $1)`, [c.memberCouponId]);
  await couponTxn(tx, auth, c.memberCouponId, 2, discountFen, order);
}

/** Gives back the coupon a reversed order used (refund or invalidation); once, the order row being held by the caller. */
export async function restoreCoupon(tx: Queryable, auth: AuthContext, order: { id: number; no: string; shopId: number }): Promise<void> {
  const r = await tx.query<{ member_coupon_id: number; coupon_id: number }>(
    `UPDATE mb_member_coupon SET status = 1, used_order_id = NULL, used_order_no = NULL, used_shop_name = NULL, used_time = NULL
      WHERE used_order_id = $1 AND status = 2 RETURNING member_coupon_id, coupon_id`,
    [order.id],
  );
  for (const c of r.rows) {
    await tx.query(`UPDATE mb_coupon SET used_count = greatest(used_count - 1, 0) WHERE coupon_id = $1`, [c.coupon_id]);
    const spent = (await tx.query<{ amount: string }>(`SELECT amount FROM mb_member_coupon_txn WHERE member_coupon_id = $1 AND txn_type = 2 AND order_id = $2 ORDER BY txn_id DESC LIMIT 1`, [c.member_coupon_id, order.id])).rows[0];
    await couponTxn(tx, auth, c.member_coupon_id, 3, fenOf(spent?.amount ?? 0), { ...order, shopName: null });
  }
}

async function couponTxn(tx: Queryable, auth: AuthContext, memberCouponId: number, type: 1 | 2 | 3, fen: number, order: { id: number; no: string; shopId: number; shopName?: string | null } | null) {
  await tx.query(
    `INSERT INTO mb_member_coupon_txn (tenant_id, member_coupon_id, coupon_id, coupon_name, coupon_code, member_id, member_phone, txn_type, amount, order_id, order_no, shop_id, shop_name, user_name)
     SELECT app_current_tenant(), c.member_coupon_id, c.coupon_id, c.coupon_name, c.coupon_code, c.member_id, c.member_phone, $2, $3::numeric / 100, $4, $5, $6,
            (SELECT shop_name FROM shop_base WHERE shop_id = $6), $7
       FROM mb_member_coupon c WHERE c.member_coupon_id = $1`,
    [memberCouponId, type, fen, order?.id ?? null, order?.no ?? null, order?.shopId ?? null, auth.displayName ?? auth.userName],
  );
}

/** A coupon code: 12 digits, unique per tenant (a clash is retried by the caller's unique key). */
const newCode = () => String(randomInt(1e11, 1e12 - 1));

/**
 * 发券: `count` coupons of an enabled, not yet expired definition to the member with this phone. Answers the given
 * coupons.
 */
/** `way`: how it reached the member (领券明细): 1 by phone, 2 from a sheet, 3 an operation plan, 4 at the register. */
export async function giveCoupons(tx: Queryable, auth: AuthContext, phone: string, couponId: number, count: number, way: 1 | 2 | 3 | 4 = 1): Promise<ReturnType<typeof couponAnswer>[]> {
  const m = (await tx.query<{ member_id: number; status: number }>(`SELECT member_id, status FROM mb_base_info WHERE phone_number = $1 AND NOT is_practice`, [phone])).rows[0];
  if (!m) throw new ApiError('BAD_REQUEST', `手机号 ${phone} 不是会员`);
  if (Number(m.status) !== 1) throw new ApiError('BAD_REQUEST', `会员 ${phone} 已停用`);
  const d = (await tx.query<{ status: number; coupon_name: string; expired: boolean }>(
    `SELECT status, coupon_name, end_date < current_date AS expired FROM mb_coupon WHERE coupon_id = $1 FOR UPDATE`, [couponId],
  )).rows[0];
  if (!d) throw new ApiError('BAD_REQUEST', '优惠券不存在');
  if (Number(d.status) !== 1) throw new ApiError('BAD_REQUEST', `优惠券「${d.coupon_name}」已停用，不能发放`);
  if (d.expired) throw new ApiError('BAD_REQUEST', `优惠券「${d.coupon_name}」已过期，不能发放`);
  const codes = Array.from({ length: count }, newCode);
  const r = await tx.query<{ member_coupon_id: number }>(
    `INSERT INTO mb_member_coupon (tenant_id, coupon_id, coupon_code, coupon_name, coupon_kind, face_amount, threshold_amount, begin_date, end_date, shop_id, shop_name,
                                   member_id, member_phone, member_name, give_user_name, give_way)
     SELECT app_current_tenant(), c.coupon_id, code, c.coupon_name, c.coupon_kind, c.face_amount, c.threshold_amount, c.begin_date, c.end_date, c.shop_id, c.shop_name,
            m.member_id, m.phone_number, m.member_name, $4, $5
       FROM mb_coupon c, mb_base_info m, unnest($3::text[]) AS code WHERE c.coupon_id = $1 AND m.member_id = $2
     RETURNING member_coupon_id`,
    [couponId, m.member_id, codes, auth.displayName ?? auth.userName, way],
  );
  await tx.query(`UPDATE mb_coupon SET give_count = give_count + $2 WHERE coupon_id = $1`, [couponId, count]);
  for (const c of r.rows) await couponTxn(tx, auth, c.member_coupon_id, 1, 0, null);
  return (await tx.query<CouponRow>(`SELECT ${COUPON_COLUMNS} FROM mb_member_coupon WHERE member_coupon_id = ANY($1::int[]) ORDER BY member_coupon_id`, [r.rows.map((x) => x.member_coupon_id)])).rows.map(couponAnswer);
}

export { toCoupon, type CouponRow };
