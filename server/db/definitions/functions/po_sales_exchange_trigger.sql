-- po_order_exchange, po_order_exchange_det, po_order_exchange_pay: statement triggers (old_rows / new_rows); a deleted
-- exchange leaves before the delete, while its lines and payments are there; a TRUNCATE rebuilds.
-- From migration 321_sales_exchange.sql.
CREATE OR REPLACE FUNCTION po_sales_exchange_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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
