-- The orders' side of the sales summaries: on po_order, po_order_det and po_order_pay, statement triggers with transition
-- tables old_rows / new_rows hand their delta to po_sales_summary_sql. An order updated moves only when a figure it is
-- counted by changed (its day, status, amounts, shop name, cashier or 导购: out of the old, into the new). A deleted order
-- leaves by a row trigger before the delete, while its lines and payments are still there (the cascaded line and
-- payment deletes then find no order and add nothing); a TRUNCATE rebuilds.
-- From migration 318_sales_summary_one_writer.sql; changed in 319, 330 (this is 330's version).
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
