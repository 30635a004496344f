-- The sales summaries off the sale's critical path (issue 16 performance): 318-321 added each write's delta to the five
-- summaries (po_sales_day, po_sales_day_sku, po_sales_day_hour, po_sales_point, po_sales_day_pay) with INSERT ... ON
-- CONFLICT DO UPDATE inside the writer's transaction, so every sale of a shop locked the same hot rows (its day and
-- cashier, its hour, its payment method, its hot SKUs) from its first write to its commit, and concurrent cash registers
-- waited on each other (50 registers of one shop: 41 sales/s with the summaries, 238 without).
--
-- Now the triggers compute the same delta (po_sales_summary_sql, 321's statement) but only INSERT it into insert-only
-- pending tables of the same shapes (X_pending, no unique key: no conflict, no row shared between two sales).
-- sales_summary_fold() is the one writer of the summaries: it moves the committed pending rows of a tenant into them
-- (DELETE ... RETURNING, summed per key, ON CONFLICT DO UPDATE), one fold of a tenant at a time (advisory transaction
-- lock 326 / tenant). The server folds every tenant every few seconds (server/db/salesSummaries.ts) and every reader
-- of a summary folds its tenant first (foldSalesSummaries), so a report still counts every sale committed before it.
-- sales_summary_rebuild() and a TRUNCATE of the orders clear the pending rows with the summaries and recompute both.

CREATE TABLE po_sales_day_pending (LIKE po_sales_day INCLUDING DEFAULTS);
CREATE TABLE po_sales_day_sku_pending (LIKE po_sales_day_sku INCLUDING DEFAULTS);
CREATE TABLE po_sales_day_hour_pending (LIKE po_sales_day_hour INCLUDING DEFAULTS);
CREATE TABLE po_sales_point_pending (LIKE po_sales_point INCLUDING DEFAULTS);
CREATE TABLE po_sales_day_pay_pending (LIKE po_sales_day_pay INCLUDING DEFAULTS);
SELECT enable_tenancy('po_sales_day_pending', 'po_sales_day_sku_pending', 'po_sales_day_hour_pending', 'po_sales_point_pending',
  'po_sales_day_pay_pending');

-- 321's statement, writing its delta into the pending tables (the ON CONFLICT clauses gone: a plain insert).
CREATE OR REPLACE FUNCTION po_sales_summary_sql(orders text, lines text, pays text, with_orders boolean, exchanges text, xlines text, xpays text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
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

-- One tenant's committed pending rows into the summaries, each key once. The caller holds the tenant's fold lock.
CREATE FUNCTION sales_summary_fold_tenant(p_tenant integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM po_sales_day_pending WHERE tenant_id = p_tenant RETURNING *)
  INSERT INTO po_sales_day AS s (tenant_id, shop_id, day, cashier_user_id, cashier_name, sign, orders, amount, qty, line_amount, cost)
  SELECT tenant_id, shop_id, day, cashier_user_id, cashier_name, sign, sum(orders), sum(amount), sum(qty), sum(line_amount), sum(cost)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, shop_id, cashier_user_id, cashier_name, sign) DO UPDATE
    SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount, qty = s.qty + excluded.qty,
        line_amount = s.line_amount + excluded.line_amount, cost = s.cost + excluded.cost;
  WITH d AS (DELETE FROM po_sales_day_sku_pending WHERE tenant_id = p_tenant RETURNING *)
  INSERT INTO po_sales_day_sku AS s (tenant_id, shop_id, day, sku_id, sign, status, n, qty, amount, cost)
  SELECT tenant_id, shop_id, day, sku_id, sign, status, sum(n), sum(qty), sum(amount), sum(cost)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, shop_id, sku_id, sign, status) DO UPDATE
    SET n = s.n + excluded.n, qty = s.qty + excluded.qty, amount = s.amount + excluded.amount, cost = s.cost + excluded.cost;
  WITH d AS (DELETE FROM po_sales_day_hour_pending WHERE tenant_id = p_tenant RETURNING *)
  INSERT INTO po_sales_day_hour AS s (tenant_id, shop_id, day, hour, sign, status, orders, amount)
  SELECT tenant_id, shop_id, day, hour, sign, status, sum(orders), sum(amount)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, shop_id, hour, sign, status) DO UPDATE SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount;
  WITH d AS (DELETE FROM po_sales_point_pending WHERE tenant_id = p_tenant RETURNING *)
  INSERT INTO po_sales_point AS s (tenant_id, day, shop_id, shop_name, hour, sku_id, orders, lines, qty_milli, amount_fen)
  SELECT tenant_id, day, shop_id, shop_name, hour, sku_id, sum(orders), sum(lines), sum(qty_milli), sum(amount_fen)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, shop_id, shop_name, hour, sku_id) DO UPDATE
    SET orders = s.orders + excluded.orders, lines = s.lines + excluded.lines, qty_milli = s.qty_milli + excluded.qty_milli, amount_fen = s.amount_fen + excluded.amount_fen;
  WITH d AS (DELETE FROM po_sales_day_pay_pending WHERE tenant_id = p_tenant RETURNING *)
  INSERT INTO po_sales_day_pay AS s (tenant_id, shop_id, day, pay_type, sign, n, amount)
  SELECT tenant_id, shop_id, day, pay_type, sign, sum(n), sum(amount)
    FROM d GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, day, shop_id, pay_type, sign) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount;
END $$;

-- Folds the pending rows the caller sees: its tenant's in a tenant transaction (RLS), every tenant's for the owner.
-- Tenants in ascending order, each under its lock (326, tenant), held to the end of the caller's transaction: a second
-- fold of the tenant waits for it and then finds the rows gone; with wait = false a tenant being folded is left for
-- the next round (the server's periodic fold). Returns the tenants folded. Nothing pending: no lock, nothing written.
CREATE FUNCTION sales_summary_fold(wait boolean DEFAULT true) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t integer;
  n integer := 0;
BEGIN
  FOR t IN SELECT tenant_id FROM po_sales_day_pending UNION SELECT tenant_id FROM po_sales_day_sku_pending
           UNION SELECT tenant_id FROM po_sales_day_hour_pending UNION SELECT tenant_id FROM po_sales_point_pending
           UNION SELECT tenant_id FROM po_sales_day_pay_pending ORDER BY 1 LOOP
    IF wait THEN
      PERFORM pg_advisory_xact_lock(326, t);
    ELSIF NOT pg_try_advisory_xact_lock(326, t) THEN
      CONTINUE;
    END IF;
    PERFORM sales_summary_fold_tenant(t);
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;

-- Recomputed from the orders as they stand (the caller's tenant under RLS; every tenant for the owner), pending rows
-- included, under the tenants' fold locks (a fold running meanwhile would add its rows twice).
CREATE OR REPLACE FUNCTION sales_summary_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t text;
BEGIN
  IF app_current_tenant() IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(326, app_current_tenant());
  ELSE
    PERFORM pg_advisory_xact_lock(326, id) FROM (SELECT id FROM sys_tenant ORDER BY id) x;
  END IF;
  FOREACH t IN ARRAY ARRAY['po_sales_day', 'po_sales_day_sku', 'po_sales_day_hour', 'po_sales_point', 'po_sales_day_pay'] LOOP
    EXECUTE format('DELETE FROM %I', t);
    EXECUTE format('DELETE FROM %I', t || '_pending');
  END LOOP;
  EXECUTE po_sales_summary_sql('SELECT 1 AS k, o.* FROM po_order o', 'SELECT 1 AS k, d.* FROM po_order_det d', 'SELECT 1 AS k, y.* FROM po_order_pay y', true,
    'SELECT 1 AS k, e.* FROM po_order_exchange e', 'SELECT 1 AS k, d.* FROM po_order_exchange_det d', 'SELECT 1 AS k, y.* FROM po_order_exchange_pay y');
  PERFORM sales_summary_fold();
END $$;
