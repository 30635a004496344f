-- From migration 321_sales_exchange.sql.
CREATE OR REPLACE TRIGGER po_order_exchange_sales_summary_upd AFTER UPDATE ON po_order_exchange REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_exchange_trigger();
