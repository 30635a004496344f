-- Two more sales summaries (issue 16 performance), written by the one statement of 318 (po_sales_summary_sql) in
-- the business time zone:
-- - po_sales_day_hour: movements per shop, day, hour, sign and order status (count and pay/refund amount): 时段销售
--   and the 工作台's hours read it; 商品卖点 its count of kept orders (status 1);
-- - po_sales_point: the lines of kept sales (已完成, practice left out) per day, shop, the order's shop name, hour and
--   SKU: orders carrying the SKU, lines, quantity, amount — 商品卖点's orders, share, quantity, amount, peak hour and
--   top shop without reading the month's order lines.
CREATE TABLE po_sales_day_hour (
  tenant_id  integer NOT NULL,
  shop_id    integer NOT NULL,
  day        date NOT NULL,
  hour       smallint NOT NULL,
  sign       smallint NOT NULL,
  status     smallint NOT NULL,
  orders     bigint NOT NULL DEFAULT 0,
  amount     numeric NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, day, shop_id, hour, sign, status)
);

CREATE TABLE po_sales_point (
  tenant_id  integer NOT NULL,
  day        date NOT NULL,
  shop_id    integer NOT NULL,
  shop_name  varchar(24),
  hour       smallint NOT NULL,
  sku_id     integer NOT NULL,
  orders     bigint NOT NULL DEFAULT 0,
  lines      bigint NOT NULL DEFAULT 0,
  qty        numeric NOT NULL DEFAULT 0,
  amount     numeric NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (tenant_id, day, shop_id, shop_name, hour, sku_id)
);

SELECT enable_tenancy('po_sales_day_hour', 'po_sales_point');

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
    INSERT INTO po_sales_point AS s (tenant_id, day, shop_id, shop_name, hour, sku_id, orders, lines, qty, amount)
    SELECT tenant_id, day, shop_id, shop_name, hour, sku_id, sum(orders), sum(lines), sum(qty), sum(amount)
      FROM pt GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, day, shop_id, shop_name, hour, sku_id) DO UPDATE
      SET orders = s.orders + excluded.orders, lines = s.lines + excluded.lines, qty = s.qty + excluded.qty, amount = s.amount + excluded.amount)
  INSERT INTO po_sales_day_pay AS s (tenant_id, shop_id, day, pay_type, sign, n, amount)
  SELECT tenant_id, shop_id, day, pay_type, sign, sum(k), sum(k * amount)
    FROM f WHERE kind = 'p' GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, day, shop_id, pay_type, sign) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount
$q$, orders, coalesce(lines, 'SELECT 1 AS k, d.* FROM po_order_det d WHERE false'), coalesce(pays, 'SELECT 1 AS k, y.* FROM po_order_pay y WHERE false'),
     CASE WHEN with_orders THEN 'true' ELSE 'false' END,
     CASE WHEN with_orders THEN '(g.ins > 0)::int - (g.outs > 0)::int' ELSE '(c.n > 0)::int - (c.n - g.lines > 0)::int' END,
     CASE WHEN with_orders THEN '' ELSE 'CROSS JOIN LATERAL (SELECT count(*) AS n FROM po_order_det d WHERE d.tenant_id = g.tenant_id AND d.order_id = g.order_id AND d.sku_id = g.sku_id) c' END) $f$;

CREATE OR REPLACE FUNCTION sales_summary_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM po_sales_day;
  DELETE FROM po_sales_day_pay;
  DELETE FROM po_sales_day_sku;
  DELETE FROM po_sales_day_hour;
  DELETE FROM po_sales_point;
  PERFORM po_sales_summary_apply('SELECT 1 AS k, o.* FROM po_order o', 'SELECT 1 AS k, d.* FROM po_order_det d', 'SELECT 1 AS k, y.* FROM po_order_pay y', true);
END $$;

-- The order's shop name is now a summarised figure: an update changing it moves the order.
CREATE OR REPLACE FUNCTION po_sales_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'tenant_id, shop_id, shop_name, status, is_practice, create_time, refund_time, pay_amount, refund_amount, change_amount, cashier_user_id, cashier_name';
  all_lines text := 'SELECT 1 AS k, d.* FROM po_order_det d';
  all_pays text := 'SELECT 1 AS k, y.* FROM po_order_pay y';
  delta text;
  touched text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM sales_summary_rebuild();
    RETURN NULL;
  END IF;
  IF TG_LEVEL = 'ROW' THEN
    EXECUTE po_sales_summary_sql(format('SELECT -1 AS k, (%L::po_order).*', OLD), all_lines, all_pays, true);
    RETURN OLD;
  END IF;
  IF TG_TABLE_NAME = 'po_order' THEN
    -- An update: only the orders whose counted figures changed, their old movements out and their new ones in.
    delta := CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT 1 AS k, n.* FROM new_rows n'
      ELSE format('SELECT -1 AS k, o.* FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id WHERE (o.%1$s) IS DISTINCT FROM (n.%2$s)
                   UNION ALL SELECT 1, n.* FROM new_rows n JOIN old_rows o ON o.order_id = n.order_id WHERE (o.%1$s) IS DISTINCT FROM (n.%2$s)',
                  replace(cols, ', ', ', o.'), replace(cols, ', ', ', n.')) END;
    EXECUTE po_sales_summary_sql(delta, all_lines, all_pays, true);
    RETURN NULL;
  END IF;
  delta := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS k, r.* FROM new_rows r'
    WHEN 'DELETE' THEN 'SELECT -1 AS k, r.* FROM old_rows r'
    ELSE 'SELECT -1 AS k, r.* FROM old_rows r UNION ALL SELECT 1, r.* FROM new_rows r' END;
  touched := CASE TG_OP WHEN 'INSERT' THEN 'SELECT order_id FROM new_rows' WHEN 'DELETE' THEN 'SELECT order_id FROM old_rows'
    ELSE 'SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows' END;
  EXECUTE po_sales_summary_sql(format('SELECT 1 AS k, o.* FROM po_order o WHERE o.order_id IN (%s)', touched),
    CASE WHEN TG_TABLE_NAME = 'po_order_det' THEN delta END, CASE WHEN TG_TABLE_NAME = 'po_order_pay' THEN delta END, false);
  RETURN NULL;
END $$;

SELECT sales_summary_rebuild();
