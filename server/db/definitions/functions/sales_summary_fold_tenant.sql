-- One tenant's committed pending rows into the summaries, each key once. The caller holds the tenant's fold lock.
-- From migration 326_sales_summary_pending.sql.
CREATE OR REPLACE FUNCTION sales_summary_fold_tenant(p_tenant integer) RETURNS void LANGUAGE plpgsql AS $$
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
