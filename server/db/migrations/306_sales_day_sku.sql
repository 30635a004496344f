-- Daily sales per shop and SKU (issue 16 performance): 铺货分析 reads these instead of a period's order lines.
-- Per shop, day, SKU, movement (+1 sale on its day, -1 refund on its day, as in 305) and the order's status (铺货分析
-- counts a refund only of a 已退款 order): line count, quantity, amount and cost rounded per line to the fen, the
-- way the report sums them. Kept by the same triggers as 305, in the same transaction as the write.
CREATE TABLE po_sales_day_sku (
  tenant_id   integer NOT NULL,
  shop_id     integer NOT NULL,
  day         date NOT NULL,
  sku_id      integer NOT NULL,
  sign        smallint NOT NULL,
  status      smallint NOT NULL,
  n           bigint NOT NULL DEFAULT 0,
  qty         numeric NOT NULL DEFAULT 0,
  amount      numeric NOT NULL DEFAULT 0,
  cost        numeric NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, day, shop_id, sku_id, sign, status)
);
SELECT enable_tenancy('po_sales_day_sku');

CREATE OR REPLACE FUNCTION po_sales_day_orders_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
  WITH o AS (%s),
  m AS MATERIALIZED (
    SELECT k, tenant_id, order_id, shop_id, create_time::date AS day, 1 AS sign, pay_amount AS amount, cashier_user_id, cashier_name, change_amount, status
      FROM o WHERE NOT is_practice AND status IN (1, 2)
    UNION ALL
    SELECT k, tenant_id, order_id, shop_id, refund_time::date, -1, refund_amount, cashier_user_id, cashier_name, change_amount, status
      FROM o WHERE NOT is_practice AND refund_time IS NOT NULL),
  l AS (
    SELECT dd.tenant_id, dd.order_id, sum(dd.quantity) AS qty, sum(dd.amount) AS amt, sum(dd.quantity * dd.unit_cost) AS cost
      FROM po_order_det dd WHERE dd.order_id IN (SELECT order_id FROM m) GROUP BY 1, 2),
  d AS (
    SELECT m.tenant_id, m.shop_id, m.day, m.cashier_user_id, m.cashier_name, m.sign, sum(m.k) AS orders, sum(m.k * m.amount) AS amount,
           coalesce(sum(m.k * m.sign * l.qty), 0) AS qty, coalesce(sum(m.k * m.sign * l.amt), 0) AS line_amount, coalesce(sum(m.k * m.sign * l.cost), 0) AS cost
      FROM m LEFT JOIN l ON l.tenant_id = m.tenant_id AND l.order_id = m.order_id
     GROUP BY 1, 2, 3, 4, 5, 6),
  ins AS (
    INSERT INTO po_sales_day AS s (tenant_id, shop_id, day, cashier_user_id, cashier_name, sign, orders, amount, qty, line_amount, cost)
    SELECT * FROM d
    ON CONFLICT (tenant_id, day, shop_id, cashier_user_id, cashier_name, sign) DO UPDATE
      SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount, qty = s.qty + excluded.qty,
          line_amount = s.line_amount + excluded.line_amount, cost = s.cost + excluded.cost),
  sku AS (
    INSERT INTO po_sales_day_sku AS s (tenant_id, shop_id, day, sku_id, sign, status, n, qty, amount, cost)
    SELECT m.tenant_id, m.shop_id, m.day, dd.sku_id, m.sign, m.status, sum(m.k), sum(m.k * dd.quantity), sum(m.k * dd.amount), sum(m.k * round(dd.quantity * dd.unit_cost, 2))
      FROM m JOIN po_order_det dd ON dd.tenant_id = m.tenant_id AND dd.order_id = m.order_id
     GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, day, shop_id, sku_id, sign, status) DO UPDATE
      SET n = s.n + excluded.n, qty = s.qty + excluded.qty, amount = s.amount + excluded.amount, cost = s.cost + excluded.cost)
  INSERT INTO po_sales_day_pay AS s (tenant_id, shop_id, day, pay_type, sign, n, amount)
  SELECT m.tenant_id, m.shop_id, m.day, y.pay_type, m.sign, sum(m.k), sum(m.k * (y.amount - CASE WHEN y.pay_type = 1 THEN m.change_amount ELSE 0 END))
    FROM m JOIN po_order_pay y ON y.tenant_id = m.tenant_id AND y.order_id = m.order_id
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, day, shop_id, pay_type, sign) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount
$q$, src) $f$;

-- Lines (k = +1 added, -1 removed) of orders as they stand now.
CREATE OR REPLACE FUNCTION po_sales_day_lines_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
  WITH l AS MATERIALIZED (%s),
  m AS (
    SELECT o.order_id, o.tenant_id, o.shop_id, o.create_time::date AS day, 1 AS sign, o.cashier_user_id, o.cashier_name, o.status
      FROM po_order o WHERE o.order_id IN (SELECT order_id FROM l) AND NOT o.is_practice AND o.status IN (1, 2)
    UNION ALL
    SELECT o.order_id, o.tenant_id, o.shop_id, o.refund_time::date, -1, o.cashier_user_id, o.cashier_name, o.status
      FROM po_order o WHERE o.order_id IN (SELECT order_id FROM l) AND NOT o.is_practice AND o.refund_time IS NOT NULL),
  sku AS (
    INSERT INTO po_sales_day_sku AS s (tenant_id, shop_id, day, sku_id, sign, status, n, qty, amount, cost)
    SELECT m.tenant_id, m.shop_id, m.day, l.sku_id, m.sign, m.status, sum(l.k), sum(l.k * l.quantity), sum(l.k * l.amount), sum(l.k * round(l.quantity * l.unit_cost, 2))
      FROM l JOIN m ON m.order_id = l.order_id AND m.tenant_id = l.tenant_id
     GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, day, shop_id, sku_id, sign, status) DO UPDATE
      SET n = s.n + excluded.n, qty = s.qty + excluded.qty, amount = s.amount + excluded.amount, cost = s.cost + excluded.cost)
  INSERT INTO po_sales_day AS s (tenant_id, shop_id, day, cashier_user_id, cashier_name, sign, orders, amount, qty, line_amount, cost)
  SELECT m.tenant_id, m.shop_id, m.day, m.cashier_user_id, m.cashier_name, m.sign, 0, 0,
         sum(l.k * m.sign * l.quantity), sum(l.k * m.sign * l.amount), sum(l.k * m.sign * l.quantity * l.unit_cost)
    FROM l JOIN m ON m.order_id = l.order_id AND m.tenant_id = l.tenant_id
   GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, shop_id, cashier_user_id, cashier_name, sign) DO UPDATE
    SET qty = s.qty + excluded.qty, line_amount = s.line_amount + excluded.line_amount, cost = s.cost + excluded.cost
$q$, src) $f$;

CREATE OR REPLACE FUNCTION po_order_det_sales_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cols text := 'tenant_id, order_id, sku_id, quantity, amount, unit_cost';
BEGIN
  EXECUTE po_sales_day_lines_sql(CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT 1 AS k, %s FROM new_lines', cols)
    WHEN 'DELETE' THEN format('SELECT -1 AS k, %s FROM old_lines', cols)
    ELSE format('SELECT -1 AS k, %1$s FROM old_lines UNION ALL SELECT 1, %1$s FROM new_lines', cols) END);
  RETURN NULL;
END $$;

-- The orders already there.
INSERT INTO po_sales_day_sku (tenant_id, shop_id, day, sku_id, sign, status, n, qty, amount, cost)
SELECT m.tenant_id, m.shop_id, m.day, d.sku_id, m.sign, m.status, count(*), sum(d.quantity), sum(d.amount), sum(round(d.quantity * d.unit_cost, 2))
  FROM (SELECT tenant_id, order_id, shop_id, create_time::date AS day, 1 AS sign, status FROM po_order WHERE NOT is_practice AND status IN (1, 2)
        UNION ALL
        SELECT tenant_id, order_id, shop_id, refund_time::date, -1, status FROM po_order WHERE NOT is_practice AND refund_time IS NOT NULL) m
  JOIN po_order_det d ON d.tenant_id = m.tenant_id AND d.order_id = m.order_id
 GROUP BY 1, 2, 3, 4, 5, 6;
