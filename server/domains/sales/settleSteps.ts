import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { dbToday } from '../../db/calendar.ts';
import { ApiError } from '../../errors.ts';
import { couponForSale, earnPoints, memberForSale, pointsFor, spendBalance, spendCoupon, type SaleMember } from '../members/index.ts';
import { postStock } from '../stock/index.ts';
import { assertShopTakes, balancePaidFen, settlePayments, type CartLine, type Payment } from './pricing.ts';
import { promoteCart, type CartRead } from './cart.ts';
import { payByVouchers, voucherPayments } from './voucherPay.ts';
import { toYuan } from '../../../core/money.ts';

/**
 * The steps a sale is made of (settle() composes them in one transaction, in this order): price the cart, check
 * the money, write the order, take the payments, take the goods. Each step reads only what the steps before it
 * answered; the money step is pure.
 */

export interface SettlementInput {
  uuid: string;
  shopId: number;
  isPractice?: boolean;
  lines: CartLine[];
  payments: Payment[];
  remark?: string | null;
  /** The member the sale is for (会员): earns points by the consume rule. */
  memberId?: number | null;
  /** The coupon used (one per order): an electronic coupon of the member, or a paper coupon by its code's id. */
  memberCouponId?: number | null;
  /**
   * When the sale was made (ISO 8601 with its offset), sent by the register for a sale it kept while offline: the
   * order is booked then — its business day and hour, its number's day — not when it reached the server.
   */
  saleTime?: string | null;
}

/**
 * Step 1: the cart at the server's prices and promotions, for its member, with its coupon (locked to the end).
 * `read`: the cart's read, sent with the sale's first statement (settle).
 */
export async function priceSale(tx: Queryable, auth: AuthContext, input: SettlementInput, read?: CartRead) {
  const { shop, priced, promo } = await promoteCart(tx, auth, input, read);
  const practice = Boolean(input.isPractice);
  const member = input.memberId ? await memberForSale(tx, input.memberId, practice) : null;
  // The coupon row stays locked to the end: a second register using it waits, then finds it used (409).
  const coupon = input.memberCouponId
    ? await couponForSale(tx, input.memberCouponId, { totalFen: promo.afterFen, shopId: shop.shop_id, memberId: member?.member_id ?? null, today: await dbToday(tx) }, true)
    : null;
  return { shop, priced, promo, member, coupon };
}
export type PricedSale = Awaited<ReturnType<typeof priceSale>>;

export interface SaleMoney {
  couponFen: number;
  /** What the customer owes after promotions and the coupon. */
  payableFen: number;
  paidFen: number;
  changeFen: number;
  /** Payments by paper voucher, checked later against their codes. */
  vouchers: Payment[];
  /** Paid from the member's balance. */
  balanceFen: number;
  points: number;
}

/**
 * Step 2 (pure): the money of a priced sale — the shop takes each payment type, the payments cover what is owed
 * (cash gives change), practice sales use no coupon, balance or voucher, balance needs a member; the member's points.
 */
export function saleMoney(
  input: Pick<SettlementInput, 'isPractice' | 'payments'>,
  sale: { shopPayTypes: number[]; afterPromotionFen: number; coupon: { discountFen: number } | null; pointsPerYuan: number | null },
): SaleMoney {
  const practice = Boolean(input.isPractice);
  assertShopTakes(sale.shopPayTypes, input.payments);
  if (sale.coupon && practice) throw new ApiError('BAD_REQUEST', '练习收银不能使用优惠券');
  const couponFen = sale.coupon?.discountFen ?? 0;
  const payableFen = sale.afterPromotionFen - couponFen;
  const { paidFen, changeFen } = settlePayments(payableFen, input.payments);
  const vouchers = voucherPayments(input.payments, practice);
  const balanceFen = balancePaidFen(input.payments);
  if (balanceFen > 0 && sale.pointsPerYuan === null) throw new ApiError('BAD_REQUEST', '使用余额支付须先录入会员');
  if (balanceFen > 0 && practice) throw new ApiError('BAD_REQUEST', '练习收银不能使用会员余额');
  const points = sale.pointsPerYuan === null ? 0 : pointsFor(payableFen, sale.pointsPerYuan);
  return { couponFen, payableFen, paidFen, changeFen, vouchers, balanceFen, points };
}

/** The money step on what step 1 found. */
export const moneyOf = (input: SettlementInput, sale: PricedSale): SaleMoney =>
  saleMoney(input, {
    shopPayTypes: sale.shop.pay_types.map(Number),
    afterPromotionFen: sale.promo.afterFen,
    coupon: sale.coupon,
    pointsPerYuan: sale.member ? Number(sale.member.points_per_yuan) : null,
  });

/** The order as written (step 3 answers it; the later steps need its id, number and lines). */
export interface WrittenOrder {
  id: number;
  no: string;
  head: Record<string, unknown>;
  lines: (Record<string, unknown> & { detId: number; skuId: number; quantity: number })[];
  pays: Record<string, unknown>[];
}

/** Step 4: the payments that move money other than cash: paper vouchers, the coupon, the member's balance; then the member's points. */
export async function takePayments(tx: Queryable, auth: AuthContext, sale: PricedSale, money: SaleMoney, order: WrittenOrder): Promise<void> {
  const { shop, coupon, member } = sale;
  if (money.vouchers.length) await payByVouchers(tx, auth, money.vouchers, { id: order.id, shopId: shop.shop_id });
  if (coupon) await spendCoupon(tx, auth, coupon.coupon, { id: order.id, no: order.no, shopId: shop.shop_id, shopName: shop.shop_name }, money.couponFen);
  if (money.balanceFen > 0) await spendBalance(tx, auth, (member as SaleMember).member_id, { id: order.id, no: order.no, shopId: shop.shop_id }, money.balanceFen);
  if (member) await earnPoints(tx, member.member_id, order.id, order.no, toYuan(money.payableFen), money.points);
}

/**
 * Step 5 (not for practice sales), the sale's last: the goods out of the shop's warehouse through the ledger, and each
 * line's cost as the ledger took it — that update and the transaction's COMMIT in one round trip, since the balance
 * rows stay locked until the commit and every other register of the shop waits for them meanwhile.
 */
export async function takeStock(tx: Queryable, auth: AuthContext, sale: PricedSale, order: WrittenOrder): Promise<void> {
  const whId = sale.shop.wh_id;
  await postStock(tx, auth, { docType: 'sale', docId: order.id, docNo: order.no }, order.lines.map((l) => ({ whId, skuId: l.skuId, qty: -Number(l.quantity), lineId: l.detId })), { sale: true });
  await tx.batch([{
    sql: `UPDATE po_order_det d SET unit_cost = l.unit_cost FROM stock_ledger l WHERE l.doc_type = 'sale' AND l.doc_id = $1 AND l.line_id = d.det_id AND d.order_id = $1`,
    params: [order.id],
  }], { commit: true });
}
