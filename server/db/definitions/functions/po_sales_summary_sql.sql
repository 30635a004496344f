-- The sales summaries' one writer (issue 16 performance): the statement that turns a change of orders, their lines and
-- payments, and of exchanges (换货), their lines and payments, into the change of the five summaries the statistics
-- read instead of scanning a period's orders: po_sales_day (per shop, day, seller and sign: 门店销售, 导购销售, 订单销售,
-- the 工作台), po_sales_day_sku (per shop, day, SKU, sign and order status: 铺货分析), po_sales_day_hour (per shop,
-- day, hour, sign and status: 时段销售), po_sales_point (kept sales' lines per day, shop, shop name, hour and SKU:
-- 商品卖点) and po_sales_day_pay (money per payment method, a cash payment's change subtracted).
--
-- Arguments are queries: `orders` order rows with k (SELECT k, o.* ...), `lines` and `pays` line and payment rows with
-- k, or NULL for none (only those of the delta's orders count); `exchanges`, `xlines`, `xpays` the same for exchanges
-- (NULL: none). k = +1 (added) or -1 (taken away). with_orders: the orders' (exchanges') own figures are part of the
-- delta (an order written), not only their lines or payments (a line or payment written).
--
-- What counts (server/domains/stats/salesQueries.ts MOVES/LINES): a real sale (练习 left out, status 1 or 2) counts +1
-- on the day (and hour) it was sold, a refund -1 on the day it was made, in the business time zone (app_business_tz()),
-- for the order's seller. An exchange counts on its day as a sale of the replacements (+1: give_amount, lines as sold,
-- status 1) and a refund of the returned lines (-1: return_amount, status 2), by who made it, no order counted (n 0);
-- 商品卖点 leaves exchanges out.
--
-- 部分退款 (status 4) counts as a sale kept (status 1): its refunds of lines are return-only exchanges (kind 2),
-- counted above as the returned side of an exchange; once the last unit is back it is 已退款 (2) like any refund.
--
-- The statement only INSERTs the delta into the insert-only pending tables (X_pending, no unique key: concurrent sales
-- never wait on a shared summary row); sales_summary_fold() adds them into the summaries. Callers: the triggers
-- (po_sales_summary_trigger, po_sales_exchange_trigger) and sales_summary_rebuild().
-- From migration 318_sales_summary_one_writer.sql; changed in 319, 320, 321, 326 and 330 (330 wrapped 326's statement
-- to credit the seller; here the two are one statement).
CREATE OR REPLACE FUNCTION po_sales_summary_sql(orders text, lines text, pays text, with_orders boolean,
                                                exchanges text DEFAULT NULL, xlines text DEFAULT NULL, xpays text DEFAULT NULL)
RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
  -- The orders (部分退款 counted as 已完成), each credited to its seller: the 导购 set in 修改订单信息 (salesman_id, salesman_name), else its cashier.
  WITH o AS (
    SELECT z.k, z.tenant_id, z.order_id, z.shop_id, z.shop_name, CASE WHEN z.status = 4 THEN 1 ELSE z.status END AS status, z.is_practice, z.create_time, z.refund_time, z.pay_amount, z.refund_amount, z.change_amount,
           coalesce(z.salesman_id, z.cashier_user_id) AS cashier_user_id, CASE WHEN z.salesman_id IS NULL THEN z.cashier_name ELSE z.salesman_name END AS cashier_name
      FROM (%1$s) z),
  m AS MATERIALIZED (
    SELECT k, tenant_id, order_id, shop_id, shop_name, status, cashier_user_id, cashier_name, change_amount, 1 AS sign, pay_amount AS amount,
           create_time AT TIME ZONE app_business_tz() AS at
      FROM o WHERE NOT is_practice AND status IN (1, 2)
    UNION ALL
    SELECT k, tenant_id, order_id, shop_id, shop_name, status, cashier_user_id, cashier_name, change_amount, -1, refund_amount,
           refund_time AT TIME ZONE app_business_tz()
      FROM o WHERE NOT is_practice AND refund_time IS NOT NULL),
  l AS (SELECT * FROM (%2$s) x WHERE x.order_id IN (SELECT order_id FROM m)),
  y AS (SELECT * FROM (%3$s) x WHERE x.order_id IN (SELECT order_id FROM m)),
  e AS (%7$s),
  em AS MATERIALIZED (
    SELECT k, tenant_id, exchange_id, shop_id, shop_name, user_id, user_name, change_amount, give_amount, return_amount,
           create_time AT TIME ZONE app_business_tz() AS at
      FROM e),
  xl AS (SELECT * FROM (%8$s) x WHERE x.exchange_id IN (SELECT exchange_id FROM em)),
  xy AS (SELECT * FROM (%9$s) x WHERE x.exchange_id IN (SELECT exchange_id FROM em)),
  f AS MATERIALIZED (
    SELECT 'o'::text AS kind, m.k, m.tenant_id, m.order_id, m.shop_id, m.shop_name, m.at::date AS day, extract(hour FROM m.at)::int AS hour, m.sign, m.status, m.cashier_user_id, m.cashier_name,
           NULL::int AS sku_id, NULL::smallint AS pay_type, 0::numeric AS qty, m.amount, 0::numeric AS cost, 0::numeric AS cost_fen, 1 AS n, false AS ex
      FROM m WHERE %4$s
    UNION ALL
    SELECT 'l', m.k * l.k, m.tenant_id, m.order_id, m.shop_id, m.shop_name, m.at::date, extract(hour FROM m.at)::int, m.sign, m.status, m.cashier_user_id, m.cashier_name,
           l.sku_id, NULL, l.quantity, l.amount, l.quantity * l.unit_cost, round(l.quantity * l.unit_cost, 2), 1, false
      FROM m JOIN l ON l.tenant_id = m.tenant_id AND l.order_id = m.order_id
    UNION ALL
    SELECT 'p', m.k * y.k, m.tenant_id, m.order_id, m.shop_id, m.shop_name, m.at::date, extract(hour FROM m.at)::int, m.sign, m.status, m.cashier_user_id, m.cashier_name,
           NULL, y.pay_type, 0, y.amount - CASE WHEN y.pay_type = 1 THEN m.change_amount ELSE 0 END, 0, 0, 1, false
      FROM m JOIN y ON y.tenant_id = m.tenant_id AND y.order_id = m.order_id
    -- 换货: on its day and hour, by who made it, no order counted (n 0): the replacements a sale (+1: give_amount, their
    -- lines as sold, status 1), the returned lines a refund (-1: return_amount, status 2), the difference's money taken
    -- (or paid back, negative) per method as the order's payments are.
    UNION ALL
    SELECT 'o', em.k, em.tenant_id, NULL, em.shop_id, em.shop_name, em.at::date, extract(hour FROM em.at)::int, s.sign, CASE WHEN s.sign = 1 THEN 1 ELSE 2 END, em.user_id, em.user_name,
           NULL, NULL, 0, CASE WHEN s.sign = 1 THEN em.give_amount ELSE em.return_amount END, 0, 0, 0, true
      FROM em CROSS JOIN (VALUES (1), (-1)) s(sign) WHERE %4$s
    UNION ALL
    SELECT 'l', em.k * xl.k, em.tenant_id, NULL, em.shop_id, em.shop_name, em.at::date, extract(hour FROM em.at)::int, CASE WHEN xl.direction = 2 THEN 1 ELSE -1 END,
           CASE WHEN xl.direction = 2 THEN 1 ELSE 2 END, em.user_id, em.user_name,
           xl.sku_id, NULL, xl.quantity, xl.amount, xl.quantity * xl.unit_cost, round(xl.quantity * xl.unit_cost, 2), 0, true
      FROM em JOIN xl ON xl.tenant_id = em.tenant_id AND xl.exchange_id = em.exchange_id
    UNION ALL
    SELECT 'p', em.k * xy.k, em.tenant_id, NULL, em.shop_id, em.shop_name, em.at::date, extract(hour FROM em.at)::int, 1, 1, em.user_id, em.user_name,
           NULL, xy.pay_type, 0, xy.amount - CASE WHEN xy.pay_type = 1 THEN em.change_amount ELSE 0 END, 0, 0, 0, true
      FROM em JOIN xy ON xy.tenant_id = em.tenant_id AND xy.exchange_id = em.exchange_id),
  day_rows AS (
    INSERT INTO po_sales_day_pending (tenant_id, shop_id, day, cashier_user_id, cashier_name, sign, orders, amount, qty, line_amount, cost)
    SELECT tenant_id, shop_id, day, cashier_user_id, cashier_name, sign,
           coalesce(sum(k * n) FILTER (WHERE kind = 'o'), 0), coalesce(sum(k * amount) FILTER (WHERE kind = 'o'), 0),
           coalesce(sum(k * sign * qty) FILTER (WHERE kind = 'l'), 0), coalesce(sum(k * sign * amount) FILTER (WHERE kind = 'l'), 0),
           coalesce(sum(k * sign * cost) FILTER (WHERE kind = 'l'), 0)
      FROM f WHERE kind IN ('o', 'l') GROUP BY 1, 2, 3, 4, 5, 6),
  sku_rows AS (
    INSERT INTO po_sales_day_sku_pending (tenant_id, shop_id, day, sku_id, sign, status, n, qty, amount, cost)
    SELECT tenant_id, shop_id, day, sku_id, sign, status, sum(k), sum(k * qty), sum(k * amount), sum(k * cost_fen)
      FROM f WHERE kind = 'l' GROUP BY 1, 2, 3, 4, 5, 6),
  hour_rows AS (
    INSERT INTO po_sales_day_hour_pending (tenant_id, shop_id, day, hour, sign, status, orders, amount)
    SELECT tenant_id, shop_id, day, hour, sign, status, sum(k * n), sum(k * amount)
      FROM f WHERE kind = 'o' GROUP BY 1, 2, 3, 4, 5, 6),
  -- 商品卖点: the lines of kept sales (sign +1, status 1). `orders` counts an order once per SKU: a whole order in or
  -- out (with_orders) moves each of its SKUs by k; a line written moves its SKU only where the order starts or stops
  -- carrying it (lines of that SKU now, against now less the delta's).
  pt AS (
    SELECT g.*, %5$s AS orders
      FROM (SELECT tenant_id, order_id, day, shop_id, shop_name, hour, sku_id, sum(k) AS lines, sum(k * qty) AS qty, sum(k * amount) AS amount,
                   count(*) FILTER (WHERE k > 0) AS ins, count(*) FILTER (WHERE k < 0) AS outs
              FROM f WHERE kind = 'l' AND sign = 1 AND status = 1 AND NOT ex GROUP BY 1, 2, 3, 4, 5, 6, 7) g %6$s),
  point_rows AS (
    INSERT INTO po_sales_point_pending (tenant_id, day, shop_id, shop_name, hour, sku_id, orders, lines, qty_milli, amount_fen)
    SELECT tenant_id, day, shop_id, shop_name, hour, sku_id, sum(orders), sum(lines), (sum(qty) * 1000)::bigint, (sum(amount) * 100)::bigint
      FROM pt GROUP BY 1, 2, 3, 4, 5, 6)
  INSERT INTO po_sales_day_pay_pending (tenant_id, shop_id, day, pay_type, sign, n, amount)
  SELECT tenant_id, shop_id, day, pay_type, sign, sum(k), sum(k * amount)
    FROM f WHERE kind = 'p' GROUP BY 1, 2, 3, 4, 5
$q$, orders, coalesce(lines, 'SELECT 1 AS k, d.* FROM po_order_det d WHERE false'), coalesce(pays, 'SELECT 1 AS k, y.* FROM po_order_pay y WHERE false'),
     CASE WHEN with_orders THEN 'true' ELSE 'false' END,
     CASE WHEN with_orders THEN '(g.ins > 0)::int - (g.outs > 0)::int' ELSE '(c.n > 0)::int - (c.n - g.lines > 0)::int' END,
     CASE WHEN with_orders THEN '' ELSE 'CROSS JOIN LATERAL (SELECT count(*) AS n FROM po_order_det d WHERE d.tenant_id = g.tenant_id AND d.order_id = g.order_id AND d.sku_id = g.sku_id) c' END,
     coalesce(exchanges, 'SELECT 1 AS k, e.* FROM po_order_exchange e WHERE false'),
     coalesce(xlines, 'SELECT 1 AS k, d.* FROM po_order_exchange_det d WHERE false'),
     coalesce(xpays, 'SELECT 1 AS k, y.* FROM po_order_exchange_pay y WHERE false')) $f$;

