import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { runDocAction } from '../../documents/actions.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { earlierRequest, requestDigest } from '../../http/idempotency.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { giveBackBalance, restoreCoupon, takeBackPointsPart } from '../members/index.ts';
import { postStock } from '../stock/index.ts';
import { readExchange } from './exchange.ts';
import { BALANCE, CASH, PAY_TYPES, VOUCHER } from './pricing.ts';
import { assertOrderInReach } from './registerShop.ts';
import { ORDER_STATUS, SALE, SALE_ACTIONS, orderStatusName } from './saleDocument.ts';
import { restoreVouchers } from './voucherPay.ts';
import { writeOffDamaged } from './refundWriteOff.ts';
import { fenOf, toYuan } from '../../../core/money.ts';
import { lineShares, partOf, splitBack } from '../../../core/pricing/lineRefund.ts';

/**
 * 部分退款 (order/refundLines): chosen lines and quantities of a paid order (已完成 or 部分退款) come back, once per
 * client uuid, in one transaction that holds the order row first — a retry answers the first refund, and two registers
 * refunding lines of one order take turns, so together they never return more than was sold.
 *
 * Kept as a return-only 换货 record (po_order_exchange kind 2, number TH…): the sales summaries count it on its day as
 * the returned side of an exchange (its lines and amount with a minus sign, the money paid back per payment method),
 * the shift counts the money it paid back, and po_order_det.returned_quantity is what has come back of each line.
 *
 * Money (core/pricing/lineRefund.ts): each line's share of the payable after promotions, 满减 and the coupon; units
 * pay back their share cumulatively rounded down, the last unit taking the remainder. Points, the balance and each
 * payment method's part follow the money cumulatively over the order (the refund bringing the last unit back takes
 * what is left of each); the coupon and platform vouchers come back with the last unit, as with a whole refund.
 * Goods go back into the warehouse they left at the cost they left at (stock ledger, doc_type saleRefund, as the whole
 * refund posts). po_order.refund_amount adds up what has been paid back; the order is 部分退款 until the last unit is
 * back, then 已退款. A whole refund (order-pay/refund) of a 部分退款 order refunds what is left the same way.
 */

export interface LineRefundInput {
  uuid: string;
  orderNo: string;
  /** damaged: the goods came back broken (报损): they are written off by a 报损单 instead of going back on the shelf. */
  lines: { detId: number; quantity: number; damaged?: boolean | null }[];
  reason?: string | null;
  /** true: only the quote (试算): the money back per line and method, the points; nothing is written. */
  preview?: boolean | null;
}

interface OrderRow {
  order_id: number;
  order_no: string;
  status: number;
  shop_id: number;
  shop_name: string | null;
  wh_id: number | null;
  is_practice: boolean;
  pay_amount: string;
  refund_amount: string;
  change_amount: string;
  member_id: number | null;
  member_name: string | null;
  member_phone: string | null;
  points_earned: number;
}

interface Line {
  det_id: number;
  sku_id: number;
  sku_name: string;
  quantity: string;
  returned_quantity: string;
  amount: string;
  promotion_amount: string;
  unit_cost: string;
}

/** What a refund of these lines pays back and moves (fen, thousandths of a unit, points). */
interface RefundPlan {
  lines: { line: Line; quantity: number; fen: number; damaged: boolean }[];
  backFen: number;
  /** [pay_type, fen] per method, negative never. */
  methods: [number, number][];
  points: number;
  /** Every unit of the order is back after this refund. */
  last: boolean;
}

const milli = (q: unknown) => Math.round(Number(q) * 1000);

const ORDER_SQL = `SELECT order_id, order_no, status, shop_id, shop_name, wh_id, is_practice, pay_amount, refund_amount, change_amount, member_id, member_name, member_phone, points_earned
  FROM po_order`;

/**
 * The refund of `requested` (null: everything left) on the locked order: checks each line (400 naming the field) and
 * prices it by the rules above.
 */
async function planRefund(tx: Queryable, o: OrderRow, requested: LineRefundInput['lines'] | null): Promise<RefundPlan> {
  const lines = (await tx.query<Line>(
    `SELECT det_id, sku_id, sku_name, quantity, returned_quantity, amount, promotion_amount, unit_cost FROM po_order_det WHERE order_id = $1 ORDER BY line_no, det_id`,
    [o.order_id],
  )).rows;
  const payFen = fenOf(o.pay_amount);
  const shares = lineShares(payFen, lines.map((l) => Math.max(0, fenOf(l.amount) - fenOf(l.promotion_amount))));
  const byId = new Map(lines.map((l, i) => [Number(l.det_id), { l, share: shares[i] }]));
  const wanted: LineRefundInput['lines'] = requested ?? lines.filter((l) => milli(l.quantity) > milli(l.returned_quantity)).map((l) => ({ detId: Number(l.det_id), quantity: (milli(l.quantity) - milli(l.returned_quantity)) / 1000 }));
  const seen = new Set<number>();
  const back = wanted.map((r, i) => {
    const x = byId.get(r.detId);
    if (!x) throw new ApiError('BAD_REQUEST', `退货第${i + 1}行（lines[${i}].detId）：不是订单 ${o.order_no} 的商品`);
    if (seen.has(r.detId)) throw new ApiError('BAD_REQUEST', `退货第${i + 1}行（lines[${i}].detId）：${x.l.sku_name} 重复`);
    seen.add(r.detId);
    const q = milli(x.l.quantity);
    const before = milli(x.l.returned_quantity);
    const n = milli(r.quantity);
    if (n > q - before)
      throw new ApiError('BAD_REQUEST', q > before
        ? `退货第${i + 1}行数量（lines[${i}].quantity）：${x.l.sku_name} 最多还能退 ${(q - before) / 1000} 件（已售 ${q / 1000}，已退 ${before / 1000}），不能退 ${n / 1000} 件`
        : `退货第${i + 1}行数量（lines[${i}].quantity）：${x.l.sku_name} 已全部退回`);
    return { line: x.l, quantity: n / 1000, fen: partOf(x.share, q, before, n), damaged: Boolean(r.damaged) };
  });
  const backFen = back.reduce((a, b) => a + b.fen, 0);
  const left = lines.reduce((a, l) => a + milli(l.quantity) - milli(l.returned_quantity), 0);
  const last = back.reduce((a, b) => a + milli(b.quantity), 0) === left;
  const before = fenOf(o.refund_amount);
  // Each method's net take (cash less the change): balance and vouchers first, cash last (it takes the rounding).
  const pays = (await tx.query<{ pay_type: number; amount: string }>(`SELECT pay_type, sum(amount) AS amount FROM po_order_pay WHERE order_id = $1 GROUP BY pay_type`, [o.order_id])).rows
    .map((p) => [Number(p.pay_type), fenOf(p.amount) - (Number(p.pay_type) === CASH ? fenOf(o.change_amount) : 0)] as [number, number])
    .filter(([, fen]) => fen > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a - b);
  // The last refund takes what is left of each method: whatever the rounding or a later payment correction left.
  const parts = last && pays.length ? lastParts(backFen, pays, before, payFen) : splitBack(backFen, pays.map(([, f]) => f), payFen, before);
  const methods = pays.map(([t], i) => [t, parts[i]] as [number, number]).filter(([, f]) => f !== 0);
  const earned = Number(o.points_earned ?? 0);
  const points = payFen > 0 ? (last ? earned - partOf(earned, payFen, 0, before) : partOf(earned, payFen, before, backFen)) : last ? earned : 0;
  return { lines: back, backFen, methods, points, last };
}

const rank = (t: number) => (t === BALANCE ? 0 : t === VOUCHER ? 1 : t === CASH ? 3 : 2);

/** The last refund: each method what is left of it (its take less its parts so far), the last method the rest. */
function lastParts(backFen: number, pays: [number, number][], beforeFen: number, payFen: number): number[] {
  const parts = pays.map(([, f], i) => (i === pays.length - 1 ? 0 : Math.min(f - partOf(f, payFen, 0, beforeFen), backFen)));
  parts[parts.length - 1] = backFen - parts.reduce((a, b) => a + b, 0);
  return parts;
}

async function lockOrder(tx: Queryable, orderNo: string): Promise<OrderRow> {
  const o = (await tx.query<OrderRow>(`${ORDER_SQL} WHERE order_no = $1 FOR UPDATE`, [orderNo])).rows[0];
  if (!o) throw new ApiError('NOT_FOUND', `订单 ${orderNo} 不存在`);
  return o;
}

const UUID_KEYED = { table: 'po_order_exchange', idColumn: 'exchange_id', title: '退款标识', what: '部分退款' };

export async function refundLines(tx: Queryable, auth: AuthContext, input: LineRefundInput): Promise<Record<string, unknown>> {
  const o = await lockOrder(tx, input.orderNo);
  // A duplicate of this uuid waited for the order's lock: it answers the first refund; another refund under it is a 409.
  const digest = requestDigest({ orderNo: input.orderNo, lines: input.lines });
  if (!input.preview) {
    const earlier = await earlierRequest(tx, UUID_KEYED, input.uuid, digest);
    if (earlier) return readLineRefund(tx, earlier);
  }
  await assertOrderInReach(tx, auth, { shop_id: o.shop_id, order_no: o.order_no }, '退款');
  const status = Number(o.status);
  if (!SALE_ACTIONS.lineRefund.from.includes(status))
    throw new ApiError('BAD_REQUEST', `订单（orderNo）${o.order_no} ${orderStatusName(status)}，不能部分退款`);
  if (o.is_practice) throw new ApiError('BAD_REQUEST', `订单（orderNo）${o.order_no} 是练习订单，不能部分退款，请整单退款`);
  if (!o.wh_id) throw new ApiError('BAD_REQUEST', `订单（orderNo）${o.order_no} 没有出库仓库，不能部分退款`);
  const plan = await planRefund(tx, o, input.lines);
  if (input.preview) return quote(o, plan);
  await runDocAction(tx, auth, SALE, SALE_ACTIONS.lineRefund, o.order_id, { note: input.reason ?? undefined, plan, uuid: input.uuid, digest });
  const id = (await tx.query<{ exchange_id: number }>(`SELECT exchange_id FROM po_order_exchange WHERE client_uuid = $1`, [input.uuid])).rows[0].exchange_id;
  return readLineRefund(tx, id);
}

const quote = (o: OrderRow, p: RefundPlan) => ({
  orderNo: o.order_no,
  refundAmount: toYuan(p.backFen),
  points: p.points,
  last: p.last,
  lines: p.lines.map((b) => ({ detId: Number(b.line.det_id), skuId: Number(b.line.sku_id), skuName: b.line.sku_name, quantity: b.quantity, amount: toYuan(b.fen), damaged: b.damaged })),
  payList: p.methods.map(([t, f]) => ({ payType: t, payTypeName: PAY_TYPES[t] ?? String(t), amount: toYuan(f) })),
});

/**
 * Writes one refund of lines on the locked order: the record (kind 2) and its lines and payments, the order lines'
 * returned quantities (guarded), the goods back, the balance, points (and with the last unit the coupon and
 * vouchers), the order's refunded total and who did it. Answers the record's id.
 */
async function writeLineRefund(tx: Queryable, auth: AuthContext, o: OrderRow, plan: RefundPlan, { uuid, digest, reason }: { uuid: string; digest: string | null; reason: string | null }): Promise<number> {
  const no = await nextDocNo(tx, auth.tenantId, 'TH');
  const qty = plan.lines.reduce((a, b) => a + b.quantity, 0);
  const inserted = (await tx.query<{ exchange_id: number }>(
    `INSERT INTO po_order_exchange (tenant_id, kind, exchange_no, client_uuid, order_id, order_no, shop_id, shop_name, wh_id, member_id, member_name, member_phone,
                                    return_quantity, give_quantity, return_amount, give_amount, diff_amount, paid_amount, change_amount, reason, user_id, user_name, request_digest)
     VALUES (app_current_tenant(), 2, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12, 0, $13, $13, 0, $14, $15, $16, $17)
     ON CONFLICT (tenant_id, client_uuid) DO NOTHING RETURNING exchange_id`,
    [no, uuid, o.order_id, o.order_no, o.shop_id, o.shop_name, o.wh_id, o.member_id, o.member_name, o.member_phone, qty, toYuan(plan.backFen), -toYuan(plan.backFen),
      reason, auth.userId, auth.displayName ?? auth.userName, digest],
  )).rows[0];
  if (!inserted) throw new ApiError('CONFLICT', '该退款标识已被另一笔退款或换货使用，请刷新后重试');
  const id = inserted.exchange_id;
  const r = await tx.query(
    `UPDATE po_order_det d SET returned_quantity = d.returned_quantity + x.q
       FROM unnest($1::int[], $2::numeric[]) AS x(det, q) WHERE d.det_id = x.det AND d.order_id = $3 AND d.returned_quantity + x.q <= d.quantity`,
    [plan.lines.map((b) => b.line.det_id), plan.lines.map((b) => b.quantity), o.order_id],
  );
  if (r.rowCount !== plan.lines.length) throw new ApiError('CONFLICT', '可退数量已变更，请刷新后重试');
  await tx.query(
    `INSERT INTO po_order_exchange_det (tenant_id, exchange_id, line_no, direction, order_det_id, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price, amount, unit_cost, damaged)
     SELECT app_current_tenant(), $1, x.n, 1, d.det_id, d.sku_id, d.sku_code, d.sku_name, d.barcode, d.spec, d.unit, x.q, round(x.a / x.q, 2), x.a, d.unit_cost, x.dmg
       FROM unnest($2::int[], $3::numeric[], $4::numeric[], $5::boolean[]) WITH ORDINALITY AS x(det, q, a, dmg, n)
       JOIN po_order_det d ON d.det_id = x.det
      ORDER BY x.n`,
    [id, plan.lines.map((b) => b.line.det_id), plan.lines.map((b) => b.quantity), plan.lines.map((b) => toYuan(b.fen)), plan.lines.map((b) => b.damaged)],
  );
  if (plan.methods.length)
    await tx.query(`INSERT INTO po_order_exchange_pay (tenant_id, exchange_id, pay_type, amount) SELECT app_current_tenant(), $1, t, -a FROM unnest($2::int[], $3::numeric[]) AS p(t, a)`,
      [id, plan.methods.map(([t]) => t), plan.methods.map(([, f]) => toYuan(f))]);
  await postStock(tx, auth, { docType: 'saleRefund', docId: o.order_id, docNo: o.order_no },
    plan.lines.map((b) => ({ whId: o.wh_id!, skuId: b.line.sku_id, qty: b.quantity, unitCost: Number(b.line.unit_cost), lineId: b.line.det_id, lotFrom: { docType: 'sale', docId: o.order_id, lineId: b.line.det_id } })));
  const damaged = plan.lines.filter((b) => b.damaged);
  if (damaged.length) await writeOffDamaged(tx, auth, o, { id, no }, damaged);
  const ref = { id: o.order_id, no: o.order_no, shopId: o.shop_id };
  const balanceFen = plan.methods.find(([t]) => t === BALANCE)?.[1] ?? 0;
  if (o.member_id) {
    await giveBackBalance(tx, auth, o.member_id, { refundId: id, no: o.order_no, shopId: o.shop_id }, balanceFen);
    await takeBackPointsPart(tx, o.member_id, { refundId: id, no: o.order_no }, toYuan(plan.backFen), plan.points, plan.last);
  }
  if (plan.last) {
    await restoreCoupon(tx, auth, ref);
    await restoreVouchers(tx, o.order_id);
  }
  // Who refunded last and why; refund_time stays empty: each refund is counted on its own record's day.
  await tx.query(
    `UPDATE po_order SET refund_amount = refund_amount + $2, refund_user_name = $3, refund_reason = coalesce($4, refund_reason), refund_user_id = $5 WHERE order_id = $1`,
    [o.order_id, toYuan(plan.backFen), auth.displayName ?? auth.userName, reason, auth.userId],
  );
  return id;
}

/** The document function of 部分退款: writes the refund planned on the locked order; 已退款 once the last unit is back. */
registerDocFn('sale.lineRefund', async ({ tx, auth, id, body, note }) => {
  const o = (await tx.query<OrderRow>(`${ORDER_SQL} WHERE order_id = $1`, [id])).rows[0];
  const { plan, uuid, digest } = body as unknown as { plan: RefundPlan; uuid: string; digest: string };
  await writeLineRefund(tx, auth, o, plan, { uuid, digest, reason: note ?? null });
  return { to: plan.last ? ORDER_STATUS.refunded : ORDER_STATUS.partRefunded, note: `退款 ${toYuan(plan.backFen).toFixed(2)} 元` };
}, { lines: false });

/**
 * A whole refund (sale.refund) of an order that is 部分退款: what is left comes back as one more refund of lines
 * (the last), so nothing is paid back twice. The caller runs it inside the refund action, the order row locked.
 */
export async function refundWhatIsLeft(tx: Queryable, auth: AuthContext, orderId: number, reason: string | null): Promise<void> {
  const o = (await tx.query<OrderRow>(`${ORDER_SQL} WHERE order_id = $1`, [orderId])).rows[0];
  const plan = await planRefund(tx, o, null);
  if (!plan.lines.length) return;
  await writeLineRefund(tx, auth, o, { ...plan, last: true }, { uuid: randomUUID(), digest: null, reason });
}

/** A refund of lines with the order as it stands after it (its lines' returned quantities, its status). */
export async function readLineRefund(tx: Queryable, id: number): Promise<Record<string, unknown>> {
  const x = await readExchange(tx, id);
  const o = (await tx.query<{ status: number; refund_amount: string }>(`SELECT status, refund_amount FROM po_order WHERE order_id = $1`, [x.orderId])).rows[0];
  return {
    refundId: x.exchangeId, refundNo: x.exchangeNo, orderId: x.orderId, orderNo: x.orderNo, refundAmount: x.returnAmount, refundQuantity: x.returnQuantity,
    reason: x.reason, userName: x.userName, createTime: x.createTime, lines: x.returnList, payList: x.payList, writeOffNo: x.writeOffNo ?? null,
    orderStatus: Number(o.status), orderStatusName: orderStatusName(Number(o.status)), orderRefundAmount: Number(o.refund_amount),
  };
}

/** The refunds of lines of an order, oldest first, for its detail. */
export async function orderLineRefunds(tx: Queryable, orderId: number): Promise<Record<string, unknown>[]> {
  return (await tx.query(
    `SELECT exchange_id AS "refundId", exchange_no AS "refundNo", return_quantity::float8 AS "refundQuantity", return_amount::float8 AS "refundAmount", reason, user_name AS "userName",
            to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
       FROM po_order_exchange WHERE order_id = $1 AND kind = 2 ORDER BY exchange_id`,
    [orderId],
  )).rows;
}

const uuidField = { type: 'string', title: '退款标识', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', 'x-msg': '退款标识必须是 UUID' };

registerCustomRoute('order.refundLines', {
  schema: {
    body: {
      type: 'object', required: ['uuid', 'orderNo', 'lines'], additionalProperties: false,
      properties: {
        uuid: uuidField,
        orderNo: { type: 'string', title: '订单号', pattern: '^[A-Z]{2}\\d{8}-\\d{4,}$', 'x-msg': '订单号格式不正确' },
        lines: {
          type: 'array', title: '退货商品', minItems: 1, maxItems: 200,
          items: {
            type: 'object', required: ['detId', 'quantity'], additionalProperties: false,
            properties: { detId: idField('订单明细'), quantity: { type: 'integer', minimum: 1, maximum: 9999, title: '退货数量' }, damaged: { type: ['boolean', 'null'], title: '报损' } },
          },
        },
        reason: { ...plainText('退款原因', 200), type: ['string', 'null'] },
        preview: { type: ['boolean', 'null'], title: '仅试算' },
      },
    },
  },
  handler: async (req) => {
    const input = req.body as unknown as LineRefundInput;
    return ok(await req.tenantTx((tx) => refundLines(tx, req.auth!, { ...input, reason: input.reason?.trim() || null })).catch(asCallerError), input.preview ? '试算成功' : '退款成功');
  },
});
