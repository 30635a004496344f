-- 换货 in the sales figures (issue 16): an exchange counts on its day (and hour) as a sale of the replacements and a
-- refund of the returned lines, by who made it, at its shop, no order counted — so 门店销售, 导购销售, 订单销售汇总
-- (with the difference's money per payment method), 时段销售, the 工作台 and the contributions move by exactly its
-- difference; the replacements and returned lines count per SKU (po_sales_day_sku: sold status 1, returned status 2,
-- as a refunded order's lines); 商品卖点 (kept orders' lines) leaves them out. The one summary statement of 318-320
-- takes exchanges (headers, lines, payments with k) beside orders; triggers on the three exchange tables feed it; the
-- rebuild and a TRUNCATE include them.

CREATE FUNCTION po_sales_summary_sql(orders text, lines text, pays text, with_orders boolean, exchanges text, xlines text, xpays text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
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
    INSERT INTO po_sales_day AS s (tenant_id, shop_id, day, cashier_user_id, cashier_name, sign, orders, amount, qty, line_amount, cost)
    SELECT tenant_id, shop_id, day, cashier_user_id, cashier_name, sign,
           coalesce(sum(k * n) FILTER (WHERE kind = 'o'), 0), coalesce(sum(k * amount) FILTER (WHERE kind = 'o'), 0),
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
    SELECT tenant_id, shop_id, day, hour, sign, status, sum(k * n), sum(k * amount)
      FROM f WHERE kind = 'o' GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, day, shop_id, hour, sign, status) DO UPDATE SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount),
  -- 商品卖点: the lines of kept sales (sign +1, status 1). `orders` counts an order once per SKU: a whole order in or
  -- out (with_orders) moves each of its SKUs by k; a line written moves its SKU only where the order starts or stops
  -- carrying it (lines of that SKU now, against now less the delta's).
  pt AS (
    SELECT g.*, %5$s AS orders
      FROM (SELECT tenant_id, order_id, day, shop_id, shop_name, hour, sku_id, sum(k) AS lines, sum(k * qty) AS qty, sum(k * amount) AS amount,
                   count(*) FILTER (WHERE k > 0) AS ins, count(*) FILTER (WHERE k < 0) AS outs
              FROM f WHERE kind = 'l' AND sign = 1 AND status = 1 AND NOT ex GROUP BY 1, 2, 3, 4, 5, 6, 7) g %6$s),
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
     CASE WHEN with_orders THEN '' ELSE 'CROSS JOIN LATERAL (SELECT count(*) AS n FROM po_order_det d WHERE d.tenant_id = g.tenant_id AND d.order_id = g.order_id AND d.sku_id = g.sku_id) c' END,
     coalesce(exchanges, 'SELECT 1 AS k, e.* FROM po_order_exchange e WHERE false'),
     coalesce(xlines, 'SELECT 1 AS k, d.* FROM po_order_exchange_det d WHERE false'),
     coalesce(xpays, 'SELECT 1 AS k, y.* FROM po_order_exchange_pay y WHERE false')) $f$;

-- The orders' writer, as before (318's signature: the order triggers call it).
CREATE OR REPLACE FUNCTION po_sales_summary_sql(orders text, lines text, pays text, with_orders boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT po_sales_summary_sql(orders, lines, pays, with_orders, NULL, NULL, NULL) $f$;



CREATE OR REPLACE FUNCTION sales_summary_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM po_sales_day;
  DELETE FROM po_sales_day_pay;
  DELETE FROM po_sales_day_sku;
  DELETE FROM po_sales_day_hour;
  DELETE FROM po_sales_point;
  EXECUTE po_sales_summary_sql('SELECT 1 AS k, o.* FROM po_order o', 'SELECT 1 AS k, d.* FROM po_order_det d', 'SELECT 1 AS k, y.* FROM po_order_pay y', true,
    'SELECT 1 AS k, e.* FROM po_order_exchange e', 'SELECT 1 AS k, d.* FROM po_order_exchange_det d', 'SELECT 1 AS k, y.* FROM po_order_exchange_pay y');
END $$;

-- po_order_exchange, po_order_exchange_det, po_order_exchange_pay: statement triggers (old_rows / new_rows); a deleted
-- exchange leaves before the delete, while its lines and payments are there; a TRUNCATE rebuilds.
CREATE FUNCTION po_sales_exchange_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text;
  touched text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM sales_summary_rebuild();
    RETURN NULL;
  END IF;
  IF TG_LEVEL = 'ROW' THEN
    EXECUTE po_sales_summary_sql('SELECT 1 AS k, o.* FROM po_order o WHERE false', NULL, NULL, true,
      format('SELECT -1 AS k, (%L::po_order_exchange).*', OLD), 'SELECT 1 AS k, d.* FROM po_order_exchange_det d', 'SELECT 1 AS k, y.* FROM po_order_exchange_pay y');
    RETURN OLD;
  END IF;
  delta := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS k, r.* FROM new_rows r'
    WHEN 'DELETE' THEN 'SELECT -1 AS k, r.* FROM old_rows r'
    ELSE 'SELECT -1 AS k, r.* FROM old_rows r UNION ALL SELECT 1, r.* FROM new_rows r' END;
  IF TG_TABLE_NAME = 'po_order_exchange' THEN
    EXECUTE po_sales_summary_sql('SELECT 1 AS k, o.* FROM po_order o WHERE false', NULL, NULL, true,
      delta, 'SELECT 1 AS k, d.* FROM po_order_exchange_det d', 'SELECT 1 AS k, y.* FROM po_order_exchange_pay y');
    RETURN NULL;
  END IF;
  touched := CASE TG_OP WHEN 'INSERT' THEN 'SELECT exchange_id FROM new_rows' WHEN 'DELETE' THEN 'SELECT exchange_id FROM old_rows'
    ELSE 'SELECT exchange_id FROM old_rows UNION SELECT exchange_id FROM new_rows' END;
  EXECUTE po_sales_summary_sql('SELECT 1 AS k, o.* FROM po_order o WHERE false', NULL, NULL, false,
    format('SELECT 1 AS k, e.* FROM po_order_exchange e WHERE e.exchange_id IN (%s)', touched),
    CASE WHEN TG_TABLE_NAME = 'po_order_exchange_det' THEN delta END, CASE WHEN TG_TABLE_NAME = 'po_order_exchange_pay' THEN delta END);
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['po_order_exchange', 'po_order_exchange_det', 'po_order_exchange_pay'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_sales_summary_ins AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_exchange_trigger()', t);
    EXECUTE format('CREATE TRIGGER %1$s_sales_summary_upd AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_exchange_trigger()', t);
    EXECUTE format('CREATE TRIGGER %1$s_sales_summary_trunc AFTER TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION po_sales_exchange_trigger()', t);
    IF t <> 'po_order_exchange' THEN
      EXECUTE format('CREATE TRIGGER %1$s_sales_summary_del AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_exchange_trigger()', t);
    END IF;
  END LOOP;
END $$;
CREATE TRIGGER po_order_exchange_sales_summary_del BEFORE DELETE ON po_order_exchange FOR EACH ROW EXECUTE FUNCTION po_sales_exchange_trigger();

SELECT sales_summary_rebuild();
