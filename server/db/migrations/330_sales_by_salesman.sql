-- 导购销售 credits the order's 导购: an order whose 导购 was set in 修改订单信息 (302: salesman_id, salesman_name) counts
-- for that person in the seller figures of the sales summaries (po_sales_day's cashier_user_id / cashier_name: 导购销售,
-- 每日/月度贡献), not for the cashier who rang it up; without a 导购 the cashier sold it, as before. The drawer (交班)
-- stays the cashier's.
--
-- 326's statement is kept as po_sales_summary_sql_orders; po_sales_summary_sql hands it the orders with the seller
-- columns resolved, so the triggers, the exchanges and the rebuild all go through one place.
ALTER FUNCTION po_sales_summary_sql(text, text, text, boolean, text, text, text) RENAME TO po_sales_summary_sql_orders;

CREATE FUNCTION po_sales_summary_sql(orders text, lines text, pays text, with_orders boolean, exchanges text, xlines text, xpays text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT po_sales_summary_sql_orders(format(
    'SELECT z.k, z.tenant_id, z.order_id, z.shop_id, z.shop_name, z.status, z.is_practice, z.create_time, z.refund_time, z.pay_amount, z.refund_amount, z.change_amount,
            coalesce(z.salesman_id, z.cashier_user_id) AS cashier_user_id, CASE WHEN z.salesman_id IS NULL THEN z.cashier_name ELSE z.salesman_name END AS cashier_name
       FROM (%s) z', orders), lines, pays, with_orders, exchanges, xlines, xpays) $f$;

-- 319's trigger, with the 导购 among the columns whose change moves an order's figures (out of the old seller, into the new).
CREATE OR REPLACE FUNCTION po_sales_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'tenant_id, shop_id, shop_name, status, is_practice, create_time, refund_time, pay_amount, refund_amount, change_amount, cashier_user_id, cashier_name, salesman_id, salesman_name';
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

-- Orders already given a 导购 move to that person.
SELECT sales_summary_rebuild();
