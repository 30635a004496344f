-- A deleted exchange leaves before the delete, while its lines and payments are still there.
-- From migration 321_sales_exchange.sql.
CREATE OR REPLACE TRIGGER po_order_exchange_sales_summary_del BEFORE DELETE ON po_order_exchange FOR EACH ROW EXECUTE FUNCTION po_sales_exchange_trigger();
