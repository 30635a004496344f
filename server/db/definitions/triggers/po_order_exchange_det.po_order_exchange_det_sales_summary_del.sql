-- From migration 321_sales_exchange.sql.
CREATE OR REPLACE TRIGGER po_order_exchange_det_sales_summary_del AFTER DELETE ON po_order_exchange_det REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_exchange_trigger();
