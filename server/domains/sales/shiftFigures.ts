import type { Queryable } from '../../db/index.ts';
import { PAY_TYPES, CASH } from './pricing.ts';

/**
 * A 收银班次's figures from the orders, refunds and 换货 of its cashier at its shop during it (shiftQueries.ts opens,
 * reads and hands shifts over with them; the demo seed closes its shifts with them). Apart from shiftQueries.ts so
 * that the sales area's public face can give them without the hand-over's 销售日报.
 */

export interface PayFigure {
  payType: number;
  payName: string;
  saleAmount: number;
  refundAmount: number;
  netAmount: number;
}

/** The orders a shift sold and the refunds it paid back (cash change and amounts kept), for both queries below. */
export const SHIFT_ORDERS = `
  c AS (SELECT * FROM shop_class_record WHERE class_id = $1),
  sold AS (
    SELECT o.order_id, o.change_amount, o.pay_amount, o.refund_amount FROM po_order o, c
     WHERE o.cashier_user_id = c.user_id AND o.shop_id = c.shop_id AND o.is_practice = c.is_practice AND o.status IN (1, 2, 4)
       AND o.create_time >= c.start_time AND o.create_time < coalesce(c.end_time, now() + interval '1 second')),
  back AS (
    SELECT o.order_id, o.change_amount, o.pay_amount, o.refund_amount FROM po_order o, c
     WHERE o.refund_user_id = c.user_id AND o.shop_id = c.shop_id AND o.is_practice = c.is_practice
       AND o.refund_time >= c.start_time AND o.refund_time < coalesce(c.end_time, now() + interval '1 second'))`;

/**
 * The shift's money per payment method, in SQL numerics (exact): sales of its orders (cash net of the change
 * given), refunds it paid back (each refunded order's own payments), and the price differences of its 换货 taken
 * or paid back, up to its hand-over (now while open).
 */
export async function shiftFigures(tx: Queryable, classId: number) {
  const pays = await tx.query<{ pay_type: number; sale: string; refund: string }>(
    `WITH ${SHIFT_ORDERS},
     per AS (
       SELECT p.pay_type, p.order_id, sum(p.amount) - CASE WHEN p.pay_type = ${CASH} THEN max(x.change_amount) ELSE 0 END AS amount
         FROM po_order_pay p JOIN (SELECT * FROM sold UNION SELECT * FROM back) x ON x.order_id = p.order_id
        GROUP BY p.pay_type, p.order_id)
     SELECT per.pay_type,
            coalesce(sum(per.amount) FILTER (WHERE per.order_id IN (SELECT order_id FROM sold)), 0)::text AS sale,
            coalesce(sum(per.amount) FILTER (WHERE per.order_id IN (SELECT order_id FROM back)), 0)::text AS refund
       FROM per GROUP BY per.pay_type ORDER BY per.pay_type`,
    [classId],
  );
  // Refunds of lines (部分退款) the cashier made at this shop during the shift count as refunds too; their money per
  // method is with the 换货 differences below.
  const counts = await tx.query<{ orders: number; sales: string; refunds: number; refunded: string }>(
    `WITH ${SHIFT_ORDERS},
     lines_back AS (
       SELECT e.return_amount FROM po_order_exchange e, c
        WHERE e.kind = 2 AND e.user_id = c.user_id AND e.shop_id = c.shop_id AND NOT c.is_practice
          AND e.create_time >= c.start_time AND e.create_time < coalesce(c.end_time, now() + interval '1 second'))
     SELECT (SELECT count(*)::int FROM sold) AS orders, (SELECT coalesce(sum(pay_amount), 0)::text FROM sold) AS sales,
            (SELECT count(*)::int FROM back) + (SELECT count(*)::int FROM lines_back) AS refunds,
            ((SELECT coalesce(sum(refund_amount), 0) FROM back) + (SELECT coalesce(sum(return_amount), 0) FROM lines_back))::text AS refunded`,
    [classId],
  );
  // 换货 this cashier made at this shop during the shift: a difference collected counts as takings (cash net of the
  // change given), one paid back as money out.
  const swaps = await tx.query<{ pay_type: number; sale: string; refund: string }>(
    `WITH c AS (SELECT * FROM shop_class_record WHERE class_id = $1),
     per AS (
       SELECT p.pay_type, e.exchange_id, sum(p.amount) - CASE WHEN p.pay_type = ${CASH} AND sum(p.amount) > 0 THEN max(e.change_amount) ELSE 0 END AS amount
         FROM po_order_exchange_pay p JOIN po_order_exchange e ON e.exchange_id = p.exchange_id, c
        WHERE e.user_id = c.user_id AND e.shop_id = c.shop_id AND NOT c.is_practice
          AND e.create_time >= c.start_time AND e.create_time < coalesce(c.end_time, now() + interval '1 second')
        GROUP BY p.pay_type, e.exchange_id)
     SELECT pay_type, coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS sale, coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::text AS refund
       FROM per GROUP BY pay_type`,
    [classId],
  );
  const swapByType = new Map(swaps.rows.map((r) => [Number(r.pay_type), r]));
  const byType = new Map(pays.rows.map((r) => [Number(r.pay_type), r]));
  const payList: PayFigure[] = Object.entries(PAY_TYPES).map(([k, name]) => {
    const r = byType.get(Number(k));
    const x = swapByType.get(Number(k));
    const sale = Math.round((Number(r?.sale ?? 0) + Number(x?.sale ?? 0)) * 100) / 100;
    const refund = Math.round((Number(r?.refund ?? 0) + Number(x?.refund ?? 0)) * 100) / 100;
    return { payType: Number(k), payName: name, saleAmount: sale, refundAmount: refund, netAmount: Math.round((sale - refund) * 100) / 100 };
  });
  const c = counts.rows[0];
  const cash = payList.find((p) => p.payType === CASH)!;
  return { orderCount: c.orders, saleAmount: Number(c.sales), refundCount: c.refunds, refundAmount: Number(c.refunded), cashAmount: cash.netAmount, payList };
}

