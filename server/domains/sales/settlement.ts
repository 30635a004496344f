import type { AuthContext } from '../../context.ts';
import { notifyFinance, ORDER_REFUNDED_NOTICE } from './financeNotice.ts';
import { callerDb, type Database, type Queryable } from '../../db/index.ts';
import { docNoOf, docNumberStepSql } from '../../documents/numbers.ts';
import { registerDocFn, type DocActionContext } from '../../documents/registry.ts';
import { runDocAction } from '../../documents/actions.ts';
import { ApiError } from '../../errors.ts';
import { assertSameRequest, requestDigest } from '../../http/idempotency.ts';
import { postStock } from '../stock/index.ts';
import { restoreBalance, restoreCoupon, takeBackPoints } from '../members/index.ts';
import { VOUCHER } from './pricing.ts';
import { refuseFrozenMonths } from '../salary/index.ts';
import { restoreVouchers } from './voucherPay.ts';
import { assertOrderInReach } from './registerShop.ts';
import { ORDER_STATUS, SALE, SALE_ACTIONS, orderStatusName } from './saleDocument.ts';
import { refundWhatIsLeft } from './lineRefund.ts';
import { moneyOf, priceSale, takePayments, takeStock, type PricedSale, type SaleMoney, type SettlementInput, type WrittenOrder } from './settleSteps.ts';
import { cartPromotionsSql, cartReadColumns, cartSkuIds, type CartRead } from './cart.ts';

export type { SettlementInput };
import { toYuan, amountText, fenOf, yuanText } from '../../../core/money.ts';

/**
 * 结算 (order settlement): a sale of one register, exactly once per client-generated uuid, in one tenant
 * transaction of named steps: find the earlier result of this uuid, find the shop and its warehouse, price the
 * lines (server prices), check the payments, write the order, its lines and payments, take the goods out of the
 * shop's warehouse through the ledger. Practice sales (练习收银) are kept apart and move no stock.
 */

/** A register's clock may run this far ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The sale's own time, checked: not in the future beyond the clock skew, not older than `backdateDays`. */
export function saleTimeOf(saleTime: string | null | undefined, backdateDays: number, now = Date.now()): string | null {
  if (!saleTime) return null;
  const at = Date.parse(saleTime);
  if (Number.isNaN(at)) throw new ApiError('BAD_REQUEST', '销售时间（saleTime）不是有效的时间');
  if (at > now + CLOCK_SKEW_MS) throw new ApiError('BAD_REQUEST', `销售时间（saleTime）${saleTime} 晚于服务器时间，请校准收银机的时钟`);
  if (at < now - backdateDays * 86_400_000) throw new ApiError('BAD_REQUEST', `销售时间（saleTime）${saleTime} 早于 ${backdateDays} 天前，不能补录，请联系总部`);
  return new Date(at).toISOString();
}

class AlreadySettled extends Error {}

/**
 * `numberDay` (YYYY-MM-DD, the demo seeds only, never a request): the business day the sale is numbered by, for a
 * demo sale dated back to that day afterwards; its number comes from that day's counter, as the register would have
 * taken it then.
 */
export async function settle(
  appDb: Database,
  auth: AuthContext,
  input: SettlementInput,
  { numberDay, backdateDays = 7 }: { numberDay?: string; backdateDays?: number } = {},
): Promise<Record<string, unknown>> {
  const saleAt = saleTimeOf(input.saleTime, backdateDays);
  // The sale's transactions are the caller's, bounded by their shops (shop_scope policies) as req.tenantTx's are.
  const db = callerDb(appDb, auth);
  // The uuid's earlier result, or else a new order number: one statement in a transaction of its own, one round
  // trip (tenantStatement). The day's number row is the one row every register writes, so it must not stay locked
  // while a sale posts its stock, nor while a disk flush ends: this commit does not wait for the disk
  // (synchronous_commit off); the sale's own commit waits for the log up to itself, which holds this one, so a
  // crash loses only numbers no committed sale got. A sale that then fails leaves a gap; a number is never used twice.
  const prefix = input.isPractice ? 'LX' : 'XS';
  // The cart this uuid stands for: a retry sends the same one (answered the first order), another cart is a 409.
  const digest = cartDigest(input);
  // The same statement reads what pricing the cart needs (the shop, its SKUs, the promotions: promoteCart's read),
  // so the sale's own transaction starts with its first write. Prices read a moment before the sale's transaction
  // are what the register showed anyway; the coupon and the member are read, and the coupon locked, in it.
  const first = (await db.tenantStatement<{ earlier: number | null; earlier_digest: string | null; day: string | null; n: number | null } & CartRead>(
    auth.tenantId,
    `WITH e AS (SELECT order_id, request_digest FROM po_order WHERE client_uuid = $1::uuid),
          x AS (${docNumberStepSql('$2::int', '$3::text', 'NOT EXISTS (SELECT 1 FROM e)', 'coalesce($4::date, $5::timestamptz::date, current_date)')}),
          p AS (${cartPromotionsSql('$6::int', '$8::int')})
     SELECT (SELECT order_id FROM e) AS earlier, (SELECT request_digest FROM e) AS earlier_digest, x.day, x.n, set_config('synchronous_commit', 'off', true) AS async_commit,
            ${cartReadColumns('$6::int', '$7')}
       FROM (SELECT 1) one LEFT JOIN x ON true`,
    [input.uuid, auth.tenantId, prefix, numberDay ?? null, saleAt, input.shopId, `{${cartSkuIds(input.lines).join(',')}}`, input.memberId ?? null],
  )).rows[0];
  if (first.earlier) {
    assertSameRequest(first.earlier_digest, digest, '订单标识', input.uuid, '结算');
    return db.tenant(auth.tenantId, (tx) => readOrder(tx, first.earlier!));
  }
  const orderNo = docNoOf(prefix, first.day!, Number(first.n));
  try {
    return await db.tenant(auth.tenantId, async (tx) => {
      const sale = await priceSale(tx, auth, input, { shop: first.shop, skus: first.skus, promotions: first.promotions });
      const money = moneyOf(input, sale);
      const order = await writeOrder(tx, auth, input, sale, money, { orderNo, digest, saleAt });
      await takePayments(tx, auth, sale, money, order);
      // Last: it commits the transaction (nothing may follow it).
      if (!input.isPractice) await takeStock(tx, auth, sale, order);
      return { ...order.head, detList: order.lines, payList: order.pays };
    });
  } catch (err) {
    if (!(err instanceof AlreadySettled)) throw err;
    return db.tenant(auth.tenantId, async (tx) => {
      const earlier = (await orderByUuid(tx, input.uuid))!;
      assertSameRequest(earlier.digest, digest, '订单标识', input.uuid, '结算');
      return readOrder(tx, earlier.id);
    });
  }
}

/**
 * Step 3 of a sale (settleSteps.ts has the others): the order, then its lines and payments in one more statement,
 * each answering as readOrder reads it (the answer is what was written: nothing is read again). The order goes alone
 * first: the sales summaries' order trigger reads the order's lines and payments present when it fires. A concurrent
 * duplicate (the same uuid sent twice at once) waits here for the first and inserts nothing (AlreadySettled).
 */
async function writeOrder(
  tx: Queryable,
  auth: AuthContext,
  input: SettlementInput,
  { shop, priced, promo, member, coupon }: PricedSale,
  { couponFen, payableFen, paidFen, changeFen, points }: SaleMoney,
  { orderNo, digest, saleAt }: { orderNo: string; digest: string; saleAt: string | null },
): Promise<WrittenOrder> {
  const inserted = await tx.query<Record<string, unknown> & { orderId: number }>(
    `WITH o AS (
       INSERT INTO po_order (tenant_id, order_no, client_uuid, shop_id, shop_name, wh_id, is_practice, total_quantity, total_amount, pay_amount,
                             paid_amount, change_amount, remark, cashier_user_id, cashier_name, member_id, member_phone, member_name, points_earned, coupon_amount, member_coupon_id,
                             promotion_amount, full_reduction_id, full_reduction_name, full_reduction_amount, request_digest, create_time)
       VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $18, $9, $10, $11, $12, $13, $14, $15, $16, $17, $19, $20, $21, $22, $23, $24, $25,
               coalesce($26::timestamptz, now()))
       ON CONFLICT (tenant_id, client_uuid) DO NOTHING RETURNING *)
     SELECT ${ORDER_COLUMNS} FROM o`,
    [orderNo, input.uuid, shop.shop_id, shop.shop_name, shop.wh_id, Boolean(input.isPractice), promo.lines.reduce((a, l) => a + l.quantity, 0), toYuan(priced.totalFen), toYuan(paidFen), toYuan(changeFen),
      input.remark ?? null, auth.userId, auth.displayName ?? auth.userName, member?.member_id ?? null, member?.phone_number ?? null, member?.member_name ?? null, points,
      toYuan(payableFen), toYuan(couponFen), coupon?.coupon.memberCouponId ?? null,
      toYuan(promo.promotionFen), promo.fullReduction?.promotionId ?? null, promo.fullReduction?.promotionName ?? null, toYuan(promo.fullReduction?.reduceFen ?? 0), digest, saleAt],
  );
  const head = inserted.rows[0];
  if (!head) throw new AlreadySettled();
  const id = head.orderId;
  const written = await tx.query<{ lines: (Record<string, unknown> & { detId: number; skuId: number; quantity: number })[]; pays: Record<string, unknown>[] }>(
    `WITH d AS (
       INSERT INTO po_order_det (tenant_id, order_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price, promotion_id, promotion_name, promotion_amount, is_gift)
       SELECT app_current_tenant(), $1, x.n, s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, x.q, x.p, x.pid, x.pname, x.poff, x.gift
         FROM unnest($2::int[], $3::numeric[], $4::numeric[], $5::int[], $6::text[], $7::numeric[], $8::boolean[]) WITH ORDINALITY AS x(sku, q, p, pid, pname, poff, gift, n)
         JOIN pd_sku s ON s.sku_id = x.sku
        ORDER BY x.n
       RETURNING *),
     y AS (
       INSERT INTO po_order_pay (tenant_id, order_id, pay_type, amount, voucher_code) SELECT app_current_tenant(), $1, t, a, vc FROM unnest($9::int[], $10::numeric[], $11::text[]) AS p(t, a, vc)
       RETURNING *)
     SELECT (SELECT coalesce(json_agg(l ORDER BY l."lineNo"), '[]'::json) FROM (SELECT ${LINE_COLUMNS} FROM d) l) AS lines,
            (SELECT coalesce(json_agg(q ORDER BY q."payId"), '[]'::json) FROM (SELECT ${PAY_COLUMNS} FROM y) q) AS pays`,
    [id, promo.lines.map((l) => l.skuId), promo.lines.map((l) => l.quantity), promo.lines.map((l) => toYuan(l.priceFen)), promo.lines.map((l) => l.promotionId),
      promo.lines.map((l) => l.promotionName), promo.lines.map((l) => toYuan(l.promotionFen)), promo.lines.map((l) => l.isGift),
      input.payments.map((p) => p.payType), input.payments.map((p) => p.amount), input.payments.map((p) => (p.payType === VOUCHER ? p.voucherCode?.trim() ?? null : null))],
  );
  const { lines, pays } = written.rows[0];
  return { id, no: orderNo, head, lines, pays };
}

/** What a sale asks, for comparing a uuid's requests: the shop, the cart, the member and coupon, the payments (not the remark). */
const cartDigest = (input: SettlementInput): string =>
  requestDigest({ shopId: input.shopId, isPractice: input.isPractice === true, lines: input.lines, payments: input.payments, memberId: input.memberId, memberCouponId: input.memberCouponId });

async function orderByUuid(tx: Queryable, uuid: string): Promise<{ id: number; digest: string | null } | null> {
  const r = await tx.query<{ order_id: number; request_digest: string | null }>(`SELECT order_id, request_digest FROM po_order WHERE client_uuid = $1`, [uuid]);
  return r.rows[0] ? { id: r.rows[0].order_id, digest: r.rows[0].request_digest } : null;
}

/** An order's header, lines and payments as the register and the order list read them (also RETURNING of a sale). */
const ORDER_COLUMNS = `order_id AS "orderId", order_no AS "orderNo", client_uuid AS uuid, shop_id AS "shopId", shop_name AS "shopName", is_practice AS "isPractice",
            status, total_quantity::float8 AS "totalQuantity", total_amount::float8 AS "totalAmount", promotion_amount::float8 AS "promotionAmount", full_reduction_id AS "fullReductionId", full_reduction_name AS "fullReductionName",
            full_reduction_amount::float8 AS "fullReductionAmount", coupon_amount::float8 AS "couponAmount", pay_amount::float8 AS "payAmount",
            paid_amount::float8 AS "paidAmount", change_amount::float8 AS "changeAmount", cashier_name AS "cashierName", remark,
            salesman_id AS "salesmanId", salesman_name AS "salesmanName",
            member_id AS "memberId", member_phone AS "memberPhone", member_name AS "memberName", points_earned AS "pointsEarned",
            refund_amount::float8 AS "refundAmount", to_char(refund_time, 'YYYY-MM-DD HH24:MI:SS') AS "refundTime", refund_user_name AS "refundUserName", refund_reason AS "refundReason",
            to_char(invalid_time, 'YYYY-MM-DD HH24:MI:SS') AS "invalidTime", invalid_user_name AS "invalidUserName", invalid_reason AS "invalidReason",
            to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"`;
const LINE_COLUMNS = `det_id AS "detId", line_no AS "lineNo", sku_id AS "skuId", sku_code AS "skuCode", sku_name AS "skuName", barcode, spec, unit,
            quantity::float8 AS quantity, unit_price::float8 AS "unitPrice", amount::float8 AS amount,
            promotion_id AS "promotionId", promotion_name AS "promotionName", promotion_amount::float8 AS "promotionAmount", is_gift AS "isGift",
            returned_quantity::float8 AS "returnedQuantity"`;
const PAY_COLUMNS = `pay_id AS "payId", pay_type AS "payType", amount::float8 AS amount, voucher_code AS "voucherCode"`;

/** An order as the register and the order list read it: header, lines and payments. */
export async function readOrder(tx: Queryable, orderId: number): Promise<Record<string, unknown>> {
  const h = await tx.query(`SELECT ${ORDER_COLUMNS} FROM po_order WHERE order_id = $1`, [orderId]);
  if (!h.rows[0]) throw new ApiError('NOT_FOUND', '订单不存在');
  const lines = await tx.query(`SELECT ${LINE_COLUMNS} FROM po_order_det WHERE order_id = $1 ORDER BY line_no`, [orderId]);
  const pays = await tx.query(`SELECT ${PAY_COLUMNS} FROM po_order_pay WHERE order_id = $1 ORDER BY pay_id`, [orderId]);
  return { ...h.rows[0], detList: lines.rows, payList: pays.rows };
}

/**
 * 退款: the whole order back, once (status 已完成 -> 已退款 with the order row locked; a second click or a
 * second register gets 409). Goods go back into the warehouse they left at the cost they left at; a practice
 * order moved no stock and moves none back.
 */
/** `notify: false`: the demo seed's refunds leave a new tenant's message centre empty (notice 17 is for finance's day). */
export const refundOrder = (tx: Queryable, auth: AuthContext, orderNo: string, reason: string | null, { notify = true }: { notify?: boolean } = {}) =>
  reverseOrder(tx, auth, orderNo, reason, 'refund', notify);

/** 作废 (updateInvalidByOrderNo): the same reversal as a refund, the order marked 已作废; once. */
export const invalidateOrder = (tx: Queryable, auth: AuthContext, orderNo: string, reason: string | null) => reverseOrder(tx, auth, orderNo, reason, 'invalid');

/**
 * Takes a whole sale back in one transaction, once: the document layer moves it along its declared action (the order
 * row locked, still 已完成, the change in its history) and runs sale.refund or sale.invalid below. The checks that
 * name what is wrong come first, on the row locked here.
 */
async function reverseOrder(tx: Queryable, auth: AuthContext, orderNo: string, reason: string | null, kind: 'refund' | 'invalid', notify = true): Promise<Record<string, unknown>> {
  const r = await tx.query<{ order_id: number; status: number; shop_id: number; is_practice: boolean; seller_id: number | null; month: string }>(
    `SELECT order_id, status, shop_id, is_practice, coalesce(salesman_id, cashier_user_id) AS seller_id, to_char(create_time, 'YYYY-MM') AS month
       FROM po_order WHERE order_no = $1 FOR UPDATE`,
    [orderNo],
  );
  const o = r.rows[0];
  const action = SALE_ACTIONS[kind];
  const verb = action.label;
  if (!o) throw new ApiError('NOT_FOUND', `订单 ${orderNo} 不存在`);
  await assertOrderInReach(tx, auth, { shop_id: o.shop_id, order_no: orderNo }, verb);
  if (!action.from.includes(Number(o.status))) {
    const was = orderStatusName(o.status);
    // A second refund is 不能重复退款; anything else names the status the order is in.
    throw new ApiError('CONFLICT', kind === 'refund' && Number(o.status) === ORDER_STATUS.refunded ? `订单 ${orderNo} ${was}，不能重复${verb}` : `订单 ${orderNo} ${was}，不能${verb}`);
  }
  // 作废 takes the sale out of its month's figures, the seller's commission included: not from a frozen salary month
  // (a refund counts on its own day, so it stays possible).
  if (kind === 'invalid' && !o.is_practice && o.seller_id) await refuseFrozenMonths(tx, o.seller_id, [o.month], '作废', '订单（可改为退款）');
  // Lines already exchanged came back once; the whole order cannot come back a second time.
  if ((await tx.query(`SELECT 1 FROM po_order_exchange WHERE order_id = $1 AND kind = 1 LIMIT 1`, [o.order_id])).rows.length)
    throw new ApiError('CONFLICT', `订单 ${orderNo} 已有换货记录，不能整单${verb}`);
  await runDocAction(tx, auth, SALE, action, o.order_id, { note: reason ?? undefined, notify });
  return readOrder(tx, o.order_id);
}

/**
 * What a reversal does besides the status (the document layer sets it): who and why on the order (a refund is money
 * paid back on its day; an invalidated order is as if never sold — the figures count 已完成 and 已退款), finance told
 * of a refund, the balance, coupon and vouchers it took given back, its points taken back, and its goods back into
 * the warehouse they left at the cost they left at (a practice order moved none).
 */
async function undoSale({ tx, auth, id, header, body, note }: DocActionContext, kind: 'refund' | 'invalid'): Promise<void> {
  const orderNo = String(header.orderNo);
  // 部分退款 before: what is left comes back as the last refund of lines (lineRefund.ts), nothing paid back twice.
  if (kind === 'refund' && Number(header.status) === ORDER_STATUS.partRefunded) {
    const left = fenOf((await tx.query<{ left: string }>(`SELECT pay_amount - refund_amount AS left FROM po_order WHERE order_id = $1`, [id])).rows[0].left);
    await refundWhatIsLeft(tx, auth, id, note ?? null);
    if (body.notify !== false) await notifyFinance(tx, auth, ORDER_REFUNDED_NOTICE, id, '订单退款', `订单${orderNo}已退款（余下部分）¥${yuanText(left)}${note ? `（${note}）` : ''}`);
    return;
  }
  const o = (await tx.query<{ shop_id: number; wh_id: number | null; is_practice: boolean; pay_amount: string; member_id: number | null; points_earned: number }>(
    `SELECT shop_id, wh_id, is_practice, pay_amount, member_id, points_earned FROM po_order WHERE order_id = $1`, [id],
  )).rows[0];
  const reason = note ?? null;
  await tx.query(
    kind === 'refund'
      ? `UPDATE po_order SET refund_amount = pay_amount, refund_time = now(), refund_user_name = $2, refund_reason = $3, refund_user_id = $4 WHERE order_id = $1`
      : `UPDATE po_order SET invalid_time = now(), invalid_user_name = $2, invalid_reason = $3, invalid_user_id = $4 WHERE order_id = $1`,
    [id, auth.displayName ?? auth.userName, reason, auth.userId],
  );
  if (kind === 'refund' && !o.is_practice && body.notify !== false)
    await notifyFinance(tx, auth, ORDER_REFUNDED_NOTICE, id, '订单退款', `订单${orderNo}已退款 ¥${amountText(o.pay_amount)}${reason ? `（${reason}）` : ''}`);
  await restoreBalance(tx, auth, id, orderNo, kind === 'refund' ? 'saleRefund' : 'saleInvalid');
  await restoreCoupon(tx, auth, { id, no: orderNo, shopId: o.shop_id });
  await restoreVouchers(tx, id);
  if (o.member_id) await takeBackPoints(tx, o.member_id, id, orderNo, Number(o.pay_amount), Number(o.points_earned));
  if (!o.is_practice && o.wh_id) {
    const lines = (await tx.query<{ det_id: number; sku_id: number; quantity: string; unit_cost: string }>(
      `SELECT det_id, sku_id, quantity, unit_cost FROM po_order_det WHERE order_id = $1`, [id],
    )).rows;
    await postStock(tx, auth, { docType: 'saleRefund', docId: id, docNo: orderNo },
      lines.map((l) => ({ whId: o.wh_id!, skuId: l.sku_id, qty: Number(l.quantity), unitCost: Number(l.unit_cost), lineId: l.det_id, lotFrom: { docType: 'sale', docId: id, lineId: l.det_id } })));
  }
}

registerDocFn('sale.refund', (ctx) => undoSale(ctx, 'refund'), { lines: false });
registerDocFn('sale.invalid', (ctx) => undoSale(ctx, 'invalid'), { lines: false });
