-- Daily sales summaries (issue 16 performance): the sales statistics (门店销售, 订单销售, 导购销售, the 工作台) read
-- these instead of scanning a period's orders and lines. They hold exactly the sums of the movements the statistics
-- define (server/domains/stats/salesQueries.ts MOVES/LINES): a real sale (练习 left out, status 1 or 2) counts +1 on
-- the day it was sold, a refund -1 on the day it was made. Kept by triggers in the same transaction as every write
-- to po_order, po_order_det and po_order_pay, as deltas (UPDATE ... + delta), so concurrent sales add up and a
-- reader sees them exactly when the order is committed. Day = the timestamp's date in the session's time zone,
-- the same date the statistics' `create_time >= $1::date` compares with.
CREATE TABLE po_sales_day (
  tenant_id        integer NOT NULL,
  shop_id          integer NOT NULL,
  day              date NOT NULL,
  cashier_user_id  integer,
  cashier_name     varchar(48),
  sign             smallint NOT NULL,
  orders           bigint NOT NULL DEFAULT 0,   -- movements (sales or refunds)
  amount           numeric NOT NULL DEFAULT 0,  -- pay_amount of the sales / refund_amount of the refunds (unsigned)
  qty              numeric NOT NULL DEFAULT 0,  -- sign * line quantity
  line_amount      numeric NOT NULL DEFAULT 0,  -- sign * line amount
  cost             numeric NOT NULL DEFAULT 0,  -- sign * line quantity * unit cost
  UNIQUE NULLS NOT DISTINCT (tenant_id, day, shop_id, cashier_user_id, cashier_name, sign)
);

-- Money taken per payment method, as paymentsByType reads it: per cash payment its change is subtracted.
CREATE TABLE po_sales_day_pay (
  tenant_id   integer NOT NULL,
  shop_id     integer NOT NULL,
  day         date NOT NULL,
  pay_type    smallint NOT NULL,
  sign        smallint NOT NULL,
  n           bigint NOT NULL DEFAULT 0,
  amount      numeric NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, day, shop_id, pay_type, sign)
);

SELECT enable_tenancy('po_sales_day', 'po_sales_day_pay');

-- What a set of rows adds to the summaries, k = +1 (added) or -1 (taken away). `src` is a query over the
-- statement's transition tables (plpgsql makes them visible to EXECUTE): so a load of a million lines is one
-- aggregate, a sale at the register a few rows.

-- Orders (with their lines and payments as they stand): their movements in (or out).
CREATE FUNCTION po_sales_day_orders_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
  WITH o AS (%s),
  m AS MATERIALIZED (
    SELECT k, tenant_id, order_id, shop_id, create_time::date AS day, 1 AS sign, pay_amount AS amount, cashier_user_id, cashier_name, change_amount
      FROM o WHERE NOT is_practice AND status IN (1, 2)
    UNION ALL
    SELECT k, tenant_id, order_id, shop_id, refund_time::date, -1, refund_amount, cashier_user_id, cashier_name, change_amount
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
          line_amount = s.line_amount + excluded.line_amount, cost = s.cost + excluded.cost)
  INSERT INTO po_sales_day_pay AS s (tenant_id, shop_id, day, pay_type, sign, n, amount)
  SELECT m.tenant_id, m.shop_id, m.day, y.pay_type, m.sign, sum(m.k), sum(m.k * (y.amount - CASE WHEN y.pay_type = 1 THEN m.change_amount ELSE 0 END))
    FROM m JOIN po_order_pay y ON y.tenant_id = m.tenant_id AND y.order_id = m.order_id
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, day, shop_id, pay_type, sign) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount
$q$, src) $f$;

-- Lines (k = +1 added, -1 removed) of orders as they stand now.
CREATE FUNCTION po_sales_day_lines_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
  WITH l AS (%s),
  m AS (
    SELECT o.order_id, o.tenant_id, o.shop_id, o.create_time::date AS day, 1 AS sign, o.cashier_user_id, o.cashier_name
      FROM po_order o WHERE o.order_id IN (SELECT order_id FROM l) AND NOT o.is_practice AND o.status IN (1, 2)
    UNION ALL
    SELECT o.order_id, o.tenant_id, o.shop_id, o.refund_time::date, -1, o.cashier_user_id, o.cashier_name
      FROM po_order o WHERE o.order_id IN (SELECT order_id FROM l) AND NOT o.is_practice AND o.refund_time IS NOT NULL)
  INSERT INTO po_sales_day AS s (tenant_id, shop_id, day, cashier_user_id, cashier_name, sign, orders, amount, qty, line_amount, cost)
  SELECT m.tenant_id, m.shop_id, m.day, m.cashier_user_id, m.cashier_name, m.sign, 0, 0,
         sum(l.k * m.sign * l.quantity), sum(l.k * m.sign * l.amount), sum(l.k * m.sign * l.quantity * l.unit_cost)
    FROM l JOIN m ON m.order_id = l.order_id AND m.tenant_id = l.tenant_id
   GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, day, shop_id, cashier_user_id, cashier_name, sign) DO UPDATE
    SET qty = s.qty + excluded.qty, line_amount = s.line_amount + excluded.line_amount, cost = s.cost + excluded.cost
$q$, src) $f$;

-- Payments (k = +1 added, -1 removed) of orders as they stand now.
CREATE FUNCTION po_sales_day_pays_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT format($q$
  WITH y AS (%s),
  m AS (
    SELECT o.order_id, o.tenant_id, o.shop_id, o.create_time::date AS day, 1 AS sign, o.change_amount
      FROM po_order o WHERE o.order_id IN (SELECT order_id FROM y) AND NOT o.is_practice AND o.status IN (1, 2)
    UNION ALL
    SELECT o.order_id, o.tenant_id, o.shop_id, o.refund_time::date, -1, o.change_amount
      FROM po_order o WHERE o.order_id IN (SELECT order_id FROM y) AND NOT o.is_practice AND o.refund_time IS NOT NULL)
  INSERT INTO po_sales_day_pay AS s (tenant_id, shop_id, day, pay_type, sign, n, amount)
  SELECT m.tenant_id, m.shop_id, m.day, y.pay_type, m.sign, sum(y.k), sum(y.k * (y.amount - CASE WHEN y.pay_type = 1 THEN m.change_amount ELSE 0 END))
    FROM y JOIN m ON m.order_id = y.order_id AND m.tenant_id = y.tenant_id
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, day, shop_id, pay_type, sign) DO UPDATE SET n = s.n + excluded.n, amount = s.amount + excluded.amount
$q$, src) $f$;

CREATE FUNCTION po_order_sales_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'tenant_id, order_id, shop_id, status, is_practice, create_time, refund_time, pay_amount, refund_amount, change_amount, cashier_user_id, cashier_name';
  changed text := '(o.tenant_id, o.shop_id, o.status, o.is_practice, o.create_time, o.refund_time, o.pay_amount, o.refund_amount, o.change_amount, o.cashier_user_id, o.cashier_name)
                   IS DISTINCT FROM (n.tenant_id, n.shop_id, n.status, n.is_practice, n.create_time, n.refund_time, n.pay_amount, n.refund_amount, n.change_amount, n.cashier_user_id, n.cashier_name)';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE po_sales_day_orders_sql(format('SELECT 1 AS k, %s FROM new_orders', cols));
  ELSE
    -- Only the orders whose counted figures changed: their old movements out, their new ones in.
    EXECUTE po_sales_day_orders_sql(format(
      'SELECT -1 AS k, o.* FROM (SELECT %1$s FROM old_orders) o JOIN new_orders n ON n.order_id = o.order_id WHERE %2$s
       UNION ALL SELECT 1, n.* FROM (SELECT %1$s FROM new_orders) n JOIN old_orders o ON n.order_id = o.order_id WHERE %2$s', cols, changed));
  END IF;
  RETURN NULL;
END $$;

-- A deleted order's lines and payments go with it (ON DELETE CASCADE): its whole contribution leaves while they
-- are still there, before the delete; the cascaded line and payment deletes then find no order and add nothing.
CREATE FUNCTION po_order_sales_day_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE po_sales_day_orders_sql('SELECT -1 AS k, ($1).tenant_id, ($1).order_id, ($1).shop_id, ($1).status, ($1).is_practice, ($1).create_time, ($1).refund_time,
                                          ($1).pay_amount, ($1).refund_amount, ($1).change_amount, ($1).cashier_user_id, ($1).cashier_name') USING OLD;
  RETURN OLD;
END $$;

CREATE FUNCTION po_order_det_sales_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cols text := 'tenant_id, order_id, quantity, amount, unit_cost';
BEGIN
  EXECUTE po_sales_day_lines_sql(CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT 1 AS k, %s FROM new_lines', cols)
    WHEN 'DELETE' THEN format('SELECT -1 AS k, %s FROM old_lines', cols)
    ELSE format('SELECT -1 AS k, %1$s FROM old_lines UNION ALL SELECT 1, %1$s FROM new_lines', cols) END);
  RETURN NULL;
END $$;

CREATE FUNCTION po_order_pay_sales_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cols text := 'tenant_id, order_id, pay_type, amount';
BEGIN
  EXECUTE po_sales_day_pays_sql(CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT 1 AS k, %s FROM new_pays', cols)
    WHEN 'DELETE' THEN format('SELECT -1 AS k, %s FROM old_pays', cols)
    ELSE format('SELECT -1 AS k, %1$s FROM old_pays UNION ALL SELECT 1, %1$s FROM new_pays', cols) END);
  RETURN NULL;
END $$;

CREATE TRIGGER po_order_sales_day_ins AFTER INSERT ON po_order REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION po_order_sales_day();
CREATE TRIGGER po_order_sales_day_upd AFTER UPDATE ON po_order REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION po_order_sales_day();
CREATE TRIGGER po_order_sales_day_del BEFORE DELETE ON po_order FOR EACH ROW EXECUTE FUNCTION po_order_sales_day_delete();
CREATE TRIGGER po_order_det_sales_day_ins AFTER INSERT ON po_order_det REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION po_order_det_sales_day();
CREATE TRIGGER po_order_det_sales_day_upd AFTER UPDATE ON po_order_det REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION po_order_det_sales_day();
CREATE TRIGGER po_order_det_sales_day_del AFTER DELETE ON po_order_det REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION po_order_det_sales_day();
CREATE TRIGGER po_order_pay_sales_day_ins AFTER INSERT ON po_order_pay REFERENCING NEW TABLE AS new_pays FOR EACH STATEMENT EXECUTE FUNCTION po_order_pay_sales_day();
CREATE TRIGGER po_order_pay_sales_day_upd AFTER UPDATE ON po_order_pay REFERENCING OLD TABLE AS old_pays NEW TABLE AS new_pays FOR EACH STATEMENT EXECUTE FUNCTION po_order_pay_sales_day();
CREATE TRIGGER po_order_pay_sales_day_del AFTER DELETE ON po_order_pay REFERENCING OLD TABLE AS old_pays FOR EACH STATEMENT EXECUTE FUNCTION po_order_pay_sales_day();

-- The orders already there.
DO $$ BEGIN
  EXECUTE po_sales_day_orders_sql('SELECT 1 AS k, tenant_id, order_id, shop_id, status, is_practice, create_time, refund_time, pay_amount, refund_amount, change_amount, cashier_user_id, cashier_name FROM po_order');
END $$;
