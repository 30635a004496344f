import type { Queryable } from '../../db/index.ts';

/**
 * What a shop sold, read from the orders (po_order): real sales only (练习收银 left out), an order counts on the
 * day it was sold (已完成 or later 已退款) for its cashier, and a refund subtracts its amount on the day it was
 * made, from the same seller. Days are the database session's calendar days. Amounts in integer fen.
 */

export interface SalesRow {
  day: string;
  userId: number | null;
  userName: string | null;
  soldFen: number;
  refundFen: number;
  netFen: number;
  orderCount: number;
}

/** Sold and refunded per day and seller of one shop, days `from` to `to` inclusive (YYYY-MM-DD). */
export async function salesByDayAndSeller(tx: Queryable, shopId: number, from: string, to: string): Promise<SalesRow[]> {
  const r = await tx.query<{ day: string; user_id: number | null; user_name: string | null; sold: number; refund: number; orders: number }>(
    `WITH sold AS (
       SELECT create_time::date AS day, cashier_user_id AS user_id, max(cashier_name) AS user_name, sum(pay_amount) AS amount, count(*) AS orders
         FROM po_order
        WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2, 4) AND create_time >= $2::date AND create_time < $3::date + 1
        GROUP BY 1, 2),
     refunded AS (
       SELECT day, user_id, max(user_name) AS user_name, sum(amount) AS amount FROM (
         SELECT refund_time::date AS day, cashier_user_id AS user_id, cashier_name AS user_name, refund_amount AS amount
           FROM po_order
          WHERE shop_id = $1 AND NOT is_practice AND refund_time >= $2::date AND refund_time < $3::date + 1
         UNION ALL -- 部分退款: each refund of lines on its own day, for the order's seller
         SELECT e.create_time::date, o.cashier_user_id, o.cashier_name, e.return_amount
           FROM po_order_exchange e JOIN po_order o ON o.order_id = e.order_id
          WHERE e.kind = 2 AND e.shop_id = $1 AND e.create_time >= $2::date AND e.create_time < $3::date + 1) x
        GROUP BY 1, 2)
     SELECT to_char(coalesce(s.day, r.day), 'YYYY-MM-DD') AS day, coalesce(s.user_id, r.user_id) AS user_id,
            coalesce(u.name, s.user_name, r.user_name) AS user_name,
            round(coalesce(s.amount, 0) * 100)::float8 AS sold, round(coalesce(r.amount, 0) * 100)::float8 AS refund, coalesce(s.orders, 0)::int AS orders
       FROM sold s FULL JOIN refunded r ON r.day = s.day AND r.user_id IS NOT DISTINCT FROM s.user_id
       LEFT JOIN sys_user u ON u.id = coalesce(s.user_id, r.user_id)
      ORDER BY 1, 2`,
    [shopId, from, to],
  );
  return r.rows.map((x) => ({
    day: x.day,
    userId: x.user_id,
    userName: x.user_name,
    soldFen: Number(x.sold),
    refundFen: Number(x.refund),
    netFen: Number(x.sold) - Number(x.refund),
    orderCount: Number(x.orders),
  }));
}

/** Net sales in fen of many (shop, from, to) periods at once: one index range scan per period. */
export async function netSalesOfPeriods(tx: Queryable, periods: { shopId: number; from: string; to: string }[]): Promise<number[]> {
  if (!periods.length) return [];
  const r = await tx.query<{ n: number; net: number }>(
    `SELECT p.n::int AS n,
            round(coalesce((SELECT sum(o.pay_amount) FROM po_order o
                             WHERE o.shop_id = p.shop_id AND NOT o.is_practice AND o.status IN (1, 2, 4) AND o.create_time >= p.d_from AND o.create_time < p.d_to + 1), 0) * 100
                - coalesce((SELECT sum(o.refund_amount) FROM po_order o
                             WHERE o.shop_id = p.shop_id AND NOT o.is_practice AND o.refund_time >= p.d_from AND o.refund_time < p.d_to + 1), 0) * 100
                - coalesce((SELECT sum(e.return_amount) FROM po_order_exchange e
                             WHERE e.kind = 2 AND e.shop_id = p.shop_id AND e.create_time >= p.d_from AND e.create_time < p.d_to + 1), 0) * 100)::float8 AS net
       FROM unnest($1::int[], $2::date[], $3::date[]) WITH ORDINALITY AS p(shop_id, d_from, d_to, n)`,
    [periods.map((p) => p.shopId), periods.map((p) => p.from), periods.map((p) => p.to)],
  );
  const out = new Array<number>(periods.length).fill(0);
  for (const x of r.rows) out[Number(x.n) - 1] = Number(x.net);
  return out;
}

/** Net sales in fen per seller of one shop in a period. */
export function netBySeller(rows: SalesRow[]): Map<number | null, { userName: string | null; netFen: number; orderCount: number }> {
  const out = new Map<number | null, { userName: string | null; netFen: number; orderCount: number }>();
  for (const r of rows) {
    const cur = out.get(r.userId) ?? { userName: r.userName, netFen: 0, orderCount: 0 };
    cur.netFen += r.netFen;
    cur.orderCount += r.orderCount;
    out.set(r.userId, cur);
  }
  return out;
}
