-- From migration 321_sales_exchange.sql.
CREATE OR REPLACE TRIGGER po_order_exchange_det_sales_summary_ins AFTER INSERT ON po_order_exchange_det REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION po_sales_exchange_trigger();
