-- Recomputed from the orders as they stand (the caller's tenant under RLS; every tenant for the owner), pending rows
-- included, under the tenants' fold locks (a fold running meanwhile would add its rows twice).
-- From migration 318_sales_summary_one_writer.sql; changed in 319, 321, 326 (this is 326's version).
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
