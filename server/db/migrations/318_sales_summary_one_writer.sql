-- The sales summaries (305 po_sales_day, po_sales_day_pay; 306 po_sales_day_sku) written in one place, with the same
-- results: 305/306 repeated their upserts in three generators (orders, lines, payments). Here every change is turned
-- into the same delta of facts — one 'o' row per movement (a sale +1 on its day, a refund -1 on its day), one 'l' row
-- per line of a movement, one 'p' row per payment of a movement, each with k = +1 (added) or -1 (taken away) — and
-- po_sales_summary_sql(orders, lines, payments, with_orders) is the only statement that adds a delta to the tables.
-- One trigger function (po_sales_summary_trigger) serves the three tables.
--
-- Business time zone: the summaries bucket a movement's day (and hour) in app_business_tz(), one explicit zone, not
-- the writer's session zone; the server pins every session's TimeZone to the same zone (server/db/index.ts
-- BUSINESS_TZ), so current_date (dbToday), the statistics' period bounds and the summaries' days agree. To change
-- it: replace app_business_tz() and BUSINESS_TZ together and call sales_summary_rebuild().
--
-- Never silently stale: a TRUNCATE of the orders, lines or payments rebuilds the summaries (statement triggers), and
-- sales_summary_rebuild() recomputes them from the orders as they stand (the caller's tenant under RLS; every tenant
-- for the owner), as this migration does for the rows written before it.

CREATE FUNCTION app_business_tz() RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 'UTC'::text $$;

-- `orders`: order rows with k (SELECT k, o.* ...); `lines`, `pays`: line and payment rows with k, or NULL for none
-- (the builder keeps only those of the delta's orders). with_orders: the orders' own figures (counts, amounts) are
-- part of the delta (an order written), not only their lines or payments (a line or payment written).
CREATE FUNCTION po_sales_summary_sql(orders text, lines text, pays text, with_orders boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
  WITH o AS (%1$s),
  m AS MATERIALIZED (
    SELECT k, tenant_id, order_id, shop_id, status, cashier_user_id, cashier_name, change_amount, 1 AS sign, pay_amount AS amount,
           create_time AT TIME ZONE app_business_tz() AS at
      FROM o WHERE NOT is_practice AND status IN (1, 2)
    UNION ALL
    SELECT k, tenant_id, order_id, shop_id, status, cashier_user_id, cashier_name, change_amount, -1, refund_amount,
           refund_time AT TIME ZONE app_business_tz()
      FROM o WHERE NOT is_practice AND refund_time IS NOT NULL),
  l AS (SELECT * FROM (%2$s) x WHERE x.order_id IN (SELECT order_id FROM m)),
  y AS (SELECT * FROM (%3$s) x WHERE x.order_id IN (SELECT order_id FROM m)),
  f AS MATERIALIZED (
    SELECT 'o'::text AS kind, m.k, m.tenant_id, m.shop_id, m.at::date AS day, m.sign, m.status, m.cashier_user_id, m.cashier_name,
           NULL::int AS sku_id, NULL::smallint AS pay_type, 0::numeric AS qty, m.amount, 0::numeric AS cost, 0::numeric AS cost_fen
      FROM m WHERE %4$s
    UNION ALL
    SELECT 'l', m.k * l.k, m.tenant_id, m.shop_id, m.at::date, m.sign, m.status, m.cashier_user_id, m.cashier_name,
           l.sku_id, NULL, l.quantity, l.amount, l.quantity * l.unit_cost, round(l.quantity * l.unit_cost, 2)
      FROM m JOIN l ON l.tenant_id = m.tenant_id AND l.order_id = m.order_id
    UNION ALL
    SELECT 'p', m.k * y.k, m.tenant_id, m.shop_id, m.at::date, m.sign, m.status, m.cashier_user_id, m.cashier_name,
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
      SET n = s.n + excluded.n, qty = s.qty + excluded.qty, amount = s.amount + excluded.amount, cost = s.cost + excluded.cost)
  INSERT INTO po_sales_day_pay AS s (tenant_id, shop_id, day, pay_type, sign, n, amount)
  SELECT tenant_id, shop_id, day, pay_type, sign, sum(k), sum(k * amount)
    FROM f WHERE kind = 'p' GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, day, shop_id, pay_type, sign) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount
$q$, orders, coalesce(lines, 'SELECT 1 AS k, d.* FROM po_order_det d WHERE false'), coalesce(pays, 'SELECT 1 AS k, y.* FROM po_order_pay y WHERE false'),
     CASE WHEN with_orders THEN 'true' ELSE 'false' END) $f$;

-- Outside a trigger (transition tables are visible only to the trigger function's own EXECUTE).
CREATE FUNCTION po_sales_summary_apply(orders text, lines text, pays text, with_orders boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE po_sales_summary_sql(orders, lines, pays, with_orders);
END $$;

CREATE FUNCTION sales_summary_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM po_sales_day;
  DELETE FROM po_sales_day_pay;
  DELETE FROM po_sales_day_sku;
  PERFORM po_sales_summary_apply('SELECT 1 AS k, o.* FROM po_order o', 'SELECT 1 AS k, d.* FROM po_order_det d', 'SELECT 1 AS k, y.* FROM po_order_pay y', true);
END $$;

-- po_order, po_order_det and po_order_pay: statement triggers with transition tables old_rows / new_rows; a
-- deleted order leaves (row trigger, before the delete, while its lines and payments are still there: the cascaded
-- line and payment deletes then find no order and add nothing); a TRUNCATE rebuilds.
CREATE FUNCTION po_sales_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'tenant_id, shop_id, status, is_practice, create_time, refund_time, pay_amount, refund_amount, change_amount, cashier_user_id, cashier_name';
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

DROP TRIGGER po_order_sales_day_ins ON po_order;
DROP TRIGGER po_order_sales_day_upd ON po_order;
DROP TRIGGER po_order_sales_day_del ON po_order;
DROP TRIGGER po_order_det_sales_day_ins ON po_order_det;
DROP TRIGGER po_order_det_sales_day_upd ON po_order_det;
DROP TRIGGER po_order_det_sales_day_del ON po_order_det;
DROP TRIGGER po_order_pay_sales_day_ins ON po_order_pay;
DROP TRIGGER po_order_pay_sales_day_upd ON po_order_pay;
DROP TRIGGER po_order_pay_sales_day_del ON po_order_pay;
DROP FUNCTION po_order_sales_day();
DROP FUNCTION po_order_sales_day_delete();
DROP FUNCTION po_order_det_sales_day();
DROP FUNCTION po_order_pay_sales_day();
DROP FUNCTION po_sales_day_orders_sql(text);
DROP FUNCTION po_sales_day_lines_sql(text);
DROP FUNCTION po_sales_day_pays_sql(text);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['po_order', 'po_order_det', 'po_order_pay'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_sales_summary_ins AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_summary_trigger()', t);
    EXECUTE format('CREATE TRIGGER %1$s_sales_summary_upd AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_summary_trigger()', t);
    EXECUTE format('CREATE TRIGGER %1$s_sales_summary_trunc AFTER TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION po_sales_summary_trigger()', t);
    IF t <> 'po_order' THEN
      EXECUTE format('CREATE TRIGGER %1$s_sales_summary_del AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_summary_trigger()', t);
    END IF;
  END LOOP;
END $$;
CREATE TRIGGER po_order_sales_summary_del BEFORE DELETE ON po_order FOR EACH ROW EXECUTE FUNCTION po_sales_summary_trigger();

-- The rows written before, in the business time zone.
SELECT sales_summary_rebuild();
