import type { PrintTemplate } from '../../../core/print/template/types.ts';
import { dbNowText } from '../../db/calendar.ts';
import { TEMPLATE_KIND, TEMPLATE_VERSION } from '../../../core/print/template/types.ts';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { answerPrint, templateFor } from '../../printTemplates/answerPrint.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { BALANCE, PAY_TYPES, VOUCHER, assertShopTakes, settlePayments, type Payment } from './pricing.ts';
import { ORDER_STATUS } from './saleDocument.ts';
import { readOrder } from './settlement.ts';
import { notifyFinance, PAY_CORRECTED_NOTICE } from './financeNotice.ts';
import { amountText, fenOf, toYuan, yuanOf, yuanText } from '../../../core/money.ts';

/**
 * 订单支付 (order-pay): an order's payments as the order list shows them (findPayInfo), a payment method the
 * cashier picked wrong corrected (savePay), a payment recorded twice removed (deleteById), and the payment slip
 * printed through the print templates (payInfo/print). Corrections are allowed only while the order's business
 * day is open: the order is today's, still 已完成, and the cashier's shift that sold it is not handed over (a
 * handed-over shift's drawer was counted against these payments). Balance payments move the member's balance
 * ledger and are never corrected here (a refund gives them back). Each correction is a row of po_order_pay_log.
 */

export const PAY_SLIP_TYPE = 'orderPay';

interface OrderRow {
  order_id: number;
  order_no: string;
  shop_id: number;
  status: number;
  pay_amount: string;
  paid_amount: string;
  change_amount: string;
  /** Why the payments can no longer be corrected (null: they can). */
  locked: string | null;
}

interface PayRow {
  pay_id: number;
  order_id: number;
  pay_type: number;
  amount: string;
}

/** Why an order's business day is closed to corrections of `what` (修改支付, 修改订单信息), as SQL over `o`; NULL while open. */
export const lockReasonSql = (what: string) => `CASE WHEN o.status = ${ORDER_STATUS.refunded} THEN '订单已退款，不能${what}'
  WHEN o.status = ${ORDER_STATUS.invalid} THEN '订单已作废，不能${what}'
  WHEN o.status = ${ORDER_STATUS.partRefunded} THEN '订单已部分退款，不能${what}'
  WHEN o.create_time::date < current_date THEN '订单不是今天的，营业日已结束，不能${what}'
  WHEN EXISTS (SELECT 1 FROM shop_class_record c WHERE c.user_id = o.cashier_user_id AND c.shop_id = o.shop_id AND c.is_practice = o.is_practice
                 AND c.status = 2 AND o.create_time >= c.start_time AND o.create_time < c.end_time) THEN '该订单所在收银班次已交班，不能${what}'
  END`;
const LOCK_REASON = lockReasonSql('修改支付');

/** The order (locked for a correction), with why its payments are closed; another shop's order for a shop-bound user is refused. */
async function orderFor(tx: Queryable, auth: AuthContext, where: { orderId?: number | null; orderNo?: string | null }, lock: boolean): Promise<OrderRow> {
  const r = await tx.query<OrderRow>(
    `SELECT o.order_id, o.order_no, o.shop_id, o.status, o.pay_amount, o.paid_amount, o.change_amount, ${LOCK_REASON} AS locked
       FROM po_order o WHERE ${where.orderId ? 'o.order_id = $1' : 'o.order_no = $1'} ${lock ? 'FOR UPDATE OF o' : ''}`,
    [where.orderId ?? where.orderNo],
  );
  const o = r.rows[0];
  if (!o) throw new ApiError('NOT_FOUND', '订单不存在');
  if (auth.shopId && auth.shopId !== o.shop_id) throw new ApiError('FORBIDDEN', '只能查看和修改本门店订单的支付');
  return o;
}

/** The payment, its order locked (two clicks or two users correcting one order take turns). */
async function paymentFor(tx: Queryable, auth: AuthContext, payId: number): Promise<{ pay: PayRow; order: OrderRow; pays: PayRow[] }> {
  const found = await tx.query<{ order_id: number }>(`SELECT order_id FROM po_order_pay WHERE pay_id = $1`, [payId]);
  if (!found.rows[0]) {
    const gone = await tx.query(`SELECT 1 FROM po_order_pay_log WHERE pay_id = $1 AND action = 'delete'`, [payId]);
    if (gone.rowCount) throw new ApiError('CONFLICT', '该支付记录已删除，请刷新后重试');
    throw new ApiError('NOT_FOUND', '支付记录不存在');
  }
  const order = await orderFor(tx, auth, { orderId: found.rows[0].order_id }, true);
  const pays = (await tx.query<PayRow>(`SELECT pay_id, order_id, pay_type, amount FROM po_order_pay WHERE order_id = $1 ORDER BY pay_id`, [order.order_id])).rows;
  const pay = pays.find((p) => p.pay_id === payId);
  if (!pay) throw new ApiError('CONFLICT', '该支付记录已删除，请刷新后重试');
  if (order.locked) throw new ApiError('CONFLICT', order.locked);
  return { pay, order, pays };
}

const asPayments = (pays: PayRow[]): Payment[] => pays.map((p) => ({ payType: Number(p.pay_type), amount: Number(p.amount) }));

async function logCorrection(tx: Queryable, auth: AuthContext, pay: PayRow, action: 'edit' | 'delete', newType: number | null) {
  await tx.query(
    `INSERT INTO po_order_pay_log (tenant_id, order_id, pay_id, action, old_pay_type, new_pay_type, amount, user_id, user_name)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8)`,
    [pay.order_id, pay.pay_id, action, pay.pay_type, newType, pay.amount, auth.userId, auth.displayName ?? auth.userName],
  );
}

/** 修改支付方式: same amount, another method the shop takes; still adding up (only cash gives change). Once: a repeat is a no-op. */
export async function changePayType(tx: Queryable, auth: AuthContext, payId: number, payType: number): Promise<Record<string, unknown>> {
  const { pay, order, pays } = await paymentFor(tx, auth, payId);
  if (Number(pay.pay_type) === payType) return payInfo(tx, auth, { orderId: order.order_id });
  if (Number(pay.pay_type) === BALANCE) throw new ApiError('BAD_REQUEST', '余额支付不能修改支付方式，如需更正请整单退款后重新收银');
  if (payType === BALANCE) throw new ApiError('BAD_REQUEST', '不能改为余额支付：余额须在收银时由会员使用');
  if (Number(pay.pay_type) === VOUCHER || payType === VOUCHER) throw new ApiError('BAD_REQUEST', '券支付不能修改：券在收银时核销，如需更正请整单退款后重新收银');
  const enabled = (await tx.query<{ pay_type: number }>(`SELECT pay_type FROM shop_pay_method_config WHERE shop_id = $1 AND enabled`, [order.shop_id])).rows.map((r) => Number(r.pay_type));
  assertShopTakes(enabled, [{ payType, amount: Number(pay.amount) }]);
  const after = asPayments(pays).map((p, i) => (pays[i].pay_id === payId ? { ...p, payType } : p));
  const { changeFen } = settlePayments(fenOf(order.pay_amount), after);
  await tx.query(`UPDATE po_order_pay SET pay_type = $2 WHERE pay_id = $1`, [payId, payType]);
  await tx.query(`UPDATE po_order SET change_amount = $2 WHERE order_id = $1`, [order.order_id, toYuan(changeFen)]);
  await logCorrection(tx, auth, pay, 'edit', payType);
  await notifyFinance(tx, auth, PAY_CORRECTED_NOTICE, order.order_id, '支付方式修改',
    `订单${order.order_no}支付方式已修改：${PAY_TYPES[Number(pay.pay_type)] ?? pay.pay_type} ${amountText(pay.amount)} 改为 ${PAY_TYPES[payType] ?? payType}`);
  return payInfo(tx, auth, { orderId: order.order_id });
}

/** 删除支付: a payment taken twice by mistake; what is left must still cover the order (paid and change recomputed). */
export async function deletePayment(tx: Queryable, auth: AuthContext, payId: number): Promise<Record<string, unknown>> {
  const { pay, order, pays } = await paymentFor(tx, auth, payId);
  if (Number(pay.pay_type) === BALANCE) throw new ApiError('BAD_REQUEST', '余额支付不能删除，如需更正请整单退款后重新收银');
  if (Number(pay.pay_type) === VOUCHER) throw new ApiError('BAD_REQUEST', '券支付不能删除，如需更正请整单退款后重新收银');
  const left = pays.filter((p) => p.pay_id !== payId);
  const payableFen = fenOf(order.pay_amount);
  const leftFen = left.reduce((a, p) => a + fenOf(p.amount), 0);
  if (!left.length || leftFen < payableFen)
    throw new ApiError('BAD_REQUEST', `删除后实收 ${yuanText(leftFen)} 不足应收 ${yuanText(payableFen)}，不能删除该支付`);
  const { paidFen, changeFen } = settlePayments(payableFen, asPayments(left));
  await tx.query(`DELETE FROM po_order_pay WHERE pay_id = $1`, [payId]);
  await tx.query(`UPDATE po_order SET paid_amount = $2, change_amount = $3 WHERE order_id = $1`, [order.order_id, toYuan(paidFen), toYuan(changeFen)]);
  await logCorrection(tx, auth, pay, 'delete', null);
  await notifyFinance(tx, auth, PAY_CORRECTED_NOTICE, order.order_id, '支付方式修改',
    `订单${order.order_no}支付方式已修改：删除 ${PAY_TYPES[Number(pay.pay_type)] ?? pay.pay_type} ${amountText(pay.amount)}`);
  return payInfo(tx, auth, { orderId: order.order_id });
}

/** An order's payments as the order list's 支付信息 shows them, with whether they can still be corrected and the corrections made. */
export async function payInfo(tx: Queryable, auth: AuthContext, where: { orderId?: number | null; orderNo?: string | null }): Promise<Record<string, unknown>> {
  const o = await orderFor(tx, auth, where, false);
  const head = await tx.query<Record<string, unknown>>(
    `SELECT order_id AS "orderId", order_no AS "orderNo", shop_id AS "shopId", shop_name AS "shopName", status, is_practice AS "isPractice",
            total_amount::text AS "totalAmount", coupon_amount::text AS "couponAmount", pay_amount::text AS "payAmount", paid_amount::text AS "paidAmount",
            change_amount::text AS "changeAmount", cashier_name AS "cashierName", member_name AS "memberName", member_phone AS "memberPhone",
            to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
       FROM po_order WHERE order_id = $1`,
    [o.order_id],
  );
  const pays = await tx.query<{ payId: number; payType: number; amount: string; createTime: string }>(
    `SELECT pay_id AS "payId", pay_type::int AS "payType", amount::text AS amount, to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
       FROM po_order_pay WHERE order_id = $1 ORDER BY pay_id`,
    [o.order_id],
  );
  const logs = await tx.query<{ action: string; oldPayType: number; newPayType: number | null; amount: string; userName: string; createTime: string }>(
    `SELECT action, old_pay_type::int AS "oldPayType", new_pay_type::int AS "newPayType", amount::text AS amount, user_name AS "userName",
            to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
       FROM po_order_pay_log WHERE order_id = $1 ORDER BY log_id`,
    [o.order_id],
  );
  const h = head.rows[0];
  return {
    ...h,
    totalAmount: yuanOf(h.totalAmount), couponAmount: yuanOf(h.couponAmount), payAmount: yuanOf(h.payAmount), paidAmount: yuanOf(h.paidAmount), changeAmount: yuanOf(h.changeAmount),
    editable: !o.locked,
    lockReason: o.locked,
    payList: pays.rows.map((p) => ({ ...p, amount: yuanOf(p.amount), payTypeName: PAY_TYPES[p.payType] ?? String(p.payType), editable: !o.locked && p.payType !== BALANCE && p.payType !== VOUCHER })),
    logList: logs.rows.map((l) => ({
      ...l,
      amount: yuanOf(l.amount),
      text: l.action === 'edit'
        ? `${PAY_TYPES[l.oldPayType] ?? l.oldPayType} ${amountText(l.amount)} 改为 ${PAY_TYPES[l.newPayType!] ?? l.newPayType}`
        : `删除 ${PAY_TYPES[l.oldPayType] ?? l.oldPayType} ${amountText(l.amount)}`,
    })),
  };
}

/** The payment slip's default template (80 mm roll, like a receipt): header, the payments table, totals, print time. */
export function defaultPaySlipTemplate(): PrintTemplate {
  const t = (left: number, top: number, width: number, title: string, field?: string, extra: Record<string, unknown> = {}) =>
    ({ type: 'text', options: { left, top, width, height: 12, title, ...(field ? { field } : {}), fontSize: 8, ...extra } });
  const elements = [
    t(8, 8, 210, '支付单', undefined, { fontSize: 12, fontWeight: 'bold', textAlign: 'center', height: 16 }),
    t(8, 30, 210, '门店', 'shopName'),
    t(8, 44, 210, '订单号', 'orderNo'),
    t(8, 58, 210, '下单时间', 'createTime'),
    t(8, 72, 210, '收银员', 'cashierName'),
    { type: 'hline', options: { left: 8, top: 88, width: 210, height: 1, borderWidth: 0.5 } },
    {
      type: 'table',
      options: {
        left: 8, top: 94, width: 210, height: 30, field: 'payList', fontSize: 8,
        columns: [[
          { title: '支付方式', field: 'payTypeName', width: 70 },
          { title: '金额', field: 'amount', width: 60, align: 'right', tableSummary: 'sum', tableSummaryNumFormat: '2' },
          { title: '时间', field: 'payTime', width: 80 },
        ]],
      },
    },
    t(8, 132, 210, '应收', 'payAmount'),
    t(8, 146, 210, '实收', 'paidAmount'),
    t(8, 160, 210, '找零', 'changeAmount'),
    t(8, 178, 210, '打印时间', 'printTime', { color: '#666666' }),
  ];
  return {
    version: TEMPLATE_VERSION,
    kind: TEMPLATE_KIND,
    panels: [{ index: 0, name: '支付单', paperType: 'other', width: 80, height: 80, paperHeader: 0, paperFooter: 220, printElements: elements }],
  } as unknown as PrintTemplate;
}

const ORDER_NO = { type: 'string', title: '订单号', pattern: '^[A-Z]{2}\\d{8}-\\d{4,}$', 'x-msg': '订单号格式不正确' };
const ORDER_KEY = {
  type: 'object', additionalProperties: false,
  properties: { orderId: { ...idField('订单'), type: ['integer', 'null'] }, orderNo: { ...ORDER_NO, type: ['string', 'null'] } },
};
type OrderKey = { orderId?: number | null; orderNo?: string | null };
const needKey = (k: OrderKey | null | undefined): OrderKey => {
  if (!k?.orderId && !k?.orderNo) throw new ApiError('BAD_REQUEST', '请提供订单ID或订单号');
  return k;
};

registerCustomRoute('orderPay.findPayInfo', {
  schema: { body: ORDER_KEY },
  handler: async (req) => {
    const key = needKey(req.body as OrderKey | null);
    return ok(await req.tenantTx((tx) => payInfo(tx, req.auth!, key)).catch(asCallerError));
  },
});

/** 支付明细 (notices 10, 17): the order with its payments, their corrections and its refund, for finance. */
registerCustomRoute('orderPay.paymentDetail', {
  schema: { params: { type: 'object', required: ['id'], properties: { id: idField('订单') } } },
  handler: async (req) => {
    const orderId = (req.params as { id: number }).id;
    return ok(await req.tenantTx(async (tx) => {
      const pay = await payInfo(tx, req.auth!, { orderId });
      return { order: await readOrder(tx, orderId), pay };
    }).catch(asCallerError));
  },
});

registerCustomRoute('orderPay.savePay', {
  schema: {
    body: {
      type: 'object', required: ['payId', 'payType'], additionalProperties: false,
      properties: { payId: idField('支付记录'), payType: { type: 'integer', enum: [1, 2, 3, 4, 5], title: '支付方式' } },
    },
  },
  handler: async (req) => {
    const body = req.body as { payId: number; payType: number };
    return ok(await req.tenantTx((tx) => changePayType(tx, req.auth!, body.payId, body.payType)).catch(asCallerError), '支付方式已修改');
  },
});

registerCustomRoute('orderPay.delete', {
  schema: { params: { type: 'object', required: ['id'], properties: { id: idField('支付记录') } } },
  handler: async (req) => ok(await req.tenantTx((tx) => deletePayment(tx, req.auth!, (req.params as { id: number }).id)).catch(asCallerError), '删除成功'),
});

registerCustomRoute('orderPay.print', {
  schema: { querystring: { ...ORDER_KEY, properties: { ...ORDER_KEY.properties, type: { type: 'string', enum: ['pdf', 'data'], title: '打印类型' } } } },
  handler: async (req, reply, services) => {
    const query = req.query as OrderKey & { type?: string };
    const key = needKey(query);
    const auth = req.auth!;
    const { data, tpl } = await req.tenantTx(async (tx) => {
      const info = await payInfo(tx, auth, key);
      const now = await dbNowText(tx);
      const payList = (info.payList as { payTypeName: string; amount: number; createTime: string }[]).map((p) => ({ payTypeName: p.payTypeName, amount: amountText(p.amount), payTime: p.createTime }));
      const data: Record<string, unknown> = {
        ...info, payList, payAmount: amountText(info.payAmount), paidAmount: amountText(info.paidAmount), changeAmount: amountText(info.changeAmount), totalAmount: amountText(info.totalAmount),
        printTime: now, printUser: auth.displayName ?? auth.userName,
      };
      return { data, tpl: await templateFor(tx, PAY_SLIP_TYPE, () => ({ name: '支付单（默认模板）', template: defaultPaySlipTemplate(), isDefault: true })) };
    }).catch(asCallerError);
    return answerPrint(reply, { kind: query.type ?? 'data', tpl, data, title: `支付单_${String(data.orderNo)}`, services, tenantId: auth.tenantId, log: req.log, logContext: { orderId: data.orderId } });
  },
});
