-- 商品卖点's summary in integers (issue 16 performance): a month of it is about as many rows as the month's lines
-- (per day, shop, hour and SKU), and summing numeric columns over half a million rows cost more than the scan. Orders
-- and lines as integer, quantity in thousandths and amount in fen as bigint (exact: the lines' scales are 3 and 2).
ALTER TABLE po_sales_point ALTER COLUMN orders TYPE integer, ALTER COLUMN lines TYPE integer,
  ALTER COLUMN qty TYPE bigint USING (qty * 1000)::bigint, ALTER COLUMN amount TYPE bigint USING (amount * 100)::bigint;
ALTER TABLE po_sales_point RENAME COLUMN qty TO qty_milli;
ALTER TABLE po_sales_point RENAME COLUMN amount TO amount_fen;

CREATE OR REPLACE FUNCTION po_sales_summary_sql(orders text, lines text, pays text, with_orders boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
  WITH o AS (%1$s),
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
  f AS MATERIALIZED (
    SELECT 'o'::text AS kind, m.k, m.tenant_id, m.order_id, m.shop_id, m.shop_name, m.at::date AS day, extract(hour FROM m.at)::int AS hour, m.sign, m.status, m.cashier_user_id, m.cashier_name,
           NULL::int AS sku_id, NULL::smallint AS pay_type, 0::numeric AS qty, m.amount, 0::numeric AS cost, 0::numeric AS cost_fen
      FROM m WHERE %4$s
    UNION ALL
    SELECT 'l', m.k * l.k, m.tenant_id, m.order_id, m.shop_id, m.shop_name, m.at::date, extract(hour FROM m.at)::int, m.sign, m.status, m.cashier_user_id, m.cashier_name,
           l.sku_id, NULL, l.quantity, l.amount, l.quantity * l.unit_cost, round(l.quantity * l.unit_cost, 2)
      FROM m JOIN l ON l.tenant_id = m.tenant_id AND l.order_id = m.order_id
    UNION ALL
    SELECT 'p', m.k * y.k, m.tenant_id, m.order_id, m.shop_id, m.shop_name, m.at::date, extract(hour FROM m.at)::int, m.sign, m.status, m.cashier_user_id, m.cashier_name,
           NULL, y.pay_type, 0, y.amount - CASE WHEN y.pay_type = 1 THEN m.change_amount ELSE 0 END, 0, 0
      FROM m JOIN y ON y.tenant_id = m.tenant_id AND y.order_id = m.order_id),
  day_rows AS (
    INSERT INTO po_sales_day AS s (tenant_id, shop_id, day, cashier_user_id, cashier_name, sign, orders, amount, qty, line_amount, cost)
    SELECT tenant_id, shop_id, day, cashier_user_id, cashier_name, sign,
           coalesce(sum(k) FILTER (WHERE kind = 'o'), 0), coalesce(sum(k * amount) FILTER (WHERE kind = 'o'), 0),
           coalesce(sum(k * sign * qty) FILTER (WHERE kind = 'l'), 0), coalesce(sum(k * sign * amount) FILTER (WHERE kind = 'l'), 0),
           coalesce(sum(k * sign * cost) FILTER (WHERE kind = 'l'), 0)
      FROM f WHERE kind IN ('o', 'l') GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, day, shop_id, cashier_user_id, cashier_name, sign) DO UPDATE
      SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount, qty = s.qty + excluded.qty,
          line_amount = s.line_amount + excluded.line_amount, cost = s.cost + excluded.cost),
  sku_rows AS (
    INSERT INTO po_sales_day_sku AS s (tenant_id, shop_id, day, sku_id, sign, status, n, qty, amount, cost)
    SELECT tenant_id, shop_id, day, sku_id, sign, status, sum(k), sum(k * qty), sum(k * amount), sum(k * cost_fen)
      FROM f WHERE kind = 'l' GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, day, shop_id, sku_id, sign, status) DO UPDATE
      SET n = s.n + excluded.n, qty = s.qty + excluded.qty, amount = s.amount + excluded.amount, cost = s.cost + excluded.cost),
  hour_rows AS (
    INSERT INTO po_sales_day_hour AS s (tenant_id, shop_id, day, hour, sign, status, orders, amount)
    SELECT tenant_id, shop_id, day, hour, sign, status, sum(k), sum(k * amount)
      FROM f WHERE kind = 'o' GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, day, shop_id, hour, sign, status) DO UPDATE SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount),
  -- 商品卖点: the lines of kept sales (sign +1, status 1). `orders` counts an order once per SKU: a whole order in or
  -- out (with_orders) moves each of its SKUs by k; a line written moves its SKU only where the order starts or stops
  -- carrying it (lines of that SKU now, against now less the delta's).
  pt AS (
    SELECT g.*, %5$s AS orders
      FROM (SELECT tenant_id, order_id, day, shop_id, shop_name, hour, sku_id, sum(k) AS lines, sum(k * qty) AS qty, sum(k * amount) AS amount,
                   count(*) FILTER (WHERE k > 0) AS ins, count(*) FILTER (WHERE k < 0) AS outs
              FROM f WHERE kind = 'l' AND sign = 1 AND status = 1 GROUP BY 1, 2, 3, 4, 5, 6, 7) g %6$s),
  point_rows AS (
    INSERT INTO po_sales_point AS s (tenant_id, day, shop_id, shop_name, hour, sku_id, orders, lines, qty_milli, amount_fen)
    SELECT tenant_id, day, shop_id, shop_name, hour, sku_id, sum(orders), sum(lines), (sum(qty) * 1000)::bigint, (sum(amount) * 100)::bigint
      FROM pt GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, day, shop_id, shop_name, hour, sku_id) DO UPDATE
      SET orders = s.orders + excluded.orders, lines = s.lines + excluded.lines, qty_milli = s.qty_milli + excluded.qty_milli, amount_fen = s.amount_fen + excluded.amount_fen)
  INSERT INTO po_sales_day_pay AS s (tenant_id, shop_id, day, pay_type, sign, n, amount)
  SELECT tenant_id, shop_id, day, pay_type, sign, sum(k), sum(k * amount)
    FROM f WHERE kind = 'p' GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, day, shop_id, pay_type, sign) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount
$q$, orders, coalesce(lines, 'SELECT 1 AS k, d.* FROM po_order_det d WHERE false'), coalesce(pays, 'SELECT 1 AS k, y.* FROM po_order_pay y WHERE false'),
     CASE WHEN with_orders THEN 'true' ELSE 'false' END,
     CASE WHEN with_orders THEN '(g.ins > 0)::int - (g.outs > 0)::int' ELSE '(c.n > 0)::int - (c.n - g.lines > 0)::int' END,
     CASE WHEN with_orders THEN '' ELSE 'CROSS JOIN LATERAL (SELECT count(*) AS n FROM po_order_det d WHERE d.tenant_id = g.tenant_id AND d.order_id = g.order_id AND d.sku_id = g.sku_id) c' END) $f$;

